/* SPDX-License-Identifier: MIT */
/*
 * syncgate-probe/1 in and out.  Reading never trusts a stored summary:
 * the median and its interval are recomputed from the samples, and a
 * stored median that disagrees with them is an error.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/probe_record.h"
#include "lib/stats.h"
#include "lib/utf8.h"

/* Longest a day is: a sample above it is not a sync but garbage. */
#define DAY_NS 86400e9

const char *
reach_name(enum reach r)
{
	switch (r) {
	case REACH_YES:
		return "yes";
	case REACH_NO:
		return "no";
	default:
		return "unknown";
	}
}

void
probe_record_init(struct probe_record *p)
{
	memset(p, 0, sizeof *p);
	p->rotational = -1;
	p->warmup = -1;
	p->median_ns = p->min_ns = p->max_ns = p->p90_ns = p->p99_ns = NAN;
	p->p99_lo_ns = p->p99_hi_ns = NAN;
	p->ci_lo_ns = p->ci_hi_ns = p->ci_level = NAN;
	p->precision = p->elapsed_s = NAN;
	p->stable = -1;
	p->halves_ns[0] = p->halves_ns[1] = p->clusters_ratio = NAN;
	p->refs.dirty_sync_ns = p->refs.clean_sync_ns = NAN;
	p->refs.clean_raw_sync_ns = NAN;
	p->refs.null_syscall_ns = p->refs.plain_write_ns = NAN;
	p->refs.raw_sync_ns = p->refs.libc_sync_ns = NAN;
	p->group.median_ns = p->group.p99_ns = NAN;
	probe_series_free(&p->series);
	p->group.syncs_p50 = p->group.syncs_p99 = NAN;
}

void
probe_record_free(struct probe_record *p)
{
	size_t i;

	if (p == NULL)
		return;
	free(p->host_id);
	free(p->host_id_source);
	free(p->host_name);
	free(p->os);
	free(p->kernel);
	free(p->virt);
	free(p->volume_id);
	free(p->volume_id_source);
	free(p->path);
	free(p->symlink);
	free(p->fs);
	free(p->mount_point);
	free(p->mount_options);
	free(p->device);
	free(p->model);
	free(p->write_cache);
	free(p->memory_backed);
	free(p->passthrough_backed);
	free(p->method);
	free(p->method_detail);
	free(p->samples_ns);
	free(p->stopped_by);
	for (i = 0; i < p->nevidence; i++)
		free(p->evidence[i]);
	free(p->evidence);
	free(p->group.samples_ns);
	free(p->group.stopped_by);
	probe_flushes_free(&p->flushes);
	probe_watch_free(&p->watch);
	probe_series_free(&p->series);
	free(p->created);
	free(p->version);
	probe_record_init(p);
}

void
probe_record_evidence(struct probe_record *p, const char *fmt, ...)
{
	va_list ap;
	char *line;
	int n;

	/* whole: a record read back must say what the file said */
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	line = xmalloc(n > 0 ? (size_t)n + 1 : 1);
	line[0] = '\0';
	va_start(ap, fmt);
	if (n > 0)
		vsnprintf(line, (size_t)n + 1, fmt, ap);
	va_end(ap);
	p->evidence = xrealloc(p->evidence, (p->nevidence + 1) * sizeof *p->evidence);
	p->evidence[p->nevidence++] = line;
}

/*
 * One-sided order-statistic bounds for the q-quantile of the n sorted x:
 * B, the samples below the quantile, is Binomial(n, q); x_(l) lies at or
 * below the quantile when B >= l, and x_(u) at or above it when B < u.
 * The largest l with P(B <= l - 1) <= 1 - conf, and the smallest u with
 * P(B <= u - 1) >= conf, found by bisection since the CDF only grows;
 * either is NaN when no rank qualifies.
 */
