/* SPDX-License-Identifier: MIT */
/*
 * How the sides' runs were taken, from their sessions, places, start
 * times and hosts alone (gate/turns.c): in turns, so that a shift between
 * sessions or a drift is in the runs' own spread, or apart, so that it is
 * in neither side's and a term between sessions must carry it; and, in
 * turns, whether they pair.  The gate decides it from the results, and a
 * verdict read back decides it again from the runs it saved, by the same
 * functions, never from a saved flag.
 */
#ifndef SYNCGATE_GATE_TURNS_H
#define SYNCGATE_GATE_TURNS_H

#include "model/runs.h"
#include "verdict/types.h"

/*
 * Whether runs a[0..na) of one side and b[0..nb) of the other took turns
 * (APART_NONE) or came apart, and why:
 *   - every run records a session; otherwise how they were taken is
 *     unknown (APART_NO_SESSION: imports, older results);
 *   - a session that holds two runs or more of one side holds some of
 *     the other's (else APART_ONE_SIDED: a committed baseline, two jobs,
 *     two invocations), and where it holds two or more of each, neither
 *     side's runs there all started before the other's first
 *     (APART_NOT_INTERLEAVED);
 *   - across sessions, every run records a host whose machine id names
 *     a machine, one for all (else APART_HOSTS), and a start time, the
 *     sides' first and last starts overlapping: each side has runs
 *     before and after some of the other's (else APART_NO_TURNS).  One
 *     run a side from two sessions cannot alternate.
 */
enum verdict_apart gate_runs_apart(const struct verdict_run *a, size_t na,
    const struct verdict_run *b, size_t nb);

/*
 * Whether sides of equal runs, at least GATE_PAIRED_MIN_RUNS, taken in
 * turns, pair: in time order (start times where every run records one,
 * else places among one session's runs), run i of one side next to run
 * i of the other and each side first in half the pairs, or one more
 * (ABBA).  Fixed before any figure is seen.  If so, perm_a and perm_b
 * (room for na runs each) get each side's runs in time order.
 */
int gate_runs_paired(const struct verdict_run *a, const struct verdict_run *b,
    size_t n, size_t *perm_a, size_t *perm_b);

/*
 * Equal runs a side, at least this many, all of one session or taken in
 * turns, are paired (gate_runs_paired).
 */
#define GATE_PAIRED_MIN_RUNS RUNS_PAIRED_MIN

#endif
