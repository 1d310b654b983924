/* SPDX-License-Identifier: MIT */
/*
 * The gate's rules: two results (and their probes) in, a filled verdict
 * out.  Reads are ruled as a speedup ratio against the rival; writes in
 * units of one durable sync of the volume; in baseline mode every class
 * as a regression against the old run (gate/rules.c), over the sides
 * (gate/sides.h), their matched classes (gate/match.h), their hosts
 * (gate/host.h) and the sync unit (gate/unit.h).  The gate records codes
 * and figures; report/ makes every word from them.
 */
#ifndef SYNCGATE_GATE_RULES_H
#define SYNCGATE_GATE_RULES_H

#include "gate/interval.h"
#include "gate/sides.h"
#include "verdict/types.h"
#include "model/noise.h"
#include "model/runs.h"

struct gate_opts {
	enum gate_mode mode;
	double read_speedup;        /* MODE_RIVAL: reads at least this many times faster */
	double commit_syncs;        /* MODE_RIVAL: our p50 at most this many syncs */
	double max_regression;      /* MODE_BASELINE: at most this fraction slower */
	double confidence;          /* 0.95 */
	/*
	 * A runner's run-to-run noise (syncgate calibrate), for a side of one
	 * run; NULL: none.
	 */
	const struct noise *noise;
	int single_run_ok;          /* one run a side: the sampling alone; fails as such */
	/*
	 * One run a side without a noise record: 1 (the default) takes
	 * GATE_DEFAULT_SPREAD_P50 and _P99 as the spread between runs; 0
	 * rules on the sampling alone (--single-run-ok sets it, and tests of
	 * the sampling rule).
	 */
	int one_run_spread;
	int same_host;              /* reads across two hosts are indeterminate */
	/* --part-ok: a part of a set is ruled, named (gate_sides_whole) */
	int part_ok;
};

#define GATE_DEFAULT_READ_SPEEDUP 10.0
#define GATE_DEFAULT_COMMIT_SYNCS 2.0
#define GATE_DEFAULT_MAX_REGRESSION 0.05
#define GATE_DEFAULT_CONFIDENCE 0.95
/*
 * One run a side without --noise or --single-run-ok: the run-to-run
 * spread each figure is taken to have, a standard deviation of its log
 * (docs/result-format.md, "One run a side"), at p50 and at p99; the
 * syncs take their latency's.
 */
#define GATE_DEFAULT_SPREAD_P50 0.20
#define GATE_DEFAULT_SPREAD_P99 0.30
/*
 * Sides whose runs came apart (gate/turns.h) without a noise record over
 * sessions: the shift between sessions each side's figures are taken to
 * carry, a standard deviation of its log (docs/result-format.md,
 * "Sides apart"), at p50 and at p99; the syncs take their latency's.
 */
#define GATE_DEFAULT_SESSION_P50 0.10
#define GATE_DEFAULT_SESSION_P99 0.25

/* Sets the defaults above for mode. */
void gate_opts_init(struct gate_opts *o, enum gate_mode mode);

/*
 * Rules ours against rival into v (which it initialises).  Returns 0, or
 * -1 with err set when the two cannot be compared (a class that is a
 * read on one side and a write on the other); v is then freed.
 */
int gate_rule(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_opts *o, struct gate_verdict *v, char *err);

/* Rules v's halves from its rows' rulings and the whole from its halves. */
void gate_rule_whole(struct gate_verdict *v);

#endif
