/* SPDX-License-Identifier: MIT */
/*
 * One evaluation of two loaded sides, shared by syncgate gate and the
 * looks of runs until decided: --match pairs applied, both sides checked
 * and ruled, and the notes every such verdict carries.
 */
#ifndef SYNCGATE_GATE_EVALUATE_H
#define SYNCGATE_GATE_EVALUATE_H

#include <stddef.h>

#include "gate/rules.h"
#include "model/result.h"

#define GATE_MAX_PAIRS 64

/* --match OURS=RIVAL: our class OURS held against the other side's RIVAL. */
struct gate_pair {
	char *ours;
	const char *rival;
};

/*
 * Adds "OURS=RIVAL" (arg, which must outlive the pairs) to p[0..*n),
 * each name once.  Returns 0, or -1 with err set.
 */
int gate_pair_add(struct gate_pair *p, size_t *n, const char *arg, char *err);
void gate_pairs_free(struct gate_pair *p, size_t n);

/*
 * Renames each of the other side's runs' class RIVAL to OURS.  Returns 0,
 * or -1 with err set where a run lacks its class, the rival has an OURS
 * of its own, or the two differ in kind.
 */
int gate_pairs_apply(const struct gate_pair *p, size_t n, struct result *ours,
    size_t nours, struct result *rival, size_t nrival, char *err);

/* Checks both sides and rules ours against rival by o into v; 0 or -1. */
int gate_evaluate(const struct gate_side_in *ours,
    const struct gate_side_in *rival, const struct gate_pair *p, size_t n,
    const struct gate_opts *o, struct gate_verdict *v, char *err);

/*
 * Sets the limit name ("--read-speedup", "--commit-syncs",
 * "--max-regression" or "--confidence") in o from s, in its one range.
 * Returns 0, or -1 with err set.
 */
int gate_limit_parse(struct gate_opts *o, const char *name, const char *s,
    char *err);

#endif
