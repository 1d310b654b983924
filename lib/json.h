/* SPDX-License-Identifier: MIT */
/*
 * Reading JSON files and their fields with messages that name the file,
 * the field and what was expected.
 */
#ifndef SYNCGATE_JSON_H
#define SYNCGATE_JSON_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

/* Largest JSON file syncgate reads, so a hostile file cannot exhaust memory. */
#define JSON_MAX_BYTES (256UL * 1024 * 1024)
/*
 * Most values in one JSON text: each costs cJSON about 64 bytes, so a file
 * of 200 MB of "0," would otherwise take 8 GB.  Ten million inline samples
 * fit (about 1 GB); more belong in a samples_file.
 */
#define JSON_MAX_VALUES 12000000UL

/*
 * Reads path whole (refusing it beyond limit bytes, before reading it all)
 * and parses it.  A syntax error names the line and column.  Returns a
 * tree the caller frees with cJSON_Delete, or NULL with err set.
 */
cJSON *json_load_file(const char *path, size_t limit, char *err);

/* As json_load_file, from memory; name labels messages. */
cJSON *json_parse_buffer(const char *name, const char *buf, size_t len, char *err);

/*
 * The depth of arrays and objects still open after buf's len bytes,
 * strings skipped; and in *end (when not NULL) the offset just past
 * where the first of them closes, or 0 when none does.
 */
size_t json_depth(const char *buf, size_t len, size_t *end);

/* The member key of object obj (exact case), or NULL. */
const cJSON *json_member(const cJSON *obj, const char *key);

/* A finite number, or -1; also false for booleans and strings. */
int json_finite(const cJSON *item, double *out);

/*
 * Prints root, indented, and a newline to fp: a number as cJSON prints
 * it to 15 digits where they read back within an epsilon, else in the
 * fewest digits that read back to it exactly (json_shortest, never
 * cJSON's 17), a byte of a string that is not UTF-8 as U+FFFD, so the
 * output is always JSON, and no "##[" a CI runner would take for a
 * command.  Returns 0, or -1 when it cannot be formatted or written.
 */
int json_print(FILE *fp, const cJSON *root);

/* As json_print, then deletes root (also when printing fails). */
int json_print_and_delete(FILE *fp, cJSON *root);

/* Adds member key to object o: the string s, or null when s is NULL. */
void json_add_string_or_null(cJSON *o, const char *key, const char *s);

/*
 * d as a reader wrote it, into buf (32 bytes are enough): whole numbers
 * whole (7900000), others in the fewest digits that read back to d
 * exactly (1e+300, not 1.0000000000000001e+300; 0.1, not
 * 0.10000000000000001), with a '.' whatever LC_NUMERIC says.  The one
 * way syncgate prints a number into JSON or quotes one in a message.
 * Returns buf.
 */
const char *json_shortest(char *buf, size_t len, double d);

/*
 * d as a JSON number of json_shortest's digits (cJSON's own printer
 * settles for 15 digits within an epsilon, or 17), null when d is not
 * finite.  The caller owns the item.
 */
cJSON *json_number_item(double d);

/*
 * The n numbers of v as an array printed by cJSON's own printer (so
 * samples keep the digits they always had); empty when n is 0.
 */
cJSON *json_double_array(const double *v, size_t n);

/* Adds member key to object o: json_number_item(d). */
void json_add_number(cJSON *o, const char *key, double d);

/*
 * Adds member key to object o: d in cJSON's own digits, or null when it
 * is not finite (NaN: not measured).
 */
void json_add_double(cJSON *o, const char *key, double d);

/* Describes what item is ("a string", "null", "the number 0"...). */
const char *json_kind(const cJSON *item);

/*
 * Reading one field: the member at a path, of a kind, else one line
 * "FILE: PATH is WHAT IT IS; expected WHAT" that names the file and the
 * path.  What it is: "missing", its kind ("a string", "null"), a number
 * in range's own digits (json_shortest), "empty" or "only white space"
 * for a string that shows nothing, a word that is not one of the words
 * quoted (err_quote).  Each field has one expected text, whatever is
 * wrong with it.
 */
