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
	 * PART_SAMPLED: the quantile p of sorted samples x (n of them), or
	 * of the class cls's samples, read by rank; with x2 too (a shared
	 * sync unit) the interval is the union of the two sets' intervals,
	 * the lower low to the higher high.
	 */
	double p;
	const double *x, *x2;
	size_t n, n2;
	const struct result_class *cls;
	/* or, for a histogram, its rows (n the operations they count) */
	const struct result_bucket *b;
	size_t nb;
	int scalable;           /* a class latency: more class samples narrow it */
	/*
	 * No upper bound: the side failed or skipped operations the other
	 * completed, so its latencies, of those that succeeded, cannot
	 * speak for it (gate/checks.c).
	 */
	int open_hi;
	/*
	 * Samples that depend on their neighbours (bursts, a compaction)
	 * hold less than their count says: where the variance of the share
	 * below v, from contiguous batches of the samples in file order, is
	 * past what independence allows (gate_part_dependence), it is that
	 * many times the independent one's (dep > 1) with dep_df degrees
	 * of freedom, and the interval widens to match; 0: independent.
	 */
	double dep, dep_df;
};

/* The most parts one product combines. */
#define GATE_MAX_TERMS 8

/* One part of a product, to the power +1 or -1. */
struct gate_term {
	const struct gate_part *part;
	int power;
};

/*
 * A product of parts with its interval.  An interval end that cannot be
 * bounded (a sampled part too thin for it) is 0 below or infinity above;
 * lo and hi are NaN when no part has an interval at all.
 */
struct gate_estimate {
	double v;
	double lo, hi;
	/*
	 * Per term, for the estimate of samples needed: the part's distance
	 * below and above its value on the log scale at the level the
	 * product took it at (NaN where unbounded), whether more samples of
	 * a class would narrow it (scalable) or nothing would (a range), and
	 * its sample count.
	 */
	double down[GATE_MAX_TERMS], up[GATE_MAX_TERMS];
	int kind[GATE_MAX_TERMS];       /* enum part_kind */
	int scalable[GATE_MAX_TERMS];
	size_t n[GATE_MAX_TERMS];
	double p[GATE_MAX_TERMS];       /* the part's quantile */
	size_t nt;
	double z;               /* the normal quantile of each term's tail */
	double level;           /* each part's two-sided level: 1 - 2 tail */
	/*
	 * Per term: 0, or the level at which a sampled part could not be
	 * bounded on both sides (too few samples); the product's end on that
	 * side is then unbounded.
	 */
	double dropped_at[GATE_MAX_TERMS];
	/*
	 * Over whole runs: the sides' figures the interval came from, for
	 * the estimate of runs needed; runs is 0 over one run a side.
	 */
	int runs;
	struct runs_term rt[GATE_MAX_TERMS];
	size_t nrt;
};

/* Interval of the p-quantile of sorted x at level; -1 when too few samples. */
int gate_quantile_ci(const double *x, size_t n, double p, double level,
    double *lo, double *hi);

/*
 * A part's interval at level: -1 when it has none (a point); an end too
 * thin to bound is 0 below or infinity above.
 */
int gate_part_interval(const struct gate_part *pt, double level, double *lo,
    double *hi);

/*
 * The batches gate_part_dependence cuts the samples into, and the fewest
 * samples a batch must hold for it to look.
 */
#define GATE_DEP_BATCHES 20
#define GATE_DEP_MIN_BATCH 25

/*
 * Sets pt->dep and pt->dep_df for a class part whose samples keep their
 * file order: the batch-means variance of the indicator x <= v over
 * GATE_DEP_BATCHES contiguous batches, as a multiple of the independent
 * p(1 - p) / n, taken where it passes the 99th percentile of what
 * independent samples give (chi-square over its degrees of freedom), so
 * an independent run's interval is left as it was 99 times in 100.
 */
void gate_part_dependence(struct gate_part *pt);

/*
 * Combines terms at confidence c into e.  Each sampled part is bounded at
 * 1 - (1 - c) / m, m the sampled parts in the product, and the product's
 * ends are the parts' ends multiplied (Bonferroni): each end misses with
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
 * The fewest samples a side at which a fresh run would settle a check on
 * limit with probability power, the gate ruling it as it rules this one
 * (the end toward the limit, each part's distance at its own level and
 * the distances summed, clears it on either side), over what this run
 * leaves uncertain of the true figure: the true figure normal about the
 * estimate, the parts' spreads at their counts in quadrature, and the
 * fresh estimate about the true figure likewise at the count asked.
 * Each class latency's share narrows with the square root of its count,
 * a side with more than the answer keeps its own, and a unit's band or a
 * range does not narrow.  *lo is the count; *hi the same, or past the
 * cap (GATE_NEED_CAP + 1, "or more") where a part has no bound to
 * scale.  Returns 0, or -1 with *why set: NEED_CAPPED where no count up
 * to the cap settles it with probability power (an estimate very near
 * the limit: a fresh run settles on either side, so only the count to
 * tell it from the limit would).
 */
int gate_samples_needed(const struct gate_estimate *e, double limit,
    double power, long long *lo, long long *hi, enum need_why *why);

#endif
