/* SPDX-License-Identifier: MIT */
/*
 * A loaded class's latencies, held once in file order, with the order
 * statistics its quantiles read.  Of ten million samples the gate reads
 * some ten thousand ranks (stats_order_span): sorting the rest, or a
 * sorted copy, costs time and memory that nothing uses.
 */
#ifndef SYNCGATE_SAMPLES_H
#define SYNCGATE_SAMPLES_H

#include <stddef.h>
#include <stdint.h>

/* The most spans of known ranks: one for each quantile asked, merged. */
#define SAMPLES_MAX_SPANS 4

/* Ranks first to first + len - 1 (1-based), sorted: x[i] is the (first + i)-th smallest. */
struct samples_span {
	size_t first, len;
	double *x;
};

/*
 * Whole nanoseconds below 2^32 (4.3 s: all but the slowest writes) are
 * held as uint32_t, in half a double's room; any other latency makes the
 * file doubles.  Exactly one of u32 and f64 is set when n > 0.
 */
struct samples {
	size_t n;
	uint32_t *u32;
	double *f64;
	struct samples_span span[SAMPLES_MAX_SPANS];
	size_t nspan;
};

/*
 * Frees what s holds (or NULL) and zeroes it; makes room for cap, as
 * doubles from now on when wide; the i-th in file order (0-based).
 */
void samples_free(struct samples *s);
void samples_reserve(struct samples *s, size_t cap, int wide);
double samples_value(const struct samples *s, size_t i);

/*
 * Finds the order statistics the p[0..np)-quantiles and their intervals
 * read, unsorted: those near each picked out in one pass between bounds
 * a random draw gives; wider bounds where they miss, then a full sort.
 */
void samples_order(struct samples *s, const double *p, size_t np);

/* The k-th smallest (1-based); outside the spans, selected from a copy. */
double samples_rank(const struct samples *s, size_t k);

/* Every sample, in file order, into out (n doubles). */
void samples_in_order(const struct samples *s, double *out);

#endif