static void
quantile_bounds(const double *x, size_t n, double q, double conf, double *lo,
    double *hi)
{
	size_t a, b, m;

	*lo = *hi = NAN;
	if (n == 0)
		return;
	if (stats_binom_cdf(n, q, 0) <= 1 - conf) {
		/* F(a) <= 1 - conf < F(b) */
		for (a = 0, b = n; b - a > 1; ) {
			m = a + (b - a) / 2;
			if (stats_binom_cdf(n, q, m) <= 1 - conf)
				a = m;
			else
				b = m;
		}
		*lo = x[a];
	}
	if (stats_binom_cdf(n, q, n - 1) < conf)
		return;
	if (stats_binom_cdf(n, q, 0) >= conf) {
		*hi = x[0];
		return;
	}
	/* F(a) < conf <= F(b) */
	for (a = 0, b = n - 1; b - a > 1; ) {
		m = a + (b - a) / 2;
		if (stats_binom_cdf(n, q, m) >= conf)
			b = m;
		else
			a = m;
	}
	*hi = x[b];
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
	double *x;

	if (p->nsamples == 0)
		return;
	x = xmalloc(p->nsamples * sizeof *x);
	memcpy(x, p->samples_ns, p->nsamples * sizeof *x);
	stats_summarize(x, p->nsamples, level, &s);
	quantile_bounds(x, p->nsamples, 0.99, PROBE_P99_CONFIDENCE, &p->p99_lo_ns,
	    &p->p99_hi_ns);
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

/* Adds a number member, or null when v is NaN. */
static void
add_num(cJSON *o, const char *key, double v)
{
	if (isfinite(v))
		cJSON_AddNumberToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

static cJSON *
num_array(const double *v, size_t n)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
	return a;
}

static void
host_json(cJSON *o, const struct probe_record *p)
{
	cJSON *host = cJSON_AddObjectToObject(o, "host");

	json_add_string_or_null(host, "id", p->host_id);
	json_add_string_or_null(host, "id_source", p->host_id_source);
	json_add_string_or_null(host, "name", p->host_name);
	json_add_string_or_null(host, "os", p->os);
	json_add_string_or_null(host, "kernel", p->kernel);
	json_add_string_or_null(host, "virtualization", p->virt);
}

static void
volume_json(cJSON *o, const struct probe_record *p)
{
	cJSON *vol = cJSON_AddObjectToObject(o, "volume");

	json_add_string_or_null(vol, "id", p->volume_id);
	json_add_string_or_null(vol, "id_source", p->volume_id_source);
	json_add_string_or_null(vol, "path", p->path);
	json_add_string_or_null(vol, "symlink", p->symlink);
	json_add_string_or_null(vol, "fs", p->fs);
	json_add_string_or_null(vol, "mount_point", p->mount_point);
	json_add_string_or_null(vol, "mount_options", p->mount_options);
	json_add_string_or_null(vol, "device", p->device);
	json_add_string_or_null(vol, "model", p->model);
	json_add_string_or_null(vol, "write_cache", p->write_cache);
	if (p->rotational >= 0)
		cJSON_AddBoolToObject(vol, "rotational", p->rotational);
	else
		cJSON_AddNullToObject(vol, "rotational");
	/* later additions are left out when absent, so older records read back alike */
	if (p->memory_backed != NULL)
		cJSON_AddStringToObject(vol, "memory_backed", p->memory_backed);
	if (p->passthrough_backed != NULL)
		cJSON_AddStringToObject(vol, "passthrough_backed",
		    p->passthrough_backed);
}

static void
summary_json(cJSON *o, const struct probe_record *p)
{
	cJSON *ci;

	cJSON_AddItemToObject(o, "samples_ns", num_array(p->samples_ns, p->nsamples));
	add_num(o, "median_ns", p->median_ns);
	add_num(o, "min_ns", p->min_ns);
	add_num(o, "max_ns", p->max_ns);
	add_num(o, "p90_ns", p->p90_ns);
	add_num(o, "p99_ns", p->p99_ns);
	ci = cJSON_AddArrayToObject(o, "p99_ci_ns");
	cJSON_AddItemToArray(ci, isfinite(p->p99_lo_ns) ?
	    cJSON_CreateNumber(p->p99_lo_ns) : cJSON_CreateNull());
	cJSON_AddItemToArray(ci, isfinite(p->p99_hi_ns) ?
	    cJSON_CreateNumber(p->p99_hi_ns) : cJSON_CreateNull());
	if (isfinite(p->ci_lo_ns) && isfinite(p->ci_hi_ns)) {
		ci = cJSON_AddArrayToObject(o, "ci_ns");
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->ci_lo_ns));
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->ci_hi_ns));
	} else {
		cJSON_AddNullToObject(o, "ci_ns");
	}
	add_num(o, "ci_level", p->ci_level);
}

