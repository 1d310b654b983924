/* SPDX-License-Identifier: MIT */
/* Reading JSON files and fields, with messages that name what was expected. */
#ifndef SYNCGATE_JSON_H
#define SYNCGATE_JSON_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

/* Largest JSON file syncgate reads, so a hostile file cannot exhaust memory. */
#define JSON_MAX_BYTES (256UL * 1024 * 1024)
/*
 * Most values in one text: each costs cJSON about 64 bytes, so 200 MB of
 * "0," would take 8 GB.  Ten million samples fit (about 1 GB).
 */
#define JSON_MAX_VALUES 12000000UL

/*
 * Reads path (at most limit bytes) and parses it; a syntax error names
 * line and column.  The caller frees the tree (cJSON_Delete); NULL, err.
 */
cJSON *json_load_file(const char *path, size_t limit, char *err);
/* As json_load_file, from memory; name labels messages. */
cJSON *json_parse_buffer(const char *name, const char *buf, size_t len, char *err);

/* What one walk over JSON text finds, strings passed over. */
struct json_scan {
	size_t end;             /* past where the first value closes, or 0 */
	size_t values;          /* at most this many: commas, '[' and '{', plus one */
	const char *nul;        /* the first \u0000 escape in a string, or NULL */
};

/* Walks buf[0..len) into sc; returns the depth after it. */
size_t json_scan(const char *buf, size_t len, struct json_scan *sc);
/* The member key of object obj (exact case), or NULL. */
const cJSON *json_member(const cJSON *obj, const char *key);
/* A finite number, or -1; also false for booleans and strings. */
int json_finite(const cJSON *item, double *out);

/*
 * Prints root, indented, and a newline: numbers in cJSON's 15 digits where
 * they read back within an epsilon, else json_shortest's (never cJSON's
 * 17); a non-UTF-8 byte as U+FFFD; no "##[" (lib/logcmd.h).  0 or -1.
 */
int json_print(FILE *fp, const cJSON *root);
/* As json_print, then deletes root (also when printing fails). */
int json_print_and_delete(FILE *fp, cJSON *root);
/* Adds member key to object o: the string s, or null when s is NULL. */
void json_add_string_or_null(cJSON *o, const char *key, const char *s);

/*
 * d into buf (32 bytes do): whole numbers whole, others in the fewest
 * digits that read back exactly (0.1, not 0.10000000000000001), with '.'
 * whatever LC_NUMERIC says.  The one way a number reaches JSON or a message.
 */
const char *json_shortest(char *buf, size_t len, double d);
/* d in json_shortest's digits, or null when not finite; the caller owns it. */
cJSON *json_number_item(double d);
/* v's n numbers in cJSON's own digits, as samples always had them. */
cJSON *json_double_array(const double *v, size_t n);
/* Adds member key to object o: json_number_item(d). */
void json_add_number(cJSON *o, const char *key, double d);
/* Adds member key: d in cJSON's own digits, or null (NaN: not measured). */
void json_add_double(cJSON *o, const char *key, double d);
/* Describes what item is ("a string", "null", "the number 0"...). */
const char *json_kind(const cJSON *item);

/*
 * Reading one field, else one line "FILE: PATH is WHAT IT IS; expected
 * WHAT": "missing", its kind, a number's own digits, "empty", a word
 * quoted.  Each field has one expected text, whatever is wrong with it.
 */
#define JSON_PATHLEN 256

struct json_at {
	const char *file;       /* the file as messages name it */
	char path[JSON_PATHLEN];    /* "reads.classes[0].ours"; "" at the top */
	const char *sep;        /* before a member's key: "." or, after a named element, ": " */
	const char *missing;    /* what a missing member is expected as; NULL: its own text */
	char *err;              /* ERRLEN bytes, for the message */
};

/* at the top of file, or at path in it ("probe"). */
void json_at_init(struct json_at *at, const char *file, const char *path,
    char *err);
/* child is at's member key: "reads" + "verdict" is "reads.verdict". */
void json_at_key(struct json_at *child, const struct json_at *at,
    const char *key);
/* child is at's element i: "classes[3]". */
void json_at_index(struct json_at *child, const struct json_at *at, size_t i);
/* Names at's element: classes[2] "write"; its members follow after ": ". */
void json_at_name(struct json_at *at, const char *name);
/* Returns -1 with err "FILE: PATH is WHAT IT IS; expected expected". */
int json_bad(const struct json_at *at, const cJSON *item, const char *expected);

enum {
	JSON_OPTIONAL = 1,      /* absent: return 1, nothing read */
	JSON_NULL = 2,          /* null: return 1, nothing read */
	JSON_NONBLANK = 4,      /* a string that shows something */
	JSON_ANY_ORDER = 8      /* a pair's ends in either order */
};

/*
 * Member key of o, any kind, in *v, its place in child (if not NULL).
 * Returns 0; 1 when absent or null as flags allow; -1 with err.
 */
int json_get(const cJSON *o, const char *key, int flags, const char *expected,
    const struct json_at *at, const cJSON **v, struct json_at *child);
/* As json_get, of one kind. */
int json_get_object(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, const cJSON **v,
    struct json_at *child);
/* An array of at most max elements (0: any number of them). */
int json_get_array(const cJSON *o, const char *key, int flags, size_t max,
    const char *expected, const struct json_at *at, const cJSON **v,
    struct json_at *child);
/* A string, copied into *out (the caller frees); expected NULL: "a string". */
int json_get_string(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, char **out);
int json_get_bool(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, int *out);
/* One of the n words; *out is its index. */
int json_get_word(const cJSON *o, const char *key, int flags,
    const char *const *words, size_t n, const char *expected,
    const struct json_at *at, int *out);

struct json_span {
	double min, max;
	int open_min, open_max; /* min or max itself is out */
	int whole;              /* whole numbers only */
	const char *expected;
	const char *under, *over;   /* after a positive figure under min, one over max: ", over a day" */
};

/* A member of o as a number of s; absent or null as flags allow is NaN and 1. */
int json_get_number(const cJSON *o, const char *key, int flags,
    const struct json_span *s, const struct json_at *at, double *out);
/* [low, high] of s (null as NaN with JSON_NULL in end_flags), low <= high. */
int json_get_pair(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_span *s, int end_flags,
    const struct json_at *at, double *lo, double *hi);

/*
 * At most max numbers of s into *out (the caller frees, even when empty)
 * and *n; empty: what an empty array is refused as, or NULL to allow it.
 */
int json_get_numbers(const cJSON *o, const char *key, int flags,
    const char *expected, size_t max, const char *empty,
    const struct json_span *s, const struct json_at *at, double **out,
    size_t *n);

#endif
