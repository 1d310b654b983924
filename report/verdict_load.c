/* SPDX-License-Identifier: MIT */
/*
 * syncgate-verdict/1 back into a struct gate_verdict, so `syncgate
 * report` renders a saved verdict exactly as the gate rendered it.  Every
 * key report/json.c writes must be present (null where the figure is
 * absent); unknown keys are ignored.  A message names the file and the
 * JSON path: "v.json: reads.classes[0].ours.p50_ns is a string; ...".
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "report/report.h"

/* Where a value sits, for messages: the file and the JSON path to it. */
struct where {
	const char *file;
	char path[256];
	char *err;
};

/* A child's path: a member ("reads" + "verdict") or an index ([3]). */
static void
at_key(struct where *child, const struct where *w, const char *key)
{
	*child = *w;
	if (w->path[0] == '\0')
		snprintf(child->path, sizeof child->path, "%.40s", key);
	else
		snprintf(child->path, sizeof child->path, "%.200s.%.40s", w->path, key);
}

static void
at_index(struct where *child, const struct where *w, size_t i)
{
	*child = *w;
	snprintf(child->path, sizeof child->path, "%.200s[%zu]", w->path, i);
}

static int
bad(const struct where *w, const cJSON *item, const char *expected)
{
	return errf(w->err, "%s: %s is %s; expected %s", w->file, w->path,
	    json_kind(item), expected);
}

/* The member key of o, which must be there (null counts as there). */
static int
member(const cJSON *o, const char *key, const struct where *w,
    const cJSON **out, struct where *child)
{
	at_key(child, w, key);
	*out = json_member(o, key);
	if (*out == NULL)
		return errf(w->err, "%s: %s is missing; expected it in every %s",
		    w->file, child->path, VERDICT_FORMAT);
	return 0;
}

static int
get_object(const cJSON *o, const char *key, const struct where *w,
    const cJSON **out, struct where *child)
{
	if (member(o, key, w, out, child) < 0)
		return -1;
	if (!cJSON_IsObject(*out))
		return bad(child, *out, "an object");
	return 0;
}

static int
get_array(const cJSON *o, const char *key, const struct where *w,
    const cJSON **out, struct where *child)
{
	if (member(o, key, w, out, child) < 0)
		return -1;
	if (!cJSON_IsArray(*out))
		return bad(child, *out, "an array");
	return 0;
}

/* A string, or with nullable also null (then *out stays NULL). */
static int
get_str(const cJSON *o, const char *key, int nullable, char **out,
    const struct where *w)
{
	struct where c;
	const cJSON *v;

	if (member(o, key, w, &v, &c) < 0)
		return -1;
	if (nullable && cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsString(v))
		return bad(&c, v, nullable ? "a string or null" : "a string");
	*out = xstrdup(v->valuestring);
	return 0;
}

/*
 * What a figure may be: the range a gate could have produced, and the
 * words for it.  A figure outside it is garbage that a renderer would
 * print as if measured.
 */
struct span {
	double min, max;
	int above_min;          /* min itself is out: (min, max] */
	const char *expected;
};

static const struct span ANY = { -HUGE_VAL, HUGE_VAL, 0, "a number" };
static const struct span LATENCY = { RESULT_MIN_NS, RESULT_MAX_NS, 0,
	"a latency from 1 to 86400000000000 ns (a day)" };
static const struct span RATIO = { 0, HUGE_VAL, 1, "a positive ratio" };
static const struct span SYNCS = { 0, HUGE_VAL, 1, "a positive number of syncs" };
static const struct span POSITIVE = { 0, HUGE_VAL, 1, "a positive number" };
static const struct span FRACTION = { 0, 10, 0, "a fraction from 0 to 10" };
static const struct span LEVEL = { 0, 1, 1, "a level over 0 and at most 1" };

static int
in_span(double d, const struct span *s)
{
	return (s->above_min ? d > s->min : d >= s->min) && d <= s->max;
}