/* Absent where not judged, as in records written before it was. */
static void
stability_json(cJSON *o, const struct probe_record *p)
{
	cJSON *st, *h;

	if (p->stable < 0)
		return;
	st = cJSON_AddObjectToObject(o, "stability");
	cJSON_AddBoolToObject(st, "stable", p->stable);
	h = cJSON_AddArrayToObject(st, "halves_median_ns");
	cJSON_AddItemToArray(h, cJSON_CreateNumber(p->halves_ns[0]));
	cJSON_AddItemToArray(h, cJSON_CreateNumber(p->halves_ns[1]));
	add_num(st, "clusters_ratio", p->clusters_ratio);
}

static void
verdict_json(cJSON *o, const struct probe_record *p)
{
	cJSON *ev, *refs;
	size_t i;

	cJSON_AddStringToObject(o, "reaches_device", reach_name(p->reaches));
	ev = cJSON_AddArrayToObject(o, "evidence");
	for (i = 0; i < p->nevidence; i++)
		cJSON_AddItemToArray(ev, cJSON_CreateString(p->evidence[i]));
	refs = cJSON_AddObjectToObject(o, "reference_ns");
	add_num(refs, "dirty_sync", p->refs.dirty_sync_ns);
	add_num(refs, "clean_sync", p->refs.clean_sync_ns);
	add_num(refs, "null_syscall", p->refs.null_syscall_ns);
	add_num(refs, "plain_write", p->refs.plain_write_ns);
	add_num(refs, "raw_sync", p->refs.raw_sync_ns);
	add_num(refs, "libc_sync", p->refs.libc_sync_ns);
	/* later additions are left out when absent, so older records read back alike */
	if (isfinite(p->refs.clean_raw_sync_ns))
		add_num(refs, "clean_raw_sync", p->refs.clean_raw_sync_ns);
}

static void
group_json(cJSON *o, const struct probe_record *p)
{
	cJSON *g;

	if (p->group.writers <= 0)
		return;
	g = cJSON_AddObjectToObject(o, "group_commit");
	cJSON_AddNumberToObject(g, "writers", p->group.writers);
	add_num(g, "median_ns", p->group.median_ns);
	add_num(g, "p99_ns", p->group.p99_ns);
	add_num(g, "syncs_p50", p->group.syncs_p50);
	add_num(g, "syncs_p99", p->group.syncs_p99);
	json_add_string_or_null(g, "stopped_by", p->group.stopped_by);
	cJSON_AddItemToObject(g, "samples_ns",
	    num_array(p->group.samples_ns, p->group.nsamples));
}

cJSON *
probe_record_to_json(const struct probe_record *p)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "format", PROBE_FORMAT);
	json_add_string_or_null(o, "syncgate_version", p->version);
	json_add_string_or_null(o, "created", p->created);
	host_json(o, p);
	volume_json(o, p);
	json_add_string_or_null(o, "method", p->method);
	json_add_string_or_null(o, "method_detail", p->method_detail);
	/* 0 is a probe read without write_bytes: unknown, and null again */
	if (p->write_bytes > 0)
		cJSON_AddNumberToObject(o, "write_bytes", (double)p->write_bytes);
	else
		cJSON_AddNullToObject(o, "write_bytes");
	/* -1 is a record read without warmup: unknown, and null again */
	if (p->warmup >= 0)
		cJSON_AddNumberToObject(o, "warmup", p->warmup);
	else
		cJSON_AddNullToObject(o, "warmup");
	summary_json(o, p);
	json_add_string_or_null(o, "stopped_by", p->stopped_by);
	add_num(o, "precision", p->precision);
	add_num(o, "elapsed_s", p->elapsed_s);
	stability_json(o, p);
	verdict_json(o, p);
	group_json(o, p);
	probe_flushes_json(o, &p->flushes);
	probe_series_json(o, &p->watch, &p->series, p->write_bytes);
	return o;
}

