/* SPDX-License-Identifier: MIT */
/*
 * Figures with their uncertainty, for the gate's rulings.  A figure a
 * check rules on (a speedup, syncs per commit, a regression) is a
 * product of parts: class latencies and sync units, each a point, a
 * certain range (a histogram bucket) or a quantile estimated from
 * samples.  Each sampled part gets a distribution-free order-statistic
 * interval at level c; the product's interval recovers its spread from
 * theirs on the log scale (MOVER: Zou and Donner, 2008): each end lies
 * the root of the summed squares of the parts' own distances away, plus
 * the certain ranges' full widths.  docs/result-format.md says why this
 * method, what it costs and how close to c it covers.
 */
#ifndef SYNCGATE_GATE_INTERVAL_H
#define SYNCGATE_GATE_INTERVAL_H

#include <stddef.h>

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
	 * PART_SAMPLED: the quantile p of sorted samples x (n of them); with
	 * x2 too (a shared sync unit) the interval is the union of the two
	 * sets' intervals, the lower low to the higher high.
	 */
	double p;
	const double *x, *x2;
	size_t n, n2;
	int scalable;           /* a class latency: more class samples narrow it */
};

/* The most parts one product combines. */
#define GATE_MAX_TERMS 8

/* One part of a product, to the power +1 or -1. */
struct gate_term {
	const struct gate_part *part;
	int power;
};

/* A product of parts with its interval. */
struct gate_estimate {
	double v;
	double lo, hi;          /* NaN when no part has an interval */
	/*
	 * The product's spread on the log scale, below and above v, by what
	 * narrows it: squared distances of class latencies (more class
	 * samples narrow them) and of sync units (a longer probe would),
	 * and the summed widths of certain ranges (nothing narrows them).
	 */
	double down_sq_class, up_sq_class;
	double down_sq_unit, up_sq_unit;
	double down_range, up_range;
	/*
	 * Each class latency's own squared distances and sample count, so
	 * that an estimate of the samples needed grows each side from its
	 * own count: a side of 400 against one of 40000 is the thin one.
	 */
	double class_down_sq[GATE_MAX_TERMS], class_up_sq[GATE_MAX_TERMS];
	size_t class_n[GATE_MAX_TERMS];
	size_t nclass;
	/*
	 * Per term: 0, or the level a sampled part could not give an
	 * interval at (too few samples); it was then taken as exact.
	 */
	double dropped_at[GATE_MAX_TERMS];
};

/* Interval of the p-quantile of sorted x at level; -1 when too few samples. */
int gate_quantile_ci(const double *x, size_t n, double p, double level,
    double *lo, double *hi);

/* The fewest samples with a p-quantile interval at level. */
size_t gate_min_samples(double p, double level);

/* A part's interval at level; -1 when it has none. */
int gate_part_interval(const struct gate_part *pt, double level, double *lo,
    double *hi);

/* Combines terms at confidence c into e. */
void gate_combine(const struct gate_term *t, size_t nt, double c,
    struct gate_estimate *e);

/* Why no sample count would settle a check. */
enum need_why {
	NEED_OK = 0,
	NEED_ON_LIMIT,          /* the estimate is the limit itself */
	NEED_FIXED,             /* the unit's band or a range alone spans the limit */
	NEED_NO_SAMPLES         /* nothing in it has samples to add to */
};

/*
 * Estimates the samples a side that would settle a check on limit if the
 * estimate held: each class latency's share narrows with the square root
 * of its count, and a side that has more than the answer keeps its own.
 * Returns the count, or -1 with *why set.
 */
long long gate_samples_needed(const struct gate_estimate *e, double limit,
    enum need_why *why);

#endif
