/* SPDX-License-Identifier: MIT */
/*
 * Text broken at TEXT_WIDTH: lines of prose a person reads at a glance,
 * where a sentence of a thousand characters was one line.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/utf8.h"
#include "report/wrap.h"

/* The width of s (n bytes) on a terminal: colours' escapes take none. */
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

/*
 * Line s (n bytes, no newline) out broken at spaces; the spaces between
 * two words on one line are kept as they were, so a table's columns stay.
 */
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
