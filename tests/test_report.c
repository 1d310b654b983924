/* SPDX-License-Identifier: MIT */
/*
 * The renderers on verdicts built by hand: escaping of hostile names in
 * every format, the short Markdown, figures and words as ruled, the
 * history exports, annotations and the JUnit counts.
 */
#include "report/escape.h"
#include "tests/reporttest.h"

static void
assert_no_controls(const char *s, int tabs)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 && *s != '\n' && !(tabs && *s == '\t'))
			fail_msg("control byte 0x%02x in output", (unsigned char)*s);
}

static void
assert_absent(const char *hay, const char *needle)
{
	if (strstr(hay, needle) != NULL)
		fail_msg("output contains %s", needle);
}

static void
test_markdown_hostile_names(void **state)
{
	struct gate_verdict v;
	char *md, *line;
	size_t pipes;

	(void)state;
	fill_hostile(&v);
	md = render(&v, FORMAT_MARKDOWN, 0);
	assert_no_controls(md, 0);
	assert_absent(md, "<script");
	assert_absent(md, "<img");
	assert_absent(md, "[a](");
	assert_absent(md, "http://");
	assert_absent(md, "**b**");
	assert_true(strstr(md, "&lt;script&gt;alert(1)&lt;/script&gt;\\|x") != NULL);
	assert_true(strstr(md, "\\x1b\\[2J") != NULL);
	assert_true(strstr(md, "\\u202e") != NULL);
	assert_true(strstr(md, "\\\\xff\\\\xfe not UTF-8") != NULL);
	assert_true(strstr(md, "- \\- \\# heading") != NULL);
	/* every table row keeps its cell count: unescaped pipes only */
	for (line = md; (line = strstr(line, "\n| ")) != NULL; line++) {
		const char *p;

		pipes = 0;
		for (p = line + 1; *p != '\n' && *p != '\0'; p++)
			if (*p == '|' && p[-1] != '\\')
				pipes++;
		assert_true(pipes == 10 || pipes == 7 || pipes == 8);
	}
	free(md);
	verdict_free(&v);
}

static void
test_json_hostile_round_trip(void **state)
{
	struct gate_verdict v, back;
	char err[ERRLEN], *a, *b;

	(void)state;
	fill_hostile(&v);
	a = render(&v, FORMAT_JSON, 0);
	assert_no_controls(a, 1);
	assert_int_equal(load_text(a, &back, err), 0);
	assert_string_equal(back.rows[1].name, EVIL_CLASS);
	assert_string_equal(back.ours.engine, EVIL_ENGINE);
	b = render(&back, FORMAT_JSON, 0);
	assert_string_equal(a, b);
	free(a);
	free(b);
	verdict_free(&v);
	verdict_free(&back);
}

static void
test_junit_hostile_names(void **state)
{
	struct gate_verdict v;
	char *x;

	(void)state;
	fill_hostile(&v);
	x = render(&v, FORMAT_JUNIT, 0);
	assert_no_controls(x, 0);
	assert_absent(x, "<script");
	assert_absent(x, "]]>");
	assert_absent(x, "\"quoted\"");
	assert_absent(x, "'single'");
	assert_true(strstr(x, "name=\"write\\x0a| evil | row |\\x1b[2J&quot;quoted&quot; "
	    "&#39;single&#39;") != NULL);
	free(x);
	verdict_free(&v);
}

static void
test_html_hostile_names(void **state)
{
	struct gate_verdict v;
	char *h, *p;
	size_t scripts = 0;

	(void)state;
	fill_hostile(&v);
	h = render(&v, FORMAT_HTML, 0);
	assert_no_controls(h, 0);
	for (p = h; (p = strstr(p, "<script")) != NULL; p++)
		scripts++;
	assert_int_equal(scripts, 0);
	assert_absent(h, "<img");
	assert_absent(h, "</dd><script");
	assert_true(strstr(h, "&lt;script&gt;alert(1)&lt;/script&gt;|x") != NULL);
	assert_true(strstr(h, "default-src 'none'") != NULL);
	free(h);
	verdict_free(&v);
}

/* Each escaper on single characters and short strings. */
struct esc_case {
	const char *in, *plain, *markdown, *xml;
};

static char *
escaped(void (*esc)(FILE *, const char *), const char *in)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	esc(fp, in);
	fclose(fp);
	return buf;
}

