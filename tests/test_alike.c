/* SPDX-License-Identifier: MIT */
/*
 * Names that print alike: equal keys for what a reader cannot tell apart
 * (NFC and NFD, compatibility forms, invisible ignorables), different
 * keys for what the renderers show apart (a hidden character against the
 * text of its escape), and bytes shown where two long names differ.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/alike.h"
#include "tests/testutil.h"

static int
alike(const char *a, const char *b)
{
	char *ka = alike_key(a), *kb = alike_key(b);
	int same = strcmp(ka, kb) == 0;

	free(ka);
	free(kb);
	return same;
}

static void
test_alike_key_table(void **state)
{
	static const struct {
		const char *a, *b;
		int alike;
	} cases[] = {
		{ "caf\xc3\xa9", "cafe\xcc\x81", 1 },           /* NFC, NFD */
		{ "\xef\xac\x81le", "file", 1 },                /* the fi ligature */
		{ "\xef\xbd\x87\xef\xbd\x85\xef\xbd\x94", "get", 1 },  /* fullwidth */
		{ "x\xc2\xb2", "x2", 1 },                       /* superscript two */
		{ "get\xc2\xad", "get", 1 },                    /* soft hyphen */
		{ "a\xef\xb8\x8f", "a", 1 },                    /* variation selector */
		/* shown as \u202e, \x1b, \xff: apart from the names without them */
		{ "get\xe2\x80\xae", "get", 0 },
		{ "get\xe2\x80\x8b", "get", 0 },
		{ "a\x1b", "a", 0 },
		{ "\xff", "", 0 },
		/* and apart from their text, whose backslash shows doubled */
		{ "get\xe2\x80\xae", "get\\u202e", 0 },
		{ "a\x1b", "a\\x1b", 0 },
		{ "\xff", "\\xff", 0 },
		{ "Get", "get", 0 },
		{ "point-read", "point-read", 1 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (alike(cases[i].a, cases[i].b) != cases[i].alike)
			fail_msg("case %zu: alike is %d; expected %d", i,
			    !cases[i].alike, cases[i].alike);
}

static void
test_alike_bytes_short_and_long(void **state)
{
	char buf[256], a[301], b[301];

	(void)state;
	assert_string_equal(alike_bytes(buf, sizeof buf, "caf\xc3\xa9", 3),
	    "bytes 63 61 66 c3 a9");
	assert_string_equal(alike_bytes(buf, sizeof buf, "", 0), "bytes");
	/* 300 bytes differing at byte 200 (counted from 0): shown around it */
	memset(a, 'a', 300);
	a[300] = '\0';
	memcpy(b, a, sizeof b);
	b[200] = 'b';
	alike_bytes(buf, sizeof buf, b, 200);
	assert_non_null(strstr(buf, "bytes 193 to 240 of 300: 61 61"));
	assert_non_null(strstr(buf, " 61 62 61 "));
	/* near the end the window stays within the name */
	alike_bytes(buf, sizeof buf, b, 299);
	assert_non_null(strstr(buf, "bytes 253 to 300 of 300:"));
	/* a buffer too small is cut, never overrun */
	alike_bytes(buf, 12, a, 0);
	assert_true(strlen(buf) < 12);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alike_key_table),
		cmocka_unit_test(test_alike_bytes_short_and_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
