/* SPDX-License-Identifier: MIT */
/*
 * The flush counts, the watch and the timed series of syncgate-probe/1
 * in and out.  What is derived from them (other processes' share,
 * flushes per sync, the series' quantiles, the watch's load) is
 * recomputed on reading, never taken from the file.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/probe_record.h"
#include "lib/stats.h"

/* No probe counts more disks than this; a record listing more is garbage. */
#define MAX_DEVICES 64
/* Counts beyond this are not flushes but garbage. */
#define MAX_COUNT 1e15
/* A series holds at most this many samples (a watch stops there). */
#define MAX_SERIES 1000000
/* Longest a day is: a sample above it is not a sync but garbage. */
#define DAY_NS 86400e9
/* Offsets past 2^53 ns (104 days) are no longer whole in a double. */
#define MAX_OFFSET_NS 9007199254740992.0

void
probe_flushes_derive(struct probe_flushes *f)
{
	size_t i;

	for (i = 0; i < f->ndev; i++) {
		struct probe_flush_device *d = &f->dev[i];

		d->other = d->per_sync = NAN;
		if (!isnan(d->idle_flushes) && f->idle_s > 0 && !isnan(f->timed_s))
			d->other = d->idle_flushes / f->idle_s * f->timed_s;
		if (!isnan(d->flushes) && f->syncs > 0)
			d->per_sync = (d->flushes - (isnan(d->other) ? 0 : d->other)) /
			    (double)f->syncs;
	}
}

void
probe_flushes_free(struct probe_flushes *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->ndev; i++) {
		free(f->dev[i].name);
		free(f->dev[i].write_cache);
		free(f->dev[i].dropped);
	}
	free(f->dev);
	free(f->unavailable);
	memset(f, 0, sizeof *f);
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void
probe_flushes_copy(struct probe_flushes *d, const struct probe_flushes *s)
{
	size_t i;

	*d = *s;
	d->unavailable = dup_or_null(s->unavailable);
	d->dev = s->ndev ? xcalloc(s->ndev, sizeof *d->dev) : NULL;
	for (i = 0; i < s->ndev; i++) {
		d->dev[i] = s->dev[i];
		d->dev[i].name = dup_or_null(s->dev[i].name);
		d->dev[i].write_cache = dup_or_null(s->dev[i].write_cache);
		d->dev[i].dropped = dup_or_null(s->dev[i].dropped);
	}
}

static void
add_num(cJSON *o, const char *key, double v)
{
	if (isfinite(v))
		cJSON_AddNumberToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

static void
device_json(cJSON *arr, const struct probe_flush_device *d)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddItemToArray(arr, o);
	json_add_string_or_null(o, "device", d->name);
	json_add_string_or_null(o, "write_cache", d->write_cache);
	if (d->fua >= 0)
		cJSON_AddBoolToObject(o, "fua", d->fua);
	else
		cJSON_AddNullToObject(o, "fua");
	add_num(o, "flushes", d->flushes);
	add_num(o, "idle_flushes", d->idle_flushes);
	add_num(o, "other", d->other);
	add_num(o, "per_sync", d->per_sync);
	json_add_string_or_null(o, "dropped", d->dropped);
}

void
probe_flushes_json(cJSON *o, const struct probe_flushes *f)
{
	cJSON *fl, *arr;
	size_t i;

	if (!f->present)
		return;
	fl = cJSON_AddObjectToObject(o, "flushes");
	cJSON_AddNumberToObject(fl, "syncs", (double)f->syncs);
	add_num(fl, "timed_s", f->timed_s);
	add_num(fl, "idle_s", f->idle_s);
	arr = cJSON_AddArrayToObject(fl, "devices");
	for (i = 0; i < f->ndev; i++)
		device_json(arr, &f->dev[i]);
	json_add_string_or_null(fl, "unavailable", f->unavailable);
}

/* Where a message points: "probe.flushes.devices[2]". */
struct at {
	const char *name;
	char where[256];
};

