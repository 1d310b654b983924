/* SPDX-License-Identifier: MIT */
/*
 * UTF-8 as input text arrives: strict decoding (no overlongs, no
 * surrogates, nothing past U+10FFFF), the characters that must never
 * reach a terminal or a document as themselves, and the columns a
 * string takes on a terminal.
 */
#ifndef SYNCGATE_UTF8_H
#define SYNCGATE_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decodes one UTF-8 character at s (s[0] != '\0').  Returns its length
 * in bytes and sets *cp; a byte that does not start a well-formed
 * character (overlong, surrogate, beyond U+10FFFF, truncated) returns 1
 * with *cp = UTF8_BAD.
 */
#define UTF8_BAD 0xFFFFFFFFu
size_t utf8_decode(const char *s, uint32_t *cp);

/*
 * The length of the longest prefix of buf[0..len) that is well-formed
 * UTF-8: len when all of it is.  NUL bytes count as characters.
 */
size_t utf8_valid_prefix(const char *buf, size_t len);

/*
 * The length of the byte order mark (U+FEFF) that editors on Windows put
 * before UTF-8 text, when buf[0..len) starts with one: 3, else 0.  Every
 * text syncgate reads is read past it, so it is never part of a first
 * line, a first number or a first JSON value.
 */
size_t utf8_bom(const char *buf, size_t len);

/*
 * Whether cp (or UTF8_BAD) must be shown escaped: C0 controls, DEL, C1
 * controls, bidirectional and invisible format characters (U+200B..
 * U+200F, U+2028..U+202E, U+2060..U+206F, U+FEFF), U+FFFE and U+FFFF.
 */
int utf8_hidden(uint32_t cp);

/*
 * Whether s holds nothing but white space (Unicode's White_Space: the
 * ASCII blanks, U+0085, no-break and typographic spaces...), the empty
 * string included: a name that prints as nothing.
 */
int utf8_blank(const char *s);

/*
 * Whether cp has Unicode's White_Space property, the set .NET's
 * Char.IsWhiteSpace holds too (lib/logcmd.h trims a line as .NET does).
 */
int utf8_space(uint32_t cp);

/*
 * Columns UTF-8 text takes on a terminal, whatever the locale: two for
 * East Asian wide and fullwidth characters and emoji, none for combining
 * marks and zero-width characters, one for anything else, each byte of
 * invalid UTF-8 included.
 */
size_t text_width(const char *s);

#endif
