/* SPDX-License-Identifier: MIT */
/*
 * A run's window for both tools: the disks' flushes over it, less the
 * rounds' own and the idle rate, and the probe rounds, as the result's.
 */
#ifndef SYNCGATE_RUNNER_WINDOW_H
#define SYNCGATE_RUNNER_WINDOW_H

#include "probe/inrun.h"

struct runner_window {
	struct inrun ir;
	struct probe_series series;     /* the rounds */
	struct window_count count;      /* the writes' flushes */
	struct window_flushes dev[BLOCKDEV_MAX];
	struct window_per_op per_op;
};

/* After inrun_end: the rounds and the flushes of ops writes into w. */
void runner_window_close(struct runner_window *w, long long ops);

/* The write classes' flush counts as taken; the caller frees (result_free). */
struct result_flush_count *runner_flush_count(const struct runner_window *w);

/* "device flushes a commit: 1.01 (vda: ...)" on standard error. */
void runner_tell_flushes(const struct runner_window *w);

#endif
