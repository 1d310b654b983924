/* SPDX-License-Identifier: MIT */
/*
 * The syncgate-result/1 loader: what it keeps, the quantiles it computes,
 * and each refusal with its exact message; samples files line by line and
 * the files a result must not make syncgate read.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/result.h"
#include "model/samples_file.h"
#include "lib/stats.h"
#include "tests/testutil.h"

static char dir[64];

static int
setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/syncgate-test-result.XXXXXX");
	return mkdtemp(dir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Writes text to dir/name; returns the path (static buffer). */
static const char *
put_file(const char *name, const char *text)
{
	static char path[256];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
	return path;
}

/* Parses text as the result r.json in the temporary folder. */
static int
load_text(const char *text, struct result *r, char *err)
{
	return result_load(put_file("r.json", text), r, err);
}

static void
test_result_load_points(void **state)
{
	struct result r;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(load_text("{\"format\": \"syncgate-result/1\", \"engine\": \"zu\","
	    "\"version\": \"0.9.2\", \"workload\": \"linkbench\", \"concurrency\": 8,"
	    "\"mine\": {\"ignored\": true}, \"classes\": ["
	    "{\"name\": \"point-read\", \"kind\": \"read\", \"p50_ns\": 53960,"
	    " \"p99_ns\": 168170, \"count\": 5000}]}", &r, err), 0);
	assert_string_equal(r.engine, "zu");
	assert_string_equal(r.version, "0.9.2");
	assert_string_equal(r.workload, "linkbench");
	assert_int_equal(r.concurrency, 8);
	assert_null(r.probe);
	assert_int_equal(r.nclasses, 1);
	assert_int_equal(r.classes[0].kind, KIND_READ);
	assert_near(r.classes[0].p50_ns, 53960, 0);
	assert_near(r.classes[0].p99_ns, 168170, 0);
	assert_int_equal(r.classes[0].count, 5000);
	assert_null(r.classes[0].samples_ns);
	assert_true(isnan(r.classes[0].p50_lo_ns));
	assert_non_null(result_find(&r, "point-read"));
	assert_null(result_find(&r, "write"));
	result_free(&r);
}

static void
test_result_samples_sorted_type7(void **state)
{
	struct result r;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(load_text("{\"format\": \"syncgate-result/1\", \"engine\": \"zu\","
	    "\"classes\": [{\"name\": \"w\", \"kind\": \"write\","
	    " \"samples_ns\": [5, 1, 4, 2, 3]}]}", &r, err), 0);
	assert_int_equal(r.classes[0].nsamples, 5);
	assert_null(r.classes[0].samples_ns);
	assert_near(result_class_rank(&r.classes[0], 1), 1, 0);
	assert_near(result_class_rank(&r.classes[0], 5), 5, 0);
	assert_near(r.classes[0].p50_ns, 3, 0);
	assert_near(r.classes[0].p99_ns, 4.96, 1e-12);      /* h = 3.96 */
	assert_int_equal(r.classes[0].count, 5);
	result_free(&r);
}

static void
test_result_ranges(void **state)
{
	struct result r;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(load_text("{\"format\": \"syncgate-result/1\", \"engine\": \"lb\","
	    "\"classes\": [{\"name\": \"GET_NODE\", \"kind\": \"read\", \"p50_ns\": 75000,"
	    " \"p50_range_ns\": [50000, 100000], \"p99_ns\": 150000,"
	    " \"p99_range_ns\": [100000, 200000]}]}", &r, err), 0);
	assert_near(r.classes[0].p50_lo_ns, 50000, 0);
	assert_near(r.classes[0].p50_hi_ns, 100000, 0);
	assert_near(r.classes[0].p99_lo_ns, 100000, 0);
	assert_near(r.classes[0].p99_hi_ns, 200000, 0);
	result_free(&r);
}

