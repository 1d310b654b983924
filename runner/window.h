/* SPDX-License-Identifier: MIT */
/*
 * A run's window, as syncgate-bench and `syncgate run` take it alike:
 * the disks' flush requests over the run, less the rounds' own and the
 * idle rate of other processes (probe/inrun.h), and the rounds of probe
 * samples (through the run, or bracketing it), turned into the result's
 * flush_count, flushes a write and probe series.
 */
#ifndef SYNCGATE_RUNNER_WINDOW_H
#define SYNCGATE_RUNNER_WINDOW_H

#include "model/result.h"
#include "probe/inrun.h"

struct runner_window {
	struct inrun ir;
	struct probe_series series;     /* the rounds */
	struct window_count count;      /* the writes' flushes */
	struct window_flushes dev[BLOCKDEV_MAX];
	struct window_per_op per_op;
};

/*
 * After inrun_end: the rounds into w->series and the flushes of ops
 * write operations into w->count and w->per_op.
 */
void runner_window_close(struct runner_window *w, long long ops);

/*
 * The write classes' flush counts as they were taken: each disk's raw
 * counts, the idle correction, and why there is no figure where there
 * is none.  The caller owns it (result_free frees it with its class).
 */
struct result_flush_count *runner_flush_count(const struct runner_window *w);

/*
 * Gives each write class of r w's flushes a write and its counts;
 * several write classes share the window's count, each the whole write
 * mix's figure, and the count says so.
 */
void runner_window_apply(const struct runner_window *w, struct result *r);

/* "device flushes a commit: 1.01 (vda: ...)" on standard error. */
void runner_tell_flushes(const struct runner_window *w);

/* The write operations r's write classes counted. */
long long runner_write_ops(const struct result *r);

#endif
