/* SPDX-License-Identifier: MIT */
/*
 * Names that print alike: two different byte strings a reader cannot
 * tell apart in the output, such as "café" composed (NFC) and decomposed
 * (NFD), or a ligature and its letters.  Matching stays by bytes; this
 * only finds where the output must say that two names differ.
 */
#ifndef SYNCGATE_ALIKE_H
#define SYNCGATE_ALIKE_H

#include <stddef.h>

/*
 * The form s prints as, for comparing: hidden characters and malformed
 * bytes in the visible \uHHHH and \xHH forms the renderers give them,
 * a backslash doubled as they double it, then Unicode's compatibility
 * normalization (NFKC) with default-ignorable characters (a soft hyphen,
 * a variation selector) removed.  Two names print alike when their keys
 * are equal.  The caller frees the key.
 */
char *alike_key(const char *s);

/*
 * s's bytes in hex ("63 61 66 c3 a9") into buf (len bytes), for a
 * message that must show two names apart.  A name too long for the
 * room is shown from a little before byte at, where it differs from the
 * other name: "bytes 93 to 140 of 300: ..." (counted from 1).  Returns buf.
 */
const char *alike_bytes(char *buf, size_t len, const char *s, size_t at);

#endif
