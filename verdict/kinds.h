/* SPDX-License-Identifier: MIT */
/* How rulings combine and are judged, and what each kind of check rules. */
#ifndef SYNCGATE_VERDICT_KINDS_H
#define SYNCGATE_VERDICT_KINDS_H

#include "verdict/types.h"

/* The worse of two rulings: fail, then indeterminate, then pass. */
enum ruling gate_worse(enum ruling a, enum ruling b);

/*
 * x against limit (passing at least it when at_least, else at most): pass
 * or fail where all the interval is on that side, else indeterminate;
 * without one, the point decides.  Within gate_tie(limit) is on it.
 */
enum ruling gate_judge(struct verdict_value x, int at_least, double limit);

enum gate_limit {
	LIMIT_READ_SPEEDUP,     /* --read-speedup */
	LIMIT_COMMIT_SYNCS,     /* --commit-syncs */
	LIMIT_RIVAL,            /* 1: no more syncs a commit than the rival */
	LIMIT_REGRESSION,       /* 1 + --max-regression */
	LIMIT_FLUSH_CEILING,    /* --commit-syncs, on counted flushes a commit */
	GATE_NLIMITS            /* how many; not a limit */
};

/* Where each limit comes from: "reads.read_speedup", "1 + reads.max_regression". */
extern const char *const gate_limit_sources[];

enum check_unit {
	CHECK_UNIT_EITHER,      /* reads, and counted flushes: the unit is not used */
	CHECK_UNIT_WITHOUT,     /* made only where the writes have no unit */
	CHECK_UNIT_WITH         /* made only where they are ruled in syncs */
};

struct gate_check_kind {
	const char *statistic;  /* "p50 speedup", "p99 syncs vs rival", ... */
	enum gate_mode mode;
	enum class_kind kind;
	enum check_unit unit;
	int quantile;           /* 50 or 99; 0: no figure, never ruled */
	const char *value_unit; /* "x" or "syncs" */
	int at_least;           /* the comparison: ">=" when set, else "<=" */
	enum gate_limit limit;
	const char *pass, *fail;    /* "at least", "below"; NULL when never ruled */
	int counted;            /* made only where both sides counted flushes */
};

enum {
	CHECK_P50_SPEEDUP, CHECK_P99_SPEEDUP, CHECK_P50_SYNCS, CHECK_P50_VS_RIVAL,
	CHECK_P99_VS_RIVAL, CHECK_SYNCS_UNRULED, CHECK_P50_REGRESSION_READ,
	CHECK_P99_REGRESSION_READ, CHECK_P50_REGRESSION_WRITE,
	CHECK_P99_REGRESSION_WRITE, CHECK_REGRESSION_UNRULED, CHECK_FLUSHES,
	GATE_NCHECK_KINDS
};

extern const struct gate_check_kind gate_check_kinds[];

/*
 * Whether the gate makes a check of kind k, once, for a class of kind in
 * mode m.  Never for a counted kind (made only where both sides counted
 * flushes), which gate_check_kind_find finds all the same.
 */
int gate_check_kind_applies(const struct gate_check_kind *k, enum gate_mode m,
    enum class_kind kind, int have_unit);

/* The kind of check named statistic that the gate makes there, or NULL. */
const struct gate_check_kind *gate_check_kind_find(const char *statistic,
    enum gate_mode m, enum class_kind kind, int have_unit);

/* k's limit under v's thresholds; NaN where v lacks the threshold. */
double gate_check_limit(const struct gate_check_kind *k,
    const struct gate_verdict *v);

/* The figure a check of kind k rules on, as the gate computes it; NaN: none. */
double gate_check_figure(const struct gate_check_kind *k,
    const struct verdict_row *row, const struct verdict_unit *u);

#endif
