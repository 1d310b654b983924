/* SPDX-License-Identifier: MIT */
/*
 * Format names, the environment's say on colour and character set, and
 * the one switch from a format to its renderer.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/units.h"
#include "report/report.h"

static const char *const names[] = {
	[FORMAT_TEXT] = "text",
	[FORMAT_MARKDOWN] = "markdown",
	[FORMAT_JSON] = "json",
	[FORMAT_JUNIT] = "junit",
	[FORMAT_HTML] = "html",
	[FORMAT_BENCHMARK_ACTION] = "benchmark-action",
	[FORMAT_BENCHER] = "bencher",
};
_Static_assert(sizeof names / sizeof names[0] == FORMAT_LAST + 1,
    "a format without a name");

int
report_format_parse(const char *s, enum report_format *f)
{
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(s, names[i]) == 0) {
			*f = (enum report_format)i;
			return 0;
		}
	}
	return -1;
}

const char *
report_format_name(enum report_format f)
{
	return (size_t)f < sizeof names / sizeof names[0] ? names[f] : "?";
}

char *
report_format_list(char *buf, size_t len, const char *last)
{
	return err_list(buf, len, names, sizeof names / sizeof names[0], last);
}

void
render_opts_detect(struct render_opts *o, FILE *fp, int force_ascii)
{
	const char *nc = getenv("NO_COLOR");

	o->ascii = force_ascii || !units_locale_utf8();
	o->color = isatty(fileno(fp)) && (nc == NULL || nc[0] == '\0');
}

int
report_render(FILE *fp, const struct gate_verdict *v, enum report_format f,
    const struct render_opts *o)
{
	switch (f) {
	case FORMAT_TEXT:
		return report_text(fp, v, o);
	case FORMAT_MARKDOWN:
		return report_markdown(fp, v, o);
	case FORMAT_JSON:
		return report_json(fp, v, o);
	case FORMAT_JUNIT:
		return report_junit(fp, v, o);
	case FORMAT_HTML:
		return report_html(fp, v, o);
	case FORMAT_BENCHMARK_ACTION:
		return report_benchmark_action(fp, v, o);
	case FORMAT_BENCHER:
		return report_bencher(fp, v, o);
	}
	return -1;
}
