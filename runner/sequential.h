/* SPDX-License-Identifier: MIT */
/*
 * Runs until decided (--runs MIN..MAX): after each round from MIN on, the
 * first engine gated against the second at the look's spending level.
 */
#ifndef SYNCGATE_RUNNER_SEQUENTIAL_H
#define SYNCGATE_RUNNER_SEQUENTIAL_H

#include "runner/runner.h"

/*
 * p's runs by fn; with a->min_runs above 0, until a look decides, rules
 * nothing or reaches MAX, each session carrying the plan so that a later
 * gate rules at its look's level.  The last verdict goes to verdict and
 * standard output, its exit status to *status.  Returns 0, or -1.
 */
struct runner_opts;
int runner_seq_go(const struct runner_opts *a, struct runner_plan *p,
    runner_fn fn, void *ctx, const char *verdict, int *status, char *err);

#endif
