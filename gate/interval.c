/* SPDX-License-Identifier: MIT */
/*
 * Intervals for products of latencies and sync units.  Working in logs
 * turns the product's interval into a sum of each part's share, which is
 * also what the estimate of samples needed scales.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gate/interval.h"
#include "lib/stats.h"

/*
 * The ranks for (n, p, level), remembered: a verdict asks for the same
 * few dozen times, and for ten million samples each costs a binomial
 * window of tens of thousands of terms.
 */
static int
ranks(size_t n, double p, double level, size_t *l, size_t *h)
{
	static struct {
		size_t n, l, h;
		double p, level;
		int rc;
	} memo[32];
	static unsigned next;
	unsigned i;

	for (i = 0; i < 32; i++)
		if (memo[i].n == n && memo[i].p == p && memo[i].level == level) {
			*l = memo[i].l;
			*h = memo[i].h;
			return memo[i].rc;
		}
	i = next++ % 32;
	memo[i].n = n;
	memo[i].p = p;
	memo[i].level = level;
	memo[i].rc = stats_order_ci(n, p, level, &memo[i].l, &memo[i].h, NULL);
	*l = memo[i].l;
	*h = memo[i].h;
	return memo[i].rc;
}

int
gate_quantile_ci(const double *x, size_t n, double p, double level,
    double *lo, double *hi)
{
	size_t l, h;

	if (x == NULL || n == 0 || ranks(n, p, level, &l, &h) < 0)
		return -1;
	*lo = x[l - 1];
	*hi = x[h - 1];
	return 0;
}

