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

/* The member key of object obj (exact case), or NULL. */
const cJSON *json_member(const cJSON *obj, const char *key);

/* A finite number, or -1; also false for booleans and strings. */
int json_finite(const cJSON *item, double *out);

/*
 * Prints root, indented, and a newline to fp; a byte of a string that is
 * not UTF-8 is written as U+FFFD, so the output is always JSON.  Returns
 * 0, or -1 when it cannot be formatted or written.
 */
int json_print(FILE *fp, const cJSON *root);

/* As json_print, then deletes root (also when printing fails). */
int json_print_and_delete(FILE *fp, cJSON *root);

/* Adds member key to object o: the string s, or null when s is NULL. */
void json_add_string_or_null(cJSON *o, const char *key, const char *s);

/*
 * d as a reader wrote it, into buf: whole numbers whole (7900000), others
 * in the fewest digits that read back to d (1e+300, not
 * 1.0000000000000001e+300).  Returns buf.
 */
const char *json_shortest(char *buf, size_t len, double d);

/* Describes what item is ("a string", "null", "the number 0"...). */
const char *json_kind(const cJSON *item);

#endif
