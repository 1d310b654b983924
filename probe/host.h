/* SPDX-License-Identifier: MIT */
/* The machine this runs on: CPU, cores, memory, kernel, hashed id. */
#ifndef SYNCGATE_PROBE_HOST_H
#define SYNCGATE_PROBE_HOST_H

#include "model/probe_record.h"
#include "model/result_host.h"

/* Fills h (result_host_free frees it); what is not said stays unknown. */
void host_gather(struct result_host *h);

/* Fills out's host fields: id, id_source, name, os, kernel, virt, hw. */
void host_identify(struct probe_record *out);

#endif