/* What v is, with a number's value: "-1", "a string"... */
static const char *
kind_of(const cJSON *v, char *buf, size_t len)
{
	if (cJSON_IsNumber(v) && isfinite(v->valuedouble)) {
		snprintf(buf, len, "%.17g", v->valuedouble);
		return buf;
	}
	return json_kind(v);
}

/* An optional string member copied out; a non-string is an error. */
static int
get_str(const cJSON *o, const char *key, int required, char **out,
    const char *name, const char *where, char *err)
{
	const cJSON *v = json_member(o, key);

	if (v == NULL || cJSON_IsNull(v)) {
		if (required)
			return errf(err, "%s: %s.%s is missing; expected a string",
			    name, where, key);
		return 0;
	}
	if (!cJSON_IsString(v))
		return errf(err, "%s: %s.%s is %s; expected a string", name, where,
		    key, json_kind(v));
	if (required && utf8_blank(v->valuestring))
		return errf(err, "%s: %s.%s is %s; expected a non-empty string",
		    name, where, key, v->valuestring[0] == '\0' ? "empty" :
		    "only white space");
	*out = xstrdup(v->valuestring);
	return 0;
}

/* An optional finite number member; absent or null leaves *out. */
static int
get_num(const cJSON *o, const char *key, double *out, const char *name,
    const char *where, char *err)
{
	const cJSON *v = json_member(o, key);

	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (json_finite(v, out) < 0)
		return errf(err, "%s: %s.%s is %s; expected a finite number", name,
		    where, key, json_kind(v));
	return 0;
}

/* A positive sample array of at most a day per entry. */
static int
get_samples(const cJSON *arr, double **out, size_t *n, int required,
    const char *name, const char *where, char *err)
{
	const cJSON *v;
	size_t i = 0, len;

	if (arr == NULL || cJSON_IsNull(arr)) {
		if (required)
			return errf(err, "%s: %s.samples_ns is missing; expected an "
			    "array of sync latencies in nanoseconds", name, where);
		return 0;
	}
	if (!cJSON_IsArray(arr))
		return errf(err, "%s: %s.samples_ns is %s; expected an array of "
		    "nanoseconds", name, where, json_kind(arr));
	len = (size_t)cJSON_GetArraySize(arr);
	if (len == 0)
		return errf(err, "%s: %s.samples_ns is empty; expected at least one "
		    "sync latency", name, where);
	*out = xmalloc(len * sizeof **out);
	cJSON_ArrayForEach(v, arr) {
		double d;

		/* under a nanosecond is below any clock a probe reads: garbage,
		 * and a unit that small would turn every write into billions
		 * of syncs */
		if (json_finite(v, &d) < 0 || d < 1 || d > DAY_NS) {
			errf(err, "%s: %s.samples_ns[%zu] is %s; expected a number of "
			    "nanoseconds from 1 to a day", name, where, i,
			    cJSON_IsNumber(v) && isfinite(v->valuedouble) ?
			    (v->valuedouble <= 0 ? "not positive" :
			    v->valuedouble < 1 ? "under a nanosecond" : "over a day") :
			    json_kind(v));
			free(*out);
			*out = NULL;
			return -1;
		}
		(*out)[i++] = d;
	}
	*n = len;
	return 0;
}

