/* SPDX-License-Identifier: MIT */
/*
 * Clocks: a monotonic one for durations, and the wall clock (Unix epoch
 * time) for when something happened, so that other processes' logs can
 * be lined up with it.
 */
#ifndef SYNCGATE_CLOCK_H
#define SYNCGATE_CLOCK_H

#include <time.h>

/*
 * CLOCK_MONOTONIC in nanoseconds since the first call (which must come
 * before other threads call it); for differences, not dates.
 */
double clock_monotonic_ns(void);

/* CLOCK_REALTIME: the wall clock, as seconds and nanoseconds since 1970. */
struct timespec clock_unix(void);

/* Now in UTC as "2024-05-01T12:00:00Z", or NULL; the caller frees it. */
char *clock_utc_now(void);

#endif
