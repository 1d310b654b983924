/* SPDX-License-Identifier: MIT */
/*
 * Bounded reads and syntax errors with line and column.  cJSON stops at
 * depth 1000 (CJSON_NESTING_LIMIT): deep nesting is an error, not a crash.
 */
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/readfile.h"
#include "lib/utf8.h"

size_t
json_scan(const char *buf, size_t len, struct json_scan *sc)
{
	size_t depth = 0, i;
	int in_string = 0;

	*sc = (struct json_scan){ .end = 0, .values = 1, .nul = NULL };
	for (i = 0; i < len; i++) {
		if (in_string) {
			if (buf[i] == '\\' && sc->nul == NULL && len - i >= 6 &&
			    memcmp(buf + i + 1, "u0000", 5) == 0)
				sc->nul = buf + i;
			if (buf[i] == '\\')
				i++;
			else if (buf[i] == '"')
				in_string = 0;
		} else if (buf[i] == '"') {
			in_string = 1;
		} else if (buf[i] == '[' || buf[i] == '{') {
			depth++;
			sc->values++;
		} else if (buf[i] == ',') {
			sc->values++;
		} else if ((buf[i] == ']' || buf[i] == '}') && depth > 0 &&
		    --depth == 0 && sc->end == 0) {
			sc->end = i + 1;
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
 * cJSON keeps both of {"p50_ns": 1, "p50_ns": 2} and answers with the
 * first, which another reader may not: a key given twice is refused.
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
	for (i = 1; i < n && rc == 0; i++)
		if (strcmp(keys[i - 1], keys[i]) == 0)
			rc = errf(err, "%s: the key \"%.60s\" appears twice in one "
			    "object; expected each key once", name, keys[i]);
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

cJSON *
json_parse_buffer(const char *name, const char *buf, size_t len, char *err)
{
	size_t line = 1, col = 1, bom = utf8_bom(buf, len);
	struct json_scan sc;
	const char *end, *p;
	cJSON *root;

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
	/* cJSON loads "a\u0000b" as "a" */
	json_scan(buf, len, &sc);
	if (sc.nul != NULL) {
		position(buf, sc.nul, &line, &col);
		return errf(err, "%s: a \\u0000 escape at line %zu, column %zu; "
		    "expected strings without NUL characters", name, line, col),
		    NULL;
	}
	if (sc.values > JSON_MAX_VALUES)
		return errf(err, "%s: about %zu values; expected at most %lu (give "
		    "millions of samples as a samples_file)", name, sc.values,
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
	    json_scan(buf, (size_t)(end - buf), &sc) >= CJSON_NESTING_LIMIT)
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
	return cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

int
json_finite(const cJSON *item, double *out)
{
	if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble))
		return -1;
	*out = item->valuedouble;
	return 0;
}

/*
 * Writes s[0..n), "##[" (lib/logcmd.h) as "##\u005b": that '[' can only
 * stand in a string, which every JSON reader reads the same.
 */
static int
put_defused(FILE *fp, const char *s, size_t n)
{
	size_t i, from = 0;

	for (i = 0; i + 2 < n; i++) {
		if (s[i] != '#' || s[i + 1] != '#' || s[i + 2] != '[')
			continue;
		if (fwrite(s + from, 1, i + 2 - from, fp) != i + 2 - from ||
		    fputs("\\u005b", fp) == EOF)
			return -1;
		from = i + 3;
	}
	return fwrite(s + from, 1, n - from, fp) == n - from ? 0 : -1;
}

/*
 * Whether cJSON would print n in more digits than it needs.  %.15g where
 * that reads back within an epsilon, finer than anything measured (1.8055
 * ms as 1805499.9999999998 ns prints 1805500); else %.17g, a digit or two
 * past the shortest (4954351.3754843222 for 4954351.375484322).
 */
static int
misprinted(const cJSON *n)
{
	char buf[64];
	double d = n->valuedouble, back;

	if (!cJSON_IsNumber(n) || !isfinite(d) || (d == floor(d) && fabs(d) < 1e15))
		return 0;
	snprintf(buf, sizeof buf, "%.15g", d);
	back = strtod(buf, NULL);
	return fabs(back - d) > fmax(fabs(back), fabs(d)) * DBL_EPSILON;
}

static size_t
count_misprinted(const cJSON *item)
{
	const cJSON *c;
	size_t n = misprinted(item);

	for (c = item->child; c != NULL; c = c->next)
		n += count_misprinted(c);
	return n;
}

/* Each number under item cJSON would misprint, made raw shortest digits. */
static void
fix_misprinted(cJSON *item)
{
	cJSON *c;
	char buf[64];

	if (misprinted(item)) {
		item->valuestring = xstrdup(json_shortest(buf, sizeof buf,
		    item->valuedouble));
		item->type = cJSON_Raw;
	}
	for (c = item->child; c != NULL; c = c->next)
		fix_misprinted(c);
}

int
json_print(FILE *fp, const cJSON *root)
{
	cJSON *copy = NULL;
	char *text;
	size_t len, at = 0;
	int rc = 0;

	/* no number in more digits than it needs: a copy mended, if need be */
	if (count_misprinted(root) > 0) {
		if ((copy = cJSON_Duplicate(root, 1)) == NULL)
			return -1;
		fix_misprinted(copy);
	}
	text = cJSON_Print(copy != NULL ? copy : root);
	cJSON_Delete(copy);
	if (text == NULL)
		return -1;
	/* a string built here may not be UTF-8, as JSON must: a bad byte is U+FFFD */
	len = strlen(text);
	while (rc == 0 && at < len) {
		size_t ok = utf8_valid_prefix(text + at, len - at);

		if (put_defused(fp, text + at, ok) < 0 ||
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
	cJSON_AddItemToObject(o, key, s != NULL ? cJSON_CreateString(s) : cJSON_CreateNull());
}

/* snprintf and strtod follow LC_NUMERIC: its point is then written as '.'. */
const char *
json_shortest(char *buf, size_t len, double d)
{
	const char *dp = localeconv()->decimal_point;
	char *p;
	int lo = 1, hi = 17, mid;

	if (d == floor(d) && fabs(d) < 1e17) {
		snprintf(buf, len, "%.0f", d);
		return buf;
	}
	/*
	 * By bisection: if p digits read back, p + 1 do, and 17 always do.
	 * Four tries where a count from 1 takes up to 17.
	 */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		snprintf(buf, len, "%.*g", mid, d);
		if (strtod(buf, NULL) == d)
			hi = mid;
		else
			lo = mid + 1;
	}
	snprintf(buf, len, "%.*g", lo, d);
	if (dp != NULL && dp[0] != '\0' && dp[0] != '.' &&
	    (p = strchr(buf, dp[0])) != NULL)
		*p = '.';
	return buf;
}

cJSON *
json_number_item(double d)
{
	char buf[64];

	return isfinite(d) ? cJSON_CreateRaw(json_shortest(buf, sizeof buf, d)) :
	    cJSON_CreateNull();
}

cJSON *
json_double_array(const double *v, size_t n)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
	return a;
}

void
json_add_number(cJSON *o, const char *key, double d)
{
	cJSON_AddItemToObject(o, key, json_number_item(d));
}

void
json_add_double(cJSON *o, const char *key, double d)
{
	cJSON_AddItemToObject(o, key, isfinite(d) ? cJSON_CreateNumber(d) : cJSON_CreateNull());
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

void
json_at_init(struct json_at *at, const char *file, const char *path, char *err)
{
	*at = (struct json_at){ .file = file, .sep = ".", .missing = NULL, .err = err };
	snprintf(at->path, sizeof at->path, "%s", path);
}

void
json_at_key(struct json_at *child, const struct json_at *at, const char *key)
{
	*child = *at;
	child->sep = ".";
	snprintf(child->path, sizeof child->path, "%.200s%s%.40s", at->path,
	    at->path[0] != '\0' ? at->sep : "", key);
}

void
json_at_index(struct json_at *child, const struct json_at *at, size_t i)
{
	*child = *at;
	child->sep = ".";
	snprintf(child->path, sizeof child->path, "%.200s[%zu]", at->path, i);
}

void
json_at_name(struct json_at *at, const char *name)
{
	size_t n = strlen(at->path);

	snprintf(at->path + n, sizeof at->path - n, " \"%s\"", name);
	at->sep = ": ";
}

int
json_bad(const struct json_at *at, const cJSON *item, const char *expected)
{
	return errf(at->err, "%s: %s is %s; expected %s", at->file, at->path,
	    json_kind(item), expected);
}

int
json_get(const cJSON *o, const char *key, int flags, const char *expected,
    const struct json_at *at, const cJSON **v, struct json_at *child)
{
	struct json_at c;

	json_at_key(&c, at, key);
	if (child != NULL)
		*child = c;
	*v = json_member(o, key);
	if (*v == NULL && !(flags & JSON_OPTIONAL))
		return errf(at->err, "%s: %s is missing; expected %s", at->file,
		    c.path, at->missing ? at->missing : expected);
	return *v == NULL || ((flags & JSON_NULL) && cJSON_IsNull(*v));
}

/* json_get, refusing a value that is not of kind is, or an array over max. */
static int
get_kind(const cJSON *o, const char *key, int flags, size_t max,
    const char *expected, cJSON_bool (*is)(const cJSON *),
    const struct json_at *at, const cJSON **v, struct json_at *child)
{
	struct json_at c;
	int rc = json_get(o, key, flags, expected, at, v, &c);
	size_t n;

	if (child != NULL)
		*child = c;
	if (rc != 0)
		return rc;
	if (!is(*v))
		return json_bad(&c, *v, expected);
	if (max == 0 || (n = (size_t)cJSON_GetArraySize(*v)) <= max)
		return 0;
	return errf(at->err, "%s: %s is an array of %zu values; expected %s",
	    at->file, c.path, n, expected);
}

int
json_get_object(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, const cJSON **v,
    struct json_at *child)
{
	return get_kind(o, key, flags, 0, expected, cJSON_IsObject, at, v, child);
}

int
json_get_array(const cJSON *o, const char *key, int flags, size_t max,
    const char *expected, const struct json_at *at, const cJSON **v,
    struct json_at *child)
{
	return get_kind(o, key, flags, max, expected, cJSON_IsArray, at, v, child);
}

int
json_get_string(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, char **out)
{
	int blank = flags & JSON_NONBLANK;
	const char *want = expected ? expected : blank ? "a non-empty string" :
	    "a string";
	struct json_at c;
	const cJSON *v;
	int rc = get_kind(o, key, flags, 0, want, cJSON_IsString, at, &v, &c);

	if (rc != 0)
		return rc;
	if (blank && utf8_blank(v->valuestring))
		return errf(at->err, "%s: %s is %s; expected %s", at->file, c.path,
		    v->valuestring[0] == '\0' ? "empty" : "only white space", want);
	*out = xstrdup(v->valuestring);
	return 0;
}

int
json_get_bool(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_at *at, int *out)
{
	const cJSON *v;
	int rc = get_kind(o, key, flags, 0, expected ? expected : "true or false",
	    cJSON_IsBool, at, &v, NULL);

	if (rc == 0)
		*out = cJSON_IsTrue(v);
	return rc;
}

int
json_get_word(const cJSON *o, const char *key, int flags,
    const char *const *words, size_t n, const char *expected,
    const struct json_at *at, int *out)
{
	struct json_at c;
	const cJSON *v;
	char q[80];
	int rc = get_kind(o, key, flags, 0, expected, cJSON_IsString, at, &v, &c);
	size_t i;

	if (rc != 0)
		return rc;
	for (i = 0; i < n; i++)
		if (strcmp(v->valuestring, words[i]) == 0) {
			*out = (int)i;
			return 0;
		}
	return errf(at->err, "%s: %s is \"%s\"; expected %s", at->file, c.path,
	    err_quote(q, sizeof q, v->valuestring), expected);
}

static int
json_number(const cJSON *item, const struct json_span *s,
    const struct json_at *at, double *out)
{
	char what[48];
	const char *hint = "";
	double d;

	if (json_finite(item, &d) < 0)
		return json_bad(at, item, s->expected);
	if ((s->open_min ? d > s->min : d >= s->min) &&
	    (s->open_max ? d < s->max : d <= s->max) && (!s->whole || d == floor(d))) {
		*out = d;
		return 0;
	}
	if (s->over && d > s->max)
		hint = s->over;
	else if (s->under && d > 0 && d < s->min)
		hint = s->under;
	return errf(at->err, "%s: %s is %s%s; expected %s", at->file, at->path,
	    json_shortest(what, sizeof what, d), hint, s->expected);
}

int
json_get_number(const cJSON *o, const char *key, int flags,
    const struct json_span *s, const struct json_at *at, double *out)
{
	struct json_at c;
	const cJSON *v;
	int rc = json_get(o, key, flags, s->expected, at, &v, &c);

	*out = NAN;
	return rc != 0 ? rc : json_number(v, s, &c, out);
}

int
json_get_pair(const cJSON *o, const char *key, int flags,
    const char *expected, const struct json_span *s, int end_flags,
    const struct json_at *at, double *lo, double *hi)
{
	struct json_at c, e;
	const cJSON *v, *end;
	char a[48], b[48];
	double *x[2] = { lo, hi };
	int rc = json_get(o, key, flags, expected, at, &v, &c), i;

	*lo = *hi = NAN;
	if (rc != 0)
		return rc;
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2)
		return errf(at->err, "%s: %s is %s; expected %s", at->file, c.path,
		    cJSON_IsArray(v) ? "not two numbers" : json_kind(v), expected);
	for (i = 0; i < 2; i++) {
		end = cJSON_GetArrayItem(v, i);
		json_at_index(&e, &c, (size_t)i);
		if (!((end_flags & JSON_NULL) && cJSON_IsNull(end)) &&
		    json_number(end, s, &e, x[i]) < 0)
			return -1;
	}
	if (*lo > *hi && !(end_flags & JSON_ANY_ORDER))
		return errf(at->err, "%s: %s is [%s, %s]; expected the low end at "
		    "most the high", at->file, c.path, json_shortest(a, sizeof a, *lo),
		    json_shortest(b, sizeof b, *hi));
	return 0;
}

int
json_get_numbers(const cJSON *o, const char *key, int flags,
    const char *expected, size_t max, const char *empty,
    const struct json_span *s, const struct json_at *at, double **out,
    size_t *n)
{
	struct json_at c, e;
	const cJSON *v, *x;
	int rc = json_get_array(o, key, flags, max, expected, at, &v, &c);

	if (rc != 0)
		return rc;
	*n = (size_t)cJSON_GetArraySize(v);
	if (*n == 0 && empty != NULL)
		return errf(at->err, "%s: %s is empty; expected %s", at->file, c.path,
		    empty);
	*out = xmalloc((*n ? *n : 1) * sizeof **out);
	*n = 0;
	cJSON_ArrayForEach(x, v) {
		json_at_index(&e, &c, *n);
		if (json_number(x, s, &e, &(*out)[*n]) < 0)
			return -1;
		(*n)++;
	}
	return 0;
}
