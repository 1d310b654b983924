/* SPDX-License-Identifier: MIT */
/*
 * A result's host object in and out.  Every key is written, null where
 * the system did not say, so a reader tells "unknown" from "forgotten".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
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

void
result_host_free(struct result_host *h)
{
	if (h == NULL)
		return;
	free(h->cpu_model);
	free(h->kernel);
	free(h->machine_id);
	free(h->id_source);
	result_host_init(h);
}

void
result_host_copy(struct result_host *dst, const struct result_host *src)
{
	*dst = *src;
	dst->cpu_model = probe_strdup(src->cpu_model);
	dst->kernel = probe_strdup(src->kernel);
	dst->machine_id = probe_strdup(src->machine_id);
	dst->id_source = probe_strdup(src->id_source);
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

static const int str = JSON_NULL | JSON_NONBLANK;
static const char text[] = EXPECTED("a non-empty string, or null");

int
result_host_hw_from_json(const cJSON *o, const struct json_at *at,
    struct result_host *h)
{
	double cores, memory;

	if (json_get_string(o, "cpu_model", str, text, at, &h->cpu_model) < 0 ||
	    json_get_number(o, "cores", JSON_NULL, &cores_span, at, &cores) < 0 ||
	    json_get_number(o, "memory_bytes", JSON_NULL, &memory_span, at,
	    &memory) < 0)
		return -1;
	h->cores = isnan(cores) ? -1 : (long long)cores;
	h->memory_bytes = isnan(memory) ? -1 : (long long)memory;
	return 0;
}

int
result_host_from_json(const cJSON *o, const struct json_at *at,
    struct result_host *h)
{
	static const char expected[] = EXPECTED("16 lowercase hex digits (the "
	    "machine id hashed as the probe hashes host.id), or null");
	struct json_at c, src;
	const cJSON *v;
	char q[80];
	int rc;

	result_host_init(h);
	json_at_key(&src, at, "id_source");
	if (result_host_hw_from_json(o, at, h) < 0 ||
	    json_get_string(o, "kernel", str, text, at, &h->kernel) < 0 ||
	    json_get_string(o, "id_source", str, text, at, &h->id_source) < 0 ||
	    (rc = json_get(o, "machine_id", JSON_NULL, expected, at, &v, &c)) < 0)
		goto fail;
	if (rc > 0)
		return 0;
	if (!cJSON_IsString(v))
		json_bad(&c, v, expected);
	else if (!result_host_id_ok(v->valuestring))
		errf(at->err, "%s: %s is \"%s\"; expected %s", at->file, c.path,
		    err_quote(q, sizeof q, v->valuestring), expected);
	else if (h->id_source == NULL)
		errf(at->err, "%s: %s is null but machine_id is not; expected where "
		    "the id came from (\"machine-id\", \"hostuuid\", \"hostname\")",
		    at->file, src.path);
	else {
		h->machine_id = xstrdup(v->valuestring);
		return 0;
	}
fail:
	result_host_free(h);
	return -1;
}

void
result_host_hw_to_json(cJSON *o, const struct result_host *h)
{
	json_add_string_or_null(o, "cpu_model", h->cpu_model);
	json_add_double(o, "cores", h->cores < 0 ? NAN : (double)h->cores);
	json_add_double(o, "memory_bytes", h->memory_bytes < 0 ? NAN :
	    (double)h->memory_bytes);
}

cJSON *
result_host_to_json(const struct result_host *h)
{
	cJSON *o = cJSON_CreateObject();

	result_host_hw_to_json(o, h);
	json_add_string_or_null(o, "kernel", h->kernel);
	json_add_string_or_null(o, "machine_id", h->machine_id);
	json_add_string_or_null(o, "id_source", h->id_source);
	return o;
}