/* v, at c, as a number in s's range, or null as NaN. */
static int
number_at(const cJSON *v, const struct span *s, double *out,
    const struct where *c)
{
	char num[32];

	*out = NAN;
	if (cJSON_IsNull(v))
		return 0;
	if (json_finite(v, out) == 0 && in_span(*out, s))
		return 0;
	if (json_finite(v, out) == 0)
		return errf(c->err, "%s: %s is %s; expected %s or null", c->file,
		    c->path, json_shortest(num, sizeof num, *out), s->expected);
	return errf(c->err, "%s: %s is %s; expected %s or null", c->file, c->path,
	    json_kind(v), s->expected);
}

static int
get_num(const cJSON *o, const char *key, const struct span *s, double *out,
    const struct where *w)
{
	struct where c;
	const cJSON *v;

	if (member(o, key, w, &v, &c) < 0)
		return -1;
	return number_at(v, s, out, &c);
}

/* A whole number in [min, max], or with nullable null as -1. */
static int
get_count(const cJSON *o, const char *key, int nullable, double min,
    double max, long long *out, const struct where *w)
{
	struct where c;
	const cJSON *v;
	double d;

	if (member(o, key, w, &v, &c) < 0)
		return -1;
	*out = -1;
	if (nullable && cJSON_IsNull(v))
		return 0;
	if (json_finite(v, &d) < 0 || d != floor(d) || d < min || d > max)
		return errf(w->err, "%s: %s is %s; expected a whole number from %.0f "
		    "to %.0f%s", w->file, c.path, cJSON_IsNumber(v) ?
		    "out of range" : json_kind(v), min, max, nullable ? " or null" : "");
	*out = (long long)d;
	return 0;
}

static int
get_bool(const cJSON *o, const char *key, int *out, const struct where *w)
{
	struct where c;
	const cJSON *v;

	if (member(o, key, w, &v, &c) < 0)
		return -1;
	if (!cJSON_IsBool(v))
		return bad(&c, v, "true or false");
	*out = cJSON_IsTrue(v);
	return 0;
}

/* One of names[0..n-1]; *out is its index. */
static int
get_word(const cJSON *o, const char *key, const char *const *names, size_t n,
    const char *expected, int *out, const struct where *w)
{
	struct where c;
	const cJSON *v;
	size_t i;

	if (member(o, key, w, &v, &c) < 0)
		return -1;
	if (cJSON_IsString(v))
		for (i = 0; i < n; i++)
			if (strcmp(v->valuestring, names[i]) == 0) {
				*out = (int)i;
				return 0;
			}
	if (cJSON_IsString(v))
		return errf(w->err, "%s: %s is \"%.40s\"; expected %s", w->file,
		    c.path, v->valuestring, expected);
	return bad(&c, v, expected);
}

static int
get_ruling(const cJSON *o, const char *key, enum ruling *r, const struct where *w)
{
	static const char *const names[] = { "not ruled", "pass", "fail", "indeterminate" };
	int i;

	if (get_word(o, key, names, 4, "\"pass\", \"fail\", \"indeterminate\" or "
	    "\"not ruled\"", &i, w) < 0)
		return -1;
	*r = (enum ruling)i;
	return 0;
}

static int
get_kind(const cJSON *o, const char *key, enum class_kind *k, const struct where *w)
{
	static const char *const names[] = { "read", "write" };
	int i;

	if (get_word(o, key, names, 2, "\"read\" or \"write\"", &i, w) < 0)
		return -1;
	*k = i == 1 ? KIND_WRITE : KIND_READ;
	return 0;
}

