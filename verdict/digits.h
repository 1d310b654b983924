/* SPDX-License-Identifier: MIT */
/*
 * How figures compare and print: on the limit within a tie, plain ("2.54"),
 * or beside what they were compared with, in digits that compare as ruled.
 */
#ifndef SYNCGATE_VERDICT_DIGITS_H
#define SYNCGATE_VERDICT_DIGITS_H

#include <stddef.h>

/*
 * How far from limit a figure still counts as on it: one part in 2^48
 * (sixteen units in the last place).  A figure divides products of up to
 * four latencies parsed from decimal and a limit such as 1 + 0.57 is
 * 1.5699999999999998, so exact ties land a few units apart
 * (docs/result-format.md, "Rulings").
 */
#define GATE_TIE_BITS 48
double gate_tie(double limit);

/*
 * A plain number with at most two decimals, zeros dropped ("2.54", "2");
 * under 0.01, two significant digits ("0.0018").
 */
const char *gate_num(char *buf, size_t len, double x);
/* An interval's ends into a and b (len bytes each): "0.298 to 0.302", not "0.3 to 0.3". */
void gate_num_pair(char *a, char *b, size_t len, double lo, double hi);

enum gate_reads {
	READS_LT, READS_LE, READS_EQ, READS_GE, READS_GT
};

/* -1, 0 or 1: x under limit, on it (within gate_tie) or over it. */
int gate_side(double x, double limit);

/* How x, passing at least (at_least) or at most limit, must read against it as ruled. */
enum gate_reads gate_reads_for(double x, double limit, int at_least);

/* A way of printing figures, with given decimals or (-1) in its usual form. */
struct gate_style {
	void (*print)(char *buf, size_t len, double x, int decimals);
	double (*read)(const char *buf);    /* the figure buf shows */
};

/* gate_num's figures ("2.54"); durations as units_fmt_duration prints them. */
extern const struct gate_style gate_style_num, gate_style_dur;

/* x and y into a and b in style st, decimals added until a reads rel b; keep_b: b is set. */
void gate_print_two(char *a, char *b, size_t len, double x, double y,
    enum gate_reads rel, const struct gate_style *st, int keep_b);

/* Whether a figure reading a reads rel one reading b. */
int gate_reads_hold(double a, double b, enum gate_reads rel);

/* A limit or a level with every digit it was given: "10", "1.005". */
const char *gate_limit_num(char *buf, size_t len, double x);

/* x in style st (gate_num_against: as gate_num), with the decimals to read rel limit. */
const char *gate_fig_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel, const struct gate_style *st);

const char *gate_num_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* x as a check of it against limit was ruled (gate_reads_for). */
const char *gate_num_vs(char *buf, size_t len, double x, double limit,
    int at_least);

/* buf, x printed, refined until it reads rel limit. */
void gate_num_refine(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* gate_num_pair's ends, each read as ruled against limit. */
void gate_num_pair_vs(char *a, char *b, size_t len, double lo, double hi,
    double limit, int at_least);

#endif