/* Every refusal: the body of classes[0] (or the whole file) and its message. */
static void
test_result_refusals(void **state)
{
	static const struct {
		const char *json, *msg;
	} cases[] = {
		{ "[1]", "r.json: the top level is an array; expected a syncgate-result/1 object" },
		{ "{\"format\": \"syncgate-result/2\", \"engine\": \"zu\"}",
		  "r.json: format is \"syncgate-result/2\"; expected \"syncgate-result/1\"" },
		{ "{\"engine\": \"zu\"}", "r.json: format is missing; expected \"syncgate-result/1\"" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": 7}",
		  "r.json: engine is a number; expected a non-empty string" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"\"}",
		  "r.json: engine is empty; expected a non-empty string" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"zu\", \"classes\": {}}",
		  "r.json: classes is an object; expected an array of at least one class" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"zu\", \"concurrency\": 0,"
		  " \"classes\": []}",
		  "r.json: concurrency is 0; expected a whole number from 1 to 1000000000" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"zu\", \"concurrency\": \"8\","
		  " \"classes\": []}",
		  "r.json: concurrency is a string; expected a whole number from 1 to 1000000000" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"zu\", \"concurrency\": 2.5,"
		  " \"classes\": []}",
		  "r.json: concurrency is 2.5; expected a whole number from 1 to 1000000000" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"zu\", \"version\": 2,"
		  " \"classes\": []}", "r.json: version is a number; expected a non-empty "
		  "string, or null" },
		/* names that print as nothing leave blank labels: refused too */
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \" \"}",
		  "r.json: engine is only white space; expected a non-empty string" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"\\u00a0\\t\\u3000\"}",
		  "r.json: engine is only white space; expected a non-empty string" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"zu\", \"version\": \"\"}",
		  "r.json: version is empty; expected a non-empty string, or null" },
		{ "{\"format\": \"syncgate-result/1\", \"engine\": \"zu\", \"workload\": "
		  "\"  \"}", "r.json: workload is only white space; expected a non-empty "
		  "string, or null" },
	};
	static const struct {
		const char *cls, *msg;
	} classes[] = {
		{ "{\"name\": \"\", \"kind\": \"read\"}",
		  "classes[0].name is empty; expected a non-empty string" },
		{ "{\"name\": \" \\u2009\", \"kind\": \"read\"}",
		  "classes[0].name is only white space; expected a non-empty string" },
		{ "{\"name\": \"a\\u001b[31m\", \"kind\": \"scan\", \"p50_ns\": 1, \"p99_ns\": 2}",
		  "classes[0] \"a?[31m\": kind is \"scan\"; expected \"read\" or \"write\"" },
		{ "{\"name\": \"a\", \"kind\": \"read\"}", "classes[0] \"a\": no latencies; "
		  "expected p50_ns and p99_ns, samples_ns or samples_file" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 0, \"p99_ns\": 2}",
		  "classes[0] \"a\": p50_ns is 0; expected a positive number of nanoseconds, "
		  "from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": -3, \"p99_ns\": 2}",
		  "classes[0] \"a\": p50_ns is -3; expected a positive number of nanoseconds, "
		  "from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 8.64e13}", NULL },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 8.7e13}",
		  "classes[0] \"a\": p99_ns is 87000000000000, over a day; expected a "
		  "positive number of nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 0.5, \"p99_ns\": 2}",
		  "classes[0] \"a\": p50_ns is 0.5, under 1ns; expected a positive number of "
		  "nanoseconds, from 1 to a day" },
		/* ten significant digits printed "1, under 1ns" */
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 0.9999999999999,"
		  " \"p99_ns\": 2}", "classes[0] \"a\": p50_ns is 0.9999999999999, under "
		  "1ns; expected a positive number of nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1e-300, \"p99_ns\": 2}",
		  "classes[0] \"a\": p50_ns is 1e-300, under 1ns; expected a positive number of "
		  "nanoseconds, from 1 to a day" },
		/* a write class's device flushes and wait for the writer's turn */
		{ "{\"name\": \"a\", \"kind\": \"write\", \"p50_ns\": 1, \"p99_ns\": 2, "
		  "\"flushes_per_op\": 2, \"turn_wait_ns\": 0}", NULL },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"p50_ns\": 1, \"p99_ns\": 2, "
		  "\"flushes_per_op\": null, \"turn_wait_ns\": null}", NULL },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"p50_ns\": 1, \"p99_ns\": 2, "
		  "\"turn_wait_ns\": -1}", "classes[0] \"a\": turn_wait_ns is -1; expected "
		  "nanoseconds from 0 to a day (8.64e+13), or null" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"p50_ns\": 1, \"p99_ns\": 2, "
		  "\"turn_wait_ns\": \"5\"}", "classes[0] \"a\": turn_wait_ns is a string; "
		  "expected nanoseconds from 0 to a day (8.64e+13), or null" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 2, "
		  "\"turn_wait_ns\": 5}", "classes[0] \"a\": turn_wait_ns on a read class; "
		  "expected it only on a write class" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 2, "
		  "\"flushes_per_op\": 1}", "classes[0] \"a\": flushes_per_op on a read "
		  "class; expected it only on a write class" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [2, true]}",
		  "classes[0] \"a\": samples_ns[1] is a boolean; expected a positive number of "
		  "nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [2, 0.25]}",
		  "classes[0] \"a\": samples_ns[1] is 0.25, under 1ns; expected a positive "
		  "number of nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 2,"
		  " \"p50_range_ns\": [0.5, 2]}", "classes[0] \"a\": p50_range_ns[0] is 0.5, "
		  "under 1ns; expected a positive number of nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 1e999}",
		  "classes[0] \"a\": p99_ns is a number out of range; expected a positive "
		  "number of nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": \"1ms\", \"p99_ns\": 2}",
		  "classes[0] \"a\": p50_ns is a string; expected a positive number of "
		  "nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 4}",
		  "classes[0] \"a\": p99_ns is 4, below p50_ns 5; expected p99 at least p50" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 5}", NULL },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p99_ns\": 5}",
		  "classes[0] \"a\": p50_ns is missing; expected it beside p99_ns" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": []}",
		  "classes[0] \"a\": samples_ns is empty; expected at least one latency" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [1, null]}",
		  "classes[0] \"a\": samples_ns[1] is null; expected a positive number of "
		  "nanoseconds, from 1 to a day" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [1, 3], \"p50_ns\": 3}",
		  "classes[0] \"a\": p50_ns is 3 but its 2 samples give 2 (type-7 quantiles); "
		  "expected them to agree, or only one of the two" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [1, 3], \"p50_ns\": 2}", NULL },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [1],"
		  " \"samples_file\": \"x\"}",
		  "classes[0] \"a\": both samples_ns and samples_file; expected one of them" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [1],"
		  " \"p50_range_ns\": [1, 2]}", "classes[0] \"a\": a percentile range beside "
		  "samples; expected ranges only where there are no samples" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"p50_range_ns\": [6, 8]}", "classes[0] \"a\": p50_ns 5 is outside "
		  "p50_range_ns [6, 8]; expected it within" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"p99_range_ns\": [10, 8]}", "classes[0] \"a\": p99_range_ns is [10, 8]; "
		  "expected the low end at most the high" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"p99_range_ns\": [8]}", "classes[0] \"a\": p99_range_ns is not two "
		  "numbers; expected [low, high] in nanoseconds" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"count\": 1.5}", "classes[0] \"a\": count is 1.5; expected a whole "
		  "number of operations" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"count\": -3}", "classes[0] \"a\": count is -3; expected a whole "
		  "number of operations" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"count\": \"many\"}", "classes[0] \"a\": count is a string; expected a "
		  "whole number of operations" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"count\": 0}", NULL },
		/* 2^53 + 1 reads as 2^53: past 2^53 - 1 a count is not what was written */
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"count\": 9007199254740991}", NULL },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"count\": 9007199254740993}", "classes[0] \"a\": count is "
		  "9007199254740992, over 9007199254740991 (2^53 - 1), the largest whole "
		  "number a JSON number holds exactly; expected a count of operations at "
		  "most that" },
		{ "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9,"
		  " \"count\": 1e300}", "classes[0] \"a\": count is 1e+300, over "
		  "9007199254740991 (2^53 - 1), the largest whole number a JSON number "
		  "holds exactly; expected a count of operations at most that" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [5, 6, 7],"
		  " \"count\": 2}", "classes[0] \"a\": count is 2, fewer than its 3 samples; "
		  "expected at least one operation a sample" },
		{ "{\"name\": \"a\", \"kind\": \"write\", \"samples_ns\": [5, 6, 7],"
		  " \"count\": 3}", NULL },
	};
	struct result r;
	char err[ERRLEN], text[1024], want[1024];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(want, sizeof want, "%s/%s", dir, cases[i].msg);
		assert_int_equal(load_text(cases[i].json, &r, err), -1);
		assert_string_equal(err, want);
		assert_null(r.engine);
	}
	for (i = 0; i < sizeof classes / sizeof classes[0]; i++) {
		snprintf(text, sizeof text, "{\"format\": \"syncgate-result/1\", \"engine\": "
		    "\"zu\", \"classes\": [%s]}", classes[i].cls);
		if (classes[i].msg == NULL) {
			assert_int_equal(load_text(text, &r, err), 0);
			result_free(&r);
			continue;
		}
		snprintf(want, sizeof want, "%s/r.json: %s", dir, classes[i].msg);
		assert_int_equal(load_text(text, &r, err), -1);
		assert_string_equal(err, want);
	}
}

