/* SPDX-License-Identifier: MIT */
/*
 * Printed units, checked number parsing, UTF-8 decoding and terminal
 * widths: what every table's alignment and every option's range rest on.
 */
#include <math.h>
#include <string.h>

#include "lib/err.h"
#include "lib/units.h"
#include "lib/utf8.h"
#include "tests/testutil.h"

static void
test_fmt_duration_units(void **state)
{
	static const struct {
		double ns;
		int ascii;
		const char *want;
	} cases[] = {
		{ 0, 0, "0ns" },
		{ 999, 0, "999ns" },
		{ 1000, 0, "1µs" },
		{ 53960, 0, "53.96µs" },
		{ 53960, 1, "53.96us" },
		{ 999999, 0, "1ms" },      /* rounds up into the next unit */
		{ 12000000, 0, "12ms" },
		{ 1500000000, 0, "1.5s" },
		{ 7200e9, 0, "7200s" },    /* seconds are the largest unit */
		{ -2500, 0, "-2.5µs" },
		{ NAN, 0, "-" },
		{ INFINITY, 0, "inf" },
	};
	char buf[DURLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(units_fmt_duration(buf, sizeof buf, cases[i].ns,
		    cases[i].ascii), cases[i].want);
}

static void
test_fmt_bytes_and_ratio(void **state)
{
	char buf[DURLEN];

	(void)state;
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 512), "512 B");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 4096), "4 KiB");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 1.5 * 1024 * 1024), "1.5 MiB");
	/* a count that no unit holds exactly stays in bytes, never rounded */
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 4097), "4097 B");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 4095), "4095 B");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 1023), "1023 B");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 10000), "10000 B");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 4608), "4.5 KiB");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 1024 * 1024 + 1024), "1025 KiB");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 64.0 * 1024 * 1024), "64 MiB");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 1099511627776.0), "1 TiB");
	assert_string_equal(units_fmt_bytes(buf, sizeof buf, 1), "1 B");
	assert_string_equal(units_fmt_ratio(buf, sizeof buf, 220.4249), "220.42");
	assert_string_equal(units_fmt_ratio(buf, sizeof buf, NAN), "-");
}

/* Ratios: two decimals, and two significant digits under 0.01, never a bare 0. */
static void
test_fmt_ratio_small(void **state)
{
	static const struct {
		double r;
		const char *want;
	} cases[] = {
		{ 220.4249, "220.42" }, { 1, "1.00" }, { 0.01, "0.01" },
		{ 0.0099, "0.0099" }, { 0.0018, "0.0018" }, { 0.001, "0.0010" },
		{ 0.000999, "0.0010" }, { 0.00055, "0.00055" }, { 0.005, "0.0050" },
		{ 0, "0.00" }, { -0.0018, "-0.0018" }, { 1.23e-12, "0.0000000000012" },
		{ 1.23e-14, "1.2e-14" }, { NAN, "-" },
	};
	char buf[DURLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(units_fmt_ratio(buf, sizeof buf, cases[i].r), cases[i].want);
}

static void
test_parse_count_range(void **state)
{
	static const struct {
		const char *s;
		int ok;
		long long want;
	} cases[] = {
		{ "15", 1, 15 }, { "3", 1, 3 }, { "1000000", 1, 1000000 },
		{ "2", 0, 0 }, { "1000001", 0, 0 }, { "", 0, 0 }, { "12abc", 0, 0 },
		{ " 12", 0, 0 }, { "+12", 0, 0 }, { "1e3", 0, 0 },
		{ "99999999999999999999", 0, 0 }, { "-5", 0, 0 },
		/* strtoll skips any white space and reads a second sign */
		{ "\v12", 0, 0 }, { "\n12", 0, 0 }, { "-+5", 0, 0 }, { "0x10", 0, 0 },
	};
	char err[ERRLEN];
	long long v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		v = -1;
		assert_int_equal(units_parse_count(cases[i].s, 3, 1000000, &v, "--samples",
		    err), cases[i].ok ? 0 : -1);
		if (cases[i].ok)
			assert_int_equal(v, cases[i].want);
		else
			assert_non_null(strstr(err, "--samples: "));
	}
}

