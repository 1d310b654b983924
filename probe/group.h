/* SPDX-License-Identifier: MIT */
/* The probe's group commit: several writers syncing one file at once. */
#ifndef SYNCGATE_PROBE_GROUP_H
#define SYNCGATE_PROBE_GROUP_H

#include "probe/measure.h"

/*
 * Group commit: plan->writers threads, each writing and syncing its own
 * slots of the file at once, until per_writer kept syncs or the deadline
 * (each keeps one sync however late).  Fills g with every writer's syncs,
 * writer by writer, and their median and p99, also in units of unit_ns.
 * Returns 0, or -1 with err set.
 */
int probe_group(struct scratch *s, const struct probe_method *m,
    const struct group_plan *plan, struct probe_group *g, char *err);

#endif
