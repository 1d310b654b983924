/* SPDX-License-Identifier: MIT */
/*
 * Between gate/rules.c and gate/checks.c: one compared class's parts,
 * and the checks ruled on them.
 */
#ifndef SYNCGATE_GATE_CHECKS_H
#define SYNCGATE_GATE_CHECKS_H

#include "gate/rules.h"

/* A sampled part dropped to exact in some check: too few samples. */
struct gate_drop {
	const struct gate_part *pt;
	double level;           /* the highest level it was asked for */
};

#define GATE_MAX_DROPS 8

/*
 * One side's figures of one class over its runs, on the log scale
 * (gate/sides.c): the latencies at p50 and p99, and with a unit the same
 * in syncs, each run's in the unit of its own probe.
 */
struct gate_side_stats {
	struct runs_est l[2];   /* p50, p99 latencies */
	struct runs_est s[2];   /* p50, p99 in syncs; when has_s */
	int has_s;
	size_t nsamples;        /* samples behind p50, across the runs */
	int any_samples;
};

/* Each run's figures of class name; with_unit: the syncs too. */
void gate_side_stats_init(struct gate_side_stats *st,
    const struct gate_side_in *in, const char *name, int with_unit,
    double level);
/* For a side of one run: the noise file's spread between runs. */
void gate_side_stats_noise(struct gate_side_stats *st,
    const struct noise_class *nc);
/* For a side of one run: the other side's spread between its runs. */
void gate_side_stats_borrow(struct gate_side_stats *st,
    const struct gate_side_stats *from);

/* A class both sides ran, as parts. */
struct gate_pair {
	const struct result_class *ours, *rival;
	struct gate_part o50, o99, r50, r99;
	struct gate_drop drops[GATE_MAX_DROPS];
	size_t ndrops;
	/*
	 * Over whole runs (several runs a side, or a runner's noise): each
	 * side's figures; the parts then hold their geometric means as
	 * points.  NULL over one run a side.
	 */
	const struct gate_side_stats *os, *rs;
};

/* Everything the checks need. */
struct gate_ctx {
	const struct gate_opts *o;
	struct gate_verdict *v;
	struct gate_unit unit;
	int have_unit;          /* writes can be put in syncs */
	size_t checks_cap;      /* room in v->checks */
	/* 0, or the highest level a probe was too thin to give a band at */
	double unit_drop_ours, unit_drop_rival;
	/* figures over whole runs: see gate_pair's os and rs */
	int runs;
	const struct gate_side_in *ours_in, *rival_in;
	/*
	 * Baseline mode over one run a side without a runner's noise: a fail
	 * is held indeterminate (a change of this size may be noise), unless
	 * --single-run-ok.
	 */
	int hold_fails;
};

/* The power at which the runs or samples needed to settle a check are given. */
#define GATE_POWER 0.8
/* The most runs a side an estimate names; past it, "more than". */
#define GATE_RUNS_CAP 1000LL

/*
 * The end of the reason of a fail held indeterminate: baseline mode, one
 * run a side and no noise file (docs/result-format.md, "One run a side").
 */
#define GATE_HELD_WORDS "; held indeterminate: one run a side cannot tell a " \
	"change of this size from the runner's run-to-run noise (give several " \
	"runs a side, --noise FILE from syncgate calibrate, or --single-run-ok)"

/* Sets pair's parts from its two classes. */
void gate_pair_init(struct gate_pair *pair, const struct result_class *ours,
    const struct result_class *rival);

/* Fills row (already named) and appends the pair's checks to ctx->v. */
void gate_check_pair(struct gate_ctx *ctx, struct gate_pair *pair,
    struct verdict_row *row);

/* The worse of two rulings: fail, then indeterminate, then pass. */
enum ruling gate_worse(enum ruling a, enum ruling b);

/*
 * A figure and its limit are both rounded: a figure divides products of
 * up to four latencies and units, each parsed from decimal, and a limit
 * such as 1 + 0.57 is 1.5699999999999998.  Inputs that tie exactly land
 * a few units in the last place apart, so a figure within one part in
 * 2^48 of its limit (3.6e-15 of it, sixteen units in the last place) is
 * on the limit (docs/result-format.md, "Rulings").
 */
#define GATE_TIE_BITS 48

/* How far from limit a figure still counts as on it. */
double gate_tie(double limit);

/*
 * The ruling of figure x against limit (passing is at least the limit
 * when at_least, else at most): with an interval, pass where all of it is
 * on the passing side, fail where all of it is on the failing side, and
 * indeterminate otherwise; without one, the point decides.  A figure or
 * an end within gate_tie(limit) of the limit is on it.
 */
enum ruling gate_judge(struct verdict_value x, int at_least, double limit);

/* The threshold a kind of check is held to. */
enum gate_limit {
	LIMIT_READ_SPEEDUP,     /* --read-speedup */
	LIMIT_COMMIT_SYNCS,     /* --commit-syncs */
	LIMIT_RIVAL,            /* 1: no more syncs a commit than the rival */
	LIMIT_REGRESSION        /* 1 + --max-regression */
};

