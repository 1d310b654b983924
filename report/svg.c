/* SPDX-License-Identifier: MIT */
/*
 * The HTML report's charts as hand-drawn SVG: no script, no network.
 * Coordinates print in tenths through integers, never %f: a decimal-comma
 * locale would write "12,5" into an attribute.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "lib/units.h"
#include "report/layout.h"
#include "report/svg.h"

#define WIDTH   560.0
#define LEFT    140.0   /* class names */
#define RIGHT   24.0
#define TOP     44.0    /* legend and ceiling label */
#define ROW     18.0    /* one side of one class */
#define GAP     14.0    /* between classes */
#define BOTTOM  34.0    /* axis labels */
#define NAMELEN 20      /* code points of a name shown in a chart */

struct axis {
	int log;        /* latency in ns on a log axis, else syncs on a linear one */
	double lo, hi;  /* log: decades (exponents of 10); linear: syncs */
	int ascii;
};

struct mark {
	struct verdict_value p50, p99;
	const char *side;   /* CSS class: "ours" or "rival" */
	const char *label;
	/* the figures as the table prints them, or NULL: as the axis does */
	const char *p50_text, *p99_text;
};

static void
num(FILE *fp, double x)
{
	long long t = llround(x * 10);

	if (t < 0) {
		fputc('-', fp);
		t = -t;
	}
	fprintf(fp, "%lld", t / 10);
	if (t % 10 != 0)
		fprintf(fp, ".%lld", t % 10);
}

static void
attr(FILE *fp, const char *name, double x)
{
	fprintf(fp, " %s=\"", name);
	num(fp, x);
	fputc('"', fp);
}

static void
line(FILE *fp, const char *cls, const char *more, double x1, double x2,
    double y1, double y2)
{
	fprintf(fp, "<line class=\"%s%s\"", cls, more);
	attr(fp, "x1", x1);
	attr(fp, "x2", x2);
	attr(fp, "y1", y1);
	attr(fp, "y2", y2);
	fputs("/>\n", fp);
}

static void
short_name(FILE *fp, const char *s)
{
	char buf[4 * NAMELEN + 8];
	size_t i = 0, n = 0;
	uint32_t cp;

	if (s == NULL)
		return;
	for (; s[i] != '\0' && n < NAMELEN; n++)
		i += utf8_decode(s + i, &cp);
	memcpy(buf, s, i);
	buf[i] = '\0';
	escape_xml(fp, buf);
	if (s[i] != '\0')
		fputs("\u2026", fp);
}

static double
px(const struct axis *a, double x)
{
	double f = ((a->log ? log10(x) : x) - a->lo) / (a->hi - a->lo);

	return LEFT + f * (WIDTH - LEFT - RIGHT);
}

static int
plottable(const struct axis *a, double x)
{
	return isfinite(x) && (!a->log || x > 0);
}

static void
widen(double *mn, double *mx, double x, int positive)
{
	if (!isfinite(x) || (positive && x <= 0))
		return;
	if (isnan(*mn) || x < *mn)
		*mn = x;
	if (isnan(*mx) || x > *mx)
		*mx = x;
}

static void
widen_value(double *mn, double *mx, struct verdict_value x, int positive)
{
	widen(mn, mx, x.v, positive);
	widen(mn, mx, x.lo, positive);
	widen(mn, mx, x.hi, positive);
}

/* buf (x in fixed point) without trailing zeros: "2.50" as "2.5"; "1.0e-15" kept. */
static char *
trim(char *buf, size_t len, double x)
{
	const char *dot = strchr(buf, '.');

	if (dot == NULL || strchr(dot, 'e') != NULL)
		return buf;
	return units_fmt_fixed(buf, len, x, (int)strlen(dot + 1));
}

static void
figure(FILE *fp, const struct axis *a, double x)
{
	char buf[DURLEN];

	if (a->log)
		fputs(units_fmt_duration(buf, sizeof buf, x, a->ascii), fp);
	else
		fputs(trim(units_fmt_ratio(buf, sizeof buf, x), sizeof buf, x), fp);
}

