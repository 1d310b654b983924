/* SPDX-License-Identifier: MIT */
/*
 * The verdict as GitHub workflow commands (--github-annotations).  Written
 * only when asked, never because GITHUB_ACTIONS is set, so a log showing
 * the text report holds no lines it did not ask for.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lib/err.h"
#include "report/layout.h"
#include "report/report.h"

void
report_annotation_escape(FILE *fp, const char *s, int prop)
{
	for (; *s != '\0'; s++)
		if (*s == '%' || *s == '\r' || *s == '\n' || (prop && (*s == ':' ||
		    *s == ',')))
			fprintf(fp, "%%%02X", (unsigned)(unsigned char)*s);
		else
			fputc(*s, fp);
}

/* Escaped plain first, so no control or command of its own reaches the log. */
static void
field(FILE *fp, const char *s, int prop)
{
	char *buf = xescaped(escape_plain, s);

	report_annotation_escape(fp, buf, prop);
	free(buf);
}

static void
command(FILE *fp, enum ruling r, const char *what, const char *stat,
    const char *reason)
{
	fputs(r == RULING_FAIL ? "::error title=" : "::warning title=", fp);
	report_annotation_escape(fp, "syncgate: ", 1);
	field(fp, what, 1);
	if (stat != NULL) {
		fputc(' ', fp);
		field(fp, stat, 1);
	}
	fputc(' ', fp);
	report_annotation_escape(fp, ruling_name(r), 1);
	fputs("::", fp);
	field(fp, reason != NULL ? reason : ruling_name(r), 0);
	fputc('\n', fp);
}

/* A half's own command, unless a check of it carries its ruling. */
static void
half(FILE *fp, const struct gate_verdict *v, enum class_kind k)
{
	const struct verdict_half *h = k == KIND_READ ? &v->reads : &v->writes;
	size_t i;

	if (h->ruling != RULING_FAIL && h->ruling != RULING_INDETERMINATE)
		return;
	for (i = 0; i < v->nchecks; i++)
		if (v->checks[i].kind == k && v->checks[i].ruling == h->ruling)
			return;
	command(fp, h->ruling, k == KIND_READ ? "reads" : "writes", NULL,
	    h->reason);
}

static void
undecided(FILE *fp, const struct gate_verdict *v)
{
	char u[512], *msg;

	if (v->overall != RULING_INDETERMINATE)
		return;
	msg = xasprintf("the gate could not rule: %s", layout_undecided(v, u,
	    sizeof u));
	command(fp, RULING_INDETERMINATE, "verdict", NULL, msg);
	free(msg);
}

int
report_annotations(FILE *fp, const struct gate_verdict *v)
{
	size_t i;

	undecided(fp, v);
	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];

		if (c->ruling == RULING_FAIL || c->ruling == RULING_INDETERMINATE)
			command(fp, c->ruling, c->class_name, c->statistic, c->reason);
	}
	half(fp, v, KIND_READ);
	half(fp, v, KIND_WRITE);
	return 0;
}