/* One kind of check the gate makes (gate/check_kinds.c). */
struct gate_check_kind {
	const char *statistic;  /* "p50 speedup", "p99 syncs vs rival", ... */
	enum gate_mode mode;
	enum class_kind kind;
	int unit;               /* writes: 1 ruled in syncs, 0 without a unit; reads -1 */
	int quantile;           /* 50 or 99; 0: no figure, never ruled */
	const char *value_unit; /* "x" or "syncs" */
	int at_least;           /* the comparison: ">=" when set, else "<=" */
	enum gate_limit limit;
	const char *pass, *fail;    /* "at least", "below"; NULL when never ruled */
};

enum {
	CHECK_P50_SPEEDUP, CHECK_P99_SPEEDUP, CHECK_P50_SYNCS, CHECK_P50_VS_RIVAL,
	CHECK_P99_VS_RIVAL, CHECK_SYNCS_UNRULED, CHECK_P50_REGRESSION_READ,
	CHECK_P99_REGRESSION_READ, CHECK_P50_REGRESSION_WRITE,
	CHECK_P99_REGRESSION_WRITE, CHECK_REGRESSION_UNRULED, GATE_NCHECK_KINDS
};

extern const struct gate_check_kind gate_check_kinds[GATE_NCHECK_KINDS];

/*
 * Whether the gate makes a check of kind k for a class of the given kind
 * in mode m, with or without a sync unit; it makes each such check once.
 */
int gate_check_kind_applies(const struct gate_check_kind *k, enum gate_mode m,
    enum class_kind kind, int have_unit);

/* The kind of check named statistic that the gate makes there, or NULL. */
const struct gate_check_kind *gate_check_kind_find(const char *statistic,
    enum gate_mode m, enum class_kind kind, int have_unit);

/* k's limit under v's thresholds; NaN where v lacks the threshold. */
double gate_check_limit(const struct gate_check_kind *k,
    const struct gate_verdict *v);

/*
 * The figure a check of kind k rules on, from row's latencies and the
 * unit, computed as the gate computes it; NaN for a check with none.
 */
double gate_check_figure(const struct gate_check_kind *k,
    const struct verdict_row *row, const struct verdict_unit *u);

/*
 * The words of ruling r on a check of kind k under v's thresholds, which
 * end its reason: "at least 10x", "over the ceiling of 2", "too close to
 * 5% to call".  The caller frees the string.
 */
char *gate_check_words(const struct gate_check_kind *k, enum ruling r,
    const struct gate_verdict *v);

/*
 * Figures beside the limit or the figure they were compared with
 * (gate/digits.c): printed with the decimals that make them compare, as
 * printed, as they were ruled.
 */

/* How a printed figure must read against what it is printed beside. */
enum gate_reads {
	READS_LT, READS_LE, READS_EQ, READS_GE, READS_GT
};

/* -1, 0 or 1: x under limit, on it (within gate_tie) or over it. */
int gate_side(double x, double limit);

/*
 * How x must read against limit in a check passing at least (at_least)
 * or at most limit: on the passing side, the limit included, when x
 * passes; strictly on the other when it fails.
 */
enum gate_reads gate_reads_for(double x, double limit, int at_least);

/* A way of printing figures, with given decimals or (-1) in its usual form. */
struct gate_style {
	void (*print)(char *buf, size_t len, double x, int decimals);
	double (*read)(const char *buf);    /* the figure buf shows */
};

/* gate_num's figures ("2.54"), and gate_dur's durations ("53.96µs"). */
extern const struct gate_style gate_style_num, gate_style_dur;

/*
 * x and y into a and b (len bytes each) in style st, with more decimals,
 * the same for both, until a reads rel b; with keep_b, b already holds
 * y printed and is left as it is.
 */
void gate_print_two(char *a, char *b, size_t len, double x, double y,
    enum gate_reads rel, const struct gate_style *st, int keep_b);

/* Whether a figure reading a reads rel one reading b. */
int gate_reads_hold(double a, double b, enum gate_reads rel);

/* A limit, a threshold or a level with every digit it was given: "10", "1.005". */
const char *gate_limit_num(char *buf, size_t len, double x);

/* x in style st, with the decimals to read rel limit's digits. */
const char *gate_fig_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel, const struct gate_style *st);

/* x as gate_num prints it, with the decimals to read rel limit's digits. */
const char *gate_num_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* x as a check of it against limit was ruled (gate_reads_for). */
const char *gate_num_vs(char *buf, size_t len, double x, double limit,
    int at_least);

/* x, already printed in buf, with more decimals until it reads rel limit's digits. */
void gate_num_refine(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* An interval's ends as gate_num_pair prints them, each read as ruled against limit. */
void gate_num_pair_vs(char *a, char *b, size_t len, double lo, double hi,
    double limit, int at_least);

/*
 * A half's reason, for its rows and checks in v and its ruling r: the
 * figures of a passing half summed up, else the reasons of its checks
 * ruled r, joined.  v->unit.why_none must be set when the unit is none.
 * The caller frees the string.
 */
char *gate_half_reason(const struct gate_verdict *v, enum class_kind kind,
    enum ruling r);

/*
 * The write ceiling as the ceiling note begins: "2 syncs a commit at p50
 * (--commit-syncs)".  The caller frees the string.
 */
char *gate_ceiling_words(double commit_syncs);

#endif
