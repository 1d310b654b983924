/* SPDX-License-Identifier: MIT */
/*
 * UTF-8 input: strict decoding (no overlongs, surrogates or past U+10FFFF),
 * the characters never shown as themselves, and columns on a terminal.
 */
#ifndef SYNCGATE_UTF8_H
#define SYNCGATE_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* One character at s (not NUL): its length, *cp; ill-formed: 1 and UTF8_BAD. */
#define UTF8_BAD 0xFFFFFFFFu
size_t utf8_decode(const char *s, uint32_t *cp);
/* The longest well-formed prefix of buf[0..len), NUL bytes included. */
size_t utf8_valid_prefix(const char *buf, size_t len);

/* 3 for the byte order mark Windows editors write, else 0: read past it. */
size_t utf8_bom(const char *buf, size_t len);
/* Whether cp (or UTF8_BAD) is shown escaped: controls, bidi and invisibles. */
int utf8_hidden(uint32_t cp);
/* Whether s, maybe empty, is only Unicode White_Space: it prints as nothing. */
int utf8_blank(const char *s);
/* Unicode's White_Space, as .NET's Char.IsWhiteSpace (lib/logcmd.h). */
int utf8_space(uint32_t cp);

/*
 * Columns s takes on a terminal, whatever the locale: two for East Asian
 * wide characters and emoji, none for zero-width ones, else one.
 */
size_t text_width(const char *s);

#endif
