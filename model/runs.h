/* SPDX-License-Identifier: MIT */
/*
 * Figures over whole runs.  Each run of a side gives one value of a
 * statistic on the log scale (a latency's p50, or p50 in syncs of that
 * run's own unit) and that value's own sampling variance; the runs'
 * spread carries the run-to-run variation and, with it, the sampling
 * within each run.  A figure is a sum of such side estimates, signed
 * (a ratio is a difference of logs), with a Student-t interval whose
 * degrees of freedom come from Welch and Satterthwaite.
 * docs/result-format.md, "Several runs a side", says why this method.
 */
#ifndef SYNCGATE_RUNS_H
#define SYNCGATE_RUNS_H

#include <stddef.h>

#include "model/probe_record.h"
#include "model/result.h"

/*
 * A between-run variance pooled from its sources (a side's own runs, the
 * other side's where both are one engine, a runner's noise record): the
 * sum of each source's variance times its degrees of freedom, and the
 * sum of those degrees of freedom.  Every side that takes its variance
 * from one pool shares its degrees of freedom: they are counted once.
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
	/*
	 * The ends some run's own sampling cannot bound at the level (a p99
	 * of too few samples: above; a median of one sample: both), as
	 * RUNS_OPEN_* bits: the side's figure has no bound there, whatever
	 * spread is added to it.
	 */
	int open;
	/* the pool var and df come from, shared with other sides; NULL: own */
	const struct runs_pool *pool;
	/* var does not shrink with more runs (a shift between sessions) */
	int fixed;
};

/* The ends of a figure left open: below, above. */
enum { RUNS_OPEN_LO = 1, RUNS_OPEN_HI = 2 };

/* The same ends of a figure taken with the other sign (1 / x, or -log x). */
int runs_open_flip(int open);

/*
 * From k >= 1 runs' logs, their sampling variances (NaN: none, for a run
 * whose sampling leaves an end open) and their open ends (NULL: none; or
 * k sets of RUNS_OPEN_* bits, the side's open their union).  With two
 * runs or more, var is
 * max(between, within) / k over k - 1 degrees of freedom: the runs'
 * spread, never less than what sampling alone puts in it.  With one run,
 * var is the run's own sampling variance over infinite degrees of
 * freedom until runs_est_prior gives it a between-run variance.
 */
void runs_est_init(struct runs_est *e, const double *logs,
    const double *within, const int *open, size_t k);

/* Adds a source of variance between over df degrees of freedom (none when df is 0 or the variance not a number). */
void runs_pool_add(struct runs_pool *p, double between, double df);

/* Adds e's own runs (k - 1 degrees of freedom; none with one run). */
void runs_pool_add_est(struct runs_pool *p, const struct runs_est *e);

/*
 * Paired sides' drift, and their pairs' means: k pairs in time order
 * (k >= 3), each pair's mean m[i] of its two runs' logs, in blocks of
 * RUNS_TREND_BLOCK pairs (the last block taking the rest; one block
 * below twice that).  A drift both sides share moves a pair's mean, not
 * its difference; about a line of its own in each block it is taken
 * out, and what is left of the means' spread is the runs' own: a pair's
 * difference varies four times as much as its mean, whatever either
 * side's spread.  runs_pool_add_trend adds 4 times the means' variance
 * about those lines, over runs_trend_df(k) = k - 2 x blocks degrees of
 * freedom, to p; with the differences' own k - 1, a paired figure's
 * spread then holds 2k - 3 degrees of freedom below 8 pairs, not k - 1.
 */
#define RUNS_TREND_BLOCK 4
/* Sides of this many runs or more, taken in turns, are paired (gate/turns.h). */
#define RUNS_PAIRED_MIN 5
size_t runs_trend_df(size_t k);
/*
 * A paired figure from k pairs in time order: e over the differences d
 * (each pair's summed sampling variances w); with pool (one engine, one
 * spread), its spread pooled there with the pairs' means m about their
 * drift (runs_pool_add_trend).  pool must outlive e.
 */
void runs_paired_init(struct runs_est *e, struct runs_pool *pool,
    const double *d, const double *m, const double *w, size_t k);

