/* SPDX-License-Identifier: MIT */
/*
 * syncgate-noise/1 in and out.  A noise file answers for another run on
 * the same runner, so a reader refuses anything a calibration could not
 * have written rather than let it narrow or widen a verdict's intervals.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/noise.h"
#include "lib/utf8.h"

static const char *const stat_keys[NOISE_NSTATS] = { "p50", "p99", "p50_syncs",
	"p99_syncs" };

/* Where a message points: the file and the JSON path so far. */
struct at {
	const char *file;
	char path[160];
	char *err;
};

static int
bad(const struct at *a, const char *key, const cJSON *v, const char *want)
{
	return errf(a->err, "%s: %s%s%s is %s; expected %s", a->file, a->path,
	    a->path[0] ? "." : "", key, json_kind(v), want);
}

static int
get_string(const cJSON *o, const char *key, int required, char **out,
    const struct at *a)
{
	const cJSON *v = json_member(o, key);

	*out = NULL;
	if (!required && (v == NULL || cJSON_IsNull(v)))
		return 0;
	if (!cJSON_IsString(v) || utf8_blank(v->valuestring))
		return bad(a, key, v, required ? "a non-empty string" :
		    "a non-empty string or null");
	*out = xstrdup(v->valuestring);
	return 0;
}

/* From lo to hi; WHOLE: a whole number; NULLABLE: absent or null as NaN. */
enum { WHOLE = 1, NULLABLE = 2 };

static int
get_number(const cJSON *o, const char *key, double lo, double hi, int flags,
    double *out, const char *want, const struct at *a)
{
	const cJSON *v = json_member(o, key);

	*out = NAN;
	if ((flags & NULLABLE) && (v == NULL || cJSON_IsNull(v)))
		return 0;
	if (json_finite(v, out) < 0 || *out < lo || *out > hi ||
	    ((flags & WHOLE) && *out != floor(*out)))
		return bad(a, key, v, want);
	return 0;
}

/* One statistic: null (not measured) or its spread. */
static int
get_stat(const cJSON *c, enum noise_which w, struct noise_stat *s,
    const struct at *ca)
{
	const cJSON *v = json_member(c, stat_keys[w]);
	struct at a = *ca;

	memset(s, 0, sizeof *s);
	if (w >= NOISE_SYNCS_P50 && (v == NULL || cJSON_IsNull(v)))
		return 0;
	if (!cJSON_IsObject(v))
		return bad(ca, stat_keys[w], v, w >= NOISE_SYNCS_P50 ?
		    "an object or null" : "an object");
	snprintf(a.path, sizeof a.path, "%.140s.%s", ca->path, stat_keys[w]);
	if (get_number(v, "log_sd", 0, 10, 0, &s->log_sd, "a standard deviation "
	    "of logs from 0 to 10", &a) < 0 ||
	    get_number(v, "df", 1, 1e9, 0, &s->df, "degrees of freedom, at least 1",
	    &a) < 0 ||
	    get_number(v, "within_log_sd", 0, 10, 0, &s->within_log_sd, "a standard "
	    "deviation of logs from 0 to 10", &a) < 0 ||
	    get_number(v, "geomean", 1e-9, 86400e9, 0, &s->geomean, "a positive "
	    "figure (ns, or syncs)", &a) < 0)
		return -1;
	s->have = 1;
	if (json_member(v, "session_log_sd") == NULL &&
	    json_member(v, "session_df") == NULL)
		return 0;
	if (get_number(v, "session_log_sd", 0, 10, 0, &s->session_log_sd, "a "
	    "standard deviation of logs from 0 to 10, with session_df", &a) < 0 ||
	    get_number(v, "session_df", 1, 1e9, 0, &s->session_df, "degrees of "
	    "freedom, at least 1, with session_log_sd", &a) < 0)
		return -1;
	s->have_session = 1;
	return 0;
}

