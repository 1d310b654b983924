/* SPDX-License-Identifier: MIT */
/*
 * Printed units and checked number parsing.  Durations pick their unit
 * after rounding, so 999.999µs prints as 1ms rather than 1000µs.
 */
#include <errno.h>
#include <langinfo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/decimal.h"
#include "lib/err.h"
#include "lib/units.h"

char *
units_fmt_fixed(char *buf, size_t len, double x, int decimals)
{
	char *end;

	snprintf(buf, len, "%.*f", decimals, x);
	if (strchr(buf, '.') == NULL)
		return buf;
	for (end = buf + strlen(buf) - 1; *end == '0'; end--)
		*end = '\0';
	if (*end == '.')
		*end = '\0';
	return buf;
}

char *
units_fmt_duration(char *buf, size_t len, double ns, int ascii)
{
	static const char *const names[] = { "ns", "µs", "ms", "s" };
	double v = ns;
	int u = 0;
	char num[DURLEN];

	if (!isfinite(ns)) {
		snprintf(buf, len, "%s", isnan(ns) ? "-" : ns > 0 ? "inf" : "-inf");
		return buf;
	}
	while (u < 3 && round(fabs(v) * 100) / 100 >= 1000) {
		v /= 1000;
		u++;
	}
	units_fmt_fixed(num, sizeof num, v, 2);
	snprintf(buf, len, "%s%s", num, (u == 1 && ascii) ? "us" : names[u]);
	return buf;
}

/* Under 0.01, 0.00 would hide a rival a thousand times slower: two digits. */
char *
units_fmt_ratio(char *buf, size_t len, double r)
{
	int decimals = 2;

	if (r != 0 && fabs(r) < 0.01) {
		decimals = 1 - (int)floor(log10(fabs(r)));
		/* 0.000999 rounds up to a third digit: one decimal fewer */
		if (round(fabs(r) * pow(10, decimals)) >= 100)
			decimals--;
	}
	if (isnan(r))
		snprintf(buf, len, "-");
	else if (decimals > 13)
		snprintf(buf, len, "%.1e", r);
	else
		snprintf(buf, len, "%.*f", decimals, r);
	return buf;
}

/* Never rounded: 4097 bytes as "4 KiB" would claim an aligned write. */
char *
units_fmt_bytes(char *buf, size_t len, double bytes)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	char num[DURLEN];
	double v = bytes;
	int u;

	for (u = 4; u > 0; u--)
		if ((v = ldexp(bytes, -10 * u)) >= 1 && v * 100 == floor(v * 100))
			break;
	units_fmt_fixed(num, sizeof num, u > 0 ? v : bytes, 2);
	snprintf(buf, len, "%s %s", num, names[u]);
	return buf;
}

int
units_parse_count(const char *s, long long min, long long max, long long *out,
    const char *what, char *err)
{
	const char *digits;
	long long v;

	if (s == NULL || *s == '\0')
		return errf(err, "%s: expected a whole number, got nothing", what);
	/* digits only (strtoll takes white space and '+'); '-' for the range */
	digits = s + (*s == '-');
	if (*digits == '\0' || strspn(digits, "0123456789") != strlen(digits))
		return errf(err, "%s: %s is not a whole number", what, s);
	errno = 0;
	v = strtoll(s, NULL, 10);
	if (errno == ERANGE || v < min || v > max)
		return errf(err, "%s: %s is out of range; expected %lld to %lld",
		    what, s, min, max);
	*out = v;
	return 0;
}

/* s, decimal with an optional '-', times 10^exp10 rounded once; or -1. */
static int
parse_scaled(const char *s, int exp10, double *out)
{
	const char *digits = s + (*s == '-');

	if (decimal_parse_scaled(digits, strlen(digits), exp10, out) < 0)
		return -1;
	if (*s == '-')
		*out = -*out;
	return 0;
}

