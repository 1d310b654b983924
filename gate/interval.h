/* SPDX-License-Identifier: MIT */
/*
 * Figures with their uncertainty.  A figure a check rules on is a product
 * of parts (latencies, sync units), each a point, a certain range (a
 * histogram bucket) or a quantile of samples with a distribution-free
 * order-statistic interval.  The product's interval sums the parts'
 * distances on the log scale (MOVER: Zou and Donner, 2008), plus the
 * ranges' full widths; docs/result-format.md says why and how close to c
 * it covers.
 */
#ifndef SYNCGATE_GATE_INTERVAL_H
#define SYNCGATE_GATE_INTERVAL_H

#include <stddef.h>

#include "verdict/types.h"
#include "model/runs.h"

enum part_kind {
	PART_POINT = 0,         /* no interval: taken as exact */
	PART_RANGE,             /* known to lie in [lo, hi] */
	PART_SAMPLED            /* a quantile of up to two sorted sample sets */
};

struct gate_part {
	enum part_kind kind;
	double v;               /* the point value */
	double lo, hi;          /* PART_RANGE */
	/*
	 * PART_SAMPLED: quantile p of sorted x (n), or of class cls's samples
	 * by rank; with x2 (a shared unit) the union of both sets' intervals.
	 */
	double p;
	const double *x, *x2;
	size_t n, n2;
	const struct result_class *cls;
	const struct result_bucket *b;  /* or a histogram's rows, n their count */
	size_t nb;
	int scalable;           /* a class latency: more samples narrow it */
	/* no upper bound: the side failed operations the other completed */
	int open_hi;
	/*
	 * Samples that depend on their neighbours hold less than their count:
	 * the variance multiple (dep > 1, over dep_df degrees of freedom) the
	 * interval widens by (gate_part_dependence); 0: independent.
	 */
	double dep, dep_df;
};

#define GATE_MAX_TERMS 8

/* One part of a product, to the power +1 or -1. */
struct gate_term {
	const struct gate_part *part;
	int power;
};

/*
 * A product of parts with its interval: an end that cannot be bounded is
 * 0 below or infinity above; lo and hi are NaN when no part has one.
 */
struct gate_estimate {
	double v;
	double lo, hi;
	/*
	 * Per term, for the samples needed: the part's log distance below and
	 * above its value (NaN where unbounded), its kind, whether samples
	 * narrow it, its count and quantile.
	 */
	double down[GATE_MAX_TERMS], up[GATE_MAX_TERMS];
	int kind[GATE_MAX_TERMS];       /* enum part_kind */
	int scalable[GATE_MAX_TERMS];
	size_t n[GATE_MAX_TERMS];
	double p[GATE_MAX_TERMS];
	size_t nt;
	double z;               /* the normal quantile of each term's tail */
	double level;           /* each part's two-sided level: 1 - 2 tail */
	/* per term: 0, or the level a sampled part was too thin to bound at */
	double dropped_at[GATE_MAX_TERMS];
	/* over whole runs (runs 1): the sides' figures, for the runs needed */
	int runs;
	struct runs_term rt[GATE_MAX_TERMS];
	size_t nrt;
};

/* Interval of the p-quantile of sorted x at level; -1 when too few samples. */
int gate_quantile_ci(const double *x, size_t n, double p, double level,
    double *lo, double *hi);

/* A part's interval at level: -1 for a point; an unbounded end 0 or infinity. */
int gate_part_interval(const struct gate_part *pt, double level, double *lo,
    double *hi);

/* The batches gate_part_dependence cuts samples into, and the fewest each. */
#define GATE_DEP_BATCHES 20
#define GATE_DEP_MIN_BATCH 25

/*
 * Sets pt->dep for a class part whose samples keep their file order: the
 * batch-means variance of x <= v over the independent p(1 - p) / n,
 * where it passes the chi-square 99th percentile, so an independent
 * run's interval is left as it was 99 times in 100.
 */
void gate_part_dependence(struct gate_part *pt);

/*
 * Combines terms at confidence c into e, each sampled part bounded at
 * 1 - (1 - c) / m for m sampled parts (Bonferroni): each end misses with
 * probability at most (1 - c) / 2 whatever shape the latencies have.
 */
void gate_combine(const struct gate_term *t, size_t nt, double c,
    struct gate_estimate *e);

/* Why no sample count would settle a check. */
enum need_why {
	NEED_OK = 0,
	NEED_ON_LIMIT,          /* the estimate is the limit itself */
	NEED_FIXED,             /* the unit's band or a range alone spans the limit */
	NEED_NO_SAMPLES,        /* nothing in it has samples to add to */
	NEED_CAPPED             /* more than GATE_NEED_CAP samples a side */
};

#define GATE_NEED_CAP VERDICT_SAMPLES_CAP

/*
 * The fewest samples a side at which a fresh run settles a check on limit
 * with probability power, ruled as the gate rules: the true figure normal
 * about the estimate, the parts' spreads in quadrature, each class
 * latency's narrowing with the square root of its count; a unit's band
 * or a range does not narrow.  *lo is the count; *hi the same, or
 * GATE_NEED_CAP + 1 ("or more") where a part has no bound to scale.
 * Returns 0, or -1 with *why set (NEED_CAPPED: an estimate very near the
 * limit, which no count up to the cap settles).
 */
int gate_samples_needed(const struct gate_estimate *e, double limit,
    double power, long long *lo, long long *hi, enum need_why *why);

#endif