static void
test_escape_table(void **state)
{
	static const struct esc_case cases[] = {
		{ "point-read", "point-read", "point-read", "point-read" },
		{ "a|b", "a|b", "a\\|b", "a|b" },
		{ "<&>\"'", "<&>\"'", "&lt;&amp;&gt;\"'", "&lt;&amp;&gt;&quot;&#39;" },
		{ "a\nb", "a\\x0ab", "a\\\\x0ab", "a\\x0ab" },
		{ "\x1b[2J", "\\x1b[2J", "\\\\x1b\\[2J", "\\x1b[2J" },
		{ "\x7f", "\\x7f", "\\\\x7f", "\\x7f" },
		{ "\xc2\x85", "\\u0085", "\\\\u0085", "\\u0085" },
		{ "\xe2\x80\xae", "\\u202e", "\\\\u202e", "\\u202e" },
		{ "\xef\xbb\xbf", "\\ufeff", "\\\\ufeff", "\\ufeff" },
		{ "\xff", "\\xff", "\\\\xff", "\\xff" },
		{ "\xc0\xaf", "\\xc0\\xaf", "\\\\xc0\\\\xaf", "\\xc0\\xaf" },
		{ "\xed\xa0\x80", "\\xed\\xa0\\x80", "\\\\xed\\\\xa0\\\\x80",
		  "\\xed\\xa0\\x80" },
		{ "\xe2\x82", "\\xe2\\x82", "\\\\xe2\\\\x82", "\\xe2\\x82" },
		{ "\xc2\xb5s", "\xc2\xb5s", "\xc2\xb5s", "\xc2\xb5s" },
		{ "\xf0\x9f\x92\xa5", "\xf0\x9f\x92\xa5", "\xf0\x9f\x92\xa5",
		  "\xf0\x9f\x92\xa5" },
		{ "`*_[]~#$@", "`*_[]~#$@", "\\`\\*\\_\\[\\]\\~\\#\\$\\@",
		  "`*_[]~#$@" },
		{ "see http://x.example or www.y.example", "see http://x.example or www.y.example",
		  "see http\\://x.example or www\\.y.example",
		  "see http://x.example or www.y.example" },
		/* the escape character itself, shown doubled */
		{ "a\\b", "a\\\\b", "a\\\\\\\\b", "a\\\\b" },
		{ "get\\u202e", "get\\\\u202e", "get\\\\\\\\u202e", "get\\\\u202e" },
		{ "", "", "", "" },
		/* no workflow command (lib/logcmd.h): "::" first or after white space, "##[" */
		{ "::stop-commands::x", "\\x3a:stop-commands::x",
		  "\\::stop-commands::x", "&#58;:stop-commands::x" },
		{ "a ::b", "a \\x3a:b", "a \\::b", "a &#58;:b" },
		{ "a\xe3\x80\x80::b", "a\xe3\x80\x80\\x3a:b", "a\xe3\x80\x80\\::b",
		  "a\xe3\x80\x80&#58;:b" },
		{ "a::b 12:30", "a::b 12:30", "a::b 12:30", "a::b 12:30" },
		{ "x##[error]y", "x\\x23\\x23[error]y", "x\\#\\#\\[error\\]y",
		  "x&#35;&#35;[error]y" },
		{ "#1 c#", "#1 c#", "\\#1 c\\#", "#1 c#" },
	};
	size_t i;
	char *s;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = escaped(escape_plain, cases[i].in);
		assert_string_equal(s, cases[i].plain);
		free(s);
		s = escaped(escape_markdown, cases[i].in);
		assert_string_equal(s, cases[i].markdown);
		free(s);
		s = escaped(escape_xml, cases[i].in);
		assert_string_equal(s, cases[i].xml);
		free(s);
	}
}

/*
 * A hidden character and the text of its escaped form ("get" and U+202E
 * against the six characters "get\u202e") never print alike, in any
 * format.
 */
static void
test_escape_hidden_unlike_its_text(void **state)
{
	static void (*const esc[])(FILE *, const char *) = {
		escape_plain, escape_ascii, escape_markdown, escape_markdown_ascii,
		escape_markdown_line, escape_xml,
	};
	static const char *const pairs[][2] = {
		{ "get\xe2\x80\xae", "get\\u202e" },
		{ "a\x1b", "a\\x1b" },
		{ "\xff", "\\xff" },
		{ "caf\xc3\xa9", "caf\\u00e9" },     /* --ascii shows the first so */
	};
	size_t i, k;
	char *a, *b;

	(void)state;
	for (k = 0; k < sizeof esc / sizeof esc[0]; k++)
		for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
			a = escaped(esc[k], pairs[i][0]);
			b = escaped(esc[k], pairs[i][1]);
			if (strcmp(a, b) == 0)
				fail_msg("escaper %zu prints pair %zu alike: %s", k, i, a);
			free(a);
			free(b);
		}
}

