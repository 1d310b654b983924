/* SPDX-License-Identifier: MIT */
/*
 * The probe's options checked against their bounds and the method, and
 * the scratch file they need.
 */
#ifndef SYNCGATE_PROBE_OPTIONS_H
#define SYNCGATE_PROBE_OPTIONS_H

#include "probe/method.h"
#include "probe/probe.h"

/* Bounds of the options. */
#define PROBE_MAX_SAMPLES 1000000
#define PROBE_MAX_WARMUP 1000
#define PROBE_MAX_TIME_S 86400.0
#define PROBE_MAX_CONCURRENCY 256

/* Checks o against its bounds and m; returns 0, or -1 with err set. */
int probe_options_check(const struct probe_options *o,
    const struct probe_method *m, char *err);

/* Slots the scratch file needs for o; -1 with err set when too large. */
long long probe_options_slots(const struct probe_options *o, char *err);

#endif