static int
get_reach(const cJSON *o, enum reach *r, const char *name, const char *where,
    char *err)
{
	const cJSON *v = json_member(o, "reaches_device");

	if (!cJSON_IsString(v))
		return errf(err, "%s: %s.reaches_device is %s; expected \"yes\", "
		    "\"no\" or \"unknown\"", name, where, json_kind(v));
	if (strcmp(v->valuestring, "yes") == 0)
		*r = REACH_YES;
	else if (strcmp(v->valuestring, "no") == 0)
		*r = REACH_NO;
	else if (strcmp(v->valuestring, "unknown") == 0)
		*r = REACH_UNKNOWN;
	else
		return errf(err, "%s: %s.reaches_device is \"%.40s\"; expected "
		    "\"yes\", \"no\" or \"unknown\"", name, where, v->valuestring);
	return 0;
}

static int
get_evidence(const cJSON *o, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	const cJSON *arr = json_member(o, "evidence"), *v;
	size_t i = 0;

	if (arr == NULL || cJSON_IsNull(arr))
		return 0;
	if (!cJSON_IsArray(arr))
		return errf(err, "%s: %s.evidence is %s; expected an array of strings",
		    name, where, json_kind(arr));
	cJSON_ArrayForEach(v, arr) {
		if (!cJSON_IsString(v))
			return errf(err, "%s: %s.evidence[%zu] is %s; expected a string",
			    name, where, i, json_kind(v));
		probe_record_evidence(p, "%s", v->valuestring);
		i++;
	}
	return 0;
}

static int
get_host(const cJSON *host, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	char w[256];

	if (!cJSON_IsObject(host))
		return errf(err, "%s: %s.host is %s; expected an object with an id",
		    name, where, json_kind(host));
	snprintf(w, sizeof w, "%s.host", where);
	if (get_str(host, "id", 1, &p->host_id, name, w, err) < 0 ||
	    get_str(host, "id_source", 0, &p->host_id_source, name, w, err) < 0 ||
	    get_str(host, "name", 0, &p->host_name, name, w, err) < 0 ||
	    get_str(host, "os", 0, &p->os, name, w, err) < 0 ||
	    get_str(host, "kernel", 0, &p->kernel, name, w, err) < 0 ||
	    get_str(host, "virtualization", 0, &p->virt, name, w, err) < 0)
		return -1;
	return 0;
}

static int
get_volume(const cJSON *vol, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	const cJSON *rot;
	char w[256];

	if (!cJSON_IsObject(vol))
		return errf(err, "%s: %s.volume is %s; expected an object with an id",
		    name, where, json_kind(vol));
	snprintf(w, sizeof w, "%s.volume", where);
	if (get_str(vol, "id", 1, &p->volume_id, name, w, err) < 0 ||
	    get_str(vol, "id_source", 0, &p->volume_id_source, name, w, err) < 0 ||
	    get_str(vol, "path", 0, &p->path, name, w, err) < 0 ||
	    get_str(vol, "symlink", 0, &p->symlink, name, w, err) < 0 ||
	    get_str(vol, "fs", 0, &p->fs, name, w, err) < 0 ||
	    get_str(vol, "mount_point", 0, &p->mount_point, name, w, err) < 0 ||
	    get_str(vol, "mount_options", 0, &p->mount_options, name, w, err) < 0 ||
	    get_str(vol, "device", 0, &p->device, name, w, err) < 0 ||
	    get_str(vol, "model", 0, &p->model, name, w, err) < 0 ||
	    get_str(vol, "write_cache", 0, &p->write_cache, name, w, err) < 0 ||
	    get_str(vol, "memory_backed", 0, &p->memory_backed, name, w, err) < 0 ||
	    get_str(vol, "passthrough_backed", 0, &p->passthrough_backed, name, w,
	    err) < 0)
		return -1;
	rot = json_member(vol, "rotational");
	if (cJSON_IsBool(rot))
		p->rotational = cJSON_IsTrue(rot);
	return 0;
}

