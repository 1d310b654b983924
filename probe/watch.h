/* SPDX-License-Identifier: MIT */
/*
 * `syncgate probe --watch`: beside a benchmark syncgate does not drive,
 * a timed sample every interval, stamped with the wall clock, and the
 * disks' flush requests over the window.
 */
#ifndef SYNCGATE_PROBE_WATCH_H
#define SYNCGATE_PROBE_WATCH_H

#include <signal.h>

#include "model/probe_record.h"
#include "probe/flushcount.h"
#include "probe/method.h"
#include "probe/probe.h"
#include "probe/scratch.h"

#define WATCH_MAX_SAMPLES 1000000 /* a JSON reader must hold them */
#define WATCH_MIN_INTERVAL_NS 1e6 /* --interval's bounds */
#define WATCH_MAX_INTERVAL_NS 3600e9

/*
 * From now on SIGINT, SIGTERM and SIGHUP (unless ignored) set the flag
 * returned rather than end the process: the record gets written.
 */
const volatile sig_atomic_t *watch_catch_signals(void);

/*
 * Samples every o->watch_interval_ns until *o->stop, o->watch_max_s from
 * start_ns or WATCH_MAX_SAMPLES; fc (closed here) counts the flushes.
 * Fills out->series and out->watch.  Returns 0, or -1 with err set, also
 * when a signal cut the opening probe short (out is then not written).
 */
int probe_watch(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start_ns, struct flushcount *fc,
    struct probe_record *out, char *err);

#endif
