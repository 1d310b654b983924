/* SPDX-License-Identifier: MIT */
/*
 * The ranks near a quantile found as Floyd and Rivest's selection does:
 * a sorted random draw gives values just below and above them; one pass
 * counts the samples below and picks out those between, which sorted are
 * the order statistics.  It reads, where a sort or quickselect moves.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/rand.h"
#include "lib/stats.h"
#include "model/samples.h"

/* Below this many samples, or wanting more than an eighth, sort them all. */
#define SELECT_MIN 65536

void
samples_free(struct samples *s)
{
	size_t i;

	if (s == NULL)
		return;
	free(s->u32);
	free(s->f64);
	for (i = 0; i < s->nspan; i++)
		free(s->span[i].x);
	memset(s, 0, sizeof *s);
}

void
samples_reserve(struct samples *s, size_t cap, int wide)
{
	size_t i;

	if (wide && s->f64 == NULL) {
		s->f64 = xmalloc(cap * sizeof *s->f64);
		for (i = 0; i < s->n; i++)
			s->f64[i] = s->u32[i];
		free(s->u32);
		s->u32 = NULL;
	} else if (s->f64 != NULL) {
		s->f64 = xrealloc(s->f64, cap * sizeof *s->f64);
	} else {
		s->u32 = xrealloc(s->u32, cap * sizeof *s->u32);
	}
}

double
samples_value(const struct samples *s, size_t i)
{
	return s->u32 != NULL ? (double)s->u32[i] : s->f64[i];
}

void
samples_in_order(const struct samples *s, double *out)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		out[i] = samples_value(s, i);
}

/* The samples between two values, and how many lie below the lower. */
struct bracket {
	double lo, hi, *x;
	size_t below, len;
	size_t first, last;     /* the ranks it must hold */
};

/* The room a bracket keeps ahead: a block's worth, checked once a block. */
#define BLOCK 4096

/*
 * One bracket's pass, branch-free: whether a sample is in is a coin toss
 * the processor cannot predict, so each is stored past the picked ones
 * and kept by counting it in.  The bounds are samples, or infinite.
 */
static void
sweep_u32(struct bracket *b, const uint32_t *u, size_t n)
{
	uint32_t lo = isinf(b->lo) ? 0 : (uint32_t)b->lo;
	uint32_t wid = (isinf(b->hi) ? UINT32_MAX : (uint32_t)b->hi) - lo;
	void *p = NULL;
	size_t below = 0, len = 0, cap = 0, i, k, end;

	for (i = 0; i < n; i = end) {
		uint32_t *x;

		end = n - i < BLOCK ? n : i + BLOCK;
		xgrow(&p, &cap, len + BLOCK, sizeof *u);
		x = p;
		for (k = i; k < end; k++) {
			below += u[k] < lo;
			x[len] = u[k];
			len += (uint32_t)(u[k] - lo) <= wid;
		}
	}
	b->x = xmalloc((len ? len : 1) * sizeof *b->x);
	for (k = 0; k < len; k++)
		b->x[k] = ((uint32_t *)p)[k];
	free(p);
	b->below = below;
	b->len = len;
}

static void
sweep_f64(struct bracket *b, const double *v, size_t n)
{
	double lo = b->lo, hi = b->hi;
	void *p = NULL;
	size_t below = 0, len = 0, cap = 0, i, k, end;

	for (i = 0; i < n; i = end) {
		double *x;

		end = n - i < BLOCK ? n : i + BLOCK;
		xgrow(&p, &cap, len + BLOCK, sizeof *v);
		x = p;
		for (k = i; k < end; k++) {
			below += v[k] < lo;
			x[len] = v[k];
			len += (v[k] >= lo) & (v[k] <= hi);
		}
	}
	b->x = p;
	b->below = below;
	b->len = len;
}

/* m of the samples, at random but the same each time, sorted. */
static double *
draw(const struct samples *s, size_t m)
{
	uint64_t state = 0x5eed ^ (uint64_t)s->n;
	double *d = xmalloc(m * sizeof *d);
	size_t i;

	for (i = 0; i < m; i++)
		d[i] = samples_value(s, (size_t)(rand_next(&state) % s->n));
	stats_sort(d, m);
	return d;
}

/*
 * The sorted spans' brackets, ranks [first, last] wide deviations out in
 * the draw or open, merged where they touch (no sample twice).
 */
