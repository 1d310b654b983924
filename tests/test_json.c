/* SPDX-License-Identifier: MIT */
/*
 * The JSON field reader every loader uses: where a value is (the path),
 * what is wrong with it and what was expected, in one grammar, and a
 * figure's digits as the file has them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/json_fields.h"
#include "model/result_limits.h"
#include "tests/testutil.h"

/* A tree from text; the test fails on a syntax error. */
static cJSON *
tree(const char *text)
{
	cJSON *j = cJSON_Parse(text);

	assert_non_null(j);
	return j;
}

static void
test_json_at_paths(void **state)
{
	struct json_at top, reads, classes, one, key;
	char err[ERRLEN];
	cJSON *j = tree("{\"p50_ns\": \"x\"}");
	double d;

	(void)state;
	json_at_init(&top, "v.json", "", err);
	json_at_key(&reads, &top, "reads");
	assert_string_equal(reads.path, "reads");
	json_at_key(&classes, &reads, "classes");
	json_at_index(&one, &classes, 2);
	assert_string_equal(one.path, "reads.classes[2]");
	json_at_key(&key, &one, "ours");
	assert_string_equal(key.path, "reads.classes[2].ours");
	/* a named element: its members follow ": ", as a result's classes do */
	json_at_name(&one, "write");
	assert_int_equal(json_get_number(j, "p50_ns", 0, &json_span_latency, &one,
	    &d), -1);
	assert_string_equal(err, "v.json: reads.classes[2] \"write\": p50_ns is a "
	    "string; expected a positive number of nanoseconds, from 1 to a day");
	assert_true(isnan(d));
	cJSON_Delete(j);
}

static void
test_json_get_absent_and_null(void **state)
{
	struct json_at at;
	char err[ERRLEN], *s = NULL;
	cJSON *j = tree("{\"n\": null}");
	const cJSON *v;

	(void)state;
	json_at_init(&at, "p.json", "probe", err);
	assert_int_equal(json_get(j, "x", 0, "a string", &at, &v, NULL), -1);
	assert_string_equal(err, "p.json: probe.x is missing; expected a string");
	assert_int_equal(json_get(j, "x", JSON_OPTIONAL, "a string", &at, &v, NULL), 1);
	assert_int_equal(json_get_string(j, "n", JSON_NULL, NULL, &at, &s), 1);
	assert_null(s);
	assert_int_equal(json_get_string(j, "n", 0, NULL, &at, &s), -1);
	assert_string_equal(err, "p.json: probe.n is null; expected a string");
	/* a format that holds every key says so of a missing one */
	at.missing = "it in every syncgate-verdict/1";
	assert_int_equal(json_get_string(j, "x", JSON_NULL, NULL, &at, &s), -1);
	assert_string_equal(err, "p.json: probe.x is missing; expected it in every "
	    "syncgate-verdict/1");
	cJSON_Delete(j);
}

/* A figure out of range is shown with the digits the file gave it. */
static void
test_json_number_spans(void **state)
{
	static const struct json_span whole = { 1, 4096, 0, 0, 1,
		"a whole number from 1 to 4096", NULL, NULL };
	static const struct json_span ratio = { 0, 1, 1, 1, 0,
		"a level over 0 and under 1", NULL, NULL };
	static const struct {
		const char *json;
		const struct json_span *s;
		const char *msg;        /* NULL: read */
	} cases[] = {
		{ "{\"k\": 53960}", &json_span_latency, NULL },
		{ "{\"k\": 1}", &json_span_latency, NULL },
		{ "{\"k\": 86400000000000}", &json_span_latency, NULL },
		{ "{\"k\": 0}", &json_span_latency, "k is 0; expected a positive "
		  "number of nanoseconds, from 1 to a day" },
		{ "{\"k\": -3}", &json_span_latency, "k is -3; expected a positive "
		  "number of nanoseconds, from 1 to a day" },
		/* not "1, under 1ns", as ten significant digits printed it */
		{ "{\"k\": 0.9999999999999}", &json_span_latency, "k is "
		  "0.9999999999999, under 1ns; expected a positive number of "
		  "nanoseconds, from 1 to a day" },
		{ "{\"k\": 86400000000000.5}", &json_span_latency, "k is "
		  "86400000000000.5, over a day; expected a positive number of "
		  "nanoseconds, from 1 to a day" },
		{ "{\"k\": 1e300}", &json_span_latency, "k is 1e+300, over a day; "
		  "expected a positive number of nanoseconds, from 1 to a day" },
		{ "{\"k\": 1e999}", &json_span_latency, "k is a number out of range; "
		  "expected a positive number of nanoseconds, from 1 to a day" },
		{ "{\"k\": true}", &whole, "k is a boolean; expected a whole number "
		  "from 1 to 4096" },
		{ "{\"k\": 4096}", &whole, NULL },
		{ "{\"k\": 4097}", &whole, "k is 4097; expected a whole number from 1 "
		  "to 4096" },
		{ "{\"k\": 2.5}", &whole, "k is 2.5; expected a whole number from 1 to "
		  "4096" },
		{ "{\"k\": 0}", &ratio, "k is 0; expected a level over 0 and under 1" },
		{ "{\"k\": 1}", &ratio, "k is 1; expected a level over 0 and under 1" },
		{ "{\"k\": 0.1}", &ratio, NULL },
	};
	struct json_at at;
	char err[ERRLEN], want[ERRLEN];
	size_t i;
	double d;

	(void)state;
	json_at_init(&at, "f.json", "", err);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cJSON *j = tree(cases[i].json);

		err[0] = '\0';
		if (cases[i].msg == NULL) {
			assert_int_equal(json_get_number(j, "k", 0, cases[i].s, &at, &d), 0);
			assert_near(d, cJSON_GetObjectItem(j, "k")->valuedouble, 0);
		} else {
			snprintf(want, sizeof want, "f.json: %s", cases[i].msg);
			assert_int_equal(json_get_number(j, "k", 0, cases[i].s, &at, &d), -1);
			assert_string_equal(err, want);
		}
		cJSON_Delete(j);
	}
}