static void
test_escape_markdown_ascii(void **state)
{
	static const char *const cases[][2] = {
		{ "53.96\xc2\xb5s", "53.96us" },
		{ "caf\xc3\xa9 | x", "caf\\\\u00e9 \\| x" },
		{ "\xf0\x9f\x92\xa5", "\\\\u1f4a5" },
		{ "\x1b", "\\\\x1b" },
		{ "plain", "plain" },
	};
	size_t i;
	char *s;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = escaped(escape_markdown_ascii, cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		free(s);
	}
	s = escaped(escape_markdown_line_ascii, "- \xc2\xb5");
	assert_string_equal(s, "\\- u");
	free(s);
}

static void
test_markdown_ascii_is_ascii(void **state)
{
	struct gate_verdict v;
	char *md;
	const char *p;

	(void)state;
	fill_hostile(&v);
	replace(&v.writes.reason, "write: 7.66ms against 53.96\xc2\xb5s \xe2\x9c\x93");
	md = render(&v, FORMAT_MARKDOWN, 1);
	for (p = md; *p != '\0'; p++)
		if ((unsigned char)*p >= 0x80)
			fail_msg("byte 0x%02x beyond ASCII at %.20s", (unsigned char)*p, p);
	assert_true(strstr(md, "## syncgate: fail\n") != NULL);
	assert_true(strstr(md, "53.96us \\\\u2713") != NULL);
	free(md);
	verdict_free(&v);
}

static void
test_escape_markdown_line_starts(void **state)
{
	static const char *const cases[][2] = {
		{ "- item", "\\- item" }, { "+ item", "\\+ item" },
		{ "1. first", "1\\. first" }, { "12) twelfth", "12\\) twelfth" },
		{ "    code", "&#32;   code" }, { "=== rule", "\\=== rule" },
		{ "# heading", "\\# heading" }, { "> quote", "&gt; quote" },
		{ "2.5 syncs", "2.5 syncs" }, { "1.", "1\\." }, { "-5", "\\-5" },
		{ "plain", "plain" },
	};
	size_t i;
	char *s;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = escaped(escape_markdown_line, cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		free(s);
	}
}

/* The short form: the classes that did not pass only, within the budget. */
static void
test_markdown_short_failing_rows(void **state)
{
	struct render_opts o = { 0 };
	struct gate_verdict v;
	size_t len;
	char *md, *text;

	(void)state;
	fill_split(&v);
	md = report_markdown_short(&v, &o, 1 << 20, &len);
	assert_non_null(md);
	text = xmalloc(len + 1);
	memcpy(text, md, len);
	text[len] = '\0';
	assert_non_null(strstr(text, "## \xe2\x9d\x8c syncgate: fail\n"));
	assert_non_null(strstr(text, "**Writes: fail**: 1 of "));
	assert_non_null(strstr(text, " fail: write p50 syncs 2.54 syncs \\[2.20, 2.70\\], "
	    "limit &lt;= 2 syncs\n"));
	assert_non_null(strstr(text, "### Classes that did not pass: 1 of 2\n"));
	assert_non_null(strstr(text, "\n| write | write | "));
	assert_absent(text, "| point-read |");
	assert_absent(text, "more that did not pass");
	assert_non_null(strstr(text, "- a note with 0.1 + 0.2 = 0.30000000000000004\n"));
	assert_non_null(strstr(text, "are in the outputs written with -o"));
	assert_null(report_markdown_short(&v, &o, 100, &len));
	assert_int_equal(len, 0);
	free(text);
	free(md);
	verdict_free(&v);
}

/*
 * Figures printed beside their limit read on the side they were ruled
 * on, in every format: 2.004 syncs over a ceiling of 2 is not "2.00",
 * nor an interval's low end over it, ours is not the rival's "2.00"
 * either, and a level of 99.99999% is not "100%".
 */
