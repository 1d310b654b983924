/* SPDX-License-Identifier: MIT */
/*
 * What a run's own window says: the sync unit from the rounds of samples
 * through the run (or the probe before it), and device flushes a commit
 * net of other processes' rate.
 */
#ifndef SYNCGATE_PROBE_WINDOW_H
#define SYNCGATE_PROBE_WINDOW_H

#include <stddef.h>

#include "model/probe_record.h"

/* The most other processes' flushes may be of a count before it is dropped. */
#define WINDOW_OTHER_SHARE_MAX 0.25

/*
 * The fewest samples for rounds to be the unit: the fewest whose median
 * a two-sided 95% interval bounds (all six on one side: 2 / 2^6, 3.1%).
 * Fewer, and the probe before the run stands in, said so.
 */
#define WINDOW_MIN_SAMPLES 6

/* One sync, as the run's window gives it. */
struct window_unit {
	int from_rounds;        /* 1: the rounds through the run; 0: the probe before */
	size_t thin;            /* rounds too few to be the unit: their samples; else 0 */
	long thin_rounds;       /* and how many rounds they were */
	int weighted;           /* 1: each round weighted by the writes it stands for */
	double ns;              /* the median of the samples below */
	double lo_ns, hi_ns;    /* the lowest and highest round's median; NaN before */
	const double *samples;  /* p's: the rounds' samples, or the probe's */
	size_t n;
	const struct probe_rounds *rounds; /* p's, or NULL */
};

/*
 * p's unit: the median of its rounds' samples, each weighted by the
 * writes its round stands for where recorded (a disk fast for half the
 * run ran most writes then), banded by the round medians that stand for
 * any write; else, or under WINDOW_MIN_SAMPLES (u->thin), p's median.
 * u points into p.
 */
void window_unit(const struct probe_record *p, struct window_unit *u);

/* The unit's samples sorted, *n of them, in an array the caller frees. */
double *window_sorted_samples(const struct probe_record *p, size_t *n);

/*
 * The least x with more than half the weight w (negative: 0) at or
 * below it, or halfway to the next at exactly half; NaN with no weight.
 */
double window_weighted_median(const double *x, const double *w, size_t n);

/* Each whole round's median (per samples a round) into out; how many. */
size_t window_round_medians(const double *x, size_t n, size_t per, double *out);

/* One disk's flush requests around a run's operations. */
struct window_flushes {
	double flushes;         /* completed while the operations ran */
	double idle_flushes;    /* completed in the idle windows */
	const char *dropped;    /* why the count was dropped, or NULL */
};

/* A run's flush counts for one class of operations. */
struct window_count {
	long long ops;          /* the class's operations */
	double ops_s;           /* seconds the operations ran, rounds excluded */
	double idle_s;          /* seconds of the idle windows */
	const struct window_flushes *dev;
	size_t ndev;
	const char *unavailable; /* why no disk could be counted, or NULL */
};

struct window_per_op {
	double per_op;          /* flushes an operation, NaN with why set */
	size_t dev;             /* the disk it is of: the one that flushed most */
	double other;           /* that disk's flushes expected from others */
	char why[256];          /* why there is no figure, or "" */
};

/*
 * Flushes an operation on the disk that flushed most, less others' at
 * the idle rate over ops_s.  NaN, why set, where nothing was counted, a
 * count dropped, no operations ran, or others' share passes
 * WINDOW_OTHER_SHARE_MAX of the count (of ops where the count is lower).
 */
void window_flushes_per_op(const struct window_count *c, struct window_per_op *out);

#endif
