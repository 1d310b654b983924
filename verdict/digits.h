/* SPDX-License-Identifier: MIT */
/*
 * How figures compare and print (verdict/digits.c): a figure on
 * its limit within a tie, a plain number ("2.54"), and a figure printed
 * beside the limit or the figure it was compared with, with the
 * decimals that make them compare, as printed, as they were ruled.
 */
#ifndef SYNCGATE_VERDICT_DIGITS_H
#define SYNCGATE_VERDICT_DIGITS_H

#include <stddef.h>

/*
 * A figure and its limit are both rounded: a figure divides products of
 * up to four latencies and units, each parsed from decimal, and a limit
 * such as 1 + 0.57 is 1.5699999999999998.  Inputs that tie exactly land
 * a few units in the last place apart, so a figure within one part in
 * 2^48 of its limit (3.6e-15 of it, sixteen units in the last place) is
 * on the limit (docs/result-format.md, "Rulings").
 */
#define GATE_TIE_BITS 48

/* How far from limit a figure still counts as on it. */
double gate_tie(double limit);

/*
 * A plain number with at most two decimals, zeros dropped ("2.54", "2");
 * under 0.01, two significant digits ("0.0018").
 */
const char *gate_num(char *buf, size_t len, double x);
/*
 * An interval's ends as gate_num prints them, into a and b (len bytes
 * each), with more decimals where two different ends would read the same
 * ("0.298 to 0.302", not "0.3 to 0.3").
 */
void gate_num_pair(char *a, char *b, size_t len, double lo, double hi);

/* How a printed figure must read against what it is printed beside. */
enum gate_reads {
	READS_LT, READS_LE, READS_EQ, READS_GE, READS_GT
};

/* -1, 0 or 1: x under limit, on it (within gate_tie) or over it. */
int gate_side(double x, double limit);

/*
 * How x must read against limit in a check passing at least (at_least)
 * or at most limit: on the passing side, the limit included, when x
 * passes; strictly on the other when it fails.
 */
enum gate_reads gate_reads_for(double x, double limit, int at_least);

/* A way of printing figures, with given decimals or (-1) in its usual form. */
struct gate_style {
	void (*print)(char *buf, size_t len, double x, int decimals);
	double (*read)(const char *buf);    /* the figure buf shows */
};

/* gate_num's figures ("2.54"); durations as units_fmt_duration prints them. */
extern const struct gate_style gate_style_num, gate_style_dur;

/*
 * x and y into a and b (len bytes each) in style st, with more decimals,
 * the same for both, until a reads rel b; with keep_b, b already holds
 * y printed and is left as it is.
 */
void gate_print_two(char *a, char *b, size_t len, double x, double y,
    enum gate_reads rel, const struct gate_style *st, int keep_b);

/* Whether a figure reading a reads rel one reading b. */
int gate_reads_hold(double a, double b, enum gate_reads rel);

/* A limit, a threshold or a level with every digit it was given: "10", "1.005". */
const char *gate_limit_num(char *buf, size_t len, double x);

/* x in style st, with the decimals to read rel limit's digits. */
const char *gate_fig_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel, const struct gate_style *st);

/* x as gate_num prints it, with the decimals to read rel limit's digits. */
const char *gate_num_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* x as a check of it against limit was ruled (gate_reads_for). */
const char *gate_num_vs(char *buf, size_t len, double x, double limit,
    int at_least);

/* x, already printed in buf, with more decimals until it reads rel limit's digits. */
void gate_num_refine(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* An interval's ends as gate_num_pair prints them, each read as ruled against limit. */
void gate_num_pair_vs(char *a, char *b, size_t len, double lo, double hi,
    double limit, int at_least);

#endif
