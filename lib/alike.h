/* SPDX-License-Identifier: MIT */
/*
 * Names that print alike ("café" in NFC and NFD, a ligature and its
 * letters).  Matching stays by bytes; this says where two names differ.
 */
#ifndef SYNCGATE_ALIKE_H
#define SYNCGATE_ALIKE_H

#include <stddef.h>

/*
 * s as printed (\uHHHH, \xHH, '\' doubled) in NFKC without ignorables (a
 * soft hyphen): names print alike when keys are equal.  The caller frees.
 */
char *alike_key(const char *s);

/*
 * s's bytes in hex into buf ("bytes 63 61 66"); a long one from a little
 * before byte at, where it differs: "bytes 93 to 140 of 300: ...".
 */
const char *alike_bytes(char *buf, size_t len, const char *s, size_t at);

#endif
