/* SPDX-License-Identifier: MIT */
/*
 * What a run's own window says: the sync unit from the rounds of samples
 * syncgate-bench took through the run (or, without them, the probe
 * before it), and the device flushes a commit, corrected for the rate
 * at which other processes flush.
 */
#ifndef SYNCGATE_PROBE_WINDOW_H
#define SYNCGATE_PROBE_WINDOW_H

#include <stddef.h>

#include "model/probe_record.h"

/* The most other processes' flushes may be of a count before it is dropped. */
#define WINDOW_OTHER_SHARE_MAX 0.25

/*
 * The fewest samples rounds through a run must hold to be the unit: the
 * fewest whose median a two-sided 95% order-statistic interval bounds
 * (the chance that all six lie on one side of it is 2 / 2^6, 3.1%).
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
 * The unit of p, when p's series holds rounds with samples: the median
 * over every round's samples, each weighted by the write operations it
 * stands for where the rounds record them: half of those between it and
 * the round before and half of those up to the round after, or all after
 * the last round where none closed the run (a disk fast for half the run
 * and slow for the other half ran most writes in its fast half); banded
 * by the lowest and highest median of a round that stands for any
 * write; else p's own median, without a band, as where
 * the rounds hold fewer than WINDOW_MIN_SAMPLES samples (u->thin says
 * so).  u points into p.
 */
void window_unit(const struct probe_record *p, struct window_unit *u);

/*
 * The samples p's unit is the median of (window_unit's), sorted, in an
 * array the caller frees; *n gets how many (the array has room for one
 * at least).
 */
double *window_sorted_samples(const struct probe_record *p, size_t *n);

/*
 * The weighted median of the n values x with weights w (those under 0
 * taken as 0): the least value with more than half the weight at or below
 * it, or halfway to the next where exactly half is; NaN with no weight.
 */
double window_weighted_median(const double *x, const double *w, size_t n);

/*
 * The median of each whole round of per samples of the n in x, into out
 * (room for n / per); returns how many.
 */
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

/* What the counts give. */
struct window_per_op {
	double per_op;          /* flushes an operation, NaN with why set */
	size_t dev;             /* the disk it is of: the one that flushed most */
	double other;           /* that disk's flushes expected from others */
	char why[256];          /* why there is no figure, or "" */
};

/*
 * Flushes an operation: for each disk, its flushes less what other
 * processes would have completed at the idle windows' rate over ops_s,
 * over ops; the disk with the most.  None (NaN, why set) where nothing
 * could be counted, a count was dropped, there were no operations, or
 * others' expected flushes pass WINDOW_OTHER_SHARE_MAX of the disk's
 * count, or of ops where the count is lower.
 */
void window_flushes_per_op(const struct window_count *c, struct window_per_op *out);

#endif
