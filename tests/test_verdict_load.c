/* SPDX-License-Identifier: MIT */
/*
 * The verdict loader on verdicts built by hand: the JSON round trip to
 * the bit, its messages for what no gate writes, and a verdict edited to
 * pass ruled again as the gate rules it.
 */
#include "tests/reporttest.h"

static void
test_json_round_trip_is_exact(void **state)
{
	struct gate_verdict v, back;
	char err[ERRLEN], *a, *b;

	(void)state;
	fill_split(&v);
	a = render(&v, FORMAT_JSON, 0);
	if (load_text(a, &back, err) < 0)
		fail_msg("%s", err);
	b = render(&back, FORMAT_JSON, 0);
	assert_string_equal(a, b);
	/* to the bit, not within an epsilon */
	assert_true(back.rows[0].ratio_p50.v == v.rows[0].ratio_p50.v);
	assert_true(back.rows[1].ours_syncs_p50.v == v.rows[1].ours_syncs_p50.v);
	/* an end that could not be bounded reads back open: infinity above */
	assert_true(isinf(back.rows[1].ours_p99.hi));
	assert_true(back.rows[1].ours_p99.lo == 11000000);
	assert_int_equal(back.rows[1].ours_nsamples, 1000);
	assert_int_equal(back.checks[4].samples_needed, 4200);
	assert_int_equal(back.checks[2].samples_needed, -1);
	assert_int_equal(back.unit.source, UNIT_SHARED);
	assert_string_equal(back.unmatched[0].reason, v.unmatched[0].reason);
	free(a);
	free(b);
	verdict_free(&v);
	verdict_free(&back);
}

static void
test_json_doubles_round_trip(void **state)
{
	static const double x[] = { 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1e-300, 5e-324,
	    123456789.123456789, 9007199254740993.0, 1e22, 0.95, 7650000 };
	struct gate_verdict v, back;
	char err[ERRLEN], *a;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof x / sizeof x[0]; i++) {
		/* figures nothing else in the verdict must agree with */
		fill_split(&v);
		v.ours.group_writers = 8;
		v.ours.group_syncs_p50 = x[i];
		v.ours.group_syncs_p99 = x[i];
		a = render(&v, FORMAT_JSON, 0);
		assert_int_equal(load_text(a, &back, err), 0);
		assert_true(back.ours.group_syncs_p50 == x[i]);
		assert_true(back.ours.group_syncs_p99 == x[i]);
		free(a);
		verdict_free(&v);
		verdict_free(&back);
	}
}

static void
test_json_keeps_row_order(void **state)
{
	struct gate_verdict v, back;
	struct verdict_row t;
	char err[ERRLEN], *a;

	(void)state;
	fill_split(&v);
	/* a write before a read: the halves split them, positions restore them */
	t = v.rows[0];
	v.rows[0] = v.rows[1];
	v.rows[1] = t;
	a = render(&v, FORMAT_JSON, 0);
	assert_int_equal(load_text(a, &back, err), 0);
	assert_string_equal(back.rows[0].name, "write");
	assert_int_equal(back.rows[0].kind, KIND_WRITE);
	assert_string_equal(back.rows[1].name, "point-read");
	free(a);
	verdict_free(&v);
	verdict_free(&back);
}

/* What the loader expects of a latency. */
#define LATENCY "a positive number of nanoseconds, from 1 to a day, or null"

/* A rendered verdict with one textual replacement made in it. */
struct bad_case {
	const char *from, *to;
	const char *message;
};

