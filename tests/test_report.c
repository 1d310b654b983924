/* SPDX-License-Identifier: MIT */
/*
 * The renderers and the verdict loader, on verdicts built by hand: the
 * JSON round trip to the bit, the loader's messages, escaping of hostile
 * names in every format, and the JUnit counts.
 */
#include <stdlib.h>
#include <string.h>

#include "gate/verdict_load.h"
#include "lib/err.h"
#include "lib/json.h"
#include "report/escape.h"
#include "report/report.h"
#include "tests/testutil.h"

static struct verdict_value
val(double v, double lo, double hi)
{
	struct verdict_value x;

	x.v = v;
	x.lo = lo;
	x.hi = hi;
	return x;
}

static void
side(struct verdict_side *s, const char *engine, const char *file, double median)
{
	s->engine = xstrdup(engine);
	s->label = xstrdup(engine);
	s->version = xstrdup("0.9.2");
	s->workload = xstrdup("linkbench");
	s->concurrency = 8;
	s->file = xstrdup(file);
	s->has_probe = 1;
	s->host_id = xstrdup("h-1");
	s->volume_id = xstrdup("v-1");
	s->fs = xstrdup("ext4");
	s->method = xstrdup("fdatasync");
	s->reaches = REACH_YES;
	s->probe_median_ns = median;
	s->probe_ci_lo_ns = median * 0.95;
	s->probe_ci_hi_ns = median * 1.1;
	s->probe_ci_level = 0.9648;
	s->probe_samples = 15;
	s->evidence = xcalloc(1, sizeof *s->evidence);
	s->evidence[0] = xstrdup("a dirty sync costs 40x a clean one");
	s->nevidence = 1;
}

static void
check(struct verdict_check *c, const char *cls, enum class_kind k,
    const char *stat, double value, const char *unit, const char *cmp,
    double limit, enum ruling r, const char *reason)
{
	c->class_name = xstrdup(cls);
	c->kind = k;
	c->statistic = xstrdup(stat);
	c->value = verdict_point(value);
	c->value_unit = xstrdup(unit);
	c->comparison = xstrdup(cmp);
	c->limit = limit;
	c->ruling = r;
	c->reason = xstrdup(reason);
	c->samples_needed = c->samples_needed_hi = -1;
	c->runs_needed = c->runs_needed_hi = -1;
}

