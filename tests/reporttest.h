/* SPDX-License-Identifier: MIT */
/*
 * Verdicts built by hand for the renderers' and the loader's tests: the
 * split verdict of fixtures/report, a hostile one, and rendering one to a
 * string.
 */
#ifndef SYNCGATE_REPORTTEST_H
#define SYNCGATE_REPORTTEST_H

#include <stdlib.h>
#include <string.h>

#include "gate/verdict_load.h"
#include "lib/err.h"
#include "lib/json.h"
#include "report/report.h"
#include "report/words.h"
#include "tests/testutil.h"

static inline struct verdict_value
val(double v, double lo, double hi)
{
	struct verdict_value x;

	x.v = v;
	x.lo = lo;
	x.hi = hi;
	return x;
}

static inline void
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

static inline void
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

/* The split: reads pass by orders of magnitude, writes fail in syncs. */
static inline void
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
	/* results that record no session: how they were taken is unknown */
	v->apart = APART_NO_SESSION;
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
	    "samples a side would settle it with 80% probability, over what "
	    "this run leaves uncertain of the figure");
	v->checks[4].value = v->rows[1].ratio_p99;
	v->checks[4].samples_needed = v->checks[4].samples_needed_hi = 4200;
	v->checks[4].settle = SETTLE_SAMPLES;
	v->unmatched = xcalloc(1, sizeof *v->unmatched);
	v->nunmatched = 1;
	v->unmatched[0].name = xstrdup("lb-delete-node");
	v->unmatched[0].kind = KIND_WRITE;
	v->unmatched[0].ours = 0;
	/* as the gate has them: the rival's figures are never known */
	v->unmatched[0].p50_ns = v->unmatched[0].p99_ns = NAN;
	v->unmatched[0].syncs_p50 = v->unmatched[0].syncs_p99 = NAN;
	v->unmatched[0].flushes = NAN;
	v->unmatched[0].reason = xstrdup("ladybug ran lb-delete-node; zu did not");
	v->reads.ruling = RULING_PASS;
	v->reads.reason = xstrdup("1 class, at least 10x faster than ladybug at p50 "
	    "and p99; the least is 129.57x (point-read at p99)");
	v->writes.ruling = RULING_FAIL;
	v->writes.reason = xstrdup(v->checks[2].reason);
	v->ceiling_note = xstrdup("2 syncs a commit at p50 (--commit-syncs)");
	verdict_noted(v, NOTE_SAVED, -1)->a = xasprintf("a note with 0.1 + 0.2 = %.17g",
	    0.1 + 0.2);
	v->overall = RULING_FAIL;
	/* the words as report makes them from the figures above */
	report_words(v);
}

/* Names a rival's team could write to break a table or run a script. */
#define EVIL_ENGINE "<script>alert(1)</script>|x"
#define EVIL_CLASS "write\n| evil | row |\x1b[2J\"quoted\" 'single' `tick` [a](http://x.example) **b** &amp;"

static inline void
replace(char **s, const char *with)
{
	free(*s);
	*s = xstrdup(with);
}

/* The split verdict with every name and string from input made hostile. */
static inline void
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
	replace(&v->noted[0].a, "- # heading? \x07\x01 \xff\xfe not UTF-8 \xe2\x80\xae reversed");
	replace(&v->unmatched[0].name, "]]></x><x>");
	replace(&v->ours.evidence[0], "</dd><script>alert(3)</script>");
	report_words(v);
}

/* The formats the tests render, by the names of report/render.c's rows. */
#define FORMAT_TEXT "text"
#define FORMAT_MARKDOWN "markdown"
#define FORMAT_JSON "json"
#define FORMAT_JUNIT "junit"
#define FORMAT_HTML "html"
#define FORMAT_BENCHMARK_ACTION "benchmark-action"
#define FORMAT_BENCHER "bencher"

/*
 * Renders v in format f into a string the caller frees; not inlined, as
 * GCC then takes the stream's buffer for a dangling local.
 */
static __attribute__((noinline, unused)) char *
render(const struct gate_verdict *v, const char *f, int ascii)
{
	struct render_opts o = { .ascii = ascii };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(report_format_find(f)->verdict(fp, v, &o), 0);
	assert_int_equal(fclose(fp), 0);
	return buf;
}

/* Parses a rendered JSON verdict back. */
static inline int
load_text(const char *text, struct gate_verdict *v, char *err)
{
	cJSON *root = json_parse_buffer("v.json", text, strlen(text), err);
	int rc;

	if (root == NULL)
		return -1;
	rc = verdict_from_json(root, "v.json", v, err);
	if (rc == 0)
		report_words(v);
	cJSON_Delete(root);
	return rc;
}

#endif
