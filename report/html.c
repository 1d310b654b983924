/* SPDX-License-Identifier: MIT */
/*
 * The verdict as one self-contained HTML page, for phones and print too.
 * A Content Security Policy forbidding scripts backs up the escaping: even
 * a name that got past escape_xml could not run.
 */
#include "report/phrases.h"
#include "lib/units.h"
#include "report/layout.h"
#include "report/svg.h"

static const char style[] =
    ":root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#59636e;"
    "--line:#d1d9e0;--ours:#0969da;--rival:#bc4c00;--pass:#1a7f37;"
    "--fail:#cf222e;--indet:#9a6700;--none:#59636e;--band:#8250df}\n"
    "@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;"
    "--muted:#9198a1;--line:#3d444d;--ours:#4493f8;--rival:#f0883e;"
    "--pass:#3fb950;--fail:#f85149;--indet:#d29922;--band:#ab7df8}}\n"
    "body{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;"
    "color:var(--fg);background:var(--bg);max-width:60rem;margin:0 auto;"
    "padding:1rem;line-height:1.45}\n"
    "h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;"
    "border-bottom:1px solid var(--line)}\n"
    ".scroll{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}\n"
    "th,td{padding:.25rem .6rem;border-bottom:1px solid var(--line);"
    "text-align:left;vertical-align:top}\n"
    "td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
    ".badge{display:inline-block;padding:0 .5rem;border-radius:.3rem;"
    "color:#fff;font-weight:600}\n"
    ".pass{background:var(--pass)}.fail{background:var(--fail)}"
    ".indeterminate{background:var(--indet)}.not-ruled{background:var(--none)}\n"
    ".muted{color:var(--muted)}figure{margin:1rem 0}\n"
    "td:first-child{overflow-wrap:anywhere;min-width:10ch}\n"
    "svg.chart{width:100%;max-width:48rem;height:auto;"
    "font-size:12px;fill:var(--fg)}\n"
    "svg .grid{stroke:var(--line);stroke-width:1}svg .minor{stroke-opacity:.5}\n"
    "svg .tick{fill:var(--muted);font-size:11px}\n"
    "svg .ours{stroke:var(--ours);fill:var(--ours)}"
    "svg .rival{stroke:var(--rival);fill:var(--rival)}\n"
    "svg .span{stroke-width:2}svg .p99{fill:var(--bg);stroke-width:2}\n"
    "svg .ci{stroke:none;fill-opacity:.25}\n"
    "svg .band{stroke:none;fill:var(--band);fill-opacity:.15}\n"
    "svg .ceiling{stroke:var(--fail);stroke-width:2;stroke-dasharray:6 4}\n"
    "svg .ceiling-label{fill:var(--fail)}\n"
    "@media (max-width:40rem){table.checks thead{display:none}"
    "table.checks tr{display:block;border-bottom:1px solid var(--line);"
    "padding:.3rem 0}table.checks td{display:inline-block;border:0;"
    "padding:.1rem .4rem .1rem 0}table.checks td.reason{display:block}}\n"
    "@media print{body{max-width:none;padding:0}.scroll{overflow:visible}"
    "table,figure{break-inside:avoid}"
    ".badge{color:#000;border:1px solid #000;background:none}}\n";

/* r's badge between open and close. */
static void
badge(FILE *fp, const char *open, enum ruling r, const char *close)
{
	fprintf(fp, "%s<span class=\"badge %s\">%s</span>%s", open,
	    r == RULING_NOT_RULED ? "not-ruled" : ruling_name(r), ruling_name(r),
	    close);
}

static void
head(FILE *fp, const struct gate_verdict *v)
{
	fprintf(fp, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	    "style-src 'unsafe-inline'\">\n<title>syncgate: %s \u2014 ",
	    ruling_name(v->overall));
	escape_xml(fp, v->headline);
	fprintf(fp, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n",
	    style);
	badge(fp, "<h1>syncgate: ", v->overall, "</h1>\n<p>");
	escape_xml(fp, v->headline);
	fputs("</p>\n</header>\n", fp);
}

static void
td_num(FILE *fp, const char *s)
{
	fprintf(fp, "<td class=\"n\">%s</td>", s);
}

