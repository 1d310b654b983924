/* SPDX-License-Identifier: MIT */
/*
 * syncgate-verdict/1 back into a struct gate_verdict, so `syncgate
 * report` renders a saved verdict as the gate rendered it: its schema and
 * ranges held here, its rulings made again from its figures
 * (gate/verdict_rulings.c), never its words compared.  Every
 * key report/json.c writes must be present (null where the figure is
 * absent); unknown keys are ignored.  A message names the file and the
 * JSON path: "v.json: reads.classes[0].ours.p50_ns is a string; ...".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/rerule.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "lib/json.h"

/* The verdict format this build reads, syncgate-verdict/1, and each earlier. */
#define VERDICT_PREFIX "syncgate-verdict/"
#define VERDICT_VERSION 1

/* Every key is there, null where the figure is absent. */
#define MISSING "it in every " VERDICT_FORMAT

/*
 * What a figure may be: the range a gate could have produced, and the
 * words for it.  A figure outside it is garbage that a renderer would
 * print as if measured.
 */
static const struct json_span LATENCY = { RESULT_MIN_NS, RESULT_MAX_NS, 0, 0, 0,
	"a positive number of nanoseconds, from 1 to a day, or null", ", under 1ns",
	", over a day" };
static const struct json_span RATIO = { 0, HUGE_VAL, 1, 0, 0,
	"a positive ratio or null", NULL, NULL };
static const struct json_span SYNCS = { 0, HUGE_VAL, 1, 0, 0,
	"a positive number of syncs or null", NULL, NULL };
static const struct json_span POSITIVE = { 0, HUGE_VAL, 1, 0, 0,
	"a positive number or null", NULL, NULL };
/* a check's figure: a count of flushes a commit may be 0 (to a tenth) */
static const struct json_span FIGURE = { 0, HUGE_VAL, 0, 0, 0,
	"a number from 0 up, or null", NULL, NULL };
static const struct json_span FRACTION = { 0, 10, 0, 0, 0,
	"a fraction from 0 to 10 or null", NULL, NULL };
static const struct json_span LEVEL = { 0, 1, 1, 0, 0,
	"a level over 0 and at most 1 or null", NULL, NULL };
/* the gate takes levels over 50% and under 100% and nothing else */
static const struct json_span CONFIDENCE = { 0.5, 1, 1, 1, 0,
	"a level over 0.5 and under 1, or null", NULL, NULL };

/* A string, or with nullable also null (then *out stays NULL). */
static int
get_str(const cJSON *o, const char *key, int nullable, char **out,
    const struct json_at *w)
{
	return json_get_string(o, key, nullable ? JSON_NULL : 0,
	    nullable ? "a string or null" : "a string", w, out) < 0 ? -1 : 0;
}

/* A figure of span s, or null as NaN. */
static int
get_num(const cJSON *o, const char *key, const struct json_span *s,
    double *out, const struct json_at *w)
{
	return json_get_number(o, key, JSON_NULL, s, w, out) < 0 ? -1 : 0;
}

/* A whole number in [min, max], or with nullable null as -1. */
static int
get_count(const cJSON *o, const char *key, int nullable, double min,
    double max, long long *out, const struct json_at *w)
{
	char words[96];
	struct json_span s = { min, max, 0, 0, 1, words, NULL, NULL };
	double d;

	snprintf(words, sizeof words, "a whole number from %.0f to %.0f%s", min,
	    max, nullable ? " or null" : "");
	if (json_get_number(o, key, nullable ? JSON_NULL : 0, &s, w, &d) < 0)
		return -1;
	*out = isnan(d) ? -1 : (long long)d;
	return 0;
}

static int
get_ruling(const cJSON *o, const char *key, enum ruling *r,
    const struct json_at *w)
{
	int i;

	if (json_get_word(o, key, 0, ruling_names, VERDICT_NRULINGS,
	    "\"pass\", \"fail\", \"indeterminate\" or \"not ruled\"", w, &i) < 0)
		return -1;
	*r = (enum ruling)i;
	return 0;
}

static int
get_kind(const cJSON *o, const char *key, enum class_kind *k,
    const struct json_at *w)
{
	const char *names[KIND_WRITE + 1];
	int i;

	/* model/result.c's words, each at its kind */
	for (i = 0; i <= KIND_WRITE; i++)
		names[i] = class_kind_name((enum class_kind)i);
	if (json_get_word(o, key, 0, names, KIND_WRITE + 1, "\"read\" or \"write\"",
	    w, &i) < 0)
		return -1;
	*k = (enum class_kind)i;
	return 0;
}

