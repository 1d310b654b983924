/* SPDX-License-Identifier: MIT */
/*
 * syncgate-result/1 in (docs/result-format.md).  Every figure is checked
 * before it is kept, so the gate never computes from garbage; samples
 * are held once, unsorted, with the order statistics the gate reads.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/stats.h"
#include "model/result.h"
#include "model/samples.h"
#include "model/samples_file.h"

/* Where a class is, for messages ("classes[2] \"write\""), and what it adds to. */
struct at {
	struct json_at j;
	size_t *total;          /* samples held by the result's classes so far */
};

size_t result_max_samples = RESULT_MAX_SAMPLES;

const char *const class_kind_names[] = {
	[KIND_READ] = "read", [KIND_WRITE] = "write",
};
_Static_assert(sizeof class_kind_names / sizeof class_kind_names[0] ==
    KIND_WRITE + 1, "a kind without a name");

const char *
class_kind_name(enum class_kind k)
{
	return class_kind_names[k == KIND_WRITE];
}

static int
get_samples_file(const cJSON *o, const char *path, struct result_class *c,
    const struct at *a)
{
	const struct json_at *j = &a->j;
	char *where, *first, *rel = NULL;
	size_t left;
	int rc = -1;

	if (json_get_string(o, "samples_file", 0, "a path relative to the result "
	    "file", j, &rel) < 0)
		return -1;
	if (rel[0] == '\0') {
		free(rel);
		return errf(j->err, "%s: %s: samples_file is empty; expected a path "
		    "relative to the result file", j->file, j->path);
	}
	/* whole: errf shortens a long path, where a fixed buffer cut the class */
	where = xasprintf("%s: %s", j->file, j->path);
	left = *a->total < result_max_samples ? result_max_samples - *a->total : 0;
	if (left == 0)
		errf(j->err, "%s: the classes before it already hold %zu latencies; "
		    "expected at most that many in one result", where,
		    result_max_samples);
	else if (samples_file_read(path, rel, where,
	    left < SAMPLES_FILE_MAX_COUNT ? left : SAMPLES_FILE_MAX_COUNT,
	    &c->held, &c->samples_path, j->err) == 0)
		rc = 0;
	else if (left < SAMPLES_FILE_MAX_COUNT && strstr(j->err,
	    EXPECTED(" latencies; expected at most that many")) != NULL) {
		first = xstrdup(j->err);
		errf(j->err, "%s (the classes before it hold %zu of the %zu a result "
		    "may)", first, *a->total, result_max_samples);
		free(first);
	}
	free(where);
	free(rel);
	return rc;
}

void
result_class_quantiles(struct result_class *c)
{
	stats_sort(c->samples_ns, c->nsamples);
	c->p50_ns = stats_quantile_sorted(c->samples_ns, c->nsamples, 0.5);
	c->p99_ns = stats_quantile_sorted(c->samples_ns, c->nsamples, 0.99);
}

double
result_class_rank(const struct result_class *c, size_t k)
{
	return c->samples_ns != NULL ? c->samples_ns[k - 1] :
	    samples_rank(&c->held, k);
}

static double
rank_at(const void *arg, size_t k)
{
	return result_class_rank(arg, k + 1);
}

/* p50, p99 from the samples; stated ones must agree, lest another definition pass. */
static int
from_samples(struct result_class *c, double p50, double p99,
    const struct json_at *j)
{
	static const char *const keys[] = { "p50_ns", "p99_ns" };
	static const double ps[] = { 0.5, 0.99 };
	double given[2] = { p50, p99 }, got[2];
	char a[32], b[32];
	int i;

	samples_order(&c->held, ps, 2);
	got[0] = c->p50_ns = stats_quantile_by(c->nsamples, 0.5, rank_at, c);
	got[1] = c->p99_ns = stats_quantile_by(c->nsamples, 0.99, rank_at, c);
	for (i = 0; i < 2; i++)
		if (!isnan(given[i]) && fabs(given[i] - got[i]) > 0.5 + 1e-6 * got[i])
			return errf(j->err, "%s: %s: %s is %s but its %zu samples "
			    "give %s (type-7 quantiles); expected them to agree, or "
			    "only one of the two", j->file, j->path, keys[i],
			    json_shortest(a, sizeof a, given[i]), c->nsamples,
			    json_shortest(b, sizeof b, got[i]));
	return 0;
}