static void
tick(FILE *fp, const struct axis *a, double x, double bottom, int label)
{
	line(fp, "grid", label ? "" : " minor", px(a, x), px(a, x), TOP, bottom);
	if (!label)
		return;
	fputs("<text class=\"tick\" text-anchor=\"middle\"", fp);
	attr(fp, "x", px(a, x));
	attr(fp, "y", bottom + 16);
	fputc('>', fp);
	figure(fp, a, x);
	fputs("</text>\n", fp);
}

/* Decades labelled; within two decades, 2x and 5x labelled too. */
static void
log_ticks(FILE *fp, const struct axis *a, double bottom)
{
	int e, m, few = a->hi - a->lo <= 2;

	for (e = (int)a->lo; e <= (int)a->hi; e++) {
		tick(fp, a, pow(10, e), bottom, 1);
		for (m = 2; e < (int)a->hi && m <= 9; m++)
			tick(fp, a, m * pow(10, e), bottom, few && (m == 2 || m == 5));
	}
}

/* A step of 1, 2 or 5 times a power of ten giving at most eight ticks. */
static void
linear_ticks(FILE *fp, const struct axis *a, double bottom)
{
	double step = pow(10, floor(log10(a->hi / 8))), x;
	int i;

	if (a->hi / step > 8)
		step *= 2;
	if (a->hi / step > 8)
		step *= 2.5;
	for (i = 0; (x = i * step) <= a->hi + step * 1e-9; i++)
		tick(fp, a, x, bottom, 1);
}

static void
marker(FILE *fp, const struct axis *a, const struct mark *m, double y,
    struct verdict_value x, const char *which, const char *text)
{
	if (!plottable(a, x.v))
		return;
	fprintf(fp, "<circle class=\"%s %s\" r=\"5\"", which, m->side);
	attr(fp, "cx", px(a, x.v));
	attr(fp, "cy", y);
	fputs("><title>", fp);
	escape_xml(fp, m->label);
	fprintf(fp, " %s ", which);
	if (text != NULL)
		fputs(text, fp);
	else
		figure(fp, a, x.v);
	fputs("</title></circle>\n", fp);
}

/* A missing end of the bar is the figure itself. */
static void
interval(FILE *fp, const struct axis *a, const char *side, double y,
    struct verdict_value x)
{
	double lo = isfinite(x.lo) ? x.lo : x.v, hi = isfinite(x.hi) ? x.hi : x.v;

	if ((isnan(x.lo) && isnan(x.hi)) || !plottable(a, lo) || !plottable(a, hi))
		return;
	fprintf(fp, "<rect class=\"ci %s\" height=\"8\"", side);
	attr(fp, "x", px(a, lo));
	attr(fp, "y", y - 4);
	attr(fp, "width", px(a, hi) - px(a, lo));
	fputs("/>\n", fp);
}

static void
side_row(FILE *fp, const struct axis *a, const struct mark *m, double y)
{
	interval(fp, a, m->side, y, m->p50);
	interval(fp, a, m->side, y, m->p99);
	if (plottable(a, m->p50.v) && plottable(a, m->p99.v))
		line(fp, "span ", m->side, px(a, m->p50.v), px(a, m->p99.v), y, y);
	marker(fp, a, m, y, m->p50, "p50", m->p50_text);
	marker(fp, a, m, y, m->p99, "p99", m->p99_text);
}

static void
legend(FILE *fp, const struct gate_verdict *v, int band)
{
	fputs("<g class=\"legend\">\n<circle class=\"p50 ours\" r=\"5\" cx=\"8\" "
	    "cy=\"12\"/><text x=\"18\" y=\"16\">", fp);
	short_name(fp, verdict_ours_label(v));
	fputs("</text>\n<circle class=\"p50 rival\" r=\"5\" cx=\"188\" cy=\"12\"/>"
	    "<text x=\"198\" y=\"16\">", fp);
	short_name(fp, verdict_rival_label(v));
	fputs("</text>\n<text x=\"358\" y=\"16\">\u25cf p50  \u25cb p99", fp);
	if (band)
		fputs("  \u2592 one sync's band", fp);
	fputs("</text>\n</g>\n", fp);
}

