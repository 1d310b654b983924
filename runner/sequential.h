/* SPDX-License-Identifier: MIT */
/*
 * Runs until decided, for syncgate run and syncgate-bench: --runs
 * MIN..MAX and the gate's limits read, and a look after each whole round
 * from MIN runs an engine on, the first engine gated against the second
 * with the gate's own rules (gate/rules.h) at those limits and at the
 * spending plan's level for that look (gate/sequential.h), stopping once
 * the verdict is decided (gate_seq_decided).
 */
#ifndef SYNCGATE_RUNNER_SEQUENTIAL_H
#define SYNCGATE_RUNNER_SEQUENTIAL_H

#include "gate/evaluate.h"
#include "gate/sequential.h"
#include "verdict/types.h"
#include "runner/runner.h"

/*
 * --runs K or --runs MIN..MAX (2 <= MIN <= MAX <= cap) into *min and
 * *max; K gives *max K and *min 0, a fixed number of runs.  Returns 0,
 * or -1 with err set.
 */
int runner_parse_runs(const char *s, long long cap, long long *min,
    long long *max, char *err);

/* --mode rival or baseline into *m.  Returns 0, or -1 with err set. */
int runner_parse_mode(const char *s, enum gate_mode *m, char *err);

/*
 * The gate's limits the looks rule at, taken as syncgate gate takes
 * them (gate_limit_parse): --read-speedup X and --commit-syncs N in
 * rival mode, --max-regression PCT in baseline mode, --confidence LEVEL
 * in both (the level the looks share); the gate's defaults where not
 * given.
 */
struct runner_limits {
	struct gate_opts g;
	char given[32];             /* the last limit given, or "" */
	char rival_only[32];        /* the last rival-mode limit given, or "" */
	int regression_given;
};

/* The gate's defaults, none given. */
void runner_limits_init(struct runner_limits *l);

/*
 * The limit opt ("--max-regression", "--read-speedup", "--commit-syncs"
 * or "--confidence") set from s, in the range syncgate gate takes.
 * Returns 0, or -1 with err set.
 */
int runner_parse_limit(struct runner_limits *l, const char *opt,
    const char *s, char *err);

/*
 * The limits given are ones the invocation's looks rule by: given only
 * with --runs MIN..MAX (min above 0), each in its mode.  Returns 0, or
 * -1 with err set.
 */
int runner_check_limits(const struct runner_limits *l, long long min,
    enum gate_mode mode, char *err);

/* The looks of one invocation and the verdict of the last. */
struct runner_seq {
	struct gate_seq plan;
	enum gate_mode mode;
	struct runner_limits limits;
	const struct gate_pair *pairs;  /* --match, applied at each look */
	size_t npairs;
	struct gate_verdict v;      /* the last look's, once have_verdict */
	int have_verdict;
	long long looked;           /* runs a side at the last look */
};

/*
 * Starts s for min..max runs a side in mode, at the limits l, with the
 * n --match pairs p (kept, not copied); free with runner_seq_free.
 */
void runner_seq_init(struct runner_seq *s, long long min, long long max,
    enum gate_mode mode, const struct runner_limits *l,
    const struct gate_pair *p, size_t n);
void runner_seq_free(struct runner_seq *s);

/*
 * Stamps the session every result of the set carries with s's plan
 * (its looks' first and last runs an engine and its confidence), so that
 * a later gate of those results rules at the level of the look their
 * runs make (gate/sequential.h), not at the plan's whole confidence.
 */
void runner_seq_stamp(const struct runner_seq *s, struct result_session *sess);

/*
 * A runner_look_fn (ctx a struct runner_seq): loads the n runs of each
 * of the plan's two engines, rules the first against the second at the
 * look's level, keeps the verdict; 1 when the verdict is decided (a
 * check fails, or every check passes or fails), rules nothing (no class
 * in common: more runs would not change that), or n is the most, else 0;
 * -1 with err set when a result does not load or the sides cannot be
 * compared.
 */
int runner_seq_look(void *ctx, const struct runner_plan *p, long long n,
    char *err);

/*
 * The verdict with the note on how it stopped (gate_seq_note), written
 * to path and as text to standard output (the reasons in full with
 * verbose); the exit status it gives in *status, as the gate's with
 * strict.  Returns 0, or -1 with err set.
 */
int runner_seq_finish(struct runner_seq *s, const char *path, int strict,
    int verbose, int *status, char *err);

#endif
