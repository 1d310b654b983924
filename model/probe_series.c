/* SPDX-License-Identifier: MIT */
/*
 * syncgate-probe/1's flush counts, watch and series in and out.  What is
 * derived from them is recomputed on reading, never taken from the file.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json_fields.h"
#include "model/probe_record.h"
#include "model/result_limits.h"
#include "lib/stats.h"

/* Past these a record is garbage: disks a probe counts, flushes, samples. */
#define MAX_DEVICES 64
#define DEVICES EXPECTED("an array of at most 64 devices")
#define MAX_COUNT 1e15
#define MAX_SERIES 1000000      /* a watch stops there */
#define SERIES EXPECTED("an array of at most 1000000 numbers")
#define MAX_OFFSET_NS 9007199254740992.0        /* 2^53 ns (104 days): whole below */

#define ABSENT (JSON_OPTIONAL | JSON_NULL)

/* A count of flushes, or null when none was made. */
static const struct json_span FLUSHES = { 0, MAX_COUNT, 0, 0, 1,
	"a whole number from 0 to 1e+15, or null", NULL, NULL };
/* A watch's interval, or the rounds'. */
static const struct json_span EVERY = { 1, 3600e9, 0, 0, 0,
	"a number of nanoseconds from 1 to 3.6e+12", NULL, NULL };

#define T struct probe_flush_device
#define NAME { JF("device", JF_STR, JSON_NONBLANK, name), \
	.what = "the device's name" }
#define COUNT(k, m) { JF(k, JF_NUM, ABSENT | JSON_DOUBLE, m), .span = &FLUSHES }
#define DROPPED { JF("dropped", JF_STR, ABSENT, dropped) }
/* A disk's flushes around the timed syncs; other and per_sync derived. */
static const struct json_field device_fields[] = {
	NAME, { JF("write_cache", JF_STR, ABSENT, write_cache) },
	{ JF("fua", JF_TRI, ABSENT, fua), .what = "true, false or null" },
	COUNT("flushes", flushes), COUNT("idle_flushes", idle_flushes),
	{ JF("other", JF_NUM, JSON_DERIVED | JSON_DOUBLE, other) },
	{ JF("per_sync", JF_NUM, JSON_DERIVED | JSON_DOUBLE, per_sync) },
	DROPPED, JF_END
};

/* A series' disk: what it counted through the window (read as above). */
static const struct json_field window_device_fields[] = {
	NAME, COUNT("flushes", flushes), DROPPED, JF_END
};
#undef T

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

static void
devices_free(struct probe_flush_device *dev, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		probe_fields_strings(device_fields, &dev[i], NULL);
	free(dev);
}

void
probe_flushes_free(struct probe_flushes *f)
{
	if (f == NULL)
		return;
	devices_free(f->dev, f->ndev);
	free(f->unavailable);
	memset(f, 0, sizeof *f);
}

char *
probe_strdup(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void
probe_fields_strings(const struct json_field *f, void *dst, const void *src)
{
	char *d = dst;
	const char *s = src;
	char **m;

	for (; f->key != NULL; f++) {
		m = (char **)(void *)(d + f->off);
		if (f->type == JF_OBJ)
			probe_fields_strings(f->sub, d + f->off,
			    s != NULL ? s + f->off : NULL);
		else if (f->type == JF_STR && s != NULL)
			*m = probe_strdup(*(char *const *)(const void *)(s + f->off));
		else if (f->type == JF_STR)
			free(*m);
	}
}

double *
probe_doubles_dup(const double *v, size_t n)
{
	double *d = xmalloc((n ? n : 1) * sizeof *d);

	if (n)
		memcpy(d, v, n * sizeof *d);
	return d;
}

static struct probe_flush_device *
devices_copy(const struct probe_flush_device *s, size_t n)
{
	struct probe_flush_device *d = n ? xcalloc(n, sizeof *d) : NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		d[i] = s[i];
		probe_fields_strings(device_fields, &d[i], &s[i]);
	}
	return d;
}

/* devices, at most MAX_DEVICES, into *dev and *n. */
static int
devices_from_json(const cJSON *o, const char *key,
    struct probe_flush_device **dev, size_t *n, int flags,
    const struct json_at *a)
{
	const cJSON *arr;
	struct json_at c;
	int rc = json_get_array(o, key, flags, MAX_DEVICES, DEVICES, a, &arr, &c);

	if (rc != 0)
		return rc;
	*dev = xcalloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof **dev);
	return json_get_each(arr, device_fields, *dev, sizeof **dev, n, &c);
}