#define JSON_PATHLEN 256

/* Where a value sits, for messages. */
struct json_at {
	const char *file;       /* the file as messages name it */
	char path[JSON_PATHLEN];    /* "reads.classes[0].ours"; "" at the top */
	const char *sep;        /* before a member's key: "." or, after a named element, ": " */
	const char *missing;    /* what a missing member is expected as; NULL: its own text */
	char *err;              /* ERRLEN bytes, for the message */
};

/* at the top of file, or at path in it ("probe" for a record inside another). */
void json_at_init(struct json_at *at, const char *file, const char *path,
    char *err);
/* child is at's member key: "reads" + "verdict" is "reads.verdict". */
void json_at_key(struct json_at *child, const struct json_at *at,
    const char *key);
/* child is at's element i: "classes[3]". */
void json_at_index(struct json_at *child, const struct json_at *at, size_t i);
/*
 * Names the element at stands at, for its members' messages: classes[2]
 * becomes classes[2] "write" (name already made fit for a message), and
 * a member follows it after ": ".
 */
void json_at_name(struct json_at *at, const char *name);

/* Returns -1 with err "FILE: PATH is WHAT IT IS; expected expected". */
int json_bad(const struct json_at *at, const cJSON *item, const char *expected);

/*
 * How a member may be absent.  Without JSON_OPTIONAL a missing member is
 * an error; without JSON_NULL, null is a value of the wrong kind.
 */
enum {
	JSON_OPTIONAL = 1,      /* absent: return 1, nothing read */
	JSON_NULL = 2,          /* null: return 1, nothing read */
	JSON_NONBLANK = 4,      /* a string that shows something */
	JSON_ANY_ORDER = 8      /* a pair's ends in either order */
};

/*
 * The member key of object o, any kind, in *v, and its place in child
 * (when not NULL).  Returns 0; 1 when absent or null as flags allow;
 * -1 with err "PATH is missing; expected ..." (expected, or at->missing).
 */
int json_get(const cJSON *o, const char *key, int flags, const char *expected,
    const struct json_at *at, const cJSON **v, struct json_at *child);

/* As json_get, of kind object. */
int json_get_object(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, const cJSON **v,
    struct json_at *child);
/* An array of at most max elements (0: any number of them). */
int json_get_array(const cJSON *o, const char *key, int flags, size_t max,
    const char *expected, const struct json_at *at, const cJSON **v,
    struct json_at *child);

/*
 * A string, copied into *out (which the caller frees); with
 * JSON_NONBLANK, one that shows something (lib/utf8.h).  expected NULL:
 * "a string", or "a non-empty string".
 */
int json_get_string(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, char **out);

/* true or false, as 1 or 0. */
int json_get_bool(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, int *out);

/* One of the n words; *out is its index. */
int json_get_word(const cJSON *o, const char *key, int flags,
    const char *const *words, size_t n, const char *expected,
    const struct json_at *at, int *out);

/* The numbers a field may hold, and the words for them. */
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

/*
 * [low, high], each a number of s (or null, with JSON_NULL in
 * end_flags, as NaN), low at most high unless end_flags has
 * JSON_ANY_ORDER.  expected words the pair.
 */
int json_get_pair(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_span *s, int end_flags,
    const struct json_at *at, double *lo, double *hi);

/*
 * An array of at most max numbers of s, into *out (which the caller
 * frees; allocated also when empty) and *n; an empty one is refused as
 * "empty; expected empty" unless empty is NULL.
 */
int json_get_numbers(const cJSON *o, const char *key, int flags,
    const char *expected, size_t max, const char *empty,
    const struct json_span *s, const struct json_at *at, double **out,
    size_t *n);

#endif
