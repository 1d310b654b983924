/* SPDX-License-Identifier: MIT */
/*
 * The gate's rules: two results (and their probes) in, a filled verdict
 * out.  Reads are ruled as a speedup against the rival, writes in durable
 * syncs of the volume, and in baseline mode every class as a regression.
 * The gate records codes and figures; report/ makes every word.
 */
#ifndef SYNCGATE_GATE_RULES_H
#define SYNCGATE_GATE_RULES_H

#include "gate/interval.h"
#include "gate/sides.h"
#include "verdict/types.h"
#include "model/noise.h"

struct gate_opts {
	enum gate_mode mode;
	double read_speedup;        /* MODE_RIVAL: reads at least this many times faster */
	double commit_syncs;        /* MODE_RIVAL: our p50 at most this many syncs */
	double max_regression;      /* MODE_BASELINE: at most this fraction slower */
	double confidence;          /* 0.95 */
	const struct noise *noise;  /* a runner's run-to-run noise; NULL: none */
	int single_run_ok;          /* one run a side: the sampling alone; fails as such */
	/*
	 * One run a side without noise: 1 (the default) takes
	 * GATE_DEFAULT_SPREAD_* as the spread between runs; 0 rules on the
	 * sampling alone (--single-run-ok, and tests of the sampling rule).
	 */
	int one_run_spread;
	int same_host;              /* reads across two hosts are indeterminate */
	int part_ok;                /* --part-ok: a part of a set is ruled, named */
};

#define GATE_DEFAULT_READ_SPEEDUP 10.0
#define GATE_DEFAULT_COMMIT_SYNCS 2.0
#define GATE_DEFAULT_MAX_REGRESSION 0.05
#define GATE_DEFAULT_CONFIDENCE 0.95
/*
 * The standard deviations of a figure's log taken without a measure: the
 * spread between runs of one run a side (docs/result-format.md, "One run
 * a side"), and the shift between sessions of sides apart ("Sides
 * apart"), at p50 and p99; the syncs take their latency's.
 */
#define GATE_DEFAULT_SPREAD_P50 0.20
#define GATE_DEFAULT_SPREAD_P99 0.30
#define GATE_DEFAULT_SESSION_P50 0.10
#define GATE_DEFAULT_SESSION_P99 0.25

void gate_opts_init(struct gate_opts *o, enum gate_mode mode);

/*
 * Rules ours against rival into v (which it initialises).  Returns 0, or
 * -1 with err set (a class a read on one side, a write on the other).
 */
int gate_rule(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_opts *o, struct gate_verdict *v, char *err);

/* Rules v's halves from its rows' rulings and the whole from its halves. */
void gate_rule_whole(struct gate_verdict *v);

#endif