static int
opt_string(const cJSON *o, const char *key, char **out, const struct at *a,
    char *err)
{
	const cJSON *v = json_member(o, key);

	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsString(v))
		return errf(err, "%s: %s.%s is %s; expected a string or null",
		    a->name, a->where, key, json_kind(v));
	*out = xstrdup(v->valuestring);
	return 0;
}

/* A number from lo to hi (whole when whole is set); absent or null: NaN. */
static int
opt_number(const cJSON *o, const char *key, double lo, double hi, int whole,
    double *out, const struct at *a, char *err)
{
	const cJSON *v = json_member(o, key);
	double d;

	*out = NAN;
	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (json_finite(v, &d) < 0 || d < lo || d > hi || (whole && d != floor(d)))
		return errf(err, "%s: %s.%s is %s; expected %s from %g to %g, or "
		    "null", a->name, a->where, key, cJSON_IsNumber(v) ? "out of range" :
		    json_kind(v), whole ? "a whole number" : "a number", lo, hi);
	*out = d;
	return 0;
}

static int
device_from_json(const cJSON *o, struct probe_flush_device *d,
    const struct at *a, char *err)
{
	const cJSON *fua = json_member(o, "fua");

	d->fua = -1;
	if (!cJSON_IsObject(o))
		return errf(err, "%s: %s is %s; expected an object", a->name,
		    a->where, json_kind(o));
	if (opt_string(o, "device", &d->name, a, err) < 0 ||
	    opt_string(o, "write_cache", &d->write_cache, a, err) < 0 ||
	    opt_string(o, "dropped", &d->dropped, a, err) < 0 ||
	    opt_number(o, "flushes", 0, MAX_COUNT, 1, &d->flushes, a, err) < 0 ||
	    opt_number(o, "idle_flushes", 0, MAX_COUNT, 1, &d->idle_flushes, a,
	    err) < 0)
		return -1;
	if (d->name == NULL || d->name[0] == '\0')
		return errf(err, "%s: %s.device is %s; expected the device's name",
		    a->name, a->where, d->name ? "empty" : "missing");
	if (cJSON_IsBool(fua))
		d->fua = cJSON_IsTrue(fua);
	else if (fua != NULL && !cJSON_IsNull(fua))
		return errf(err, "%s: %s.fua is %s; expected true, false or null",
		    a->name, a->where, json_kind(fua));
	return 0;
}

static int
devices_from_json(const cJSON *arr, struct probe_flushes *f, struct at *a,
    char *err)
{
	const cJSON *v;
	size_t n, len = strlen(a->where);

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > MAX_DEVICES)
		return errf(err, "%s: %s.devices is %s; expected an array of at most "
		    "%d devices", a->name, a->where, cJSON_IsArray(arr) ?
		    "longer" : json_kind(arr), MAX_DEVICES);
	n = (size_t)cJSON_GetArraySize(arr);
	f->dev = n ? xcalloc(n, sizeof *f->dev) : NULL;
	cJSON_ArrayForEach(v, arr) {
		snprintf(a->where + len, sizeof a->where - len, ".devices[%zu]",
		    f->ndev);
		f->ndev++;
		if (device_from_json(v, &f->dev[f->ndev - 1], a, err) < 0)
			return -1;
	}
	a->where[len] = '\0';
	return 0;
}

int
probe_flushes_from_json(const cJSON *o, struct probe_flushes *f,
    const char *name, const char *where, char *err)
{
	const cJSON *fl = json_member(o, "flushes");
	struct at a;
	double syncs;

	memset(f, 0, sizeof *f);
	if (fl == NULL || cJSON_IsNull(fl))
		return 0;
	a.name = name;
	snprintf(a.where, sizeof a.where, "%s.flushes", where);
	if (!cJSON_IsObject(fl))
		return errf(err, "%s: %s is %s; expected an object", name, a.where,
		    json_kind(fl));
	f->present = 1;
	if (opt_number(fl, "syncs", 0, 1e9, 1, &syncs, &a, err) < 0 ||
	    opt_number(fl, "timed_s", 0, 1e9, 0, &f->timed_s, &a, err) < 0 ||
	    opt_number(fl, "idle_s", 0, 1e9, 0, &f->idle_s, &a, err) < 0 ||
	    opt_string(fl, "unavailable", &f->unavailable, &a, err) < 0 ||
	    devices_from_json(json_member(fl, "devices"), f, &a, err) < 0)
		return -1;
	f->syncs = isnan(syncs) ? 0 : (long)syncs;
	probe_flushes_derive(f);
	return 0;
}

