/* SPDX-License-Identifier: MIT */
/*
 * syncgate-probe/1 in and out, one table of fields read and written.
 * Reading never trusts a stored summary: the median and its interval are
 * recomputed from the samples, and a stored median that disagrees with
 * them is an error.
 */
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json_fields.h"
#include "model/probe_record.h"
#include "model/result_limits.h"
#include "lib/stats.h"

#define ABSENT (JSON_OPTIONAL | JSON_NULL)
/* Later additions, left out when absent so older records read back alike. */
#define LATER (JSON_OMIT | JSON_NULL)
/* A figure as measured: null where not, written in cJSON's digits. */
#define FIGURE (ABSENT | JSON_DOUBLE)

static const struct json_span ANY = { -HUGE_VAL, HUGE_VAL, 0, 0, 0,
	"a number or null", NULL, NULL };
static const struct json_span POSITIVE_NS = { 0, HUGE_VAL, 1, 0, 0,
	"a positive number of nanoseconds", NULL, NULL };
static const struct json_span WRITE_BYTES = { 1, 1e12, 0, 0, 1,
	"a positive whole number of bytes", NULL, NULL };
static const struct json_span CLUSTERS = { 1, HUGE_VAL, 0, 0, 0,
	"1 or more, or null", NULL, NULL };
static const struct json_span WRITERS = { 1, 4096, 0, 0, 1,
	"a whole number from 1 to 4096", NULL, NULL };
static const struct json_span WARMUP = { 0, 1000, 0, 0, 1,
	"a whole number from 0 to 1000", NULL, NULL };

const char *const reach_names[] = {
	[REACH_UNKNOWN] = "unknown", [REACH_YES] = "yes", [REACH_NO] = "no",
};
_Static_assert(sizeof reach_names / sizeof reach_names[0] == REACH_NO + 1,
    "a reach without a name");

static const struct json_words REACHES = { reach_names, REACH_NO + 1,
	"\"yes\", \"no\" or \"unknown\"" };

#define RECORD(b) ((struct probe_record *)(void *)(b))
#define CRECORD(b) ((const struct probe_record *)(const void *)(b))

/* The hardware, when the record has any of its keys. */
static int
get_hw(const cJSON *host, const struct json_field *f, char *b,
    const struct json_at *a)
{
	struct probe_record *p = RECORD(b);

	(void)f;
	if (json_member(host, "cpu_model") == NULL && json_member(host, "cores") ==
	    NULL && json_member(host, "memory_bytes") == NULL)
		return 0;
	p->hw = xmalloc(sizeof *p->hw);
	result_host_init(p->hw);
	return json_get_fields(host, result_host_hw_fields, p->hw, a);
}

/* A later addition: a record without it reads back alike. */
static void
put_hw(cJSON *host, const struct json_field *f, const char *b)
{
	(void)f;
	if (CRECORD(b)->hw != NULL)
		json_put_fields(host, result_host_hw_fields, CRECORD(b)->hw);
}

/*
 * The write's size and the warm-up, each null where unknown: 0 bytes and
 * -1 samples are records read without them.
 */
static int
get_sizes(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *a)
{
	struct probe_record *p = RECORD(b);
	double wb, w;

	if (json_get_number(o, f->key, ABSENT, &WRITE_BYTES, a, &wb) < 0 ||
	    json_get_number(o, "warmup", ABSENT, &WARMUP, a, &w) < 0)
		return -1;
	p->write_bytes = isnan(wb) ? 0 : (long long)wb;
	p->warmup = isnan(w) ? -1 : (int)w;
	return 0;
}

static void
put_sizes(cJSON *o, const struct json_field *f, const char *b)
{
	const struct probe_record *p = CRECORD(b);

	json_add_double(o, f->key, p->write_bytes > 0 ? (double)p->write_bytes :
	    NAN);
	json_add_double(o, "warmup", p->warmup >= 0 ? p->warmup : NAN);
}

/* The sync latencies at off, hi of them: at least one, each 1ns to a day. */
static int
get_samples(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *a)
{
	return json_get_numbers(o, f->key, 0, "an array of sync latencies in "
	    "nanoseconds", 0, "at least one sync latency", &json_span_latency, a,
	    (double **)(void *)(b + f->off), (size_t *)(void *)(b + f->hi));
}

static void
put_samples(cJSON *o, const struct json_field *f, const char *b)
{
	cJSON_AddItemToObject(o, f->key, json_double_array(
	    *(double *const *)(const void *)(b + f->off),
	    *(const size_t *)(const void *)(b + f->hi)));
}

