/* SPDX-License-Identifier: MIT */
/*
 * The steps of probe_run that are neither measuring nor identity:
 * checking options, sizing the scratch file, the verdict and the stamp.
 */
#ifndef SYNCGATE_PROBE_RUN_H
#define SYNCGATE_PROBE_RUN_H

#include "lib/probe_record.h"
#include "probe/method.h"
#include "probe/probe.h"

/* Bounds of the options. */
#define PROBE_MAX_SAMPLES 1000000
#define PROBE_MAX_WARMUP 1000
#define PROBE_MAX_TIME_S 86400.0
#define PROBE_MAX_CONCURRENCY 256

/* Checks o against its bounds and m; returns 0, or -1 with err set. */
int probe_check_options(const struct probe_options *o,
    const struct probe_method *m, char *err);

/* Slots the scratch file needs for o; -1 with err set when too large. */
long long probe_scratch_slots(const struct probe_options *o, char *err);

/*
 * Classifies the flush from out's timings and volume facts, and what the
 * scratch file's descriptors showed (O_DSYNC dropped, O_DIRECT that kept
 * the page cache): sets out->reaches and out->evidence, and judges the
 * samples' stability.
 */
void probe_judge(struct probe_record *out, const struct probe_method *m,
    int flags_dropped, int direct_cached);

/* Records when and by which version, and the elapsed time since start_ns. */
void probe_stamp(struct probe_record *out, double start_ns);

#endif