/* The sum of squares of n >= 3 values about their least-squares line. */
double runs_line_ss(const double *y, size_t n);
void runs_pool_add_trend(struct runs_pool *p, const double *m, size_t k);

/*
 * e takes its between-run variance from p: var = max(pooled, within) /
 * k over p's degrees of freedom, which runs_combine counts once however
 * many of its terms share p.  Nothing changes while p holds no source.
 */
void runs_est_share(struct runs_est *e, const struct runs_pool *p);

/*
 * One run's value of class c at quantile q (0.5 or 0.99) on the log
 * scale, and that value's own sampling variance at confidence level: from
 * samples, the order-statistic interval's width on the log scale, (log hi
 * - log lo) / (2 z) with z the normal quantile of (1 + level) / 2; from a
 * bucket range, the variance of a uniform spread over it, (log hi - log
 * lo)^2 / 12; from a bare percentile, 0.  NaN when samples are too few
 * for a two-sided interval (a p99 of 367 samples at 95%).  Returns the
 * ends the run's own sampling cannot bound, each at one-sided error (1 -
 * level) / 2 (RUNS_OPEN_* bits): from samples, or the operations a
 * histogram counted, where the order statistics give no rank for that
 * end (a median of fewer than 6 at 95%: both; a p99 of fewer than 368:
 * above); a range, or a bare percentile, bounds both.
 */
int runs_class_log(const struct result_class *c, double q, double level,
    double *log_v, double *within);

/* The same for a probe's median: the unit of one durable sync. */
int runs_probe_log(const struct probe_record *p, double level, double *log_v,
    double *within);

/*
 * Checks that n runs of one engine can stand together: one engine, one
 * workload, and one set of classes (names and kinds) in every run, the
 * files as named; and a run of a session that set out to write several
 * (model/session.h) only beside runs of that session, each once, any part
 * of its set (runs without one, older results, and one-run sessions
 * stand together as before).
 * flag names the side in messages ("--rival", "ours").  Returns 0, or
 * -1 with err naming the run's file and what differs.
 */
int runs_check(const struct result *const *r, const char *const *files,
    size_t n, const char *flag, char *err);

/*
 * runs_check for runs that may come from several sessions (calibrate
 * measuring the shift between them): every run must record one, and no
 * session's run be named twice.
 */
int runs_check_sessions(const struct result *const *r, const char *const *files,
    size_t n, const char *flag, char *err);

/*
 * Numbers each run's session 0, 1, ... in group (first seen first) and
 * returns how many; 0 when a run records none.
 */
size_t runs_sessions(const struct result *const *r, size_t n, size_t *group);

/*
 * A one-way analysis of variance of n runs' logs in g sessions: the
 * spread between runs of one session (pooled, n - g degrees of freedom)
 * and the variance a session's shift adds beyond it (the method of
 * moments, floored at 0, with Satterthwaite's degrees of freedom, at
 * least 1).  have is 0 with fewer than two sessions or no session of two
 * runs.
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
 * The runs a side of a fresh gate that would settle (pass or fail) a
 * figure like the one t gives at confidence c against limit with
 * probability power, over what the runs so far leave uncertain of the
 * figure and of its spread (model/runs.c, settle_prob): *lo and *hi
 * both that count.  Returns 0; or -1 when the estimate sits on the limit,
 * or past cap runs (then *lo and *hi are cap + 1).
 */
int runs_needed(const struct runs_term *t, size_t nt, double c, double power,
    double limit, long long cap, long long *lo, long long *hi);

/*
 * The probability that a gate of k runs a side in baseline mode, pooling
 * a noise record's variance s2 (df_rec degrees of freedom) with both
 * sides' runs, puts its interval at level wholly past a limit that the
 * true figure lies dist beyond on the log scale.  Averaged over the new
 * runs' own spread and over what the record leaves uncertain of the true
 * spread: sigma^2 = s2 df_rec / V with V chi-square on df_rec (the
 * posterior under the scale-invariant prior), each on RUNS_NODES
 * quantile midpoints.
 */
#define RUNS_NODES 40
double runs_settle_prob(double dist, double s2, double df_rec, size_t k,
    double level);

#endif