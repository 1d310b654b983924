/* SPDX-License-Identifier: MIT */
/*
 * Runs until decided (--runs MIN..MAX): the gate looks after MIN runs a
 * side and after each balanced block past it, and stops when the verdict
 * is decided: a check fails (a fail of any check fails the verdict, so
 * no later look can make it pass), or every check passes or fails.  Each
 * look is paid for out of one error budget, so that the error at a limit
 * holds whatever the look that stopped: the spending plan below says
 * each look's confidence level.
 */
#ifndef SYNCGATE_GATE_SEQUENTIAL_H
#define SYNCGATE_GATE_SEQUENTIAL_H

#include "verdict/types.h"

/*
 * The plan: looks at min, min + 1, ..., max runs a side, the one-sided
 * error (1 - confidence) / 2 spent over them by Hwang, Shih and DeCani's
 * spending function with gamma -4,
 *
 *     alpha(t) = alpha * (1 - e^(4 t)) / (1 - e^4),  t = runs / max,
 *
 * (I. K. Hwang, W. J. Shih and J. S. DeCani, "Group sequential designs
 * using a family of type I error probability spending functions",
 * Statistics in Medicine 9(12):1439-1445, 1990), the look at n runs a
 * side spending alpha(n / max) - alpha((n - 1) / max) of it (the first
 * look, alpha(min / max)).  It keeps most of the error for the last
 * looks: simulated over 20,000 sequences of the gate's statistics at
 * 3..12, the A/As at the limit where one look at 12 passes 80% pass 76%
 * of sequences under it, 62% under the Pocock-type spending
 * alpha * ln(1 + (e - 1) t) it replaces (Lan and DeMets, Biometrika
 * 70(3), 1983), which spent as much at the first look as at the last;
 * a change four times the limit still stops after a median 4 runs a
 * side, not 12 (tests/test_sequential.c measures both).
 *
 * The looks see the same runs, so their statistics are correlated, and
 * a look's level is set for the chance that the looks first cross at it
 * to be its share (Armitage, McPherson and Rowe's boundaries, J. R.
 * Statist. Soc. A 132(2), 1969), found by simulation of the gate's own
 * statistics rather than of a Brownian motion, which would not hold for
 * the t intervals the gate draws: GATE_SEQ_SIM sequences of runs
 * normal about one figure (the outcome does not depend on its spread),
 * each look's t computed as the gate computes its interval: below
 * GATE_PAIRED_MIN_RUNS runs a side, the spreads pooled (baseline mode:
 * one engine) or each its own (rival mode: Welch's t, simulated where
 * the rival's runs have no spread, where Welch's t is exact; at equal
 * spreads it errs less); from there, paired (gate/checks.h), as the
 * runner's balanced rounds are, in baseline mode the differences' spread
 * pooled with the pairs' means' about their drift (model/runs.h,
 * runs_pool_add_trend).  A look's error is the two-sided p-value
 * below which its share of all the sequences cross, of those still
 * running; the first look's, its share.  With more than
 * GATE_SEQ_SIM_LOOKS looks, a first look at fewer than 2 runs a side, or
 * before gate_seq_plan, each look takes its share alone (by
 * Bonferroni's inequality the looks together err at most alpha,
 * conservatively).
 */
#define GATE_SEQ_SIM 100000
/* The spending function's gamma (VERDICT_SPENDING_HSD4). */
#define GATE_SEQ_GAMMA (-4.0)
#define GATE_SEQ_SIM_LOOKS 64

struct gate_seq {
	long long min, max;         /* runs a side at the first and last look */
	double confidence;          /* two-sided, at the limit: 0.95 */
	int simulated;              /* level holds the looks' levels */
	double level[GATE_SEQ_SIM_LOOKS];
};

/*
 * The looks' levels for mode's statistics, by simulation as above (a
 * tenth of a second at 3..12), a seeded generator making them the same
 * from run to run.
 */
void gate_seq_plan(struct gate_seq *s, enum gate_mode mode);

/* The one-sided error spent by the look at n runs a side and those before it. */
double gate_seq_spent(const struct gate_seq *s, long long n);

/*
 * The look at n runs a side's own two-sided confidence level, its error
 * rounded down to three significant digits.
 */
double gate_seq_level(const struct gate_seq *s, long long n);

/* The looks the plan makes: max - min + 1. */
long long gate_seq_looks(const struct gate_seq *s);

/* v's checks that are neither pass nor fail (indeterminate, held). */
size_t gate_seq_undecided(const struct gate_verdict *v);

/*
 * Whether v is decided: a check fails, or it has checks and none is
 * undecided.  A verdict of no check rules nothing and is not decided.
 */
int gate_seq_decided(const struct gate_verdict *v);

/*
 * Notes in v, the verdict of the look at n runs a side, how many runs it
 * took and why it stopped: every check decided, a check failed with
 * others undecided, or max reached with checks undecided; with the error
 * the look and the plan spent.
 */
void gate_seq_note(struct gate_verdict *v, const struct gate_seq *s,
    long long n);

#endif