static void
test_json_string_blank_and_words(void **state)
{
	static const char *const words[] = { "read", "write" };
	struct json_at at;
	char err[ERRLEN], *s = NULL;
	cJSON *j = tree("{\"e\": \"\", \"w\": \" \\u2003\", \"k\": \"s\\\"can\", \"l\": "
	    "\"0123456789012345678901234567890123456789012345678901234567890123456789\", "
	    "\"n\": 3}");
	int k;

	(void)state;
	json_at_init(&at, "r.json", "", err);
	assert_int_equal(json_get_string(j, "e", JSON_NONBLANK, NULL, &at, &s), -1);
	assert_string_equal(err, "r.json: e is empty; expected a non-empty string");
	assert_int_equal(json_get_string(j, "w", JSON_NONBLANK, NULL, &at, &s), -1);
	assert_string_equal(err, "r.json: w is only white space; expected a "
	    "non-empty string");
	assert_int_equal(json_get_string(j, "w", 0, NULL, &at, &s), 0);
	assert_string_equal(s, " \xe2\x80\x83");
	free(s);
	assert_int_equal(json_get_word(j, "k", 0, words, 2, "\"read\" or \"write\"",
	    &at, &k), -1);
	/* quoted as every message quotes: a quote mark inside reads as '?' */
	assert_string_equal(err, "r.json: k is \"s?can\"; expected \"read\" or "
	    "\"write\"");
	assert_int_equal(json_get_word(j, "l", 0, words, 2, "\"read\" or \"write\"",
	    &at, &k), -1);
	assert_string_equal(err, "r.json: l is \"012345678901234567890123456789012345"
	    "678901234567890123456789...\"; expected \"read\" or \"write\"");
	assert_int_equal(json_get_word(j, "n", 0, words, 2, "\"read\" or \"write\"",
	    &at, &k), -1);
	assert_string_equal(err, "r.json: n is a number; expected \"read\" or "
	    "\"write\"");
	cJSON_Delete(j);
}

static void
test_json_pair(void **state)
{
	static const struct {
		const char *json;
		int flags;
		const char *msg;        /* NULL: read */
	} cases[] = {
		{ "{\"r\": [5, 8]}", 0, NULL },
		{ "{\"r\": [8, 5]}", JSON_ANY_ORDER, NULL },
		{ "{\"r\": [null, 8]}", JSON_NULL, NULL },
		{ "{\"r\": [8, 5]}", 0, "r is [8, 5]; expected the low end at most the "
		  "high" },
		{ "{\"r\": [8]}", 0, "r is not two numbers; expected [low, high]" },
		{ "{\"r\": 8}", 0, "r is a number; expected [low, high]" },
		{ "{\"r\": [null, 8]}", 0, "r[0] is null; expected a positive number "
		  "of nanoseconds, from 1 to a day" },
		{ "{\"r\": [5, 0.5]}", 0, "r[1] is 0.5, under 1ns; expected a positive "
		  "number of nanoseconds, from 1 to a day" },
	};
	struct json_at at;
	char err[ERRLEN], want[ERRLEN];
	double lo, hi;
	size_t i;

	(void)state;
	json_at_init(&at, "f.json", "", err);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cJSON *j = tree(cases[i].json);
		int rc = json_get_pair(j, "r", 0, "[low, high]", &json_span_latency,
		    cases[i].flags, &at, &lo, &hi);

		if (cases[i].msg == NULL) {
			assert_int_equal(rc, 0);
			assert_near(hi, cases[i].flags & JSON_ANY_ORDER ? 5 : 8, 0);
		} else {
			snprintf(want, sizeof want, "f.json: %s", cases[i].msg);
			assert_int_equal(rc, -1);
			assert_string_equal(err, want);
		}
		cJSON_Delete(j);
	}
}