static void
flushes_json(cJSON *o, const struct probe_flushes *f)
{
	cJSON *fl;

	if (!f->present)
		return;
	fl = cJSON_AddObjectToObject(o, "flushes");
	cJSON_AddNumberToObject(fl, "syncs", (double)f->syncs);
	json_add_double(fl, "timed_s", f->timed_s);
	json_add_double(fl, "idle_s", f->idle_s);
	cJSON_AddItemToObject(fl, "devices", json_put_each(device_fields, f->dev,
	    sizeof *f->dev, f->ndev));
	json_add_string_or_null(fl, "unavailable", f->unavailable);
}

static int
flushes_from_json(const cJSON *o, struct probe_flushes *f,
    const struct json_at *a)
{
	static const struct json_span syncs = { 0, 1e9, 0, 0, 1,
		"a whole number from 0 to 1e+09, or null", NULL, NULL };
	static const struct json_span secs = { 0, 1e9, 0, 0, 0,
		"a number from 0 to 1e+09, or null", NULL, NULL };
	const cJSON *fl;
	struct json_at c;
	double n;
	int rc;

	memset(f, 0, sizeof *f);
	if ((rc = json_get_object(o, "flushes", ABSENT, "an object", a, &fl,
	    &c)) != 0)
		return rc < 0 ? -1 : 0;
	f->present = 1;
	if (json_get_number(fl, "syncs", ABSENT, &syncs, &c, &n) < 0 ||
	    json_get_number(fl, "timed_s", ABSENT, &secs, &c, &f->timed_s) < 0 ||
	    json_get_number(fl, "idle_s", ABSENT, &secs, &c, &f->idle_s) < 0 ||
	    json_get_string(fl, "unavailable", ABSENT, "a string or null", &c,
	    &f->unavailable) < 0 ||
	    devices_from_json(fl, "devices", &f->dev, &f->ndev, 0, &c) < 0)
		return -1;
	f->syncs = isnan(n) ? 0 : (long)n;
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
	x = probe_doubles_dup(s->samples_ns, s->n);
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
	if (s == NULL)
		return;
	free(s->t_ns);
	free(s->samples_ns);
	devices_free(s->dev, s->ndev);
	free(s->flushes_unavailable);
	free(s->rounds.ops);
	memset(s, 0, sizeof *s);
	s->window_ns[0] = s->window_ns[1] = NAN;
	s->median_ns = s->p99_ns = s->min_ns = s->max_ns = NAN;
}

/* d's flushes, watch and series: deep copies of s's, the rest as copied. */
void
probe_series_copy(struct probe_record *d, const struct probe_record *s)
{
	const struct probe_series *ss = &s->series;
	struct probe_series *ds = &d->series;

	d->flushes.unavailable = probe_strdup(s->flushes.unavailable);
	d->flushes.dev = devices_copy(s->flushes.dev, s->flushes.ndev);
	d->watch.stopped_by = probe_strdup(s->watch.stopped_by);
	ds->t_ns = probe_doubles_dup(ss->t_ns, ss->n);
	ds->samples_ns = probe_doubles_dup(ss->samples_ns, ss->n);
	ds->flushes_unavailable = probe_strdup(ss->flushes_unavailable);
	ds->rounds.ops = ss->rounds.ops != NULL ?
	    probe_doubles_dup(ss->rounds.ops, (size_t)ss->rounds.count) : NULL;
	ds->dev = devices_copy(ss->dev, ss->ndev);
}

static void
window_json(cJSON *o, const struct probe_series *s)
{
	cJSON_AddItemToObject(o, "window_ns", isnan(s->window_ns[0]) ||
	    isnan(s->window_ns[1]) ? cJSON_CreateNull() :
	    json_double_array(s->window_ns, 2));
	cJSON_AddItemToObject(o, "flushes", json_put_each(window_device_fields,
	    s->dev, sizeof *s->dev, s->ndev));
	json_add_string_or_null(o, "flushes_unavailable", s->flushes_unavailable);
}

/* Where the rounds were taken, as the JSON says it (probe_rounds.placement). */
static const char *const placements[] = { "through", "brackets", "paused" };

