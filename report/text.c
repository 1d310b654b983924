/* SPDX-License-Identifier: MIT */
/*
 * The verdict as the terminal reads it: the headline, the latency table,
 * writes in syncs, each half's ruling, every check, the classes only one
 * side ran, the notes and the overall verdict.  Names come from files a
 * rival may write, so every string is cleaned of control characters (no
 * escape sequence reaches the terminal); with --ascii or a non-UTF-8
 * locale "µ" becomes "u" and anything else beyond ASCII "?".  Columns are
 * aligned by characters, not bytes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/units.h"
#include "report/escape.h"
#include "report/report.h"

#define MAX_COLS 8

/*
 * s made safe for a terminal; the caller frees it.  Each byte of a
 * character escape_hidden names (controls, C1, bidirectional and
 * invisible format characters) or of a malformed sequence becomes '?'.
 */
static char *
clean(const char *s, const struct render_opts *o)
{
	char *out = xmalloc(strlen(s) + 1), *p = out;
	uint32_t cp;
	size_t n;

	while (*s != '\0') {
		n = utf8_decode(s, &cp);
		if (escape_hidden(cp)) {
			memset(p, '?', n);
			p += n;
		} else if (cp >= 0x80 && o->ascii) {
			*p++ = cp == 0xB5 ? 'u' : '?';
		} else {
			memcpy(p, s, n);
			p += n;
		}
		s += n;
	}
	*p = '\0';
	return out;
}

static void
put(FILE *fp, const char *s, const struct render_opts *o)
{
	char *c = clean(s, o);

	fputs(c, fp);
	free(c);
}

static const char *
color_of(enum ruling r)
{
	switch (r) {
	case RULING_PASS:
		return "\033[32m";
	case RULING_FAIL:
		return "\033[31m";
	case RULING_INDETERMINATE:
		return "\033[33m";
	default:
		return "";
	}
}

/* A ruling's name, coloured on a terminal, padded to width characters. */
static void
put_ruling(FILE *fp, enum ruling r, int width, const struct render_opts *o)
{
	const char *name = ruling_name(r);
	int pad = width - (int)strlen(name);

	if (o->color && r != RULING_NOT_RULED)
		fprintf(fp, "%s%s\033[0m", color_of(r), name);
	else
		fputs(name, fp);
	if (pad > 0)
		fprintf(fp, "%*s", pad, "");
}

/* A table of cleaned cells, row-major; row 0 is the header. */
struct grid {
	char **cells;           /* nrows * ncols, row-major, owned */
	size_t nrows, ncols;
};

static void
grid_add(struct grid *g, char **row, const struct render_opts *o)
{
	size_t i;

	g->cells = xrealloc(g->cells, (g->nrows + 1) * g->ncols * sizeof *g->cells);
	for (i = 0; i < g->ncols; i++)
		g->cells[g->nrows * g->ncols + i] = clean(row[i], o);
	g->nrows++;
}

static void
grid_print(FILE *fp, struct grid *g)
{
	size_t w[MAX_COLS] = { 0 }, r, c, k;

	for (r = 0; r < g->nrows; r++)
		for (c = 0; c < g->ncols; c++) {
			size_t t = text_width(g->cells[r * g->ncols + c]);

			if (t > w[c])
				w[c] = t;
		}
	for (r = 0; r < g->nrows; r++) {
		for (c = 0; c < g->ncols; c++) {
			const char *s = g->cells[r * g->ncols + c];
			int last = c + 1 == g->ncols;

			fputs(s, fp);
			if (!last)
				fprintf(fp, "%*s", (int)(w[c] - text_width(s) + 2), "");
		}
		fputc('\n', fp);
		if (r == 0)
			for (c = 0; c < g->ncols; c++) {
				for (k = 0; k < w[c]; k++)
					fputc('-', fp);
				fputs(c + 1 == g->ncols ? "\n" : "  ", fp);
			}
	}
	for (r = 0; r < g->nrows * g->ncols; r++)
		free(g->cells[r]);
	free(g->cells);
	g->cells = NULL;
	g->nrows = 0;
}

/* A side's column label; a verdict read back from JSON may lack one. */
static const char *
label_of(const struct verdict_side *s)
{
	return s->label ? s->label : s->engine ? s->engine : "?";
}

static char *
col(const struct verdict_side *side, const char *what)
{
	const char *label = label_of(side);
	size_t n = strlen(label) + strlen(what) + 2;
	char *s = xmalloc(n);

	snprintf(s, n, "%s %s", label, what);
	return s;
}

static void
latency_table(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	struct grid g = { NULL, 0, 7 };
	char b[7][DURLEN];
	char *h[7], *row[7];
	size_t i, k;

	h[0] = xstrdup("Class");
	h[1] = col(&v->ours, "p50");
	h[2] = col(&v->ours, "p99");
	h[3] = col(&v->rival, "p50");
	h[4] = col(&v->rival, "p99");
	h[5] = xstrdup("p50 x");
	h[6] = xstrdup("p99 x");
	grid_add(&g, h, o);
	for (k = 0; k < 7; k++)
		free(h[k]);
	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		row[0] = r->name;
		row[1] = fmt_duration(b[1], DURLEN, r->ours_p50.v, o->ascii);
		row[2] = fmt_duration(b[2], DURLEN, r->ours_p99.v, o->ascii);
		row[3] = fmt_duration(b[3], DURLEN, r->rival_p50.v, o->ascii);
		row[4] = fmt_duration(b[4], DURLEN, r->rival_p99.v, o->ascii);
		row[5] = fmt_ratio(b[5], DURLEN, r->ratio_p50.v);
		row[6] = fmt_ratio(b[6], DURLEN, r->ratio_p99.v);
		grid_add(&g, row, o);
	}
	grid_print(fp, &g);
}