static void
test_json_numbers(void **state)
{
	struct json_at at;
	char err[ERRLEN];
	double *x = NULL;
	size_t n = 0;
	cJSON *j = tree("{\"e\": [], \"a\": [1, 2, 3], \"b\": [1, \"2\"]}");

	(void)state;
	json_at_init(&at, "p.json", "probe", err);
	assert_int_equal(json_get_numbers(j, "a", 0, "an array", 3, "one", &json_span_latency,
	    &at, &x, &n), 0);
	assert_int_equal(n, 3);
	assert_near(x[2], 3, 0);
	free(x);
	assert_int_equal(json_get_numbers(j, "a", 0, "an array of at most 2", 2,
	    "one", &json_span_latency, &at, &x, &n), -1);
	assert_string_equal(err, "p.json: probe.a is an array of 3 values; expected "
	    "an array of at most 2");
	assert_int_equal(json_get_numbers(j, "e", 0, "an array", 0, "at least one "
	    "latency", &json_span_latency, &at, &x, &n), -1);
	assert_string_equal(err, "p.json: probe.e is empty; expected at least one "
	    "latency");
	assert_int_equal(json_get_numbers(j, "e", 0, "an array", 0, NULL,
	    &json_span_latency, &at, &x, &n), 0);
	assert_int_equal(n, 0);
	free(x);
	x = NULL;
	assert_int_equal(json_get_numbers(j, "b", 0, "an array", 0, NULL,
	    &json_span_latency, &at, &x, &n), -1);
	assert_string_equal(err, "p.json: probe.b[1] is a string; expected a "
	    "positive number of nanoseconds, from 1 to a day");
	free(x);
	cJSON_Delete(j);
}

/* Digits that read back to the figure: whole numbers whole, others shortest. */
static void
test_json_shortest(void **state)
{
	static const struct {
		double d;
		const char *s;
	} cases[] = {
		{ 7900000, "7900000" }, { 0.1, "0.1" }, { 1e300, "1e+300" },
		{ 2.501, "2.501" }, { -0.5, "-0.5" }, { 86400000000000.5, "86400000000000.5" },
		{ 9007199254740992.0, "9007199254740992" }, { 1e-300, "1e-300" },
	};
	char buf[32];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(json_shortest(buf, sizeof buf, cases[i].d),
		    cases[i].s);
}

/* json_print into memory; the caller frees it. */
static char *
printed(const cJSON *j)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(json_print(fp, j), 0);
	assert_int_equal(fclose(fp), 0);
	return buf;
}

/*
 * JSON printed to a CI log holds no "##[" a runner would take for a
 * command (lib/logcmd.h); the string reads back the same.
 */
static void
test_json_print_no_workflow_command(void **state)
{
	cJSON *j = cJSON_CreateObject(), *back;
	char *text;

	(void)state;
	cJSON_AddStringToObject(j, "##[k", "x ##[error]y ##[[z #[ ##");
	text = printed(j);
	assert_null(strstr(text, "##["));
	assert_non_null(strstr(text, "\"x ##\\u005berror]y ##\\u005b[z #[ ##\""));
	back = cJSON_Parse(text);
	assert_non_null(back);
	assert_string_equal(cJSON_GetObjectItemCaseSensitive(back, "##[k")->valuestring,
	    "x ##[error]y ##[[z #[ ##");
	cJSON_Delete(back);
	cJSON_Delete(j);
	free(text);
}

/*
 * Whoever built the tree, no number prints with more digits than it
 * needs: cJSON alone writes 4954351.375484322 as 4954351.3754843222.
 * 15 digits that read back within an epsilon stay (1 ulp over 660.02 is
 * 660.02: nothing is measured to 16).  The tree is left as it was.
 */
