/* SPDX-License-Identifier: MIT */
/*
 * The machine this process runs on, as a result records it: CPU model,
 * cores, memory, kernel and the hashed machine id.
 */
#ifndef SYNCGATE_PROBE_HOST_H
#define SYNCGATE_PROBE_HOST_H

#include "model/probe_record.h"
#include "model/result_host.h"

/*
 * Fills h (initialised here; the caller frees it with result_host_free)
 * with what the system says; a field it does not say stays unknown.
 */
void host_gather(struct result_host *h);

/* Fills out's host fields: id, id_source, name, os, kernel, virt, hw. */
void host_identify(struct probe_record *out);

#endif
