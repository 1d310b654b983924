/* SPDX-License-Identifier: MIT */
/*
 * The machine a result was measured on (docs/result-format.md, "The
 * host"); gathered by probe/host.c, compared by gate/host.c.
 */
#ifndef SYNCGATE_RESULT_HOST_H
#define SYNCGATE_RESULT_HOST_H

#include <cjson/cJSON.h>

#include "lib/json_fields.h"

/* Hex digits of a hashed machine id, as the probe's host.id has them. */
#define RESULT_HOST_ID_LEN 16

/* Every field NULL or -1 where the system did not say; never guessed. */
struct result_host {
	char *cpu_model;        /* "Intel(R) Xeon(R) CPU E5-2686 v4 @ 2.30GHz" */
	long long cores;        /* online logical CPUs; -1 unknown */
	long long memory_bytes; /* physical memory; -1 unknown */
	char *kernel;           /* uname's release */
	char *machine_id;       /* RESULT_HOST_ID_LEN hex digits, hashed */
	char *id_source;        /* "machine-id", "hostuuid", "hostname" */
};

/* Every field unknown; free also frees what h holds (NULL accepted). */
void result_host_init(struct result_host *h);
void result_host_free(struct result_host *h);

void result_host_copy(struct result_host *dst, const struct result_host *src);

/* Whether s is RESULT_HOST_ID_LEN lowercase hex digits (a raw id has 32). */
int result_host_id_ok(const char *s);

/*
 * Whether h's id names a machine: from /etc/machine-id or gethostuuid,
 * not a host name (new with each container, shared by machines).
 */
int result_host_id_usable(const struct result_host *h);

/* Reads host object o into h, every key present; 0, or -1 with at->err. */
int result_host_from_json(const cJSON *o, const struct json_at *at,
    struct result_host *h);

/* h as a host object, every key written, null where unknown. */
cJSON *result_host_to_json(const struct result_host *h);

/* cpu_model, cores and memory_bytes alone, as a probe's host has them. */
extern const struct json_field result_host_hw_fields[];

#endif