static void
test_render_figures_read_as_ruled(void **state)
{
	struct gate_verdict v;
	char *md, *xml, *text;

	(void)state;
	fill_split(&v);
	v.confidence = 0.9999999;
	v.rows[1].ours_syncs_p50 = val(2.004, 2.0001, 2.1);
	v.rows[1].rival_syncs_p50 = verdict_point(2.0039);
	v.checks[2].value = v.rows[1].ours_syncs_p50;
	md = render(&v, FORMAT_MARKDOWN, 0);
	xml = render(&v, FORMAT_JUNIT, 0);
	text = render(&v, FORMAT_TEXT, 0);
	assert_non_null(strstr(md, "| p50 syncs | 2.004 syncs | [2.0001, 2.10] | "
	    "&lt;= 2 syncs | "));
	assert_non_null(strstr(md, "| write | 2.0040 | 3.97 | 2.0039 | 7.32 | "));
	assert_non_null(strstr(md, "Checks at 99.99999% confidence"));
	assert_non_null(strstr(xml, ">2.004 syncs [2.0001, 2.10], limit &lt;= 2 "
	    "syncs</failure>"));
	assert_non_null(strstr(text, "write  2.0040  3.97    2.0039       7.32"));
	assert_non_null(strstr(text, "Checks at 99.99999% confidence:"));
	free(md);
	free(xml);
	free(text);
	verdict_free(&v);
}

/*
 * Counts of one are singular and a label ending in s takes the
 * apostrophe alone, in every format that words them.
 */
static void
test_render_words_of_one(void **state)
{
	struct gate_verdict v, back;
	struct render_opts o = { 0 };
	char err[ERRLEN], *md, *html, *xml, *json, *shrt, *text;
	size_t len;

	(void)state;
	fill_split(&v);
	replace(&v.ours.label, "ours");
	replace(&v.rival.label, "rival");
	replace(&v.checks[4].reason, "write: 3.97 syncs at p99 against rival's 7.32 "
	    "(ratio 1.84x; 95% interval 0.9x to 2.1x), too close to rival to call; "
	    "about 1 sample a side would settle it");
	replace(&v.reads.reason, "1 class, at least 10x faster than rival at p50 "
	    "and p99; the least is 129.57x (point-read at p99)");
	replace(&v.checks[3].reason, "write: 2.54 syncs at p50 against rival's "
	    "4.43, no more than rival");
	v.checks[4].samples_needed = v.checks[4].samples_needed_hi = 1;
	replace(&v.checks[4].reason, "write: 3.97 syncs at p99 against rival's 7.32 "
	    "(ratio 1.84x; 95% interval 0.9x to 2.1x), too close to rival to call; "
	    "about 1 sample a side would settle it with 80% probability, over "
	    "what this run leaves uncertain of the figure");
	v.ours.group_writers = 1;
	v.ours.group_syncs_p50 = 1;
	v.ours.group_syncs_p99 = 1.5;
	v.rival.probe_samples = 1;
	free(v.ceiling_note);   /* the group commit is said beside no ceiling note */
	v.ceiling_note = NULL;
	md = render(&v, FORMAT_MARKDOWN, 0);
	html = render(&v, FORMAT_HTML, 0);
	xml = render(&v, FORMAT_JUNIT, 0);
	json = render(&v, FORMAT_JSON, 0);
	assert_non_null(strstr(md, "x is rival's latency divided by ours': above 1"));
	assert_non_null(strstr(md, "Group commit measured by ours' probe: 1 writer, "));
	assert_non_null(strstr(html, "rival&#39;s latency divided by ours&#39;: "));
	assert_non_null(strstr(html, "median of 1 sample</dd>"));
	assert_non_null(strstr(xml, ">about 1 sample a side would settle it with "
	    "80% probability, over what this run leaves uncertain of the "
	    "figure</skipped>"));
	/* the gate's own words for one sample, read back */
	assert_int_equal(load_text(json, &back, err), 0);
	verdict_free(&back);
	free(md);
	free(html);
	free(xml);
	free(json);
	/* the short form of a verdict whose one class passed */
	v.rows[0].ruling = RULING_PASS;
	free(v.rows[1].name);
	v.nrows = 1;
	shrt = report_markdown_short(&v, &o, 1 << 20, &len);
	assert_non_null(shrt);
	text = xmalloc(len + 1);
	memcpy(text, shrt, len);
	text[len] = '\0';
	assert_non_null(strstr(text, "The one class passed.\n"));
	free(text);
	free(shrt);
	verdict_free(&v);
}

