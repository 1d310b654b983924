/* SPDX-License-Identifier: MIT */
/*
 * The flush counts of syncgate-probe/1 in and out.  What is derived from
 * them (other processes' share, flushes per sync) is recomputed on
 * reading, never taken from the file.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/probe_record.h"

/* No probe counts more disks than this; a record listing more is garbage. */
#define MAX_DEVICES 64
/* Counts beyond this are not flushes but garbage. */
#define MAX_COUNT 1e15

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
