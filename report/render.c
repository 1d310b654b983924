/* SPDX-License-Identifier: MIT */
/* The output formats, a row each, and the environment's say on colour. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/json.h"
#include "lib/units.h"
#include "report/report.h"
#include "verdict/json.h"

int
report_json(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	(void)o;
	return json_print_and_delete(fp, verdict_to_json(v));
}

static int
probe_json(FILE *fp, const struct probe_record *p, const struct render_opts *o)
{
	(void)o;
	return json_print_and_delete(fp, probe_record_to_json(p));
}

const struct report_format report_formats[] = {
	{ "text", report_text, report_result_text, report_probe_text, NULL },
	{ "markdown", report_markdown, report_result_markdown, NULL, NULL },
	{ "json", report_json, report_result_json, probe_json, NULL },
	{ "junit", report_junit, NULL, NULL, NULL },
	{ "html", report_html, NULL, NULL, NULL },
	/* github-action-benchmark's customSmallerIsBetter */
	{ "benchmark-action", report_benchmark_action, NULL, NULL,
	  report_benchmark_action_why },
	/* Bencher Metric Format */
	{ "bencher", report_bencher, NULL, NULL, report_bencher_why },
	{ NULL, NULL, NULL, NULL, NULL }
};

const struct report_format *
report_format_find(const char *s)
{
	const struct report_format *f;

	for (f = report_formats; f->name != NULL; f++)
		if (strcmp(s, f->name) == 0)
			return f;
	return NULL;
}

const char *
report_format_nth(size_t i)
{
	size_t n = sizeof report_formats / sizeof report_formats[0] - 1;

	return i < n ? report_formats[i].name : NULL;
}

char *
report_format_list(char *buf, size_t len, const char *last)
{
	const char *names[sizeof report_formats / sizeof report_formats[0]];
	size_t n;

	for (n = 0; report_formats[n].name != NULL; n++)
		names[n] = report_formats[n].name;
	return err_list(buf, len, names, n, last);
}

void
render_opts_detect(struct render_opts *o, FILE *fp, int force_ascii)
{
	const char *nc = getenv("NO_COLOR");

	o->ascii = force_ascii || !units_locale_utf8();
	o->color = isatty(fileno(fp)) && (nc == NULL || nc[0] == '\0');
	o->verbose = 0;
}

int
report_verdict_to(FILE *fp, const struct gate_verdict *v, size_t format,
    const struct render_opts *o, const char *name, char *err)
{
	const struct report_format *f = &report_formats[format];
	char why[512];

	if (f->why_not != NULL && f->why_not(v, why, sizeof why))
		return errf(err, "%s: cannot render the verdict as %s: %s", name,
		    f->name, why);
	if (f->verdict(fp, v, o) < 0)
		return errf(err, "%s: cannot render the verdict as %s", name, f->name);
	return 0;
}
