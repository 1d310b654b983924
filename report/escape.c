/* SPDX-License-Identifier: MIT */
/*
 * Escaping input text for terminals, Markdown and XML/HTML.  Decoding is
 * strict (no overlongs, no surrogates) because XML parsers reject what a
 * lenient decoder would pass through, and a JUnit file that does not
 * parse is a CI job that reports nothing.
 */
#include <string.h>

#include "report/escape.h"

/* Length of the sequence a lead byte starts, and the bits it carries. */
static size_t
lead(unsigned char c, uint32_t *bits)
{
	if (c < 0x80) {
		*bits = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		*bits = c & 0x1F;
		return 2;
	}
	if (c >= 0xE0 && c <= 0xEF) {
		*bits = c & 0x0F;
		return 3;
	}
	if (c >= 0xF0 && c <= 0xF4) {
		*bits = c & 0x07;
		return 4;
	}
	return 0;
}

size_t
utf8_decode(const char *s, uint32_t *cp)
{
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	const unsigned char *u = (const unsigned char *)s;
	uint32_t v;
	size_t n, i;

	n = lead(u[0], &v);
	if (n == 0)
		goto bad;
	for (i = 1; i < n; i++) {
		if ((u[i] & 0xC0) != 0x80)
			goto bad;
		v = (v << 6) | (u[i] & 0x3F);
	}
	if (v < min[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		goto bad;
	*cp = v;
	return n;
bad:
	*cp = UTF8_BAD;
	return 1;
}

int
escape_hidden(uint32_t cp)
{
	return cp == UTF8_BAD || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
	    (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
	    (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF ||
	    cp == 0xFFFE || cp == 0xFFFF;
}

/*
 * The visible form of a hidden character; backslash is how it starts,
 * given by the caller because Markdown needs it doubled.
 */
static void
put_hidden(FILE *fp, const char *s, uint32_t cp, const char *backslash)
{
	if (cp == UTF8_BAD || cp < 0x80)
		fprintf(fp, "%sx%02x", backslash, (unsigned)(unsigned char)s[0]);
	else
		fprintf(fp, "%su%04x", backslash, (unsigned)cp);
}

static void
plain(FILE *fp, const char *s, int ascii)
{
	uint32_t cp;
	size_t n;

	if (s == NULL)
		return;
	while (*s != '\0') {
		n = utf8_decode(s, &cp);
		if (escape_hidden(cp) || (ascii && cp >= 0x80))
			put_hidden(fp, s, cp, "\\");
		else
			fwrite(s, 1, n, fp);
		s += n;
	}
}

void
escape_plain(FILE *fp, const char *s)
{
	plain(fp, s, 0);
}

void
escape_ascii(FILE *fp, const char *s)
{
	plain(fp, s, 1);
}

/*
 * At the start of a list item a leading - + = or "1. " would open a
 * nested block, and leading spaces an indented code block.
 */
static const char *
markdown_start(FILE *fp, const char *s)
{
	size_t d = strspn(s, "0123456789");

	if (*s == '-' || *s == '+' || *s == '=') {
		fprintf(fp, "\\%c", *s);
		return s + 1;
	}
	if (*s == ' ') {
		fputs("&#32;", fp);
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
 * GitHub turns "http://..." and "www...." into links even without
 * markup; a backslash in "\://" or "www\." keeps them text.  Returns
 * the bytes consumed, 0 when s starts neither.
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

/*
 * With ascii (--ascii) nothing beyond ASCII is left: "µ" becomes "u", as
 * the text report writes it, and anything else its \uHHHH form.
 */
static void
markdown(FILE *fp, const char *s, int ascii)
{
	uint32_t cp;
	size_t n;

	while (*s != '\0') {
		if ((n = autolink(fp, s)) > 0) {
			s += n;
			continue;
		}
		n = utf8_decode(s, &cp);
		if (ascii && cp == 0xB5)
			fputc('u', fp);
		else if (escape_hidden(cp) || (ascii && cp >= 0x80))
			put_hidden(fp, s, cp, "\\\\");
		else if (cp == '<')
			fputs("&lt;", fp);
		else if (cp == '>')
			fputs("&gt;", fp);
		else if (cp == '&')
			fputs("&amp;", fp);
		else if (cp < 0x80 && strchr("\\`*_[]|~#$@", (int)cp) != NULL)
			fprintf(fp, "\\%c", (int)cp);
		else
			fwrite(s, 1, n, fp);
		s += n;
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
	uint32_t cp;
	size_t n;

	if (s == NULL)
		return;
	while (*s != '\0') {
		n = utf8_decode(s, &cp);
		if (escape_hidden(cp))
			put_hidden(fp, s, cp, "\\");
		else if (cp == '<')
			fputs("&lt;", fp);
		else if (cp == '>')
			fputs("&gt;", fp);
		else if (cp == '&')
			fputs("&amp;", fp);
		else if (cp == '"')
			fputs("&quot;", fp);
		else if (cp == '\'')
			fputs("&#39;", fp);
		else
			fwrite(s, 1, n, fp);
		s += n;
	}
}