/* The operations counted: at least one a sample, at most 2^53 - 1. */
static int
get_count(const cJSON *o, struct result_class *c, const struct json_at *j)
{
	static const struct json_span count = { 0, HUGE_VAL, 0, 0, 1,
		"a whole number of operations", NULL, NULL };
	char buf[32];
	double d;
	int rc;

	if (c->nbuckets == 0)
		c->count = c->nsamples ? (long long)c->nsamples : -1;
	if ((rc = json_get_number(o, "count", JSON_OPTIONAL | JSON_NULL, &count, j,
	    &d)) != 0)
		return rc < 0 ? -1 : 0;
	json_shortest(buf, sizeof buf, d);
	if (c->nbuckets > 0 && d != (double)c->count)
		return errf(j->err, "%s: %s: count is %s, but histogram_ns counts "
		    "%lld; expected the same number", j->file, j->path, buf, c->count);
	if (d > (double)RESULT_MAX_COUNT)
		return errf(j->err, "%s: %s: count is %s, over %lld (2^53 - 1), the "
		    "largest whole number a JSON number holds exactly; expected a count "
		    "of operations at most that", j->file, j->path, buf,
		    RESULT_MAX_COUNT);
	if (d < (double)c->nsamples)
		return errf(j->err, "%s: %s: count is %s, fewer than its %zu "
		    "samples; expected at least one operation a sample", j->file,
		    j->path, buf, c->nsamples);
	c->count = (long long)d;
	return 0;
}

/* p50 and p99 given as points: both, in order, each inside its range. */
static int
check_points(struct result_class *c, double p50, double p99,
    const struct json_at *j)
{
	static const char *const keys[] = { "p50", "p99" };
	double x[2] = { p50, p99 }, lo[2] = { c->p50_lo_ns, c->p99_lo_ns };
	double hi[2] = { c->p50_hi_ns, c->p99_hi_ns };
	char a[32], b[32], d[32];
	int i;

	if (isnan(p50) || isnan(p99))
		return errf(j->err, "%s: %s: %s is missing; expected it beside %s",
		    j->file, j->path, isnan(p50) ? "p50_ns" : "p99_ns",
		    isnan(p50) ? "p99_ns" : "p50_ns");
	if (p99 < p50)
		return errf(j->err, "%s: %s: p99_ns is %s, below p50_ns %s; expected "
		    "p99 at least p50", j->file, j->path, json_shortest(a, sizeof a,
		    p99), json_shortest(b, sizeof b, p50));
	for (i = 0; i < 2; i++)
		if (!isnan(lo[i]) && (x[i] < lo[i] || x[i] > hi[i]))
			return errf(j->err, "%s: %s: %s_ns %s is outside %s_range_ns "
			    "[%s, %s]; expected it within", j->file, j->path, keys[i],
			    json_shortest(a, sizeof a, x[i]), keys[i],
			    json_shortest(b, sizeof b, lo[i]),
			    json_shortest(d, sizeof d, hi[i]));
	c->p50_ns = p50;
	c->p99_ns = p99;
	return 0;
}

/* Row i of histogram_ns: [low, high, count], not below the row before. */
static int
get_bucket(const cJSON *row, const struct result_bucket *prev,
    struct result_bucket *b, const struct json_at *j)
{
	static const char *const expected = EXPECTED("[low, high, count]: a "
	    "latency from 0 to a day in ns (0: unknown), one from 1 ns to a day, "
	    "the low at most the high, and a whole number of operations of at "
	    "least 1, neither latency below the row before's");
	double v[3];
	const cJSON *x;
	int k = 0;

	if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != 3)
		return json_bad(j, row, expected);
	cJSON_ArrayForEach(x, row)
		if (json_finite(x, &v[k++]) < 0)
			return json_bad(j, row, expected);
	if (v[0] < 0 || v[1] < RESULT_MIN_NS || v[1] > RESULT_MAX_NS || v[0] > v[1] ||
	    v[2] < 1 || v[2] != floor(v[2]) || v[2] > (double)RESULT_MAX_COUNT ||
	    (prev != NULL && (v[0] < prev->lo_ns || v[1] < prev->hi_ns)))
		return json_bad(j, row, expected);
	b->lo_ns = v[0];
	b->hi_ns = v[1];
	b->count = (long long)v[2];
	return 0;
}

