/* SPDX-License-Identifier: MIT */
/*
 * The syncgate-noise/1 file: what a load keeps, written back the same,
 * and each refusal with its exact message.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/noise.h"
#include "tests/testutil.h"

/* Writes text to the scratch folder's n.json; returns its path (static buffer). */
static const char *
put_noise(const char *text)
{
	static char path[256];
	FILE *fp;

	snprintf(path, sizeof path, "%s/n.json", test_dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
	return path;
}

/* noise_to_json's bytes, as json_print prints them (the caller frees). */
static char *
printed(const struct noise *n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);

	assert_non_null(fp);
	assert_int_equal(json_print_and_delete(fp, noise_to_json(n)), 0);
	assert_int_equal(fclose(fp), 0);
	return text;
}

#define STAT "{\"log_sd\": 0.02, \"df\": 3, \"within_log_sd\": 0.01, \"geomean\": 100}"
#define HEAD "{\"format\": \"syncgate-noise/1\", \"engine\": \"zu\", \"runs\": 4, " \
	"\"confidence\": 0.95, "
/* one read class "a", extra its further keys */
#define CLASSES(extra) "\"classes\": [{\"name\": \"a\", \"kind\": \"read\", " \
	"\"p50\": " STAT ", \"p99\": " STAT extra "}]"

static void
test_noise_load_keeps(void **state)
{
	struct noise n, again;
	char err[ERRLEN], *text, *text2;

	(void)state;
	assert_int_equal(noise_load(put_noise(HEAD "\"sessions\": 2, \"concurrency\": "
	    "null, \"files\": [\"a.json\"], " CLASSES(", \"p99_syncs\": {\"log_sd\": 0.5, "
	    "\"df\": 3, \"within_log_sd\": 0.25, \"geomean\": 2.5, \"session_log_sd\": "
	    "0.125, \"session_df\": 1}") ", \"plan\": {\"limit\": 0.1, \"power\": 0.8, "
	    "\"confidence\": 0.9, \"runs\": 4, \"ops\": null}}"), &n, err), 0);
	assert_int_equal(n.concurrency, -1);
	assert_int_equal(n.sessions, 2);
	assert_null(n.version);
	assert_string_equal(n.files[0], "a.json");
	assert_true(n.classes[0].stat[NOISE_P50].have);
	assert_false(n.classes[0].stat[NOISE_P50].have_session);
	assert_false(n.classes[0].stat[NOISE_SYNCS_P50].have);
	assert_true(n.classes[0].stat[NOISE_SYNCS_P99].have_session);
	assert_true(n.classes[0].stat[NOISE_SYNCS_P99].session_log_sd == 0.125);
	assert_true(n.plan.have && n.plan.runs == 4 && n.plan.limit == 0.1);
	assert_true(isnan(n.plan.ops));
	/* written back (the plan is calibrate's to write), it reads the same */
	text = printed(&n);
	assert_non_null(strstr(text, "\"p50_syncs\":\tnull,"));
	assert_non_null(strstr(text, "\"session_log_sd\":\t0.125,"));
	assert_null(strstr(text, "\"plan\""));
	assert_int_equal(noise_load(put_noise(text), &again, err), 0);
	text2 = printed(&again);
	assert_string_equal(text, text2);
	free(text);
	free(text2);
	noise_free(&n);
	noise_free(&again);
}

static void
test_noise_refusals(void **state)
{
	static const struct {
		const char *json, *msg;
	} cases[] = {
		{ HEAD CLASSES("") "}", NULL },
		{ "[1]", "the top level is an array; expected an object" },
		{ "{\"format\": \"syncgate-noise/2\"}", "format is \"syncgate-noise/2\"; "
		  "expected \"syncgate-noise/1\" (what syncgate calibrate writes)" },
		{ "{\"format\": \"syncgate-noise/1\", \"engine\": \" \"}", "engine is only "
		  "white space; expected a non-empty string" },
		{ "{\"format\": \"syncgate-noise/1\", \"engine\": \"zu\", \"version\": \"\"}",
		  "version is empty; expected a non-empty string or null" },
		{ "{\"format\": \"syncgate-noise/1\", \"engine\": \"zu\", \"runs\": 1.5}",
		  "runs is 1.5; expected a whole number of runs, at least 2" },
		{ HEAD "\"concurrency\": 0}", "concurrency is 0; expected a whole number "
		  "from 1, or null" },
		{ HEAD "\"sessions\": 5}", "sessions is 5; expected a whole number of "
		  "sessions, 1 to runs" },
		{ HEAD "\"files\": \"a.json\"}", "files is a string; expected an array of "
		  "strings or null" },
		{ HEAD "\"files\": [1]}", "files[0] is a number; expected a string" },
		{ "{\"format\": \"syncgate-noise/1\", \"engine\": \"zu\", \"runs\": 4, "
		  "\"confidence\": 1}", "confidence is 1; expected a level from 0.5 to "
		  "0.999999" },
		{ HEAD "\"classes\": []}", "classes is empty; expected an array of 1 to "
		  "10000 classes" },
		{ HEAD "\"classes\": [1]}", "classes[0] is a number; expected an object" },
		{ HEAD "\"classes\": [{\"name\": \"a\", \"kind\": \"scan\"}]}",
		  "classes[0].kind is \"scan\"; expected \"read\" or \"write\"" },
		{ HEAD "\"classes\": [{\"name\": \"a\", \"kind\": \"read\", \"p50\": "
		  "{\"log_sd\": 51}}]}", "classes[0].p50.log_sd is 51; expected a standard "
		  "deviation of logs from 0 to 50" },
		{ HEAD CLASSES(", \"p50_syncs\": 1") "}", "classes[0].p50_syncs is a "
		  "number; expected an object or null" },
		{ HEAD "\"classes\": [{\"name\": \"a\", \"kind\": \"read\", \"p50\": "
		  "{\"log_sd\": 0.1, \"df\": 3, \"within_log_sd\": 0, \"geomean\": 1, "
		  "\"session_log_sd\": 0.1}}]}", "classes[0].p50.session_df is missing; "
		  "expected degrees of freedom, at least 1, with session_log_sd" },
		{ HEAD "\"classes\": [{\"name\": \"a\", \"kind\": \"read\", \"p50\": " STAT
		  ", \"p99\": " STAT "}, {\"name\": \"a\", \"kind\": \"read\", \"p50\": "
		  STAT ", \"p99\": " STAT "}]}", "classes[1] \"a\" is named twice; "
		  "expected one entry a class" },
		{ HEAD CLASSES("") ", \"plan\": {\"limit\": 0}}", "plan.limit is 0; "
		  "expected a fraction above 0, at most 10" },
		{ HEAD CLASSES("") ", \"plan\": {\"limit\": 0.1, \"power\": 0.8, "
		  "\"confidence\": 0.9, \"runs\": 4, \"ops\": -3}}", "plan.ops is -3; "
		  "expected a whole number of operations, or null" },
	};
	struct noise n;
	char err[ERRLEN], want[ERRLEN];
	const char *path;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		path = put_noise(cases[i].json);
		if (cases[i].msg == NULL) {
			assert_int_equal(noise_load(path, &n, err), 0);
			noise_free(&n);
			continue;
		}
		snprintf(want, sizeof want, "%s: %s", path, cases[i].msg);
		assert_int_equal(noise_load(path, &n, err), -1);
		assert_string_equal(err, want);
	}
}

int
main(void)
{
	static char dir[] = "/tmp/syncgate-test-noise.XXXXXX";
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_noise_load_keeps),
		cmocka_unit_test(test_noise_refusals),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