static void
test_json_print_numbers_shortest(void **state)
{
	static const struct {
		double d;
		const char *s;
	} cases[] = {
		{ 4954351.375484322, "4954351.375484322" },
		{ 1343643.306759768, "1343643.306759768" },
		{ 660.0199999999968, "660.0199999999968" },
		{ 0.1, "0.1" }, { 7900000, "7900000" }, { 2.5, "2.5" },
		{ 1e300, "1e+300" },
	};
	cJSON *a = cJSON_CreateArray(), *back;
	char *text, want[64];
	size_t i;
	int k;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(cases[i].d));
	text = printed(a);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(want, sizeof want, "%s%s", cases[i].s,
		    i + 1 < sizeof cases / sizeof cases[0] ? "," : "]");
		if (strstr(text, want) == NULL)
			fail_msg("%s not in %s", want, text);
	}
	back = cJSON_Parse(text);
	assert_non_null(back);
	for (k = 0; k < cJSON_GetArraySize(a); k++) {
		assert_true(cJSON_IsNumber(cJSON_GetArrayItem(a, k)));
		assert_true(cJSON_GetArrayItem(back, k)->valuedouble ==
		    cases[k].d);
	}
	free(text);
	cJSON_Delete(a);
	cJSON_Delete(back);
	a = cJSON_CreateArray();
	cJSON_AddItemToArray(a, cJSON_CreateNumber(nextafter(660.02, 1e9)));
	text = printed(a);
	assert_non_null(strstr(text, "[660.02]"));
	cJSON_Delete(a);
	free(text);
}

/* A finite figure as a number, NaN and infinities as null. */
static void
test_json_add_double_null_when_unmeasured(void **state)
{
	cJSON *o = cJSON_CreateObject();
	char *s;

	(void)state;
	json_add_double(o, "a", 2.5);
	json_add_double(o, "b", NAN);
	json_add_double(o, "c", INFINITY);
	s = cJSON_PrintUnformatted(o);
	assert_string_equal(s, "{\"a\":2.5,\"b\":null,\"c\":null}");
	free(s);
	cJSON_Delete(o);
}

struct fielded {
	char *name;
	double x, lo, hi, again;
	long long n;
	int on, word, flag;
	struct {
		int there;
		double y;
	} sub;
};

static const char *const fielded_words[] = { "none", "some" };
static const struct json_words FIELDED_WORDS = { fielded_words, 2, "\"none\" or \"some\"" };
static const struct json_span FIELDED_SPAN = { 0, 100, 0, 0, 0, "from 0 to 100", NULL, NULL };
static const struct json_field fielded_sub[] = {
	{ .key = "y", .type = JF_NUM, .flags = JSON_NULL, .off = offsetof(struct fielded, sub.y),
	  .span = &FIELDED_SPAN },
	{ .key = NULL }
};
#define FIELD(k, t, fl, m) .key = k, .type = t, .flags = fl, .off = offsetof(struct fielded, m)
static const struct json_field fielded_fields[] = {
	{ FIELD("name", JF_STR, JSON_OMIT, name) },
	{ FIELD("x", JF_NUM, JSON_NULL, x), .span = &FIELDED_SPAN },
	{ FIELD("ci", JF_PAIR, JSON_NULL, lo), .hi = offsetof(struct fielded, hi),
	  .span = &FIELDED_SPAN },
	{ FIELD("again", JF_NUM, JSON_NULL | JSON_COPY, x), .span = &FIELDED_SPAN },
	{ FIELD("n", JF_LLONG, JSON_NULL, n), .span = &FIELDED_SPAN },
	{ FIELD("on", JF_BOOL, JSON_OMIT, on) },
	{ FIELD("word", JF_WORD, JSON_OMIT, word), .words = &FIELDED_WORDS },
	{ FIELD("flag", JF_FLAG, JSON_OPTIONAL, flag), .words = &FIELDED_WORDS },
	{ .key = "sub", .type = JF_OBJ, .flags = JSON_NULL,
	  .hi = offsetof(struct fielded, sub.there), .sub = fielded_sub },
	{ .key = NULL }
};

static char *
fielded_text(const struct fielded *f)
{
	cJSON *o = json_put_object(fielded_fields, f);
	char *s = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	return s;
}

/*
 * A table writes what it reads: absent figures null, JSON_OMIT's left out
 * (and read as absent), an open end of a pair null, a copy never read.
 */