static void
test_json_loader_names_path(void **state)
{
	static const struct bad_case cases[] = {
		{ "\"syncgate-verdict/1\"", "\"syncgate-result/1\"",
		  "v.json: format is \"syncgate-result/1\"; expected \"syncgate-verdict/1\"" },
		{ "\"verdict\":\t\"fail\",\n\t\"mode\"", "\"verdict\":\t\"maybe\",\n\t\"mode\"",
		  "v.json: verdict is \"maybe\"; expected \"pass\", \"fail\", "
		  "\"indeterminate\" or \"not ruled\"" },
		{ "\"p50_ns\":\t53960", "\"p50_ns\":\t\"fast\"",
		  "v.json: reads.classes[0].ours.p50_ns is a string; expected "
		  LATENCY },
		{ "\"p50_ns\":\t53960", "\"p50_ns\":\t-1",
		  "v.json: reads.classes[0].ours.p50_ns is -1; expected " LATENCY },
		{ "\"p50_ns\":\t53960", "\"p50_ns\":\t1e300",
		  "v.json: reads.classes[0].ours.p50_ns is 1e+300, over a day; expected "
		  LATENCY },
		{ "\"p50_ns\":\t53960", "\"p50_ns\":\t0.5",
		  "v.json: reads.classes[0].ours.p50_ns is 0.5, under 1ns; expected "
		  LATENCY },
		{ "\"p50_ns\":\t53960", "\"p50_ns\":\t86400000000001",
		  "v.json: reads.classes[0].ours.p50_ns is 86400000000001, over a day; "
		  "expected " LATENCY },
		{ "\"p50_ci_ns\":\t[7500000, 7900000]", "\"p50_ci_ns\":\t[7900000, 7500000]",
		  "v.json: writes.classes[0].ours.p50_ci_ns is [7900000, 7500000]; "
		  "expected the low end at most the high" },
		{ "\"p50_ci_ns\":\t[7500000, 7900000]", "\"p50_ci_ns\":\t[0, 7900000]",
		  "v.json: writes.classes[0].ours.p50_ci_ns[0] is 0; expected " LATENCY },
		{ "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t",
		  "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t-1e308, \"was\":\t",
		  "v.json: reads.classes[0].ratio.p50 is -1e+308; expected a positive "
		  "ratio or null" },
		{ "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t",
		  "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t0, \"was\":\t",
		  "v.json: reads.classes[0].ratio.p50 is 0; expected a positive "
		  "ratio or null" },
		{ "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t",
		  "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t1e999, \"was\":\t",
		  "v.json: reads.classes[0].ratio.p50 is a number out of range; "
		  "expected a positive ratio or null" },
		{ "\"p50_syncs_ci\":\t[2.2, 2.7]", "\"p50_syncs_ci\":\t[-0.5, 2.7]",
		  "v.json: writes.classes[0].ours.p50_syncs_ci[0] is -0.5; expected a "
		  "positive number of syncs or null" },
		{ "\"p50_syncs_ci\":\t[2.2, 2.7]", "\"p50_syncs_ci\":\t[2.7, 2.2]",
		  "v.json: writes.classes[0].ours.p50_syncs_ci is [2.7, 2.2]; expected "
		  "the low end at most the high" },
		{ "\"p99_ci_ns\":\t[11000000, null],\n\t\t\t\t\t\"p50_syncs\":\t",
		  "\"p99_ci_ns\":\t[11000000, null],\n\t\t\t\t\t\"p50_syncs\":\t-2, "
		  "\"was\":\t",
		  "v.json: writes.classes[0].ours.p50_syncs is -2; expected a positive "
		  "number of syncs or null" },
		{ "\"median_ns\":\t3020000", "\"median_ns\":\t0",
		  "v.json: ours.probe.median_ns is 0; expected " LATENCY },
		{ "\"limit\":\t10", "\"limit\":\t-10",
		  "v.json: checks[0].limit is -10; expected a positive number or null" },
		{ "\"class\":\t\"point-read\"", "\"class\":\t\"nowhere\"",
		  "v.json: checks[0] is of a read class in neither reads nor writes; "
		  "expected a check of a class in the table" },
		{ "\"p50_ci_ns\":\t[7500000, 7900000]", "\"p50_ci_ns\":\t[1]",
		  "v.json: writes.classes[0].ours.p50_ci_ns is not two numbers; "
		  "expected null or [low, high] (numbers or null)" },
		{ "\"position\":\t1", "\"position\":\t0",
		  "v.json: writes.classes[0].position is 0, the position of another "
		  "class; expected each class at its own position" },
		{ "\"position\":\t1", "\"position\":\t2",
		  "v.json: writes.classes[0].position is 2; expected a whole number "
		  "from 0 to 1" },
		{ "\"engine\":\t\"ladybug\"", "\"engine\":\tnull",
		  "v.json: rival.engine is null; expected a string" },
		{ "\"engine\":\t\"ladybug\"", "\"enjine\":\t\"ladybug\"",
		  "v.json: rival.engine is missing; expected it in every syncgate-verdict/1" },
		{ "\"reaches_device\":\t\"yes\"", "\"reaches_device\":\t\"maybe\"",
		  "v.json: ours.probe.reaches_device is \"maybe\"; expected \"yes\", "
		  "\"no\" or \"unknown\"" },
		{ "\"ran_by\":\t\"rival\"", "\"ran_by\":\t3",
		  "v.json: unmatched[0].ran_by is a number; expected \"ours\" or \"rival\"" },
		{ "\"samples_needed\":\t4200", "\"samples_needed\":\t42.5",
		  "v.json: checks[4].samples_needed is 42.5; expected a whole number "
		  "from 0 to 1000000000000000 or null" },
		{ "\"notes\":\t[", "\"notes\":\t[1, ",
		  "v.json: notes[0] is a number; expected a string" },
		{ "\"confidence\":\t0.95", "\"confidence\":\t7",
		  "v.json: confidence is 7; expected a level over 0.5 and under 1, "
		  "or null" },
		{ "\"source\":\t\"shared\"", "\"source\":\t\"both\"",
		  "v.json: unit.source is \"both\"; expected \"shared\", \"per-volume\", "
		  "\"per-run\" or \"none\"" },
		/* a limit moved until its check passes: not its half's threshold */
		{ "\"limit\":\t10", "\"limit\":\t8",
		  "v.json: checks[0].limit is 8; expected 10, reads.read_speedup" },
		{ "\"limit\":\t2", "\"limit\":\t3",
		  "v.json: checks[2].limit is 3; expected 2, writes.commit_syncs" },
		{ "\"limit\":\t1,", "\"limit\":\t0.5,",
		  "v.json: checks[3].limit is 0.5; expected 1, the rival's own syncs a "
		  "commit" },
		/* figures that are not the class's */
		{ "\"value\":\t220.3484062268347", "\"value\":\t12",
		  "v.json: checks[0].value is 12; expected 220.3484062268347, "
		  "the figure of its class \"point-read\"" },
		{ "\"p50_syncs_ci\":\t[2.2, 2.7]", "\"p50_syncs_ci\":\t[2.6, 2.7]",
		  "v.json: writes.classes[0].ours.p50_syncs_ci is [2.6, 2.7]; expected an "
		  "interval around its figure, 2.5364238410596025" },
		/* a check that no gate makes for its class */
		{ "\"statistic\":\t\"p50 speedup\"", "\"statistic\":\t\"p50 syncs\"",
		  "v.json: checks[0].statistic is \"p50 syncs\"; expected a check the "
		  "gate makes of a read class against a rival" },
		{ "\"statistic\":\t\"p50 syncs\"", "\"statistic\":\tnull",
		  "v.json: checks[2].statistic is null; expected a check the gate makes "
		  "of a write class against a rival" },
		/* thresholds and units of the other mode, or none */
		{ "\"read_speedup\":\t10", "\"read_speedup\":\tnull",
		  "v.json: reads.read_speedup is null; expected the least speedup of a "
		  "read (--read-speedup) in a verdict against a rival" },
		{ "\"mode\":\t\"rival\"", "\"mode\":\t\"baseline\"",
		  "v.json: reads.read_speedup is 10; expected null in a verdict against "
		  "a baseline" },
		/* several runs a side, their files gone */
		{ "\"runs\":\t1,\n\t\t\"run_files\"", "\"runs\":\t3,\n\t\t\"run_filez\"",
		  "v.json: ours.runs is 3, but ours has no run_files; expected one "
		  "file a run" },
		{ "\"run_files\":\t[\"", "\"run_files\":\t[\"a\", \"",
		  "v.json: ours.run_files holds 2 files; expected 1, one a run" },
		{ "\"source\":\t\"shared\"", "\"source\":\t\"none\"",
		  "v.json: unit.ours.ns is 3020000; expected null, as unit.source is "
		  "\"none\"" },
	};
	struct gate_verdict v, back;
	char err[ERRLEN], *text, *edited, *at;
	size_t i, n;

	(void)state;
	fill_split(&v);
	text = render(&v, FORMAT_JSON, 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		at = strstr(text, cases[i].from);
		if (at == NULL)
			fail_msg("case %zu: %s not in the rendered JSON", i, cases[i].from);
		n = strlen(text) + strlen(cases[i].to) + 1;
		edited = malloc(n);
		snprintf(edited, n, "%.*s%s%s", (int)(at - text), text, cases[i].to,
		    at + strlen(cases[i].from));
		err[0] = '\0';
		assert_int_equal(load_text(edited, &back, err), -1);
		assert_string_equal(err, cases[i].message);
		free(edited);
	}
	free(text);
	verdict_free(&v);
}

