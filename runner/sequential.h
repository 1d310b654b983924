/* SPDX-License-Identifier: MIT */
/*
 * Runs until decided, for syncgate run and syncgate-bench (--runs
 * MIN..MAX): a look after each whole round from MIN runs an engine on,
 * the first engine's runs so far gated against the second's with the
 * gate's own rules (gate/rules.h) at the invocation's limits and at the
 * spending plan's level for that look (gate/sequential.h), stopping once
 * the verdict is decided (gate_seq_decided).
 */
#ifndef SYNCGATE_RUNNER_SEQUENTIAL_H
#define SYNCGATE_RUNNER_SEQUENTIAL_H

#include "runner/runner.h"

/*
 * p's runs by fn (runner_go_looking); with a->min_runs above 0, until a
 * look decides (a check fails, or every check passes or fails), rules
 * nothing (no class in common: more runs would not change that), or
 * reaches MAX.  Every result's session carries the plan (its looks'
 * first and last runs and confidence), so that a later gate of them
 * rules at the level of the look their runs make, not at the plan's
 * whole confidence.  The last look's verdict, with the note on how it
 * stopped (gate_seq_note), goes to verdict and as text to standard
 * output (the reasons in full with a->verbose); *status gets its exit
 * status, as the gate's with a->strict (EXIT_PASS without MIN..MAX).
 * Returns 0, or -1 with err set (a result that does not load, sides
 * that cannot be compared).
 */
struct runner_opts;
int runner_seq_go(const struct runner_opts *a, struct runner_plan *p,
    runner_fn fn, void *ctx, const char *verdict, int *status, char *err);

#endif