static int
get_refs(const cJSON *refs, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	char w[256];

	if (refs == NULL || cJSON_IsNull(refs))
		return 0;
	if (!cJSON_IsObject(refs))
		return errf(err, "%s: %s.reference_ns is %s; expected an object",
		    name, where, json_kind(refs));
	snprintf(w, sizeof w, "%s.reference_ns", where);
	if (get_num(refs, "dirty_sync", &p->refs.dirty_sync_ns, name, w, err) < 0 ||
	    get_num(refs, "clean_sync", &p->refs.clean_sync_ns, name, w, err) < 0 ||
	    get_num(refs, "null_syscall", &p->refs.null_syscall_ns, name, w, err) < 0 ||
	    get_num(refs, "plain_write", &p->refs.plain_write_ns, name, w, err) < 0 ||
	    get_num(refs, "raw_sync", &p->refs.raw_sync_ns, name, w, err) < 0 ||
	    get_num(refs, "libc_sync", &p->refs.libc_sync_ns, name, w, err) < 0 ||
	    get_num(refs, "clean_raw_sync", &p->refs.clean_raw_sync_ns, name, w,
	    err) < 0)
		return -1;
	return 0;
}

static int
get_write_bytes(const cJSON *wb, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	char k[32];
	double d;

	if (wb == NULL || cJSON_IsNull(wb))
		return 0;
	if (json_finite(wb, &d) < 0 || d < 1 || d > 1e12 || d != floor(d))
		return errf(err, "%s: %s.write_bytes is %s; expected a positive "
		    "whole number of bytes", name, where, kind_of(wb, k, sizeof k));
	p->write_bytes = (long long)d;
	return 0;
}

/* The stability object: absent in older records, and then not judged. */
static int
get_stability(const cJSON *st, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	const cJSON *stable, *h;
	char w[256], k[32];
	int i;

	if (st == NULL || cJSON_IsNull(st))
		return 0;
	if (!cJSON_IsObject(st))
		return errf(err, "%s: %s.stability is %s; expected an object",
		    name, where, json_kind(st));
	snprintf(w, sizeof w, "%s.stability", where);
	stable = json_member(st, "stable");
	if (!cJSON_IsBool(stable))
		return errf(err, "%s: %s.stable is %s; expected true or false",
		    name, w, json_kind(stable));
	h = json_member(st, "halves_median_ns");
	if (!cJSON_IsArray(h) || cJSON_GetArraySize(h) != 2)
		return errf(err, "%s: %s.halves_median_ns is %s; expected two "
		    "medians in nanoseconds", name, w, json_kind(h));
	for (i = 0; i < 2; i++)
		if (json_finite(cJSON_GetArrayItem(h, i), &p->halves_ns[i]) < 0 ||
		    !(p->halves_ns[i] > 0))
			return errf(err, "%s: %s.halves_median_ns[%d] is %s; expected "
			    "a positive number of nanoseconds", name, w, i,
			    kind_of(cJSON_GetArrayItem(h, i), k, sizeof k));
	if (get_num(st, "clusters_ratio", &p->clusters_ratio, name, w, err) < 0)
		return -1;
	if (!isnan(p->clusters_ratio) && !(p->clusters_ratio >= 1))
		return errf(err, "%s: %s.clusters_ratio is %g; expected 1 or more, "
		    "or null", name, w, p->clusters_ratio);
	p->stable = cJSON_IsTrue(stable);
	return 0;
}

static int
get_parts(const cJSON *o, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	if (get_host(json_member(o, "host"), p, name, where, err) < 0 ||
	    get_volume(json_member(o, "volume"), p, name, where, err) < 0 ||
	    get_refs(json_member(o, "reference_ns"), p, name, where, err) < 0 ||
	    get_stability(json_member(o, "stability"), p, name, where, err) < 0 ||
	    get_write_bytes(json_member(o, "write_bytes"), p, name, where, err) < 0)
		return -1;
	return 0;
}

