/* SPDX-License-Identifier: MIT */
/* The probe's group commit: several writers syncing one file at once. */
#ifndef SYNCGATE_PROBE_GROUP_H
#define SYNCGATE_PROBE_GROUP_H

#include "probe/measure.h"

/*
 * plan->writers threads syncing their own slots at once, per_writer times
 * or to the deadline (one at least).  Fills g with their syncs, median and
 * p99, also in units of unit_ns.  Returns 0, or -1 with err set.
 */
int probe_group(struct scratch *s, const struct probe_method *m,
    const struct group_plan *plan, struct probe_group *g, char *err);

#endif