static void
rounds_json(cJSON *o, const struct probe_rounds *r)
{
	cJSON *rj;

	if (!r->present)
		return;
	rj = cJSON_AddObjectToObject(o, "rounds");
	if (r->placement != ROUNDS_THROUGH)
		cJSON_AddStringToObject(rj, "placement", placements[r->placement]);
	cJSON_AddNumberToObject(rj, "every_ns", r->every_ns);
	cJSON_AddNumberToObject(rj, "per_round", (double)r->per_round);
	cJSON_AddNumberToObject(rj, "count", (double)r->count);
	json_add_double(rj, "probing_s", r->probing_s);
	json_add_double(rj, "run_s", r->run_s);
	json_add_double(rj, "cost", r->cost);
	cJSON_AddItemToObject(rj, "ops", r->ops != NULL ?
	    json_double_array(r->ops, (size_t)r->count) : cJSON_CreateNull());
}

void
probe_rounds_derive(struct probe_rounds *r)
{
	r->cost = r->run_s > 0 && !isnan(r->probing_s) ? r->probing_s / r->run_s :
	    NAN;
}

void
probe_series_json(cJSON *o, const struct probe_record *p)
{
	const struct probe_watch *w = &p->watch;
	const struct probe_series *s = &p->series;
	cJSON *sj, *wj, *load;

	flushes_json(o, &p->flushes);
	if (w->interval_ns > 0) {
		wj = cJSON_AddObjectToObject(o, "watch");
		cJSON_AddNumberToObject(wj, "interval_ns", w->interval_ns);
		json_add_string_or_null(wj, "stopped_by", w->stopped_by);
		load = cJSON_AddObjectToObject(wj, "load");
		json_add_double(load, "write_bytes_per_s", p->write_bytes > 0 ?
		    (double)p->write_bytes * 1e9 / w->interval_ns : NAN);
		json_add_double(load, "syncs_per_s", 1e9 / w->interval_ns);
	}
	if (!s->present)
		return;
	sj = cJSON_AddObjectToObject(o, "series");
	cJSON_AddStringToObject(sj, "clock", "CLOCK_REALTIME");
	cJSON_AddNumberToObject(sj, "base_unix_s", (double)s->base_unix_s);
	cJSON_AddItemToObject(sj, "t_ns", json_double_array(s->t_ns, s->n));
	cJSON_AddItemToObject(sj, "samples_ns", json_double_array(s->samples_ns, s->n));
	json_add_double(sj, "median_ns", s->median_ns);
	json_add_double(sj, "p99_ns", s->p99_ns);
	json_add_double(sj, "min_ns", s->min_ns);
	json_add_double(sj, "max_ns", s->max_ns);
	window_json(sj, s);
	rounds_json(sj, &s->rounds);
}

static int
window_from_json(const cJSON *sj, struct probe_series *s,
    const struct json_at *a)
{
	static const struct json_span offset = { -HUGE_VAL, HUGE_VAL, 0, 0, 0,
		"a number of nanoseconds after base_unix_s", NULL, NULL };
	size_t i;

	if (json_get_pair(sj, "window_ns", ABSENT, "[begin, end] in nanoseconds "
	    "after base_unix_s, or null", &offset, 0, a, &s->window_ns[0],
	    &s->window_ns[1]) < 0 ||
	    devices_from_json(sj, "flushes", &s->dev, &s->ndev, ABSENT, a) < 0)
		return -1;
	for (i = 0; i < s->ndev; i++)
		s->dev[i].idle_flushes = s->dev[i].other = s->dev[i].per_sync = NAN;
	return json_get_string(sj, "flushes_unavailable", ABSENT,
	    "a string or null", a, &s->flushes_unavailable) < 0 ? -1 : 0;
}

#define OPS EXPECTED("an array of one count of operations a round, or null")

