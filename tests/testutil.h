/* SPDX-License-Identifier: MIT */
/*
 * What every cmocka test file includes: cmocka's own prerequisites, and
 * assert_near (cmocka 1.1 has no floating-point equality).
 */
#ifndef SYNCGATE_TESTUTIL_H
#define SYNCGATE_TESTUTIL_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "gate/verdict_load.h"
#include "lib/json.h"
#include "verdict/base.h"

/*
 * TEST_SANITIZED is 1 in a build under AddressSanitizer (make check's
 * build-asan), else 0.  TEST_TRIALS(full, smoke) is a seeded
 * simulation's trial count: full in the plain build, which checks the
 * figures the documents quote, smoke under the sanitizers, which run the
 * same code at twice to four times its cost and find in the first trials
 * what they would find in the last.  A test that takes the smoke count
 * says so beside it, and which of its bounds it checks at full count only.
 */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_SANITIZED 1
#endif
#endif
#ifndef TEST_SANITIZED
#define TEST_SANITIZED 0
#endif
#define TEST_TRIALS(full, smoke) (TEST_SANITIZED ? (smoke) : (full))

/* Fails unless |a - b| <= eps, printing both values. */
#define assert_near(a, b, eps) \
	_assert_near((double)(a), (double)(b), (double)(eps), #a, __FILE__, __LINE__)

static inline void
_assert_near(double a, double b, double eps, const char *expr,
    const char *file, int line)
{
	if (!(fabs(a - b) <= eps)) {
		print_error("%s is %.17g; expected %.17g within %g\n", expr, a, b, eps);
		_fail(file, line);
	}
}

/* Loads a verdict file (fixtures/report/...); as verdict_from_json. */
static inline int
verdict_load(const char *path, struct gate_verdict *v, char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	int rc;

	verdict_init(v);
	if (root == NULL)
		return -1;
	rc = verdict_from_json(root, path, v, err);
	cJSON_Delete(root);
	return rc;
}

/*
 * A test file's scratch folder: main points test_dir at its template
 * ("/tmp/syncgate-x.XXXXXX", replaced in place) and gives test_dir_make
 * and test_dir_remove to cmocka_run_group_tests as the group's setup and
 * teardown; the folder goes with all it holds.
 */
static char *test_dir;

static inline int
test_dir_make(void **state)
{
	(void)state;
	return mkdtemp(test_dir) == NULL ? -1 : 0;
}

static inline int
test_dir_remove(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_dir);
	return system(cmd) == 0 ? 0 : -1;
}

#endif