/* The intervals, derived: p99's ends each null, the median's whole null. */
static void
put_intervals(cJSON *o, const struct json_field *f, const char *b)
{
	const struct probe_record *p = CRECORD(b);
	cJSON *ci;

	ci = cJSON_AddArrayToObject(o, f->key);
	cJSON_AddItemToArray(ci, isfinite(p->p99_lo_ns) ?
	    cJSON_CreateNumber(p->p99_lo_ns) : cJSON_CreateNull());
	cJSON_AddItemToArray(ci, isfinite(p->p99_hi_ns) ?
	    cJSON_CreateNumber(p->p99_hi_ns) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "ci_ns", isfinite(p->ci_lo_ns) &&
	    isfinite(p->ci_hi_ns) ? json_double_array((const double[]){ p->ci_lo_ns,
	    p->ci_hi_ns }, 2) : cJSON_CreateNull());
}

/* The stability object: absent in older records, and then not judged. */
static int
get_stability(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *a)
{
	struct probe_record *p = RECORD(b);
	const cJSON *st;
	struct json_at c;
	int stable, rc = json_get_object(o, f->key, ABSENT, "an object", a,
	    &st, &c);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (json_get_bool(st, "stable", 0, NULL, &c, &stable) < 0 ||
	    json_get_pair(st, "halves_median_ns", 0, "two medians in nanoseconds",
	    &POSITIVE_NS, JSON_ANY_ORDER, &c, &p->halves_ns[0],
	    &p->halves_ns[1]) < 0 ||
	    json_get_number(st, "clusters_ratio", ABSENT, &CLUSTERS, &c,
	    &p->clusters_ratio) < 0)
		return -1;
	p->stable = stable;
	return 0;
}

/* Absent where not judged, as in records written before it was. */
static void
put_stability(cJSON *o, const struct json_field *f, const char *b)
{
	const struct probe_record *p = CRECORD(b);
	cJSON *st;

	if (p->stable < 0)
		return;
	st = cJSON_AddObjectToObject(o, f->key);
	cJSON_AddBoolToObject(st, "stable", p->stable);
	cJSON_AddItemToObject(st, "halves_median_ns", json_double_array(p->halves_ns, 2));
	json_add_double(st, "clusters_ratio", p->clusters_ratio);
}

#define STR(k, m, fl) { JF(k, JF_STR, fl, m) }
#define ID(k, m) { JF(k, JF_STR, JSON_NONBLANK, m), .what = "a non-empty string" }
#define NUM(k, m, fl, s) { JF(k, JF_NUM, fl, m), .span = &s }
#define DERIVED(k, m) { JF(k, JF_NUM, JSON_DERIVED | JSON_DOUBLE, m) }
#define SAMPLES(k, m, n) { JF(k, JF_CUSTOM, 0, m), .hi = offsetof(T, n), \
	.get = get_samples, .put = put_samples }
#define OBJ(k, m, fl, f, w) { JF(k, JF_OBJ, fl, m), .sub = f, .what = w }
/* an object whose members are the record's own */
#define FLAT(k, f) { .key = k, .type = JF_OBJ, .sub = f, \
	.what = "an object with an id" }

#define T struct probe_record
static const struct json_field host_fields[] = {
	ID("id", host_id), STR("id_source", host_id_source, ABSENT),
	STR("name", host_name, ABSENT), STR("os", os, ABSENT),
	STR("kernel", kernel, ABSENT), STR("virtualization", virt, ABSENT),
	JF_HOOK("cpu_model", get_hw, put_hw), JF_END
};

static const struct json_field volume_fields[] = {
	ID("id", volume_id), STR("id_source", volume_id_source, ABSENT),
	STR("path", path, ABSENT), STR("symlink", symlink, ABSENT),
	STR("fs", fs, ABSENT), STR("mount_point", mount_point, ABSENT),
	STR("mount_options", mount_options, ABSENT), STR("device", device, ABSENT),
	STR("model", model, ABSENT), STR("write_cache", write_cache, ABSENT),
	{ JF("rotational", JF_TRI, ABSENT, rotational),
	  .what = "true, false or null" },
	STR("memory_backed", memory_backed, LATER),
	STR("passthrough_backed", passthrough_backed, LATER), JF_END
};
#undef T

#define T struct probe_refs
static const struct json_field ref_fields[] = {
	NUM("dirty_sync", dirty_sync_ns, FIGURE, ANY),
	NUM("clean_sync", clean_sync_ns, FIGURE, ANY),
	NUM("null_syscall", null_syscall_ns, FIGURE, ANY),
	NUM("plain_write", plain_write_ns, FIGURE, ANY),
	NUM("raw_sync", raw_sync_ns, FIGURE, ANY),
	NUM("libc_sync", libc_sync_ns, FIGURE, ANY),
	NUM("clean_raw_sync", clean_raw_sync_ns, LATER | JSON_DOUBLE, ANY), JF_END
};
#undef T