/* A percentile's point: as given, inside its range, or where the rows place it. */
static int
histogram_point(const char *key, double given, double lo, double hi,
    double rows, double *point, const struct json_at *j)
{
	char a[32], b[32], d[32];

	if (isnan(given)) {
		*point = fmin(fmax(rows, fmax(lo, RESULT_MIN_NS)), hi);
		return 0;
	}
	if (given < lo || given > hi)
		return errf(j->err, "%s: %s: %s is %s, outside [%s, %s], the buckets "
		    "of histogram_ns that hold its rank; expected it within", j->file,
		    j->path, key, json_shortest(a, sizeof a, given),
		    json_shortest(b, sizeof b, lo), json_shortest(d, sizeof d, hi));
	*point = given;
	return 0;
}

/* p50 and p99 from the rows their type-7 ranks fall in, a low of 0 as 1 ns. */
static int
get_histogram(const cJSON *o, struct result_class *c, double p50, double p99,
    const struct json_at *j)
{
	const cJSON *arr, *row;
	struct json_at at, e;
	long long sum = 0;
	size_t i = 0;

	if (json_get_array(o, "histogram_ns", 0, RESULT_MAX_BUCKETS, "an array of "
	    "at most " RESULT_MAX_BUCKETS_TEXT " rows [low, high, count]", j, &arr,
	    &at) < 0)
		return -1;
	if (cJSON_GetArraySize(arr) == 0)
		return errf(j->err, "%s: %s: histogram_ns is empty; expected at least "
		    "one row [low, high, count]", j->file, j->path);
	if (!isnan(c->p50_lo_ns) || !isnan(c->p99_lo_ns))
		return errf(j->err, "%s: %s: a percentile range beside histogram_ns; "
		    "expected the ranges to come from the histogram alone", j->file,
		    j->path);
	c->buckets = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof *c->buckets);
	cJSON_ArrayForEach(row, arr) {
		json_at_index(&e, &at, i);
		if (get_bucket(row, i > 0 ? &c->buckets[i - 1] : NULL, &c->buckets[i],
		    &e) < 0)
			return -1;
		if (c->buckets[i].count > RESULT_MAX_COUNT - sum)
			return json_bad(&e, row, "a count that keeps the rows' sum at most "
			    "2^53 - 1");
		sum += c->buckets[i++].count;
	}
	c->nbuckets = i;
	c->count = sum;
	result_buckets_quantile(c->buckets, i, sum, 0.5, &c->p50_lo_ns, &c->p50_hi_ns);
	result_buckets_quantile(c->buckets, i, sum, 0.99, &c->p99_lo_ns, &c->p99_hi_ns);
	if (histogram_point("p50_ns", p50, c->p50_lo_ns, c->p50_hi_ns,
	    result_buckets_point(c->buckets, i, sum, 0.5), &c->p50_ns, j) < 0 ||
	    histogram_point("p99_ns", p99, c->p99_lo_ns, c->p99_hi_ns,
	    result_buckets_point(c->buckets, i, sum, 0.99), &c->p99_ns, j) < 0)
		return -1;
	c->p50_lo_ns = fmax(c->p50_lo_ns, RESULT_MIN_NS);
	c->p99_lo_ns = fmax(c->p99_lo_ns, RESULT_MIN_NS);
	return 0;
}

