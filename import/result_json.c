/* SPDX-License-Identifier: MIT */
/*
 * Results written as JSON.  Numbers are nanoseconds as doubles; cJSON
 * prints integral values without a fraction, so samples read as counts
 * of nanoseconds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "import/result_json.h"
#include "lib/err.h"
#include "lib/json.h"
#include "lib/outfile.h"

static void
add_range(cJSON *o, const char *key, double lo, double hi)
{
	cJSON *a;

	if (isnan(lo) || isnan(hi))
		return;
	a = cJSON_AddArrayToObject(o, key);
	cJSON_AddItemToArray(a, cJSON_CreateNumber(lo));
	cJSON_AddItemToArray(a, cJSON_CreateNumber(hi));
}

/* file: the samples_file that holds c's samples, or NULL to write them inline. */
static cJSON *
class_to_json(const struct result_class *c, const char *file)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "name", c->name);
	cJSON_AddStringToObject(o, "kind", class_kind_name(c->kind));
	if (c->samples_ns != NULL) {
		if (file != NULL)
			cJSON_AddStringToObject(o, "samples_file", file);
		else
			cJSON_AddItemToObject(o, "samples_ns",
			    cJSON_CreateDoubleArray(c->samples_ns, (int)c->nsamples));
		/* a sample of the operations: count says how many there were */
		cJSON_AddNumberToObject(o, "count", c->count > (long long)c->nsamples ?
		    (double)c->count : (double)c->nsamples);
		return o;
	}
	cJSON_AddNumberToObject(o, "p50_ns", c->p50_ns);
	cJSON_AddNumberToObject(o, "p99_ns", c->p99_ns);
	add_range(o, "p50_range_ns", c->p50_lo_ns, c->p50_hi_ns);
	add_range(o, "p99_range_ns", c->p99_lo_ns, c->p99_hi_ns);
	if (c->count >= 0)
		cJSON_AddNumberToObject(o, "count", (double)c->count);
	return o;
}

cJSON *
import_result_to_json(const struct result *r)
{
	return import_result_to_json_files(r, NULL);
}

cJSON *
import_result_to_json_files(const struct result *r, const char *const *files)
{
	cJSON *o = cJSON_CreateObject(), *classes;
	size_t i;

	cJSON_AddStringToObject(o, "format", RESULT_FORMAT);
	cJSON_AddStringToObject(o, "engine", r->engine);
	if (r->version != NULL)
		cJSON_AddStringToObject(o, "version", r->version);
	if (r->workload != NULL)
		cJSON_AddStringToObject(o, "workload", r->workload);
	if (r->concurrency >= 0)
		cJSON_AddNumberToObject(o, "concurrency", (double)r->concurrency);
	if (r->probe != NULL)
		cJSON_AddItemToObject(o, "probe", probe_record_to_json(r->probe));
	classes = cJSON_AddArrayToObject(o, "classes");
	for (i = 0; i < r->nclasses; i++)
		cJSON_AddItemToArray(classes, class_to_json(&r->classes[i],
		    files != NULL ? files[i] : NULL));
	return o;
}

int
import_check_result(const cJSON *root, const char *name, char *err)
{
	struct result r;
	char why[ERRLEN];

	if (result_from_json(root, name, &r, why) < 0)
		return errf(err, "the result would not load back: %s", why);
	result_free(&r);
	return 0;
}

int
import_write_json(const cJSON *root, const char *path, char *err)
{
	struct outfile out;

	if (outfile_open(&out, path, err) < 0)
		return -1;
	if (json_print(out.fp, root) < 0) {
		errf(err, "%s:", path != NULL ? path : "standard output");
		outfile_abort(&out);
		return -1;
	}
	return outfile_close(&out, err);
}
