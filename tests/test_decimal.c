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
		cmocka_unit_test(test_decimal_whole_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
