/* SPDX-License-Identifier: MIT */
/*
 * Shared wording of the Markdown and HTML renderers.  Figures go through
 * lib/units.h like the text table's, so all formats agree to the digit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/base.h"
#include "verdict/digits.h"
#include "lib/units.h"
#include "report/layout.h"

const char *
layout_undecided(const struct gate_verdict *v, char *buf, size_t len)
{
	long long runs = -1, samples = -1;
	const char *settle;
	char n[64] = "";
	size_t i, open = 0;
	int held = 0;

	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];

		if (c->ruling == RULING_PASS || c->ruling == RULING_FAIL)
			continue;
		open++;
		held |= c->held;
		runs = c->runs_needed > runs ? c->runs_needed : runs;
		samples = c->samples_needed > samples ? c->samples_needed : samples;
	}
	if (runs > 0)
		snprintf(n, sizeof n, "about %lld runs a side", runs);
	else if (samples > 0)
		snprintf(n, sizeof n, "about %lld samples a side", samples);
	if (held && v->apart != APART_NONE && v->scope == SCOPE_RUNS)
		settle = "the results gated again, so that their figures carry the "
		    "shift between their sessions";
	else if (v->apart != APART_NONE && v->shift != SHIFT_NONE)
		settle = "both sides taken in turns in one syncgate run, or --noise "
		    "FILE from syncgate calibrate over runs of several sessions";
	else
		settle = n;
	snprintf(buf, len, "%zu of %zu %s neither passed nor failed%s%s", open,
	    v->nchecks, v->nchecks == 1 ? "check" : "checks",
	    settle[0] ? "; what would settle it: " : "", settle);
	return buf;
}

void
layout_name_heads(FILE *fp, const struct gate_verdict *v, escape_fn *esc,
    const char *open, const char *close)
{
	int k;

	for (k = 0; k < 4; k++) {
		fputs(open, fp);
		esc(fp, k < 2 ? verdict_ours_label(v) : verdict_rival_label(v));
		fprintf(fp, " %s%s", k % 2 ? "p99" : "p50", close);
	}
}

/* Two decimals, or more to read as they were ruled. */
static void
ratio_print(char *buf, size_t len, double x, int decimals)
{
	if (decimals < 0 || isnan(x))
		units_fmt_ratio(buf, len, x);
	else
		snprintf(buf, len, "%.*f", decimals, x);
}

static double
ratio_read(const char *buf)
{
	return strtod(buf, NULL);
}

static const struct gate_style ratio_style = { ratio_print, ratio_read };

static char *
ratio_vs(char *buf, size_t len, double x, double limit, int at_least)
{
	if (isnan(x) || isnan(limit))
		return units_fmt_ratio(buf, len, x);
	gate_fig_against(buf, len, x, limit, gate_reads_for(x, limit, at_least),
	    &ratio_style);
	return buf;
}

void
layout_row_figures(char f[6][DURLEN], const struct gate_verdict *v,
    const struct verdict_row *r, int ascii)
{
	double limit = v->mode == MODE_RIVAL && r->kind == KIND_READ ?
	    v->read_speedup : NAN;

	units_fmt_duration(f[0], DURLEN, r->ours_p50.v, ascii);
	units_fmt_duration(f[1], DURLEN, r->ours_p99.v, ascii);
	units_fmt_duration(f[2], DURLEN, r->rival_p50.v, ascii);
	units_fmt_duration(f[3], DURLEN, r->rival_p99.v, ascii);
	ratio_vs(f[4], DURLEN, r->ratio_p50.v, limit, 1);
	ratio_vs(f[5], DURLEN, r->ratio_p99.v, limit, 1);
}

/* Whether a (of x) and b (of y) read as ruled, and a against ceiling (NaN: none). */
static int
syncs_read(const char *a, const char *b, double x, double y, double ceiling)
{
	char lim[32];

	if (!isnan(ceiling) && !isnan(x) &&
	    !gate_reads_hold(strtod(a, NULL), strtod(gate_limit_num(lim, sizeof lim,
	    ceiling), NULL), gate_reads_for(x, ceiling, 0)))
		return 0;
	/* ours no more syncs a commit than the rival's passes */
	return isnan(x) || isnan(y) || gate_reads_hold(strtod(a, NULL),
	    strtod(b, NULL), gate_side(y / x, 1) >= 0 ? READS_LE : READS_GT);
}