static double
chart_height(size_t n)
{
	return TOP + (double)n * (2 * ROW + GAP) + BOTTOM;
}

static void
open_svg(FILE *fp, const char *id, const char *title, size_t n)
{
	fprintf(fp, "<svg class=\"chart\" role=\"img\" aria-labelledby=\"%s\" "
	    "viewBox=\"0 0 %d ", id, (int)WIDTH);
	num(fp, chart_height(n));
	fprintf(fp, "\" xmlns=\"http://www.w3.org/2000/svg\">\n<title id=\"%s\">%s"
	    "</title>\n", id, title);
}

static void
plot_rows(FILE *fp, const struct gate_verdict *v, const struct axis *a,
    enum class_kind k, int syncs)
{
	double y = TOP;
	size_t i;

	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];
		struct mark ours = { syncs ? r->ours_syncs_p50 : r->ours_p50,
			syncs ? r->ours_syncs_p99 : r->ours_p99, "ours",
			verdict_ours_label(v), NULL, NULL };
		struct mark rival = { syncs ? r->rival_syncs_p50 : r->rival_p50,
			syncs ? r->rival_syncs_p99 : r->rival_p99, "rival",
			verdict_rival_label(v), NULL, NULL };
		char t[4][DURLEN];

		if (r->kind != k)
			continue;
		if (syncs) {
			/* as the table reads them, without its padding */
			layout_row_syncs(t, v, r);
			ours.p50_text = trim(t[0], DURLEN, ours.p50.v);
			ours.p99_text = trim(t[1], DURLEN, ours.p99.v);
			rival.p50_text = trim(t[2], DURLEN, rival.p50.v);
			rival.p99_text = trim(t[3], DURLEN, rival.p99.v);
		}
		fputs("<text class=\"name\" text-anchor=\"end\"", fp);
		attr(fp, "x", LEFT - 10);
		attr(fp, "y", y + ROW + 4);
		fputc('>', fp);
		short_name(fp, r->name);
		fputs("</text>\n", fp);
		side_row(fp, a, &ours, y + ROW / 2);
		side_row(fp, a, &rival, y + ROW * 1.5);
		y += 2 * ROW + GAP;
	}
}

static int
fit_axis(const struct gate_verdict *v, enum class_kind k, int syncs,
    struct axis *a)
{
	double mn = NAN, mx = NAN;
	size_t i;

	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		if (r->kind != k)
			continue;
		widen_value(&mn, &mx, syncs ? r->ours_syncs_p50 : r->ours_p50, !syncs);
		widen_value(&mn, &mx, syncs ? r->ours_syncs_p99 : r->ours_p99, !syncs);
		widen_value(&mn, &mx, syncs ? r->rival_syncs_p50 : r->rival_p50, !syncs);
		widen_value(&mn, &mx, syncs ? r->rival_syncs_p99 : r->rival_p99, !syncs);
	}
	if (isnan(mn))
		return -1;
	a->log = !syncs;
	a->lo = syncs ? 0 : floor(log10(mn));
	a->hi = syncs ? mx : ceil(log10(mx));
	if (!syncs && a->hi <= a->lo)
		a->hi = a->lo + 1;
	return 0;
}

static void
latency_chart(FILE *fp, const struct gate_verdict *v, enum class_kind k,
    const struct render_opts *o, const char *id, const char *title)
{
	size_t n = layout_rows(v, k);
	struct axis a;

	if (n == 0 || fit_axis(v, k, 0, &a) < 0)
		return;
	a.ascii = o->ascii;
	open_svg(fp, id, title, n);
	legend(fp, v, 0);
	log_ticks(fp, &a, chart_height(n) - BOTTOM);
	plot_rows(fp, v, &a, k, 0);
	fputs("</svg>\n", fp);
}