/* Renders v, reads it back, and expects the loader's message; frees v. */
static void
refused(struct gate_verdict *v, const char *message)
{
	struct gate_verdict back;
	char err[ERRLEN], *text = render(v, FORMAT_JSON, 0);

	err[0] = '\0';
	assert_int_equal(load_text(text, &back, err), -1);
	assert_string_equal(err, message);
	free(text);
	verdict_free(v);
}

/* Makes checks[to] a copy of checks[from]. */
static void
copy_check(struct gate_verdict *v, size_t to, size_t from)
{
	struct verdict_check *t = &v->checks[to];
	const struct verdict_check *f = &v->checks[from];

	free(t->class_name);
	free(t->statistic);
	free(t->value_unit);
	free(t->comparison);
	free(t->reason);
	*t = *f;
	t->class_name = xstrdup(f->class_name);
	t->statistic = xstrdup(f->statistic);
	t->value_unit = xstrdup(f->value_unit);
	t->comparison = xstrdup(f->comparison);
	t->reason = xstrdup(f->reason);
}

/*
 * What a file edited by hand can claim and no gate writes: a check left
 * out or given twice, a class twice, a class both ruled and unmatched,
 * a sample count on a check its figures settle.
 */
static void
test_json_loader_refuses_what_no_gate_writes(void **state)
{
	struct gate_verdict v;

	(void)state;
	fill_split(&v);
	copy_check(&v, 1, 0);   /* the p99 speedup check gone, the p50 one twice */
	refused(&v, "v.json: checks[1] is a second \"p50 speedup\" check of the read "
	    "class \"point-read\"; expected one");
	fill_split(&v);
	copy_check(&v, 3, 2);   /* the failing ceiling check given twice */
	refused(&v, "v.json: checks[3] is a second \"p50 syncs\" check of the write "
	    "class \"write\"; expected one");
	fill_split(&v);
	copy_check(&v, 2, 3);   /* the failing check dropped for a passing one */
	refused(&v, "v.json: checks[3] is a second \"p50 syncs vs rival\" check of "
	    "the write class \"write\"; expected one");
	fill_split(&v);
	v.nchecks--;            /* the indeterminate check left out */
	free(v.checks[4].class_name);
	free(v.checks[4].statistic);
	free(v.checks[4].value_unit);
	free(v.checks[4].comparison);
	free(v.checks[4].reason);
	refused(&v, "v.json: checks holds no \"p99 syncs vs rival\" check of the "
	    "write class \"write\"; expected one, as the gate rules each");
	fill_split(&v);
	replace(&v.unmatched[0].name, "write");
	refused(&v, "v.json: unmatched[0] \"write\" is a class in the table; "
	    "expected a class only one side ran");
	fill_split(&v);
	replace(&v.rows[1].name, "point-read");
	refused(&v, "v.json: the class \"point-read\" is in the table twice; "
	    "expected each class once");
	fill_split(&v);
	v.checks[0].samples_needed = 10;
	refused(&v, "v.json: checks[0].samples_needed is 10; expected null, as its "
	    "figures rule it \"pass\"");
	fill_split(&v);
	v.mode = MODE_BASELINE;
	v.read_speedup = v.commit_syncs = NAN;
	v.max_regression = 0.05;
	refused(&v, "v.json: checks[0].statistic is \"p50 speedup\"; expected a "
	    "check the gate makes of a read class against a baseline");
}

