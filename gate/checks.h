/* SPDX-License-Identifier: MIT */
/*
 * Between gate/rules.c and gate/checks.c: one compared class's parts,
 * and the checks ruled on them.
 */
#ifndef SYNCGATE_GATE_CHECKS_H
#define SYNCGATE_GATE_CHECKS_H

#include "gate/turns.h"
#include "gate/unit.h"
#include "model/noise.h"

/* A sampled part dropped to exact in some check: too few samples. */
struct gate_drop {
	const struct gate_part *pt;
	double level;           /* the highest level it was asked for */
};

#define GATE_MAX_DROPS 8

/*
 * One side's figures of one class over its runs, on the log scale, each
 * run's syncs in the unit of its own probe.
 */
struct gate_side_stats {
	struct runs_est l[2];   /* p50, p99 latencies */
	struct runs_est s[2];   /* p50, p99 in syncs; when has_s */
	int has_s;
	/*
	 * Sides apart: the shift between sessions the side carries, mean 0,
	 * the default's or a noise record's variance; joins every figure.
	 */
	struct runs_est sl[2], ss[2];
	int has_session;
	size_t nsamples;        /* samples behind p50, across the runs */
};

/* A side's device flushes a commit of class name over its runs; NaN unless all counted. */
double gate_side_flushes(const struct gate_side_in *in, const char *name);

void gate_side_stats_init(struct gate_side_stats *st,
    const struct gate_side_in *in, const char *name, int with_unit,
    double level);

/* One engine's spread between runs, pooled from its sources (model/runs.h). */
struct gate_pools {
	struct runs_pool l[2], s[2];
	struct runs_pool sl[2], ss[2];  /* the session shift's: pools[0]'s */
};

/*
 * Paired sides' figures of one class: per statistic, the pairs'
 * differences of logs as one estimate over k - 1 degrees of freedom;
 * with one_engine (baseline mode) pooled with the pairs' means about a
 * shared drift (runs_pool_add_trend).  Two engines' spreads may differ,
 * so pooling them would count more degrees of freedom than they hold.
 */
struct gate_paired {
	struct runs_est l[2];   /* p50, p99 latencies */
	struct runs_est s[2];   /* p50, p99 in syncs; with a unit */
	struct runs_pool pl[2], ps[2];
	/* whether every run bounds it: else the sides' own figures rule */
	int ok_l[2], ok_s[2];
};

void gate_paired_init(struct gate_paired *pd, const struct gate_side_in *o,
    const struct gate_side_in *r, const size_t *perm_o, const size_t *perm_r,
    const char *name, int with_unit, int one_engine, double level);

/* Adds a side's own runs (two or more), or with nc a noise record, to p. */
void gate_side_stats_pool(struct gate_pools *p, const struct gate_side_stats *st,
    const struct noise_class *nc);
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
 * The run of in (three or more) farthest outside its others' 99%
 * prediction interval at p50, and 10% off them, in any class v ruled:
 * 1 with out filled, or 0.
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
	 * Over whole runs: each side's figures, the parts then points at
	 * their geometric means; NULL over one run a side.
	 */
	const struct gate_side_stats *os, *rs;
	const struct gate_paired *pd;   /* paired sides, else NULL */
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
	int runs;               /* figures over whole runs */
	const struct gate_side_in *ours_in, *rival_in;
	size_t *perm_o, *perm_r;        /* paired: each side's runs in time order */
	/* one run a side without --noise or --single-run-ok: the stated spread */
	const struct noise *dflt;
};

void gate_pair_init(struct gate_pair *pair, const struct result_class *ours,
    const struct result_class *rival);

/* Fills row (already named) and appends the pair's checks to ctx->v. */
void gate_check_pair(struct gate_ctx *ctx, struct gate_pair *pair,
    struct verdict_row *row);

/*
 * Rules c on its value and interval against its limit under v's mode,
 * scope and hosts: sets c->ruling and c->held.  Returns the figure's own
 * ruling, before any hold, which the reason's words say.
 */
enum ruling gate_check_rule(const struct gate_verdict *v, struct verdict_check *c,
    int at_least);

#endif