void
svg_reads(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	latency_chart(fp, v, KIND_READ, o, "reads-chart",
	    "Read latency at p50 and p99, logarithmic axis");
}

static void
band_rect(FILE *fp, const struct axis *a, const char *side, double lo,
    double hi, double y0, double y1)
{
	if (!isfinite(lo) || !isfinite(hi) || hi < lo)
		return;
	fprintf(fp, "<rect class=\"band %s\"", side);
	attr(fp, "x", px(a, lo));
	attr(fp, "width", px(a, hi) - px(a, lo));
	attr(fp, "y", y0);
	attr(fp, "height", y1 - y0);
	fputs("/>\n", fp);
}

/* One sync's band in syncs: one strip for a shared unit, else behind each side. */
static void
bands(FILE *fp, const struct gate_verdict *v, const struct axis *a, size_t n)
{
	const struct verdict_unit *u = &v->unit;
	double y = TOP;
	size_t i;

	if (u->source == UNIT_SHARED) {
		band_rect(fp, a, "shared", u->ours_lo_ns / u->ours_ns,
		    u->ours_hi_ns / u->ours_ns, TOP, TOP + (double)n * (2 * ROW + GAP));
		return;
	}
	for (i = 0; i < v->nrows; i++) {
		if (v->rows[i].kind != KIND_WRITE)
			continue;
		band_rect(fp, a, "ours", u->ours_lo_ns / u->ours_ns,
		    u->ours_hi_ns / u->ours_ns, y, y + ROW);
		band_rect(fp, a, "rival", u->rival_lo_ns / u->rival_ns,
		    u->rival_hi_ns / u->rival_ns, y + ROW, y + 2 * ROW);
		y += 2 * ROW + GAP;
	}
}

static void
ceiling(FILE *fp, const struct gate_verdict *v, const struct axis *a, size_t n)
{
	char buf[DURLEN];

	if (!(v->commit_syncs > 0))
		return;
	line(fp, "ceiling", "", px(a, v->commit_syncs), px(a, v->commit_syncs),
	    TOP - 4, TOP + (double)n * (2 * ROW + GAP));
	fputs("<text class=\"ceiling-label\" text-anchor=\"middle\"", fp);
	attr(fp, "x", px(a, v->commit_syncs));
	fprintf(fp, " y=\"%d\">ceiling %s</text>\n", (int)TOP - 8,
	    gate_limit_num(buf, sizeof buf, v->commit_syncs));
}

/* The syncs axis spans the ceiling and bands too, with room after. */
static void
fit_syncs(const struct gate_verdict *v, struct axis *a)
{
	const struct verdict_unit *u = &v->unit;
	double mn = a->lo, mx = a->hi;

	widen(&mn, &mx, v->commit_syncs, 1);
	widen(&mn, &mx, u->ours_hi_ns / u->ours_ns, 1);
	widen(&mn, &mx, u->rival_hi_ns / u->rival_ns, 1);
	a->lo = 0;
	a->hi = mx > 0 ? mx * 1.1 : 1;
}

void
svg_writes(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	size_t n = layout_rows(v, KIND_WRITE);
	struct axis a;

	if (n == 0)
		return;
	if (v->unit.source == UNIT_NONE || fit_axis(v, KIND_WRITE, 1, &a) < 0) {
		latency_chart(fp, v, KIND_WRITE, o, "writes-chart",
		    "Write latency at p50 and p99, logarithmic axis (no sync unit)");
		return;
	}
	a.ascii = o->ascii;
	fit_syncs(v, &a);
	open_svg(fp, "writes-chart", "Writes in durable syncs at p50 and p99, "
	    "with the ceiling and the band of one sync", n);
	legend(fp, v, 1);
	bands(fp, v, &a, n);
	linear_ticks(fp, &a, chart_height(n) - BOTTOM);
	ceiling(fp, v, &a, n);
	plot_rows(fp, v, &a, KIND_WRITE, 1);
	fputs("</svg>\n", fp);
}