static void
test_result_duplicate_and_probe(void **state)
{
	struct result r;
	char err[ERRLEN], want[ERRLEN];

	(void)state;
	assert_int_equal(load_text("{\"format\": \"syncgate-result/1\", \"engine\": \"zu\","
	    "\"classes\": [{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 2},"
	    "{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 2}]}", &r, err), -1);
	snprintf(want, sizeof want, "%s/r.json: classes[1] \"a\": the name is also "
	    "classes[0]'s; expected unique class names", dir);
	assert_string_equal(err, want);
	assert_int_equal(load_text("{\"format\": \"syncgate-result/1\", \"engine\": \"zu\","
	    "\"probe\": {\"format\": \"syncgate-probe/1\", \"host\": {\"id\": \"h\"},"
	    " \"volume\": {\"id\": \"v\"}, \"method\": \"fdatasync\", \"samples_ns\": [],"
	    " \"reaches_device\": \"yes\"},"
	    "\"classes\": [{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 2}]}",
	    &r, err), -1);
	snprintf(want, sizeof want, "%s/r.json: probe.samples_ns is empty; expected at "
	    "least one sync latency", dir);
	assert_string_equal(err, want);
	assert_int_equal(load_text("{\"format\": \"syncgate-result/1\", \"engine\": \"zu\","
	    "\"probe\": {\"format\": \"syncgate-probe/1\", \"host\": {\"id\": \"h\"},"
	    " \"volume\": {\"id\": \"v\"}, \"method\": \"fdatasync\", \"samples_ns\": [3, 1, 2],"
	    " \"median_ns\": 2, \"reaches_device\": \"yes\"},"
	    "\"classes\": [{\"name\": \"a\", \"kind\": \"read\", \"p50_ns\": 1, \"p99_ns\": 2}]}",
	    &r, err), 0);
	assert_non_null(r.probe);
	assert_near(r.probe->median_ns, 2, 0);
	result_free(&r);
}