static size_t
brackets(struct bracket *b, size_t nb, const double *d, size_t m, size_t n,
    double wide)
{
	size_t i, k = 0;

	for (i = 0; i < nb; i++) {
		double q1 = (double)(b[i].first - 1) / (double)n;
		double q2 = (double)(b[i].last - 1) / (double)n;
		double i1 = floor(q1 * (double)m - wide * sqrt((double)m * q1 * (1 - q1)) - 2);
		double i2 = ceil(q2 * (double)m + wide * sqrt((double)m * q2 * (1 - q2)) + 2);

		b[i].lo = i1 < 0 ? -INFINITY : d[(size_t)i1];
		b[i].hi = i2 >= (double)m ? INFINITY : d[(size_t)i2];
	}
	for (i = 1; i < nb; i++) {
		if (b[i].lo <= b[k].hi) {
			b[k].last = b[i].last > b[k].last ? b[i].last : b[k].last;
			b[k].hi = b[i].hi > b[k].hi ? b[i].hi : b[k].hi;
		} else {
			b[++k] = b[i];
		}
	}
	return nb > 0 ? k + 1 : 0;
}

/* One try, bounds wide deviations out; -1, nothing kept, on a miss. */
static int
order_by_draw(struct samples *s, const struct bracket *want, size_t nw,
    double wide)
{
	struct bracket b[SAMPLES_MAX_SPANS];
	size_t m = (size_t)cbrt((double)s->n), nb, i;
	double *d;
	int rc = 0;

	/* a draw of n^(2/3): its sort and the brackets' cost about the same */
	m = m * m;
	memcpy(b, want, nw * sizeof *b);
	d = draw(s, m);
	nb = brackets(b, nw, d, m, s->n, wide);
	free(d);
	for (i = 0; i < nb; i++) {
		if (s->u32 != NULL)
			sweep_u32(&b[i], s->u32, s->n);
		else
			sweep_f64(&b[i], s->f64, s->n);
		if (b[i].below + 1 > b[i].first || b[i].below + b[i].len < b[i].last)
			rc = -1;
	}
	for (i = 0; i < nb; i++) {
		if (rc < 0) {
			free(b[i].x);
			continue;
		}
		stats_sort(b[i].x, b[i].len);
		s->span[i].x = xrealloc(b[i].x, (b[i].len ? b[i].len : 1) *
		    sizeof *b[i].x);
		s->span[i].first = b[i].below + 1;
		s->span[i].len = b[i].len;
	}
	s->nspan = rc < 0 ? 0 : nb;
	return rc;
}

static int
by_first(const void *a, const void *b)
{
	const struct bracket *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

void
samples_order(struct samples *s, const double *p, size_t np)
{
	struct bracket want[SAMPLES_MAX_SPANS];
	size_t i, total = 0;

	for (i = 0; i < s->nspan; i++)
		free(s->span[i].x);
	s->nspan = 0;
	if (np > SAMPLES_MAX_SPANS)
		np = SAMPLES_MAX_SPANS;
	memset(want, 0, sizeof want);
	for (i = 0; i < np; i++) {
		stats_order_span(s->n, p[i], &want[i].first, &want[i].last);
		total += want[i].last - want[i].first + 1;
	}
	qsort(want, np, sizeof *want, by_first);
	if (s->n >= SELECT_MIN && total <= s->n / 8 &&
	    (order_by_draw(s, want, np, 4) == 0 ||
	    order_by_draw(s, want, np, 32) == 0))
		return;
	/* every rank known: the whole of them sorted */
	s->span[0].x = xmalloc((s->n ? s->n : 1) * sizeof *s->span[0].x);
	samples_in_order(s, s->span[0].x);
	stats_sort(s->span[0].x, s->n);
	s->span[0].first = 1;
	s->span[0].len = s->n;
	s->nspan = 1;
}

double
samples_rank(const struct samples *s, size_t k)
{
	double *x, v;
	size_t i;

	for (i = 0; i < s->nspan; i++)
		if (k >= s->span[i].first && k - s->span[i].first < s->span[i].len)
			return s->span[i].x[k - s->span[i].first];
	x = xmalloc(s->n * sizeof *x);
	samples_in_order(s, x);
	v = stats_select(x, s->n, k - 1);
	free(x);
	return v;
}
