/* SPDX-License-Identifier: MIT */
/*
 * Escaping input text for terminals, Markdown and XML/HTML.  Decoding is
 * strict (lib/utf8.c): XML parsers reject what a lenient decoder passes,
 * and a JUnit file that does not parse is a CI job that reports nothing.
 */
#include <string.h>

#include "lib/err.h"
#include "lib/logcmd.h"
#include "report/escape.h"

static const char *const entities[128] = { ['<'] = "&lt;", ['>'] = "&gt;",
	['&'] = "&amp;", ['"'] = "&quot;", ['\''] = "&#39;" };

/* A hidden character's visible form; Markdown needs backslash doubled. */
static void
put_hidden(FILE *fp, const char *s, uint32_t cp, const char *backslash)
{
	if (cp == UTF8_BAD || cp < 0x80)
		fprintf(fp, "%sx%02x", backslash, (unsigned)(unsigned char)s[0]);
	else
		fprintf(fp, "%su%04x", backslash, (unsigned)cp);
}

/*
 * ascii: 1 escapes all beyond ASCII, 2 all but "µ", which is "u".  xml:
 * < > & " ' and a workflow command's ':' or '#' as references.
 */
static void
escape(FILE *fp, const char *s, int ascii, int xml)
{
	const char *start = s;
	uint32_t cp, prev = 0;
	size_t n;

	if (s == NULL)
		return;
	for (; *s != '\0'; s += n, prev = cp) {
		n = utf8_decode(s, &cp);
		if (ascii == 2 && cp == 0xB5)
			fputc('u', fp);
		else if (utf8_hidden(cp) || (ascii && cp >= 0x80) ||
		    (!xml && logcmd_breaks(s, prev, s == start)))
			put_hidden(fp, s, cp, "\\");
		else if (xml && logcmd_breaks(s, prev, s == start))
			fprintf(fp, "&#%d;", *s);
		else if (cp == '\\')
			fputs("\\\\", fp);
		else if (xml && cp < 0x80 && entities[cp] != NULL)
			fputs(entities[cp], fp);
		else
			fwrite(s, 1, n, fp);
	}
}

void
escape_plain(FILE *fp, const char *s)
{
	escape(fp, s, 0, 0);
}

void
escape_ascii(FILE *fp, const char *s)
{
	escape(fp, s, 1, 0);
}

void
escape_text_ascii(FILE *fp, const char *s)
{
	escape(fp, s, 2, 0);
}

/* Leading - + = or "1. " would open a nested block, spaces a code block. */
static const char *
markdown_start(FILE *fp, const char *s)
{
	size_t d = strspn(s, "0123456789");

	if (*s == '-' || *s == '+' || *s == '=' || *s == ' ') {
		if (*s == ' ')
			fputs("&#32;", fp);
		else
			fprintf(fp, "\\%c", *s);
		return s + 1;
	}
	if (d > 0 && d < 10 && (s[d] == '.' || s[d] == ')') &&
	    (s[d + 1] == ' ' || s[d + 1] == '\t' || s[d + 1] == '\0')) {
		fprintf(fp, "%.*s\\%c", (int)d, s, s[d]);
		return s + d + 1;
	}
	return s;
}

/*
 * GitHub links "http://..." and "www...." even without markup; "\://" and
 * "www\." stay text.  Returns the bytes consumed, 0 for neither.
 */
static size_t
autolink(FILE *fp, const char *s)
{
	if (s[0] == ':' && s[1] == '/' && s[2] == '/') {
		fputs("\\://", fp);
		return 3;
	}
	if ((s[0] == 'w' || s[0] == 'W') && (s[1] == 'w' || s[1] == 'W') &&
	    (s[2] == 'w' || s[2] == 'W') && s[3] == '.') {
		fprintf(fp, "%.3s\\.", s);
		return 4;
	}
	return 0;
}

static void
markdown(FILE *fp, const char *s, int ascii)
{
	const char *start = s;
	uint32_t cp, prev = 0;
	size_t n;

	for (; *s != '\0'; s += n, prev = cp) {
		if ((n = autolink(fp, s)) > 0) {
			cp = (unsigned char)s[n - 1];
			continue;
		}
		n = utf8_decode(s, &cp);
		if (logcmd_breaks(s, prev, s == start))
			fprintf(fp, "\\%c", *s);      /* \: and \# show as : and # */
		else if (ascii && cp == 0xB5)
			fputc('u', fp);
		else if (utf8_hidden(cp) || (ascii && cp >= 0x80))
			put_hidden(fp, s, cp, "\\\\");
		else if (cp < 0x80 && strchr("<>&", (int)cp) != NULL)
			fputs(entities[cp], fp);
		else if (cp == '\\')
			fputs("\\\\\\\\", fp);  /* shows as \\, as a hidden one's \u starts */
		else if (cp < 0x80 && strchr("`*_[]|~#$@", (int)cp) != NULL)
			fprintf(fp, "\\%c", (int)cp);
		else
			fwrite(s, 1, n, fp);
	}
}

void
escape_markdown(FILE *fp, const char *s)
{
	if (s != NULL)
		markdown(fp, s, 0);
}

void
escape_markdown_ascii(FILE *fp, const char *s)
{
	if (s != NULL)
		markdown(fp, s, 1);
}

void
escape_markdown_line(FILE *fp, const char *s)
{
	if (s != NULL)
		markdown(fp, markdown_start(fp, s), 0);
}

void
escape_markdown_line_ascii(FILE *fp, const char *s)
{
	if (s != NULL)
		markdown(fp, markdown_start(fp, s), 1);
}

void
escape_xml(FILE *fp, const char *s)
{
	escape(fp, s, 0, 1);
}

char *
xescaped(escape_fn *esc, const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (mem == NULL)
		die("out of memory for a table cell:");
	esc(mem, s != NULL ? s : "");
	if (fclose(mem) != 0)
		die("out of memory for a table cell:");
	return buf;
}