static void
latency(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	char f[6][DURLEN];
	size_t i, k;

	fputs("<section>\n<h2>Latency</h2>\n<div class=\"scroll\"><table>\n<thead><tr>"
	    "<th>Class</th><th>Kind</th>", fp);
	layout_name_heads(fp, v, escape_xml, "<th>", "</th>");
	fputs("<th>p50 x</th><th>p99 x</th><th>Verdict</th></tr></thead>\n<tbody>\n", fp);
	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		layout_xml(fp, "<tr><td>", r->name, "</td>");
		fprintf(fp, "<td>%s</td>", class_kind_name(r->kind));
		layout_row_figures(f, v, r, o->ascii);
		for (k = 0; k < 6; k++)
			td_num(fp, f[k]);
		badge(fp, "<td>", r->ruling, "</td></tr>\n");
	}
	layout_xml(fp, "</tbody></table></div>\n<p class=\"muted\">x is ",
	    verdict_rival_label(v), "");
	escape_xml(fp, words_apostrophe(verdict_rival_label(v)));
	layout_xml(fp, " latency divided by ", verdict_ours_label(v), "");
	escape_xml(fp, words_apostrophe(verdict_ours_label(v)));
	layout_xml(fp, ": above 1, ", verdict_ours_label(v),
	    " is faster.</p>\n");
	if (layout_rows(v, KIND_READ)) {
		fputs("<figure>\n<div class=\"scroll\">\n", fp);
		svg_reads(fp, v, o);
		fputs("</div>\n<figcaption class=\"muted\">Reads: p50 (filled) and p99 (open) "
		    "of both sides on a logarithmic axis; shaded bars are intervals."
		    "</figcaption>\n</figure>\n", fp);
	}
	fputs("</section>\n", fp);
}

static void
syncs_rows(FILE *fp, const struct gate_verdict *v)
{
	char s[4][DURLEN];
	size_t i;
	int k;

	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		if (r->kind != KIND_WRITE)
			continue;
		layout_xml(fp, "<tr><td>", r->name, "</td>");
		layout_row_syncs(s, v, r);
		for (k = 0; k < 4; k++)
			td_num(fp, s[k]);
		badge(fp, "<td>", r->ruling, "</td></tr>\n");
	}
}

static void
writes(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	fputs("<section>\n<h2>Writes in durable syncs</h2>\n<p>", fp);
	if (v->unit.source == UNIT_NONE) {
		layout_xml(fp, "Not ruled in syncs: ", v->unit.why_none ?
		    v->unit.why_none : "no unit", ".</p>\n");
	} else {
		escape_xml(fp, v->unit.description);
		layout_band(fp, v, o->ascii, escape_xml);
		fputs("</p>\n<div class=\"scroll\"><table>\n<thead><tr><th>Class</th>", fp);
		layout_name_heads(fp, v, escape_xml, "<th>", "</th>");
		fputs("<th>Verdict</th></tr></thead>\n<tbody>\n", fp);
		syncs_rows(fp, v);
		fputs("</tbody></table></div>\n", fp);
	}
	layout_flushes(fp, v, escape_xml, "<p>Flushes: ", "</p>\n");
	layout_xml(fp, "<p>Ceiling: ", v->ceiling_note, "</p>\n");
	fputs("<figure>\n<div class=\"scroll\">\n", fp);
	svg_writes(fp, v, o);
	fputs("</div>\n<figcaption class=\"muted\">", fp);
	if (v->unit.source == UNIT_NONE)
		fputs("Writes: p50 (filled) and p99 (open) latency on a logarithmic "
		    "axis, as there is no sync unit.", fp);
	else
		fprintf(fp, "Writes in syncs: p50 (filled) and p99 (open);%s the shaded "
		    "strip is the probe's band of one sync.", v->commit_syncs > 0 ?
		    " the dashed line is the ceiling;" : "");
	fputs("</figcaption>\n</figure>\n</section>\n", fp);
}

static void
halves(FILE *fp, const struct gate_verdict *v)
{
	badge(fp, "<section>\n<h2>Verdict</h2>\n<ul>\n<li>Reads: ",
	    v->reads.ruling, " ");
	escape_xml(fp, v->reads.reason);
	badge(fp, "</li>\n<li>Writes: ", v->writes.ruling, " ");
	escape_xml(fp, v->writes.reason);
	fputs("</li>\n</ul>\n</section>\n", fp);
}

static void
checks(FILE *fp, const struct gate_verdict *v)
{
	char val[FIGLEN], ci[FIGLEN], lim[FIGLEN], pc[FIGLEN];
	size_t i;

	if (v->nchecks == 0)
		return;
	fprintf(fp, "<section>\n<h2>Checks%s</h2>\n<div class=\"scroll\"><table "
	    "class=\"checks\">\n<thead><tr><th>Class</th><th>Statistic</th>"
	    "<th>Value</th><th>Interval</th><th>Limit</th><th>Verdict</th>"
	    "<th>Why</th></tr></thead>\n<tbody>\n",
	    layout_confidence(pc, sizeof pc, v, " at ", " confidence"));
	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];
		char why[FIGLEN];

		layout_xml(fp, "<tr><td>", c->class_name, "</td><td>");
		escape_xml(fp, c->statistic);
		fputs("</td><td class=\"n\">", fp);
		escape_xml(fp, layout_check_value(val, sizeof val, c));
		fprintf(fp, "</td><td class=\"n\">%s</td><td class=\"n\">",
		    layout_check_interval(ci, sizeof ci, c));
		escape_xml(fp, layout_check_limit(lim, sizeof lim, c));
		badge(fp, "</td><td>", c->ruling, "");
		/* the short why, unfolding to the reason in full */
		words_why(v, c, why, sizeof why);
		layout_xml(fp, "</td><td class=\"reason\"><details><summary>",
		    why[0] ? why : "reason", "</summary>");
		escape_xml(fp, c->reason);
		fputs("</details></td></tr>\n", fp);
	}
	fputs("</tbody></table></div>\n</section>\n", fp);
}

