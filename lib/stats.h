/* SPDX-License-Identifier: MIT */
/*
 * Statistics over latency samples, in nanoseconds held as doubles (exact
 * to 2^53 ns, about 104 days).  One quantile definition is used across
 * syncgate: linear interpolation between order statistics (Hyndman and
 * Fan's type 7, the default of R and NumPy): with the n samples sorted
 * as x[0..n-1], h = (n - 1) p and Q(p) = x[floor h] + (h - floor h)
 * (x[floor h + 1] - x[floor h]).  Intervals are distribution-free, from
 * order statistics and the binomial distribution.
 */
#ifndef SYNCGATE_STATS_H
#define SYNCGATE_STATS_H

#include <stddef.h>

/* Sorts x ascending in place. */
void stats_sort(double *x, size_t n);

/* The median of x (Q(0.5)), which is left as it was; NaN when n is 0. */
double stats_median(const double *x, size_t n);

/* Q(p) of sorted x (n >= 1, 0 <= p <= 1), by the definition above. */
double stats_quantile_sorted(const double *x, size_t n, double p);

/*
 * Q(p) of n samples held in any order, at(arg, k) giving their k-th
 * smallest (0-based): the same value as stats_quantile_sorted, reading
 * only the one or two order statistics it needs.
 */
double stats_quantile_by(size_t n, double p,
    double (*at)(const void *arg, size_t k), const void *arg);

/*
 * Q(p) of unsorted x by selection, in expected linear time; reorders x.
 * Gives the same value as stats_quantile_sorted on the sorted samples.
 */
double stats_quantile_select(double *x, size_t n, double p);

/* The k-th smallest (0-based) of x by selection; reorders x. */
double stats_select(double *x, size_t n, size_t k);

/*
 * Distribution-free interval for the p-quantile of n samples: 1-based
 * ranks lo < hi such that [x_(lo), x_(hi)] covers the quantile with
 * probability at least level, each tail holding at most (1 - level) / 2.
 * *achieved gets the exact coverage (binomial).  Returns -1 when n is too
 * small for such an interval at that level (then the ranks are unset).
 */
int stats_order_ci(size_t n, double p, double level, size_t *lo, size_t *hi,
    double *achieved);

/*
 * One-sided bounds for the p-quantile of n samples: the 1-based rank lo
 * of a lower bound x_(lo) that lies at or below the quantile with
 * probability at least 1 - tail, and the rank hi of an upper bound that
 * lies at or above it with the same probability; either is 0 when n is
 * too small for it (a p99 of 100 samples has a lower bound, no upper).
 */
void stats_order_bounds(size_t n, double p, double tail, size_t *lo, size_t *hi);

/*
 * The 1-based ranks [*first, *last] within which every rank that
 * stats_order_ci and stats_order_bounds give for the p-quantile of n
 * samples lies, at any level or tail, and type 7's two ranks for Q(p):
 * the order statistics a p-quantile and its intervals can read.  For
 * ten million samples about 32 000 ranks around the median, 6 400
 * around the p99; all n when p is not inside (0, 1).
 */
void stats_order_span(size_t n, double p, size_t *first, size_t *last);

/*
 * The fewest samples whose p-quantile stats_order_ci bounds on both sides
 * at level; 0 past 2^40.
 */
size_t stats_min_samples(double p, double level);

/* P(B <= k) for B ~ Binomial(n, p). */
double stats_binom_cdf(size_t n, double p, size_t k);

/* The standard normal quantile function (inverse CDF), 0 < p < 1. */
double stats_norm_quantile(double p);

/*
 * Student's t distribution with df degrees of freedom (df > 0, not
 * necessarily whole, as the Welch-Satterthwaite approximation gives):
 * its CDF, and its quantile function for 0 < p < 1.  An infinite df is
 * the standard normal.
 */
double stats_t_cdf(double t, double df);
double stats_t_quantile(double p, double df);

/* The regularized lower incomplete gamma function P(a, x), a > 0, x >= 0. */
double stats_gamma_p(double a, double x);

/* The chi-square distribution's quantile function, 0 < p < 1, df > 0. */
double stats_chi2_quantile(double p, double df);

/* The regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1. */
double stats_beta_inc(double a, double b, double x);

/* What a set of samples says: the probe's and a class's summary. */
struct stats_summary {
	size_t n;
	double min, max, median, p90, p99;
	double ci_lo, ci_hi;    /* interval for the median; NaN when n too small */
	double ci_level;        /* its exact coverage, or NaN */
	size_t ci_lo_rank, ci_hi_rank;  /* 1-based; 0 when there is none */
};

/* Sorts x in place and fills s; level is the wanted coverage (0.95). */
void stats_summarize(double *x, size_t n, double level, struct stats_summary *s);

#endif
