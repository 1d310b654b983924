/* SPDX-License-Identifier: MIT */
/* Tables of fields, read and written (lib/json_fields.h). */
#include <math.h>
#include <stddef.h>

#include "lib/err.h"
#include "lib/json_fields.h"

#define AT(b, off, type) ((type *)(void *)((b) + (off)))
#define CAT(b, off, type) ((type const *)(const void *)((b) + (off)))

int
json_get_strings(const cJSON *o, const char *key, char ***out, size_t *n,
    const struct json_at *w)
{
	const cJSON *a, *s;
	struct json_at c, e;

	if (json_get_array(o, key, 0, 0, "an array", w, &a, &c) < 0)
		return -1;
	*out = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof **out);
	cJSON_ArrayForEach(s, a) {
		json_at_index(&e, &c, *n);
		if (!cJSON_IsString(s))
			return json_bad(&e, s, "a string");
		(*out)[(*n)++] = xstrdup(s->valuestring);
	}
	return 0;
}

/*
 * The member key of o into the struct at b as f says.  An interval's end
 * that could not be bounded is null: 0 below, infinity above.
 */
static int
get_field(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *w)
{
	const cJSON *sub;
	struct json_at c;
	double d, *lo = AT(b, f->off, double), *hi = AT(b, f->hi, double);
	int flags = (f->flags & ~(JSON_OMIT | JSON_COPY | JSON_DOUBLE)) |
	    (f->flags & JSON_OMIT ? JSON_OPTIONAL : 0);
	const char *want;
	int i, rc;

	if (f->flags & JSON_DERIVED)
		return 0;
	switch (f->type) {
	case JF_STR:
		want = flags & JSON_NULL ? "a string or null" : "a string";
		rc = json_get_string(o, f->key, flags, f->what ? f->what : want, w,
		    AT(b, f->off, char *));
		break;
	case JF_PAIR:
		rc = json_get_pair(o, f->key, JSON_NULL, "null or [low, high] "
		    "(numbers or null)", f->span, JSON_NULL, w, lo, hi);
		if (rc == 0) {
			*lo = isnan(*lo) ? 0 : *lo;
			*hi = isnan(*hi) ? INFINITY : *hi;
		}
		break;
	case JF_NUM:
	case JF_LLONG:
	case JF_SIZE:
	case JF_INT:
		rc = json_get_number(o, f->key, flags, f->span, w, &d);
		if (f->type == JF_NUM) {
			if (!(f->flags & JSON_COPY))
				*AT(b, f->off, double) = d;
		} else if (f->type == JF_LLONG)
			*AT(b, f->off, long long) = isnan(d) ? -1 : (long long)d;
		else if (rc == 0 && f->type == JF_SIZE)
			*AT(b, f->off, size_t) = (size_t)d;
		else if (rc == 0)
			*AT(b, f->off, int) = (int)d;
		break;
	case JF_BOOL:
	case JF_TRI:
		rc = json_get_bool(o, f->key, flags, f->what, w, AT(b, f->off, int));
		if (rc == 1 && f->type == JF_TRI)
			*AT(b, f->off, int) = -1;
		break;
	case JF_WORD:
	case JF_FLAG:
		rc = json_get_word(o, f->key, flags, f->words->w, f->words->n,
		    f->words->expected, w, &i);
		if (rc == 0)
			*AT(b, f->off, int) = f->type == JF_FLAG ? 1 : i;
		break;
	case JF_STRINGS:
		rc = json_get_array(o, f->key, flags, 0, f->what ? f->what :
		    "an array", w, &sub, NULL);
		if (rc != 0)
			break;
		return json_get_strings(o, f->key, AT(b, f->off, char **),
		    AT(b, f->hi, size_t), w);
	case JF_CUSTOM:
		return f->get != NULL ? f->get(o, f, b, w) : 0;
	default:
		want = flags & JSON_NULL ? "an object or null" : "an object";
		rc = json_get_object(o, f->key, flags, f->what ? f->what : want, w,
		    &sub, &c);
		if (rc != 0)
			break;
		/* no flag is the first member of its struct */
		if (f->hi != 0)
			*AT(b, f->hi, int) = 1;
		return json_get_fields(sub, f->sub, b + f->off, &c);
	}
	return rc < 0 ? -1 : 0;
}

int
json_get_fields(const cJSON *o, const struct json_field *f, void *b,
    const struct json_at *w)
{
	for (; f->key != NULL; f++)
		if (get_field(o, f, b, w) < 0)
			return -1;
	return 0;
}

