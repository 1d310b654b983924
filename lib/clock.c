/* SPDX-License-Identifier: MIT */
/*
 * The monotonic clock counted from the first reading, and the wall clock.
 */
#include <time.h>

#include "lib/clock.h"
#include "lib/err.h"

/*
 * Counted from the first call, not from boot: after 104 days of uptime a
 * double holding nanoseconds since boot can no longer tell one nanosecond
 * from the next, and an empty system call of 200ns would lose 1% of
 * itself.  The first call is made before any writer thread starts.
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
