/* SPDX-License-Identifier: MIT */
/* syncgate-bench's run of one engine: the mix on its threads, latencies kept. */
#ifndef SYNCGATE_DRIVERS_RUN_H
#define SYNCGATE_DRIVERS_RUN_H

#include "drivers/drivers.h"

struct inrun;

/* Latencies of one kind, in ns: a uniform sample of all its operations. */
struct bench_samples {
	double *ns;
	size_t n, cap;
	long long ops;              /* operations of this kind, kept or not */
	double wait_ns;             /* writes: nanoseconds waiting for the writer's turn */
	unsigned shift;             /* each kept with probability 1 / 2^shift */
};

/*
 * Runs the mix on db at --concurrency threads into out[k], the caller's to
 * free.  With --probe-every, ir takes a round at the start, one each time
 * it passes with the threads held at a batch's end (the --seconds deadline
 * moved on by the round), and one at the end.  *elapsed_s: the wall time,
 * rounds included.  Returns 0, or -1 with err set (the first thread's).
 */
int bench_run(const struct engine_ops *e, void *db, const struct bench_options *o,
    struct inrun *ir, struct bench_samples out[NOPS], double *elapsed_s,
    char *err);

/* The kinds' class names: "point-read", "range", "write". */
const char *op_name(enum op_kind k);

#endif
