/* SPDX-License-Identifier: MIT */
/*
 * The hosts of the sides' runs (gate/host.c): whether they are one
 * machine, and the note that says which where they are not.
 */
#ifndef SYNCGATE_GATE_HOST_H
#define SYNCGATE_GATE_HOST_H

#include <stddef.h>

#include "gate/rules.h"
#include "model/result_host.h"

/*
 * The hosts of n runs (h[i] NULL: run i records none): unrecorded when
 * none records one; different when a field known in two of them differs
 * (the machine id counting only where it names a machine: from
 * machine-id or hostuuid); same when every run records a host with every
 * field known, usable ids included, all alike; else unknown.  *differs
 * (when not NULL) gets the GATE_HOST_* bits of the fields that differ.
 */
enum verdict_hosts gate_hosts_compare(const struct result_host *const *h,
    size_t n, unsigned *differs);

/* Sets v->hosts over every run of both sides, and v->same_host from o. */
void gate_hosts(const struct gate_side_in *ours,
    const struct gate_side_in *rival, const struct gate_opts *o,
    struct gate_verdict *v);

/*
 * Notes, where v has a read class and its hosts are different or
 * unknown, which hosts and why.  Call once the rows are in v.
 */
void gate_note_hosts(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival);

#endif