/* The issue's split: reads pass by orders of magnitude, writes fail in syncs. */
static void
fill_split(struct gate_verdict *v)
{
	struct verdict_row *r;

	verdict_init(v);
	v->version = xstrdup("0.1.0");
	v->headline = xstrdup("rival: zu against ladybug on linkbench at a concurrency of 8");
	side(&v->ours, "zu", "ours.json", 3020000);
	side(&v->rival, "ladybug", "ladybug.json", 3150000);
	v->read_speedup = 10;
	v->commit_syncs = 2;
	v->confidence = 0.95;
	v->unit.source = UNIT_SHARED;
	v->unit.ours_ns = v->unit.rival_ns = 3020000;
	v->unit.ours_lo_ns = v->unit.rival_lo_ns = 2869000;
	v->unit.ours_hi_ns = v->unit.rival_hi_ns = 3465000;
	v->unit.description = xstrdup("one sync = 3.02ms, the cheaper of two probes "
	    "of one volume, both sides");
	v->rows = xcalloc(2, sizeof *v->rows);
	v->nrows = 2;
	r = &v->rows[0];
	r->name = xstrdup("point-read");
	r->kind = KIND_READ;
	r->ours_p50 = verdict_point(53960);
	r->ours_p99 = verdict_point(168170);
	r->rival_p50 = verdict_point(11890000);
	r->rival_p99 = verdict_point(21790000);
	r->ratio_p50 = verdict_point(11890000.0 / 53960);
	r->ratio_p99 = verdict_point(21790000.0 / 168170);
	r->ours_syncs_p50 = r->ours_syncs_p99 = verdict_point(NAN);
	r->rival_syncs_p50 = r->rival_syncs_p99 = verdict_point(NAN);
	r->ours_flushes = r->rival_flushes = NAN;
	r->ruling = RULING_PASS;
	r = &v->rows[1];
	r->ours_flushes = r->rival_flushes = NAN;
	r->name = xstrdup("write");
	r->kind = KIND_WRITE;
	r->ours_p50 = val(7660000, 7500000, 7900000);
	r->ours_p99 = val(12000000, 11000000, NAN);
	r->rival_p50 = verdict_point(13390000);
	r->rival_p99 = verdict_point(22100000);
	r->ratio_p50 = verdict_point(13390000.0 / 7660000);
	r->ratio_p99 = val(22100000.0 / 12000000, 0.9, 2.1);
	r->ours_syncs_p50 = val(7660000.0 / 3020000, 2.2, 2.7);
	r->ours_syncs_p99 = verdict_point(12000000.0 / 3020000);
	r->rival_syncs_p50 = verdict_point(13390000.0 / 3020000);
	r->rival_syncs_p99 = verdict_point(22100000.0 / 3020000);
	r->ours_samples = 1;
	r->ours_nsamples = 1000;
	r->ruling = RULING_FAIL;
	v->checks = xcalloc(5, sizeof *v->checks);
	v->nchecks = 5;
	check(&v->checks[0], "point-read", KIND_READ, "p50 speedup",
	    v->rows[0].ratio_p50.v, "x", ">=", 10, RULING_PASS,
	    "point-read: 220.35x at p50, at least 10x");
	check(&v->checks[1], "point-read", KIND_READ, "p99 speedup",
	    v->rows[0].ratio_p99.v, "x", ">=", 10, RULING_PASS,
	    "point-read: 129.57x at p99, at least 10x");
	check(&v->checks[2], "write", KIND_WRITE, "p50 syncs",
	    v->rows[1].ours_syncs_p50.v, "syncs", "<=", 2, RULING_FAIL,
	    "write: 2.54 syncs at p50 (95% interval 2.2 to 2.7), over the ceiling of 2");
	v->checks[2].value = v->rows[1].ours_syncs_p50;
	check(&v->checks[3], "write", KIND_WRITE, "p50 syncs vs rival",
	    v->rows[1].ratio_p50.v, "x", ">=", 1, RULING_PASS,
	    "write: 2.54 syncs at p50 against ladybug's 4.43, no more than ladybug");
	/* indeterminate as the gate would rule it: the interval straddles the limit */
	check(&v->checks[4], "write", KIND_WRITE, "p99 syncs vs rival",
	    v->rows[1].ratio_p99.v, "x", ">=", 1, RULING_INDETERMINATE,
	    "write: 3.97 syncs at p99 against ladybug's 7.32 (ratio 1.84x; 95% "
	    "interval 0.9x to 2.1x), too close to ladybug to call; about 4200 "
	    "samples a side would settle it at 80% power");
	v->checks[4].value = v->rows[1].ratio_p99;
	v->checks[4].samples_needed = v->checks[4].samples_needed_hi = 4200;
	v->unmatched = xcalloc(1, sizeof *v->unmatched);
	v->nunmatched = 1;
	v->unmatched[0].name = xstrdup("lb-delete-node");
	v->unmatched[0].kind = KIND_WRITE;
	v->unmatched[0].ours = 0;
	v->unmatched[0].reason = xstrdup("ladybug ran lb-delete-node; zu did not");
	v->reads.ruling = RULING_PASS;
	v->reads.reason = xstrdup("1 class, at least 10x faster than ladybug at p50 "
	    "and p99; the least is 129.57x (point-read at p99)");
	v->writes.ruling = RULING_FAIL;
	v->writes.reason = xstrdup(v->checks[2].reason);
	v->ceiling_note = xstrdup("2 syncs a commit at p50 (--commit-syncs)");
	verdict_note(v, "a note with 0.1 + 0.2 = %.17g", 0.1 + 0.2);
	v->overall = RULING_FAIL;
}

/* Names a rival's team could write to break a table or run a script. */
#define EVIL_ENGINE "<script>alert(1)</script>|x"
#define EVIL_CLASS "write\n| evil | row |\x1b[2J\"quoted\" 'single' `tick` [a](http://x.example) **b** &amp;"