static int
get_classes(const cJSON *root, struct noise *n, const struct at *ra)
{
	const cJSON *arr = json_member(root, "classes"), *c, *k;
	struct at a = *ra;
	size_t i = 0, j;
	char q[80];
	int w;

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
	    cJSON_GetArraySize(arr) > RESULT_MAX_CLASSES)
		return bad(ra, "classes", arr, "an array of 1 to 10000 classes");
	n->classes = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof *n->classes);
	cJSON_ArrayForEach(c, arr) {
		struct noise_class *nc = &n->classes[i];

		snprintf(a.path, sizeof a.path, "classes[%zu]", i);
		if (!cJSON_IsObject(c))
			return errf(a.err, "%s: %s is %s; expected an object", a.file,
			    a.path, json_kind(c));
		if (get_string(c, "name", 1, &nc->name, &a) < 0)
			return -1;
		k = json_member(c, "kind");
		if (!cJSON_IsString(k) || (strcmp(k->valuestring, "read") != 0 &&
		    strcmp(k->valuestring, "write") != 0))
			return bad(&a, "kind", k, "\"read\" or \"write\"");
		nc->kind = strcmp(k->valuestring, "read") == 0 ? KIND_READ : KIND_WRITE;
		for (w = 0; w < NOISE_NSTATS; w++)
			if (get_stat(c, (enum noise_which)w, &nc->stat[w], &a) < 0)
				return -1;
		n->nclasses = ++i;
	}
	for (i = 0; i < n->nclasses; i++)
		for (j = 0; j < i; j++)
			if (strcmp(n->classes[i].name, n->classes[j].name) == 0)
				return errf(a.err, "%s: classes[%zu] \"%s\" is named twice; "
				    "expected one entry a class", a.file, i,
				    err_quote(q, sizeof q, n->classes[i].name));
	return 0;
}

static int
get_files(const cJSON *root, struct noise *n, const struct at *a)
{
	const cJSON *arr = json_member(root, "files"), *f;

	if (arr == NULL || cJSON_IsNull(arr))
		return 0;
	if (!cJSON_IsArray(arr))
		return bad(a, "files", arr, "an array of strings or null");
	n->files = xcalloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof *n->files);
	cJSON_ArrayForEach(f, arr) {
		if (!cJSON_IsString(f))
			return errf(a->err, "%s: files[%zu] is %s; expected a string",
			    a->file, n->nfiles, json_kind(f));
		n->files[n->nfiles++] = xstrdup(f->valuestring);
	}
	return 0;
}

static int
get_header(const cJSON *root, struct noise *n, const struct at *a)
{
	const cJSON *f = json_member(root, "format");
	double runs, conc;

	if (!cJSON_IsString(f) || strcmp(f->valuestring, NOISE_FORMAT) != 0)
		return errf(a->err, "%s: format is %s%s%s; expected \"%s\" (what "
		    "syncgate calibrate writes)", a->file,
		    cJSON_IsString(f) ? "\"" : "", cJSON_IsString(f) ?
		    f->valuestring : json_kind(f), cJSON_IsString(f) ? "\"" : "",
		    NOISE_FORMAT);
	if (get_string(root, "syncgate_version", 0, &n->version, a) < 0 ||
	    get_string(root, "created", 0, &n->created, a) < 0 ||
	    get_string(root, "engine", 1, &n->engine, a) < 0 ||
	    get_string(root, "version", 0, &n->engine_version, a) < 0 ||
	    get_string(root, "workload", 0, &n->workload, a) < 0 ||
	    get_string(root, "host_id", 0, &n->host_id, a) < 0)
		return -1;
	if (get_number(root, "runs", 2, 1e6, WHOLE, &runs, "a whole number of "
	    "runs, at least 2", a) < 0)
		return -1;
	n->runs = (size_t)runs;
	if (json_member(root, "sessions") != NULL) {
		double g;

		if (get_number(root, "sessions", 1, runs, WHOLE, &g, "a whole number "
		    "of sessions, 1 to runs", a) < 0)
			return -1;
		n->sessions = (size_t)g;
	}
	if (get_number(root, "confidence", 0.5, 0.999999, 0, &n->confidence,
	    "a level from 0.5 to 0.999999", a) < 0 ||
	    get_number(root, "concurrency", 1, 1e9, WHOLE | NULLABLE, &conc,
	    "a whole number from 1, or null", a) < 0)
		return -1;
	n->concurrency = isnan(conc) ? -1 : (long long)conc;
	return 0;
}

/* calibrate's plan, where present: its keys syncgate run --plan takes. */
static int
get_plan(const cJSON *root, struct noise_plan *p, const struct at *ra)
{
	const cJSON *o = json_member(root, "plan");
	struct at a = *ra;
	double runs;

	if (o == NULL || cJSON_IsNull(o))
		return 0;
	snprintf(a.path, sizeof a.path, "plan");
	if (!cJSON_IsObject(o))
		return bad(ra, "plan", o, "an object or null");
	if (get_number(o, "limit", 1e-6, 10, 0, &p->limit, "a fraction above 0, "
	    "at most 10", &a) < 0 ||
	    get_number(o, "power", 0.5, 0.999999, 0, &p->power, "a share from 0.5 "
	    "to 0.999999", &a) < 0 ||
	    get_number(o, "confidence", 0.5, 0.999999, 0, &p->confidence, "a level "
	    "from 0.5 to 0.999999", &a) < 0 ||
	    get_number(o, "runs", 0, 1e6, WHOLE, &runs, "a whole number of runs "
	    "a side", &a) < 0 ||
	    get_number(o, "ops", 1, 1e15, WHOLE | NULLABLE, &p->ops, "a whole "
	    "number of operations, or null", &a) < 0)
		return -1;
	p->runs = (long long)runs;
	p->have = 1;
	return 0;
}