/* The latencies: samples (JSON or file), or p50 and p99 with optional ranges. */
static int
get_latencies(const cJSON *o, const char *path, struct result_class *c,
    const struct at *a)
{
	const struct json_span *ns = &json_span_latency;
	const struct json_at *j = &a->j;
	const cJSON *arr = json_member(o, "samples_ns");
	double p50, p99;

	if (json_get_number(o, "p50_ns", JSON_OPTIONAL, ns, j, &p50) < 0 ||
	    json_get_number(o, "p99_ns", JSON_OPTIONAL, ns, j, &p99) < 0 ||
	    json_get_pair(o, "p50_range_ns", JSON_OPTIONAL, "[low, high] in "
	    "nanoseconds", ns, 0, j, &c->p50_lo_ns, &c->p50_hi_ns) < 0 ||
	    json_get_pair(o, "p99_range_ns", JSON_OPTIONAL, "[low, high] in "
	    "nanoseconds", ns, 0, j, &c->p99_lo_ns, &c->p99_hi_ns) < 0)
		return -1;
	if (arr != NULL && json_member(o, "samples_file") != NULL)
		return errf(j->err, "%s: %s: both samples_ns and samples_file; "
		    "expected one of them", j->file, j->path);
	if (json_member(o, "histogram_ns") != NULL) {
		if (arr != NULL || json_member(o, "samples_file") != NULL)
			return errf(j->err, "%s: %s: both samples and histogram_ns; "
			    "expected one of them", j->file, j->path);
		return get_histogram(o, c, p50, p99, j);
	}
	if (arr == NULL && json_member(o, "samples_file") == NULL) {
		if (isnan(p50) && isnan(p99))
			return errf(j->err, "%s: %s: no latencies; expected p50_ns and "
			    "p99_ns, samples_ns or samples_file", j->file, j->path);
		return check_points(c, p50, p99, j);
	}
	if (!isnan(c->p50_lo_ns) || !isnan(c->p99_lo_ns))
		return errf(j->err, "%s: %s: a percentile range beside samples; "
		    "expected ranges only where there are no samples", j->file,
		    j->path);
	/* held is empty: a partial array is freed with the class */
	if (arr != NULL ? json_get_numbers(o, "samples_ns", 0, "an array of "
	    "latencies in nanoseconds", 0, "at least one latency", ns, j,
	    &c->held.f64, &c->held.n) < 0 : get_samples_file(o, path, c, a) < 0)
		return -1;
	c->nsamples = c->held.n;
	*a->total += c->nsamples;
	return from_samples(c, p50, p99, j);
}

/* classes[i] as far as its name: an object with a non-empty string name. */
static int
get_name(const cJSON *o, const struct json_at *at, struct result_class *c)
{
	if (!cJSON_IsObject(o))
		return json_bad(at, o, "an object");
	return json_get_string(o, "name", JSON_NONBLANK, NULL, at, &c->name);
}

/* Classes by name, and in file order within one name. */
static int
by_name(const void *a, const void *b)
{
	const struct result_class *x = *(const struct result_class *const *)a;
	const struct result_class *y = *(const struct result_class *const *)b;
	int c = strcmp(x->name, y->name);

	return c != 0 ? c : (x > y) - (x < y);
}

const struct result_class **
result_by_name(const struct result *r)
{
	const struct result_class **v = xmalloc(r->nclasses * sizeof *v);
	size_t k;

	for (k = 0; k < r->nclasses; k++)
		v[k] = &r->classes[k];
	qsort(v, r->nclasses, sizeof *v, by_name);
	return v;
}

/*
 * The first class in file order named as an earlier one, by sorting:
 * comparing each name with all before took hours for a million classes.
 */
static int
check_unique(const struct result *r, const char *path, char *err)
{
	const struct result_class **v = result_by_name(r);
	const struct result_class *dup = NULL, *first = NULL;
	char buf[80];
	size_t k;

	/* in file order within a name: the earliest repeat follows the first */
	for (k = 1; k < r->nclasses; k++)
		if (strcmp(v[k]->name, v[k - 1]->name) == 0 && (dup == NULL || v[k] < dup))
			dup = v[k], first = v[k - 1];
	free(v);
	if (dup == NULL)
		return 0;
	return errf(err, "%s: classes[%zu] \"%s\": the name is also classes[%zu]'s; "
	    "expected unique class names", path, (size_t)(dup - r->classes),
	    err_quote(buf, sizeof buf, dup->name), (size_t)(first - r->classes));
}

/*
 * failed and skipped, whole numbers, 0 when absent; flushes_per_op and
 * turn_wait_ns, or null, only on a write class.
 */
