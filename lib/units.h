/* SPDX-License-Identifier: MIT */
/*
 * Units in and out: durations and ratios as printed, widths of printed
 * text, and checked, range-limited parsers for command-line numbers.
 */
#ifndef SYNCGATE_UNITS_H
#define SYNCGATE_UNITS_H

#include <stddef.h>

#define DURLEN 32

/*
 * Formats ns as "53.96µs": ns, µs, ms or s, at most two decimals with
 * trailing zeros dropped ("12ms").  ascii selects "us" for "µs".  NaN
 * prints "-".  Returns buf.
 */
char *units_fmt_duration(char *buf, size_t len, double ns, int ascii);

/*
 * Formats x with at most decimals decimals, trailing zeros and a bare
 * point dropped: 2.50 as "2.5", 2.00 as "2".  Returns buf.
 */
char *units_fmt_fixed(char *buf, size_t len, double x, int decimals);

/*
 * Formats a ratio with two decimals ("220.42"), or under 0.01 with two
 * significant digits ("0.0018", "0.0010"); NaN prints "-".  Returns buf.
 */
char *units_fmt_ratio(char *buf, size_t len, double r);

/*
 * Formats a byte count as "4 KiB", "1.5 MiB" or "512 B": in the largest
 * unit that holds it exactly in two decimals, so "4097 B", never "4 KiB".
 */
char *units_fmt_bytes(char *buf, size_t len, double bytes);

/*
 * Parses a whole decimal integer in [min, max]; rejects "12abc", "",
 * overflow and values out of range.  what names the option in err:
 * "--samples: 12abc is not a whole number".  Returns 0 or -1.
 */
int units_parse_count(const char *s, long long min, long long max, long long *out,
    const char *what, char *err);

/*
 * As units_parse_count for a real number in [min, max], written in decimal as
 * lib/decimal.h reads it (no hexadecimal, inf or nan), optionally with
 * a '-'.
 */
int units_parse_real(const char *s, double min, double max, double *out,
    const char *what, char *err);

/*
 * Parses a percentage "5%" or "5" (both five percent) into a fraction
 * (0.05), requiring lo < value < hi as fractions.  A bare number between
 * 0 and 1 ("0.05") is refused as ambiguous: it needs its sign.
 */
int units_parse_percent(const char *s, double lo, double hi, double *out,
    const char *what, char *err);

/*
 * Parses a duration, a number and its unit: ns, us (or µs), ms or s
 * ("10ms", "0.2s").  A bare number is taken in units of bare_ns ("0.2"
 * with bare_ns 1e9 is 200ms), or refused when bare_ns is 0; bare_ns is a
 * power of ten from 1 to 1e9.  The number is scaled in its text, rounded
 * once ("8.2875ms" is 8287500).  The result in nanoseconds must lie in
 * [min_ns, max_ns].  Returns 0 or -1.
 */
int units_parse_duration(const char *s, double min_ns, double max_ns, double bare_ns,
    double *out, const char *what, char *err);

/* Whether the locale's character set is UTF-8 (after setlocale). */
int units_locale_utf8(void);

#endif
