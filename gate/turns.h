/* SPDX-License-Identifier: MIT */
/*
 * How the sides' runs were taken, from their sessions, places, starts and
 * hosts alone: in turns (a shift between sessions is in the runs' own
 * spread) or apart (a term between sessions must carry it), and whether
 * they pair.  A verdict read back decides it again from its saved runs.
 */
#ifndef SYNCGATE_GATE_TURNS_H
#define SYNCGATE_GATE_TURNS_H

#include "model/runs.h"
#include "verdict/types.h"

/*
 * Whether runs a[0..na) and b[0..nb) took turns (APART_NONE) or why not:
 * a run without a session (APART_NO_SESSION); a session holding two or
 * more runs of one side and none of the other's (APART_ONE_SIDED), or
 * two or more of each, one side's all before the other's
 * (APART_NOT_INTERLEAVED); across sessions, runs not all of one machine
 * (APART_HOSTS), or without starts whose spans overlap (APART_NO_TURNS).
 */
enum verdict_apart gate_runs_apart(const struct verdict_run *a, size_t na,
    const struct verdict_run *b, size_t nb);

/*
 * Whether n runs a side (at least GATE_PAIRED_MIN_RUNS), taken in turns,
 * pair: in time order run i of one side next to run i of the other, each
 * side first in half the pairs or one more (ABBA).  Fixed before any
 * figure is seen; perm_a and perm_b get each side's runs in time order.
 */
int gate_runs_paired(const struct verdict_run *a, const struct verdict_run *b,
    size_t n, size_t *perm_a, size_t *perm_b);

#define GATE_PAIRED_MIN_RUNS RUNS_PAIRED_MIN

#endif
