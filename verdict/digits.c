/* SPDX-License-Identifier: MIT */
/*
 * Enough digits: a figure beside its limit gets the decimals that make the
 * two compare as ruled.  Two decimals print 9.996 against a limit of 10
 * as "speedup 10x ... below 10x"; three print "9.996x".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/digits.h"
#include "lib/units.h"

#define MAX_DECIMALS 15

double
gate_tie(double limit)
{
	return ldexp(fabs(limit), -GATE_TIE_BITS);
}

/*
 * Not json_shortest: a limit such as 1 + 0.57 is 1.5699999999999998,
 * which JSON must keep to read back, but which the user gave as 1.57.
 */
const char *
gate_limit_num(char *buf, size_t len, double x)
{
	snprintf(buf, len, "%.15g", x);
	return buf;
}

int
gate_side(double x, double limit)
{
	double t = gate_tie(limit);

	return x < limit - t ? -1 : x > limit + t ? 1 : 0;
}

enum gate_reads
gate_reads_for(double x, double limit, int at_least)
{
	int side = gate_side(x, limit);

	if (at_least)
		return side >= 0 ? READS_GE : READS_LT;
	return side <= 0 ? READS_LE : READS_GT;
}

int
gate_reads_hold(double a, double b, enum gate_reads rel)
{
	return rel == READS_LT ? a < b : rel == READS_LE ? a <= b :
	    rel == READS_EQ ? a == b : rel == READS_GE ? a >= b : a > b;
}

/* The decimals buf shows: "2.54" 2, "2" 0; 0 for a figure in e-notation. */
static int
decimals_of(const char *buf)
{
	const char *dot = strchr(buf, '.');

	if (dot == NULL || strchr(buf, 'e') != NULL)
		return 0;
	return (int)strspn(dot + 1, "0123456789");
}

/*
 * Beyond 1e15 two decimals would overflow the callers' buffers (a probe of
 * a thousandth of a ns): three significant digits.  Under 0.01 two
 * decimals would print 0: two significant digits.
 */
const char *
gate_num(char *buf, size_t len, double x)
{
	if (!(fabs(x) < 1e15))
		snprintf(buf, len, "%.3g", x);
	else if (x == 0 || fabs(x) >= 0.01)
		units_fmt_fixed(buf, len, x, 2);
	/* its decimals again, its trailing zeros dropped: "0.0010" reads "0.001" */
	else if (strchr(units_fmt_ratio(buf, len, x), 'e') == NULL)
		units_fmt_fixed(buf, len, x, decimals_of(buf));
	return buf;
}

void
gate_num_pair(char *a, char *b, size_t len, double lo, double hi)
{
	int d;

	gate_num(a, len, lo);
	gate_num(b, len, hi);
	for (d = 3; d <= 12 && fabs(lo) < 1e15 && fabs(hi) < 1e15 && lo != hi &&
	    strcmp(a, b) == 0; d++) {
		units_fmt_fixed(a, len, lo, d);
		units_fmt_fixed(b, len, hi, d);
	}
}

static void
num_print(char *buf, size_t len, double x, int decimals)
{
	if (decimals < 0)
		gate_num(buf, len, x);
	else
		units_fmt_fixed(buf, len, x, decimals);
}

static double
num_read(const char *buf)
{
	return strtod(buf, NULL);
}

const struct gate_style gate_style_num = { num_print, num_read };

static const char *const dur_names[] = { "ns", "µs", "ms", "s" };

/* As units_fmt_duration picks the unit: after rounding, so 999.999µs is 1ms. */
static void
dur_print(char *buf, size_t len, double ns, int decimals)
{
	double v = ns;
	int u;
	char num[DURLEN];

	if (decimals < 0 || !isfinite(ns)) {
		units_fmt_duration(buf, len, ns, 0);
		return;
	}
	for (u = 0; u < 3 && round(fabs(v) * 100) / 100 >= 1000; u++)
		v /= 1000;
	units_fmt_fixed(num, sizeof num, v, decimals);
	snprintf(buf, len, "%s%s", num, dur_names[u]);
}

static double
dur_read(const char *buf)
{
	char *end;
	double v = strtod(buf, &end);
	int u;

	for (u = 3; u > 0 && strcmp(end, dur_names[u]) != 0; u--)
		;
	return v * pow(1000, u);
}

const struct gate_style gate_style_dur = { dur_print, dur_read };

void
gate_print_two(char *a, char *b, size_t len, double x, double y,
    enum gate_reads rel, const struct gate_style *st, int keep_b)
{
	int d, da, db;

	st->print(a, len, x, -1);
	if (!keep_b)
		st->print(b, len, y, -1);
	da = decimals_of(a);
	db = keep_b ? 0 : decimals_of(b);
	for (d = (da > db ? da : db) + 1; d <= MAX_DECIMALS &&
	    !gate_reads_hold(st->read(a), st->read(b), rel); d++) {
		st->print(a, len, x, d);
		if (!keep_b)
			st->print(b, len, y, d);
	}
}

const char *
gate_fig_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel, const struct gate_style *st)
{
	char lim[32];

	gate_limit_num(lim, sizeof lim, limit);
	gate_print_two(buf, lim, len < sizeof lim ? len : sizeof lim, x, limit, rel,
	    st, 1);
	return buf;
}

const char *
gate_num_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel)
{
	return gate_fig_against(buf, len, x, limit, rel, &gate_style_num);
}

const char *
gate_num_vs(char *buf, size_t len, double x, double limit, int at_least)
{
	return gate_num_against(buf, len, x, limit, gate_reads_for(x, limit, at_least));
}

void
gate_num_refine(char *buf, size_t len, double x, double limit,
    enum gate_reads rel)
{
	char lim[32];
	int d;

	gate_limit_num(lim, sizeof lim, limit);
	for (d = decimals_of(buf) + 1; d <= MAX_DECIMALS &&
	    !gate_reads_hold(num_read(buf), num_read(lim), rel); d++)
		units_fmt_fixed(buf, len, x, d);
}

void
gate_num_pair_vs(char *a, char *b, size_t len, double lo, double hi,
    double limit, int at_least)
{
	gate_num_pair(a, b, len, lo, hi);
	if (!isnan(limit) && !isnan(lo))
		gate_num_refine(a, len, lo, limit, gate_reads_for(lo, limit, at_least));
	if (!isnan(limit) && !isnan(hi))
		gate_num_refine(b, len, hi, limit, gate_reads_for(hi, limit, at_least));
}
