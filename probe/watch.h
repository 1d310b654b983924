/* SPDX-License-Identifier: MIT */
/*
 * `syncgate probe --watch`: beside a benchmark syncgate does not drive,
 * one timed sample every interval, each stamped with the wall clock,
 * and the flush requests the disks completed over the whole window,
 * until a signal, --max-time or the series' cap.
 */
#ifndef SYNCGATE_PROBE_WATCH_H
#define SYNCGATE_PROBE_WATCH_H

#include <signal.h>

#include "model/probe_record.h"
#include "probe/flushcount.h"
#include "probe/method.h"
#include "probe/probe.h"
#include "probe/scratch.h"

/* A watch stops after this many samples (a JSON reader must hold them). */
#define WATCH_MAX_SAMPLES 1000000
/* Bounds of --interval. */
#define WATCH_MIN_INTERVAL_NS 1e6
#define WATCH_MAX_INTERVAL_NS 3600e9

/*
 * From now on SIGINT, SIGTERM and SIGHUP (unless ignored, as a shell's
 * background job ignores SIGINT) set the flag watch_stop returns rather
 * than end the process, so the record can still be written.
 */
void watch_catch_signals(void);
const volatile sig_atomic_t *watch_stop(void);

/*
 * Samples on s with m every o->watch_interval_ns until *o->stop, the
 * deadline (start_ns + o->watch_max_s) or WATCH_MAX_SAMPLES; fc (opened
 * by the caller, closed here) counts the window's flushes.  Fills
 * out->series and out->watch.  Returns 0, or -1 with err set; -1 also
 * when *o->stop was set before the first sample, during the opening
 * probe (out, that probe's record, is then cut short and not to be
 * written).
 */
int probe_watch(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start_ns, struct flushcount *fc,
    struct probe_record *out, char *err);

#endif