static void
lists(FILE *fp, const struct gate_verdict *v)
{
	size_t i;

	if (v->nnotes > 0) {
		fputs("<section>\n<h2>Notes</h2>\n<ul>\n", fp);
		for (i = 0; i < v->nnotes; i++)
			layout_xml(fp, "<li>", v->notes[i], "</li>\n");
		fputs("</ul>\n</section>\n", fp);
	}
	if (v->nunmatched == 0)
		return;
	fputs("<section>\n<h2>On one side only, not ruled</h2>\n<ul>\n", fp);
	for (i = 0; i < v->nunmatched; i++) {
		const struct verdict_unmatched *u = &v->unmatched[i];

		fputs("<li>", fp);
		escape_xml(fp, u->name);
		fprintf(fp, " (%s): ", class_kind_name(u->kind));
		escape_xml(fp, u->reason);
		fputs("</li>\n", fp);
	}
	fputs("</ul>\n</section>\n", fp);
}

static void
fact(FILE *fp, const char *what, const char *value)
{
	char dt[64];

	snprintf(dt, sizeof dt, "<dt>%s</dt><dd>", what);
	layout_xml(fp, dt, value, "</dd>\n");
}

/* The unit first: the probe is called the probe before the run, not one sync. */
static void
probe(FILE *fp, const struct gate_verdict *v, int ours,
    const struct render_opts *o)
{
	const struct verdict_side *s = ours ? &v->ours : &v->rival;
	char med[DURLEN], lo[DURLEN], hi[DURLEN], buf[3 * DURLEN + 64];
	char what[32], unit[UNITLEN];
	size_t i;

	layout_xml(fp, "<h3>", ours ? verdict_ours_label(v) :
	    verdict_rival_label(v), "</h3>\n<dl>\n");
	fact(fp, "Result file", s->file);
	fact(fp, "Writes divided by", layout_side_unit(unit, v, ours, o->ascii));
	if (!s->has_probe) {
		fputs("<dt>Probe</dt><dd>none</dd>\n</dl>\n", fp);
		return;
	}
	fact(fp, "Probe file", s->probe_file);
	snprintf(buf, sizeof buf, "%s, interval [%s, %s], median of %zu %s",
	    units_fmt_duration(med, sizeof med, s->probe_median_ns, o->ascii),
	    units_fmt_duration(lo, sizeof lo, s->probe_ci_lo_ns, o->ascii),
	    units_fmt_duration(hi, sizeof hi, s->probe_ci_hi_ns, o->ascii),
	    s->probe_samples, words_plural(s->probe_samples, "sample", "samples"));
	snprintf(what, sizeof what, "Probe before %s", layout_probe_when(s));
	fact(fp, what, buf);
	fact(fp, "Method", s->method);
	fact(fp, "Filesystem", s->fs);
	fact(fp, "Device", s->device);
	fact(fp, "Volume", s->volume_id);
	fact(fp, "Host", s->host_id);
	fact(fp, "Reaches the device", reach_name(s->reaches));
	fputs("</dl>\n", fp);
	if (s->nevidence == 0)
		return;
	fputs("<ul>\n", fp);
	for (i = 0; i < s->nevidence; i++)
		layout_xml(fp, "<li>", s->evidence[i], "</li>\n");
	fputs("</ul>\n", fp);
}

int
report_html(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	head(fp, v);
	fputs("<main>\n", fp);
	if (v->nrows > 0)
		latency(fp, v, o);
	if (layout_rows(v, KIND_WRITE))
		writes(fp, v, o);
	halves(fp, v);
	checks(fp, v);
	lists(fp, v);
	fputs("<section>\n<h2>Probes</h2>\n", fp);
	probe(fp, v, 1, o);
	probe(fp, v, 0, o);
	fprintf(fp, "</section>\n</main>\n<footer class=\"muted\"><p>%s mode",
	    gate_mode_name(v->mode));
	layout_xml(fp, ", ruled by syncgate ", v->version, "");
	fputs("</p></footer>\n</body>\n</html>\n", fp);
	return 0;
}
