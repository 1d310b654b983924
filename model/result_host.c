/* SPDX-License-Identifier: MIT */
/*
 * A result's host object in and out.  Every key is written, null where
 * the system did not say, so a reader tells "unknown" from "forgotten".
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json_fields.h"
#include "model/probe_record.h"
#include "model/result_host.h"

#define HOST_MAX_BYTES 9007199254740992.0       /* 2^53: whole in a double */

static const struct json_span cores_span = { 1, 1e6, 0, 0, 1,
	"a whole number of cores from 1 to 1000000, or null", NULL, NULL };
static const struct json_span memory_span = { 1, HOST_MAX_BYTES, 0, 0, 1,
	"a whole number of bytes from 1 to 2^53, or null", NULL, NULL };

void
result_host_init(struct result_host *h)
{
	memset(h, 0, sizeof *h);
	h->cores = h->memory_bytes = -1;
}

int
result_host_id_ok(const char *s)
{
	return strspn(s, "0123456789abcdef") == RESULT_HOST_ID_LEN &&
	    s[RESULT_HOST_ID_LEN] == '\0';
}

int
result_host_id_usable(const struct result_host *h)
{
	return h->machine_id != NULL && h->id_source != NULL &&
	    (strcmp(h->id_source, "machine-id") == 0 ||
	    strcmp(h->id_source, "hostuuid") == 0);
}

static const char text[] = EXPECTED("a non-empty string, or null");
static const char id_expected[] = EXPECTED("16 lowercase hex digits (the "
    "machine id hashed as the probe hashes host.id), or null");

#define T struct result_host
#define TEXT(k, m) { JF(k, JF_STR, JSON_NULL | JSON_NONBLANK, m), .what = text }
/* in cJSON's digits, as results have always had them */
#define COUNT(k, m, s) { JF(k, JF_LLONG, JSON_NULL | JSON_DOUBLE, m), .span = &s }
#define HW TEXT("cpu_model", cpu_model), COUNT("cores", cores, cores_span), \
	COUNT("memory_bytes", memory_bytes, memory_span)

const struct json_field result_host_hw_fields[] = { HW, JF_END };
/* machine_id's digits and its source are checked once both are read */
static const struct json_field host_fields[] = {
	HW, TEXT("kernel", kernel),
	{ JF("machine_id", JF_STR, JSON_NULL, machine_id), .what = id_expected },
	TEXT("id_source", id_source), JF_END
};

void
result_host_free(struct result_host *h)
{
	if (h == NULL)
		return;
	probe_fields_strings(host_fields, h, NULL);
	result_host_init(h);
}

void
result_host_copy(struct result_host *dst, const struct result_host *src)
{
	*dst = *src;
	probe_fields_strings(host_fields, dst, src);
}

int
result_host_from_json(const cJSON *o, const struct json_at *at,
    struct result_host *h)
{
	struct json_at c;
	char q[80];

	result_host_init(h);
	if (json_get_fields(o, host_fields, h, at) < 0)
		goto fail;
	if (h->machine_id == NULL)
		return 0;
	json_at_key(&c, at, "machine_id");
	if (!result_host_id_ok(h->machine_id))
		errf(at->err, "%s: %s is \"%s\"; expected %s", at->file, c.path,
		    err_quote(q, sizeof q, h->machine_id), id_expected);
	else if (h->id_source == NULL) {
		json_at_key(&c, at, "id_source");
		errf(at->err, "%s: %s is null but machine_id is not; expected where "
		    "the id came from (\"machine-id\", \"hostuuid\", \"hostname\")",
		    at->file, c.path);
	} else
		return 0;
fail:
	result_host_free(h);
	return -1;
}

cJSON *
result_host_to_json(const struct result_host *h)
{
	return json_put_object(host_fields, h);
}
