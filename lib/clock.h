/* SPDX-License-Identifier: MIT */
/* A monotonic clock for durations, the wall clock for lining up other logs. */
#ifndef SYNCGATE_CLOCK_H
#define SYNCGATE_CLOCK_H

#include <time.h>

/* CLOCK_MONOTONIC in ns since the first call, made before other threads'. */
double clock_monotonic_ns(void);

/* CLOCK_REALTIME: the wall clock, as seconds and nanoseconds since 1970. */
struct timespec clock_unix(void);
/* Now in UTC as "2024-05-01T12:00:00Z", or NULL; the caller frees it. */
char *clock_utc_now(void);

#endif