/* text with every from replaced by to; the caller frees it. */
static char *
edited(const char *text, const char *from, const char *to)
{
	size_t nf = strlen(from), n = 0;
	const char *at;
	char *out, *o;

	for (at = strstr(text, from); at != NULL; at = strstr(at + nf, from))
		n++;
	assert_true(n > 0);
	out = o = xcalloc(strlen(text) + n * strlen(to) + 1, 1);
	while ((at = strstr(text, from)) != NULL) {
		memcpy(o, text, (size_t)(at - text));
		o += at - text;
		o = stpcpy(o, to);
		text = at + nf;
	}
	strcpy(o, text);
	return out;
}

/* v's JSON with edits (from, to, ...) applied, loaded back into back. */
static void
load_edited(const struct gate_verdict *v, struct gate_verdict *back,
    const char *const *edits, size_t n)
{
	char err[ERRLEN], *text = render(v, FORMAT_JSON, 0), *next;
	size_t i;

	for (i = 0; i + 1 < n; i += 2) {
		next = edited(text, edits[i], edits[i + 1]);
		free(text);
		text = next;
	}
	if (load_text(text, back, err) < 0)
		fail_msg("an edited verdict is refused: %s", err);
	free(text);
}

/*
 * A figure that derives from others, edited in the file: not refused,
 * made again from what it derives from (a ratio from its latencies, a
 * syncs figure from its latency and the unit, a check's interval from
 * its class's, a shared unit's rival from ours), so the verdict reads
 * back as the gate wrote it, rulings and all.
 */
