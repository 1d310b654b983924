/* SPDX-License-Identifier: MIT */
/*
 * A JSON object and a C struct described by one table of fields: read
 * with lib/json.h's checks and messages, written back in the table's
 * order, so a format's reader and its writer cannot drift apart.
 */
#ifndef SYNCGATE_JSON_FIELDS_H
#define SYNCGATE_JSON_FIELDS_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "lib/json.h"

/*
 * A flag beside lib/json.h's: written only where there (a number not NaN,
 * a whole number not below 0, a word not its first, true, a string, an
 * object its hi set), so read as JSON_OPTIONAL.
 */
#define JSON_OMIT 16
/* A copy of a number read before it (for readers): held to its span, not read. */
#define JSON_COPY 32
/*
 * A number written as json_add_double writes it: a cJSON number in its
 * own digits, which a tree read back unprinted reads as a number.
 */
#define JSON_DOUBLE 64
/* Written, never read: a figure the reader derives again. */
#define JSON_DERIVED 128

/* The words of an enum, in its order, and what a reader expects of them. */
struct json_words {
	const char *const *w;
	size_t n;
	const char *expected;
};

enum json_field_type {
	JF_STR,                 /* char *, null as NULL */
	JF_NUM,                 /* double, null as NaN */
	JF_PAIR,                /* [low, high] at off and hi: an open end null, 0 or infinity */
	JF_LLONG, JF_SIZE, JF_INT,      /* a whole number; a long long's null is -1 */
	JF_BOOL,                /* int */
	JF_TRI,                 /* int: 1, 0, or -1 for null (read also for absent) */
	JF_WORD,                /* an enum: the index of its word */
	JF_FLAG,                /* int: 1 where words' one word is there */
	JF_STRINGS,             /* char **, their count (a size_t) at hi */
	JF_OBJ,                 /* an object of fields sub, of the struct at off */
	JF_CUSTOM               /* get and put do it */
};

struct json_field;
typedef int json_field_get(const cJSON *o, const struct json_field *f,
    char *b, const struct json_at *at);
typedef void json_field_put(cJSON *o, const struct json_field *f,
    const char *b);

/* One member of a JSON object, and the member of a struct it is read into. */
struct json_field {
	const char *key;
	enum json_field_type type;
	int flags;              /* JSON_OPTIONAL, JSON_NULL, JSON_OMIT */
	size_t off, hi;         /* JF_OBJ: hi an int set where the object is there */
	const struct json_span *span;
	const struct json_words *words;
	const struct json_field *sub;
	const char *what;       /* JF_BOOL, JF_TRI, JF_STR, JF_STRINGS, JF_OBJ:
				 * what is expected; NULL: the default */
	json_field_get *get;    /* JF_CUSTOM; NULL: written, never read */
	json_field_put *put;    /* JF_CUSTOM; NULL: read, never written */
};

/* In a table of a struct T, defined before it: a field, a JF_CUSTOM one, the end. */
#define JF(k, ty, fl, m) .key = k, .type = ty, .flags = fl, .off = offsetof(T, m)
#define JF_HOOK(k, g, p) { .key = k, .type = JF_CUSTOM, .get = g, .put = p }
#define JF_END { .key = NULL }

/* The fields f (to one with key NULL) of o into the struct at b: 0, or -1 with at's err. */
int json_get_fields(const cJSON *o, const struct json_field *f, void *b,
    const struct json_at *at);
/* Each element of the array a, an object of fields f, into list (size bytes each). */
int json_get_each(const cJSON *a, const struct json_field *f, void *list,
    size_t size, size_t *n, const struct json_at *at);
/* The array of strings key into *out (n of them, NULL after). */
int json_get_strings(const cJSON *o, const char *key, char ***out, size_t *n,
    const struct json_at *at);

/* The fields f of the struct at b added to o, in f's order. */
void json_put_fields(cJSON *o, const struct json_field *f, const void *b);
/* As json_put_fields, into a new object. */
cJSON *json_put_object(const struct json_field *f, const void *b);
/* The n structs at b (size bytes each), as json_put_object's, into an array. */
cJSON *json_put_each(const struct json_field *f, const void *b, size_t size,
    size_t n);
/* [lo, hi], an open end (0 below, infinity above) null; null for neither. */
cJSON *json_pair_item(double lo, double hi);
/* The n strings s as an array. */
cJSON *json_put_strings(char *const *s, size_t n);

#endif