int
json_get_each(const cJSON *a, const struct json_field *f, void *list,
    size_t size, size_t *n, const struct json_at *w)
{
	const cJSON *o;
	struct json_at c;

	cJSON_ArrayForEach(o, a) {
		json_at_index(&c, w, *n);
		if (!cJSON_IsObject(o))
			return json_bad(&c, o, "an object");
		if (json_get_fields(o, f, (char *)list + (*n)++ * size, &c) < 0)
			return -1;
	}
	return 0;
}

cJSON *
json_put_strings(char *const *s, size_t n)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(s[i]));
	return a;
}

cJSON *
json_pair_item(double lo, double hi)
{
	cJSON *a;

	if (isnan(lo) && isnan(hi))
		return cJSON_CreateNull();
	a = cJSON_CreateArray();
	cJSON_AddItemToArray(a, json_number_item(lo > 0 ? lo : NAN));
	cJSON_AddItemToArray(a, json_number_item(hi));
	return a;
}

/* What an absent figure is written as: null, or nothing with JSON_OMIT. */
static cJSON *
absent(const struct json_field *f)
{
	return f->flags & JSON_OMIT ? NULL : cJSON_CreateNull();
}

/* d as f writes a number: in cJSON's own digits with JSON_DOUBLE. */
static cJSON *
number(const struct json_field *f, double d)
{
	if (f->flags & JSON_DOUBLE)
		return isfinite(d) ? cJSON_CreateNumber(d) : cJSON_CreateNull();
	return json_number_item(d);
}

/* The one value f gives o, or NULL where JSON_OMIT leaves it out. */
static cJSON *
put_value(const struct json_field *f, const char *b)
{
	double d, lo, hi;
	long long n;
	int i;

	switch (f->type) {
	case JF_STR:
		if (*CAT(b, f->off, char *) == NULL)
			return absent(f);
		return cJSON_CreateString(*CAT(b, f->off, char *));
	case JF_NUM:
		d = *CAT(b, f->off, double);
		if (isnan(d) || (f->flags & JSON_DOUBLE && !isfinite(d)))
			return absent(f);
		return number(f, d);
	case JF_PAIR:
		lo = *CAT(b, f->off, double);
		hi = *CAT(b, f->hi, double);
		if (isnan(lo) && isnan(hi))
			return absent(f);
		return json_pair_item(lo, hi);
	case JF_LLONG:
		n = *CAT(b, f->off, long long);
		return n >= 0 ? number(f, (double)n) : absent(f);
	case JF_SIZE:
		return number(f, (double)*CAT(b, f->off, size_t));
	case JF_INT:
		return number(f, *CAT(b, f->off, int));
	case JF_BOOL:
		i = *CAT(b, f->off, int);
		return i || !(f->flags & JSON_OMIT) ? cJSON_CreateBool(i) : NULL;
	case JF_TRI:
		i = *CAT(b, f->off, int);
		return i >= 0 ? cJSON_CreateBool(i) : absent(f);
	case JF_WORD:
		i = *CAT(b, f->off, int);
		return i || !(f->flags & JSON_OMIT) ? cJSON_CreateString(f->words->w[i]) :
		    NULL;
	case JF_FLAG:
		return *CAT(b, f->off, int) ? cJSON_CreateString(f->words->w[0]) : NULL;
	case JF_STRINGS:
		return json_put_strings(*CAT(b, f->off, char **),
		    *CAT(b, f->hi, size_t));
	default:
		if (f->hi != 0 && !*CAT(b, f->hi, int))
			return absent(f);
		return json_put_object(f->sub, b + f->off);
	}
}

void
json_put_fields(cJSON *o, const struct json_field *f, const void *b)
{
	cJSON *v;

	for (; f->key != NULL; f++) {
		if (f->type == JF_CUSTOM) {
			if (f->put != NULL)
				f->put(o, f, b);
			continue;
		}
		v = put_value(f, b);
		if (v != NULL)
			cJSON_AddItemToObject(o, f->key, v);
	}
}

cJSON *
json_put_object(const struct json_field *f, const void *b)
{
	cJSON *o = cJSON_CreateObject();

	json_put_fields(o, f, b);
	return o;
}

cJSON *
json_put_each(const struct json_field *f, const void *b, size_t size,
    size_t n)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, json_put_object(f, (const char *)b + i * size));
	return a;
}
