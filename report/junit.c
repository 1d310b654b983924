/* SPDX-License-Identifier: MIT */
/*
 * The verdict as JUnit XML for CI test views: a test case per ruled
 * statistic, indeterminate as skipped.  The shape is Jenkins' xUnit
 * junit-10.xsd; fixtures/report/junit.xsd is what the tests validate against.
 */
#include <math.h>
#include <stdlib.h>

#include "lib/err.h"
#include "report/layout.h"
#include "report/report.h"
#include "report/words.h"

struct counts {
	size_t tests, failures, skipped;
};

/* A half ruled with no check to show (an unprobed volume) is a case, not hidden. */
static int
half_case(const struct gate_verdict *v, enum class_kind k)
{
	const struct verdict_half *h = k == KIND_READ ? &v->reads : &v->writes;
	size_t i;

	for (i = 0; i < v->nchecks; i++)
		if (v->checks[i].kind == k)
			return 0;
	return h->ruling != RULING_NOT_RULED;
}

/*
 * A verdict with nothing ruled still gets one case, skipped: CI reporters
 * that refuse an empty suite read one as a broken run.
 */
static int
verdict_case(const struct gate_verdict *v)
{
	return v->nchecks == 0 && !half_case(v, KIND_READ) &&
	    !half_case(v, KIND_WRITE);
}

static void
property(FILE *fp, const char *name, const char *value)
{
	if (value == NULL)
		return;
	fprintf(fp, "      <property name=\"%s\" value=\"", name);
	escape_xml(fp, value);
	fputs("\"/>\n", fp);
}

static void
properties(FILE *fp, const struct gate_verdict *v)
{
	char a[FIGLEN];

	fputs("    <properties>\n", fp);
	property(fp, "verdict", ruling_name(v->overall));
	property(fp, "mode", gate_mode_name(v->mode));
	property(fp, "headline", v->headline);
	property(fp, "ours", v->ours.engine);
	property(fp, "rival", v->rival.engine);
	property(fp, "reads", ruling_name(v->reads.ruling));
	property(fp, "writes", ruling_name(v->writes.ruling));
	if (!isnan(v->read_speedup))
		property(fp, "read_speedup", gate_limit_num(a, sizeof a, v->read_speedup));
	if (!isnan(v->commit_syncs))
		property(fp, "commit_syncs", gate_limit_num(a, sizeof a, v->commit_syncs));
	if (!isnan(v->max_regression))
		property(fp, "max_regression", gate_limit_num(a, sizeof a, v->max_regression));
	property(fp, "unit", unit_source_name(v->unit.source));
	property(fp, "unit_description", v->unit.description);
	property(fp, "unit_why_none", v->unit.why_none);
	property(fp, "syncgate_version", v->version);
	fputs("    </properties>\n", fp);
}

static void
figures(FILE *fp, const struct verdict_check *c)
{
	char val[FIGLEN], ci[FIGLEN], lim[FIGLEN];

	layout_check_value(val, sizeof val, c);
	layout_check_interval(ci, sizeof ci, c);
	layout_check_limit(lim, sizeof lim, c);
	escape_xml(fp, val);
	if (ci[0] != '\0')
		fprintf(fp, " %s", ci);
	layout_xml(fp, ", limit ", lim, "");
}

static void
outcome(FILE *fp, const struct gate_verdict *v, enum ruling r, const char *reason,
    const struct verdict_check *c)
{
	char *settle;

	if (r == RULING_FAIL) {
		layout_xml(fp, "      <failure type=\"fail\" message=\"", reason,
		    "\">");
		if (c != NULL)
			figures(fp, c);
		else
			escape_xml(fp, reason);
		fputs("</failure>\n", fp);
	} else if (r == RULING_PASS) {
		layout_xml(fp, "      <system-out>", reason, "</system-out>\n");
	} else {
		fprintf(fp, "      <skipped type=\"%s\" message=\"", ruling_name(r));
		escape_xml(fp, reason);
		fputs("\"", fp);
		settle = c != NULL ? words_settle(v, c) : NULL;
		/* past the "; " the reason's tail joins it by */
		if (settle != NULL)
			layout_xml(fp, ">", settle + 2, "</skipped>\n");
		else
			fputs("/>\n", fp);
		free(settle);
	}
}

/* Check c's case, or (c NULL) the half's or the verdict's, what; or counted. */
static void
testcase(FILE *fp, struct counts *n, const struct gate_verdict *v,
    const char *what, enum ruling r, const char *reason,
    const struct verdict_check *c)
{
	if (n != NULL) {
		n->tests++;
		n->failures += r == RULING_FAIL;
		n->skipped += r != RULING_FAIL && r != RULING_PASS;
		return;
	}
	fprintf(fp, "    <testcase classname=\"syncgate.%s\" name=\"", c == NULL ? what :
	    c->kind == KIND_READ ? "reads" : "writes");
	escape_xml(fp, c != NULL ? c->class_name : what);
	if (c != NULL)
		layout_xml(fp, " ", c->statistic, "");
	fputs("\">\n", fp);
	outcome(fp, v, r, reason, c);
	fputs("    </testcase>\n", fp);
}

/* Each case to fp, or with n each counted (the suite's head needs them first). */
static void
cases(FILE *fp, struct counts *n, const struct gate_verdict *v)
{
	size_t i;

	for (i = 0; i < v->nchecks; i++)
		testcase(fp, n, v, NULL, v->checks[i].ruling, v->checks[i].reason,
		    &v->checks[i]);
	if (half_case(v, KIND_READ))
		testcase(fp, n, v, "reads", v->reads.ruling, v->reads.reason, NULL);
	if (half_case(v, KIND_WRITE))
		testcase(fp, n, v, "writes", v->writes.ruling, v->writes.reason, NULL);
	if (verdict_case(v)) {
		char *why = xasprintf("reads: %s; writes: %s", v->reads.reason,
		    v->writes.reason);

		testcase(fp, n, v, "verdict", v->overall, why, NULL);
		free(why);
	}
}

static void
system_out(FILE *fp, const struct gate_verdict *v)
{
	size_t i;

	fprintf(fp, "    <system-out>verdict: %s\n", ruling_name(v->overall));
	for (i = 0; i < v->nnotes; i++)
		layout_xml(fp, "note: ", v->notes[i], "\n");
	for (i = 0; i < v->nunmatched; i++)
		layout_xml(fp, "not ruled: ", v->unmatched[i].reason, "\n");
	fputs("</system-out>\n", fp);
}

int
report_junit(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	struct counts c = { 0, 0, 0 };

	(void)o;
	cases(fp, &c, v);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<testsuites name=\"syncgate\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"0\">\n", c.tests, c.failures);
	fprintf(fp, "  <testsuite name=\"syncgate\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"0\" skipped=\"%zu\">\n", c.tests, c.failures, c.skipped);
	properties(fp, v);
	cases(fp, NULL, v);
	system_out(fp, v);
	fputs("  </testsuite>\n</testsuites>\n", fp);
	return 0;
}