/* A result of classes named by names (space-separated), all reads. */
static int
load_names(const char *names, struct result *r, char *err)
{
	char text[2048], *p = text, *end = text + sizeof text;
	char copy[256], *tok, *save = NULL;

	snprintf(copy, sizeof copy, "%s", names);
	p += snprintf(p, (size_t)(end - p), "{\"format\": \"syncgate-result/1\", "
	    "\"engine\": \"zu\", \"classes\": [");
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		p += snprintf(p, (size_t)(end - p), "%s{\"name\": \"%s\", \"kind\": "
		    "\"read\", \"p50_ns\": 1, \"p99_ns\": 2}", p[-1] == '[' ? "" : ",",
		    tok);
	snprintf(p, (size_t)(end - p), "]}");
	return load_text(text, r, err);
}

/* The first class in file order whose name an earlier one has, and that one. */
static void
test_result_duplicates_in_file_order(void **state)
{
	static const struct {
		const char *names, *msg;
	} cases[] = {
		{ "a b a b", "classes[2] \"a\": the name is also classes[0]'s" },
		{ "b a c a b", "classes[3] \"a\": the name is also classes[1]'s" },
		{ "z y x w z", "classes[4] \"z\": the name is also classes[0]'s" },
		{ "a a a", "classes[1] \"a\": the name is also classes[0]'s" },
		{ "b a b a", "classes[2] \"b\": the name is also classes[0]'s" },
		{ "c a b a c c", "classes[3] \"a\": the name is also classes[1]'s" },
		{ "c b a", NULL },
	};
	struct result r;
	char err[ERRLEN], want[ERRLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (cases[i].msg == NULL) {
			assert_int_equal(load_names(cases[i].names, &r, err), 0);
			assert_string_equal(r.classes[2].name, "a");
			result_free(&r);
			continue;
		}
		assert_int_equal(load_names(cases[i].names, &r, err), -1);
		snprintf(want, sizeof want, "%s/r.json: %s; expected unique class names",
		    dir, cases[i].msg);
		assert_string_equal(err, want);
	}
}

