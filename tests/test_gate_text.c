/* SPDX-License-Identifier: MIT */
/*
 * The gate's text verdict (report/text.c): names from hostile files shown
 * escaped and never as themselves, columns aligned by characters, --ascii
 * with nothing beyond ASCII, and colour exactly when render_opts asks.
 */
#include <stdlib.h>
#include <string.h>

#include "gate/verdict.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "report/report.h"
#include "report/words.h"
#include "tests/testutil.h"

/* ESC, CR, a bidirectional override (U+202E) and a C1 CSI (U+009B). */
#define NASTY "\x1b[31m\r\xe2\x80\xae\xc2\x9b"

/* v rendered with o; the caller frees. */
static char *
render_with(struct gate_verdict *v, struct render_opts o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(report_text(fp, v, &o), 0);
	assert_int_equal(fclose(fp), 0);
	return buf;
}

/* v rendered as text, ASCII only or coloured as asked; the caller frees. */
static char *
render(struct gate_verdict *v, int ascii, int color)
{
	struct render_opts o = { .ascii = ascii, .color = color };

	return render_with(v, o);
}

static void
load_split(struct gate_verdict *v)
{
	char err[ERRLEN];

	assert_int_equal(verdict_load("fixtures/report/split.json", v, err), 0);
	report_words(v);
	assert_true(v->nrows >= 3 && v->rows[0].kind == KIND_READ);
}

/* No byte below 0x20 but the newline, no DEL, and no U+202E or C1 character. */
static void
assert_inert(const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p != '\0'; p++)
		assert_true(*p >= 0x20 ? *p != 0x7f : *p == '\n');
	assert_null(strstr(s, "\xe2\x80\xae"));
	assert_null(strstr(s, "\xc2\x9b"));
}

static void
test_gate_text_escapes_names(void **state)
{
	struct gate_verdict v;
	char *out;

	(void)state;
	load_split(&v);
	free(v.rows[0].name);
	v.rows[0].name = xstrdup("row" NASTY);
	free(v.ours.label);
	v.ours.label = xstrdup("zu" NASTY);
	verdict_noted(&v, NOTE_SAVED, -1)->a = xasprintf("note " NASTY);
	report_words(&v);
	out = render(&v, 0, 0);
	assert_inert(out);
	assert_non_null(strstr(out, "\nrow\\x1b[31m\\x0d\\u202e\\u009b  53.96µs"));
	assert_non_null(strstr(out, "zu\\x1b[31m\\x0d\\u202e\\u009b p50"));
	assert_non_null(strstr(out, "  - note \\x1b[31m\\x0d\\u202e\\u009b\n"));
	free(out);
	/* --ascii escapes them alike, and everything else beyond ASCII */
	free(v.rows[1].name);
	v.rows[1].name = xstrdup("caf\xc3\xa9");
	out = render(&v, 1, 0);
	assert_inert(out);
	assert_non_null(strstr(out, "\nrow\\x1b[31m\\x0d\\u202e\\u009b  53.96us"));
	assert_non_null(strstr(out, "\ncaf\\u00e9 "));
	free(out);
	verdict_free(&v);
}

/* Each column starts at one character offset on every line of the table. */
static void
test_gate_text_aligns_characters(void **state)
{
	struct gate_verdict v;
	char *out, *line, *save = NULL;
	int col = -1, n = 0;

	(void)state;
	load_split(&v);
	out = render(&v, 0, 0);
	for (line = strtok_r(out, "\n", &save); line && n < 5;
	    line = strtok_r(NULL, "\n", &save)) {
		char *at = strstr(line, n == 0 ? "ladybug p50" : n == 1 ? "-----------" :
		    n == 2 ? "11.89ms" : n == 3 ? "12.13ms" : "13.39ms");
		size_t chars = 0;
		char *p;

		if (n == 0 && at == NULL)
			continue;       /* the headline */
		assert_non_null(at);
		for (p = line; p < at; p++)
			chars += ((unsigned char)*p & 0xC0) != 0x80;
		if (col < 0)
			col = (int)chars;
		assert_int_equal((int)chars, col);
		n++;
	}
	assert_int_equal(n, 5);
	free(out);
	verdict_free(&v);
}

static void
test_gate_text_ascii_only(void **state)
{
	struct gate_verdict v;
	const unsigned char *p;
	char *out;

	(void)state;
	load_split(&v);
	out = render(&v, 1, 0);
	for (p = (const unsigned char *)out; *p != '\0'; p++)
		assert_true(*p < 0x80);
	assert_non_null(strstr(out, "53.96us"));
	free(out);
	/* the reasons in full (--verbose) alike */
	out = render_with(&v, (struct render_opts){ .ascii = 1, .verbose = 1 });
	for (p = (const unsigned char *)out; *p != '\0'; p++)
		assert_true(*p < 0x80);
	assert_non_null(strstr(out, "against 53.96us for zu"));
	free(out);
	verdict_free(&v);
}

/* Colour is the words pass, fail and indeterminate, and only when asked. */
static void
test_gate_text_colour_when_asked(void **state)
{
	struct gate_verdict v;
	char *out;

	(void)state;
	load_split(&v);
	out = render(&v, 0, 1);
	assert_non_null(strstr(out, "\nVerdict: \033[31mfail\033[0m\n"));
	assert_non_null(strstr(out, "\nReads: \033[32mpass\033[0m: "));
	free(out);
	out = render(&v, 0, 0);
	assert_null(strchr(out, '\033'));
	assert_non_null(strstr(out, "\nVerdict: fail\n"));
	free(out);
	verdict_free(&v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gate_text_escapes_names),
		cmocka_unit_test(test_gate_text_aligns_characters),
		cmocka_unit_test(test_gate_text_ascii_only),
		cmocka_unit_test(test_gate_text_colour_when_asked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
