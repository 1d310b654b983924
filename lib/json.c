/* SPDX-License-Identifier: MIT */
/*
 * JSON files in: bounded reads and syntax errors with line and column.
 * cJSON stops at nesting depth CJSON_NESTING_LIMIT (1000), so a deeply
 * nested file is a syntax error here, not a stack overflow.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/readfile.h"
#include "lib/utf8.h"

/* Arrays and objects open at end, strings skipped. */
static size_t
depth_at(const char *buf, const char *end)
{
	size_t depth = 0;
	int in_string = 0;
	const char *p;

	for (p = buf; p < end; p++) {
		if (in_string) {
			if (*p == '\\' && p + 1 < end)
				p++;
			else if (*p == '"')
				in_string = 0;
		} else if (*p == '"') {
			in_string = 1;
		} else if (*p == '[' || *p == '{') {
			depth++;
		} else if ((*p == ']' || *p == '}') && depth > 0) {
			depth--;
		}
	}
	return depth;
}

static int
by_string(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * cJSON keeps both members of {"p50_ns": 1, "p50_ns": 2} and answers a
 * look-up with the first, so a file could say one thing to syncgate and
 * another to a reader or another tool.  A key given twice is refused.
 * The depth is bounded by cJSON's nesting limit.
 */
static int
check_keys(const cJSON *item, const char *name, char *err)
{
	const cJSON *c;
	const char **keys;
	size_t n = 0, i;
	int rc = 0;

	for (c = item->child; c != NULL; c = c->next) {
		if ((cJSON_IsObject(c) || cJSON_IsArray(c)) &&
		    check_keys(c, name, err) < 0)
			return -1;
		n++;
	}
	if (!cJSON_IsObject(item) || n < 2)
		return 0;
	keys = xmalloc(n * sizeof *keys);
	for (i = 0, c = item->child; c != NULL; c = c->next)
		keys[i++] = c->string != NULL ? c->string : "";
	qsort(keys, n, sizeof *keys, by_string);
	for (i = 1; i < n; i++) {
		if (strcmp(keys[i - 1], keys[i]) == 0) {
			rc = errf(err, "%s: the key \"%.60s\" appears twice in one "
			    "object; expected each key once", name, keys[i]);
			break;
		}
	}
	free(keys);
	return rc;
}

/* The line and column (in characters, from 1) of end within buf. */
static void
position(const char *buf, const char *end, size_t *line, size_t *col)
{
	const char *p;

	*line = *col = 1;
	for (p = buf; p < end; p++) {
		if (*p == '\n') {
			++*line;
			*col = 1;
		} else if (((unsigned char)*p & 0xC0) != 0x80) {
			++*col;
		}
	}
}

/*
 * One pass over the text outside cJSON: the first \u0000 escape inside a
 * string (cJSON would end the string there, so "a\u0000b" would silently
 * load as "a"), or NULL; and in *values an upper bound on the number of
 * values (commas and opening brackets outside strings, plus one), each of
 * which costs cJSON about 64 bytes whatever its size in the text.
 */
static const char *
scan(const char *buf, size_t len, size_t *values)
{
	const char *p = buf, *end = buf + len;
	int in_string = 0;

	*values = 1;
	for (; p < end; p++) {
		if (*p == '"') {
			in_string = !in_string;
		} else if (in_string) {
			if (*p == '\\' && p + 1 < end) {
				if (p[1] == 'u' && end - p >= 6 &&
				    memcmp(p + 2, "0000", 4) == 0)
					return p;
				p++;
			}
		} else if (*p == ',' || *p == '[' || *p == '{') {
			++*values;
		}
	}
	return NULL;
}

cJSON *
json_parse_buffer(const char *name, const char *buf, size_t len, char *err)
{
	const char *end = NULL;
	cJSON *root;
	size_t line = 1, col = 1, values;
	const char *p;
	size_t bom = utf8_bom(buf, len);

	/* cJSON skips a byte order mark too, but columns count from after it */
	buf += bom;
	len -= bom;
	end = buf + utf8_valid_prefix(buf, len);
	if (end < buf + len) {
		position(buf, end, &line, &col);
		return errf(err, "%s: not UTF-8: byte 0x%02x at line %zu, column "
		    "%zu; expected JSON, which is UTF-8 text", name,
		    (unsigned)(unsigned char)*end, line, col), NULL;
	}
	if ((end = scan(buf, len, &values)) != NULL) {
		position(buf, end, &line, &col);
		return errf(err, "%s: a \\u0000 escape at line %zu, column %zu; "
		    "expected strings without NUL characters", name, line, col),
		    NULL;
	}
	if (values > JSON_MAX_VALUES)
		return errf(err, "%s: about %zu values; expected at most %lu (give "
		    "millions of samples as a samples_file)", name, values,
		    JSON_MAX_VALUES), NULL;
	root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	if (root != NULL) {
		/* cJSON accepts trailing text after the value; we do not */
		for (p = end; p != NULL && p < buf + len; p++)
			if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
				break;
		if (p == NULL || p >= buf + len) {
			if (check_keys(root, name, err) == 0)
				return root;
			cJSON_Delete(root);
			return NULL;
		}
		end = p;
		cJSON_Delete(root);
	}
	if (len == 0)
		return errf(err, "%s: empty file; expected JSON", name), NULL;
	if (end == NULL || end < buf || end > buf + len)
		end = buf + len;
	position(buf, end, &line, &col);
	if (end < buf + len && (*end == '[' || *end == '{') &&
	    depth_at(buf, end) >= CJSON_NESTING_LIMIT)
		errf(err, "%s: arrays and objects nested more than %d deep at line "
		    "%zu, column %zu; expected at most %d", name, CJSON_NESTING_LIMIT,
		    line, col, CJSON_NESTING_LIMIT);
	else if (end >= buf + len)
		errf(err, "%s: not JSON: unexpected end of file at line %zu, column %zu",
		    name, line, col);
	else
		errf(err, "%s: not JSON: syntax error at line %zu, column %zu", name,
		    line, col);
	return NULL;
}

cJSON *
json_load_file(const char *path, size_t limit, char *err)
{
	cJSON *root;
	char *buf;
	size_t len;

	if (read_bounded(path, limit, "a JSON file", "JSON input", &buf, &len,
	    err) < 0)
		return NULL;
	root = json_parse_buffer(path, buf, len, err);
	free(buf);
	return root;
}

const cJSON *
json_member(const cJSON *obj, const char *key)
{
	if (!cJSON_IsObject(obj))
		return NULL;
	return cJSON_GetObjectItemCaseSensitive(obj, key);
}

int
json_finite(const cJSON *item, double *out)
{
	if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble))
		return -1;
	*out = item->valuedouble;
	return 0;
}