static int
get_group(const cJSON *o, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	const cJSON *g = json_member(o, "group_commit"), *w;
	char wh[256], k[32];
	double d;

	if (g == NULL || cJSON_IsNull(g))
		return 0;
	snprintf(wh, sizeof wh, "%s.group_commit", where);
	if (!cJSON_IsObject(g))
		return errf(err, "%s: %s is %s; expected an object", name, wh,
		    json_kind(g));
	w = json_member(g, "writers");
	if (json_finite(w, &d) < 0 || d < 1 || d > 4096 || d != floor(d))
		return errf(err, "%s: %s.writers is %s; expected a whole number from "
		    "1 to 4096", name, wh, kind_of(w, k, sizeof k));
	p->group.writers = (int)d;
	if (get_samples(json_member(g, "samples_ns"), &p->group.samples_ns,
	    &p->group.nsamples, 1, name, wh, err) < 0)
		return -1;
	if (get_num(g, "median_ns", &p->group.median_ns, name, wh, err) < 0 ||
	    get_str(g, "stopped_by", 0, &p->group.stopped_by, name, wh, err) < 0)
		return -1;
	return 0;
}

/*
 * The group's median and p99 from its samples, and both in units of the
 * single-writer median; a stored group median must agree.
 */
static int
summarize_group(struct probe_record *p, const char *name, const char *where,
    char *err)
{
	double stored = p->group.median_ns, *x;
	size_t n = p->group.nsamples;

	if (p->group.writers == 0)
		return 0;
	x = xmalloc(n * sizeof *x);
	memcpy(x, p->group.samples_ns, n * sizeof *x);
	stats_sort(x, n);
	p->group.median_ns = stats_quantile_sorted(x, n, 0.5);
	p->group.p99_ns = stats_quantile_sorted(x, n, 0.99);
	free(x);
	if (!isnan(stored) &&
	    fabs(stored - p->group.median_ns) > 0.5 + 1e-6 * p->group.median_ns)
		return errf(err, "%s: %s.group_commit.median_ns is %.17g but the "
		    "median of its %zu samples_ns is %.17g; expected them to agree",
		    name, where, stored, n, p->group.median_ns);
	p->group.syncs_p50 = p->group.median_ns / p->median_ns;
	p->group.syncs_p99 = p->group.p99_ns / p->median_ns;
	return 0;
}

/* The discarded warm-up count, a whole number from 0 to 1000. */
static int
get_warmup(const cJSON *o, struct probe_record *p, const char *name,
    const char *where, char *err)
{
	const cJSON *w = json_member(o, "warmup");
	char k[32];
	double d;

	if (w == NULL || cJSON_IsNull(w))
		return 0;
	if (json_finite(w, &d) < 0 || d < 0 || d > 1000 || d != floor(d))
		return errf(err, "%s: %s.warmup is %s; expected a whole number from "
		    "0 to 1000", name, where, kind_of(w, k, sizeof k));
	p->warmup = (int)d;
	return 0;
}

/*
 * A stored median must be the samples' own, to half a nanosecond and a
 * millionth (docs/probe-format.md: room for another writer's rounding).
 */
static int
check_median(const struct probe_record *p, double stored, const char *name,
    const char *where, char *err)
{
	if (isnan(stored))
		return 0;
	if (stored <= 0)
		return errf(err, "%s: %s.median_ns is %g; expected a positive number "
		    "of nanoseconds", name, where, stored);
	if (fabs(stored - p->median_ns) > 0.5 + 1e-6 * p->median_ns)
		return errf(err, "%s: %s.median_ns is %.17g but the median of its %zu "
		    "samples_ns is %.17g; expected them to agree", name, where,
		    stored, p->nsamples, p->median_ns);
	return 0;
}

int
probe_record_from_json(const cJSON *o, const char *name, const char *where,
    struct probe_record *p, char *err)
{
	const cJSON *f = json_member(o, "format");
	double level = 0.95, stored_median = NAN;