/*
 * null (no interval: both NaN) or [lo, hi] with lo <= hi, where an end
 * that could not be bounded is null: 0 below, infinity above.
 */
static int
get_interval(const cJSON *o, const char *key, const struct json_span *s,
    double *lo, double *hi, const struct json_at *w)
{
	if (json_get_pair(o, key, JSON_NULL, "null or [low, high] (numbers or "
	    "null)", s, JSON_NULL, w, lo, hi) < 0)
		return -1;
	if (cJSON_IsArray(json_member(o, key))) {
		if (isnan(*lo))
			*lo = 0;
		if (isnan(*hi))
			*hi = INFINITY;
	}
	return 0;
}

/* key and ci_key into a value with its interval, both in s's range. */
static int
get_value(const cJSON *o, const char *key, const char *ci_key,
    const struct json_span *s, struct verdict_value *x, const struct json_at *w)
{
	if (get_num(o, key, s, &x->v, w) < 0 ||
	    get_interval(o, ci_key, s, &x->lo, &x->hi, w) < 0)
		return -1;
	return 0;
}

static int
get_strings(const cJSON *o, const char *key, char ***out, size_t *n,
    const struct json_at *w)
{
	const cJSON *a, *s;
	struct json_at c, e;
	size_t i = 0;

	if (json_get_array(o, key, 0, 0, "an array", w, &a, &c) < 0)
		return -1;
	*out = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof **out);
	cJSON_ArrayForEach(s, a) {
		json_at_index(&e, &c, i);
		if (!cJSON_IsString(s))
			return json_bad(&e, s, "a string");
		(*out)[i++] = xstrdup(s->valuestring);
		*n = i;
	}
	return 0;
}

static int
get_probe(const cJSON *p, struct verdict_side *s, const struct json_at *w)
{
	const char *reach[REACH_NO + 1];
	const cJSON *g;
	struct json_at c;
	long long n;
	int r, rc;

	/* model/probe_record.c's words, each at its value */
	for (r = 0; r <= REACH_NO; r++)
		reach[r] = reach_name((enum reach)r);
	if (get_str(p, "host_id", 1, &s->host_id, w) < 0 ||
	    get_str(p, "volume_id", 1, &s->volume_id, w) < 0 ||
	    get_str(p, "fs", 1, &s->fs, w) < 0 ||
	    get_str(p, "method", 1, &s->method, w) < 0 ||
	    get_str(p, "device", 1, &s->device, w) < 0 ||
	    json_get_word(p, "reaches_device", 0, reach, REACH_NO + 1,
	    "\"yes\", \"no\" or \"unknown\"", w, &r) < 0 ||
	    get_num(p, "median_ns", &LATENCY, &s->probe_median_ns, w) < 0 ||
	    get_interval(p, "ci_ns", &LATENCY, &s->probe_ci_lo_ns, &s->probe_ci_hi_ns, w) < 0 ||
	    get_num(p, "ci_level", &LEVEL, &s->probe_ci_level, w) < 0 ||
	    get_count(p, "samples", 0, 0, 1e15, &n, w) < 0 ||
	    get_strings(p, "evidence", &s->evidence, &s->nevidence, w) < 0 ||
	    (rc = json_get_object(p, "group_commit", JSON_NULL, "an object or null",
	    w, &g, &c)) < 0)
		return -1;
	s->reaches = (enum reach)r;
	s->probe_samples = (size_t)n;
	if (rc == 1)
		return 0;
	if (get_count(g, "writers", 0, 1, 1e6, &n, &c) < 0 ||
	    get_num(g, "syncs_p50", &SYNCS, &s->group_syncs_p50, &c) < 0 ||
	    get_num(g, "syncs_p99", &SYNCS, &s->group_syncs_p99, &c) < 0)
		return -1;
	s->group_writers = (int)n;
	return 0;
}

/*
 * The runs behind a side (keys added after syncgate 0.1: absent, one run,
 * its file).  run_files names each run, the first the side's file.
 */