static void
test_parse_real_and_percent(void **state)
{
	char err[ERRLEN];
	double v;

	(void)state;
	assert_int_equal(units_parse_real("2.5", 1, 100, &v, "--x", err), 0);
	assert_near(v, 2.5, 0);
	assert_int_equal(units_parse_real("nan", 1, 100, &v, "--x", err), -1);
	assert_int_equal(units_parse_real("inf", 1, 100, &v, "--x", err), -1);
	assert_int_equal(units_parse_real("0.5", 1, 100, &v, "--x", err), -1);
	assert_non_null(strstr(err, "out of range"));
	assert_int_equal(units_parse_real("2x", 1, 100, &v, "--x", err), -1);
	assert_non_null(strstr(err, "not a number"));
	/* decimal only, as files are read: strtod would take each of these */
	assert_int_equal(units_parse_real("0x10", 1, 100, &v, "--x", err), -1);
	assert_string_equal(err, "--x: 0x10 is not a number");
	assert_int_equal(units_parse_real("0x1p3", 1, 100, &v, "--x", err), -1);
	assert_int_equal(units_parse_real("\v5", 1, 100, &v, "--x", err), -1);
	assert_int_equal(units_parse_real("infinity", 1, 100, &v, "--x", err), -1);
	assert_string_equal(err, "--x: infinity is not a number");
	assert_int_equal(units_parse_real("1e1", 1, 100, &v, "--x", err), 0);
	assert_near(v, 10, 0);
	assert_int_equal(units_parse_real("-5", 1, 100, &v, "--x", err), -1);
	assert_non_null(strstr(err, "--x: -5 is out of range"));
	assert_int_equal(units_parse_percent("5%", 0, 1, &v, "--p", err), 0);
	assert_near(v, 0.05, 1e-15);
	assert_int_equal(units_parse_percent("5", 0, 1, &v, "--p", err), 0);
	assert_near(v, 0.05, 1e-15);
	assert_int_equal(units_parse_percent("0%", 0, 1, &v, "--p", err), -1);
	assert_int_equal(units_parse_percent("100", 0, 1, &v, "--p", err), -1);
	assert_int_equal(units_parse_percent("%", 0, 1, &v, "--p", err), -1);
	assert_int_equal(units_parse_percent("5%%", 0, 1, &v, "--p", err), -1);
	/* a bare fraction may mean 5% or 0.05%: refused, with both spellings */
	assert_int_equal(units_parse_percent("0.05", 0, 1, &v, "--p", err), -1);
	assert_non_null(strstr(err, "--p: 0.05 is ambiguous; expected a percentage "
	    "with its sign, such as 5% or 0.05%"));
	assert_int_equal(units_parse_percent("0.05%", 0, 1, &v, "--p", err), 0);
	assert_near(v, 0.0005, 1e-15);
	/* the hundredth taken in the text: 1.1 / 100 is 0.011000000000000001 */
	assert_int_equal(units_parse_percent("1.1%", 0, 1, &v, "--p", err), 0);
	assert_true(v == 0.011);
	assert_int_equal(units_parse_percent("0.7%", 0, 1, &v, "--p", err), 0);
	assert_true(v == 0.007);
}

/* Durations: a number and its unit; a bare number only where allowed. */
static void
test_parse_duration_units(void **state)
{
	static const struct {
		const char *s;
		double bare, ns;        /* ns < 0: refused */
		const char *msg;
	} cases[] = {
		{ "10ms", 0, 10e6, NULL }, { "200ms", 1e9, 200e6, NULL },
		{ "0.2", 1e9, 200e6, NULL }, { "1s", 1e9, 1e9, NULL },
		{ "2.5s", 0, 2.5e9, NULL }, { "500us", 0, 500e3, NULL },
		{ "500\xc2\xb5s", 0, 500e3, NULL }, { "1500ns", 0, 1500, NULL },
		/* scaled in the text, never a product's noise (0.0079 * 1e6 is not 7900) */
		{ "8.2875ms", 0, 8287500, NULL }, { "0.0079ms", 0, 7900, NULL },
		{ "0.0041", 1e9, 4100000, NULL }, { "16.1us", 0, 16100, NULL },
		{ "1.5e3us", 0, 1.5e6, NULL },
		{ "10", 0, -1, "--d: 10 has no unit; expected a duration such as 10ms" },
		{ "ten", 0, -1, "--d: ten is not a duration such as 10ms" },
		{ "10 ms", 0, -1, "not a duration" }, { "10min", 0, -1, "not a duration" },
		{ "ms", 0, -1, "not a duration" }, { "1.2.3s", 0, -1, "not a duration" },
		{ "", 1e9, -1, "got nothing" },
		{ "0", 1e9, -1, "--d: 0 is out of range; expected 1ms to 3600s" },
		{ "0s", 1e9, -1, "out of range" }, { "-1s", 1e9, -1, "out of range" },
		{ "0.5ms", 1e9, -1, "out of range" }, { "3601s", 1e9, -1, "out of range" },
		{ "nans", 1e9, -1, "not a duration" }, { "infs", 1e9, -1, "not a duration" },
	};
	char err[ERRLEN];
	double v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int rc = units_parse_duration(cases[i].s, cases[i].bare ? 1e6 : 1, 3600e9,
		    cases[i].bare, &v, "--d", err);

		if (cases[i].ns >= 0 && (rc != 0 || v != cases[i].ns)) {
			print_error("\"%s\": %d %g: %s\n", cases[i].s, rc, v, err);
			fail();
		}
		if (cases[i].ns < 0 && (rc != -1 || strstr(err, cases[i].msg) == NULL)) {
			print_error("\"%s\": %d: %s\n", cases[i].s, rc, err);
			fail();
		}
	}
}