static void
test_json_loader_rederives_figures(void **state)
{
	static const char *const edits[][2] = {
		{ "\"max_regression\":\tnull,\n\t\t\"ceiling_note\"",
		  "\"max_regression\":\t0.05,\n\t\t\"ceiling_note\"" },
		{ "\"ci\":\t[0.9, 2.1]", "\"ci\":\t[1.1, 2.1]" },
		{ "\"ci\":\t[2.2, 2.7]", "\"ci\":\t[1.5, 1.9]" },
		{ "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t",
		  "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t9, \"was\":\t" },
		{ "\"p99_syncs\":\t3.9735099337748343", "\"p99_syncs\":\t3" },
		{ "\"p50_syncs\":\tnull", "\"p50_syncs\":\t2" },
		{ "\"has_samples\":\tfalse", "\"has_samples\":\ttrue" },
		{ "\"value_unit\":\t\"x\"", "\"value_unit\":\t\"syncs\"" },
		{ "\"comparison\":\t\">=\"", "\"comparison\":\t\"<=\"" },
		{ "\"rival\":\t{\n\t\t\t\"ns\":\t3020000",
		  "\"rival\":\t{\n\t\t\t\"ns\":\t3100000" },
	};
	struct gate_verdict v, back;
	char *text, *again;
	size_t i;

	(void)state;
	fill_split(&v);
	text = render(&v, FORMAT_JSON, 0);
	for (i = 0; i < sizeof edits / sizeof edits[0]; i++) {
		load_edited(&v, &back, edits[i], 2);
		again = render(&back, FORMAT_JSON, 0);
		if (strcmp(again, text) != 0)
			fail_msg("case %zu: %s is not made again", i, edits[i][1]);
		free(again);
		verdict_free(&back);
	}
	/* the failing check's interval moved under its limit: failing still */
	load_edited(&v, &back, edits[2], 2);
	assert_true(back.checks[2].value.hi == 2.7);
	assert_int_equal(back.checks[2].ruling, RULING_FAIL);
	verdict_free(&back);
	free(text);
	verdict_free(&v);
}

/*
 * A verdict whose rulings and words were edited to pass, over figures
 * that fail, is ruled again: it renders as the gate's own, in every
 * ruling and every word; so do words edited alone, whatever they say.
 */