static int
get_figures(const cJSON *o, struct result_class *c, const struct json_at *j)
{
	static const struct json_span ops = { 0, (double)RESULT_MAX_COUNT, 0, 0, 1,
		"a whole number of operations from 0 to 2^53 - 1", NULL, NULL };
	static const struct json_span per = { 0, 1e6, 0, 0, 0,
		"a number of flushes from 0 to 1e+06, or null", NULL, NULL };
	static const struct json_span wait = { 0, 86400e9, 0, 0, 0,
		"nanoseconds from 0 to a day (8.64e+13), or null", NULL, NULL };
	double failed, skipped;

	if (json_get_number(o, "failed", JSON_OPTIONAL, &ops, j, &failed) < 0 ||
	    json_get_number(o, "skipped", JSON_OPTIONAL, &ops, j, &skipped) < 0)
		return -1;
	c->failed = isnan(failed) ? 0 : (long long)failed;
	c->skipped = isnan(skipped) ? 0 : (long long)skipped;
	if (json_get_number(o, "flushes_per_op", JSON_OPTIONAL | JSON_NULL, &per, j,
	    &c->flushes_per_op) < 0 ||
	    json_get_number(o, "turn_wait_ns", JSON_OPTIONAL | JSON_NULL, &wait, j,
	    &c->turn_wait_ns) < 0)
		return -1;
	if (c->kind == KIND_WRITE || (isnan(c->flushes_per_op) &&
	    isnan(c->turn_wait_ns)))
		return 0;
	return errf(j->err, "%s: %s: %s on a read class; expected it only on a "
	    "write class", j->file, j->path, !isnan(c->flushes_per_op) ?
	    "flushes_per_op" : "turn_wait_ns");
}

/* The rest of classes[i]: kind, latencies, count and write figures. */
static int
get_body(const cJSON *o, const struct json_at *at, const char *path,
    struct result_class *c, size_t *total)
{
	struct at a = { *at, total };
	char buf[80];
	int kind;

	json_at_name(&a.j, err_quote(buf, sizeof buf, c->name));
	if (json_get_word(o, "kind", 0, class_kind_names, KIND_WRITE + 1,
	    "\"read\" or \"write\"", &a.j, &kind) < 0 ||
	    get_latencies(o, path, c, &a) < 0)
		return -1;
	c->kind = kind == 1 ? KIND_WRITE : KIND_READ;
	return get_count(o, c, &a.j) < 0 || get_figures(o, c, &a.j) < 0 ? -1 : 0;
}

/* Names first, so a duplicate is refused before any samples are read. */
static int
get_classes(const cJSON *root, const char *path, struct result *r,
    const struct json_at *at)
{
	const cJSON *arr, *o;
	struct json_at c, e;
	size_t i, n, total = 0;

	if (json_get_array(root, "classes", 0, 0, "an array of at least one class",
	    at, &arr, &c) < 0)
		return -1;
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0)
		return errf(at->err, "%s: classes is empty; expected at least one "
		    "class", path);
	if (n > RESULT_MAX_CLASSES)
		return errf(at->err, "%s: classes holds %zu classes; expected at most "
		    "%d", path, n, RESULT_MAX_CLASSES);
	r->classes = xcalloc(n, sizeof *r->classes);
	r->nclasses = n;
	i = 0;
	cJSON_ArrayForEach(o, arr) {
		json_at_index(&e, &c, i);
		if (get_name(o, &e, &r->classes[i++]) < 0)
			return -1;
	}
	if (check_unique(r, path, at->err) < 0)
		return -1;
	i = 0;
	cJSON_ArrayForEach(o, arr) {
		json_at_index(&e, &c, i);
		if (get_body(o, &e, path, &r->classes[i++], &total) < 0)
			return -1;
	}
	return 0;
}

static int
get_header(const cJSON *root, struct result *r, const struct json_at *at)
{
	static const char *const format[] = { RESULT_FORMAT };
	/* the gate labels a side "engine version": a blank version would make two alike */
	static const int opt = JSON_OPTIONAL | JSON_NULL | JSON_NONBLANK;
	static const struct json_span cc = { 1, 1e9, 0, 0, 1,
		"a whole number from 1 to 1000000000", NULL, NULL };
	double d;
	int f;

	if (!cJSON_IsObject(root))
		return errf(at->err, "%s: the top level is %s; expected a %s object",
		    at->file, json_kind(root), RESULT_FORMAT);
	if (json_get_word(root, "format", 0, format, 1, "\"" RESULT_FORMAT "\"", at,
	    &f) < 0 ||
	    json_get_string(root, "engine", JSON_NONBLANK, NULL, at, &r->engine) < 0 ||
	    json_get_string(root, "version", opt, "a non-empty string, or null", at,
	    &r->version) < 0 ||
	    json_get_string(root, "workload", opt, "a non-empty string, or null", at,
	    &r->workload) < 0 ||
	    json_get_number(root, "concurrency", JSON_OPTIONAL | JSON_NULL, &cc, at,
	    &d) < 0)
		return -1;
	r->concurrency = isnan(d) ? -1 : (long long)d;
	return 0;
}