/*
 * As many classes as a result may hold: every one kept in order, and a
 * duplicate found at the far end (comparing each name with each before it
 * took hours at a million).
 */
static void
test_result_many_classes(void **state)
{
	size_t n = RESULT_MAX_CLASSES, i;
	cJSON *root = cJSON_CreateObject(), *arr;
	char name[32], err[ERRLEN], want[ERRLEN];
	struct result r;

	(void)state;
	cJSON_AddStringToObject(root, "format", RESULT_FORMAT);
	cJSON_AddStringToObject(root, "engine", "e");
	arr = cJSON_AddArrayToObject(root, "classes");
	for (i = 0; i < n; i++) {
		cJSON *c = cJSON_CreateObject();

		/* reversed, so the names do not come sorted */
		snprintf(name, sizeof name, "c%zu", n - i);
		cJSON_AddStringToObject(c, "name", name);
		cJSON_AddStringToObject(c, "kind", i % 2 ? "read" : "write");
		cJSON_AddNumberToObject(c, "p50_ns", 1000);
		cJSON_AddNumberToObject(c, "p99_ns", 2000);
		cJSON_AddItemToArray(arr, c);
	}
	assert_int_equal(result_from_json(root, "r.json", &r, err), 0);
	assert_int_equal(r.nclasses, n);
	assert_string_equal(r.classes[0].name, "c10000");
	assert_string_equal(r.classes[n - 1].name, "c1");
	assert_int_equal(r.classes[n - 1].kind, KIND_READ);
	result_free(&r);
	cJSON_SetValuestring(cJSON_GetObjectItem(cJSON_GetArrayItem(arr, (int)n - 1),
	    "name"), "c7");
	assert_int_equal(result_from_json(root, "r.json", &r, err), -1);
	snprintf(want, sizeof want, "r.json: classes[%zu] \"c7\": the name is also "
	    "classes[%zu]'s; expected unique class names", n - 1, n - 7);
	assert_string_equal(err, want);
	cJSON_Delete(root);
}

/* A result naming samples_file file, its message or NULL for success. */
static const char *
samples_result(const char *file)
{
	static char text[512];

	snprintf(text, sizeof text, "{\"format\": \"syncgate-result/1\", \"engine\": "
	    "\"zu\", \"classes\": [{\"name\": \"w\", \"kind\": \"write\", "
	    "\"samples_file\": \"%s\"}]}", file);
	return text;
}

static void
test_result_samples_file_lines(void **state)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ "# latencies\n300\n\n  100  # the fastest\r\n200\n4.5e2\n", NULL },
		{ "1\n2\n3", NULL },                                   /* no final newline */
		{ "100\n12abc\n", "line 2: \"12abc\" is not a number" },
		{ "100\n-5\n", "line 2: \"-5\" is not a number" },
		{ "100\n\n0\n", "line 3: \"0\" is not positive" },
		{ "1e14\n", "line 1: \"1e14\" is over a day" },
		{ "5\n0.5\n", "line 2: \"0.5\" is under 1ns" },
		{ "5\n1e-9\n", "line 2: \"1e-9\" is under 1ns" },
		{ "nan\n", "line 1: \"nan\" is not a number" },
		{ "inf\n", "line 1: \"inf\" is not a number" },
		{ "0x10\n", "line 1: \"0x10\" is not a number" },
		{ "100 200\n", "line 1: \"100 200\" is not a number" },
		{ "1e\n", "line 1: \"1e\" is not a number" },
		/* a byte order mark is read past at the start, and only there */
		{ "\xef\xbb\xbf" "300\n200\n100\n", NULL },
		{ "100\n\xef\xbb\xbf" "200\n", "line 2: \"\xef\xbb\xbf" "200\" is not a number" },
		{ "# nothing\n\n", NULL },
	};
	struct result r;
	char err[ERRLEN], want[ERRLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		put_file("w.txt", cases[i].text);
		if (cases[i].msg == NULL && i + 1 < sizeof cases / sizeof cases[0]) {
			assert_int_equal(load_text(samples_result("w.txt"), &r, err), 0);
			assert_true(r.classes[0].nsamples >= 3);
			result_free(&r);
			continue;
		}
		assert_int_equal(load_text(samples_result("w.txt"), &r, err), -1);
		if (cases[i].msg == NULL)
			snprintf(want, sizeof want, "%s/r.json: classes[0] \"w\": samples_file "
			    "w.txt holds no latencies; expected one a line", dir);
		else
			snprintf(want, sizeof want, "%s/r.json: classes[0] \"w\": samples_file "
			    "w.txt, %s; expected one positive latency in nanoseconds, from 1 "
			    "to a day", dir, cases[i].msg);
		assert_string_equal(err, want);
	}
	put_file("w.txt", "# latencies\n300\n\n  100  # the fastest\r\n200\n4.5e2\n");
	assert_int_equal(load_text(samples_result("w.txt"), &r, err), 0);
	assert_int_equal(r.classes[0].nsamples, 4);
	assert_near(result_class_rank(&r.classes[0], 1), 100, 0);
	assert_near(result_class_rank(&r.classes[0], 4), 450, 0);
	/* 4.5e2 is whole: the file is held as uint32_t, in file order */
	assert_non_null(r.classes[0].held.u32);
	assert_near(samples_value(&r.classes[0].held, 0), 300, 0);
	assert_near(r.classes[0].p50_ns, 250, 0);
	result_free(&r);
}

