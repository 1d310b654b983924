/* SPDX-License-Identifier: MIT */
/*
 * One evaluation of two loaded sides, the same for syncgate gate and for
 * the looks of runs until decided: --match pairs applied, both sides
 * checked, ours ruled against the rival, and the notes every verdict of
 * them carries (names that print alike, each pair held).
 */
#ifndef SYNCGATE_GATE_EVALUATE_H
#define SYNCGATE_GATE_EVALUATE_H

#include <stddef.h>

#include "gate/rules.h"
#include "model/result.h"

/* The most --match pairs. */
#define GATE_MAX_PAIRS 64

/* --match OURS=RIVAL: our class OURS held against the other side's RIVAL. */
struct gate_pair {
	char *ours;
	const char *rival;
};

/*
 * Adds "OURS=RIVAL" (arg, which must outlive the pairs) to p[0..*n):
 * both names non-empty, neither in another pair.  Returns 0, or -1 with
 * err set.  Free with gate_pairs_free.
 */
int gate_pair_add(struct gate_pair *p, size_t *n, const char *arg, char *err);
void gate_pairs_free(struct gate_pair *p, size_t n);

/*
 * Renames in each of the other side's runs its class RIVAL to OURS, so
 * the two are matched as one class.  Each of our runs must have OURS,
 * each of theirs RIVAL and no OURS of its own, and the two of one kind.
 * Returns 0, or
 * -1 with err naming the file and the class as the file names it.
 */
int gate_pairs_apply(const struct gate_pair *p, size_t n, struct result *ours,
    size_t nours, struct result *rival, size_t nrival, char *err);

/*
 * Checks both sides, rules ours against rival by o into v, and notes
 * the names that print alike and each of the n pairs (applied before).
 * Returns 0, or -1 with err set.
 */
int gate_evaluate(const struct gate_side_in *ours,
    const struct gate_side_in *rival, const struct gate_pair *p, size_t n,
    const struct gate_opts *o, struct gate_verdict *v, char *err);

/*
 * The gate's limit name ("--read-speedup", "--commit-syncs",
 * "--max-regression" or "--confidence") set in o from s, in the one range
 * the gate and the looks of runs until decided both take.  Returns 0,
 * or -1 with err set.
 */
int gate_limit_parse(struct gate_opts *o, const char *name, const char *s,
    char *err);

#endif
