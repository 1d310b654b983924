/* SPDX-License-Identifier: MIT */
/* The hosts of the sides' runs: whether they are one machine, and the note. */
#ifndef SYNCGATE_GATE_HOST_H
#define SYNCGATE_GATE_HOST_H

#include <stddef.h>

#include "gate/rules.h"
#include "model/result_host.h"

/*
 * The hosts of n runs (h[i] NULL: none recorded): unrecorded when none
 * records one; different when a field known in two differs (the machine
 * id only where it names a machine); same when every run records every
 * field, all alike; else unknown.  *differs (if not NULL) gets the
 * GATE_HOST_* bits that differ.
 */
enum verdict_hosts gate_hosts_compare(const struct result_host *const *h,
    size_t n, unsigned *differs);

/* Sets v->hosts over every run of both sides, and v->same_host from o. */
void gate_hosts(const struct gate_side_in *ours,
    const struct gate_side_in *rival, const struct gate_opts *o,
    struct gate_verdict *v);

/* Notes which hosts and why, where v has reads and hosts differ or are unknown. */
void gate_note_hosts(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival);

#endif
