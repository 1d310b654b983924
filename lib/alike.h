/* SPDX-License-Identifier: MIT */
/*
 * Names that print alike, such as "café" in NFC and NFD or a ligature and
 * its letters.  Matching stays by bytes; this finds where the output must
 * say that two names differ.
 */
#ifndef SYNCGATE_ALIKE_H
#define SYNCGATE_ALIKE_H

#include <stddef.h>

/*
 * s as printed (hidden characters as \uHHHH or \xHH, '\' doubled) in NFKC
 * without default-ignorables (a soft hyphen): two names print alike when
 * their keys are equal.  The caller frees it.
 */
char *alike_key(const char *s);

/*
 * s's bytes in hex into buf ("bytes 63 61 66"); a long one from a little
 * before byte at, where it differs: "bytes 93 to 140 of 300: ...".
 */
const char *alike_bytes(char *buf, size_t len, const char *s, size_t at);

#endif
