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
 * s[0..n) whole as digits, a point and digits, an exponent, as samples
 * files and JSON write them: no sign, white space, hexadecimal, inf or nan,
 * '.' whatever the locale.  0 with *out set, or -1; past a double's range
 * +inf, below it 0, for the caller's range check to refuse.
 */
int decimal_parse(const char *s, size_t n, double *out);

/* Widest power of ten a caller may scale by: seconds to nanoseconds and more. */
#define DECIMAL_MAX_EXP10 30

/*
 * As decimal_parse, times 10^exp10 applied to the text before rounding
 * once: "8.2875" at 6 is 8287500, not 8.2875 * 1e6 = 8287500.000000002.
 */
int decimal_parse_scaled(const char *s, size_t n, int exp10, double *out);

/*
 * The interval the token stands for, to half its last digit: "0.017" at
 * 6 is [16500, 17500], "0" at 0 is [0, 0.5].
 */
int decimal_bounds_scaled(const char *s, size_t n, int exp10, double *lo,
    double *hi);
/* A count, digits only: 0 with *out set, -1 for not digits, -2 over max. */
int decimal_whole(const char *s, size_t n, long long max, long long *out);

#endif