/* The group's p99 and its syncs are derived from its samples. */
#define T struct probe_group
static const struct json_field group_fields[] = {
	{ JF("writers", JF_INT, JSON_DOUBLE, writers), .span = &WRITERS },
	NUM("median_ns", median_ns, FIGURE, ANY), DERIVED("p99_ns", p99_ns),
	DERIVED("syncs_p50", syncs_p50), DERIVED("syncs_p99", syncs_p99),
	STR("stopped_by", stopped_by, ABSENT),
	SAMPLES("samples_ns", samples_ns, nsamples), JF_END
};
#undef T

/* The median is read only to be checked against the samples'. */
#define T struct probe_record
static const struct json_field record_fields[] = {
	STR("syncgate_version", version, ABSENT), STR("created", created, ABSENT),
	FLAT("host", host_fields), FLAT("volume", volume_fields),
	ID("method", method), STR("method_detail", method_detail, ABSENT),
	JF_HOOK("write_bytes", get_sizes, put_sizes),
	SAMPLES("samples_ns", samples_ns, nsamples),
	NUM("median_ns", median_ns, FIGURE, POSITIVE_NS),
	DERIVED("min_ns", min_ns), DERIVED("max_ns", max_ns),
	DERIVED("p90_ns", p90_ns), DERIVED("p99_ns", p99_ns),
	JF_HOOK("p99_ci_ns", NULL, put_intervals), DERIVED("ci_level", ci_level),
	STR("stopped_by", stopped_by, ABSENT),
	NUM("precision", precision, FIGURE, ANY),
	NUM("elapsed_s", elapsed_s, FIGURE, ANY),
	JF_HOOK("stability", get_stability, put_stability),
	{ JF("reaches_device", JF_WORD, 0, reaches), .words = &REACHES },
	{ JF("evidence", JF_STRINGS, ABSENT, evidence),
	  .hi = offsetof(T, nevidence), .what = "an array of strings" },
	OBJ("reference_ns", refs, ABSENT, ref_fields, "an object"),
	{ JF("group_commit", JF_OBJ, LATER, group), .sub = group_fields,
	  .hi = offsetof(T, group.writers), .what = "an object" }, JF_END
};
#undef T

const char *
reach_name(enum reach r)
{
	return reach_names[(size_t)r <= REACH_NO ? r : REACH_UNKNOWN];
}

void
probe_record_init(struct probe_record *p)
{
	struct probe_refs *r = &p->refs;

	memset(p, 0, sizeof *p);
	p->rotational = -1;
	p->warmup = -1;
	p->median_ns = p->min_ns = p->max_ns = p->p90_ns = p->p99_ns = NAN;
	p->p99_lo_ns = p->p99_hi_ns = NAN;
	p->ci_lo_ns = p->ci_hi_ns = p->ci_level = NAN;
	p->precision = p->elapsed_s = NAN;
	p->stable = -1;
	p->halves_ns[0] = p->halves_ns[1] = p->clusters_ratio = NAN;
	r->dirty_sync_ns = r->clean_sync_ns = r->clean_raw_sync_ns = NAN;
	r->null_syscall_ns = r->plain_write_ns = NAN;
	r->raw_sync_ns = r->libc_sync_ns = NAN;
	p->group.median_ns = p->group.p99_ns = NAN;
	p->group.syncs_p50 = p->group.syncs_p99 = NAN;
	probe_series_free(&p->series);
}

void
probe_record_free(struct probe_record *p)
{
	if (p == NULL)
		return;
	probe_fields_strings(record_fields, p, NULL);
	free(p->samples_ns);
	strv_free(p->evidence, p->nevidence);
	free(p->group.samples_ns);
	probe_flushes_free(&p->flushes);
	free(p->watch.stopped_by);
	probe_series_free(&p->series);
	result_host_free(p->hw);
	free(p->hw);
	probe_record_init(p);
}

void
probe_record_evidence(struct probe_record *p, const char *fmt, ...)
{
	va_list ap;
	char *line;

	/* whole: a record read back must say what the file said */
	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	p->evidence = xrealloc(p->evidence, (p->nevidence + 1) * sizeof *p->evidence);
	p->evidence[p->nevidence++] = line;
}

size_t
probe_p99_upper_min(void)
{
	return (size_t)ceil(log(1 - PROBE_P99_CONFIDENCE) / log(0.99));
}

void
probe_record_summarize(struct probe_record *p, double level)
{
	struct stats_summary s;
	size_t lo, hi;
	double *x;

	if (p->nsamples == 0)
		return;
	x = probe_doubles_dup(p->samples_ns, p->nsamples);
	stats_summarize(x, p->nsamples, level, &s);
	stats_order_bounds(p->nsamples, 0.99, 1 - PROBE_P99_CONFIDENCE, &lo, &hi);
	p->p99_lo_ns = lo > 0 ? x[lo - 1] : NAN;
	p->p99_hi_ns = hi > 0 ? x[hi - 1] : NAN;
	free(x);
	p->median_ns = s.median;
	p->min_ns = s.min;
	p->max_ns = s.max;
	p->p90_ns = s.p90;
	p->p99_ns = s.p99;
	p->ci_lo_ns = s.ci_lo;
	p->ci_hi_ns = s.ci_hi;
	p->ci_level = s.ci_level;
}

