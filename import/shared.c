/* SPDX-License-Identifier: MIT */
/*
 * What the importers of import/parse.h share: percentiles of latencies
 * counted into buckets, and samples.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/err.h"
#include "lib/stats.h"

void
import_histogram(struct result_class *c, struct result_bucket *rows, size_t nrows)
{
	long long n = 0;
	size_t i;

	for (i = 0; i < nrows; i++)
		n += rows[i].count;
	free(c->buckets);
	c->buckets = rows;
	c->nbuckets = nrows;
	c->count = n;
	result_buckets_quantile(rows, nrows, n, 0.5, &c->p50_lo_ns, &c->p50_hi_ns);
	result_buckets_quantile(rows, nrows, n, 0.99, &c->p99_lo_ns, &c->p99_hi_ns);
	/* a low of 0 is unknown: the point is taken from 1 ns, as result.c does */
	c->p50_lo_ns = fmax(c->p50_lo_ns, RESULT_MIN_NS);
	c->p99_lo_ns = fmax(c->p99_lo_ns, RESULT_MIN_NS);
	c->p50_ns = fmin(fmax(result_buckets_point(rows, nrows, n, 0.5),
	    c->p50_lo_ns), c->p50_hi_ns);
	c->p99_ns = fmin(fmax(result_buckets_point(rows, nrows, n, 0.99),
	    c->p99_lo_ns), c->p99_hi_ns);
}

void
import_points(struct result_class *c, double p50, double p99)
{
	if (p50 >= c->p50_lo_ns && p50 <= c->p50_hi_ns)
		c->p50_ns = p50;
	if (p99 >= c->p99_lo_ns && p99 <= c->p99_hi_ns)
		c->p99_ns = p99;
}

void
import_bound_add(struct import_bounds *b, long long rank, double ns, int above)
{
	xgrow(&b->v, &b->cap, b->n + 1, sizeof *b->v);
	b->v[b->n].rank = rank;
	b->v[b->n].ns = ns;
	b->v[b->n++].above = above;
}

void
import_bound_percentile(struct import_bounds *b, long long n, double p,
    double lo, double hi)
{
	long long r = (long long)floor(p * (double)n);

	import_bound_add(b, r < 1 ? 1 : r > n ? n : r, hi, 1);
	import_bound_add(b, r + 1 > n ? n : r + 1 < 1 ? 1 : r + 1, lo, 0);
}

void
import_bounds_free(struct import_bounds *b)
{
	if (b == NULL)
		return;
	free(b->v);
	memset(b, 0, sizeof *b);
}

static int
by_rank(const void *a, const void *b)
{
	const struct import_bound *x = a, *y = b;

	return (x->rank > y->rank) - (x->rank < y->rank);
}

static int
by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/*
 * A low said of rank r holds for every rank above it, a high for every
 * rank below: the lows' running maximum and the highs' minimum from the
 * end change only where a bound starts, so the ranks fall into runs.
 */
int
import_bounds_histogram(struct import_bounds *b, long long n, struct result_class *c)
{
	long long *start = xmalloc((b->n + 1) * sizeof *start), end;
	double *suffix = xmalloc((b->n + 1) * sizeof *suffix), lo = 0, hi;
	struct result_bucket *rows = NULL;
	size_t ns = 1, i, j, k, nrows = 0, cap = 0;
	int rc = -1;

	qsort(b->v, b->n, sizeof *b->v, by_rank);
	start[0] = 1;
	for (i = 0; i < b->n; i++) {
		end = b->v[i].rank + (b->v[i].above ? 1 : 0);
		if (end > 1 && end <= n)
			start[ns++] = end;
	}
	qsort(start, ns, sizeof *start, by_value);
	for (i = 1, k = 1; i < ns; i++)
		if (start[i] != start[k - 1])
			start[k++] = start[i];
	ns = k;
	suffix[b->n] = RESULT_MAX_NS;
	for (i = b->n; i-- > 0;)
		suffix[i] = b->v[i].above ? fmin(suffix[i + 1], b->v[i].ns) : suffix[i + 1];
	for (i = 0, j = 0, k = 0; i < ns; i++) {
		for (; j < b->n && b->v[j].rank <= start[i]; j++)
			if (!b->v[j].above)
				lo = fmax(lo, b->v[j].ns);
		while (k < b->n && b->v[k].rank < start[i])
			k++;
		hi = suffix[k];
		if (lo > hi)
			goto out;
		end = i + 1 < ns ? start[i + 1] : n + 1;
		if (nrows > 0 && rows[nrows - 1].lo_ns == lo && rows[nrows - 1].hi_ns == hi) {
			rows[nrows - 1].count += end - start[i];
			continue;
		}
		xgrow(&rows, &cap, nrows + 1, sizeof *rows);
		rows[nrows].lo_ns = lo;
		rows[nrows].hi_ns = hi;
		rows[nrows++].count = end - start[i];
	}
	import_histogram(c, rows, nrows);
	rows = NULL;
	rc = 0;
out:
	free(rows);
	free(start);
	free(suffix);
	return rc;
}

size_t
import_line_at(const char *buf, size_t pos)
{
	size_t line = 1, i;

	for (i = 0; i < pos; i++)
		line += buf[i] == '\n';
	return line;
}

const char *
import_find(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i;

	for (i = 0; i + k <= n; i++)
		if (s[i] == needle[0] && memcmp(s + i, needle, k) == 0)
			return s + i;
	return NULL;
}

void
import_sample(struct result_class *c, size_t *cap, double v)
{
	xgrow(&c->samples_ns, cap, c->nsamples + 1, sizeof *c->samples_ns);
	c->samples_ns[c->nsamples++] = v;
}

void
import_samples_done(struct result *out)
{
	size_t i;

	for (i = 0; i < out->nclasses; i++) {
		stats_sort(out->classes[i].samples_ns, out->classes[i].nsamples);
		out->classes[i].count = (long long)out->classes[i].nsamples;
	}
}