int
units_parse_real(const char *s, double min, double max, double *out,
    const char *what, char *err)
{
	double v;

	if (s == NULL || *s == '\0')
		return errf(err, "%s: expected a number, got nothing", what);
	/* decimal only, as in files; '-' for the range check to refuse */
	if (parse_scaled(s, 0, &v) < 0)
		return errf(err, "%s: %s is not a number", what, s);
	if (!isfinite(v) || v < min || v > max)
		return errf(err, "%s: %s is out of range; expected %g to %g",
		    what, s, min, max);
	*out = v;
	return 0;
}

int
units_parse_percent(const char *s, double lo, double hi, double *out,
    const char *what, char *err)
{
	char buf[64];
	size_t n;
	double v, pct;
	int sign;

	if (s == NULL || (n = strlen(s)) == 0 || n >= sizeof buf)
		return errf(err, "%s: expected a percentage such as 5%%", what);
	memcpy(buf, s, n + 1);
	sign = buf[n - 1] == '%';
	if (sign)
		buf[n - 1] = '\0';
	/* a hundredth in the text: 1.1% is 0.011, not 1.1 / 100 */
	if (units_parse_real(buf, -1e300, 1e300, &v, what, err) < 0 ||
	    parse_scaled(buf, -2, &pct) < 0)
		return errf(err, "%s: %s is not a percentage such as 5%%", what, s);
	/* "0.05" may mean 5% or 0.05%: only the sign can say */
	if (!sign && v > 0 && v < 1)
		return errf(err, "%s: %s is ambiguous; expected a percentage with "
		    "its sign, such as %g%% or %g%%", what, s, v * 100, v);
	if (!(pct > lo && pct < hi))
		return errf(err, "%s: %s is out of range; expected more than %g%% "
		    "and less than %g%%", what, s, lo * 100, hi * 100);
	*out = pct;
	return 0;
}

/* A unit's power of ten of a nanosecond; -1 when s names none. */
static int
unit_exp10(const char *s)
{
	static const struct {
		const char *name;
		int exp10;
	} units[] = {
		{ "ns", 0 }, { "us", 3 }, { "\xc2\xb5s", 3 }, { "\xce\xbcs", 3 },
		{ "ms", 6 }, { "s", 9 },
	};
	size_t i;

	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(s, units[i].name) == 0)
			return units[i].exp10;
	return -1;
}

int
units_parse_duration(const char *s, double min_ns, double max_ns, double bare_ns,
    double *out, const char *what, char *err)
{
	char num[64], lo[DURLEN], hi[DURLEN], scratch[ERRLEN];
	size_t n, k;
	double v, p = 1;
	int unit = -1, e;

	if (s == NULL || (n = strlen(s)) == 0)
		return errf(err, "%s: expected a duration such as 10ms, got nothing",
		    what);
	/* the unit is what follows the last digit or point */
	for (k = n; k > 0 && strchr("0123456789.", s[k - 1]) == NULL; k--)
		;
	if (k == 0 || k >= sizeof num)
		return errf(err, "%s: %s is not a duration such as 10ms", what, s);
	memcpy(num, s, k);
	num[k] = '\0';
	/* a bare number is in bare_ns, a power of ten from 1 to 1e9 */
	for (e = 0; k == n && e <= 9; e++, p *= 10)
		if (bare_ns == p)
			unit = e;
	if (k < n)
		unit = unit_exp10(s + k);
	if (k == n && bare_ns == 0)
		return errf(err, "%s: %s has no unit; expected a duration such as "
		    "10ms", what, s);
	/* scaled in the text: 8.2875ms is 8287500ns, not 8.2875 * 1e6 */
	if (unit < 0 || units_parse_real(num, -1e300, 1e300, &v, what, scratch) < 0 ||
	    parse_scaled(num, unit, &v) < 0)
		return errf(err, "%s: %s is not a duration such as 10ms", what, s);
	if (!(v >= min_ns && v <= max_ns))
		return errf(err, "%s: %s is out of range; expected %s to %s", what, s,
		    units_fmt_duration(lo, sizeof lo, min_ns, 1),
		    units_fmt_duration(hi, sizeof hi, max_ns, 1));
	*out = v;
	return 0;
}

int
units_locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs != NULL && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
}