static void
test_json_loader_rerules_an_edited_verdict(void **state)
{
	static const char *const to_pass[] = {
		"\"verdict\":\t\"fail\"", "\"verdict\":\t\"pass\"",
		"\"verdict\":\t\"indeterminate\"", "\"verdict\":\t\"pass\"",
		", over the ceiling of 2", ", within the ceiling of 2",
		", too close to ladybug to call; about 4200 samples a side would "
		"settle it with 80% probability, over what this run leaves "
		"uncertain of the figure", ", no more than ladybug",
		"\"samples_needed\":\t4200", "\"samples_needed\":\tnull",
	};
	static const char *const words[] = {
		"53.96µs for zu), at least 10x", "53.96µs for zu), below 10x",
		/* words no version of the gate wrote: words are made, never read */
		"168.17µs for zu), at least 10x", "168.17µs for zu), comfortably over ten",
		"\"ceiling_note\":\t\"2 syncs", "\"ceiling_note\":\t\"3 syncs",
		"\"reason\":\t\"1 class, at least 10x", "\"reason\":\t\"1 class, at least 12x",
	};
	struct gate_verdict v, back;
	char *a, *b;
	size_t i;

	(void)state;
	fill_split(&v);
	load_edited(&v, &back, to_pass, sizeof to_pass / sizeof to_pass[0]);
	assert_int_equal(back.overall, RULING_FAIL);
	assert_int_equal(back.writes.ruling, RULING_FAIL);
	assert_int_equal(back.rows[1].ruling, RULING_FAIL);
	assert_int_equal(back.checks[2].ruling, RULING_FAIL);
	/* the check whose figures straddle its limit: indeterminate, unsettled */
	assert_int_equal(back.checks[4].ruling, RULING_INDETERMINATE);
	assert_string_equal(back.checks[4].reason, "write: 3.97 syncs at p99 "
	    "against ladybug's 7.32 (ratio 1.84x; 95% interval 0.9x to 2.1x), too "
	    "close to ladybug to call");
	assert_string_equal(back.checks[2].reason, v.checks[2].reason);
	verdict_free(&back);
	/* with the counts left in, every word is the gate's as it wrote them */
	load_edited(&v, &back, to_pass, sizeof to_pass / sizeof to_pass[0] - 2);
	a = render(&v, FORMAT_TEXT, 0);
	b = render(&back, FORMAT_TEXT, 0);
	assert_string_equal(a, b);
	free(a);
	free(b);
	verdict_free(&back);
	load_edited(&v, &back, words, sizeof words / sizeof words[0]);
	for (i = 0; i < v.nchecks; i++)
		assert_string_equal(back.checks[i].reason, v.checks[i].reason);
	assert_string_equal(back.ceiling_note, v.ceiling_note);
	assert_string_equal(back.reads.reason, v.reads.reason);
	verdict_free(&back);
	verdict_free(&v);
}

static void
test_json_loader_not_object(void **state)
{
	struct gate_verdict back;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(load_text("[1, 2]", &back, err), -1);
	assert_string_equal(err, "v.json: the top level is an array; expected a "
	    "syncgate-verdict/1 object");
	assert_int_equal(load_text("{}", &back, err), -1);
	assert_string_equal(err, "v.json: format is missing; expected "
	    "\"syncgate-verdict/1\"");
	/* a later version may rule by rules this build does not know */
	assert_int_equal(load_text("{\"format\": \"syncgate-verdict/2\"}", &back,
	    err), -1);
	assert_string_equal(err, "v.json: format is \"syncgate-verdict/2\", later "
	    "than this syncgate reads; expected \"syncgate-verdict/1\" or earlier "
	    "(a later syncgate renders it)");
	assert_int_equal(load_text("{\"format\": \"syncgate-verdict/1x\"}", &back,
	    err), -1);
	assert_string_equal(err, "v.json: format is \"syncgate-verdict/1x\"; "
	    "expected \"syncgate-verdict/1\"");
}

/* No byte below 0x20 but newline (and tab in JSON's own indentation). */

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_round_trip_is_exact),
		cmocka_unit_test(test_json_doubles_round_trip),
		cmocka_unit_test(test_json_keeps_row_order),
		cmocka_unit_test(test_json_loader_names_path),
		cmocka_unit_test(test_json_loader_refuses_what_no_gate_writes),
		cmocka_unit_test(test_json_loader_rederives_figures),
		cmocka_unit_test(test_json_loader_rerules_an_edited_verdict),
		cmocka_unit_test(test_json_loader_not_object),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
