/* SPDX-License-Identifier: MIT */
/*
 * Decimal numbers from text.  strtod alone takes hexadecimal, inf, nan,
 * leading white space and a sign, and reads the point as the locale's,
 * so the token is checked here first and only then converted.
 */
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/decimal.h"

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Whether s[0..n) is digits, an optional fraction and an optional exponent. */
static int
token_ok(const char *s, size_t n)
{
	size_t i = 0, digits = 0, e = 0;

	while (i < n && is_digit(s[i]))
		i++, digits++;
	if (i < n && s[i] == '.')
		for (i++; i < n && is_digit(s[i]); i++)
			digits++;
	if (digits == 0)
		return 0;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < n && is_digit(s[i]); i++)
			e++;
		if (e == 0)
			return 0;
	}
	return i == n;
}

int
decimal_parse(const char *s, size_t n, double *out)
{
	char buf[DECIMAL_MAX_LEN + 8], *dot;
	const char *point;
	uint64_t u = 0;
	size_t k, plen;

	if (n == 0 || n > DECIMAL_MAX_LEN || !token_ok(s, n))
		return -1;
	/* up to 15 digits are exact in a double: the common case, by hand */
	for (k = 0; k < n && n <= 15 && is_digit(s[k]); k++)
		u = u * 10 + (uint64_t)(s[k] - '0');
	if (k == n) {
		*out = (double)u;
		return 0;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	/* strtod reads the locale's point: the text's '.' becomes that */
	point = localeconv()->decimal_point;
	plen = strlen(point);
	dot = memchr(buf, '.', n);
	if (dot != NULL && plen >= 1 && plen <= 4 && strcmp(point, ".") != 0) {
		memmove(dot + plen, dot + 1, n - (size_t)(dot - buf));
		memcpy(dot, point, plen);
	}
	*out = strtod(buf, NULL);
	return 0;
}

int
decimal_whole(const char *s, size_t n, long long max, long long *out)
{
	unsigned long long v = 0, m = max > 0 ? (unsigned long long)max : 0;
	size_t i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++)
		if (!is_digit(s[i]))
			return -1;
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned)(s[i] - '0');

		if (m < d || v > (m - d) / 10)
			return -2;
		v = v * 10 + d;
	}
	*out = (long long)v;
	return 0;
}