void
layout_row_syncs(char s[4][DURLEN], const struct gate_verdict *v,
    const struct verdict_row *r)
{
	const struct verdict_value *x[4] = { &r->ours_syncs_p50, &r->ours_syncs_p99,
		&r->rival_syncs_p50, &r->rival_syncs_p99 };
	int d, q;

	/* each quantile's pair with its own decimals, the same for both */
	for (q = 0; q < 2; q++)
		for (d = -1; d <= 15; d = d < 0 ? 3 : d + 1) {
			ratio_print(s[q], DURLEN, x[q]->v, d);
			ratio_print(s[q + 2], DURLEN, x[q + 2]->v, d);
			if (v->mode != MODE_RIVAL || syncs_read(s[q], s[q + 2], x[q]->v,
			    x[q + 2]->v, q == 0 ? v->commit_syncs : NAN))
				break;
		}
}

static const char *
unit_gap(const char *unit)
{
	return unit != NULL && strlen(unit) > 1 ? " " : "";
}

static int
at_least(const struct verdict_check *c)
{
	return c->comparison != NULL && strcmp(c->comparison, ">=") == 0;
}

char *
layout_check_value(char *buf, size_t len, const struct verdict_check *c)
{
	char num[DURLEN];

	ratio_vs(num, sizeof num, c->value.v, c->limit, at_least(c));
	if (isnan(c->value.v) || c->value_unit == NULL)
		snprintf(buf, len, "%s", num);
	else
		snprintf(buf, len, "%s%s%s", num, unit_gap(c->value_unit), c->value_unit);
	return buf;
}

char *
layout_check_limit(char *buf, size_t len, const struct verdict_check *c)
{
	char num[DURLEN];

	if (isnan(c->limit)) {
		snprintf(buf, len, "-");
		return buf;
	}
	gate_limit_num(num, sizeof num, c->limit);
	snprintf(buf, len, "%s%s%s%s%s", c->comparison ? c->comparison : "",
	    c->comparison ? " " : "", num, c->value_unit ? unit_gap(c->value_unit) : "",
	    c->value_unit ? c->value_unit : "");
	return buf;
}

char *
layout_check_interval(char *buf, size_t len, const struct verdict_check *c)
{
	char lo[DURLEN] = "none", hi[DURLEN] = "none";

	if (isnan(c->value.lo) && isnan(c->value.hi)) {
		buf[0] = '\0';
		return buf;
	}
	/* an end too thin to bound is open: "(none, 2.4]", "[1.9, none)" */
	if (c->value.lo > 0)
		ratio_vs(lo, sizeof lo, c->value.lo, c->limit, at_least(c));
	if (isfinite(c->value.hi))
		ratio_vs(hi, sizeof hi, c->value.hi, c->limit, at_least(c));
	snprintf(buf, len, "%s%s, %s%s", c->value.lo > 0 ? "[" : "(", lo, hi,
	    isfinite(c->value.hi) ? "]" : ")");
	return buf;
}

char *
layout_confidence(char *buf, size_t len, const struct gate_verdict *v,
    const char *before, const char *after)
{
	char pc[DURLEN];

	if (isnan(v->confidence))
		buf[0] = '\0';
	else
		snprintf(buf, len, "%s%s%%%s", before,
		    gate_limit_num(pc, sizeof pc, v->confidence * 100), after);
	return buf;
}

static int
has_flushes(const struct gate_verdict *v)
{
	size_t i;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == KIND_WRITE && (!isnan(v->rows[i].ours_flushes) ||
		    !isnan(v->rows[i].rival_flushes)))
			return 1;
	return 0;
}

