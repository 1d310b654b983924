/* SPDX-License-Identifier: MIT */
/*
 * Text broken at TEXT_WIDTH, where a sentence of a thousand characters was
 * one line; and tables aligned by characters, not bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/utf8.h"
#include "report/wrap.h"

/* Colours' escapes take no width. */
static size_t
shown_width(const char *s, size_t n)
{
	char *t = xmalloc(n + 1), *q = t;
	size_t i = 0, w;

	while (i < n) {
		if (s[i] == '\033') {
			while (i < n && s[i] != 'm')
				i++;
			i++;
			continue;
		}
		*q++ = s[i++];
	}
	*q = '\0';
	w = text_width(t);
	free(t);
	return w;
}

/* Spaces between two words on one line are kept, so a table's columns stay. */
static void
wrap_line(FILE *fp, const char *s, size_t n)
{
	size_t ind = 0, col, i, j, gap, w;

	if (shown_width(s, n) <= TEXT_WIDTH) {
		fwrite(s, 1, n, fp);
		fputc('\n', fp);
		return;
	}
	while (ind < n && s[ind] == ' ')
		ind++;
	fwrite(s, 1, ind, fp);
	col = ind;
	for (i = ind, gap = 0; i < n; ) {
		for (j = i; j < n && s[j] != ' '; j++)
			;
		w = shown_width(s + i, j - i);
		if (i > ind && col + gap + w > TEXT_WIDTH) {
			fprintf(fp, "\n%*s", (int)ind + 2, "");
			col = ind + 2;
		} else {
			fwrite(s + i - gap, 1, gap, fp);
			col += gap;
		}
		fwrite(s + i, 1, j - i, fp);
		col += w;
		for (gap = 0; j < n && s[j] == ' '; j++)
			gap++;
		i = j;
	}
	fputc('\n', fp);
}

FILE *
wrap_begin(struct wrap *w, FILE *fp)
{
	memset(w, 0, sizeof *w);
	w->out = fp;
	w->mem = open_memstream(&w->buf, &w->len);
	return w->mem != NULL ? w->mem : fp;
}

int
wrap_end(struct wrap *w, int rc)
{
	const char *p, *end;

	if (w->mem == NULL)
		return rc;
	if (fclose(w->mem) != 0) {
		free(w->buf);
		return -1;
	}
	for (p = w->buf; p < w->buf + w->len; p = end + 1) {
		end = memchr(p, '\n', (size_t)(w->buf + w->len - p));
		if (end == NULL)
			end = w->buf + w->len;
		wrap_line(w->out, p, (size_t)(end - p));
	}
	free(w->buf);
	return rc;
}

char *
wrap_clip(const char *s, size_t width, int ascii)
{
	const char *mark = ascii ? "..." : "\xe2\x80\xa6";
	size_t room = width > (ascii ? 3 : 1) ? width - (ascii ? 3 : 1) : 0;
	size_t at = 0, w = 0;
	char *out;

	if (text_width(s) <= width)
		return xstrdup(s);
	while (s[at] != '\0') {
		uint32_t cp;
		size_t n = utf8_decode(s + at, &cp);
		char one[8];

		memcpy(one, s + at, n < sizeof one ? n : sizeof one - 1);
		one[n < sizeof one ? n : sizeof one - 1] = '\0';
		if (w + text_width(one) > room)
			break;
		w += text_width(one);
		at += n;
	}
	out = xmalloc(at + strlen(mark) + 1);
	memcpy(out, s, at);
	strcpy(out + at, mark);
	return out;
}

#define MAX_COLS 8

void
grid_add(struct grid *g, const char *const *row, escape_fn *esc)
{
	size_t i;

	xgrow(&g->cells, &g->cap, (g->nrows + 1) * g->ncols, sizeof *g->cells);
	for (i = 0; i < g->ncols; i++)
		g->cells[g->nrows * g->ncols + i] = xescaped(esc, row[i]);
	g->nrows++;
}

/* The widest columns narrowed (none below 12), cells clipped, to fit TEXT_WIDTH. */
static void
fit(struct grid *g, size_t *w)
{
	size_t total = 0, c, r, widest;

	for (c = 0; c < g->ncols; c++)
		total += w[c] + (c + 1 < g->ncols ? 2 : 0);
	while (total > TEXT_WIDTH) {
		for (widest = 0, c = 1; c < g->ncols; c++)
			if (w[c] > w[widest])
				widest = c;
		if (w[widest] <= 12)
			return;
		c = total - TEXT_WIDTH < w[widest] - 12 ? total - TEXT_WIDTH :
		    w[widest] - 12;
		w[widest] -= c;
		total -= c;
		for (r = 0; r < g->nrows; r++) {
			char **cell = &g->cells[r * g->ncols + widest];
			char *t = wrap_clip(*cell, w[widest], 1);

			free(*cell);
			*cell = t;
		}
	}
}

void
grid_print(FILE *fp, struct grid *g, int narrow)
{
	size_t w[MAX_COLS] = { 0 }, r, c, k;

	for (r = 0; r < g->nrows * g->ncols; r++) {
		size_t t = text_width(g->cells[r]);

		if (t > w[r % g->ncols])
			w[r % g->ncols] = t;
	}
	if (narrow)
		fit(g, w);
	for (r = 0; r < g->nrows; r++) {
		for (c = 0; c < g->ncols; c++) {
			const char *s = g->cells[r * g->ncols + c];

			fputs(s, fp);
			if (c + 1 < g->ncols)
				fprintf(fp, "%*s", (int)(w[c] - text_width(s) + 2), "");
		}
		fputc('\n', fp);
		for (c = 0; r == 0 && c < g->ncols; c++) {
			for (k = 0; k < w[c]; k++)
				fputc('-', fp);
			fputs(c + 1 == g->ncols ? "\n" : "  ", fp);
		}
	}
	strv_free(g->cells, g->nrows * g->ncols);
	memset(g, 0, sizeof *g);
}
