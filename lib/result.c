/* SPDX-License-Identifier: MIT */
/*
 * syncgate-result/1 in (docs/result-format.md).  Every figure is checked
 * before it is kept, so the gate never computes from garbage; samples
 * are read into plain doubles, from JSON or from a samples_file
 * (lib/samples_file.c), and sorted once.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/path.h"
#include "lib/result.h"
#include "lib/samples_file.h"
#include "lib/stats.h"
#include "lib/utf8.h"

/* What a message needs to say where it is: the file and the class. */
struct at {
	const char *file;
	char cls[160];          /* "classes[2] \"write\"" */
	char *err;
	size_t *total;          /* samples held by the result's classes so far */
};

size_t result_max_samples = RESULT_MAX_SAMPLES;

/* Below this many samples qsort wins; above, the radix sort does. */
#define RADIX_MIN 4096

const char *
class_kind_name(enum class_kind k)
{
	return k == KIND_WRITE ? "write" : "read";
}

/* Whether d is a latency a result may hold: from 1ns to a day. */
static int
latency_ok(double d)
{
	return d >= RESULT_MIN_NS && d <= RESULT_MAX_NS;
}

static int
bad_latency(const struct at *a, const char *field, const cJSON *v)
{
	double d;

	if (json_finite(v, &d) < 0)
		return errf(a->err, "%s: %s: %s is %s; expected a positive number "
		    "of nanoseconds", a->file, a->cls, field, json_kind(v));
	return errf(a->err, "%s: %s: %s is %.10g%s; expected a positive number "
	    "of nanoseconds, from 1 to a day", a->file, a->cls, field, d,
	    d > RESULT_MAX_NS ? ", over a day" : d > 0 ? ", under 1ns" : "");
}

/* A latency member: absent leaves *out NaN and returns 0. */
static int
get_latency(const cJSON *o, const char *key, double *out, const struct at *a)
{
	const cJSON *v = json_member(o, key);
	double d;

	*out = NAN;
	if (v == NULL)
		return 0;
	if (json_finite(v, &d) < 0 || !latency_ok(d))
		return bad_latency(a, key, v);
	*out = d;
	return 0;
}

/* A [low, high] interval of nanoseconds; absent leaves NaN. */
static int
get_range(const cJSON *o, const char *key, double *lo, double *hi,
    const struct at *a)
{
	const cJSON *v = json_member(o, key);
	char field[64];
	int i;

	*lo = *hi = NAN;
	if (v == NULL)
		return 0;
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2)
		return errf(a->err, "%s: %s: %s is %s; expected [low, high] in "
		    "nanoseconds", a->file, a->cls, key,
		    cJSON_IsArray(v) ? "not two numbers" : json_kind(v));
	for (i = 0; i < 2; i++) {
		const cJSON *e = cJSON_GetArrayItem(v, i);
		double d;

		snprintf(field, sizeof field, "%s[%d]", key, i);
		if (json_finite(e, &d) < 0 || !latency_ok(d))
			return bad_latency(a, field, e);
		*(i == 0 ? lo : hi) = d;
	}
	if (*lo > *hi)
		return errf(a->err, "%s: %s: %s is [%.10g, %.10g]; expected low "
		    "at most high", a->file, a->cls, key, *lo, *hi);
	return 0;
}

/*
 * Positive doubles order as their bit patterns do, so a least-significant
 * digit radix sort on the 64-bit pattern sorts them in linear time;
 * passes whose digit every key shares are skipped (integer nanoseconds
 * leave the low mantissa bits zero).
 */