static void
test_utf8_decode_strict(void **state)
{
	static const struct {
		const char *s;
		size_t len;
		uint32_t cp;
	} cases[] = {
		{ "A", 1, 'A' },
		{ "\xc2\xb5", 2, 0xB5 },                 /* µ */
		{ "\xe6\x97\xa5", 3, 0x65E5 },           /* 日 */
		{ "\xf0\x9f\x98\x80", 4, 0x1F600 },      /* an emoji */
		{ "\xc0\xaf", 1, UTF8_BAD },             /* overlong '/' */
		{ "\xe0\x80\xaf", 1, UTF8_BAD },         /* overlong, three bytes */
		{ "\xed\xa0\x80", 1, UTF8_BAD },         /* a surrogate */
		{ "\xf4\x90\x80\x80", 1, UTF8_BAD },     /* past U+10FFFF */
		{ "\xe6\x97", 1, UTF8_BAD },             /* truncated */
		{ "\x80", 1, UTF8_BAD },                 /* a lone continuation */
		{ "\xff", 1, UTF8_BAD },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint32_t cp = 0;

		assert_int_equal(utf8_decode(cases[i].s, &cp), cases[i].len);
		assert_int_equal(cp, cases[i].cp);
	}
}

/* Blank is what prints as nothing: Unicode's White_Space, and "". */
static void
test_utf8_blank_and_bom(void **state)
{
	(void)state;
	assert_true(utf8_blank(""));
	assert_true(utf8_blank(" \t\r\n"));
	assert_true(utf8_blank("\xc2\xa0\xe2\x80\x83\xe3\x80\x80"));  /* NBSP, em, ideographic */
	assert_false(utf8_blank(" a "));
	assert_false(utf8_blank("\xe2\x80\x8b"));     /* zero width: shown escaped */
	assert_false(utf8_blank("\xff"));               /* malformed: shown as '?' */
	assert_int_equal(utf8_bom("\xef\xbb\xbfx", 4), 3);
	assert_int_equal(utf8_bom("\xef\xbb", 2), 0);
	assert_int_equal(utf8_bom("x\xef\xbb\xbf", 4), 0);
}

static void
test_utf8_hidden_set(void **state)
{
	(void)state;
	assert_true(utf8_hidden(UTF8_BAD));
	assert_true(utf8_hidden(0x1B));      /* ESC */
	assert_true(utf8_hidden(0x7F));
	assert_true(utf8_hidden(0x9B));      /* CSI */
	assert_true(utf8_hidden(0x202E));    /* right-to-left override */
	assert_true(utf8_hidden(0x2066));    /* left-to-right isolate */
	assert_true(utf8_hidden(0xFEFF));
	assert_false(utf8_hidden('a'));
	assert_false(utf8_hidden(0xB5));
	assert_false(utf8_hidden(0x65E5));
}

static void
test_text_width_columns(void **state)
{
	static const struct {
		const char *s;
		size_t width;
	} cases[] = {
		{ "", 0 },
		{ "sqlite", 6 },
		{ "53.96\xc2\xb5s", 7 },                  /* µ is one column */
		{ "\xe6\x97\xa5\xe6\x9c\xac", 4 },        /* 日本: two each */
		{ "\xed\x95\x9c", 2 },                    /* a Hangul syllable */
		{ "\xef\xbc\xa1", 2 },                    /* fullwidth A */
		{ "\xf0\x9f\x9a\x80", 2 },                /* rocket emoji */
		{ "e\xcc\x81", 1 },                       /* e + combining acute */
		{ "a\xe2\x80\x8b" "b", 2 },               /* zero-width space */
		{ "\xe2\x94\x80\xe2\x94\x80", 2 },        /* box drawing: one each */
		{ "\xff\xfe", 2 },                        /* invalid: a column a byte */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(text_width(cases[i].s), cases[i].width);
}

/* Decimals as asked, then trailing zeros and a bare point dropped. */
static void
test_fmt_fixed_trims(void **state)
{
	char buf[DURLEN];

	(void)state;
	assert_string_equal(units_fmt_fixed(buf, sizeof buf, 2.5, 2), "2.5");
	assert_string_equal(units_fmt_fixed(buf, sizeof buf, 2.0, 2), "2");
	assert_string_equal(units_fmt_fixed(buf, sizeof buf, 100, 3), "100");
	assert_string_equal(units_fmt_fixed(buf, sizeof buf, 0.125, 2), "0.12");
	assert_string_equal(units_fmt_fixed(buf, sizeof buf, 1.5, 0), "2");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fmt_duration_units),
		cmocka_unit_test(test_fmt_bytes_and_ratio),
		cmocka_unit_test(test_fmt_ratio_small),
		cmocka_unit_test(test_fmt_fixed_trims),
		cmocka_unit_test(test_parse_count_range),
		cmocka_unit_test(test_parse_real_and_percent),
		cmocka_unit_test(test_parse_duration_units),
		cmocka_unit_test(test_utf8_decode_strict),
		cmocka_unit_test(test_utf8_hidden_set),
		cmocka_unit_test(test_utf8_blank_and_bom),
		cmocka_unit_test(test_text_width_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