static int
get_runs(const cJSON *o, struct verdict_side *s, const struct json_at *w)
{
	long long n = 1;
	size_t got = 0, i;

	if (json_member(o, "runs") != NULL &&
	    get_count(o, "runs", 0, 1, 1000, &n, w) < 0)
		return -1;
	if (json_member(o, "run_files") == NULL) {
		s->runs = 1;
		s->run_files = xcalloc(1, sizeof *s->run_files);
		s->run_files[0] = s->file ? xstrdup(s->file) : xstrdup("");
		return 0;
	}
	if (get_strings(o, "run_files", &s->run_files, &got, w) < 0)
		return -1;
	s->runs = got;
	if (got != (size_t)n) {
		for (i = 0; i < got; i++)
			free(s->run_files[i]);
		free(s->run_files);
		s->run_files = NULL;
		s->runs = 0;
		return errf(w->err, "%s: %s%srun_files holds %zu files; expected %lld, "
		    "one a run", w->file, w->path, w->path[0] ? "." : "", got, n);
	}
	return 0;
}

static int
get_side(const cJSON *root, const char *key, struct verdict_side *s,
    const struct json_at *w)
{
	const cJSON *o, *p;
	struct json_at c, pc;
	int rc;

	if (json_get_object(root, key, 0, "an object", w, &o, &c) < 0 ||
	    get_str(o, "engine", 0, &s->engine, &c) < 0 ||
	    get_str(o, "label", 1, &s->label, &c) < 0 ||
	    get_str(o, "version", 1, &s->version, &c) < 0 ||
	    get_str(o, "workload", 1, &s->workload, &c) < 0 ||
	    get_count(o, "concurrency", 1, 0, 1e15, &s->concurrency, &c) < 0 ||
	    get_str(o, "file", 1, &s->file, &c) < 0 ||
	    get_str(o, "probe_file", 1, &s->probe_file, &c) < 0 ||
	    get_runs(o, s, &c) < 0 ||
	    (rc = json_get_object(o, "probe", JSON_NULL, "an object or null", &c,
	    &p, &pc)) < 0)
		return -1;
	if (rc == 1)
		return 0;
	s->has_probe = 1;
	return get_probe(p, s, &pc);
}

/* "rounds" where a side's band spans its rounds' medians; absent: an interval. */
static int
get_band_from(const cJSON *side, int *rounds, const struct json_at *w)
{
	static const char *const words[] = { "rounds" };
	int k = -1;

	*rounds = 0;
	if (json_get_word(side, "band_from", JSON_OPTIONAL, words, 1,
	    "\"rounds\" or absent", w, &k) < 0)
		return -1;
	*rounds = k == 0;
	return 0;
}

static int
get_unit(const cJSON *root, struct verdict_unit *u, const struct json_at *w)
{
	const cJSON *o, *side;
	struct json_at c, sc;
	int src;

	if (json_get_object(root, "unit", 0, "an object", w, &o, &c) < 0 ||
	    json_get_word(o, "source", 0, unit_source_names, UNIT_NSOURCES,
	    "\"shared\", \"per-volume\", \"per-run\" or \"none\"", &c, &src) < 0 ||
	    json_get_object(o, "ours", 0, "an object", &c, &side, &sc) < 0 ||
	    get_num(side, "ns", &LATENCY, &u->ours_ns, &sc) < 0 ||
	    get_interval(side, "band_ns", &LATENCY, &u->ours_lo_ns, &u->ours_hi_ns, &sc) < 0 ||
	    get_band_from(side, &u->ours_band_rounds, &sc) < 0 ||
	    json_get_object(o, "rival", 0, "an object", &c, &side, &sc) < 0 ||
	    get_num(side, "ns", &LATENCY, &u->rival_ns, &sc) < 0 ||
	    get_interval(side, "band_ns", &LATENCY, &u->rival_lo_ns, &u->rival_hi_ns, &sc) < 0 ||
	    get_band_from(side, &u->rival_band_rounds, &sc) < 0 ||
	    get_str(o, "description", 1, &u->description, &c) < 0 ||
	    get_str(o, "why_none", 1, &u->why_none, &c) < 0)
		return -1;
	u->source = (enum unit_source)src;
	return verdict_check_unit(u, w->file, w->err);
}