void
probe_series_summarize(struct probe_series *s)
{
	double *x;

	s->median_ns = s->p99_ns = s->min_ns = s->max_ns = NAN;
	if (s->n == 0)
		return;
	x = xmalloc(s->n * sizeof *x);
	memcpy(x, s->samples_ns, s->n * sizeof *x);
	stats_sort(x, s->n);
	s->median_ns = stats_quantile_sorted(x, s->n, 0.5);
	s->p99_ns = stats_quantile_sorted(x, s->n, 0.99);
	s->min_ns = x[0];
	s->max_ns = x[s->n - 1];
	free(x);
}

void
probe_series_free(struct probe_series *s)
{
	size_t i;

	if (s == NULL)
		return;
	free(s->t_ns);
	free(s->samples_ns);
	for (i = 0; i < s->ndev; i++) {
		free(s->dev[i].name);
		free(s->dev[i].write_cache);
		free(s->dev[i].dropped);
	}
	free(s->dev);
	free(s->flushes_unavailable);
	memset(s, 0, sizeof *s);
	s->window_ns[0] = s->window_ns[1] = NAN;
	s->median_ns = s->p99_ns = s->min_ns = s->max_ns = NAN;
}

void
probe_watch_free(struct probe_watch *w)
{
	if (w == NULL)
		return;
	free(w->stopped_by);
	memset(w, 0, sizeof *w);
}

static double *
dup_doubles(const double *v, size_t n)
{
	double *d = xmalloc((n ? n : 1) * sizeof *d);

	if (n)
		memcpy(d, v, n * sizeof *d);
	return d;
}

void
probe_series_copy(struct probe_series *d, const struct probe_series *s)
{
	size_t i;

	*d = *s;
	d->t_ns = dup_doubles(s->t_ns, s->n);
	d->samples_ns = dup_doubles(s->samples_ns, s->n);
	d->flushes_unavailable = dup_or_null(s->flushes_unavailable);
	d->dev = s->ndev ? xcalloc(s->ndev, sizeof *d->dev) : NULL;
	for (i = 0; i < s->ndev; i++) {
		d->dev[i] = s->dev[i];
		d->dev[i].name = dup_or_null(s->dev[i].name);
		d->dev[i].write_cache = dup_or_null(s->dev[i].write_cache);
		d->dev[i].dropped = dup_or_null(s->dev[i].dropped);
	}
}

