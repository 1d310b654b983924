/* SPDX-License-Identifier: MIT */
/*
 * Statistics over latency samples, nanoseconds as doubles (exact to 2^53
 * ns, about 104 days).  One quantile throughout: Hyndman and Fan's type 7
 * (R's and NumPy's default), h = (n - 1) p, Q(p) = x[floor h] + (h -
 * floor h) (x[floor h + 1] - x[floor h]).  Intervals are distribution-free.
 */
#ifndef SYNCGATE_STATS_H
#define SYNCGATE_STATS_H

#include <stddef.h>

void stats_sort(double *x, size_t n);
/* Q(0.5) of x, which is left as it was; NaN when n is 0. */
double stats_median(const double *x, size_t n);
double stats_quantile_sorted(const double *x, size_t n, double p);
/* Q(p) of n samples whose k-th smallest (0-based) is at(arg, k). */
double stats_quantile_by(size_t n, double p,
    double (*at)(const void *arg, size_t k), const void *arg);
/* Q(p) of unsorted x by selection, in expected linear time; reorders x. */
double stats_quantile_select(double *x, size_t n, double p);
/* The k-th smallest (0-based) of x by selection; reorders x. */
double stats_select(double *x, size_t n, size_t k);

/*
 * 1-based ranks lo < hi whose [x_(lo), x_(hi)] covers the p-quantile of n
 * samples with probability at least level, each tail at most (1 - level)
 * / 2; *achieved: the exact coverage.  -1 when n is too small.
 */
int stats_order_ci(size_t n, double p, double level, size_t *lo, size_t *hi,
    double *achieved);

/*
 * One-sided bounds: ranks of x_(lo) at or below the p-quantile, and x_(hi)
 * at or above it, each with probability at least 1 - tail; 0 when n is
 * too small (a p99 of 100 samples has a lower bound, no upper).
 */
void stats_order_bounds(size_t n, double p, double tail, size_t *lo, size_t *hi);

/*
 * The ranks [*first, *last] holding every rank the two above and Q(p) can
 * read, at any level: for ten million samples about 32 000 around the
 * median, 6 400 around the p99; all n when p is not inside (0, 1).
 */
void stats_order_span(size_t n, double p, size_t *first, size_t *last);
/* The fewest samples stats_order_ci bounds on both sides; 0 past 2^40. */
size_t stats_min_samples(double p, double level);
/* P(B <= k) for B ~ Binomial(n, p). */
double stats_binom_cdf(size_t n, double p, size_t k);
/* The standard normal quantile, 0 < p < 1. */
double stats_norm_quantile(double p);
/* Student's t, df > 0 and not only whole (Welch); an infinite df: normal. */
double stats_t_cdf(double t, double df);
double stats_t_quantile(double p, double df);
/* Regularized lower incomplete gamma P(a, x), a > 0, x >= 0. */
double stats_gamma_p(double a, double x);
/* Chi-square quantile, 0 < p < 1, df > 0. */
double stats_chi2_quantile(double p, double df);
/* Regularized incomplete beta I_x(a, b), a, b > 0, 0 <= x <= 1. */
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