static int
get_row_side(const cJSON *row, const char *key, struct verdict_value *p50,
    struct verdict_value *p99, struct verdict_value *s50,
    struct verdict_value *s99, int *samples, size_t *nsamples,
    double *flushes, const struct json_at *w)
{
	static const struct json_span per = { 0, 1e6, 0, 0, 0,
		"a number of flushes from 0 to 1e+06, or absent", NULL, NULL };
	const cJSON *o;
	struct json_at c;
	long long n;

	if (json_get_object(row, key, 0, "an object", w, &o, &c) < 0 ||
	    get_count(o, "samples", 0, 0, 1e15, &n, &c) < 0 ||
	    get_value(o, "p50_ns", "p50_ci_ns", &LATENCY, p50, &c) < 0 ||
	    get_value(o, "p99_ns", "p99_ci_ns", &LATENCY, p99, &c) < 0 ||
	    get_value(o, "p50_syncs", "p50_syncs_ci", &SYNCS, s50, &c) < 0 ||
	    get_value(o, "p99_syncs", "p99_syncs_ci", &SYNCS, s99, &c) < 0 ||
	    json_get_bool(o, "has_samples", 0, NULL, &c, samples) < 0 ||
	    json_get_number(o, "flushes_per_op", JSON_OPTIONAL, &per, &c,
	    flushes) < 0)
		return -1;
	*nsamples = (size_t)n;
	return 0;
}

/* A row into its position in v->rows, which must still be free. */
static int
get_row(const cJSON *o, enum class_kind kind, struct gate_verdict *v,
    const struct json_at *w)
{
	const cJSON *ratio;
	struct verdict_row *r;
	struct json_at c;
	long long pos;

	if (!cJSON_IsObject(o))
		return json_bad(w, o, "an object");
	if (get_count(o, "position", 0, 0, (double)v->nrows - 1, &pos, w) < 0)
		return -1;
	r = &v->rows[pos];
	if (r->name != NULL) {
		json_at_key(&c, w, "position");
		return errf(w->err, "%s: %s is %lld, the position of another class; "
		    "expected each class at its own position", w->file, c.path, pos);
	}
	r->kind = kind;
	if (get_str(o, "name", 0, &r->name, w) < 0 ||
	    get_ruling(o, "verdict", &r->ruling, w) < 0 ||
	    get_row_side(o, "ours", &r->ours_p50, &r->ours_p99, &r->ours_syncs_p50,
	    &r->ours_syncs_p99, &r->ours_samples, &r->ours_nsamples,
	    &r->ours_flushes, w) < 0 ||
	    get_row_side(o, "rival", &r->rival_p50, &r->rival_p99,
	    &r->rival_syncs_p50, &r->rival_syncs_p99, &r->rival_samples,
	    &r->rival_nsamples, &r->rival_flushes, w) < 0 ||
	    json_get_object(o, "ratio", 0, "an object", w, &ratio, &c) < 0 ||
	    get_value(ratio, "p50", "p50_ci", &RATIO, &r->ratio_p50, &c) < 0 ||
	    get_value(ratio, "p99", "p99_ci", &RATIO, &r->ratio_p99, &c) < 0)
		return -1;
	return verdict_check_row(r, &v->unit, w->file, w->path, w->err);
}

static int
get_half(const cJSON *root, enum class_kind kind, struct gate_verdict *v,
    const struct json_at *w)
{
	const char *key = kind == KIND_READ ? "reads" : "writes";
	struct verdict_half *h = kind == KIND_READ ? &v->reads : &v->writes;
	const cJSON *o, *rows, *r;
	struct json_at c, rc, ic;
	size_t i = 0;

	if (json_get_object(root, key, 0, "an object", w, &o, &c) < 0 ||
	    get_ruling(o, "verdict", &h->ruling, &c) < 0 ||
	    get_str(o, "reason", 1, &h->reason, &c) < 0 ||
	    get_num(o, kind == KIND_READ ? "read_speedup" : "commit_syncs", &POSITIVE,
	    kind == KIND_READ ? &v->read_speedup : &v->commit_syncs, &c) < 0 ||
	    (kind == KIND_WRITE &&
	    get_str(o, "ceiling_note", 1, &v->ceiling_note, &c) < 0) ||
	    json_get_array(o, "classes", 0, 0, "an array", &c, &rows, &rc) < 0)
		return -1;
	cJSON_ArrayForEach(r, rows) {
		json_at_index(&ic, &rc, i++);
		if (get_row(r, kind, v, &ic) < 0)
			return -1;
	}
	return 0;
}

/*
 * Both halves name max_regression so each reads whole; they must agree,
 * as the verdict holds one.
 */
