/* SPDX-License-Identifier: MIT */
/*
 * Decimal numbers from text.  strtod alone takes hexadecimal, inf, nan,
 * white space and a sign, and the locale's point: the token is checked first.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/decimal.h"

/* Whether s[0..n) is digits, an optional fraction and an optional exponent. */
static int
token_ok(const char *s, size_t n)
{
	size_t i = 0, digits = 0, e = 0;

	while (i < n && isdigit((unsigned char)s[i]))
		i++, digits++;
	if (i < n && s[i] == '.')
		for (i++; i < n && isdigit((unsigned char)s[i]); i++)
			digits++;
	if (digits == 0)
		return 0;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < n && isdigit((unsigned char)s[i]); i++)
			e++;
		if (e == 0)
			return 0;
	}
	return i == n;
}

/* A token's digits, point taken out and leading zeros off, and its exponent. */
struct digits {
	char d[DECIMAL_MAX_LEN + 2];    /* room for one digit more */
	size_t n;
	long e;                         /* the value is d * 10^e */
};

/* s[0..n) as digits and an exponent shifted by exp10; -1 when no number. */
static int
split_token(const char *s, size_t n, int exp10, struct digits *dg)
{
	size_t i = 0;
	long after = 0, e = 0;
	int point = 0, neg = 0;

	if (n == 0 || n > DECIMAL_MAX_LEN || !token_ok(s, n) ||
	    exp10 < -DECIMAL_MAX_EXP10 || exp10 > DECIMAL_MAX_EXP10)
		return -1;
	dg->n = 0;
	for (; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
		if (s[i] == '.') {
			point = 1;
			continue;
		}
		dg->d[dg->n++] = s[i];
		after += point;
	}
	if (i < n) {
		i++;
		if (s[i] == '+' || s[i] == '-')
			neg = s[i++] == '-';
		/* past a million the value is 0 or inf whatever the digits */
		for (; i < n; i++)
			if (e < 1000000)
				e = e * 10 + (s[i] - '0');
	}
	dg->e = (neg ? -e : e) - after + exp10;
	/* leading zeros carry nothing; one digit stays */
	for (i = 0; i + 1 < dg->n && dg->d[i] == '0'; i++)
		;
	memmove(dg->d, dg->d + i, dg->n - i);
	dg->n -= i;
	return 0;
}

/* d * 10^e rounded once to a double. */
static double
digits_value(const struct digits *dg)
{
	static const double p10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8,
		1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
		1e21, 1e22 };
	char buf[DECIMAL_MAX_LEN + 32];
	uint64_t u = 0;
	size_t i;

	/* 15 digits and 10^22 are exact: their product or quotient rounds once */
	if (dg->n <= 15) {
		for (i = 0; i < dg->n; i++)
			u = u * 10 + (uint64_t)(dg->d[i] - '0');
		if (u == 0)
			return 0;
		if (dg->e >= 0 && dg->e <= 22)
			return (double)u * p10[dg->e];
		if (dg->e < 0 && dg->e >= -22)
			return (double)u / p10[-dg->e];
	}
	/* no point in the text, so the locale's does not matter */
	snprintf(buf, sizeof buf, "%.*se%ld", (int)dg->n, dg->d, dg->e);
	return strtod(buf, NULL);
}

int
decimal_parse_scaled(const char *s, size_t n, int exp10, double *out)
{
	struct digits dg;

	if (split_token(s, n, exp10, &dg) < 0)
		return -1;
	*out = digits_value(&dg);
	return 0;
}

int
decimal_parse(const char *s, size_t n, double *out)
{
	return decimal_parse_scaled(s, n, 0, out);
}

int
decimal_bounds_scaled(const char *s, size_t n, int exp10, double *lo, double *hi)
{
	struct digits dg;
	size_t i;

	if (split_token(s, n, exp10, &dg) < 0)
		return -1;
	/* d + 1/2 is d5 at one place further down */
	dg.d[dg.n++] = '5';
	dg.e--;
	*hi = digits_value(&dg);
	/* d - 1/2 is (d - 1)5 there; below 0 for d = 0, which is 0 */
	for (i = dg.n - 1; i > 0 && dg.d[i - 1] == '0'; i--)
		dg.d[i - 1] = '9';
	if (i == 0) {
		*lo = 0;
		return 0;
	}
	dg.d[i - 1]--;
	*lo = digits_value(&dg);
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
		if (!isdigit((unsigned char)s[i]))
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
