/* SPDX-License-Identifier: MIT */
/*
 * syncgate-result/1 out, as `syncgate import` and syncgate-bench write
 * it; cJSON prints whole doubles without a fraction, so samples read as
 * counts of nanoseconds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/result.h"
#include "lib/version.h"

struct result_class *
result_add_class(struct result *r, const char *name, enum class_kind kind)
{
	struct result_class *c;

	r->classes = xrealloc(r->classes, (r->nclasses + 1) * sizeof *r->classes);
	c = &r->classes[r->nclasses++];
	memset(c, 0, sizeof *c);
	c->name = xstrdup(name);
	c->kind = kind;
	c->p50_ns = c->p99_ns = NAN;
	c->p50_lo_ns = c->p50_hi_ns = c->p99_lo_ns = c->p99_hi_ns = NAN;
	c->flushes_per_op = c->turn_wait_ns = NAN;
	c->count = -1;
	return c;
}

static void
add_range(cJSON *o, const char *key, double lo, double hi)
{
	if (!isnan(lo) && !isnan(hi))
		cJSON_AddItemToObject(o, key, json_double_array((const double[]){ lo,
		    hi }, 2));
}

/*
 * failed, skipped, flushes_per_op and turn_wait_ns where any, then
 * sampling and flush_count; a flushes_per_op without a figure is null.
 */
static void
add_counts(cJSON *o, const struct result_class *c)
{
	const struct result_flush_count *f = c->flush_count;
	cJSON *fc, *arr, *d;
	size_t i;

	if (c->failed > 0)
		cJSON_AddNumberToObject(o, "failed", (double)c->failed);
	if (c->skipped > 0)
		cJSON_AddNumberToObject(o, "skipped", (double)c->skipped);
	if (isfinite(c->flushes_per_op))
		cJSON_AddNumberToObject(o, "flushes_per_op", c->flushes_per_op);
	if (isfinite(c->turn_wait_ns))
		cJSON_AddNumberToObject(o, "turn_wait_ns", c->turn_wait_ns);
	if (c->sampling != NULL)
		cJSON_AddStringToObject(o, "sampling", c->sampling);
	if (f == NULL)
		return;
	if (!isfinite(c->flushes_per_op))
		cJSON_AddNullToObject(o, "flushes_per_op");
	fc = cJSON_AddObjectToObject(o, "flush_count");
	cJSON_AddNumberToObject(fc, "ops", (double)f->ops);
	json_add_double(fc, "ops_s", f->ops_s);
	json_add_double(fc, "idle_s", f->idle_s);
	arr = cJSON_AddArrayToObject(fc, "devices");
	for (i = 0; i < f->ndevices; i++) {
		d = cJSON_CreateObject();
		cJSON_AddItemToArray(arr, d);
		cJSON_AddStringToObject(d, "device", f->devices[i].device);
		json_add_double(d, "flushes", f->devices[i].flushes);
		json_add_double(d, "idle_flushes", f->devices[i].idle_flushes);
		json_add_double(d, "rounds_flushes", f->devices[i].rounds_flushes);
		json_add_string_or_null(d, "dropped", f->devices[i].dropped);
	}
	json_add_string_or_null(fc, "device", f->device);
	json_add_double(fc, "other", f->other);
	json_add_string_or_null(fc, "why_none", f->why_none);
	if (f->shared != NULL)
		cJSON_AddStringToObject(fc, "shared", f->shared);
}

/* The kinds of time a run spent, those it took, as "spent". */
static void
add_spent(cJSON *d, const struct result_spent *s)
{
	const struct { const char *key; double x; } kinds[] = {
		{ "probe_s", s->probe_s }, { "load_s", s->load_s },
		{ "idle_s", s->idle_s }, { "rounds_s", s->rounds_s },
		{ "ops_s", s->ops_s }, { "import_s", s->import_s },
	};
	cJSON *o = cJSON_AddObjectToObject(d, "spent");
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (isfinite(kinds[i].x))
			cJSON_AddNumberToObject(o, kinds[i].key, kinds[i].x);
}