/*
 * An older result has no host; one that has it must have all of it
 * right.  A probe that fails is left empty, for result_free.
 */
int
result_from_json(const cJSON *root, const char *path, struct result *r,
    char *err)
{
	const cJSON *o, *p;
	struct json_at at, c;
	int rc;

	memset(r, 0, sizeof *r);
	r->concurrency = -1;
	r->path = xstrdup(path);
	json_at_init(&at, path, "", err);
	if (get_header(root, r, &at) < 0 || (rc = json_get_object(root, "host",
	    JSON_OPTIONAL, "an object (cpu_model, cores, memory_bytes, kernel, "
	    "machine_id, id_source)", &at, &o, &c)) < 0)
		goto fail;
	if (rc == 0) {
		r->host = xmalloc(sizeof *r->host);
		if (result_host_from_json(o, &c, r->host) < 0)
			goto fail;
	}
	if ((p = json_member(root, "probe")) != NULL && !cJSON_IsNull(p)) {
		r->probe = xmalloc(sizeof *r->probe);
		if (probe_record_from_json(p, path, "probe", r->probe, err) < 0)
			goto fail;
	}
	if (get_classes(root, path, r, &at) == 0 &&
	    session_from_json(root, &r->session, &at) == 0)
		return 0;
fail:
	result_free(r);
	return -1;
}

int
result_load(const char *path, struct result *r, char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	int rc;

	memset(r, 0, sizeof *r);
	r->concurrency = -1;
	if (root == NULL)
		return -1;
	rc = result_from_json(root, path, r, err);
	cJSON_Delete(root);
	return rc;
}

static void
flush_count_free(struct result_flush_count *fc)
{
	size_t i;

	if (fc == NULL)
		return;
	for (i = 0; i < fc->ndevices; i++) {
		free(fc->devices[i].device);
		free(fc->devices[i].dropped);
	}
	free(fc->devices);
	free(fc->device);
	free(fc->why_none);
	free(fc->shared);
	free(fc);
}

void
result_free(struct result *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nclasses; i++) {
		free(r->classes[i].name);
		free(r->classes[i].samples_ns);
		samples_free(&r->classes[i].held);
		free(r->classes[i].samples_path);
		free(r->classes[i].buckets);
		free(r->classes[i].sampling);
		flush_count_free(r->classes[i].flush_count);
	}
	free(r->classes);
	free(r->path);
	free(r->engine);
	free(r->version);
	free(r->workload);
	probe_record_free(r->probe);
	free(r->probe);
	result_host_free(r->host);
	free(r->host);
	if (r->command != NULL) {
		free(r->command->command);
		free(r->command->import);
		free(r->command->stdout_file);
		free(r->command->stderr_file);
		free(r->command->output_file);
		free(r->command->probed);
		free(r->command);
	}
	if (r->driver != NULL) {
		free(r->driver->mix);
		free(r->driver->settings);
		free(r->driver->probed);
		free(r->driver);
	}
	memset(r, 0, sizeof *r);
	r->concurrency = -1;
}

const struct result_class *
result_find(const struct result *r, const char *name)
{
	/*
	 * From where the last was found, per thread: the gate asks in order,
	 * so 10,000 classes a side take a comparison or two each, not 5,000.
	 */
	static _Thread_local size_t last;
	size_t k, i;

	for (k = 0; k < r->nclasses; k++) {
		i = (last + k) % r->nclasses;
		if (strcmp(r->classes[i].name, name) == 0) {
			last = i;
			return &r->classes[i];
		}
	}
	return NULL;
}

void
fileset_result(struct fileset *s, const struct result *r)
{
	char label[ERRLEN];
	size_t i;

	fileset_input(s, r->path, NULL);
	for (i = 0; i < r->nclasses; i++) {
		const struct result_class *c = &r->classes[i];

		if (c->samples_path == NULL)
			continue;
		snprintf(label, sizeof label, "%s's samples_file %s", r->path,
		    c->samples_path);
		fileset_input(s, c->samples_path, label);
	}
}