void
probe_watch_copy(struct probe_watch *d, const struct probe_watch *s)
{
	*d = *s;
	d->stopped_by = dup_or_null(s->stopped_by);
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
watch_json(cJSON *o, const struct probe_watch *w, long long write_bytes)
{
	cJSON *wj, *load;

	wj = cJSON_AddObjectToObject(o, "watch");
	cJSON_AddNumberToObject(wj, "interval_ns", w->interval_ns);
	json_add_string_or_null(wj, "stopped_by", w->stopped_by);
	load = cJSON_AddObjectToObject(wj, "load");
	add_num(load, "write_bytes_per_s", write_bytes > 0 ?
	    (double)write_bytes * 1e9 / w->interval_ns : NAN);
	add_num(load, "syncs_per_s", 1e9 / w->interval_ns);
}

static void
window_json(cJSON *o, const struct probe_series *s)
{
	cJSON *win, *arr, *d;
	size_t i;

	if (isnan(s->window_ns[0]) || isnan(s->window_ns[1])) {
		cJSON_AddNullToObject(o, "window_ns");
	} else {
		win = cJSON_AddArrayToObject(o, "window_ns");
		cJSON_AddItemToArray(win, cJSON_CreateNumber(s->window_ns[0]));
		cJSON_AddItemToArray(win, cJSON_CreateNumber(s->window_ns[1]));
	}
	arr = cJSON_AddArrayToObject(o, "flushes");
	for (i = 0; i < s->ndev; i++) {
		d = cJSON_CreateObject();
		cJSON_AddItemToArray(arr, d);
		json_add_string_or_null(d, "device", s->dev[i].name);
		add_num(d, "flushes", s->dev[i].flushes);
		json_add_string_or_null(d, "dropped", s->dev[i].dropped);
	}
	json_add_string_or_null(o, "flushes_unavailable", s->flushes_unavailable);
}

void
probe_series_json(cJSON *o, const struct probe_watch *w,
    const struct probe_series *s, long long write_bytes)
{
	cJSON *sj;

	if (w->interval_ns > 0)
		watch_json(o, w, write_bytes);
	if (!s->present)
		return;
	sj = cJSON_AddObjectToObject(o, "series");
	cJSON_AddStringToObject(sj, "clock", "CLOCK_REALTIME");
	cJSON_AddNumberToObject(sj, "base_unix_s", (double)s->base_unix_s);
	cJSON_AddItemToObject(sj, "t_ns", num_array(s->t_ns, s->n));
	cJSON_AddItemToObject(sj, "samples_ns", num_array(s->samples_ns, s->n));
	add_num(sj, "median_ns", s->median_ns);
	add_num(sj, "p99_ns", s->p99_ns);
	add_num(sj, "min_ns", s->min_ns);
	add_num(sj, "max_ns", s->max_ns);
	window_json(sj, s);
}

static int
watch_from_json(const cJSON *o, struct probe_watch *w, struct at *a, char *err)
{
	const cJSON *wj = json_member(o, "watch");
	size_t len = strlen(a->where);

	if (wj == NULL || cJSON_IsNull(wj))
		return 0;
	snprintf(a->where + len, sizeof a->where - len, ".watch");
	if (!cJSON_IsObject(wj))
		return errf(err, "%s: %s is %s; expected an object", a->name,
		    a->where, json_kind(wj));
	if (opt_number(wj, "interval_ns", 1, 3600e9, 0, &w->interval_ns, a,
	    err) < 0 || opt_string(wj, "stopped_by", &w->stopped_by, a, err) < 0)
		return -1;
	if (isnan(w->interval_ns))
		return errf(err, "%s: %s.interval_ns is missing; expected the "
		    "nanoseconds between samples", a->name, a->where);
	a->where[len] = '\0';
	return 0;
}

/* n numbers of v into *out, each from lo to hi; what names them. */
static int
num_list(const cJSON *v, double lo, double hi, double **out, size_t *n,
    const char *what, struct at *a, char *err)
{
	const cJSON *e;
	size_t i = 0;
	double d;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) > MAX_SERIES)
		return errf(err, "%s: %s.%s is %s; expected an array of at most %d "
		    "numbers", a->name, a->where, what, cJSON_IsArray(v) ? "longer" :
		    json_kind(v), MAX_SERIES);
	*n = (size_t)cJSON_GetArraySize(v);
	*out = xmalloc((*n ? *n : 1) * sizeof **out);
	cJSON_ArrayForEach(e, v) {
		if (json_finite(e, &d) < 0 || d < lo || d > hi)
			return errf(err, "%s: %s.%s[%zu] is %s; expected a number of "
			    "nanoseconds from %g to %g", a->name, a->where, what, i,
			    cJSON_IsNumber(e) ? "out of range" : json_kind(e), lo, hi);
		(*out)[i++] = d;
	}
	return 0;
}