static int
get_max_regression(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	const cJSON *reads = json_member(root, "reads"), *writes = json_member(root, "writes");
	struct json_at rc, wc;
	double other;

	json_at_key(&rc, w, "reads");
	json_at_key(&wc, w, "writes");
	if (get_num(reads, "max_regression", &FRACTION, &v->max_regression, &rc) < 0 ||
	    get_num(writes, "max_regression", &FRACTION, &other, &wc) < 0)
		return -1;
	if (!(isnan(other) && isnan(v->max_regression)) && other != v->max_regression)
		return errf(w->err, "%s: writes.max_regression differs from "
		    "reads.max_regression; expected one threshold for both", w->file);
	return 0;
}

static size_t
array_len(const cJSON *root, const char *half)
{
	const cJSON *a = json_member(json_member(root, half), "classes");

	return cJSON_IsArray(a) ? (size_t)cJSON_GetArraySize(a) : 0;
}

static int
get_rows(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	/* positions in range and each used once cover every row */
	v->nrows = array_len(root, "reads") + array_len(root, "writes");
	v->rows = xcalloc(v->nrows + 1, sizeof *v->rows);
	if (get_half(root, KIND_READ, v, w) < 0 || get_half(root, KIND_WRITE, v, w) < 0 ||
	    get_max_regression(root, v, w) < 0)
		return -1;
	return 0;
}

/* A count added after syncgate 0.1: absent or null, -1. */
static int
get_later_count(const cJSON *o, const char *key, double max, long long *out,
    const struct json_at *w)
{
	*out = -1;
	if (json_member(o, key) == NULL)
		return 0;
	return get_count(o, key, 1, 0, max, out, w);
}

static int
get_check(const cJSON *o, struct verdict_check *k, const struct json_at *w)
{
	if (!cJSON_IsObject(o))
		return json_bad(w, o, "an object");
	if (get_str(o, "class", 0, &k->class_name, w) < 0 ||
	    get_kind(o, "kind", &k->kind, w) < 0 ||
	    get_str(o, "statistic", 1, &k->statistic, w) < 0 ||
	    get_value(o, "value", "ci", &FIGURE, &k->value, w) < 0 ||
	    get_str(o, "value_unit", 1, &k->value_unit, w) < 0 ||
	    get_str(o, "comparison", 1, &k->comparison, w) < 0 ||
	    get_num(o, "limit", &POSITIVE, &k->limit, w) < 0 ||
	    get_ruling(o, "verdict", &k->ruling, w) < 0 ||
	    get_str(o, "reason", 1, &k->reason, w) < 0 ||
	    get_count(o, "samples_needed", 1, 0, 1e15, &k->samples_needed, w) < 0 ||
	    get_later_count(o, "samples_needed_high", 1e15, &k->samples_needed_hi, w) < 0 ||
	    get_later_count(o, "runs_needed", 1e15, &k->runs_needed, w) < 0 ||
	    get_later_count(o, "runs_needed_high", 1e15, &k->runs_needed_hi, w) < 0 ||
	    json_get_bool(o, "held", JSON_OPTIONAL, "true or false", w, &k->held) < 0)
		return -1;
	/* a verdict from before the ranges: the one count is both ends */
	if (json_member(o, "samples_needed_high") == NULL)
		k->samples_needed_hi = k->samples_needed;
	return 0;
}

static int
get_checks(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	const cJSON *a, *o;
	struct json_at c, ic;

	if (json_get_array(root, "checks", 0, 0, "an array", w, &a, &c) < 0)
		return -1;
	v->checks = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof *v->checks);
	cJSON_ArrayForEach(o, a) {
		json_at_index(&ic, &c, v->nchecks);
		v->checks[v->nchecks].samples_needed = -1;
		v->checks[v->nchecks].samples_needed_hi = -1;
		v->checks[v->nchecks].runs_needed = -1;
		v->checks[v->nchecks].runs_needed_hi = -1;
		v->nchecks++;
		if (get_check(o, &v->checks[v->nchecks - 1], &ic) < 0)
			return -1;
	}
	return 0;
}

/* A class only ours ran: its figures, each optional (older verdicts have none). */
static int
get_alone(const cJSON *o, struct verdict_unmatched *u, const struct json_at *w)
{
	static const struct json_span per = { 0, 1e6, 0, 0, 0,
		"a number of flushes from 0 to 1e+06, or absent", NULL, NULL };
	const int f = JSON_OPTIONAL | JSON_NULL;

	return json_get_number(o, "p50_ns", f, &LATENCY, w, &u->p50_ns) < 0 ||
	    json_get_number(o, "p99_ns", f, &LATENCY, w, &u->p99_ns) < 0 ||
	    json_get_number(o, "p50_syncs", f, &SYNCS, w, &u->syncs_p50) < 0 ||
	    json_get_number(o, "p99_syncs", f, &SYNCS, w, &u->syncs_p99) < 0 ||
	    json_get_number(o, "flushes_per_op", f, &per, w, &u->flushes) < 0 ?
	    -1 : 0;
}

