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

/* A class both sides ran, as parts. */
struct gate_pair {
	const struct result_class *ours, *rival;
	struct gate_part o50, o99, r50, r99;
	struct gate_drop drops[GATE_MAX_DROPS];
	size_t ndrops;
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
};

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

#endif