static void
replace(char **s, const char *with)
{
	free(*s);
	*s = xstrdup(with);
}

/* The split verdict with every name and string from input made hostile. */
static void
fill_hostile(struct gate_verdict *v)
{
	size_t i;

	fill_split(v);
	replace(&v->ours.engine, EVIL_ENGINE);
	replace(&v->ours.label, EVIL_ENGINE);
	replace(&v->rival.version, "1.0\r\n<img src=x onerror=alert(2)>");
	replace(&v->headline, "rival: " EVIL_ENGINE " against ladybug");
	replace(&v->rows[1].name, EVIL_CLASS);
	for (i = 0; i < v->nchecks; i++)
		if (v->checks[i].kind == KIND_WRITE)
			replace(&v->checks[i].class_name, EVIL_CLASS);
	replace(&v->checks[2].reason, EVIL_CLASS ": 2.54 syncs at p50 (95% interval "
	    "2.2 to 2.7), over the ceiling of 2");
	replace(&v->writes.reason, v->checks[2].reason);
	replace(&v->notes[0], "- # heading? \x07\x01 \xff\xfe not UTF-8 \xe2\x80\xae reversed");
	replace(&v->unmatched[0].name, "]]></x><x>");
	replace(&v->ours.evidence[0], "</dd><script>alert(3)</script>");
}

/* The formats the tests render, by the names of report/render.c's rows. */
#define FORMAT_TEXT "text"
#define FORMAT_MARKDOWN "markdown"
#define FORMAT_JSON "json"
#define FORMAT_JUNIT "junit"
#define FORMAT_HTML "html"
#define FORMAT_BENCHMARK_ACTION "benchmark-action"
#define FORMAT_BENCHER "bencher"

