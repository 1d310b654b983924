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