/* Files a result must not make syncgate read. */
static void
test_result_samples_file_refusals(void **state)
{
	static const struct {
		const char *file, *msg;
	} cases[] = {
		{ "/etc/passwd", "samples_file /etc/passwd is an absolute path; expected a "
		  "path relative to the result file's folder" },
		{ "../x", "samples_file ../x climbs out of the result file's folder with ..; "
		  "expected a file inside it" },
		{ "a/../../x", "samples_file a/../../x climbs out of the result file's folder "
		  "with ..; expected a file inside it" },
		{ "out.txt", "samples_file out.txt leads out of the result file's folder "
		  "through a symbolic link; expected a file inside it" },
		{ "zero", "samples_file zero leads out of the result file's folder through "
		  "a symbolic link; expected a file inside it" },
		{ "sub", "samples_file sub is a directory; expected a regular file of "
		  "latencies" },
		{ "fifo", "samples_file fifo is a FIFO; expected a regular file of latencies" },
		{ "none", "samples_file none: No such file or directory" },
	};
	struct result r;
	char err[ERRLEN], want[ERRLEN], path[256];
	size_t i;

	(void)state;
	snprintf(path, sizeof path, "%s/out.txt", dir);
	assert_int_equal(symlink("/", path), 0);
	snprintf(path, sizeof path, "%s/zero", dir);
	assert_int_equal(symlink("/dev/zero", path), 0);
	snprintf(path, sizeof path, "%s/sub", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof path, "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0644), 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(load_text(samples_result(cases[i].file), &r, err), -1);
		snprintf(want, sizeof want, "%s/r.json: classes[0] \"w\": %s", dir,
		    cases[i].msg);
		assert_string_equal(err, want);
	}
	/* inside the folder, by a path that dips into a subfolder and back */
	put_file("sub/w.txt", "7\n");
	assert_int_equal(load_text(samples_result("sub/./../sub/w.txt"), &r, err), 0);
	result_free(&r);
}

/*
 * A result deep in a long path, naming a samples file that is missing:
 * the message keeps the class and the reason, and shortens the path.
 */
static void
test_result_samples_file_long_path(void **state)
{
	char deep[3200], err[ERRLEN];
	struct result r;
	const char *tail = "classes[0] \"w\": samples_file none: No such file or "
	    "directory";
	FILE *fp;

	(void)state;
	snprintf(deep, sizeof deep, "%s", dir);
	while (strlen(deep) < 3000) {
		strcat(deep, "/ddddddddddddddddddddddddddddddddddddddddddddddddddd");
		assert_int_equal(mkdir(deep, 0755), 0);
	}
	strcat(deep, "/r.json");
	fp = fopen(deep, "w");
	assert_non_null(fp);
	fputs(samples_result("none"), fp);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(result_load(deep, &r, err), -1);
	assert_true(strlen(err) < ERRLEN);
	assert_int_equal(strncmp(err, dir, strlen(dir)), 0);
	assert_non_null(strstr(err, "..."));
	assert_string_equal(err + strlen(err) - strlen(tail), tail);
	assert_non_null(strstr(err, "ddd/r.json: classes[0]"));
}