int
noise_load(const char *path, struct noise *n, char *err)
{
	struct at a = { .file = path, .err = err };
	cJSON *root;
	int rc;

	memset(n, 0, sizeof *n);
	n->concurrency = -1;
	root = json_load_file(path, JSON_MAX_BYTES, err);
	if (root == NULL)
		return -1;
	if (!cJSON_IsObject(root))
		rc = errf(err, "%s: the top level is %s; expected an object", path,
		    json_kind(root));
	else
		rc = get_header(root, n, &a) < 0 || get_files(root, n, &a) < 0 ||
		    get_classes(root, n, &a) < 0 || get_plan(root, &n->plan, &a) < 0 ?
		    -1 : 0;
	cJSON_Delete(root);
	if (rc < 0) {
		noise_free(n);
		return -1;
	}
	n->path = xstrdup(path);
	return 0;
}

static void
add_stat(cJSON *c, enum noise_which w, const struct noise_stat *s)
{
	cJSON *o;

	if (!s->have) {
		cJSON_AddNullToObject(c, stat_keys[w]);
		return;
	}
	o = cJSON_AddObjectToObject(c, stat_keys[w]);
	cJSON_AddNumberToObject(o, "log_sd", s->log_sd);
	cJSON_AddNumberToObject(o, "df", s->df);
	cJSON_AddNumberToObject(o, "within_log_sd", s->within_log_sd);
	cJSON_AddNumberToObject(o, "geomean", s->geomean);
	if (s->have_session) {
		cJSON_AddNumberToObject(o, "session_log_sd", s->session_log_sd);
		cJSON_AddNumberToObject(o, "session_df", s->session_df);
	}
}

cJSON *
noise_to_json(const struct noise *n)
{
	cJSON *root = cJSON_CreateObject(), *arr, *c;
	size_t i;
	int w;

	cJSON_AddStringToObject(root, "format", NOISE_FORMAT);
	json_add_string_or_null(root, "syncgate_version", n->version);
	json_add_string_or_null(root, "created", n->created);
	cJSON_AddStringToObject(root, "engine", n->engine);
	json_add_string_or_null(root, "version", n->engine_version);
	json_add_string_or_null(root, "workload", n->workload);
	json_add_double(root, "concurrency", n->concurrency > 0 ?
	    (double)n->concurrency : NAN);
	json_add_string_or_null(root, "host_id", n->host_id);
	cJSON_AddNumberToObject(root, "runs", (double)n->runs);
	if (n->sessions > 0)
		cJSON_AddNumberToObject(root, "sessions", (double)n->sessions);
	arr = cJSON_AddArrayToObject(root, "files");
	for (i = 0; i < n->nfiles; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(n->files[i]));
	cJSON_AddNumberToObject(root, "confidence", n->confidence);
	arr = cJSON_AddArrayToObject(root, "classes");
	for (i = 0; i < n->nclasses; i++) {
		c = cJSON_CreateObject();
		cJSON_AddStringToObject(c, "name", n->classes[i].name);
		cJSON_AddStringToObject(c, "kind", class_kind_name(n->classes[i].kind));
		for (w = 0; w < NOISE_NSTATS; w++)
			add_stat(c, (enum noise_which)w, &n->classes[i].stat[w]);
		cJSON_AddItemToArray(arr, c);
	}
	return root;
}

void
noise_free(struct noise *n)
{
	size_t i;

	if (n == NULL)
		return;
	free(n->path);
	free(n->version);
	free(n->created);
	free(n->engine);
	free(n->engine_version);
	free(n->workload);
	free(n->host_id);
	for (i = 0; i < n->nfiles; i++)
		free(n->files[i]);
	free(n->files);
	for (i = 0; i < n->nclasses; i++)
		free(n->classes[i].name);
	free(n->classes);
	memset(n, 0, sizeof *n);
}

const struct noise_class *
noise_find(const struct noise *n, const char *name)
{
	/* from where the last one was found, as result_find */
	static _Thread_local size_t last;
	size_t k, i;

	for (k = 0; k < n->nclasses; k++) {
		i = (last + k) % n->nclasses;
		if (strcmp(n->classes[i].name, name) == 0) {
			last = i;
			return &n->classes[i];
		}
	}
	return NULL;
}