static int
get_unmatched(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	static const char *const sides[] = { "rival", "ours" };
	const cJSON *a, *o;
	struct json_at c, ic;
	struct verdict_unmatched *u;

	if (json_get_array(root, "unmatched", 0, 0, "an array", w, &a, &c) < 0)
		return -1;
	v->unmatched = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof *v->unmatched);
	cJSON_ArrayForEach(o, a) {
		json_at_index(&ic, &c, v->nunmatched);
		u = &v->unmatched[v->nunmatched++];
		if (!cJSON_IsObject(o))
			return json_bad(&ic, o, "an object");
		if (get_str(o, "name", 0, &u->name, &ic) < 0 ||
		    get_kind(o, "kind", &u->kind, &ic) < 0 ||
		    json_get_word(o, "ran_by", 0, sides, 2, "\"ours\" or \"rival\"",
		    &ic, &u->ours) < 0 || get_str(o, "reason", 1, &u->reason, &ic) < 0 ||
		    get_alone(o, u, &ic) < 0)
			return -1;
	}
	return 0;
}

static int
get_top(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	int mode, scope = SCOPE_RUN, h = HOSTS_UNRECORDED;

	if (get_str(root, "syncgate_version", 1, &v->version, w) < 0 ||
	    get_ruling(root, "verdict", &v->overall, w) < 0 ||
	    json_get_word(root, "mode", 0, gate_mode_names, GATE_NMODES,
	    "\"rival\" or \"baseline\"", w, &mode) < 0 ||
	    get_str(root, "headline", 1, &v->headline, w) < 0 ||
	    get_num(root, "confidence", &CONFIDENCE, &v->confidence, w) < 0 ||
	    json_get_word(root, "scope", JSON_OPTIONAL, verdict_scope_names,
	    VERDICT_NSCOPES, "\"run\" or \"runs\"", w, &scope) < 0 ||
	    json_get_string(root, "noise_file", JSON_OPTIONAL | JSON_NULL,
	    "a string or null", w, &v->noise_file) < 0 ||
	    json_get_bool(root, "single_run_ok", JSON_OPTIONAL, "true or false", w,
	    &v->single_run_ok) < 0 ||
	    json_get_word(root, "hosts", JSON_OPTIONAL, verdict_hosts_names,
	    VERDICT_NHOSTS, "\"same\", "
	    "\"different\", \"unknown\" or \"unrecorded\"", w, &h) < 0 ||
	    json_get_bool(root, "same_host", JSON_OPTIONAL, "true, or absent", w,
	    &v->same_host) < 0)
		return -1;
	v->hosts = (enum verdict_hosts)h;
	/* the gate writes it only when given: false would not render back */
	if (json_member(root, "same_host") != NULL && !v->same_host)
		return errf(w->err, "%s: same_host is false; expected true, or absent "
		    "without --same-host", w->file);
	v->mode = (enum gate_mode)mode;
	v->scope = (enum verdict_scope)scope;
	return 0;
}

/*
 * A verdict of a later syncgate-verdict/N than this build reads: said as
 * such, as what it holds may rule by rules this build does not know.
 * Earlier ones are read as this one, their words made again.
 */
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
	w.missing = MISSING;
	if (get_top(root, v, &w) < 0 || get_side(root, "ours", &v->ours, &w) < 0 ||
	    get_side(root, "rival", &v->rival, &w) < 0 || get_unit(root, &v->unit, &w) < 0 ||
	    get_rows(root, v, &w) < 0 || get_checks(root, v, &w) < 0 ||
	    get_unmatched(root, v, &w) < 0 ||
	    get_strings(root, "notes", &v->notes, &v->nnotes, &w) < 0 ||
	    verdict_rerule(v, name, err) < 0) {
		verdict_free(v);
		return -1;
	}
	return 0;
}

int
verdict_load(const char *path, struct gate_verdict *v, char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	int rc;

	verdict_init(v);
	if (root == NULL)
		return -1;
	rc = verdict_from_json(root, path, v, err);
	cJSON_Delete(root);
	return rc;
}