int
json_print(FILE *fp, const cJSON *root)
{
	char *text = cJSON_Print(root);
	size_t len, at = 0;
	int rc = 0;

	if (text == NULL)
		return -1;
	/*
	 * Loaded text is UTF-8 (json_parse_buffer refuses the rest), but a
	 * string built here may not be; JSON must be, so a byte that starts
	 * no character is written as U+FFFD.  Only strings hold such bytes.
	 */
	len = strlen(text);
	while (rc == 0 && at < len) {
		size_t ok = utf8_valid_prefix(text + at, len - at);

		if (fwrite(text + at, 1, ok, fp) != ok ||
		    (at + ok < len && fputs("\xef\xbf\xbd", fp) == EOF))
			rc = -1;
		at += ok + (at + ok < len);
	}
	if (rc == 0 && fputc('\n', fp) == EOF)
		rc = -1;
	free(text);
	return rc;
}

int
json_print_and_delete(FILE *fp, cJSON *root)
{
	int rc = json_print(fp, root);

	cJSON_Delete(root);
	return rc;
}

void
json_add_string_or_null(cJSON *o, const char *key, const char *s)
{
	if (s != NULL)
		cJSON_AddStringToObject(o, key, s);
	else
		cJSON_AddNullToObject(o, key);
}

const char *
json_shortest(char *buf, size_t len, double d)
{
	int prec;

	if (d == floor(d) && fabs(d) < 1e17) {
		snprintf(buf, len, "%.0f", d);
		return buf;
	}
	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, len, "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			return buf;
	}
	snprintf(buf, len, "%.17g", d);
	return buf;
}

const char *
json_kind(const cJSON *item)
{
	if (item == NULL)
		return "missing";
	if (cJSON_IsNull(item))
		return "null";
	if (cJSON_IsBool(item))
		return "a boolean";
	if (cJSON_IsNumber(item))
		return isfinite(item->valuedouble) ? "a number" : "a number out of range";
	if (cJSON_IsString(item))
		return "a string";
	if (cJSON_IsArray(item))
		return "an array";
	if (cJSON_IsObject(item))
		return "an object";
	return "not a JSON value";
}
