/* SPDX-License-Identifier: MIT */
/*
 * Text that came from input (engine and class names, evidence, reasons
 * that quote them), written safely into each output syntax.  A rival's
 * team writes those names, so none of them may break a table, inject
 * markup or move a terminal's cursor.
 *
 * Every escaper shows what cannot be printed as itself in one visible
 * form: bytes that are not UTF-8 and the C0 controls and DEL as \xHH,
 * C1 controls, bidirectional and invisible format characters (U+200B..
 * U+200F, U+2028..U+202E, U+2060..U+206F, U+FEFF) and U+FFFE/U+FFFF as
 * \uHHHH.  A backslash, which starts those forms, shows doubled (\\), so
 * "get" and U+202E never prints as the text "get\u202e" does.  The rest
 * is then escaped for the syntax at hand.
 *
 * No escaper lets input text make a line a CI runner takes for a
 * workflow command (lib/logcmd.h), wherever the text stands on it: a
 * ':' that begins the text or follows white space and a '#' before '#'
 * or '[' show as \x3a and \x23 in text, \: and \# in Markdown (which
 * renders them as themselves) and &#58; and &#35; in XML.
 */
#ifndef SYNCGATE_ESCAPE_H
#define SYNCGATE_ESCAPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/utf8.h"

/* An escaper: writes s to fp in some syntax. */
typedef void escape_fn(FILE *fp, const char *s);

/* Plain text: only the hidden characters escaped, for a terminal. */
void escape_plain(FILE *fp, const char *s);

/* As escape_plain, and every character beyond ASCII as \uHHHH (--ascii). */
void escape_ascii(FILE *fp, const char *s);

/* As escape_ascii, but "µ" as "u", as durations print it (a verdict's text). */
void escape_text_ascii(FILE *fp, const char *s);

/*
 * GitHub-flavoured Markdown inline text, safe in a table cell:
 * backslash-escapes ` * _ [ ] | ~ # $ @, writes a backslash so that it
 * shows doubled, < > & as entities, and breaks up "://" and "www." that
 * GitHub would make links of.
 */
void escape_markdown(FILE *fp, const char *s);

/*
 * As escape_markdown, for text that begins a line or a list item: a
 * leading - + = or "1." that would open a block, or a leading space
 * that could make code, is escaped too.
 */
void escape_markdown_line(FILE *fp, const char *s);

/*
 * The two above for --ascii: "µ" as "u" (as the text report writes it)
 * and every other character beyond ASCII in its \uHHHH form.
 */
void escape_markdown_ascii(FILE *fp, const char *s);
void escape_markdown_line_ascii(FILE *fp, const char *s);

/*
 * s as esc writes it, NUL-terminated, for a cell whose width must be
 * measured; the caller frees it.  Exits when memory runs out.
 */
char *xescaped(escape_fn *esc, const char *s);

/* XML 1.0 and HTML text or attribute value: < > & " ' as references. */
void escape_xml(FILE *fp, const char *s);

#endif
