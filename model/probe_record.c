/* SPDX-License-Identifier: MIT */
/*
 * syncgate-probe/1 in and out.  Reading never trusts a stored summary:
 * the median and its interval are recomputed from the samples, and a
 * stored median that disagrees with them is an error.
 */
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/probe_record.h"
#include "model/result_limits.h"
#include "lib/stats.h"

#define ABSENT (JSON_OPTIONAL | JSON_NULL)

/* The record's strings in JSON order: read, written, copied, freed from here. */
struct str_key {
	const char *key;
	size_t off;             /* of the char * in struct probe_record */
	int flags;              /* JSON_NONBLANK: required; else ABSENT */
};

#define STR(key, field, flags) { key, offsetof(struct probe_record, field), flags }

static const struct str_key host_keys[] = {
	STR("id", host_id, JSON_NONBLANK), STR("id_source", host_id_source, ABSENT),
	STR("name", host_name, ABSENT), STR("os", os, ABSENT),
	STR("kernel", kernel, ABSENT), STR("virtualization", virt, ABSENT),
	{ NULL, 0, 0 }
};

static const struct str_key volume_keys[] = {
	STR("id", volume_id, JSON_NONBLANK),
	STR("id_source", volume_id_source, ABSENT), STR("path", path, ABSENT),
	STR("symlink", symlink, ABSENT), STR("fs", fs, ABSENT),
	STR("mount_point", mount_point, ABSENT),
	STR("mount_options", mount_options, ABSENT), STR("device", device, ABSENT),
	STR("model", model, ABSENT), STR("write_cache", write_cache, ABSENT),
	{ NULL, 0, 0 }
};

/* Later additions, left out when absent so older records read back alike. */
static const struct str_key volume_later_keys[] = {
	STR("memory_backed", memory_backed, ABSENT),
	STR("passthrough_backed", passthrough_backed, ABSENT),
	{ NULL, 0, 0 }
};

static const struct str_key top_keys[] = {
	STR("method", method, JSON_NONBLANK),
	STR("method_detail", method_detail, ABSENT),
	STR("stopped_by", stopped_by, ABSENT), STR("created", created, ABSENT),
	STR("syncgate_version", version, ABSENT),
	{ NULL, 0, 0 }
};

static const struct str_key *const all_keys[] = { host_keys, volume_keys,
	volume_later_keys, top_keys };

static char **
member(struct probe_record *p, const struct str_key *k)
{
	return (char **)(void *)((char *)p + k->off);
}

static const char *
member_of(const struct probe_record *p, const struct str_key *k)
{
	return *(char *const *)(const void *)((const char *)p + k->off);
}

/* Adds each of keys to o, null where absent, or left out with later. */
static void
strings_json(cJSON *o, const struct str_key *k, const struct probe_record *p,
    int later)
{
	for (; k->key != NULL; k++)
		if (!later || member_of(p, k) != NULL)
			json_add_string_or_null(o, k->key, member_of(p, k));
}

static int
get_strings(const cJSON *o, const struct str_key *k, struct probe_record *p,
    const struct json_at *a)
{
	for (; k->key != NULL; k++)
		if (json_get_string(o, k->key, k->flags, k->flags == ABSENT ?
		    "a string or null" : NULL, a, member(p, k)) < 0)
			return -1;
	return 0;
}

/* reference_ns's members, in the order written; the last a later addition. */
#define REF(key, field) { key, offsetof(struct probe_refs, field) }
static const struct { const char *key; size_t off; } ref_keys[] = {
	REF("dirty_sync", dirty_sync_ns), REF("clean_sync", clean_sync_ns),
	REF("null_syscall", null_syscall_ns), REF("plain_write", plain_write_ns),
	REF("raw_sync", raw_sync_ns), REF("libc_sync", libc_sync_ns),
	REF("clean_raw_sync", clean_raw_sync_ns),
};
#define NREFS (sizeof ref_keys / sizeof ref_keys[0])

static double *
ref_at(struct probe_refs *r, size_t i)
{
	return (double *)(void *)((char *)r + ref_keys[i].off);
}

const char *const reach_names[] = {
	[REACH_UNKNOWN] = "unknown", [REACH_YES] = "yes", [REACH_NO] = "no",
};
_Static_assert(sizeof reach_names / sizeof reach_names[0] == REACH_NO + 1,
    "a reach without a name");

