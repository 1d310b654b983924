/* SPDX-License-Identifier: MIT */
/* The monotonic clock counted from the first reading, and the wall clock. */
#include "lib/clock.h"
#include "lib/err.h"

/*
 * Not from boot: after 104 days a double of nanoseconds since boot cannot
 * tell one from the next, and a 200ns system call would lose 1% of itself.
 */
double
clock_monotonic_ns(void)
{
	static time_t origin = (time_t)-1;
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	if (origin == (time_t)-1)
		origin = t.tv_sec;
	return (double)(t.tv_sec - origin) * 1e9 + (double)t.tv_nsec;
}

struct timespec
clock_unix(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return t;
}

char *
clock_utc_now(void)
{
	struct timespec ts = clock_unix();
	struct tm tm;
	char buf[32];

	if (gmtime_r(&ts.tv_sec, &tm) == NULL ||
	    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return NULL;
	return xstrdup(buf);
}