static void
test_json_fields_round_trip(void **state)
{
	struct fielded none = { NULL, NAN, NAN, NAN, 0, -1, 0, 0, 0, { 0, 0 } };
	char a[] = "a";
	struct fielded some = { a, 2.5, 0, 7, 0, 3, 1, 1, 1, { 1, 4 } };
	struct fielded back = { NULL, 0, 0, 0, 0, 0, 0, 0, 0, { 0, 0 } };
	char err[ERRLEN], *s;
	struct json_at at;
	cJSON *o;

	(void)state;
	s = fielded_text(&none);
	assert_string_equal(s, "{\"x\":null,\"ci\":null,\"again\":null,\"n\":null,"
	    "\"sub\":null}");
	free(s);
	s = fielded_text(&some);
	assert_string_equal(s, "{\"name\":\"a\",\"x\":2.5,\"ci\":[null,7],"
	    "\"again\":2.5,\"n\":3,\"on\":true,\"word\":\"some\",\"flag\":\"none\","
	    "\"sub\":{\"y\":4}}");
	free(s);
	/* the copy is held to its span, not read: x stays the first's */
	o = cJSON_Parse("{\"name\":\"b\",\"x\":5,\"ci\":[1,null],\"again\":6,"
	    "\"n\":9,\"word\":\"some\",\"sub\":{\"y\":8}}");
	json_at_init(&at, "f.json", "", err);
	assert_int_equal(json_get_fields(o, fielded_fields, &back, &at), 0);
	assert_string_equal(back.name, "b");
	assert_true(back.x == 5 && back.lo == 1 && isinf(back.hi) && back.n == 9);
	assert_true(back.word == 1 && !back.on && !back.flag);
	assert_true(back.sub.there && back.sub.y == 8);
	free(back.name);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"x\":5,\"ci\":null,\"again\":600,\"n\":null,\"sub\":null}");
	assert_int_equal(json_get_fields(o, fielded_fields, &back, &at), -1);
	assert_string_equal(err, "f.json: again is 600; expected from 0 to 100");
	cJSON_Delete(o);
}

struct later {
	double big, derived;
	int tri;
};

static const struct json_span LATER_SPAN = { 0, 1e16, 0, 0, 0, "from 0 to 1e16",
	NULL, NULL };
#define LATER(k, t, fl, m) .key = k, .type = t, .flags = fl, \
	.off = offsetof(struct later, m)
static const struct json_field later_fields[] = {
	{ LATER("big", JF_NUM, JSON_NULL | JSON_DOUBLE, big), .span = &LATER_SPAN },
	{ LATER("tri", JF_TRI, JSON_OPTIONAL | JSON_NULL, tri) },
	{ LATER("derived", JF_NUM, JSON_DERIVED | JSON_DOUBLE, derived) },
	{ .key = NULL }
};

/*
 * JSON_DOUBLE writes cJSON's digits (1e+15, where the fewest digits are
 * 1000000000000000); JF_TRI writes unknown as null and reads null or
 * absent as unknown; JSON_DERIVED is written and never read, whatever
 * the file holds there.
 */
static void
test_json_fields_digits_tristates_derived(void **state)
{
	struct later l = { 1e15, 2.5, -1 }, back = { 0, 0, 0 };
	char err[ERRLEN], *s;
	struct json_at at;
	cJSON *o = json_put_object(later_fields, &l);

	(void)state;
	s = cJSON_PrintUnformatted(o);
	assert_string_equal(s, "{\"big\":1e+15,\"tri\":null,\"derived\":2.5}");
	free(s);
	cJSON_Delete(o);
	json_at_init(&at, "l.json", "", err);
	o = cJSON_Parse("{\"big\":3,\"tri\":null,\"derived\":\"not a number\"}");
	assert_int_equal(json_get_fields(o, later_fields, &back, &at), 0);
	assert_true(back.big == 3 && back.tri == -1 && back.derived == 0);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"big\":null,\"tri\":true}");
	assert_int_equal(json_get_fields(o, later_fields, &back, &at), 0);
	assert_true(isnan(back.big) && back.tri == 1);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"big\":null}");
	assert_int_equal(json_get_fields(o, later_fields, &back, &at), 0);
	assert_int_equal(back.tri, -1);
	cJSON_Delete(o);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_add_double_null_when_unmeasured),
		cmocka_unit_test(test_json_fields_round_trip),
		cmocka_unit_test(test_json_fields_digits_tristates_derived),
		cmocka_unit_test(test_json_at_paths),
		cmocka_unit_test(test_json_get_absent_and_null),
		cmocka_unit_test(test_json_number_spans),
		cmocka_unit_test(test_json_string_blank_and_words),
		cmocka_unit_test(test_json_pair),
		cmocka_unit_test(test_json_numbers),
		cmocka_unit_test(test_json_shortest),
		cmocka_unit_test(test_json_print_no_workflow_command),
		cmocka_unit_test(test_json_print_numbers_shortest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
