/* SPDX-License-Identifier: MIT */
/*
 * syncgate-bench's run of one engine: the mix on its threads, the
 * latencies kept, rounds of probe samples between batches.
 */
#ifndef SYNCGATE_DRIVERS_RUN_H
#define SYNCGATE_DRIVERS_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "drivers/drivers.h"

struct inrun;

/*
 * Latencies of one kind, in ns.  Every operation is kept until
 * o->a->max_samples would be passed; from then on each is kept at random
 * with probability 1 / 2^shift, the kept ones thinned alike, so what is
 * kept is always a uniform sample of all ops operations.
 */
struct bench_samples {
	double *ns;
	size_t n, cap;
	long long ops;              /* operations of this kind, kept or not */
	double wait_ns;             /* writes: nanoseconds waiting for the writer's turn */
	unsigned shift;
};

/*
 * Runs the mix on db at o->concurrency threads and fills out[k] with the
 * kept latencies, at most o->max_samples a kind.  Unless
 * o->probe_every_ns is 0, ir (opened for rounds) takes a round of samples
 * at the start and, while the threads are held at the end of a batch,
 * each time o->probe_every_ns has passed since the last, and one more
 * once they are done; the --seconds deadline moves on by each round's
 * time.  Writes run one at a time, each timed from its turn, the
 * waits for the turn added up in out[OP_WRITE].wait_ns.  *elapsed_s gets
 * the run's wall time, the rounds included.
 * Returns 0, or -1 with err set (the first thread's error).  The caller
 * frees out[k].ns.
 */
int bench_run(const struct engine_ops *e, void *db, const struct bench_options *o,
    struct inrun *ir, struct bench_samples out[NOPS], double *elapsed_s,
    char *err);

/* The kinds' class names: "point-read", "range", "write". */
const char *op_name(enum op_kind k);

/* Fills buf with n bytes from lib/rand.h's generator. */
void bench_fill(uint64_t *state, unsigned char *buf, size_t n);

#endif