/*
 * The count limit is the count refused, not wherever the array's doubling
 * happens to stop: 5000 latencies pass a limit of 5000, 5001 do not.
 */
static void
test_result_samples_file_count_limit(void **state)
{
	char *text = malloc(5001 * 8), *p = text, err[ERRLEN], want[ERRLEN], rpath[256];
	struct samples x;
	size_t i;

	(void)state;
	for (i = 0; i < 5000; i++)
		p += sprintf(p, "%zu\n", i + 1);
	put_file("w.txt", text);
	snprintf(rpath, sizeof rpath, "%s/r.json", dir);
	assert_int_equal(samples_file_read(rpath, "w.txt", "r.json: c", 5000, &x,
	    NULL, err), 0);
	assert_int_equal(x.n, 5000);
	assert_near(samples_value(&x, 4999), 5000, 0);
	samples_free(&x);
	sprintf(p, "7\n");
	put_file("w.txt", text);
	assert_int_equal(samples_file_read(rpath, "w.txt", "r.json: c", 5000, &x,
	    NULL, err), -1);
	assert_int_equal(x.n, 0);
	assert_null(x.u32);
	assert_null(x.f64);
	snprintf(want, sizeof want, "r.json: c: samples_file w.txt holds more than "
	    "5000 latencies; expected at most that many");
	assert_string_equal(err, want);
	free(text);
}

/*
 * Every order statistic the p50, the p99 and their intervals read must
 * be the sorted samples', ties and all: whole nanoseconds (held as
 * uint32_t), fractions (doubles), one value repeated throughout, and
 * latencies past 2^32 ns.  The radix sort must agree with qsort, and a
 * rank outside the spans found is still right.
 */
static void
test_result_ranks_match_sort(void **state)
{
	static const struct {
		int fractions, ties;
		double scale;
	} cases[] = { { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 }, { 0, 0, 1e4 } };
	size_t n = 100000, i, k, c;
	double *want = malloc(n * sizeof *want), *all = malloc(n * sizeof *all);
	char *text = malloc(n * 24), *p;
	unsigned long long s = 3;
	struct result r;
	char err[ERRLEN];

	(void)state;
	for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		p = text;
		for (i = 0; i < n; i++) {
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			/* many repeats, six orders of magnitude */
			want[i] = cases[c].ties ? 700 : (double)((s >> 33) % 5000000 + 1) *
			    cases[c].scale / (cases[c].fractions && (s >> 20) % 2 ? 4 : 1);
			p += sprintf(p, "%.17g\n", want[i]);
		}
		put_file("w.txt", text);
		stats_sort(want, n);
		assert_int_equal(load_text(samples_result("w.txt"), &r, err), 0);
		assert_int_equal(r.classes[0].nsamples, n);
		assert_true((r.classes[0].held.u32 != NULL) ==
		    (!cases[c].fractions && cases[c].scale == 1));
		assert_near(r.classes[0].p50_ns, stats_quantile_sorted(want, n, 0.5), 0);
		assert_near(r.classes[0].p99_ns, stats_quantile_sorted(want, n, 0.99), 0);
		for (i = 0; i < r.classes[0].held.nspan; i++)
			for (k = 0; k < r.classes[0].held.span[i].len; k++)
				assert_near(r.classes[0].held.span[i].x[k],
				    want[r.classes[0].held.span[i].first + k - 1], 0);
		assert_near(result_class_rank(&r.classes[0], 1), want[0], 0);
		assert_near(result_class_rank(&r.classes[0], n), want[n - 1], 0);
		samples_in_order(&r.classes[0].held, all);
		stats_sort(all, n);
		assert_memory_equal(all, want, n * sizeof *want);
		result_free(&r);
	}
	free(want);
	free(all);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_result_load_points, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_samples_sorted_type7, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_ranges, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_duplicate_and_probe, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_duplicates_in_file_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_many_classes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_samples_file_lines, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_samples_file_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_samples_file_count_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_samples_file_long_path, setup, teardown),
		cmocka_unit_test_setup_teardown(test_result_ranks_match_sort, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
