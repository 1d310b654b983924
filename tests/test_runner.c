/* SPDX-License-Identifier: MIT */
/*
 * The runner's plan: the balanced order of the runs and their files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/err.h"
#include "runner/runner.h"

/* Two engines: ABBA, each engine's runs numbered in turn, files named. */
static void
test_two_abba(void **state)
{
	static const char *const names[] = { "lmdb", "rocks" };
	static const char *const want[] = { "lmdb", "rocks", "rocks", "lmdb",
		"lmdb", "rocks", "rocks", "lmdb" };
	struct runner_plan p;
	char err[ERRLEN];
	size_t i;

	(void)state;
	assert_int_equal(runner_plan_make(&p, names, 2, 4, "r.json", 0, err), 0);
	assert_int_equal(p.n, 8);
	for (i = 0; i < p.n; i++) {
		assert_string_equal(p.job[i].name, want[i]);
		assert_int_equal(p.job[i].index, (long long)i / 2 + 1);
	}
	assert_string_equal(p.job[2].out, "r.rocks.2.json");
	assert_int_equal(strlen(p.session.id), SESSION_ID_LEN);
	runner_plan_free(&p);
}

/*
 * Three engines: each round runs every engine once, and the rounds'
 * orders are not all the same (12 rounds: one order repeating throughout
 * has a chance of 6^-11).
 */
static void
test_three_rounds(void **state)
{
	static const char *const names[] = { "a", "b", "c" };
	struct runner_plan p;
	char err[ERRLEN];
	size_t r, k;
	int seen, differ = 0;

	(void)state;
	assert_int_equal(runner_plan_make(&p, names, 3, 12, "r.json", 0, err), 0);
	for (r = 0; r < 12; r++) {
		seen = 0;
		for (k = 0; k < 3; k++) {
			const struct runner_job *j = &p.job[r * 3 + k];

			seen |= 1 << j->engine;
			assert_int_equal(j->index, (long long)r + 1);
			if (r > 0 && j->engine != p.job[k].engine)
				differ = 1;
		}
		assert_int_equal(seen, 7);
	}
	assert_true(differ);
	runner_plan_free(&p);
}

/* One engine, one run: the file as given, unless always named. */
static void
test_names(void **state)
{
	static const char *const one[] = { "a" };
	static const char *const twice[] = { "a", "a" };
	struct runner_plan p;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(runner_plan_make(&p, one, 1, 1, "r.json", 0, err), 0);
	assert_string_equal(p.job[0].out, "r.json");
	runner_plan_free(&p);
	assert_int_equal(runner_plan_make(&p, one, 1, 1, "dir.x/r", 1, err), 0);
	assert_string_equal(p.job[0].out, "dir.x/r.a.1");
	runner_plan_free(&p);
	assert_int_equal(runner_plan_make(&p, twice, 2, 1, "r.json", 1, err), -1);
	assert_non_null(strstr(err, "engine a named twice"));
	runner_plan_free(&p);
	assert_int_equal(runner_plan_make(&p, one, 1, 2, "-", 0, err), -1);
	assert_non_null(strstr(err, "cannot share standard output"));
	runner_plan_free(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_abba),
		cmocka_unit_test(test_three_rounds),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