const char *
reach_name(enum reach r)
{
	return reach_names[(size_t)r <= REACH_NO ? r : REACH_UNKNOWN];
}

void
probe_record_init(struct probe_record *p)
{
	size_t i;

	memset(p, 0, sizeof *p);
	p->rotational = -1;
	p->warmup = -1;
	p->median_ns = p->min_ns = p->max_ns = p->p90_ns = p->p99_ns = NAN;
	p->p99_lo_ns = p->p99_hi_ns = NAN;
	p->ci_lo_ns = p->ci_hi_ns = p->ci_level = NAN;
	p->precision = p->elapsed_s = NAN;
	p->stable = -1;
	p->halves_ns[0] = p->halves_ns[1] = p->clusters_ratio = NAN;
	for (i = 0; i < NREFS; i++)
		*ref_at(&p->refs, i) = NAN;
	p->group.median_ns = p->group.p99_ns = NAN;
	p->group.syncs_p50 = p->group.syncs_p99 = NAN;
	probe_series_free(&p->series);
}

void
probe_record_free(struct probe_record *p)
{
	const struct str_key *k;
	size_t i, t;

	if (p == NULL)
		return;
	for (t = 0; t < sizeof all_keys / sizeof all_keys[0]; t++)
		for (k = all_keys[t]; k->key != NULL; k++)
			free(*member(p, k));
	free(p->samples_ns);
	for (i = 0; i < p->nevidence; i++)
		free(p->evidence[i]);
	free(p->evidence);
	free(p->group.samples_ns);
	free(p->group.stopped_by);
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

/* The hardware, when the record has any of its keys. */
static int
get_hw(const cJSON *host, struct probe_record *p, const struct json_at *a)
{
	if (json_member(host, "cpu_model") == NULL && json_member(host, "cores") ==
	    NULL && json_member(host, "memory_bytes") == NULL)
		return 0;
	p->hw = xmalloc(sizeof *p->hw);
	result_host_init(p->hw);
	return result_host_hw_from_json(host, a, p->hw);
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

static void
summary_json(cJSON *o, const struct probe_record *p)
{
	cJSON *ci;

	cJSON_AddItemToObject(o, "samples_ns", json_double_array(p->samples_ns, p->nsamples));
	json_add_double(o, "median_ns", p->median_ns);
	json_add_double(o, "min_ns", p->min_ns);
	json_add_double(o, "max_ns", p->max_ns);
	json_add_double(o, "p90_ns", p->p90_ns);
	json_add_double(o, "p99_ns", p->p99_ns);
	ci = cJSON_AddArrayToObject(o, "p99_ci_ns");
	cJSON_AddItemToArray(ci, isfinite(p->p99_lo_ns) ?
	    cJSON_CreateNumber(p->p99_lo_ns) : cJSON_CreateNull());
	cJSON_AddItemToArray(ci, isfinite(p->p99_hi_ns) ?
	    cJSON_CreateNumber(p->p99_hi_ns) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "ci_ns", isfinite(p->ci_lo_ns) &&
	    isfinite(p->ci_hi_ns) ? json_double_array((const double[]){ p->ci_lo_ns,
	    p->ci_hi_ns }, 2) : cJSON_CreateNull());
	json_add_double(o, "ci_level", p->ci_level);
}

/* Absent where not judged, as in records written before it was. */
static void
stability_json(cJSON *o, const struct probe_record *p)
{
	cJSON *st;

	if (p->stable < 0)
		return;
	st = cJSON_AddObjectToObject(o, "stability");
	cJSON_AddBoolToObject(st, "stable", p->stable);
	cJSON_AddItemToObject(st, "halves_median_ns", json_double_array(p->halves_ns, 2));
	json_add_double(st, "clusters_ratio", p->clusters_ratio);
}

static void
verdict_json(cJSON *o, const struct probe_record *p)
{
	struct probe_refs r = p->refs;
	cJSON *ev, *refs;
	size_t i;

	cJSON_AddStringToObject(o, "reaches_device", reach_name(p->reaches));
	ev = cJSON_AddArrayToObject(o, "evidence");
	for (i = 0; i < p->nevidence; i++)
		cJSON_AddItemToArray(ev, cJSON_CreateString(p->evidence[i]));
	refs = cJSON_AddObjectToObject(o, "reference_ns");
	/* later additions are left out when absent, so older records read back alike */
	for (i = 0; i < NREFS; i++)
		if (i < NREFS - 1 || isfinite(*ref_at(&r, i)))
			json_add_double(refs, ref_keys[i].key, *ref_at(&r, i));
}

static void
group_json(cJSON *o, const struct probe_record *p)
{
	cJSON *g;

	if (p->group.writers <= 0)
		return;
	g = cJSON_AddObjectToObject(o, "group_commit");
	cJSON_AddNumberToObject(g, "writers", p->group.writers);
	json_add_double(g, "median_ns", p->group.median_ns);
	json_add_double(g, "p99_ns", p->group.p99_ns);
	json_add_double(g, "syncs_p50", p->group.syncs_p50);
	json_add_double(g, "syncs_p99", p->group.syncs_p99);
	json_add_string_or_null(g, "stopped_by", p->group.stopped_by);
	cJSON_AddItemToObject(g, "samples_ns",
	    json_double_array(p->group.samples_ns, p->group.nsamples));
}

cJSON *
probe_record_to_json(const struct probe_record *p)
{
	cJSON *o = cJSON_CreateObject(), *h;

	cJSON_AddStringToObject(o, "format", PROBE_FORMAT);
	json_add_string_or_null(o, "syncgate_version", p->version);
	json_add_string_or_null(o, "created", p->created);
	h = cJSON_AddObjectToObject(o, "host");
	strings_json(h, host_keys, p, 0);
	/* a later addition: a record without it reads back alike */
	if (p->hw != NULL)
		result_host_hw_to_json(h, p->hw);
	h = cJSON_AddObjectToObject(o, "volume");
	strings_json(h, volume_keys, p, 0);
	cJSON_AddItemToObject(h, "rotational", p->rotational >= 0 ?
	    cJSON_CreateBool(p->rotational) : cJSON_CreateNull());
	strings_json(h, volume_later_keys, p, 1);
	json_add_string_or_null(o, "method", p->method);
	json_add_string_or_null(o, "method_detail", p->method_detail);
	/* 0 is a probe read without write_bytes: unknown, and null again */
	json_add_double(o, "write_bytes", p->write_bytes > 0 ?
	    (double)p->write_bytes : NAN);
	/* -1 is a record read without warmup: unknown, and null again */
	json_add_double(o, "warmup", p->warmup >= 0 ? p->warmup : NAN);
	summary_json(o, p);
	json_add_string_or_null(o, "stopped_by", p->stopped_by);
	json_add_double(o, "precision", p->precision);
	json_add_double(o, "elapsed_s", p->elapsed_s);
	stability_json(o, p);
	verdict_json(o, p);
	group_json(o, p);
	probe_series_json(o, p);
	return o;
}

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

/* The sync latencies, at least one, each from 1ns to a day. */
static int
get_samples(const cJSON *o, double **out, size_t *n, const struct json_at *a)
{
	return json_get_numbers(o, "samples_ns", 0, "an array of sync latencies in "
	    "nanoseconds", 0, "at least one sync latency", &json_span_latency, a,
	    out, n);
}

static int
get_evidence(const cJSON *o, struct probe_record *p, const struct json_at *a)
{
	const cJSON *arr, *v;
	struct json_at c, e;
	int rc = json_get_array(o, "evidence", ABSENT, 0, "an array of strings", a,
	    &arr, &c);

	if (rc != 0)
		return rc;
	cJSON_ArrayForEach(v, arr) {
		json_at_index(&e, &c, p->nevidence);
		if (!cJSON_IsString(v))
			return json_bad(&e, v, "a string");
		probe_record_evidence(p, "%s", v->valuestring);
	}
	return 0;
}

static int
get_refs(const cJSON *o, struct probe_record *p, const struct json_at *a)
{
	const cJSON *refs;
	struct json_at c;
	size_t i;
	int rc = json_get_object(o, "reference_ns", ABSENT, "an object", a, &refs,
	    &c);

	for (i = 0; rc == 0 && i < NREFS; i++)
		if (json_get_number(refs, ref_keys[i].key, ABSENT, &ANY, &c,
		    ref_at(&p->refs, i)) < 0)
			return -1;
	return rc < 0 ? -1 : 0;
}

/* The stability object: absent in older records, and then not judged. */
static int
get_stability(const cJSON *o, struct probe_record *p, const struct json_at *a)
{
	const cJSON *st;
	struct json_at c;
	int stable, rc = json_get_object(o, "stability", ABSENT, "an object", a,
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

static int
get_group(const cJSON *o, struct probe_record *p, const struct json_at *a)
{
	const cJSON *g;
	struct json_at c;
	double w;
	int rc = json_get_object(o, "group_commit", ABSENT, "an object", a, &g, &c);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (json_get_number(g, "writers", 0, &WRITERS, &c, &w) < 0)
		return -1;
	p->group.writers = (int)w;
	return get_samples(g, &p->group.samples_ns, &p->group.nsamples, &c) < 0 ||
	    json_get_number(g, "median_ns", ABSENT, &ANY, &c,
	    &p->group.median_ns) < 0 ||
	    json_get_string(g, "stopped_by", ABSENT, "a string or null", &c,
	    &p->group.stopped_by) < 0 ? -1 : 0;
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

/* Everything but the summary, which is computed from the samples. */
static int
get_record(const cJSON *o, struct probe_record *p, double *stored_median,
    const struct json_at *a)
{
	const cJSON *host, *vol;
	struct json_at hc, vc;
	double wb, w;
	int r = 0;

	if (json_get_object(o, "host", 0, "an object with an id", a, &host,
	    &hc) < 0 || get_strings(host, host_keys, p, &hc) < 0 ||
	    get_hw(host, p, &hc) < 0 ||
	    json_get_object(o, "volume", 0, "an object with an id", a, &vol,
	    &vc) < 0 || get_strings(vol, volume_keys, p, &vc) < 0 ||
	    get_strings(vol, volume_later_keys, p, &vc) < 0 ||
	    json_get_bool(vol, "rotational", ABSENT, "true, false or null", &vc,
	    &p->rotational) < 0 ||
	    get_refs(o, p, a) < 0 || get_stability(o, p, a) < 0 ||
	    json_get_number(o, "write_bytes", ABSENT, &WRITE_BYTES, a, &wb) < 0 ||
	    get_strings(o, top_keys, p, a) < 0 ||
	    get_samples(o, &p->samples_ns, &p->nsamples, a) < 0 ||
	    json_get_number(o, "median_ns", ABSENT, &POSITIVE_NS, a,
	    stored_median) < 0 ||
	    json_get_number(o, "precision", ABSENT, &ANY, a, &p->precision) < 0 ||
	    json_get_number(o, "elapsed_s", ABSENT, &ANY, a, &p->elapsed_s) < 0 ||
	    json_get_word(o, "reaches_device", 0, reach_names, REACH_NO + 1,
	    "\"yes\", \"no\" or \"unknown\"", a, &r) < 0 ||
	    get_evidence(o, p, a) < 0 || get_group(o, p, a) < 0 ||
	    json_get_number(o, "warmup", ABSENT, &WARMUP, a, &w) < 0)
		return -1;
	p->write_bytes = isnan(wb) ? 0 : (long long)wb;
	p->reaches = (enum reach)r;
	p->warmup = isnan(w) ? -1 : (int)w;
	return 0;
}

int
probe_record_from_json(const cJSON *o, const char *name, const char *where,
    struct probe_record *p, char *err)
{
	static const char *const format[] = { PROBE_FORMAT };
	double level = 0.95, stored_median = NAN, stored_group;
	struct json_at a;
	int f;

	probe_record_init(p);
	json_at_init(&a, name, where, err);
	if (!cJSON_IsObject(o))
		return errf(err, "%s: %s is %s; expected a %s object", name, where,
		    json_kind(o), PROBE_FORMAT);
	if (json_get_word(o, "format", 0, format, 1, "\"" PROBE_FORMAT "\"", &a,
	    &f) < 0 || get_record(o, p, &stored_median, &a) < 0 ||
	    probe_series_from_json(o, p, &a) < 0)
		goto fail;
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
	const struct str_key *k;
	size_t i, t;

	*d = *s;
	for (t = 0; t < sizeof all_keys / sizeof all_keys[0]; t++)
		for (k = all_keys[t]; k->key != NULL; k++)
			*member(d, k) = probe_strdup(member_of(s, k));
	d->samples_ns = probe_doubles_dup(s->samples_ns, s->nsamples);
	d->group.stopped_by = probe_strdup(s->group.stopped_by);
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
