/* SPDX-License-Identifier: MIT */
/*
 * The decimal number grammar every text reader shares: what it takes,
 * what strtod would have taken and it refuses, and counts past a limit.
 */
#include <string.h>

#include "lib/decimal.h"
#include "tests/testutil.h"

static void
test_decimal_parse_grammar(void **state)
{
	static const struct {
		const char *s;
		int ok;
		double want;
	} cases[] = {
		{ "0", 1, 0 }, { "377", 1, 377 }, { "1021.5", 1, 1021.5 },
		{ ".5", 1, 0.5 }, { "5.", 1, 5 }, { "7.65e6", 1, 7.65e6 },
		{ "1E3", 1, 1000 }, { "1e+3", 1, 1000 }, { "1e-3", 1, 1e-3 },
		{ "123456789012345", 1, 123456789012345.0 },
		{ "1234567890123456789", 1, 1234567890123456789.0 },
		{ "1e999", 1, INFINITY }, { "1e-999", 1, 0 },
		/* what strtod takes and a file's number is not */
		{ "0x10", 0, 0 }, { "0X10", 0, 0 }, { "0x1p3", 0, 0 }, { "inf", 0, 0 },
		{ "infinity", 0, 0 }, { "nan", 0, 0 }, { "-5", 0, 0 }, { "+5", 0, 0 },
		{ " 5", 0, 0 }, { "\t5", 0, 0 }, { "5 ", 0, 0 },
		/* not numbers at all */
		{ "", 0, 0 }, { ".", 0, 0 }, { "e3", 0, 0 }, { "1e", 0, 0 },
		{ "1e+", 0, 0 }, { "1.2.3", 0, 0 }, { "12abc", 0, 0 }, { "1,5", 0, 0 },
		{ "0000000000000000000000000000000000000000000000000000000000000001", 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double v = -1;
		int rc = decimal_parse(cases[i].s, strlen(cases[i].s), &v);

		if (rc != (cases[i].ok ? 0 : -1))
			fail_msg("\"%s\": returned %d", cases[i].s, rc);
		if (cases[i].ok && !(v == cases[i].want))
			fail_msg("\"%s\": %.17g, expected %.17g", cases[i].s, v,
			    cases[i].want);
	}
	/* the length given is the token: what follows it is not read */
	assert_int_equal(decimal_parse("12abc", 2, &(double){ 0 }), 0);
}

/* A token scaled in its text: the figure it says, never a product's noise. */
static void
test_decimal_parse_scaled(void **state)
{
	static const struct {
		const char *s;
		int exp10, ok;
		double want;
	} cases[] = {
		{ "8.2875", 6, 1, 8287500 }, { "8.3035", 6, 1, 8303500 },
		{ "1.1", 3, 1, 1100 }, { "0.1234567", 6, 1, 123456.7 },
		{ "335", 3, 1, 335000 }, { "0", 9, 1, 0 }, { "0.000", 6, 1, 0 },
		{ "1.5", 0, 1, 1.5 }, { "0.1", -2, 1, 0.001 }, { "5", -2, 1, 0.05 },
		{ "007.50", 3, 1, 7500 }, { ".5", 3, 1, 500 }, { "5.", 3, 1, 5000 },
		/* a token with its own exponent: both powers add */
		{ "7.65e3", 3, 1, 7650000 }, { "8.2875E-3", 9, 1, 8287500 },
		{ "1e+2", 1, 1, 1000 }, { "82875e-4", 6, 1, 8287500 },
		/* more digits than a double holds: still rounded once */
		{ "1234567890123456789", 3, 1, 1234567890123456789e3 },
		{ "0.10000000000000000000000000001", 1, 1, 1 },
		{ "8.28750000000000000001", 6, 1, 8287500 },
		/* limits: past the range inf and 0, for the caller to refuse */
		{ "1", 30, 1, 1e30 }, { "1", -30, 1, 1e-30 }, { "1e300", 30, 1, INFINITY },
		{ "1e-330", -30, 1, 0 }, { "1e999999999999", 0, 1, INFINITY },
		{ "1e-999999999999", 6, 1, 0 },
		/* refusals: what decimal_parse refuses, and a scale out of range */
		{ "1", 31, 0, 0 }, { "1", -31, 0, 0 }, { "-1", 3, 0, 0 },
		{ "0x10", 3, 0, 0 }, { "inf", 3, 0, 0 }, { "", 3, 0, 0 }, { ".", 3, 0, 0 },
		{ "1e", 3, 0, 0 }, { "1,5", 3, 0, 0 }, { " 1", 3, 0, 0 },
		{ "0000000000000000000000000000000000000000000000000000000000000001", 3, 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double v = -1;
		int rc = decimal_parse_scaled(cases[i].s, strlen(cases[i].s),
		    cases[i].exp10, &v);

		if (rc != (cases[i].ok ? 0 : -1))
			fail_msg("\"%s\" at %d: returned %d", cases[i].s, cases[i].exp10, rc);
		if (cases[i].ok && !(v == cases[i].want))
			fail_msg("\"%s\" at %d: %.17g, expected %.17g", cases[i].s,
			    cases[i].exp10, v, cases[i].want);
		if (!cases[i].ok)
			assert_true(v == -1);
	}
	assert_int_equal(decimal_parse_scaled("12abc", 2, 3, &(double){ 0 }), 0);
}

/* The interval a printed value stands for, each end rounded once. */
static void
test_decimal_bounds_scaled(void **state)
{
	static const struct {
		const char *s;
		int exp10;
		double lo, hi;
	} cases[] = {
		{ "8.287", 6, 8286500, 8287500 }, { "8.303", 6, 8302500, 8303500 },
		{ "0.017", 6, 16500, 17500 }, { "335", 0, 334.5, 335.5 },
		{ "335.000", 3, 334999.5, 335000.5 }, { "0", 0, 0, 0.5 },
		{ "0.000", 6, 0, 500 }, { "10", 0, 9.5, 10.5 }, { "1.00", 6, 995000, 1005000 },
		{ "1.5e3", 0, 1450, 1550 }, { "100", 3, 99500, 100500 },
	};
	size_t i;
	double lo, hi;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		lo = hi = -1;
		assert_int_equal(decimal_bounds_scaled(cases[i].s, strlen(cases[i].s),
		    cases[i].exp10, &lo, &hi), 0);
		if (!(lo == cases[i].lo && hi == cases[i].hi))
			fail_msg("\"%s\" at %d: %.17g to %.17g, expected %.17g to %.17g",
			    cases[i].s, cases[i].exp10, lo, hi, cases[i].lo, cases[i].hi);
	}
	assert_int_equal(decimal_bounds_scaled("x", 1, 0, &lo, &hi), -1);
	assert_int_equal(decimal_bounds_scaled("1", 1, 31, &lo, &hi), -1);
}

static void
test_decimal_whole_limits(void **state)
{
	static const struct {
		const char *s;
		long long max;
		int rc;
		long long want;
	} cases[] = {
		{ "0", 10, 0, 0 }, { "10", 10, 0, 10 }, { "11", 10, -2, 0 },
		{ "9007199254740991", 9007199254740991LL, 0, 9007199254740991LL },
		{ "9007199254740992", 9007199254740991LL, -2, 0 },
		{ "99999999999999999999999", 9007199254740991LL, -2, 0 },
		{ "1e3", 10000, -1, 0 }, { "2.5", 10, -1, 0 }, { "-1", 10, -1, 0 },
		{ "0x10", 100, -1, 0 }, { "", 10, -1, 0 }, { " 1", 10, -1, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		long long v = -7;
		int rc = decimal_whole(cases[i].s, strlen(cases[i].s), cases[i].max, &v);

		if (rc != cases[i].rc)
			fail_msg("\"%s\": returned %d, expected %d", cases[i].s, rc,
			    cases[i].rc);
		assert_int_equal(v, rc == 0 ? cases[i].want : -7);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decimal_parse_grammar),
		cmocka_unit_test(test_decimal_parse_scaled),
		cmocka_unit_test(test_decimal_bounds_scaled),
		cmocka_unit_test(test_decimal_whole_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
