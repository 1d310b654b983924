/* SPDX-License-Identifier: MIT */
/*
 * calibrate's plan: from a runner's noise (model/noise.h), split into
 * what sampling within a run gives and what a run adds, and from the
 * measured cost of a run and of its operations, the fewest runs a side
 * and the run length that settle an A/A at a limit with a power, at the
 * least predicted wall time (Kalibera and Jones, "Rigorous benchmarking
 * in reasonable time", ISMM 2013: estimate the variance at each level,
 * then choose the repetitions at each level).
 */
#ifndef SYNCGATE_CALIBRATE_PLAN_H
#define SYNCGATE_CALIBRATE_PLAN_H

#include "model/noise.h"
#include "model/result.h"

/* The most runs a side a plan asks for. */
#define PLAN_MAX_RUNS 200

/* What a run costs, from the calibration runs' own clocks. */
struct plan_cost {
	int have;               /* 0: the runs record no times */
	double ops_s;           /* a run's measured part: mean ended - started */
	double besides_s;       /* between one run's end and the next's start */
	long long ops;          /* a run's operations, every class; -1 unknown */
};

/* Measures c from n runs (their sessions' started_s and ended_s). */
void plan_cost_measure(const struct result *const *runs, size_t n,
    struct plan_cost *c);

struct plan {
	double limit, power, level;
	long long runs;         /* a side; 0: none up to PLAN_MAX_RUNS */
	double factor;          /* the run length over the calibration runs' */
	double power_at;        /* the plan's power, its weakest statistic's */
	size_t cls;             /* that statistic: its class in the noise */
	int stat;               /* ... and which (enum noise_which) */
	double wall_s;          /* 2 x runs x a run's cost; NaN without costs */
};

/*
 * The probability that the gate's one look at k runs a side in baseline
 * mode, as syncgate run takes them (sides pooled below RUNS_PAIRED_MIN
 * runs, 2k - 2 degrees of freedom; paired from there, the pairs' means
 * pooled in, model/runs.h), passes an A/A at limit (0.05 for 5%) when
 * one run's figure has variance v on the log scale: its interval at level
 * wholly below the limit.
 */
double plan_power(double v, long long k, double limit, double level);

/*
 * The cheapest plan for noise n at limit, power and level: for the
 * calibration runs' length and 2, 4 and 8 times it (theirs alone
 * without costs), the fewest runs a side at which every statistic
 * measured reaches power, one run's variance taken as the run effect
 * (log_sd^2 - within_log_sd^2, at least 0) plus the sampling
 * (within_log_sd^2) over the length's factor; a longer run's cost
 * taken as the factor times a run's measured part, at most what it
 * costs.
 */
void plan_make(const struct noise *n, const struct plan_cost *c, double limit,
    double power, double level, struct plan *out);

/*
 * The smallest limit whose cheapest plan takes at most budget_s, from
 * 0.1% to 1000%; NaN where none does or without costs.
 */
double plan_smallest_limit(const struct noise *n, const struct plan_cost *c,
    double power, double level, double budget_s);

#endif
