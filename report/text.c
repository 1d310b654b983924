/* SPDX-License-Identifier: MIT */
/*
 * The verdict as the terminal reads it.  Names come from files a rival may
 * write, so every string goes through report/escape.h: a terminal escape
 * or bidi override shows as \x1b or \u202e, never as itself.  Columns are
 * aligned by characters, not bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/units.h"
#include "lib/utf8.h"
#include "report/layout.h"
#include "report/report.h"
#include "report/words.h"
#include "report/wrap.h"

static escape_fn *
escaper(const struct render_opts *o)
{
	return o->ascii ? escape_text_ascii : escape_plain;
}

static void
put_line(FILE *fp, const char *prefix, const char *s, const struct render_opts *o)
{
	fputs(prefix, fp);
	escaper(o)(fp, s);
	fputc('\n', fp);
}

/* A ruling's name, coloured on a terminal, padded to width. */
static void
put_ruling(FILE *fp, enum ruling r, int width, const struct render_opts *o)
{
	const char *name = ruling_name(r);
	int pad = width - (int)strlen(name);

	if (o->color && r != RULING_NOT_RULED)
		fprintf(fp, "%s%s\033[0m", r == RULING_PASS ? "\033[32m" :
		    r == RULING_FAIL ? "\033[31m" : "\033[33m", name);
	else
		fputs(name, fp);
	if (pad > 0)
		fprintf(fp, "%*s", pad, "");
}

static void
table(FILE *fp, const struct gate_verdict *v, int syncs, const struct render_opts *o)
{
	struct grid g = { NULL, 0, syncs ? 5 : 7, 0 };
	char b[7][DURLEN], *own[4];
	const char *row[7] = { "Class", [5] = "p50 x", "p99 x" };
	size_t i, k;

	for (k = 0; k < 4; k++)
		row[k + 1] = own[k] = xasprintf("%s %s", k < 2 ? verdict_ours_label(v) :
		    verdict_rival_label(v), k % 2 ? "p99" : "p50");
	grid_add(&g, row, escaper(o));
	for (k = 0; k < 4; k++)
		free(own[k]);
	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		if (syncs && r->kind != KIND_WRITE)
			continue;
		if (syncs)
			layout_row_syncs(b + 1, v, r);
		else
			layout_row_figures(b + 1, v, r, o->ascii);
		row[0] = r->name;
		for (k = 1; k < g.ncols; k++)
			row[k] = b[k];
		grid_add(&g, row, escaper(o));
	}
	grid_print(fp, &g, 1);
}

static void
syncs_table(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	if (!layout_rows(v, KIND_WRITE))
		return;
	fputs("\nWrites in syncs: ", fp);
	if (v->unit.source == UNIT_NONE)
		put_line(fp, "none: ", v->unit.why_none, o);
	else {
		escaper(o)(fp, v->unit.description);
		layout_band(fp, v, o->ascii, escaper(o));
		fputc('\n', fp);
		table(fp, v, 1, o);
	}
	if (v->ceiling_note != NULL)
		put_line(fp, "Ceiling: ", v->ceiling_note, o);
	layout_flushes(fp, v, escaper(o), "Flushes: ", "\n");
}

static void
half(FILE *fp, const char *name, const struct verdict_half *h,
    const struct render_opts *o)
{
	fprintf(fp, "%s: ", name);
	put_ruling(fp, h->ruling, 0, o);
	put_line(fp, ": ", h->reason, o);
}

