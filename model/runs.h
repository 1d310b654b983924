/* SPDX-License-Identifier: MIT */
/*
 * Figures over whole runs: each run gives a statistic's log and its own
 * sampling variance; the runs' spread carries run-to-run variation and
 * the sampling with it.  A figure is a signed sum of side estimates with
 * a Student-t interval (docs/result-format.md, "Several runs a side").
 */
#ifndef SYNCGATE_RUNS_H
#define SYNCGATE_RUNS_H

#include <stddef.h>

#include "model/probe_record.h"
#include "model/result.h"

/*
 * A between-run variance pooled from its sources (a side's runs, the
 * other side's of one engine, a noise record); sides sharing a pool
 * count its degrees of freedom once.
 */
struct runs_pool {
	double ss;              /* sum of df_i * variance_i */
	double df;              /* sum of df_i */
};

/* One side's statistic over its runs, on the log scale. */
struct runs_est {
	size_t k;               /* runs */
	double mean;            /* mean of the runs' logs */
	double between;         /* their sample variance; NaN with one run */
	double within;          /* mean of the runs' own sampling variances */
	double var;             /* the variance of mean: see runs_est_init */
	double df;              /* its degrees of freedom */
	int open;               /* RUNS_OPEN_* ends a run's sampling cannot bound */
	const struct runs_pool *pool;   /* where var and df come from; NULL: own */
	int fixed;              /* var does not shrink with runs (a session shift) */
};

/* The ends of a figure left open: below, above. */
enum { RUNS_OPEN_LO = 1, RUNS_OPEN_HI = 2 };

/* The same ends of a figure taken with the other sign (1 / x, or -log x). */
int runs_open_flip(int open);

/*
 * From k >= 1 runs' logs, sampling variances (NaN: an end open) and
 * open ends (NULL: none).  With k >= 2, var is max(between, within) / k
 * over k - 1 df, never less than sampling alone; with one run, the run's
 * own sampling variance over infinite df until shared from a pool.
 */
void runs_est_init(struct runs_est *e, const double *logs,
    const double *within, const int *open, size_t k);

/* Adds a variance over df (none at df 0 or NaN), or e's runs' over k - 1. */
void runs_pool_add(struct runs_pool *p, double between, double df);
void runs_pool_add_est(struct runs_pool *p, const struct runs_est *e);

/*
 * Paired sides' drift: k >= 3 pairs in time order, m[i] a pair's mean
 * log, in blocks of RUNS_TREND_BLOCK (the last taking the rest).  A
 * shared drift moves the means, not the differences; about a line per
 * block what is left of the means' spread is the runs' own, and a
 * difference varies 4 times as much as a mean.  runs_pool_add_trend adds
 * 4 x the means' variance about those lines over runs_trend_df(k) =
 * k - 2 x blocks df: 2k - 3 df below 8 pairs with the differences' own.
 */
#define RUNS_TREND_BLOCK 4
/* Sides of this many runs or more, taken in turns, are paired (gate/turns.h). */
#define RUNS_PAIRED_MIN 5
size_t runs_trend_df(size_t k);
/*
 * e over k pairs' differences d (sampling variances w); with pool (one
 * engine), pooled there with the means m about their drift.  pool must
 * outlive e.
 */
void runs_paired_init(struct runs_est *e, struct runs_pool *pool,
    const double *d, const double *m, const double *w, size_t k);

/* The sum of squares of n >= 3 values about their least-squares line. */
double runs_line_ss(const double *y, size_t n);
void runs_pool_add_trend(struct runs_pool *p, const double *m, size_t k);

/*
 * e's var becomes max(pooled, within) / k over p's df (counted once by
 * runs_combine); nothing changes while p is empty.
 */
void runs_est_share(struct runs_est *e, const struct runs_pool *p);

/*
 * Class c's log at quantile q and its sampling variance at level: from
 * samples, ((log hi - log lo) / 2z)^2 over the order-statistic interval;
 * from a range, (log hi - log lo)^2 / 12; bare, 0; NaN where too few
 * samples for two sides (a p99 of 367 at 95%).  Returns the RUNS_OPEN_*
 * ends that order statistics cannot bound at (1 - level) / 2 (a median
 * of fewer than 6 at 95%: both; a p99 of fewer than 368: above).
 */
int runs_class_log(const struct result_class *c, double q, double level,
    double *log_v, double *within);

/* The same for a probe's median: the unit of one durable sync. */
int runs_probe_log(const struct probe_record *p, double level, double *log_v,
    double *within);

/*
 * Whether n runs stand together: one engine, workload and set of classes,
 * and a run of a several-run session only beside that session's (or, with
 * several, as calibrate takes them, of any session, each run recording
 * one), each once.  flag names the side ("--rival").  Returns 0, or -1
 * with err.
 */
int runs_check(const struct result *const *r, const char *const *files,
    size_t n, const char *flag, int several, char *err);

/* Numbers the runs' sessions in group, first seen 0; how many (0: none). */
size_t runs_sessions(const struct result *const *r, size_t n, size_t *group);

/*
 * One-way ANOVA of n runs' logs in g sessions: the pooled spread within
 * a session (n - g df) and what a session's shift adds (moments, floored
 * at 0, Satterthwaite's df, at least 1).  have 0: too few to tell.
 */
struct runs_sessions {
	int have;
	double within_var, within_df;
	double session_var, session_df;
};

void runs_between_sessions(const double *logs, const size_t *group, size_t n,
    size_t g, struct runs_sessions *out);

/* A signed sum of side estimates: a ratio is +1 one side and -1 the other. */
struct runs_term {
	const struct runs_est *e;
	int sign;
};

/* The figure exp(sum) with its interval; lo is 0 or hi infinite where unbounded. */
struct runs_fig {
	double v, lo, hi;
	double log_v;           /* the sum itself */
	double se;              /* its standard error */
	double df;              /* Welch-Satterthwaite degrees of freedom */
};

/* Combines terms at confidence c (0.95) into f. */
void runs_combine(const struct runs_term *t, size_t nt, double c,
    struct runs_fig *f);

/*
 * The runs a side a fresh gate needs to settle t's figure against limit
 * at c with probability power (settle_prob): *lo and *hi.  Returns 0, or
 * -1 on the limit or past cap (*lo, *hi then cap + 1).
 */
int runs_needed(const struct runs_term *t, size_t nt, double c, double power,
    double limit, long long cap, long long *lo, long long *hi);

/*
 * The chance a baseline gate of k runs a side, pooling a noise record's
 * s2 (df_rec df), puts its interval wholly past a limit the truth lies
 * dist beyond (log scale); averaged over the new runs' spread and
 * sigma^2 = s2 df_rec / V, V chi-square on df_rec (the scale-invariant
 * prior's posterior), each on RUNS_NODES quantile midpoints.
 */
#define RUNS_NODES 40
double runs_settle_prob(double dist, double s2, double df_rec, size_t k,
    double level);

#endif
