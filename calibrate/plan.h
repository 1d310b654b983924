/* SPDX-License-Identifier: MIT */
/*
 * calibrate's plan: from the noise, split into a run's sampling and what a
 * run adds, and a run's cost, the fewest runs and run length that settle an
 * A/A at a limit with a power in the least time (Kalibera and Jones,
 * "Rigorous benchmarking in reasonable time", ISMM 2013).
 */
#ifndef SYNCGATE_CALIBRATE_PLAN_H
#define SYNCGATE_CALIBRATE_PLAN_H

#include "model/noise.h"
#include "model/result.h"

#define PLAN_MAX_RUNS 200        /* runs a side, at most */

/* What a run costs, from the calibration runs' own clocks. */
struct plan_cost {
	int have;               /* 0: the runs record no times */
	double ops_s;           /* a run's measured part: mean ended - started */
	double besides_s;       /* between one run's end and the next's start */
	long long ops;          /* a run's operations, every class; -1 unknown */
};

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
 * mode (pooled below RUNS_PAIRED_MIN, paired from there: model/runs.h)
 * passes an A/A at limit (0.05 for 5%), one run's log-scale variance v.
 */
double plan_power(double v, long long k, double limit, double level);

/*
 * The cheapest plan for n: at 1, 2, 4 and 8 times the runs' length (1 alone
 * without costs), the fewest runs a side at which every statistic reaches
 * power, a run's variance its run effect plus sampling over the factor.
 */
void plan_make(const struct noise *n, const struct plan_cost *c, double limit,
    double power, double level, struct plan *out);

/* The smallest limit, 0.1% to 1000%, planned within budget_s, or NaN. */
double plan_smallest_limit(const struct noise *n, const struct plan_cost *c,
    double power, double level, double budget_s);

#endif
