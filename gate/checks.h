/* SPDX-License-Identifier: MIT */
/*
 * Between gate/rules.c and gate/checks.c: one compared class's parts,
 * and the checks ruled on them.
 */
#ifndef SYNCGATE_GATE_CHECKS_H
#define SYNCGATE_GATE_CHECKS_H

#include "gate/rules.h"
#include "gate/turns.h"
#include "gate/unit.h"

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
	/*
	 * Sides apart (gate_verdict's apart): the shift between sessions this
	 * side's figures carry, mean 0, its variance the stated default's or
	 * a noise record's (gate_verdict's shift); its terms join l's and s's
	 * in every figure.
	 */
	struct runs_est sl[2], ss[2];
	int has_session;
	size_t nsamples;        /* samples behind p50, across the runs */
	int any_samples;
};

/*
 * A side's device flushes a commit of class name: the mean over its
 * runs; NaN unless every run counted them.
 */
double gate_side_flushes(const struct gate_side_in *in, const char *name);

/* Each run's figures of class name; with_unit: the syncs too. */
void gate_side_stats_init(struct gate_side_stats *st,
    const struct gate_side_in *in, const char *name, int with_unit,
    double level);
/*
 * The spread between runs one engine's figures take, pooled from its
 * sources: latencies and syncs, at p50 and p99 (model/runs.h).
 */
struct gate_pools {
	struct runs_pool l[2], s[2];
	/* the session shift's, shared by both sides (pools[0]'s) */
	struct runs_pool sl[2], ss[2];
};

/*
 * Paired sides' figures of one class: for each statistic, the pairs'
 * differences of logs (ours minus the rival's, each pair's sampling
 * variances summed), as one estimate over k - 1 degrees of freedom; with
 * one_engine (baseline mode: one engine, one spread), its spread pooled
 * with the pairs' means' about a drift both sides share
 * (runs_pool_add_trend: k - 2 more below 8 pairs).  Two engines' spreads
 * may differ, and then a pair's mean moves with its difference: pooled,
 * they would count more degrees of freedom than they hold.
 */
struct gate_paired {
	struct runs_est l[2];   /* p50, p99 latencies */
	struct runs_est s[2];   /* p50, p99 in syncs; when has_s */
	/* each one's spread: the differences' and the means' about their drift */
	struct runs_pool pl[2], ps[2];
	int has_s;
	/*
	 * Per statistic, whether every run bounds it: a run too thin to
	 * leaves that statistic to the sides' own figures.
	 */
	int ok_l[2], ok_s[2];
};

void gate_paired_init(struct gate_paired *pd, const struct gate_side_in *o,
    const struct gate_side_in *r, const size_t *perm_o, const size_t *perm_r,
    const char *name, int with_unit, int one_engine, double level);

/* Adds a side's own runs (two or more) to p. */
void gate_side_stats_pool(struct gate_pools *p, const struct gate_side_stats *st);
/* Adds a runner's noise record for the side's class to p. */
void gate_side_stats_pool_noise(struct gate_pools *p,
    const struct gate_side_stats *st, const struct noise_class *nc);
/* Whether p holds no source yet. */
int gate_pools_empty(const struct gate_pools *p);
/* The side takes its spread between runs from p (where p has any). */
void gate_side_stats_share(struct gate_side_stats *st, const struct gate_pools *p);

/* A run far from its side's others. */
struct gate_outlier {
	size_t run;             /* 1 to the side's runs; 0: none */
	const char *cls;        /* the class it is farthest in */
	double ratio;           /* its p50 over the others' geometric mean */
	const char *file;
};

/*
 * The run of in (three runs or more) farthest outside its others' 99%
 * prediction interval at p50, and at least 10% off them, in any class v
 * ruled: 1 with out filled, or 0 where none is.
 */
int gate_side_outlier(const struct gate_side_in *in, const struct gate_verdict *v,
    double level, struct gate_outlier *out);

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
	/* paired sides (gate_verdict's paired): the pairs' differences; else NULL */
	const struct gate_paired *pd;
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
	/* paired sides (gate_verdict's paired): each side's runs in time order */
	size_t *perm_o, *perm_r;
	/*
	 * Baseline mode over one run a side without a runner's noise: a fail
	 * is held indeterminate (a change of this size may be noise), unless
	 * --single-run-ok.
	 */
	int hold_fails;
	/*
	 * One run a side without --noise or --single-run-ok: the stated
	 * default spread between runs, as a noise record of every class that
	 * answers for both sides; NULL otherwise.
	 */
	const struct noise *dflt;
};

/*
 * Looks at whether each sampled part's samples depend on their
 * neighbours (gate_part_dependence): one pass over each class's samples,
 * wanted only where one run's sampling is the interval.
 */
void gate_pair_dependence(struct gate_pair *pair);

/* Sets pair's parts from its two classes. */
void gate_pair_init(struct gate_pair *pair, const struct result_class *ours,
    const struct result_class *rival);

/* Fills row (already named) and appends the pair's checks to ctx->v. */
void gate_check_pair(struct gate_ctx *ctx, struct gate_pair *pair,
    struct verdict_row *row);

/*
 * Rules check c on its value and interval against its limit (passing at
 * least the limit when at_least) as the gate does, under v's mode, scope
 * and hosts: sets c->ruling and c->held (a fail held indeterminate over
 * one run a side in baseline mode), a read across hosts not known to be
 * one indeterminate with --same-host.  Returns the figure's own ruling,
 * before either hold, which the words of the reason say.
 */
enum ruling gate_check_rule(const struct gate_verdict *v, struct verdict_check *c,
    int at_least);

#endif
