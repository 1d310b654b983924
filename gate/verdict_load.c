/* SPDX-License-Identifier: MIT */
/*
 * syncgate-verdict/1 back into a struct gate_verdict: read by the tables
 * of fields verdict/json.c writes by, its rulings made again
 * (gate/verdict_rulings.c).  Every key written must be present (null
 * where absent, unless the table says otherwise); unknown keys are ignored.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/verdict.h"
#include "gate/turns.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "verdict/json.h"

/* The verdict format this build reads, and each earlier. */
#define VERDICT_PREFIX "syncgate-verdict/"
#define VERDICT_VERSION 1

/* A row into its position in v->rows, which must still be free. */
static int
get_row(const cJSON *o, enum class_kind kind, struct gate_verdict *v,
    const struct json_at *w)
{
	char what[64];
	struct json_span at = { 0, (double)v->nrows - 1, 0, 0, 1, what, NULL, NULL };
	struct verdict_row *r;
	struct json_at c;
	double pos;

	if (!cJSON_IsObject(o))
		return json_bad(w, o, "an object");
	snprintf(what, sizeof what, EXPECTED("a whole number from 0 to %zu"),
	    v->nrows - 1);
	if (json_get_number(o, "position", 0, &at, w, &pos) < 0)
		return -1;
	r = &v->rows[(size_t)pos];
	json_at_key(&c, w, "position");
	if (r->name != NULL)
		return errf(w->err, "%s: %s is %.0f, the position of another class; "
		    "expected each class at its own position", w->file, c.path, pos);
	r->kind = kind;
	if (json_get_fields(o, verdict_row_fields, r, w) < 0)
		return -1;
	return verdict_derive_row(r, &v->unit, w->file, w->path, w->err);
}

static size_t
array_len(const cJSON *root, const char *half)
{
	const cJSON *a = json_member(json_member(root, half), "classes");

	return cJSON_IsArray(a) ? (size_t)cJSON_GetArraySize(a) : 0;
}

/* Both halves; positions in range and each used once cover every row. */
static int
get_halves(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	static const char *const key[] = { "reads", "writes" };
	const cJSON *o, *rows, *r;
	struct json_at c, rc, ic;
	size_t i, k;

	v->nrows = array_len(root, "reads") + array_len(root, "writes");
	v->rows = xcalloc(v->nrows + 1, sizeof *v->rows);
	for (k = 0; k < 2; k++) {
		if (json_get_object(root, key[k], 0, "an object", w, &o, &c) < 0 ||
		    json_get_fields(o, verdict_half_fields[k], v, &c) < 0 ||
		    json_get_array(o, "classes", 0, 0, "an array", &c, &rows, &rc) < 0)
			return -1;
		i = 0;
		cJSON_ArrayForEach(r, rows) {
			json_at_index(&ic, &rc, i++);
			if (get_row(r, k ? KIND_WRITE : KIND_READ, v, &ic) < 0)
				return -1;
		}
	}
	return 0;
}

/* The fields in file order, but for the halves, which need the unit. */
static int
get_verdict(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	const cJSON *checks, *alone, *o;
	struct json_at cc, ac;
	size_t i;

	if (json_get_fields(root, verdict_top_fields, v, w) < 0 ||
	    verdict_derive_unit(&v->unit, w->file, w->err) < 0 ||
	    get_halves(root, v, w) < 0 ||
	    json_get_array(root, "checks", 0, 0, "an array", w, &checks, &cc) < 0)
		return -1;
	v->checks = xcalloc((size_t)cJSON_GetArraySize(checks) + 1, sizeof *v->checks);
	if (json_get_each(checks, verdict_check_fields, v->checks, sizeof *v->checks,
	    &v->nchecks, &cc) < 0 ||
	    json_get_array(root, "unmatched", 0, 0, "an array", w, &alone, &ac) < 0)
		return -1;
	v->unmatched = xcalloc((size_t)cJSON_GetArraySize(alone) + 1,
	    sizeof *v->unmatched);
	if (json_get_each(alone, verdict_unmatched_fields, v->unmatched,
	    sizeof *v->unmatched, &v->nunmatched, &ac) < 0 ||
	    json_get_strings(root, "notes", &v->notes, &v->nnotes, w) < 0 ||
	    verdict_get_noted(root, v, w) < 0)
		return -1;
	/* a verdict before session_shift said only that a record carried it */
	if (json_member(root, "session_shift") == NULL &&
	    cJSON_IsTrue(json_member(root, "session_spread")))
		v->shift = SHIFT_RECORD;
	/* how the runs were taken, decided again: never the saved "apart" */
	v->apart = v->ours.taken != NULL && v->rival.taken != NULL ?
	    gate_runs_apart(v->ours.taken, v->ours.runs, v->rival.taken,
	    v->rival.runs) : APART_NO_SESSION;
	/* the gate writes it only when given: false would not render back */
	if (json_member(root, "same_host") != NULL && !v->same_host)
		return errf(w->err, "%s: same_host is false; expected true, or absent "
		    "without --same-host", w->file);
	/* older verdicts: the one count is both ends; no settle, what counts say */
	i = 0;
	cJSON_ArrayForEach(o, checks) {
		struct verdict_check *c = &v->checks[i++];

		if (json_member(o, "samples_needed_high") == NULL)
			c->samples_needed_hi = c->samples_needed;
		if (json_member(o, "settle") == NULL)
			c->settle = c->runs_needed >= 0 ? SETTLE_RUNS :
			    c->samples_needed >= 0 ? SETTLE_SAMPLES : SETTLE_NONE;
	}
	return 0;
}

/* A later syncgate-verdict/N is refused as such: it may rule by rules unknown here. */
static int
later_format(const cJSON *root, const char *name, char *err)
{
	const cJSON *f = json_member(root, "format");
	const char *n = cJSON_IsString(f) ? f->valuestring : "";
	size_t len = strlen(VERDICT_PREFIX);

	if (strncmp(n, VERDICT_PREFIX, len) != 0 || n[len] == '\0' ||
	    strspn(n + len, "0123456789") != strlen(n + len) ||
	    strlen(n + len) > 9 || atoi(n + len) <= VERDICT_VERSION)
		return 0;
	return errf(err, "%s: format is \"%s\", later than this syncgate reads; "
	    "expected \"%s\" or earlier (a later syncgate renders it)", name, n,
	    VERDICT_FORMAT);
}

int
verdict_from_json(const cJSON *root, const char *name,
    struct gate_verdict *v, char *err)
{
	static const char *const format[] = { VERDICT_FORMAT };
	struct json_at w;
	int f;

	verdict_init(v);
	json_at_init(&w, name, "", err);
	if (!cJSON_IsObject(root))
		return errf(err, "%s: the top level is %s; expected a %s object", name,
		    json_kind(root), VERDICT_FORMAT);
	if (later_format(root, name, err) < 0 ||
	    json_get_word(root, "format", 0, format, 1, "\"" VERDICT_FORMAT "\"",
	    &w, &f) < 0)
		return -1;
	/* every key is there, null where the figure is absent */
	w.missing = "it in every " VERDICT_FORMAT;
	if (get_verdict(root, v, &w) < 0 || verdict_rerule(v, name, err) < 0) {
		verdict_free(v);
		return -1;
	}
	return 0;
}
