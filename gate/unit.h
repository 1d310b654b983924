/* SPDX-License-Identifier: MIT */
/* The sync unit each side's writes are divided by, chosen from the probes. */
#ifndef SYNCGATE_GATE_UNIT_H
#define SYNCGATE_GATE_UNIT_H

#include "gate/interval.h"
#include "gate/sides.h"
#include "verdict/types.h"

struct gate_unit {
	struct gate_part ours, rival;   /* PART_SAMPLED over probe samples */
	double *ours_x, *rival_x;       /* sorted copies the parts point into */
	int shared;
};

/*
 * Chooses the unit from the two probes and fills v->unit; over whole runs
 * (runs), each run in its own probe's unit (UNIT_PER_RUN), or none.  u's
 * parts are set only when v->unit.source is not UNIT_NONE.  Free u with
 * gate_unit_free (NULL too).
 */
void gate_unit_choose(const struct gate_side_in *ours,
    const struct gate_side_in *rival, int runs, struct gate_verdict *v,
    struct gate_unit *u);
void gate_unit_free(struct gate_unit *u);

#endif
