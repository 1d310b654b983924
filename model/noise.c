/* SPDX-License-Identifier: MIT */
/*
 * syncgate-noise/1 in and out.  A noise file answers for another run on
 * the same runner, so a reader refuses anything a calibration could not
 * have written rather than let it narrow or widen a verdict's intervals.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json_fields.h"
#include "model/noise.h"

/* What a calibration could have written. */
#define SPAN(name, min, max, whole, what) \
	static const struct json_span name = { min, max, 0, 0, whole, what, NULL, \
		NULL }
SPAN(RUNS, 2, 1e6, 1, "a whole number of runs, at least 2");
SPAN(LEVEL, 0.5, 0.999999, 0, "a level from 0.5 to 0.999999");
SPAN(CONCURRENCY, 1, 1e9, 1, "a whole number from 1, or null");
/*
 * Two runs at a result's two ends (1 ns and a day, e^32.1 apart; their
 * syncs twice that) spread by a log standard deviation of 22.7 (45.4).
 */
SPAN(SD, 0, 50, 0, "a standard deviation of logs from 0 to 50");
SPAN(DF, 1, 1e9, 0, "degrees of freedom, at least 1");
SPAN(GEOMEAN, 1e-9, 86400e9, 0, "a positive figure (ns, or syncs)");
SPAN(SESSION_SD, 0, 50, 0,
    "a standard deviation of logs from 0 to 50, with session_df");
SPAN(SESSION_DF, 1, 1e9, 0, "degrees of freedom, at least 1, with session_log_sd");
SPAN(LIMIT, 1e-6, 10, 0, "a fraction above 0, at most 10");
SPAN(POWER, 0.5, 0.999999, 0, "a share from 0.5 to 0.999999");
SPAN(PLAN_RUNS, 0, 1e6, 1, "a whole number of runs a side");
SPAN(OPS, 1, 1e15, 1, "a whole number of operations, or null");

static const struct json_words KINDS = { class_kind_names, KIND_WRITE + 1,
	"\"read\" or \"write\"" };
#define CLASSES "an array of 1 to 10000 classes"

#define ABSENT (JSON_OPTIONAL | JSON_NULL)
#define NAME(k, m) { JF(k, JF_STR, JSON_NONBLANK, m), .what = "a non-empty string" }
#define NAME_OR_NULL(k, m) { JF(k, JF_STR, ABSENT | JSON_NONBLANK, m), \
	.what = "a non-empty string or null" }
/* a figure, in cJSON's own digits as noise files always had them */
#define NUM(k, m, fl, s) { JF(k, JF_NUM, (fl) | JSON_DOUBLE, m), .span = &s }
#define WHOLE(k, ty, m, fl, s) { JF(k, ty, fl, m), .span = &s }

/* A shift between sessions: both its keys, or neither (runs of one session). */
static int
get_session(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *w)
{
	struct noise_stat *s = (struct noise_stat *)(void *)b;

	if (json_member(o, f->key) == NULL && json_member(o, "session_df") == NULL)
		return 0;
	if (json_get_number(o, f->key, 0, &SESSION_SD, w, &s->session_log_sd) < 0 ||
	    json_get_number(o, "session_df", 0, &SESSION_DF, w, &s->session_df) < 0)
		return -1;
	s->have_session = 1;
	return 0;
}

static void
put_session(cJSON *o, const struct json_field *f, const char *b)
{
	const struct noise_stat *s = (const struct noise_stat *)(const void *)b;

	if (!s->have_session)
		return;
	cJSON_AddNumberToObject(o, f->key, s->session_log_sd);
	cJSON_AddNumberToObject(o, "session_df", s->session_df);
}

#define T struct noise_stat
static const struct json_field stat_fields[] = {
	NUM("log_sd", log_sd, 0, SD), NUM("df", df, 0, DF),
	NUM("within_log_sd", within_log_sd, 0, SD),
	NUM("geomean", geomean, 0, GEOMEAN),
	JF_HOOK("session_log_sd", get_session, put_session), JF_END
};
#undef T

/* A statistic not measured (syncs without probes) is null. */
#define T struct noise_class
#define STAT(k, w, fl) { JF(k, JF_OBJ, fl, stat[w]), \
	.hi = offsetof(T, stat[w].have), .sub = stat_fields }
static const struct json_field class_fields[] = {
	NAME("name", name), { JF("kind", JF_WORD, 0, kind), .words = &KINDS },
	STAT("p50", NOISE_P50, 0), STAT("p99", NOISE_P99, 0),
	STAT("p50_syncs", NOISE_SYNCS_P50, ABSENT),
	STAT("p99_syncs", NOISE_SYNCS_P99, ABSENT), JF_END
};
#undef T

/* The runs' sessions, at most runs: written where calibrate measured a shift. */
static int
get_sessions(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *w)
{
	struct noise *n = (struct noise *)(void *)b;
	struct json_span s = { 1, (double)n->runs, 0, 0, 1,
		"a whole number of sessions, 1 to runs", NULL, NULL };
	double d;
	int rc = json_get_number(o, f->key, JSON_OPTIONAL, &s, w, &d);

	if (rc == 0)
		n->sessions = (size_t)d;
	return rc < 0 ? -1 : 0;
}