/* null (both NaN) or [lo, hi] with either end null and lo <= hi. */
static int
get_interval(const cJSON *o, const char *key, const struct span *s, double *lo,
    double *hi, const struct where *w)
{
	const cJSON *v;
	struct where c, e0, e1;
	char a[32], b[32];

	if (member(o, key, w, &v, &c) < 0)
		return -1;
	*lo = *hi = NAN;
	if (cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2)
		return bad(&c, v, "null or [low, high] (numbers or null)");
	at_index(&e0, &c, 0);
	at_index(&e1, &c, 1);
	if (number_at(cJSON_GetArrayItem(v, 0), s, lo, &e0) < 0 ||
	    number_at(cJSON_GetArrayItem(v, 1), s, hi, &e1) < 0)
		return -1;
	if (*lo > *hi)
		return errf(w->err, "%s: %s is [%s, %s]; expected the low end at most "
		    "the high", w->file, c.path, json_shortest(a, sizeof a, *lo),
		    json_shortest(b, sizeof b, *hi));
	return 0;
}

/* key and ci_key into a value with its interval, both in s's range. */
static int
get_value(const cJSON *o, const char *key, const char *ci_key,
    const struct span *s, struct verdict_value *x, const struct where *w)
{
	if (get_num(o, key, s, &x->v, w) < 0 ||
	    get_interval(o, ci_key, s, &x->lo, &x->hi, w) < 0)
		return -1;
	return 0;
}

static int
get_strings(const cJSON *o, const char *key, char ***out, size_t *n,
    const struct where *w)
{
	const cJSON *a, *s;
	struct where c, e;
	size_t i = 0;

	if (get_array(o, key, w, &a, &c) < 0)
		return -1;
	*out = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof **out);
	cJSON_ArrayForEach(s, a) {
		at_index(&e, &c, i);
		if (!cJSON_IsString(s))
			return bad(&e, s, "a string");
		(*out)[i++] = xstrdup(s->valuestring);
		*n = i;
	}
	return 0;
}

static int
get_probe(const cJSON *p, struct verdict_side *s, const struct where *w)
{
	static const char *const reach[] = { "unknown", "yes", "no" };
	const cJSON *g;
	struct where c;
	long long n;
	int r;

	if (get_str(p, "host_id", 1, &s->host_id, w) < 0 ||
	    get_str(p, "volume_id", 1, &s->volume_id, w) < 0 ||
	    get_str(p, "fs", 1, &s->fs, w) < 0 ||
	    get_str(p, "method", 1, &s->method, w) < 0 ||
	    get_str(p, "device", 1, &s->device, w) < 0 ||
	    get_word(p, "reaches_device", reach, 3,
	    "\"yes\", \"no\" or \"unknown\"", &r, w) < 0 ||
	    get_num(p, "median_ns", &LATENCY, &s->probe_median_ns, w) < 0 ||
	    get_interval(p, "ci_ns", &LATENCY, &s->probe_ci_lo_ns, &s->probe_ci_hi_ns, w) < 0 ||
	    get_num(p, "ci_level", &LEVEL, &s->probe_ci_level, w) < 0 ||
	    get_count(p, "samples", 0, 0, 1e15, &n, w) < 0 ||
	    get_strings(p, "evidence", &s->evidence, &s->nevidence, w) < 0 ||
	    member(p, "group_commit", w, &g, &c) < 0)
		return -1;
	s->reaches = (enum reach)r;
	s->probe_samples = (size_t)n;
	if (cJSON_IsNull(g))
		return 0;
	if (!cJSON_IsObject(g))
		return bad(&c, g, "an object or null");
	if (get_count(g, "writers", 0, 1, 1e6, &n, &c) < 0 ||
	    get_num(g, "syncs_p50", &SYNCS, &s->group_syncs_p50, &c) < 0 ||
	    get_num(g, "syncs_p99", &SYNCS, &s->group_syncs_p99, &c) < 0)
		return -1;
	s->group_writers = (int)n;
	return 0;
}