static int
window_from_json(const cJSON *sj, struct probe_series *s, struct at *a,
    char *err)
{
	const cJSON *win = json_member(sj, "window_ns"), *arr, *v;
	size_t len = strlen(a->where), i;

	if (win != NULL && !cJSON_IsNull(win)) {
		if (!cJSON_IsArray(win) || cJSON_GetArraySize(win) != 2 ||
		    json_finite(cJSON_GetArrayItem(win, 0), &s->window_ns[0]) < 0 ||
		    json_finite(cJSON_GetArrayItem(win, 1), &s->window_ns[1]) < 0 ||
		    !(s->window_ns[0] <= s->window_ns[1]))
			return errf(err, "%s: %s.window_ns is %s; expected [begin, end] "
			    "in nanoseconds after base_unix_s, or null", a->name,
			    a->where, cJSON_IsArray(win) ? "not two ordered numbers" :
			    json_kind(win));
	}
	arr = json_member(sj, "flushes");
	if (arr == NULL || cJSON_IsNull(arr))
		return opt_string(sj, "flushes_unavailable", &s->flushes_unavailable,
		    a, err);
	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > MAX_DEVICES)
		return errf(err, "%s: %s.flushes is %s; expected an array of at most "
		    "%d devices", a->name, a->where, cJSON_IsArray(arr) ? "longer" :
		    json_kind(arr), MAX_DEVICES);
	s->dev = xcalloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof *s->dev);
	i = 0;
	cJSON_ArrayForEach(v, arr) {
		snprintf(a->where + len, sizeof a->where - len, ".flushes[%zu]", i++);
		s->ndev++;
		if (device_from_json(v, &s->dev[s->ndev - 1], a, err) < 0)
			return -1;
		s->dev[s->ndev - 1].idle_flushes = s->dev[s->ndev - 1].other = NAN;
		s->dev[s->ndev - 1].per_sync = NAN;
	}
	a->where[len] = '\0';
	return opt_string(sj, "flushes_unavailable", &s->flushes_unavailable, a,
	    err);
}

static int
series_from_json(const cJSON *sj, struct probe_series *s, struct at *a,
    char *err)
{
	const cJSON *clock = json_member(sj, "clock");
	double base;
	size_t nt = 0, ns = 0;

	if (!cJSON_IsObject(sj))
		return errf(err, "%s: %s is %s; expected an object", a->name,
		    a->where, json_kind(sj));
	if (!cJSON_IsString(clock) || strcmp(clock->valuestring,
	    "CLOCK_REALTIME") != 0)
		return errf(err, "%s: %s.clock is %s; expected \"CLOCK_REALTIME\"",
		    a->name, a->where, cJSON_IsString(clock) ? "another clock" :
		    json_kind(clock));
	if (opt_number(sj, "base_unix_s", 0, 1e11, 1, &base, a, err) < 0)
		return -1;
	if (isnan(base))
		return errf(err, "%s: %s.base_unix_s is missing; expected whole "
		    "seconds since 1970", a->name, a->where);
	s->base_unix_s = (long long)base;
	s->present = 1;
	if (num_list(json_member(sj, "t_ns"), 0, MAX_OFFSET_NS, &s->t_ns, &nt,
	    "t_ns", a, err) < 0 ||
	    num_list(json_member(sj, "samples_ns"), 1, DAY_NS, &s->samples_ns, &ns,
	    "samples_ns", a, err) < 0)
		return -1;
	if (nt != ns)
		return errf(err, "%s: %s.t_ns holds %zu times but samples_ns %zu "
		    "samples; expected one time a sample", a->name, a->where, nt, ns);
	s->n = ns;
	if (window_from_json(sj, s, a, err) < 0)
		return -1;
	probe_series_summarize(s);
	return 0;
}

int
probe_series_from_json(const cJSON *o, struct probe_watch *w,
    struct probe_series *s, const char *name, const char *where, char *err)
{
	const cJSON *sj = json_member(o, "series");
	struct at a;

	a.name = name;
	snprintf(a.where, sizeof a.where, "%s", where);
	if (watch_from_json(o, w, &a, err) < 0)
		return -1;
	if (sj == NULL || cJSON_IsNull(sj))
		return 0;
	snprintf(a.where, sizeof a.where, "%s.series", where);
	return series_from_json(sj, s, &a, err);
}