	probe_record_init(p);
	if (!cJSON_IsObject(o))
		return errf(err, "%s: %s is %s; expected a %s object", name, where,
		    json_kind(o), PROBE_FORMAT);
	if (!cJSON_IsString(f) || strcmp(f->valuestring, PROBE_FORMAT) != 0)
		return errf(err, "%s: %s.format is %s%.40s%s; expected \"%s\"", name,
		    where, cJSON_IsString(f) ? "\"" : "",
		    cJSON_IsString(f) ? f->valuestring : json_kind(f),
		    cJSON_IsString(f) ? "\"" : "", PROBE_FORMAT);
	if (get_parts(o, p, name, where, err) < 0 ||
	    get_str(o, "method", 1, &p->method, name, where, err) < 0 ||
	    get_str(o, "method_detail", 0, &p->method_detail, name, where, err) < 0 ||
	    get_str(o, "stopped_by", 0, &p->stopped_by, name, where, err) < 0 ||
	    get_str(o, "created", 0, &p->created, name, where, err) < 0 ||
	    get_str(o, "syncgate_version", 0, &p->version, name, where, err) < 0 ||
	    get_samples(json_member(o, "samples_ns"), &p->samples_ns, &p->nsamples,
	    1, name, where, err) < 0 ||
	    get_num(o, "median_ns", &stored_median, name, where, err) < 0 ||
	    get_num(o, "precision", &p->precision, name, where, err) < 0 ||
	    get_num(o, "elapsed_s", &p->elapsed_s, name, where, err) < 0 ||
	    get_reach(o, &p->reaches, name, where, err) < 0 ||
	    get_evidence(o, p, name, where, err) < 0 ||
	    get_group(o, p, name, where, err) < 0 ||
	    get_warmup(o, p, name, where, err) < 0 ||
	    probe_flushes_from_json(o, &p->flushes, name, where, err) < 0 ||
	    probe_series_from_json(o, &p->watch, &p->series, name, where, err) < 0)
		goto fail;
	probe_record_summarize(p, level);
	if (check_median(p, stored_median, name, where, err) < 0 ||
	    summarize_group(p, name, where, err) < 0)
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

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void
probe_record_copy(struct probe_record *d, const struct probe_record *s)
{
	size_t i;

	*d = *s;
	d->host_id = dup_or_null(s->host_id);
	d->host_id_source = dup_or_null(s->host_id_source);
	d->host_name = dup_or_null(s->host_name);
	d->os = dup_or_null(s->os);
	d->kernel = dup_or_null(s->kernel);
	d->virt = dup_or_null(s->virt);
	d->volume_id = dup_or_null(s->volume_id);
	d->volume_id_source = dup_or_null(s->volume_id_source);
	d->path = dup_or_null(s->path);
	d->symlink = dup_or_null(s->symlink);
	d->fs = dup_or_null(s->fs);
	d->mount_point = dup_or_null(s->mount_point);
	d->mount_options = dup_or_null(s->mount_options);
	d->device = dup_or_null(s->device);
	d->model = dup_or_null(s->model);
	d->write_cache = dup_or_null(s->write_cache);
	d->memory_backed = dup_or_null(s->memory_backed);
	d->passthrough_backed = dup_or_null(s->passthrough_backed);
	d->method = dup_or_null(s->method);
	d->method_detail = dup_or_null(s->method_detail);
	d->stopped_by = dup_or_null(s->stopped_by);
	d->created = dup_or_null(s->created);
	d->version = dup_or_null(s->version);
	d->samples_ns = xmalloc((s->nsamples ? s->nsamples : 1) * sizeof(double));
	if (s->nsamples)
		memcpy(d->samples_ns, s->samples_ns, s->nsamples * sizeof(double));
	d->group.samples_ns = NULL;
	d->group.stopped_by = dup_or_null(s->group.stopped_by);
	if (s->group.nsamples) {
		d->group.samples_ns = xmalloc(s->group.nsamples * sizeof(double));
		memcpy(d->group.samples_ns, s->group.samples_ns,
		    s->group.nsamples * sizeof(double));
	}
	probe_flushes_copy(&d->flushes, &s->flushes);
	probe_watch_copy(&d->watch, &s->watch);
	probe_series_copy(&d->series, &s->series);
	d->evidence = s->nevidence ? xmalloc(s->nevidence * sizeof(char *)) : NULL;
	for (i = 0; i < s->nevidence; i++)
		d->evidence[i] = xstrdup(s->evidence[i]);
}