/* Renders v in format f into a string the caller frees. */
static char *
render(const struct gate_verdict *v, const char *f, int ascii)
{
	struct render_opts o = { ascii, 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(report_render(fp, v, report_format_find(f), &o), 0);
	assert_int_equal(fclose(fp), 0);
	return buf;
}

/* Parses a rendered JSON verdict back. */
static int
load_text(const char *text, struct gate_verdict *v, char *err)
{
	cJSON *root = json_parse_buffer("v.json", text, strlen(text), err);
	int rc;

	if (root == NULL)
		return -1;
	rc = verdict_from_json(root, "v.json", v, err);
	cJSON_Delete(root);
	return rc;
}

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
		{ "\"max_regression\":\tnull,\n\t\t\"ceiling_note\"",
		  "\"max_regression\":\t0.05,\n\t\t\"ceiling_note\"",
		  "v.json: writes.max_regression differs from reads.max_regression; "
		  "expected one threshold for both" },
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
		{ "\"ci\":\t[0.9, 2.1]", "\"ci\":\t[1.1, 2.1]",
		  "v.json: checks[4].ci is [1.1, 2.1]; expected [0.9, 2.1], "
		  "ratio.p99_ci of its class \"write\"" },
		{ "\"ci\":\t[2.2, 2.7]", "\"ci\":\t[2.6, 2.7]",
		  "v.json: checks[2].ci is [2.6, 2.7]; expected an interval around its "
		  "figure, 2.5364238410596025" },
		{ "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t",
		  "\"ratio\":\t{\n\t\t\t\t\t\"p50\":\t9, \"was\":\t",
		  "v.json: reads.classes[0].ratio.p50 is 9; expected 220.3484062268347, "
		  "rival.p50_ns over ours.p50_ns" },
		{ "\"p99_syncs\":\t3.9735099337748343", "\"p99_syncs\":\t3",
		  "v.json: writes.classes[0].ours.p99_syncs is 3; expected "
		  "3.9735099337748343, ours.p99_ns over unit.ours.ns" },
		{ "\"p50_syncs\":\tnull", "\"p50_syncs\":\t2",
		  "v.json: reads.classes[0].ours.p50_syncs is 2; expected null, as a "
		  "read is not put in syncs" },
		{ "\"p50_syncs_ci\":\t[2.2, 2.7]", "\"p50_syncs_ci\":\t[2.6, 2.7]",
		  "v.json: writes.classes[0].ours.p50_syncs_ci is [2.6, 2.7]; expected an "
		  "interval around its figure, 2.5364238410596025" },
		{ "\"has_samples\":\tfalse", "\"has_samples\":\ttrue",
		  "v.json: reads.classes[0].ours.has_samples is true; expected false, "
		  "as its samples are 0" },
		/* a check that no gate makes for its class */
		{ "\"statistic\":\t\"p50 speedup\"", "\"statistic\":\t\"p50 syncs\"",
		  "v.json: checks[0].statistic is \"p50 syncs\"; expected a check the "
		  "gate makes of a read class against a rival" },
		{ "\"statistic\":\t\"p50 syncs\"", "\"statistic\":\tnull",
		  "v.json: checks[2].statistic is null; expected a check the gate makes "
		  "of a write class against a rival" },
		{ "\"value_unit\":\t\"x\"", "\"value_unit\":\t\"syncs\"",
		  "v.json: checks[0].value_unit is \"syncs\"; expected \"x\" for a "
		  "\"p50 speedup\" check" },
		{ "\"comparison\":\t\">=\"", "\"comparison\":\t\"<=\"",
		  "v.json: checks[0].comparison is \"<=\"; expected \">=\" for a "
		  "\"p50 speedup\" check" },
		/* thresholds and units of the other mode, or none */
		{ "\"read_speedup\":\t10", "\"read_speedup\":\tnull",
		  "v.json: reads.read_speedup is null; expected the least speedup of a "
		  "read (--read-speedup) in a verdict against a rival" },
		{ "\"mode\":\t\"rival\"", "\"mode\":\t\"baseline\"",
		  "v.json: reads.read_speedup is 10; expected null in a verdict against "
		  "a baseline" },
		{ "\"source\":\t\"shared\"", "\"source\":\t\"none\"",
		  "v.json: unit.ours.ns is 3020000; expected null, as unit.source is "
		  "\"none\"" },
		{ "\"rival\":\t{\n\t\t\t\"ns\":\t3020000",
		  "\"rival\":\t{\n\t\t\t\"ns\":\t3100000",
		  "v.json: unit.rival is 3100000 with band [2869000, 3465000]; expected "
		  "unit.ours (3020000 with band [2869000, 3465000]), as unit.source is "
		  "\"shared\"" },
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
 * A verdict whose rulings and words were edited to pass, over figures
 * that fail, is ruled again: it renders as the gate's own, in every
 * ruling and every word; so do words edited alone.
 */
static void
test_json_loader_rerules_an_edited_verdict(void **state)
{
	static const char *const to_pass[] = {
		"\"verdict\":\t\"fail\"", "\"verdict\":\t\"pass\"",
		"\"verdict\":\t\"indeterminate\"", "\"verdict\":\t\"pass\"",
		", over the ceiling of 2", ", within the ceiling of 2",
		", too close to ladybug to call; about 4200 samples a side would "
		"settle it at 80% power", ", no more than ladybug",
		"\"samples_needed\":\t4200", "\"samples_needed\":\tnull",
	};
	static const char *const words[] = {
		"at p50, at least 10x", "at p50, below 10x",
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
	struct render_opts o = { 0, 0 };
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
	assert_non_null(strstr(text, "**Writes: fail**: write: 2.54 syncs at p50 (95% "
	    "interval 2.2 to 2.7), over the ceiling of 2\n"));
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
	struct render_opts o = { 0, 0 };
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
	    "about 1 sample a side would settle it at 80% power");
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
	assert_non_null(strstr(xml, ">about 1 sample a side would settle it at 80% "
	    "power</skipped>"));
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
	struct render_opts o = { 0, 0 };
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
		cmocka_unit_test(test_json_round_trip_is_exact),
		cmocka_unit_test(test_json_doubles_round_trip),
		cmocka_unit_test(test_json_keeps_row_order),
		cmocka_unit_test(test_json_loader_names_path),
		cmocka_unit_test(test_json_loader_refuses_what_no_gate_writes),
		cmocka_unit_test(test_json_loader_rerules_an_edited_verdict),
		cmocka_unit_test(test_json_loader_not_object),
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
