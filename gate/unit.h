/* SPDX-License-Identifier: MIT */
/*
 * The sync unit each side's writes are divided by, chosen from the
 * probes (gate/unit.c).
 */
#ifndef SYNCGATE_GATE_UNIT_H
#define SYNCGATE_GATE_UNIT_H

#include "gate/interval.h"
#include "gate/sides.h"
#include "verdict/types.h"

/* The sync unit each side's writes are divided by (gate/unit.c). */
struct gate_unit {
	struct gate_part ours, rival;   /* PART_SAMPLED over probe samples */
	double *ours_x, *rival_x;       /* sorted copies the parts point into */
	int shared;
};

/*
 * Chooses the unit from the two probes and fills v->unit; u's parts are
 * set only when v->unit.source is not UNIT_NONE.  Free u with
 * gate_unit_free.
 */
void gate_unit_choose(const struct gate_side_in *ours,
    const struct gate_side_in *rival, struct gate_verdict *v,
    struct gate_unit *u);
/*
 * The same over whole runs: each run's writes in its own probe's unit,
 * UNIT_PER_RUN; none where any run's probe cannot give one.
 */
void gate_unit_choose_runs(const struct gate_side_in *ours,
    const struct gate_side_in *rival, struct gate_verdict *v,
    struct gate_unit *u);
/* Frees what u holds (not u); accepts NULL. */
void gate_unit_free(struct gate_unit *u);

#endif