static int
get_side(const cJSON *root, const char *key, struct verdict_side *s,
    const struct where *w)
{
	const cJSON *o, *p;
	struct where c, pc;

	if (get_object(root, key, w, &o, &c) < 0 ||
	    get_str(o, "engine", 0, &s->engine, &c) < 0 ||
	    get_str(o, "label", 1, &s->label, &c) < 0 ||
	    get_str(o, "version", 1, &s->version, &c) < 0 ||
	    get_str(o, "workload", 1, &s->workload, &c) < 0 ||
	    get_count(o, "concurrency", 1, 0, 1e15, &s->concurrency, &c) < 0 ||
	    get_str(o, "file", 1, &s->file, &c) < 0 ||
	    get_str(o, "probe_file", 1, &s->probe_file, &c) < 0 ||
	    member(o, "probe", &c, &p, &pc) < 0)
		return -1;
	if (cJSON_IsNull(p))
		return 0;
	if (!cJSON_IsObject(p))
		return bad(&pc, p, "an object or null");
	s->has_probe = 1;
	return get_probe(p, s, &pc);
}

static int
get_unit(const cJSON *root, struct verdict_unit *u, const struct where *w)
{
	static const char *const names[] = { "none", "shared", "per-volume" };
	const cJSON *o, *side;
	struct where c, sc;
	int src;

	if (get_object(root, "unit", w, &o, &c) < 0 ||
	    get_word(o, "source", names, 3, "\"shared\", \"per-volume\" or \"none\"",
	    &src, &c) < 0 ||
	    get_object(o, "ours", &c, &side, &sc) < 0 ||
	    get_num(side, "ns", &LATENCY, &u->ours_ns, &sc) < 0 ||
	    get_interval(side, "band_ns", &LATENCY, &u->ours_lo_ns, &u->ours_hi_ns, &sc) < 0 ||
	    get_object(o, "rival", &c, &side, &sc) < 0 ||
	    get_num(side, "ns", &LATENCY, &u->rival_ns, &sc) < 0 ||
	    get_interval(side, "band_ns", &LATENCY, &u->rival_lo_ns, &u->rival_hi_ns, &sc) < 0 ||
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
    const struct where *w)
{
	const cJSON *o;
	struct where c;
	long long n;

	if (get_object(row, key, w, &o, &c) < 0 ||
	    get_count(o, "samples", 0, 0, 1e15, &n, &c) < 0 ||
	    get_value(o, "p50_ns", "p50_ci_ns", &LATENCY, p50, &c) < 0 ||
	    get_value(o, "p99_ns", "p99_ci_ns", &LATENCY, p99, &c) < 0 ||
	    get_value(o, "p50_syncs", "p50_syncs_ci", &SYNCS, s50, &c) < 0 ||
	    get_value(o, "p99_syncs", "p99_syncs_ci", &SYNCS, s99, &c) < 0 ||
	    get_bool(o, "has_samples", samples, &c) < 0)
		return -1;
	*nsamples = (size_t)n;
	return 0;
}

/* A row into its position in v->rows, which must still be free. */
static int
get_row(const cJSON *o, enum class_kind kind, struct gate_verdict *v,
    const struct where *w)
{
	const cJSON *ratio;
	struct verdict_row *r;
	struct where c;
	long long pos;

	if (!cJSON_IsObject(o))
		return bad(w, o, "an object");
	if (get_count(o, "position", 0, 0, (double)v->nrows - 1, &pos, w) < 0)
		return -1;
	r = &v->rows[pos];
	if (r->name != NULL) {
		at_key(&c, w, "position");
		return errf(w->err, "%s: %s is %lld, the position of another class; "
		    "expected each class at its own position", w->file, c.path, pos);
	}
	r->kind = kind;
	if (get_str(o, "name", 0, &r->name, w) < 0 ||
	    get_ruling(o, "verdict", &r->ruling, w) < 0 ||
	    get_row_side(o, "ours", &r->ours_p50, &r->ours_p99, &r->ours_syncs_p50,
	    &r->ours_syncs_p99, &r->ours_samples, &r->ours_nsamples, w) < 0 ||
	    get_row_side(o, "rival", &r->rival_p50, &r->rival_p99,
	    &r->rival_syncs_p50, &r->rival_syncs_p99, &r->rival_samples,
	    &r->rival_nsamples, w) < 0 ||
	    get_object(o, "ratio", w, &ratio, &c) < 0 ||
	    get_value(ratio, "p50", "p50_ci", &RATIO, &r->ratio_p50, &c) < 0 ||
	    get_value(ratio, "p99", "p99_ci", &RATIO, &r->ratio_p99, &c) < 0)
		return -1;
	return verdict_check_row(r, &v->unit, w->file, w->path, w->err);
}

static int
get_half(const cJSON *root, enum class_kind kind, struct gate_verdict *v,
    const struct where *w)
{
	const char *key = kind == KIND_READ ? "reads" : "writes";
	struct verdict_half *h = kind == KIND_READ ? &v->reads : &v->writes;
	const cJSON *o, *rows, *r;
	struct where c, rc, ic;
	size_t i = 0;

	if (get_object(root, key, w, &o, &c) < 0 ||
	    get_ruling(o, "verdict", &h->ruling, &c) < 0 ||
	    get_str(o, "reason", 1, &h->reason, &c) < 0 ||
	    get_num(o, kind == KIND_READ ? "read_speedup" : "commit_syncs", &POSITIVE,
	    kind == KIND_READ ? &v->read_speedup : &v->commit_syncs, &c) < 0 ||
	    (kind == KIND_WRITE &&
	    get_str(o, "ceiling_note", 1, &v->ceiling_note, &c) < 0) ||
	    get_array(o, "classes", &c, &rows, &rc) < 0)
		return -1;
	cJSON_ArrayForEach(r, rows) {
		at_index(&ic, &rc, i++);
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
get_max_regression(const cJSON *root, struct gate_verdict *v, const struct where *w)
{
	const cJSON *reads = json_member(root, "reads"), *writes = json_member(root, "writes");
	struct where rc, wc;
	double other;

	at_key(&rc, w, "reads");
	at_key(&wc, w, "writes");
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
get_rows(const cJSON *root, struct gate_verdict *v, const struct where *w)
{
	/* positions in range and each used once cover every row */
	v->nrows = array_len(root, "reads") + array_len(root, "writes");
	v->rows = xcalloc(v->nrows + 1, sizeof *v->rows);
	if (get_half(root, KIND_READ, v, w) < 0 || get_half(root, KIND_WRITE, v, w) < 0 ||
	    get_max_regression(root, v, w) < 0)
		return -1;
	return 0;
}

static int
get_check(const cJSON *o, struct verdict_check *k, const struct where *w)
{
	if (!cJSON_IsObject(o))
		return bad(w, o, "an object");
	if (get_str(o, "class", 0, &k->class_name, w) < 0 ||
	    get_kind(o, "kind", &k->kind, w) < 0 ||
	    get_str(o, "statistic", 1, &k->statistic, w) < 0 ||
	    get_value(o, "value", "ci", &POSITIVE, &k->value, w) < 0 ||
	    get_str(o, "value_unit", 1, &k->value_unit, w) < 0 ||
	    get_str(o, "comparison", 1, &k->comparison, w) < 0 ||
	    get_num(o, "limit", &POSITIVE, &k->limit, w) < 0 ||
	    get_ruling(o, "verdict", &k->ruling, w) < 0 ||
	    get_str(o, "reason", 1, &k->reason, w) < 0 ||
	    get_count(o, "samples_needed", 1, 0, 1e15, &k->samples_needed, w) < 0)
		return -1;
	return 0;
}

static int
get_checks(const cJSON *root, struct gate_verdict *v, const struct where *w)
{
	const cJSON *a, *o;
	struct where c, ic;

	if (get_array(root, "checks", w, &a, &c) < 0)
		return -1;
	v->checks = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof *v->checks);
	cJSON_ArrayForEach(o, a) {
		at_index(&ic, &c, v->nchecks);
		v->checks[v->nchecks].samples_needed = -1;
		v->nchecks++;
		if (get_check(o, &v->checks[v->nchecks - 1], &ic) < 0)
			return -1;
	}
	return 0;
}

static int
get_unmatched(const cJSON *root, struct gate_verdict *v, const struct where *w)
{
	static const char *const sides[] = { "rival", "ours" };
	const cJSON *a, *o;
	struct where c, ic;
	struct verdict_unmatched *u;

	if (get_array(root, "unmatched", w, &a, &c) < 0)
		return -1;
	v->unmatched = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof *v->unmatched);
	cJSON_ArrayForEach(o, a) {
		at_index(&ic, &c, v->nunmatched);
		u = &v->unmatched[v->nunmatched++];
		if (!cJSON_IsObject(o))
			return bad(&ic, o, "an object");
		if (get_str(o, "name", 0, &u->name, &ic) < 0 ||
		    get_kind(o, "kind", &u->kind, &ic) < 0 ||
		    get_word(o, "ran_by", sides, 2, "\"ours\" or \"rival\"", &u->ours,
		    &ic) < 0 || get_str(o, "reason", 1, &u->reason, &ic) < 0)
			return -1;
	}
	return 0;
}

static int
get_top(const cJSON *root, struct gate_verdict *v, const struct where *w)
{
	static const char *const modes[] = { "rival", "baseline" };
	int mode;

	if (get_str(root, "syncgate_version", 1, &v->version, w) < 0 ||
	    get_ruling(root, "verdict", &v->overall, w) < 0 ||
	    get_word(root, "mode", modes, 2, "\"rival\" or \"baseline\"", &mode, w) < 0 ||
	    get_str(root, "headline", 1, &v->headline, w) < 0 ||
	    get_num(root, "confidence", &ANY, &v->confidence, w) < 0)
		return -1;
	/* the gate takes levels over 50% and under 100% and nothing else */
	if (!isnan(v->confidence) && !(v->confidence > 0.5 && v->confidence < 1))
		return errf(w->err, "%s: confidence is %.17g; expected a level "
		    "over 0.5 and under 1, or null", w->file, v->confidence);
	v->mode = mode == 1 ? MODE_BASELINE : MODE_RIVAL;
	return 0;
}

int
report_verdict_from_json(const cJSON *root, const char *name,
    struct gate_verdict *v, char *err)
{
	const cJSON *f = json_member(root, "format");
	struct where w;

	verdict_init(v);
	w.file = name;
	w.path[0] = '\0';
	w.err = err;
	if (!cJSON_IsObject(root))
		return errf(err, "%s: the file is %s; expected a %s object", name,
		    json_kind(root), VERDICT_FORMAT);
	if (!cJSON_IsString(f))
		return errf(err, "%s: format is %s; expected \"%s\"", name,
		    json_kind(f), VERDICT_FORMAT);
	if (strcmp(f->valuestring, VERDICT_FORMAT) != 0)
		return errf(err, "%s: format is \"%.40s\"; expected \"%s\"", name,
		    f->valuestring, VERDICT_FORMAT);
	if (get_top(root, v, &w) < 0 || get_side(root, "ours", &v->ours, &w) < 0 ||
	    get_side(root, "rival", &v->rival, &w) < 0 || get_unit(root, &v->unit, &w) < 0 ||
	    get_rows(root, v, &w) < 0 || get_checks(root, v, &w) < 0 ||
	    get_unmatched(root, v, &w) < 0 ||
	    get_strings(root, "notes", &v->notes, &v->nnotes, &w) < 0 ||
	    verdict_check(v, name, err) < 0) {
		verdict_free(v);
		return -1;
	}
	return 0;
}

int
report_verdict_load(const char *path, struct gate_verdict *v, char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	int rc;

	verdict_init(v);
	if (root == NULL)
		return -1;
	rc = report_verdict_from_json(root, path, v, err);
	cJSON_Delete(root);
	return rc;
}
