/* SPDX-License-Identifier: MIT */
/*
 * Input text (names, evidence, reasons quoting them) written safely into
 * each output syntax: a rival's team writes those names, so none may break
 * a table, inject markup or move a terminal's cursor.  Bytes not UTF-8, C0
 * controls and DEL show as \xHH; C1 controls, bidi and invisible format
 * characters (U+200B..U+200F, U+2028..U+202E, U+2060..U+206F, U+FEFF) and
 * U+FFFE/U+FFFF as \uHHHH; a backslash doubled, so "get" and U+202E never
 * prints as "get\u202e" does.  No text makes a line a CI runner takes for a
 * workflow command (lib/logcmd.h): a ':' at the start or after white space
 * and a '#' before '#' or '[' show as \x3a and \x23 in text, \: and \# in
 * Markdown and &#58; and &#35; in XML.
 */
#ifndef SYNCGATE_ESCAPE_H
#define SYNCGATE_ESCAPE_H

#include <stdio.h>

#include "lib/utf8.h"

/* Each writes s escaped; nothing for s NULL. */
typedef void escape_fn(FILE *fp, const char *s);

/* Plain text: only the hidden characters escaped, for a terminal. */
void escape_plain(FILE *fp, const char *s);

/* As escape_plain, and every character beyond ASCII as \uHHHH (--ascii). */
void escape_ascii(FILE *fp, const char *s);

/* As escape_ascii, but "µ" as "u", as durations print it (a verdict's text). */
void escape_text_ascii(FILE *fp, const char *s);

/*
 * GitHub Markdown inline text, safe in a table cell: ` * _ [ ] | ~ # $ @
 * and \ backslash-escaped, < > & as entities, "://" and "www." broken up.
 */
void escape_markdown(FILE *fp, const char *s);

/* As escape_markdown, also escaping a leading - + = "1." or space (a block). */
void escape_markdown_line(FILE *fp, const char *s);

/* The two above for --ascii: "µ" as "u", the rest beyond ASCII as \uHHHH. */
void escape_markdown_ascii(FILE *fp, const char *s);
void escape_markdown_line_ascii(FILE *fp, const char *s);

/* s as esc writes it, to measure a cell; the caller frees it.  Exits on ENOMEM. */
char *xescaped(escape_fn *esc, const char *s);

/* XML 1.0 and HTML text or attribute value: < > & " ' as references. */
void escape_xml(FILE *fp, const char *s);

#endif
