/* SPDX-License-Identifier: MIT */
/*
 * Runs until decided (--runs MIN..MAX): the gate looks after MIN runs a
 * side and after each balanced block past it, and stops once a check
 * fails or every check passes or fails.  Each look spends out of one
 * error budget, so the error at a limit holds whichever look stopped.
 */
#ifndef SYNCGATE_GATE_SEQUENTIAL_H
#define SYNCGATE_GATE_SEQUENTIAL_H

#include "verdict/types.h"

/*
 * The plan spends the one-sided error (1 - confidence) / 2 over looks at
 * min..max runs a side by Hwang, Shih and DeCani's function, gamma -4
 * (Statistics in Medicine 9(12):1439-1445, 1990):
 *
 *     alpha(t) = alpha * (1 - e^(4 t)) / (1 - e^4),  t = runs / max,
 *
 * the look at n spending alpha(n / max) - alpha((n - 1) / max).  It keeps
 * most of the error for the last looks: over 20,000 simulated sequences
 * at 3..12, the A/As at the limit where one look at 12 passes 80% pass
 * 76% under it, 62% under the Pocock-type alpha * ln(1 + (e - 1) t) it
 * replaces (Lan and DeMets, Biometrika 70(3), 1983); a change four times
 * the limit still stops after a median 4 runs a side, not 12
 * (tests/test_sequential.c measures both).
 *
 * The looks see the same runs, so each look's level is set for the
 * chance that the looks first cross at it to be its share (Armitage,
 * McPherson and Rowe, J. R. Statist. Soc. A 132(2), 1969), simulated
 * with the gate's own t statistics, not a Brownian motion: GATE_SEQ_SIM
 * sequences of normal runs; below GATE_PAIRED_MIN_RUNS the spreads pooled
 * (baseline) or Welch's t with a rival of no spread, where it is exact;
 * from there paired, in baseline mode with the means' drift pooled
 * (runs_pool_add_trend).  With more than GATE_SEQ_SIM_LOOKS looks, a
 * first look under 2 runs, or before gate_seq_plan, each look takes its
 * share alone (Bonferroni: conservative).
 */
#define GATE_SEQ_SIM 100000
#define GATE_SEQ_GAMMA (-4.0)   /* VERDICT_SPENDING_HSD4 */
#define GATE_SEQ_SIM_LOOKS 64

struct gate_seq {
	long long min, max;         /* runs a side at the first and last look */
	double confidence;          /* two-sided, at the limit: 0.95 */
	int simulated;              /* level holds the looks' levels */
	double level[GATE_SEQ_SIM_LOOKS];
};

/* The looks' levels for mode, simulated (0.1s at 3..12) with a fixed seed. */
void gate_seq_plan(struct gate_seq *s, enum gate_mode mode);

/* The one-sided error spent by the look at n runs a side and those before it. */
double gate_seq_spent(const struct gate_seq *s, long long n);

/* The look at n's two-sided level, its error rounded down to 3 digits. */
double gate_seq_level(const struct gate_seq *s, long long n);

/* The looks the plan makes: max - min + 1. */
long long gate_seq_looks(const struct gate_seq *s);

/* v's checks that are neither pass nor fail (indeterminate, held). */
size_t gate_seq_undecided(const struct gate_verdict *v);

/* Whether v is decided: a check fails, or it has checks and none undecided. */
int gate_seq_decided(const struct gate_verdict *v);

/* Notes in v, the look at n's verdict, the runs it took and why it stopped. */
void gate_seq_note(struct gate_verdict *v, const struct gate_seq *s,
    long long n);

#endif