/* The rounds' spacing; the cost is derived again, never taken from the file. */
static int
rounds_from_json(const cJSON *sj, struct probe_series *s,
    const struct json_at *a)
{
	static const struct json_span per = { 1, 1000, 0, 0, 1,
		"a whole number from 1 to 1000", NULL, NULL };
	static const struct json_span count = { 0, MAX_SERIES, 0, 0, 1,
		"a whole number from 0 to 1e+06", NULL, NULL };
	static const struct json_span secs = { 0, 1e9, 0, 0, 0,
		"a number of seconds from 0 to 1e+09", NULL, NULL };
	static const struct json_span ops = { 0, 1e15, 0, 0, 1,
		"a whole number from 0 to 1e+15", NULL, NULL };
	struct probe_rounds *r = &s->rounds;
	const cJSON *rj;
	struct json_at c;
	double pr, n;
	size_t nops = 0;
	int rc, placement = ROUNDS_THROUGH;

	if ((rc = json_get_object(sj, "rounds", ABSENT, "an object", a, &rj,
	    &c)) != 0)
		return rc < 0 ? -1 : 0;
	if (json_get_word(rj, "placement", JSON_OPTIONAL, placements, 3,
	    "\"through\", \"brackets\" or \"paused\"", &c, &placement) < 0 ||
	    json_get_number(rj, "every_ns", 0, &EVERY, &c, &r->every_ns) < 0 ||
	    json_get_number(rj, "per_round", 0, &per, &c, &pr) < 0 ||
	    json_get_number(rj, "count", 0, &count, &c, &n) < 0 ||
	    json_get_number(rj, "probing_s", 0, &secs, &c, &r->probing_s) < 0 ||
	    json_get_number(rj, "run_s", 0, &secs, &c, &r->run_s) < 0)
		return -1;
	r->placement = placement;
	r->per_round = (long)pr;
	r->count = (long)n;
	if ((size_t)r->count * (size_t)r->per_round != s->n)
		return errf(a->err, "%s: %s.rounds: %ld rounds of %ld samples, but "
		    "samples_ns holds %zu; expected per_round samples a round", a->file,
		    a->path, r->count, r->per_round, s->n);
	if (json_get_numbers(rj, "ops", ABSENT, OPS, MAX_SERIES, NULL, &ops, &c,
	    &r->ops, &nops) < 0)
		return -1;
	if (r->ops != NULL && nops != (size_t)r->count)
		return errf(a->err, "%s: %s.rounds.ops holds %zu counts for %ld rounds; "
		    "expected one a round", a->file, a->path, nops, r->count);
	r->present = 1;
	probe_rounds_derive(r);
	return 0;
}

static int
series_from_json(const cJSON *sj, struct probe_series *s,
    const struct json_at *a)
{
	static const char *const realtime[] = { "CLOCK_REALTIME" };
	static const struct json_span base = { 0, 1e11, 0, 0, 1,
		"whole seconds since 1970, from 0 to 1e+11", NULL, NULL };
	static const struct json_span offset = { 0, MAX_OFFSET_NS, 0, 0, 0,
		"a number of nanoseconds from 0 to 9.0072e+15", NULL, NULL };
	double b;
	size_t nt = 0, ns = 0;
	int clock;

	if (json_get_word(sj, "clock", 0, realtime, 1, "\"CLOCK_REALTIME\"", a,
	    &clock) < 0 ||
	    json_get_number(sj, "base_unix_s", 0, &base, a, &b) < 0)
		return -1;
	s->base_unix_s = (long long)b;
	s->present = 1;
	if (json_get_numbers(sj, "t_ns", 0, SERIES, MAX_SERIES, NULL, &offset, a,
	    &s->t_ns, &nt) < 0 ||
	    json_get_numbers(sj, "samples_ns", 0, SERIES, MAX_SERIES, NULL,
	    &json_span_latency, a, &s->samples_ns, &ns) < 0)
		return -1;
	if (nt != ns)
		return errf(a->err, "%s: %s.t_ns holds %zu times but samples_ns %zu "
		    "samples; expected one time a sample", a->file, a->path, nt, ns);
	s->n = ns;
	if (window_from_json(sj, s, a) < 0 || rounds_from_json(sj, s, a) < 0)
		return -1;
	probe_series_summarize(s);
	return 0;
}

int
probe_series_from_json(const cJSON *o, struct probe_record *p,
    const struct json_at *a)
{
	struct probe_watch *w = &p->watch;
	const cJSON *sj, *wj;
	struct json_at c;
	int rc;

	if (flushes_from_json(o, &p->flushes, a) < 0)
		return -1;
	rc = json_get_object(o, "watch", ABSENT, "an object", a, &wj, &c);
	if (rc < 0 || (rc == 0 && (json_get_number(wj, "interval_ns", 0, &EVERY,
	    &c, &w->interval_ns) < 0 || json_get_string(wj, "stopped_by", ABSENT,
	    "a string or null", &c, &w->stopped_by) < 0)))
		return -1;
	if ((rc = json_get_object(o, "series", ABSENT, "an object", a, &sj,
	    &c)) != 0)
		return rc < 0 ? -1 : 0;
	return series_from_json(sj, &p->series, &c);
}