/* A check a line, the class clipped so that a line fits TEXT_WIDTH. */
static void
check_rows(FILE *fp, const struct gate_verdict *v, int width,
    const struct render_opts *o)
{
	static const char *const head[] = { "class", "statistic", "value",
	    "interval", "limit", "why" };
	enum { NCOL = sizeof head / sizeof head[0] };
	char **cells = xcalloc(v->nchecks * NCOL, sizeof *cells);
	size_t w[NCOL], i, k, rest = (size_t)width + 2;
	char b[4][FIGLEN];

	for (k = 0; k < NCOL; k++)
		w[k] = strlen(head[k]);
	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];
		const char *row[NCOL] = { c->class_name, c->statistic,
			layout_check_value(b[0], FIGLEN, c),
			layout_check_interval(b[1], FIGLEN, c),
			layout_check_limit(b[2], FIGLEN, c), words_why(v, c, b[3], FIGLEN) };

		if (row[3][0] == '\0')
			row[3] = "-";
		for (k = 0; k < NCOL; k++) {
			cells[i * NCOL + k] = xescaped(escaper(o), row[k]);
			if (text_width(cells[i * NCOL + k]) > w[k])
				w[k] = text_width(cells[i * NCOL + k]);
		}
	}
	for (k = 1; k < NCOL; k++)
		rest += w[k] + 2;
	if (rest + w[0] > TEXT_WIDTH)
		w[0] = rest + 12 < TEXT_WIDTH ? TEXT_WIDTH - rest : 12;
	fprintf(fp, "  %-*s", width, "ruling");
	for (k = 0; k < NCOL; k++)
		fprintf(fp, "  %-*s", k + 1 < NCOL ? (int)w[k] : 0, head[k]);
	fputc('\n', fp);
	for (i = 0; i < v->nchecks; i++) {
		size_t last = NCOL - 1;

		/* no column after the last with words, and no space after it */
		while (last > 0 && cells[i * NCOL + last][0] == '\0')
			last--;
		fputs("  ", fp);
		put_ruling(fp, v->checks[i].ruling, width, o);
		for (k = 0; k < NCOL; k++) {
			char *cell = cells[i * NCOL + k];

			if (k == 0) {
				cell = wrap_clip(cell, w[0], o->ascii);
				free(cells[i * NCOL]);
			}
			if (k <= last) {
				fprintf(fp, "  %s", cell);
				if (k < last)
					fprintf(fp, "%*s", (int)(w[k] - text_width(cell)), "");
			}
			free(cell);
		}
		fputc('\n', fp);
	}
	free(cells);
}

struct legend {
	FILE *fp;
	const struct render_opts *o;
	int lines;
};

static void
legend_line(void *arg, const char *name, const char *text)
{
	struct legend *l = arg;

	if (l->lines++ == 0)
		fputs("\nWhy, in full:\n", l->fp);
	fputs("  ", l->fp);
	escaper(l->o)(l->fp, name);
	put_line(l->fp, ": ", text, l->o);
}

static void
checks(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	char level[FIGLEN];
	int width = 0;
	size_t i;

	if (v->nchecks == 0)
		return;
	for (i = 0; i < v->nchecks; i++)
		if ((int)strlen(ruling_name(v->checks[i].ruling)) > width)
			width = (int)strlen(ruling_name(v->checks[i].ruling));
	fprintf(fp, "\nChecks%s:\n",
	    layout_confidence(level, sizeof level, v, " at ", " confidence"));
	if (!o->verbose) {
		check_rows(fp, v, width < 6 ? 6 : width, o);   /* "ruling" */
		words_why_each(v, legend_line, &(struct legend){ fp, o, 0 });
		return;
	}
	/* --verbose: each check's ruling and its reason in full, a line each */
	for (i = 0; i < v->nchecks; i++) {
		fputs("  ", fp);
		put_ruling(fp, v->checks[i].ruling, width, o);
		put_line(fp, "  ", v->checks[i].reason, o);
	}
}

int
report_text(FILE *out, const struct gate_verdict *v, const struct render_opts *o)
{
	struct wrap w;
	/* --verbose: a sentence a line, whole, for those who grep it */
	FILE *fp = o->verbose ? out : wrap_begin(&w, out);
	size_t i;

	put_line(fp, "", v->headline, o);
	if (v->nrows > 0)
		table(fp, v, 0, o);
	syncs_table(fp, v, o);
	fputc('\n', fp);
	half(fp, "Reads", &v->reads, o);
	half(fp, "Writes", &v->writes, o);
	checks(fp, v, o);
	if (v->nunmatched > 0) {
		fputs("\nOn one side only, not ruled:\n", fp);
		for (i = 0; i < v->nunmatched; i++)
			put_line(fp, "  ", v->unmatched[i].reason, o);
	}
	if (v->nnotes > 0) {
		fputs("\nNotes:\n", fp);
		for (i = 0; i < v->nnotes; i++)
			put_line(fp, "  - ", v->notes[i], o);
	}
	fputs("\nVerdict: ", fp);
	put_ruling(fp, v->overall, 0, o);
	fputc('\n', fp);
	return o->verbose ? 0 : wrap_end(&w, 0);
}
