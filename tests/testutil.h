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

#endif
