/* SPDX-License-Identifier: MIT */
/*
 * Intervals for products of latencies and sync units.  Working in logs
 * turns the product's interval into a sum of each part's share, which is
 * also what the estimate of samples needed scales.
 */
#include <math.h>
#include <stdlib.h>

#include "gate/interval.h"
#include "lib/stats.h"

int
gate_quantile_ci(const double *x, size_t n, double p, double level,
    double *lo, double *hi)
{
	size_t l, h;

	if (x == NULL || stats_order_ci(n, p, level, &l, &h, NULL) < 0)
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

/*
 * Which sampled parts get an interval: each at c^(1/k), dropping those
 * too thin for it (they are then exact) until every remaining one has it.
 */
static double
allocate(const struct gate_term *t, size_t nt, double c, int *use,
    struct gate_estimate *e)
{
	double level = c, lo, hi;
	size_t i, k;
	int dropped;

	for (i = 0; i < nt; i++)
		use[i] = t[i].part->kind == PART_SAMPLED;
	do {
		for (k = 0, i = 0; i < nt; i++)
			k += (size_t)use[i];
		level = k > 1 ? pow(c, 1.0 / (double)k) : c;
		dropped = 0;
		for (i = 0; i < nt; i++) {
			if (use[i] && gate_part_interval(t[i].part, level, &lo, &hi) < 0) {
				use[i] = 0;
				dropped = 1;
				e->dropped_at[i] = level;
			}
		}
	} while (dropped);
	return level;
}

void
gate_combine(const struct gate_term *t, size_t nt, double c,
    struct gate_estimate *e)
{
	int use[GATE_MAX_TERMS];
	double v = 1, lo = 1, hi = 1, down[2] = { 0, 0 }, up[2] = { 0, 0 };
	size_t i;
	int any = 0;

	e->nmax = 0;
	if (nt > GATE_MAX_TERMS)
		nt = GATE_MAX_TERMS;
	for (i = 0; i < GATE_MAX_TERMS; i++)
		e->dropped_at[i] = 0;
	e->level_each = allocate(t, nt, c, use, e);
	for (i = 0; i < nt; i++) {
		const struct gate_part *pt = t[i].part;
		double plo = pt->v, phi = pt->v;
		int s;

		if (pt->kind == PART_RANGE || use[i]) {
			gate_part_interval(pt, e->level_each, &plo, &phi);
			any = 1;
		}
		/*
		 * Products, not sums of logs, so that a figure exactly on a
		 * limit stays on it; the logs only apportion the width.  A
		 * power of -1 swaps which end of the part lowers the product.
		 */
		s = use[i] && pt->scalable;
		if (t[i].power > 0) {
			v *= pt->v;
			lo *= plo;
			hi *= phi;
			down[s] += log(pt->v / plo);
			up[s] += log(phi / pt->v);
		} else {
			v /= pt->v;
			lo /= phi;
			hi /= plo;
			down[s] += log(phi / pt->v);
			up[s] += log(pt->v / plo);
		}
		if (s && pt->n > e->nmax)
			e->nmax = pt->n;
	}
	e->v = v;
	e->down_fixed = down[0];
	e->down_scalable = down[1];
	e->up_fixed = up[0];
	e->up_scalable = up[1];
	e->lo = any ? lo : NAN;
	e->hi = any ? hi : NAN;
}

long long
gate_samples_needed(const struct gate_estimate *e, double limit,
    enum need_why *why)
{
	double d, s, f, scale;

	*why = NEED_OK;
	if (isnan(e->lo) || e->nmax == 0) {
		*why = NEED_NO_SAMPLES;
		return -1;
	}
	d = log(limit / e->v);
	if (fabs(d) < 1e-12) {
		*why = NEED_ON_LIMIT;
		return -1;
	}
	s = d > 0 ? e->up_scalable : e->down_scalable;
	f = d > 0 ? e->up_fixed : e->down_fixed;
	d = fabs(d);
	if (f >= d) {
		*why = NEED_FIXED;
		return -1;
	}
	if (s <= 0) {
		*why = NEED_NO_SAMPLES;
		return -1;
	}
	scale = (s / (d - f)) * (s / (d - f));
	if ((double)e->nmax * scale > 1e15) {
		*why = NEED_ON_LIMIT;
		return -1;
	}
	return (long long)ceil((double)e->nmax * scale);
}