static void
radix_sort(double *x, size_t n)
{
	enum { BITS = 11, BUCKETS = 1 << BITS, PASSES = (64 + BITS - 1) / BITS };
	size_t (*count)[BUCKETS] = xcalloc(PASSES, sizeof *count);
	uint64_t *a = (uint64_t *)(void *)x, *b = xmalloc(n * sizeof *b), *t;
	size_t i;
	int p;

	for (i = 0; i < n; i++) {
		uint64_t k;

		memcpy(&k, &x[i], sizeof k);
		for (p = 0; p < PASSES; p++)
			count[p][(k >> (p * BITS)) & (BUCKETS - 1)]++;
	}
	for (p = 0; p < PASSES; p++) {
		size_t sum = 0, c, j;

		if (count[p][(a[0] >> (p * BITS)) & (BUCKETS - 1)] == n)
			continue;
		for (j = 0; j < BUCKETS; j++) {
			c = count[p][j];
			count[p][j] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			b[count[p][(a[i] >> (p * BITS)) & (BUCKETS - 1)]++] = a[i];
		t = a;
		a = b;
		b = t;
	}
	if (a != (uint64_t *)(void *)x) {
		memcpy(x, a, n * sizeof *x);
		b = a;
	}
	free(b);
	free(count);
}

static void
sort_samples(double *x, size_t n)
{
	if (n < RADIX_MIN)
		stats_sort(x, n);
	else
		radix_sort(x, n);
}

static int
get_samples_array(const cJSON *arr, struct result_class *c, const struct at *a)
{
	const cJSON *v;
	size_t i = 0, n;
	char field[48];

	if (!cJSON_IsArray(arr))
		return errf(a->err, "%s: %s: samples_ns is %s; expected an array of "
		    "latencies in nanoseconds", a->file, a->cls, json_kind(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0)
		return errf(a->err, "%s: %s: samples_ns is empty; expected at least "
		    "one latency", a->file, a->cls);
	c->samples_ns = xmalloc(n * sizeof *c->samples_ns);
	cJSON_ArrayForEach(v, arr) {
		double d;

		if (json_finite(v, &d) < 0 || !latency_ok(d)) {
			snprintf(field, sizeof field, "samples_ns[%zu]", i);
			return bad_latency(a, field, v);
		}
		c->samples_ns[i++] = d;
	}
	c->nsamples = n;
	return 0;
}

/*
 * Where the samples_file rel of the result at path was read: beside the
 * file a link to the result names, as lib/samples_file.c looks for it,
 * with the links on the way resolved.  The caller frees it.
 */
static char *
resolved_samples_path(const char *path, const char *rel)
{
	char *file = realpath(path, NULL), *dir, *real, *joined;

	dir = path_dir(file != NULL ? file : path);
	free(file);
	real = realpath(dir, NULL);
	joined = xmalloc(strlen(real != NULL ? real : dir) + strlen(rel) + 2);
	sprintf(joined, "%s/%s", real != NULL ? real : dir, rel);
	free(dir);
	free(real);
	real = realpath(joined, NULL);
	if (real == NULL)
		return joined;
	free(joined);
	return real;
}

static int
get_samples_file(const cJSON *v, const char *path, struct result_class *c,
    const struct at *a)
{
	size_t left, wlen = strlen(a->file) + strlen(a->cls) + 3;
	char *where, *first;
	int rc = -1;

	if (!cJSON_IsString(v) || v->valuestring[0] == '\0')
		return errf(a->err, "%s: %s: samples_file is %s; expected a path "
		    "relative to the result file", a->file, a->cls,
		    cJSON_IsString(v) ? "empty" : json_kind(v));
	/* whole: errf shortens a long path, where a fixed buffer cut the class */
	where = xmalloc(wlen);
	snprintf(where, wlen, "%s: %s", a->file, a->cls);
	left = *a->total < result_max_samples ? result_max_samples - *a->total : 0;
	if (left == 0)
		errf(a->err, "%s: the classes before it already hold %zu latencies; "
		    "expected at most that many in one result", where,
		    result_max_samples);
	else if (samples_file_read(path, v->valuestring, where,
	    left < SAMPLES_FILE_MAX_COUNT ? left : SAMPLES_FILE_MAX_COUNT,
	    &c->samples_ns, &c->nsamples, a->err) == 0)
		rc = 0;
	else if (left < SAMPLES_FILE_MAX_COUNT && strstr(a->err, " latencies; "
	    "expected at most that many") != NULL) {
		first = xstrdup(a->err);
		errf(a->err, "%s (the classes before it hold %zu of the %zu a result "
		    "may)", first, *a->total, result_max_samples);
		free(first);
	}
	free(where);
	if (rc == 0)
		c->samples_path = resolved_samples_path(path, v->valuestring);
	return rc;
}

/*
 * p50 and p99 from the sorted samples; stated ones must agree, since a
 * different quantile definition would otherwise pass silently.
 */
static int
from_samples(struct result_class *c, double p50, double p99, const struct at *a)
{
	static const char *const keys[] = { "p50_ns", "p99_ns" };
	double given[2], got[2];
	int i;

	sort_samples(c->samples_ns, c->nsamples);
	given[0] = p50;
	given[1] = p99;
	got[0] = stats_quantile_sorted(c->samples_ns, c->nsamples, 0.5);
	got[1] = stats_quantile_sorted(c->samples_ns, c->nsamples, 0.99);
	for (i = 0; i < 2; i++)
		if (!isnan(given[i]) && fabs(given[i] - got[i]) > 0.5 + 1e-6 * got[i])
			return errf(a->err, "%s: %s: %s is %.10g but its %zu samples "
			    "give %.10g (type-7 quantiles); expected them to agree, or "
			    "only one of the two", a->file, a->cls, keys[i], given[i],
			    c->nsamples, got[i]);
	c->p50_ns = got[0];
	c->p99_ns = got[1];
	return 0;
}

static int
get_kind(const cJSON *o, struct result_class *c, const struct at *a)
{
	const cJSON *v = json_member(o, "kind");
	char buf[80];

	if (cJSON_IsString(v) && strcmp(v->valuestring, "read") == 0)
		c->kind = KIND_READ;
	else if (cJSON_IsString(v) && strcmp(v->valuestring, "write") == 0)
		c->kind = KIND_WRITE;
	else if (cJSON_IsString(v))
		return errf(a->err, "%s: %s: kind is \"%s\"; expected \"read\" or "
		    "\"write\"", a->file, a->cls, err_quote(buf, sizeof buf, v->valuestring));
	else
		return errf(a->err, "%s: %s: kind is %s; expected \"read\" or "
		    "\"write\"", a->file, a->cls, json_kind(v));
	return 0;
}

/* A member as a message shows it: "-3", or its JSON kind when not a number. */
static const char *
shown_value(char *buf, size_t len, const cJSON *v)
{
	double d;

	if (json_finite(v, &d) < 0)
		snprintf(buf, len, "%s", json_kind(v));
	else
		snprintf(buf, len, "%.10g", d);
	return buf;
}

static int
get_count(const cJSON *o, struct result_class *c, const struct at *a)
{
	const cJSON *v = json_member(o, "count");
	char buf[64];
	double d;

	c->count = c->nsamples ? (long long)c->nsamples : -1;
	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (json_finite(v, &d) < 0 || d < 0 || d != floor(d))
		return errf(a->err, "%s: %s: count is %s; expected a whole number of "
		    "operations", a->file, a->cls, shown_value(buf, sizeof buf, v));
	if (d > (double)RESULT_MAX_COUNT) {
		snprintf(buf, sizeof buf, d < 1e17 ? "%.0f" : "%g", d);
		return errf(a->err, "%s: %s: count is %s, over %lld (2^53 - 1), the "
		    "largest whole number a JSON number holds exactly; expected a count "
		    "of operations at most that", a->file, a->cls, buf, RESULT_MAX_COUNT);
	}
	/* the samples are operations too: fewer operations than that is garbage */
	if (d < (double)c->nsamples)
		return errf(a->err, "%s: %s: count is %.0f, fewer than its %zu "
		    "samples; expected at least one operation a sample", a->file,
		    a->cls, d, c->nsamples);
	c->count = (long long)d;
	return 0;
}

/* p50 and p99 given as points: both, in order, each inside its range. */
static int
check_points(struct result_class *c, double p50, double p99, const struct at *a)
{
	if (isnan(p50) || isnan(p99))
		return errf(a->err, "%s: %s: %s is missing; expected it beside %s",
		    a->file, a->cls, isnan(p50) ? "p50_ns" : "p99_ns",
		    isnan(p50) ? "p99_ns" : "p50_ns");
	if (p99 < p50)
		return errf(a->err, "%s: %s: p99_ns is %.10g, below p50_ns %.10g; "
		    "expected p99 at least p50", a->file, a->cls, p99, p50);
	if (!isnan(c->p50_lo_ns) && (p50 < c->p50_lo_ns || p50 > c->p50_hi_ns))
		return errf(a->err, "%s: %s: p50_ns %.10g is outside p50_range_ns "
		    "[%.10g, %.10g]; expected it within", a->file, a->cls, p50,
		    c->p50_lo_ns, c->p50_hi_ns);
	if (!isnan(c->p99_lo_ns) && (p99 < c->p99_lo_ns || p99 > c->p99_hi_ns))
		return errf(a->err, "%s: %s: p99_ns %.10g is outside p99_range_ns "
		    "[%.10g, %.10g]; expected it within", a->file, a->cls, p99,
		    c->p99_lo_ns, c->p99_hi_ns);
	c->p50_ns = p50;
	c->p99_ns = p99;
	return 0;
}

/* The latencies: samples (JSON or file), or p50 and p99 with optional ranges. */
static int
get_latencies(const cJSON *o, const char *path, struct result_class *c,
    const struct at *a)
{
	const cJSON *arr = json_member(o, "samples_ns");
	const cJSON *file = json_member(o, "samples_file");
	double p50, p99;

	if (get_latency(o, "p50_ns", &p50, a) < 0 ||
	    get_latency(o, "p99_ns", &p99, a) < 0 ||
	    get_range(o, "p50_range_ns", &c->p50_lo_ns, &c->p50_hi_ns, a) < 0 ||
	    get_range(o, "p99_range_ns", &c->p99_lo_ns, &c->p99_hi_ns, a) < 0)
		return -1;
	if (arr != NULL && file != NULL)
		return errf(a->err, "%s: %s: both samples_ns and samples_file; "
		    "expected one of them", a->file, a->cls);
	if (arr != NULL || file != NULL) {
		if (!isnan(c->p50_lo_ns) || !isnan(c->p99_lo_ns))
			return errf(a->err, "%s: %s: a percentile range beside samples; "
			    "expected ranges only where there are no samples", a->file,
			    a->cls);
		if ((arr != NULL ? get_samples_array(arr, c, a) :
		    get_samples_file(file, path, c, a)) < 0)
			return -1;
		*a->total += c->nsamples;
		return from_samples(c, p50, p99, a);
	}
	if (isnan(p50) && isnan(p99))
		return errf(a->err, "%s: %s: no latencies; expected p50_ns and p99_ns, "
		    "samples_ns or samples_file", a->file, a->cls);
	return check_points(c, p50, p99, a);
}


/* What a string that must show is: "empty", "only white space", or its JSON kind. */
static const char *
blank_kind(const cJSON *v)
{
	if (!cJSON_IsString(v))
		return json_kind(v);
	return v->valuestring[0] == '\0' ? "empty" : "only white space";
}

/* classes[i] as far as its name: an object with a non-empty string name. */
static int
get_name(const cJSON *o, size_t i, const char *path, struct result_class *c,
    char *err)
{
	const cJSON *name = json_member(o, "name");

	c->p50_ns = c->p99_ns = NAN;
	c->p50_lo_ns = c->p50_hi_ns = c->p99_lo_ns = c->p99_hi_ns = NAN;
	c->count = -1;
	if (!cJSON_IsObject(o))
		return errf(err, "%s: classes[%zu] is %s; expected an object", path,
		    i, json_kind(o));
	if (!cJSON_IsString(name) || utf8_blank(name->valuestring))
		return errf(err, "%s: classes[%zu].name is %s; expected a non-empty "
		    "string", path, i, blank_kind(name));
	c->name = xstrdup(name->valuestring);
	return 0;
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

/*
 * Refuses the first class, in file order, whose name an earlier class
 * has.  Sorting finds it in n log n: a result may hold many classes, and
 * comparing each name with every one before it took hours for a million.
 */
static int
check_unique(const struct result *r, const char *path, char *err)
{
	const struct result_class **v = xmalloc(r->nclasses * sizeof *v);
	const struct result_class *dup = NULL, *first = NULL;
	char buf[80];
	size_t k;

	for (k = 0; k < r->nclasses; k++)
		v[k] = &r->classes[k];
	qsort(v, r->nclasses, sizeof *v, by_name);
	/* within one name the classes are in file order: the earliest repeat follows the first */
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

/* The rest of classes[i]: its kind, latencies and count. */
static int
get_body(const cJSON *o, size_t i, const char *path, struct result_class *c,
    size_t *total, char *err)
{
	struct at a;
	char buf[80];

	a.file = path;
	a.err = err;
	a.total = total;
	snprintf(a.cls, sizeof a.cls, "classes[%zu] \"%s\"", i,
	    err_quote(buf, sizeof buf, c->name));
	if (get_kind(o, c, &a) < 0 || get_latencies(o, path, c, &a) < 0)
		return -1;
	return get_count(o, c, &a);
}

/* Names first, so a duplicate is refused before any samples are read. */
static int
get_classes(const cJSON *root, const char *path, struct result *r, char *err)
{
	const cJSON *arr = json_member(root, "classes"), *o;
	size_t i, n, total = 0;

	if (!cJSON_IsArray(arr))
		return errf(err, "%s: classes is %s; expected an array of at least "
		    "one class", path, json_kind(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0)
		return errf(err, "%s: classes is empty; expected at least one class",
		    path);
	if (n > RESULT_MAX_CLASSES)
		return errf(err, "%s: classes holds %zu classes; expected at most %d",
		    path, n, RESULT_MAX_CLASSES);
	r->classes = xcalloc(n, sizeof *r->classes);
	r->nclasses = n;
	i = 0;
	cJSON_ArrayForEach(o, arr) {
		if (get_name(o, i, path, &r->classes[i], err) < 0)
			return -1;
		i++;
	}
	if (check_unique(r, path, err) < 0)
		return -1;
	i = 0;
	cJSON_ArrayForEach(o, arr) {
		if (get_body(o, i, path, &r->classes[i], &total, err) < 0)
			return -1;
		i++;
	}
	return 0;
}

/*
 * An optional string member; present, it must be a string that shows:
 * the gate labels a side "engine version", so a blank version would make
 * two labels alike.
 */
static int
get_opt_str(const cJSON *root, const char *key, char **out, const char *path,
    char *err)
{
	const cJSON *v = json_member(root, key);

	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsString(v) || utf8_blank(v->valuestring))
		return errf(err, "%s: %s is %s; expected a non-empty string, or null",
		    path, key, blank_kind(v));
	*out = xstrdup(v->valuestring);
	return 0;
}

static int
get_header(const cJSON *root, const char *path, struct result *r, char *err)
{
	const cJSON *f = json_member(root, "format"), *e = json_member(root, "engine");
	const cJSON *c = json_member(root, "concurrency");
	char buf[80];
	double d;

	if (!cJSON_IsObject(root))
		return errf(err, "%s: the top level is %s; expected a %s object", path,
		    json_kind(root), RESULT_FORMAT);
	if (cJSON_IsString(f) && strcmp(f->valuestring, RESULT_FORMAT) != 0)
		return errf(err, "%s: format is \"%s\"; expected \"%s\"", path,
		    err_quote(buf, sizeof buf, f->valuestring), RESULT_FORMAT);
	if (!cJSON_IsString(f))
		return errf(err, "%s: format is %s; expected \"%s\"", path,
		    json_kind(f), RESULT_FORMAT);
	if (!cJSON_IsString(e) || utf8_blank(e->valuestring))
		return errf(err, "%s: engine is %s; expected a non-empty string",
		    path, blank_kind(e));
	r->engine = xstrdup(e->valuestring);
	if (get_opt_str(root, "version", &r->version, path, err) < 0 ||
	    get_opt_str(root, "workload", &r->workload, path, err) < 0)
		return -1;
	if (c != NULL && !cJSON_IsNull(c)) {
		if (json_finite(c, &d) < 0 || d < 1 || d > 1e9 || d != floor(d))
			return errf(err, "%s: concurrency is %s; expected a whole number "
			    "from 1 to 1000000000", path, shown_value(buf, sizeof buf, c));
		r->concurrency = (long long)d;
	}
	return 0;
}

static int
get_probe(const cJSON *root, const char *path, struct result *r, char *err)
{
	const cJSON *p = json_member(root, "probe");

	if (p == NULL || cJSON_IsNull(p))
		return 0;
	r->probe = xmalloc(sizeof *r->probe);
	if (probe_record_from_json(p, path, "probe", r->probe, err) < 0) {
		free(r->probe);
		r->probe = NULL;
		return -1;
	}
	return 0;
}

int
result_from_json(const cJSON *root, const char *path, struct result *r,
    char *err)
{
	memset(r, 0, sizeof *r);
	r->concurrency = -1;
	r->path = xstrdup(path);
	if (get_header(root, path, r, err) < 0 ||
	    get_probe(root, path, r, err) < 0 ||
	    get_classes(root, path, r, err) < 0) {
		result_free(r);
		return -1;
	}
	return 0;
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

void
result_free(struct result *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nclasses; i++) {
		free(r->classes[i].name);
		free(r->classes[i].samples_ns);
		free(r->classes[i].samples_path);
	}
	free(r->classes);
	free(r->path);
	free(r->engine);
	free(r->version);
	free(r->workload);
	if (r->probe != NULL) {
		probe_record_free(r->probe);
		free(r->probe);
	}
	memset(r, 0, sizeof *r);
	r->concurrency = -1;
}

const struct result_class *
result_find(const struct result *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nclasses; i++)
		if (strcmp(r->classes[i].name, name) == 0)
			return &r->classes[i];
	return NULL;
}
