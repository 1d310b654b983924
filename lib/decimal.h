/* SPDX-License-Identifier: MIT */
/*
 * Numbers written as text, in files and on the command line: the one
 * grammar every reader accepts, decimal and whatever the locale.
 */
#ifndef SYNCGATE_DECIMAL_H
#define SYNCGATE_DECIMAL_H

#include <stddef.h>

/* Longest number token read; a longer one is refused as not a number. */
#define DECIMAL_MAX_LEN 63

/*
 * Parses s[0..n) whole as a decimal number: digits, optionally a point
 * and more digits (one digit at least), optionally an exponent (e or E,
 * an optional sign, digits), as samples files and JSON write them.  No
 * sign first, no white space, no hexadecimal ("0x10", "0x1p3"), no inf
 * or nan, a point whatever the locale says.  Returns 0 with *out set, or
 * -1.  A value past a double's range is +inf and one below it 0, for the
 * caller's range check to refuse.
 */
int decimal_parse(const char *s, size_t n, double *out);

/* Widest power of ten a caller may scale by: seconds to nanoseconds and more. */
#define DECIMAL_MAX_EXP10 30

/*
 * As decimal_parse, for the value times 10^exp10, the power applied to
 * the text before its one rounding to a double: "8.2875" at 6 gives
 * 8287500 exactly, where 8.2875 * 1e6 gives 8287500.000000002.  Use it
 * for every decimal read in one unit and kept in another (milliseconds
 * as nanoseconds).  Returns -1 as decimal_parse does, and for an exp10
 * beyond DECIMAL_MAX_EXP10 either way.
 */
int decimal_parse_scaled(const char *s, size_t n, int exp10, double *out);

/*
 * As decimal_parse_scaled, for the interval the token stands for, true
 * to half a unit of its last digit: "0.017" at 6 gives 16500 and 17500;
 * "0" gives 0 and 0.5 at 0.  Each bound rounds once.
 */
int decimal_bounds_scaled(const char *s, size_t n, int exp10, double *lo,
    double *hi);

/*
 * As decimal_parse for a count: digits only, at most max.  Returns 0
 * with *out set, -1 when s is not digits, -2 when it is over max.
 */
int decimal_whole(const char *s, size_t n, long long max, long long *out);

#endif