static void
put_sessions(cJSON *o, const struct json_field *f, const char *b)
{
	const struct noise *n = (const struct noise *)(const void *)b;

	if (n->sessions > 0)
		cJSON_AddNumberToObject(o, f->key, (double)n->sessions);
}

static int
get_classes(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *w)
{
	struct noise *n = (struct noise *)(void *)b;
	const cJSON *a;
	struct json_at c;
	size_t i, j;
	char q[80];

	if (json_get_array(o, f->key, 0, RESULT_MAX_CLASSES, CLASSES, w, &a, &c) < 0)
		return -1;
	if (cJSON_GetArraySize(a) == 0)
		return errf(w->err, "%s: %s is empty; expected %s", w->file, c.path,
		    CLASSES);
	n->classes = xcalloc((size_t)cJSON_GetArraySize(a), sizeof *n->classes);
	if (json_get_each(a, class_fields, n->classes, sizeof *n->classes,
	    &n->nclasses, &c) < 0)
		return -1;
	for (i = 0; i < n->nclasses; i++)
		for (j = 0; j < i; j++)
			if (strcmp(n->classes[i].name, n->classes[j].name) == 0)
				return errf(w->err, "%s: classes[%zu] \"%s\" is named twice; "
				    "expected one entry a class", w->file, i,
				    err_quote(q, sizeof q, n->classes[i].name));
	return 0;
}

static void
put_classes(cJSON *o, const struct json_field *f, const char *b)
{
	const struct noise *n = (const struct noise *)(const void *)b;

	cJSON_AddItemToObject(o, f->key, json_put_each(class_fields, n->classes,
	    sizeof *n->classes, n->nclasses));
}

#define T struct noise_plan
static const struct json_field plan_fields[] = {
	NUM("limit", limit, 0, LIMIT), NUM("power", power, 0, POWER),
	NUM("confidence", confidence, 0, LEVEL),
	WHOLE("runs", JF_LLONG, runs, 0, PLAN_RUNS), NUM("ops", ops, ABSENT, OPS),
	JF_END
};
#undef T

/* calibrate's plan, where present: the keys of it syncgate run --plan takes. */
static int
get_plan(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *w)
{
	struct noise_plan *p = &((struct noise *)(void *)b)->plan;
	const cJSON *v;
	struct json_at c;
	int rc = json_get_object(o, f->key, ABSENT, "an object or null", w, &v, &c);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	p->have = 1;
	return json_get_fields(v, plan_fields, p, &c);
}

/* The plan is calibrate's to write (calibrate/calibrate.c), after these. */
#define T struct noise
static const struct json_field noise_fields[] = {
	NAME_OR_NULL("syncgate_version", version),
	NAME_OR_NULL("created", created), NAME("engine", engine),
	NAME_OR_NULL("version", engine_version),
	NAME_OR_NULL("workload", workload),
	WHOLE("concurrency", JF_LLONG, concurrency, ABSENT, CONCURRENCY),
	NAME_OR_NULL("host_id", host_id), WHOLE("runs", JF_SIZE, runs, 0, RUNS),
	JF_HOOK("sessions", get_sessions, put_sessions),
	{ JF("files", JF_STRINGS, ABSENT, files), .hi = offsetof(T, nfiles),
	  .what = "an array of strings or null" },
	NUM("confidence", confidence, 0, LEVEL),
	JF_HOOK("classes", get_classes, put_classes),
	JF_HOOK("plan", get_plan, NULL), JF_END
};
#undef T

int
noise_load(const char *path, struct noise *n, char *err)
{
	static const char *const format[] = { NOISE_FORMAT };
	struct json_at at;
	cJSON *root;
	int f, rc;

	memset(n, 0, sizeof *n);
	root = json_load_file(path, JSON_MAX_BYTES, err);
	if (root == NULL)
		return -1;
	json_at_init(&at, path, "", err);
	if (!cJSON_IsObject(root))
		rc = errf(err, "%s: the top level is %s; expected an object", path,
		    json_kind(root));
	else if (json_get_word(root, "format", 0, format, 1, "\"" NOISE_FORMAT
	    "\" (what syncgate calibrate writes)", &at, &f) < 0)
		rc = -1;
	else
		rc = json_get_fields(root, noise_fields, n, &at);
	cJSON_Delete(root);
	if (rc < 0) {
		noise_free(n);
		return -1;
	}
	n->path = xstrdup(path);
	return 0;
}

cJSON *
noise_to_json(const struct noise *n)
{
	cJSON *root = cJSON_CreateObject();

	cJSON_AddStringToObject(root, "format", NOISE_FORMAT);
	json_put_fields(root, noise_fields, n);
	return root;
}

void
noise_free(struct noise *n)
{
	size_t i;

	if (n == NULL)
		return;
	free(n->path);
	probe_fields_strings(noise_fields, n, NULL);
	strv_free(n->files, n->nfiles);
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
