/* SPDX-License-Identifier: MIT */
/* Units as printed, and checked, range-limited parsers for numbers given. */
#ifndef SYNCGATE_UNITS_H
#define SYNCGATE_UNITS_H

#include <stddef.h>

#define DURLEN 32

/* ns as "53.96µs" or "12ms" (ascii: "us" for "µs"); NaN as "-". */
char *units_fmt_duration(char *buf, size_t len, double ns, int ascii);
/* x in at most decimals decimals, trailing zeros dropped: "2.5", "2". */
char *units_fmt_fixed(char *buf, size_t len, double x, int decimals);
/* A ratio in two decimals ("220.42"), under 0.01 two digits ("0.0018"). */
char *units_fmt_ratio(char *buf, size_t len, double r);
/* Bytes as "4 KiB", "1.5 MiB" or "4097 B": exact in two decimals. */
char *units_fmt_bytes(char *buf, size_t len, double bytes);

/*
 * A whole number in [min, max], refusing "12abc", "" and overflow; what
 * names the option in err ("--samples: 12abc is not a whole number").
 */
int units_parse_count(const char *s, long long min, long long max, long long *out,
    const char *what, char *err);
/* A real number in [min, max], decimal as lib/decimal.h reads it, or '-' it. */
int units_parse_real(const char *s, double min, double max, double *out,
    const char *what, char *err);
/* "5%" or "5" as 0.05, in (lo, hi); "0.05" is ambiguous without its sign. */
int units_parse_percent(const char *s, double lo, double hi, double *out,
    const char *what, char *err);

/*
 * A duration in ns, us (µs), ms or s, in [min_ns, max_ns], scaled in its
 * text ("8.2875ms" is 8287500).  A bare number is in bare_ns (a power of
 * ten to 1e9; "0.2" at 1e9 is 200ms), refused when bare_ns is 0.
 */
int units_parse_duration(const char *s, double min_ns, double max_ns, double bare_ns,
    double *out, const char *what, char *err);
/* Whether the locale's character set is UTF-8 (after setlocale). */
int units_locale_utf8(void);

#endif