static void
test_markdown_short_hostile_names(void **state)
{
	struct render_opts o = { 0 };
	struct gate_verdict v;
	size_t len;
	char *md, *text;

	(void)state;
	fill_hostile(&v);
	md = report_markdown_short(&v, &o, 1 << 20, &len);
	assert_non_null(md);
	text = xmalloc(len + 1);
	memcpy(text, md, len);
	text[len] = '\0';
	assert_absent(text, "<script>");
	assert_absent(text, "\n| evil |");
	assert_no_controls(text, 0);
	free(text);
	free(md);
	verdict_free(&v);
}

/* Our figures, one entry a class and statistic; an open end left out. */
static void
test_history_entries_and_open_ends(void **state)
{
	struct gate_verdict v;
	char *text, err[ERRLEN];
	cJSON *root;
	const cJSON *m;

	(void)state;
	fill_split(&v);
	v.rows[1].ours_p99.hi = INFINITY;      /* a p99 of too few samples */
	text = render(&v, FORMAT_BENCHER, 0);
	root = json_parse_buffer("b.json", text, strlen(text), err);
	assert_non_null(root);
	assert_int_equal(cJSON_GetArraySize(root), 4);
	m = json_member(json_member(root, "zu/write p99"), "latency");
	assert_non_null(json_member(m, "lower_value"));
	assert_null(json_member(m, "upper_value"));
	m = json_member(json_member(root, "zu/write p50"), "syncs");
	assert_true(json_member(m, "lower_value")->valuedouble == 2.2);
	assert_true(json_member(m, "upper_value")->valuedouble == 2.7);
	/* a read class has no syncs */
	assert_null(json_member(json_member(root, "zu/point-read p50"), "syncs"));
	cJSON_Delete(root);
	free(text);
	text = render(&v, FORMAT_BENCHMARK_ACTION, 0);
	root = json_parse_buffer("a.json", text, strlen(text), err);
	assert_non_null(root);
	/* 2 statistics of 2 classes, and the write class's 2 in syncs */
	assert_int_equal(cJSON_GetArraySize(root), 6);
	assert_non_null(strstr(text, "\"range\":\t\"at least 11000000 at 95%\""));
	assert_non_null(strstr(text, "\"name\":\t\"zu/write p50 syncs\""));
	cJSON_Delete(root);
	free(text);
	verdict_free(&v);
}

static void
test_annotation_escape(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	report_annotation_escape(fp, "5% a:b,c\r\nd", 1);
	fputc('|', fp);
	report_annotation_escape(fp, "5% a:b,c\r\nd", 0);
	assert_int_equal(fclose(fp), 0);
	assert_string_equal(buf, "5%25 a%3Ab%2Cc%0D%0Ad|5%25 a:b,c%0D%0Ad");
	free(buf);
}

/* One line a failed or indeterminate check, none broken by a name. */
static void
test_annotations_hostile(void **state)
{
	struct gate_verdict v;
	char *buf = NULL, *line, *save = NULL;
	size_t len = 0, errors = 0, warnings = 0;
	FILE *fp;

	(void)state;
	fill_hostile(&v);
	fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	assert_int_equal(report_annotations(fp, &v), 0);
	assert_int_equal(fclose(fp), 0);
	assert_absent(buf, "\x1b");
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "::error title=syncgate%3A ", 26) == 0)
			errors++;
		else if (strncmp(line, "::warning title=syncgate%3A ", 28) == 0)
			warnings++;
		else
			fail_msg("not a workflow command: %s", line);
	}
	assert_int_equal(errors, 1);
	assert_int_equal(warnings, 1);
	free(buf);
	verdict_free(&v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_history_entries_and_open_ends),
		cmocka_unit_test(test_annotation_escape),
		cmocka_unit_test(test_annotations_hostile),
		cmocka_unit_test(test_json_hostile_round_trip),
		cmocka_unit_test(test_markdown_hostile_names),
		cmocka_unit_test(test_markdown_short_failing_rows),
		cmocka_unit_test(test_markdown_short_hostile_names),
		cmocka_unit_test(test_render_figures_read_as_ruled),
		cmocka_unit_test(test_render_words_of_one),
		cmocka_unit_test(test_junit_hostile_names),
		cmocka_unit_test(test_html_hostile_names),
		cmocka_unit_test(test_escape_table),
		cmocka_unit_test(test_escape_hidden_unlike_its_text),
		cmocka_unit_test(test_escape_markdown_line_starts),
		cmocka_unit_test(test_escape_markdown_ascii),
		cmocka_unit_test(test_markdown_ascii_is_ascii),

	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