size_t
gate_min_samples(double p, double level)
{
	size_t lo = 1, hi = 2, l, h;

	/* doubling then bisection: stats_order_ci succeeds from some n on */
	while (stats_order_ci(hi, p, level, &l, &h, NULL) < 0) {
		lo = hi;
		hi *= 2;
		if (hi > ((size_t)1 << 40))
			return 0;
	}
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (stats_order_ci(mid, p, level, &l, &h, NULL) == 0)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

int
gate_part_interval(const struct gate_part *pt, double level, double *lo,
    double *hi)
{
	double l2, h2;
	int a, b;

	switch (pt->kind) {
	case PART_RANGE:
		*lo = pt->lo;
		*hi = pt->hi;
		return 0;
	case PART_SAMPLED:
		a = gate_quantile_ci(pt->x, pt->n, pt->p, level, lo, hi);
		b = pt->x2 == NULL ? -1 :
		    gate_quantile_ci(pt->x2, pt->n2, pt->p, level, &l2, &h2);
		if (a < 0 && b < 0)
			return -1;
		if (a < 0) {
			*lo = l2;
			*hi = h2;
		} else if (b == 0) {
			*lo = fmin(*lo, l2);
			*hi = fmax(*hi, h2);
		}
		/* the point must sit inside: the shared unit is the cheaper median */
		*lo = fmin(*lo, pt->v);
		*hi = fmax(*hi, pt->v);
		return 0;
	default:
		return -1;
	}
}

/* A term's distances below and above its part's value, on the log scale. */
static int
term_spread(const struct gate_term *t, double c, double *down, double *up,
    double *plo, double *phi)
{
	const struct gate_part *pt = t->part;

	*plo = *phi = pt->v;
	*down = *up = 0;
	if (gate_part_interval(pt, c, plo, phi) < 0)
		return -1;
	/* a power of -1 swaps which end of the part lowers the product */
	*down = log(t->power > 0 ? pt->v / *plo : *phi / pt->v);
	*up = log(t->power > 0 ? *phi / pt->v : pt->v / *plo);
	return 0;
}

/*
 * The numerator's and the denominator's products, divided once at the
 * end: 6.6ms over 3.3ms against 2.2ms over 1.1ms is 7.26e12 / 7.26e12,
 * exactly 1, where dividing term by term gave 0.9999999999999999.
 */
struct quotient {
	double num, den;
};

static void
quotient_add(struct quotient *q, double x, int power)
{
	if (power > 0)
		q->num *= x;
	else
		q->den *= x;
}

void
gate_combine(const struct gate_term *t, size_t nt, double c,
    struct gate_estimate *e)
{
	struct quotient v = { 1, 1 }, blo = { 1, 1 }, bhi = { 1, 1 };
	double down, up, plo, phi;
	size_t i, spread = 0;

	memset(e, 0, sizeof *e);
	if (nt > GATE_MAX_TERMS)
		nt = GATE_MAX_TERMS;
	for (i = 0; i < nt; i++) {
		const struct gate_part *pt = t[i].part;
		int has = term_spread(&t[i], c, &down, &up, &plo, &phi) == 0;

		if (!has && pt->kind == PART_SAMPLED)
			e->dropped_at[i] = c;
		quotient_add(&v, pt->v, t[i].power);
		quotient_add(&blo, t[i].power > 0 ? plo : phi, t[i].power);
		quotient_add(&bhi, t[i].power > 0 ? phi : plo, t[i].power);
		if (!has)
			continue;
		spread += down > 0 || up > 0;
		if (pt->kind == PART_RANGE) {
			e->down_range += down;
			e->up_range += up;
		} else if (pt->scalable) {
			e->down_sq_class += down * down;
			e->up_sq_class += up * up;
			e->class_down_sq[e->nclass] = down * down;
			e->class_up_sq[e->nclass] = up * up;
			e->class_n[e->nclass++] = pt->n;
		} else {
			e->down_sq_unit += down * down;
			e->up_sq_unit += up * up;
		}
	}
	e->v = v.num / v.den;
	e->lo = e->hi = NAN;
	if (spread == 0)
		return;
	if (spread == 1) {
		/* one part alone: its own ends, by products, so a limit it meets stays met */
		e->lo = blo.num / blo.den;
		e->hi = bhi.num / bhi.den;
		return;
	}
	e->lo = e->v * exp(-(sqrt(e->down_sq_class + e->down_sq_unit) + e->down_range));
	e->hi = e->v * exp(sqrt(e->up_sq_class + e->up_sq_unit) + e->up_range);
}

/* The class latencies' squared spread with each side at max(its count, n). */
static double
class_spread_at(const struct gate_estimate *e, int up, double n)
{
	double sum = 0, s2, ni;
	size_t i;

	for (i = 0; i < e->nclass; i++) {
		s2 = up ? e->class_up_sq[i] : e->class_down_sq[i];
		ni = (double)e->class_n[i];
		sum += ni >= n ? s2 : s2 * ni / n;
	}
	return sum;
}

long long
gate_samples_needed(const struct gate_estimate *e, double limit,
    enum need_why *why)
{
	double d, s2, u2, r, room, lo = 1, hi = 1e15, mid;
	int up;

	*why = NEED_OK;
	if (isnan(e->lo) || e->nclass == 0) {
		*why = NEED_NO_SAMPLES;
		return -1;
	}
	d = log(limit / e->v);
	if (fabs(d) < 1e-12) {
		*why = NEED_ON_LIMIT;
		return -1;
	}
	up = d > 0;
	s2 = up ? e->up_sq_class : e->down_sq_class;
	u2 = up ? e->up_sq_unit : e->down_sq_unit;
	r = up ? e->up_range : e->down_range;
	d = fabs(d);
	/* each class part shrinks as 1/sqrt(its count): sqrt(S(N) + u2) + r < d */
	room = (d - r) * (d - r) - u2;
	if (d <= r || room <= 0) {
		*why = NEED_FIXED;
		return -1;
	}
	if (s2 <= 0) {
		*why = NEED_NO_SAMPLES;
		return -1;
	}
	if (class_spread_at(e, up, hi) > room) {
		*why = NEED_ON_LIMIT;
		return -1;
	}
	if (class_spread_at(e, up, lo) <= room)
		return 1;
	/* the spread falls as the count grows: bisect for the least whole count */
	while (hi - lo > 1) {
		mid = floor(lo + (hi - lo) / 2);
		if (class_spread_at(e, up, mid) <= room)
			hi = mid;
		else
			lo = mid;
	}
	return (long long)hi;
}