int
probe_record_host(const struct probe_record *p, struct result_host *h)
{
	result_host_init(h);
	if (p->hw == NULL)
		return -1;
	result_host_copy(h, p->hw);
	h->kernel = probe_strdup(p->kernel);
	/* an id the probe did not hash as syncgate does names nothing comparable */
	if (p->host_id != NULL && result_host_id_ok(p->host_id) &&
	    p->host_id_source != NULL) {
		h->machine_id = xstrdup(p->host_id);
		h->id_source = xstrdup(p->host_id_source);
	}
	return 0;
}

/* A stored median must be the samples' own to 0.5 ns and a millionth (rounding). */
static int
check_median(const char *key, double stored, double median, size_t n,
    const struct json_at *a)
{
	char s1[32], s2[32];

	if (!isnan(stored) && fabs(stored - median) > 0.5 + 1e-6 * median)
		return errf(a->err, "%s: %s.%s is %s but the median of its %zu "
		    "samples_ns is %s; expected them to agree", a->file, a->path, key,
		    json_shortest(s1, sizeof s1, stored), n,
		    json_shortest(s2, sizeof s2, median));
	return 0;
}

void
probe_group_summarize(struct probe_group *g, double unit_ns)
{
	double *x = probe_doubles_dup(g->samples_ns, g->nsamples);

	stats_sort(x, g->nsamples);
	g->median_ns = stats_quantile_sorted(x, g->nsamples, 0.5);
	g->p99_ns = stats_quantile_sorted(x, g->nsamples, 0.99);
	g->syncs_p50 = g->median_ns / unit_ns;
	g->syncs_p99 = g->p99_ns / unit_ns;
	free(x);
}

cJSON *
probe_record_to_json(const struct probe_record *p)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "format", PROBE_FORMAT);
	json_put_fields(o, record_fields, p);
	probe_series_json(o, p);
	return o;
}

int
probe_record_from_json(const cJSON *o, const char *name, const char *where,
    struct probe_record *p, char *err)
{
	static const char *const format[] = { PROBE_FORMAT };
	double level = 0.95, stored_median, stored_group;
	struct json_at a;
	int f;

	probe_record_init(p);
	json_at_init(&a, name, where, err);
	if (!cJSON_IsObject(o))
		return errf(err, "%s: %s is %s; expected a %s object", name, where,
		    json_kind(o), PROBE_FORMAT);
	if (json_get_word(o, "format", 0, format, 1, "\"" PROBE_FORMAT "\"", &a,
	    &f) < 0 || json_get_fields(o, record_fields, p, &a) < 0 ||
	    probe_series_from_json(o, p, &a) < 0)
		goto fail;
	stored_median = p->median_ns;
	probe_record_summarize(p, level);
	stored_group = p->group.median_ns;
	if (p->group.writers != 0)
		probe_group_summarize(&p->group, p->median_ns);
	if (check_median("median_ns", stored_median, p->median_ns, p->nsamples,
	    &a) < 0 || (p->group.writers != 0 && check_median("group_commit."
	    "median_ns", stored_group, p->group.median_ns, p->group.nsamples,
	    &a) < 0))
		goto fail;
	if (isnan(p->refs.dirty_sync_ns))
		p->refs.dirty_sync_ns = p->median_ns;
	return 0;
fail:
	probe_record_free(p);
	return -1;
}

int
probe_record_load(const char *path, struct probe_record *p, char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	int rc;

	probe_record_init(p);
	if (root == NULL)
		return -1;
	rc = probe_record_from_json(root, path, "probe", p, err);
	cJSON_Delete(root);
	return rc;
}

void
probe_record_copy(struct probe_record *d, const struct probe_record *s)
{
	size_t i;

	*d = *s;
	probe_fields_strings(record_fields, d, s);
	d->samples_ns = probe_doubles_dup(s->samples_ns, s->nsamples);
	d->group.samples_ns = s->group.nsamples ?
	    probe_doubles_dup(s->group.samples_ns, s->group.nsamples) : NULL;
	if (s->hw != NULL) {
		d->hw = xmalloc(sizeof *d->hw);
		result_host_copy(d->hw, s->hw);
	}
	probe_series_copy(d, s);
	d->evidence = s->nevidence ? xmalloc(s->nevidence * sizeof(char *)) : NULL;
	for (i = 0; i < s->nevidence; i++)
		d->evidence[i] = xstrdup(s->evidence[i]);
}