void
layout_flushes(FILE *fp, const struct gate_verdict *v, escape_fn *esc,
    const char *lead, const char *end)
{
	size_t i, n = 0;
	int k;

	if (!has_flushes(v))
		return;
	fputs(lead, fp);
	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		if (r->kind != KIND_WRITE)
			continue;
		if (n++ > 0)
			fputs("; ", fp);
		esc(fp, r->name);
		for (k = 0; k < 2; k++) {
			double x = k ? r->rival_flushes : r->ours_flushes;

			fputs(k ? ", " : ": ", fp);
			esc(fp, k ? verdict_rival_label(v) : verdict_ours_label(v));
			if (isnan(x))
				fputs(" not counted", fp);
			else
				fprintf(fp, " %.2f", x);
		}
	}
	fprintf(fp, " flushes a commit (device flush requests counted over the "
	    "run)%s", end);
}

void
layout_band(FILE *fp, const struct gate_verdict *v, int ascii,
    escape_fn *esc)
{
	const struct verdict_unit *u = &v->unit;
	char a[DURLEN], b[DURLEN], pc[DURLEN + 8];

	layout_confidence(pc, sizeof pc, v, " at ", "");
	if (u->source == UNIT_SHARED && !isnan(u->ours_lo_ns)) {
		fprintf(fp, "; band %s to %s%s",
		    units_fmt_duration(a, sizeof a, u->ours_lo_ns, ascii),
		    units_fmt_duration(b, sizeof b, u->ours_hi_ns, ascii),
		    u->ours_band_rounds ? ", the rounds' lowest and highest median" : pc);
	} else if (u->source == UNIT_PER_VOLUME) {
		fputs("; bands ", fp);
		esc(fp, verdict_ours_label(v));
		fprintf(fp, " %s to %s%s, ", units_fmt_duration(a, sizeof a, u->ours_lo_ns, ascii),
		    units_fmt_duration(b, sizeof b, u->ours_hi_ns, ascii),
		    u->ours_band_rounds ? " (its rounds' medians)" : "");
		esc(fp, verdict_rival_label(v));
		fprintf(fp, " %s to %s%s%s",
		    units_fmt_duration(a, sizeof a, u->rival_lo_ns, ascii),
		    units_fmt_duration(b, sizeof b, u->rival_hi_ns, ascii),
		    u->rival_band_rounds ? " (its rounds' medians)" : "",
		    u->ours_band_rounds && u->rival_band_rounds ? "" : pc);
	}
}

const char *
layout_side_unit(char *buf, const struct gate_verdict *v, int ours, int ascii)
{
	const struct verdict_unit *u = &v->unit;
	int rounds = ours ? u->ours_band_rounds : u->rival_band_rounds;
	char d[DURLEN];

	units_fmt_duration(d, sizeof d, ours ? u->ours_ns : u->rival_ns, ascii);
	switch (u->source) {
	case UNIT_SHARED:
		snprintf(buf, UNITLEN, "%s, one for both sides (one volume), from %s",
		    d, rounds ? "rounds through a run" : "a probe before a run");
		break;
	case UNIT_PER_VOLUME:
		snprintf(buf, UNITLEN, "%s, its own, from %s", d, rounds ?
		    "its rounds through the run" : "its probe before the run");
		break;
	case UNIT_PER_RUN:
		snprintf(buf, UNITLEN, "each run's own unit (their geometric mean "
		    "%s), from its rounds through the run where it had them, else "
		    "its probe before it", d);
		break;
	default:
		snprintf(buf, UNITLEN, "none: writes are not put in syncs");
	}
	return buf;
}

const char *
layout_probe_when(const struct verdict_side *s)
{
	return s->runs > 1 ? "run 1" : "the run";
}

void
layout_xml(FILE *fp, const char *open, const char *s, const char *close)
{
	if (s == NULL)
		return;
	fputs(open, fp);
	escape_xml(fp, s);
	fputs(close, fp);
}

size_t
layout_rows(const struct gate_verdict *v, enum class_kind k)
{
	size_t i, n = 0;

	for (i = 0; i < v->nrows; i++)
		n += v->rows[i].kind == k;
	return n;
}
