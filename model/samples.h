/* SPDX-License-Identifier: MIT */
/*
 * A loaded class's latencies, held once and in file order, with the
 * order statistics its quantiles and their intervals read.  A gate of
 * ten million samples reads a few tens of thousands of ranks around the
 * p50 and the p99 (lib/stats.h's stats_order_span); sorting the other
 * millions costs time, and a sorted copy memory, that nothing uses.
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
 * Whole nanoseconds below 2^32 (4.3 s: every read, and all but the
 * slowest writes) are held as uint32_t, exact in half a double's room;
 * a file with any other latency (a fraction, or 4.3 s and more) is held
 * as doubles, exact to 2^53 ns, far past the day a latency may be.
 * Exactly one of u32 and f64 is set when n > 0.  All zero: no samples.
 */
struct samples {
	size_t n;
	uint32_t *u32;
	double *f64;
	struct samples_span span[SAMPLES_MAX_SPANS];
	size_t nspan;
};

/* Frees what s holds (not s) and zeroes it; accepts NULL. */
void samples_free(struct samples *s);

/* Takes x, n doubles the caller allocated, as s's samples (s empty). */
void samples_adopt(struct samples *s, double *x, size_t n);

/*
 * Makes room for cap samples, moving the u32 ones to doubles when wide
 * is set (a latency that is not a whole number below 2^32 is next).
 */
void samples_reserve(struct samples *s, size_t cap, int wide);

/* The i-th sample in file order (0-based). */
double samples_value(const struct samples *s, size_t i);

/*
 * Finds the order statistics that the p[0..np)-quantiles and any of
 * their order-statistic intervals read (np at most SAMPLES_MAX_SPANS),
 * without sorting the samples: the values near each are picked out by
 * bounds from a sorted random sample of the samples, in one pass, and
 * sorted alone; where the bounds miss, wider ones, then a full sort.
 */
void samples_order(struct samples *s, const double *p, size_t np);

/*
 * The k-th smallest sample (1-based, k <= n).  A rank outside the spans
 * samples_order found is selected from a copy: correct, but costs the
 * copy.
 */
double samples_rank(const struct samples *s, size_t k);

/* Every sample, in file order, into out (n doubles). */
void samples_in_order(const struct samples *s, double *out);

#endif
