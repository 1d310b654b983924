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

#endif
