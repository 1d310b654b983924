/* SPDX-License-Identifier: MIT */
/*
 * Which histogram rows hold which ranks: the gate bounds them with the
 * order-statistic ranks of samples, so an operation in a bucket is no
 * more certain than a sample.
 */
#include <math.h>

#include "model/result.h"
#include "lib/stats.h"

/* The row holding 1-based rank r (the last for a rank past the end). */
static size_t
row_of(const struct result_bucket *b, size_t nb, long long r)
{
	long long seen = 0;
	size_t i;

	for (i = 0; i < nb; i++) {
		seen += b[i].count;
		if (r <= seen)
			return i;
	}
	return nb - 1;
}

void
result_buckets_ranks(const struct result_bucket *b, size_t nb, long long lo_rank,
    long long hi_rank, double *lo, double *hi)
{
	*lo = b[row_of(b, nb, lo_rank)].lo_ns;
	*hi = b[row_of(b, nb, hi_rank)].hi_ns;
}

void
result_buckets_quantile(const struct result_bucket *b, size_t nb, long long n,
    double p, double *lo, double *hi)
{
	double h = (double)(n - 1) * p;
	long long r = (long long)floor(h);

	/* a whole h weighs the next order statistic by zero */
	result_buckets_ranks(b, nb, r + 1, h > (double)r && r + 1 < n ? r + 2 : r + 1,
	    lo, hi);
}

double
result_buckets_rank(const struct result_bucket *b, size_t nb, long long r)
{
	long long seen = 0;
	double lo, hi;
	size_t i;

	for (i = 0; i + 1 < nb && r > seen + b[i].count; i++)
		seen += b[i].count;
	/* overlapping rows (db_bench's) split at the middle: never falling */
	lo = i > 0 && b[i - 1].hi_ns > b[i].lo_ns ?
	    (b[i].lo_ns + b[i - 1].hi_ns) / 2 : b[i].lo_ns;
	hi = i + 1 < nb && b[i].hi_ns > b[i + 1].lo_ns ?
	    (b[i + 1].lo_ns + b[i].hi_ns) / 2 : b[i].hi_ns;
	return lo + (hi - lo) *
	    fmin(fmax(((double)(r - seen) - 0.5) / (double)b[i].count, 0), 1);
}

double
result_buckets_point(const struct result_bucket *b, size_t nb, long long n,
    double p)
{
	double h = (double)(n - 1) * p, f = h - floor(h);
	long long r = (long long)floor(h);
	double x = result_buckets_rank(b, nb, r + 1);

	if (f > 0 && r + 1 < n)
		x += f * (result_buckets_rank(b, nb, r + 2) - x);
	/* to the hundredth of a nanosecond, far below any bucket's width */
	return round(x * 100) / 100;
}

void
result_buckets_bounds(const struct result_bucket *b, size_t nb, long long n,
    double p, double tail, double *lo, double *hi)
{
	size_t l, h;
	double ignored;

	*lo = 0;
	*hi = INFINITY;
	if (b == NULL || nb == 0 || n < 1)
		return;
	stats_order_bounds((size_t)n, p, tail, &l, &h);
	if (l > 0)
		result_buckets_ranks(b, nb, (long long)l, (long long)l, lo, &ignored);
	if (h > 0)
		result_buckets_ranks(b, nb, (long long)h, (long long)h, &ignored, hi);
}