static int
has_writes(const struct gate_verdict *v)
{
	size_t i;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == KIND_WRITE)
			return 1;
	return 0;
}

/* "; band 2.95ms to 3.6ms at 95%", or the two bands of two units. */
static void
put_band(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	char a[DURLEN], b[DURLEN], c[DURLEN], d[DURLEN], pc[DURLEN];

	/* a saved verdict may hold no confidence (null): say no level then */
	pc[0] = '\0';
	if (!isnan(v->confidence))
		snprintf(pc, sizeof pc, " at %g%%", v->confidence * 100);
	if (v->unit.source == UNIT_SHARED && !isnan(v->unit.ours_lo_ns)) {
		fprintf(fp, "; band %s to %s%s",
		    fmt_duration(a, DURLEN, v->unit.ours_lo_ns, o->ascii),
		    fmt_duration(b, DURLEN, v->unit.ours_hi_ns, o->ascii), pc);
	} else if (v->unit.source == UNIT_PER_VOLUME) {
		fputs("; bands ", fp);
		put(fp, label_of(&v->ours), o);
		fprintf(fp, " %s to %s, ",
		    fmt_duration(a, DURLEN, v->unit.ours_lo_ns, o->ascii),
		    fmt_duration(b, DURLEN, v->unit.ours_hi_ns, o->ascii));
		put(fp, label_of(&v->rival), o);
		fprintf(fp, " %s to %s%s",
		    fmt_duration(c, DURLEN, v->unit.rival_lo_ns, o->ascii),
		    fmt_duration(d, DURLEN, v->unit.rival_hi_ns, o->ascii), pc);
	}
}

static void
syncs_table(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	struct grid g = { NULL, 0, 5 };
	char b[5][DURLEN], *h[5], *row[5];
	size_t i, k;

	if (!has_writes(v))
		return;
	fputs("\nWrites in syncs: ", fp);
	if (v->unit.source == UNIT_NONE) {
		fputs("none: ", fp);
		put(fp, v->unit.why_none ? v->unit.why_none : "", o);
		fputc('\n', fp);
	} else {
		put(fp, v->unit.description ? v->unit.description : "", o);
		put_band(fp, v, o);
		fputc('\n', fp);
		h[0] = xstrdup("Class");
		h[1] = col(&v->ours, "p50");
		h[2] = col(&v->ours, "p99");
		h[3] = col(&v->rival, "p50");
		h[4] = col(&v->rival, "p99");
		grid_add(&g, h, o);
		for (k = 0; k < 5; k++)
			free(h[k]);
		for (i = 0; i < v->nrows; i++) {
			const struct verdict_row *r = &v->rows[i];

			if (r->kind != KIND_WRITE)
				continue;
			row[0] = r->name;
			row[1] = fmt_ratio(b[1], DURLEN, r->ours_syncs_p50.v);
			row[2] = fmt_ratio(b[2], DURLEN, r->ours_syncs_p99.v);
			row[3] = fmt_ratio(b[3], DURLEN, r->rival_syncs_p50.v);
			row[4] = fmt_ratio(b[4], DURLEN, r->rival_syncs_p99.v);
			grid_add(&g, row, o);
		}
		grid_print(fp, &g);
	}
	if (v->ceiling_note != NULL) {
		fputs("Ceiling: ", fp);
		put(fp, v->ceiling_note, o);
		fputc('\n', fp);
	}
}

static void
half(FILE *fp, const char *name, const struct verdict_half *h,
    const struct render_opts *o)
{
	fprintf(fp, "%s: ", name);
	put_ruling(fp, h->ruling, 0, o);
	fputs(": ", fp);
	put(fp, h->reason ? h->reason : "", o);
	fputc('\n', fp);
}

static void
checks(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	int width = 0;
	size_t i;

	if (v->nchecks == 0)
		return;
	for (i = 0; i < v->nchecks; i++)
		if ((int)strlen(ruling_name(v->checks[i].ruling)) > width)
			width = (int)strlen(ruling_name(v->checks[i].ruling));
	if (isnan(v->confidence))
		fputs("\nChecks:\n", fp);
	else
		fprintf(fp, "\nChecks at %g%% confidence:\n", v->confidence * 100);
	for (i = 0; i < v->nchecks; i++) {
		fputs("  ", fp);
		put_ruling(fp, v->checks[i].ruling, width, o);
		fputs("  ", fp);
		put(fp, v->checks[i].reason ? v->checks[i].reason : "", o);
		fputc('\n', fp);
	}
}

static void
lists(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	size_t i;

	if (v->nunmatched > 0) {
		fputs("\nOn one side only, not ruled:\n", fp);
		for (i = 0; i < v->nunmatched; i++) {
			fputs("  ", fp);
			put(fp, v->unmatched[i].reason ? v->unmatched[i].reason :
			    v->unmatched[i].name, o);
			fputc('\n', fp);
		}
	}
	if (v->nnotes > 0) {
		fputs("\nNotes:\n", fp);
		for (i = 0; i < v->nnotes; i++) {
			fputs("  - ", fp);
			put(fp, v->notes[i], o);
			fputc('\n', fp);
		}
	}
}

int
report_text(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	put(fp, v->headline ? v->headline : "", o);
	fputc('\n', fp);
	if (v->nrows > 0)
		latency_table(fp, v, o);
	syncs_table(fp, v, o);
	fputc('\n', fp);
	half(fp, "Reads", &v->reads, o);
	half(fp, "Writes", &v->writes, o);
	checks(fp, v, o);
	lists(fp, v, o);
	fputs("\nVerdict: ", fp);
	put_ruling(fp, v->overall, 0, o);
	fputc('\n', fp);
	return 0;
}
