/* SPDX-License-Identifier: MIT */
/*
 * What the text importers share: reading a buffer line by line with line
 * numbers, the checks that tell an empty, binary or cut-off file from a
 * real one, and notes for the user.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/err.h"
#include "lib/utf8.h"

void
import_note(struct import_notes *notes, const char *fmt, ...)
{
	va_list ap;
	char *line;

	/* whole, however long an operation's name: err_warn shortens it for stderr */
	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	xgrow(&notes->lines, &notes->cap, notes->n + 1, sizeof *notes->lines);
	notes->lines[notes->n++] = line;
}

void
import_notes_free(struct import_notes *notes)
{
	size_t i;

	if (notes == NULL)
		return;
	for (i = 0; i < notes->n; i++)
		free(notes->lines[i]);
	free(notes->lines);
	memset(notes, 0, sizeof *notes);
}

void
import_lines_init(struct import_lines *it, const char *buf, size_t len)
{
	it->buf = buf;
	it->len = len;
	it->pos = utf8_bom(buf, len);
	it->number = 0;
}

int
import_lines_next(struct import_lines *it, struct import_line *line)
{
	const char *start, *nl;
	size_t rest;

	if (it->pos >= it->len)
		return 0;
	start = it->buf + it->pos;
	rest = it->len - it->pos;
	nl = memchr(start, '\n', rest);
	line->text = start;
	line->number = ++it->number;
	line->len = nl != NULL ? (size_t)(nl - start) : rest;
	line->ended = nl != NULL;
	it->pos += line->len + (size_t)line->ended;
	/* output captured on Windows ends its lines in CR LF */
	if (line->len > 0 && start[line->len - 1] == '\r')
		line->len--;
	return 1;
}

const char *
import_shown(char *buf, const char *s, size_t n)
{
	size_t i, m = n > 40 ? 40 : n;

	for (i = 0; i < m; i++)
		buf[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
	memcpy(buf + m, n > m ? "..." : "", n > m ? 4 : 1);
	return buf;
}

int
import_line_blank(const struct import_line *line)
{
	size_t i;

	for (i = 0; i < line->len; i++)
		if (line->text[i] != ' ' && line->text[i] != '\t')
			return 0;
	return 1;
}

int
import_each_line(const char *buf, size_t len, const char *name,
    const char *what, int (*fn)(void *ctx, const struct import_line *l,
    char *err), void *ctx, char *err)
{
	struct import_lines it;
	struct import_line line;

	import_lines_init(&it, buf, len);
	while (import_lines_next(&it, &line)) {
		if (import_line_blank(&line))
			continue;
		if (!line.ended)
			return import_truncated(err, name, line.number, what);
		if (fn(ctx, &line, err) < 0)
			return -1;
	}
	return 0;
}

size_t
import_split(const char *t, size_t n, char sep, struct import_field *f,
    size_t max)
{
	size_t nf = 0, start = 0, i;

	for (i = 0; i <= n; i++) {
		if (i < n && t[i] != sep)
			continue;
		if (nf < max) {
			f[nf].s = t + start;
			f[nf].n = i - start;
		}
		nf++;
		start = i + 1;
	}
	return nf;
}

int
import_field_is(const struct import_field *f, const char *s)
{
	return strlen(s) == f->n && memcmp(f->s, s, f->n) == 0;
}

void
import_clean(char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

int
import_begin(const char *buf, size_t len, const char *name,
    const char *what, struct result *out, char *err)
{
	struct import_lines it;
	struct import_line line;
	int any = 0;

	memset(out, 0, sizeof *out);
	out->concurrency = -1;
	import_lines_init(&it, buf, len);
	while (import_lines_next(&it, &line)) {
		size_t ok;

		if (memchr(line.text, '\0', line.len) != NULL)
			return errf(err, "%s: line %zu: a NUL byte; expected %s, "
			    "which is text", name, line.number, what);
		ok = utf8_valid_prefix(line.text, line.len);
		if (ok < line.len)
			return errf(err, "%s: line %zu: not UTF-8: byte 0x%02x; "
			    "expected %s, which is text", name, line.number,
			    (unsigned)(unsigned char)line.text[ok], what);
		any |= !import_line_blank(&line);
	}
	return any ? 0 : errf(err, "%s: empty; expected %s", name, what);
}

int
import_truncated(char *err, const char *name, size_t line, const char *what)
{
	return errf(err, "%s: truncated at line %zu: the file ends inside a line; "
	    "expected %s, whose every line ends in a newline", name, line, what);
}

size_t
import_cut_line(const char *buf, size_t len)
{
	struct import_lines it;
	struct import_line line;

	import_lines_init(&it, buf, len);
	while (import_lines_next(&it, &line))
		if (!line.ended && !import_line_blank(&line))
			return line.number;
	return 0;
}

int
import_in_list(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}