/* How syncgate-bench (dr), or else syncgate run (c), made the run. */
static cJSON *
driver_to_json(const struct result_driver *dr, const struct result_command *c)
{
	cJSON *d = cJSON_CreateObject();

	cJSON_AddStringToObject(d, "program", dr != NULL ? "syncgate-bench" :
	    "syncgate run");
	cJSON_AddStringToObject(d, "syncgate_version", SYNCGATE_VERSION);
	if (dr == NULL) {
		cJSON_AddStringToObject(d, "command", c->command);
		cJSON_AddStringToObject(d, "import", c->import);
		cJSON_AddStringToObject(d, "stdout", c->stdout_file);
		cJSON_AddStringToObject(d, "stderr", c->stderr_file);
		if (c->output_file != NULL)
			cJSON_AddStringToObject(d, "output", c->output_file);
		cJSON_AddStringToObject(d, "probed", c->probed);
		json_add_double(d, "elapsed_s", c->elapsed_s);
		add_spent(d, &c->spent);
		return d;
	}
	cJSON_AddNumberToObject(d, "rows", (double)dr->rows);
	cJSON_AddNumberToObject(d, "value_bytes", (double)dr->value_bytes);
	if (dr->ops > 0)
		cJSON_AddNumberToObject(d, "ops", (double)dr->ops);
	else
		cJSON_AddNumberToObject(d, "seconds", dr->seconds);
	cJSON_AddStringToObject(d, "mix", dr->mix);
	cJSON_AddStringToObject(d, "settings", dr->settings);
	cJSON_AddStringToObject(d, "probed", dr->probed);
	if (dr->probe_every_ns > 0)
		cJSON_AddNumberToObject(d, "probe_every_ns", dr->probe_every_ns);
	else
		cJSON_AddStringToObject(d, "probe_every_ns", "off");
	cJSON_AddNumberToObject(d, "elapsed_s", dr->elapsed_s);
	cJSON_AddNumberToObject(d, "max_samples", (double)dr->max_samples);
	cJSON_AddNumberToObject(d, "samples_file_over",
	    (double)dr->samples_file_over);
	add_spent(d, &dr->spent);
	return d;
}

/* c's samples in file order, whose stretches gate_part_dependence reads. */
static cJSON *
samples_array(const struct result_class *c)
{
	double *x;
	cJSON *a;

	if (c->samples_ns != NULL)
		return cJSON_CreateDoubleArray(c->samples_ns, (int)c->nsamples);
	x = xmalloc(c->nsamples * sizeof *x);
	samples_in_order(&c->held, x);
	a = cJSON_CreateDoubleArray(x, (int)c->nsamples);
	free(x);
	return a;
}

/* file: the samples_file that holds c's samples, or NULL to write them inline. */
static cJSON *
class_to_json(const struct result_class *c, const char *file)
{
	cJSON *o = cJSON_CreateObject(), *a;
	size_t i;

	cJSON_AddStringToObject(o, "name", c->name);
	cJSON_AddStringToObject(o, "kind", class_kind_name(c->kind));
	if (c->samples_ns != NULL || c->held.n > 0) {
		if (file != NULL)
			cJSON_AddStringToObject(o, "samples_file", file);
		else
			cJSON_AddItemToObject(o, "samples_ns", samples_array(c));
		/* a sample of the operations: count says how many there were */
		cJSON_AddNumberToObject(o, "count", c->count > (long long)c->nsamples ?
		    (double)c->count : (double)c->nsamples);
	} else {
		cJSON_AddNumberToObject(o, "p50_ns", c->p50_ns);
		cJSON_AddNumberToObject(o, "p99_ns", c->p99_ns);
		if (c->buckets != NULL) {
			a = cJSON_AddArrayToObject(o, "histogram_ns");
			for (i = 0; i < c->nbuckets; i++)
				cJSON_AddItemToArray(a, json_double_array((const double[]){
				    c->buckets[i].lo_ns, c->buckets[i].hi_ns,
				    (double)c->buckets[i].count }, 3));
		} else {
			add_range(o, "p50_range_ns", c->p50_lo_ns, c->p50_hi_ns);
			add_range(o, "p99_range_ns", c->p99_lo_ns, c->p99_hi_ns);
		}
		if (c->count >= 0)
			cJSON_AddNumberToObject(o, "count", (double)c->count);
	}
	add_counts(o, c);
	return o;
}

cJSON *
result_to_json(const struct result *r, const char *const *files)
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
	if (r->host != NULL)
		cJSON_AddItemToObject(o, "host", result_host_to_json(r->host));
	if (r->probe != NULL)
		cJSON_AddItemToObject(o, "probe", probe_record_to_json(r->probe));
	classes = cJSON_AddArrayToObject(o, "classes");
	for (i = 0; i < r->nclasses; i++)
		cJSON_AddItemToArray(classes, class_to_json(&r->classes[i],
		    files != NULL ? files[i] : NULL));
	if (session_present(&r->session))
		cJSON_AddItemToObject(o, "session", session_to_json(&r->session));
	if (r->driver != NULL || r->command != NULL)
		cJSON_AddItemToObject(o, "driver", driver_to_json(r->driver,
		    r->command));
	return o;
}

int
result_reload(const cJSON *root, const char *name, struct result *r, char *err)
{
	struct result kept;
	char why[ERRLEN];

	if (result_from_json(root, name, r != NULL ? r : &kept, why) < 0)
		return errf(err, "the result would not load back: %s", why);
	if (r == NULL)
		result_free(&kept);
	return 0;
}
