/* SPDX-License-Identifier: MIT */
/*
 * Intervals for products of latencies and sync units: in logs, a sum of
 * each part's share, which the estimate of samples needed also scales.
 */
#include <math.h>
#include <string.h>

#include "gate/interval.h"
#include "model/result.h"
#include "lib/stats.h"

/*
 * The ranks for (n, p, level), remembered: a verdict asks for the same
 * few dozen times, each a binomial window of 10^4 terms at 10^7 samples.
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
		if (memo[i].n == n && memo[i].p == p && memo[i].level == level)
			break;
	if (i == 32) {
		i = next++ % 32;
		memo[i].n = n;
		memo[i].p = p;
		memo[i].level = level;
		memo[i].rc = stats_order_ci(n, p, level, &memo[i].l, &memo[i].h, NULL);
	}
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

/*
 * The ranks bounding the p-quantile of dependent samples: the normal
 * interval of the share below at dep times the independent variance,
 * Student's t at dep_df, widened to hold the independent l and h; 0:
 * unbounded.
 */
static void
dependent_ranks(const struct gate_part *pt, double tail, size_t *l, size_t *h)
{
	double n = (double)pt->n, p = pt->p;
	double half = stats_t_quantile(1 - tail, pt->dep_df) *
	    sqrt(pt->dep * p * (1 - p) / n);
	double lo = floor(n * (p - half)), hi = ceil(n * (p + half)) + 1;

	if (lo < 1)
		*l = 0;
	else if (*l > 0 && lo < (double)*l)
		*l = (size_t)lo;
	if (hi > n)
		*h = 0;
	else if (*h > 0 && hi > (double)*h)
		*h = (size_t)hi;
}

/* Bounds of the p-quantile of sorted x (or class c's by rank), each missing at most tail. */
static void
quantile_bounds(const double *x, const struct result_class *c, size_t n,
    double p, double tail, const struct gate_part *dep, double *lo, double *hi)
{
	size_t l, h;

	*lo = 0;
	*hi = INFINITY;
	if ((x == NULL && c == NULL) || n == 0)
		return;
	stats_order_bounds(n, p, tail, &l, &h);
	if (dep != NULL)
		dependent_ranks(dep, tail, &l, &h);
	if (l > 0)
		*lo = x != NULL ? x[l - 1] : result_class_rank(c, l);
	if (h > 0)
		*hi = x != NULL ? x[h - 1] : result_class_rank(c, h);
}

void
gate_part_dependence(struct gate_part *pt)
{
	const struct samples *s;
	double below = 0, mean, ss = 0, indep, ratio, z, q, df;
	double batch[GATE_DEP_BATCHES];
	size_t b, i, n;

	pt->dep = pt->dep_df = 0;
	if (pt->kind != PART_SAMPLED || pt->cls == NULL ||
	    pt->cls->samples_ns != NULL)
		return;
	s = &pt->cls->held;
	n = s->n;
	if (n != pt->n || n < (size_t)GATE_DEP_BATCHES * GATE_DEP_MIN_BATCH)
		return;
	for (b = 0; b < GATE_DEP_BATCHES; b++) {
		size_t first = b * n / GATE_DEP_BATCHES;
		size_t end = (b + 1) * n / GATE_DEP_BATCHES, k = 0;

		for (i = first; i < end; i++)
			k += samples_value(s, i) <= pt->v;
		batch[b] = (double)k / (double)(end - first);
		below += (double)k;
	}
	mean = below / (double)n;
	if (!(mean > 0 && mean < 1))
		return;
	for (b = 0; b < GATE_DEP_BATCHES; b++)
		ss += (batch[b] - mean) * (batch[b] - mean);
	df = GATE_DEP_BATCHES - 1;
	indep = mean * (1 - mean) / (double)n;
	ratio = ss / df / GATE_DEP_BATCHES / indep;
	/* chi-square's 99th percentile over df, by Wilson and Hilferty */
	z = stats_norm_quantile(0.99);
	q = 1 - 2 / (9 * df) + z * sqrt(2 / (9 * df));
	if (ratio <= q * q * q)
		return;
	pt->dep = ratio;
	pt->dep_df = df;
}

/* A part's ends, each missing with at most tail; -1 for a point. */
static int
part_bounds(const struct gate_part *pt, double tail, double *lo, double *hi)
{
	double l2, h2;

	switch (pt->kind) {
	case PART_RANGE:
		*lo = pt->lo;
		*hi = pt->open_hi ? INFINITY : pt->hi;
		return 0;
	case PART_SAMPLED:
		if (pt->b != NULL)
			result_buckets_bounds(pt->b, pt->nb, (long long)pt->n, pt->p, tail,
			    lo, hi);
		else
			quantile_bounds(pt->x, pt->cls, pt->n, pt->p, tail,
			    pt->dep > 1 ? pt : NULL, lo, hi);
		if (pt->x2 != NULL) {
			/* a shared unit: the union of two probes' bounds, each where it has one */
			quantile_bounds(pt->x2, NULL, pt->n2, pt->p, tail, NULL, &l2, &h2);
			*lo = *lo == 0 ? l2 : l2 == 0 ? *lo : fmin(*lo, l2);
			*hi = isinf(*hi) ? h2 : isinf(h2) ? *hi : fmax(*hi, h2);
		}
		/* the point must sit inside: the shared unit is the cheaper median */
		if (*lo > 0)
			*lo = fmin(*lo, pt->v);
		if (isfinite(*hi))
			*hi = fmax(*hi, pt->v);
		if (pt->open_hi)
			*hi = INFINITY;
		return 0;
	default:
		return -1;
	}
}

int
gate_part_interval(const struct gate_part *pt, double level, double *lo,
    double *hi)
{
	return part_bounds(pt, (1 - level) / 2, lo, hi);
}

/*
 * Numerator and denominator divided once at the end: 6.6ms / 3.3ms over
 * 2.2ms / 1.1ms is then exactly 1, not 0.9999999999999999.  An unbounded
 * end (0 or infinity) carries through; a low end never meets an infinity.
 */
struct quotient {
	double num, den;
};

static void
quotient_add(struct quotient *q, double x, int power)
{
	*(power > 0 ? &q->num : &q->den) *= x;
}

void
gate_combine(const struct gate_term *t, size_t nt, double c,
    struct gate_estimate *e)
{
	struct quotient v = { 1, 1 }, blo = { 1, 1 }, bhi = { 1, 1 };
	double plo, phi, tail;
	size_t i, m = 0, bounded = 0;

	memset(e, 0, sizeof *e);
	if (nt > GATE_MAX_TERMS)
		nt = GATE_MAX_TERMS;
	for (i = 0; i < nt; i++)
		m += t[i].part->kind == PART_SAMPLED;
	tail = (1 - c) / (2 * (double)(m > 0 ? m : 1));
	e->z = stats_norm_quantile(1 - tail);
	e->level = 1 - 2 * tail;
	e->nt = nt;
	for (i = 0; i < nt; i++) {
		const struct gate_part *pt = t[i].part;
		int has = part_bounds(pt, tail, &plo, &phi) == 0;

		if (!has)
			plo = phi = pt->v;
		/* a part whose interval is its point alone adds no interval */
		else if (plo < pt->v || phi > pt->v)
			bounded++;
		if (pt->kind == PART_SAMPLED && (plo == 0 || isinf(phi)))
			e->dropped_at[i] = 1 - 2 * tail;
		quotient_add(&v, pt->v, t[i].power);
		quotient_add(&blo, t[i].power > 0 ? plo : phi, t[i].power);
		quotient_add(&bhi, t[i].power > 0 ? phi : plo, t[i].power);
		/* a power of -1 swaps which end of the part lowers the product */
		e->down[i] = log(t[i].power > 0 ? pt->v / plo : phi / pt->v);
		e->up[i] = log(t[i].power > 0 ? phi / pt->v : pt->v / plo);
		e->kind[i] = pt->kind;
		e->scalable[i] = pt->scalable;
		e->n[i] = pt->n;
		e->p[i] = pt->p;
	}
	e->v = v.num / v.den;
	e->lo = e->hi = NAN;
	if (bounded == 0)
		return;
	e->lo = blo.num / blo.den;
	e->hi = bhi.num / bhi.den;
}

/*
 * The spread on one side (up: toward a limit above) with each class part
 * at max(its count, n) samples: the random parts' sum, the fixed parts',
 * and the sd of the log (in quadrature).  A part unbounded on that side
 * is taken as wide as its other, a guess the caller says is one.
 */
static void
spread_at(const struct gate_estimate *e, int up, double n, double *random,
    double *fixed, double *sd)
{
	double d, ni, var = 0;
	size_t i;

	*random = *fixed = 0;
	for (i = 0; i < e->nt; i++) {
		d = up ? e->up[i] : e->down[i];
		if (!isfinite(d))
			d = up ? e->down[i] : e->up[i];
		if (!isfinite(d))
			continue;
		if (e->kind[i] == PART_RANGE) {
			*fixed += d;
			continue;
		}
		ni = (double)e->n[i];
		if (e->scalable[i] && ni < n)
			d *= sqrt(ni / n);
		*random += d;
		var += (d / e->z) * (d / e->z);
	}
	*sd = sqrt(var);
}

/*
 * The probability a fresh run of n samples a side settles the check at
 * dist = log(limit / figure), its distance normal about dist with this
 * run's variance and its own, past the interval's reach either side.
 */
static double
settle_at(const struct gate_estimate *e, double dist, double n)
{
	double p = 0, r, f, s0, s1;
	int up;

	for (up = 0; up < 2; up++) {
		spread_at(e, up, 0, &r, &f, &s0);
		spread_at(e, up, n, &r, &f, &s1);
		if (!(s0 + s1 > 0))
			p += (up ? dist : -dist) > f + r;
		else
			p += 0.5 * erfc(-((up ? dist : -dist) - (f + r)) /
			    (sqrt(2 * (s0 * s0 + s1 * s1))));
	}
	return p;
}

/* The fewest samples settling with power (or the cap + 1): growing by a tenth, then bisection. */
static long long
settle_count(const struct gate_estimate *e, double dist, double power)
{
	double lo = 0, hi = 1, mid;

	while (settle_at(e, dist, hi) < power) {
		if (hi >= (double)GATE_NEED_CAP)
			return GATE_NEED_CAP + 1;
		lo = hi;
		hi = fmin(ceil(hi * 1.1), (double)GATE_NEED_CAP);
	}
	while (hi - lo > 1) {
		mid = floor(lo + (hi - lo) / 2);
		if (settle_at(e, dist, mid) >= power)
			hi = mid;
		else
			lo = mid;
	}
	return (long long)hi;
}

/*
 * A part too thin to bound needs at least the samples that bound it; one
 * with neither end bounded has no spread to scale: "or more".
 */
static void
open_parts(const struct gate_estimate *e, long long *lo, long long *hi)
{
	size_t i, m;

	for (i = 0; i < e->nt; i++) {
		if (!e->scalable[i] || (isfinite(e->down[i]) && isfinite(e->up[i])))
			continue;
		m = stats_min_samples(e->p[i], e->level);
		if ((long long)m > *lo)
			*lo = (long long)m;
		if (!isfinite(e->down[i]) && !isfinite(e->up[i]))
			*hi = GATE_NEED_CAP + 1;
	}
}

int
gate_samples_needed(const struct gate_estimate *e, double limit, double power,
    long long *lo, long long *hi, enum need_why *why)
{
	double d, r, f, sd;
	size_t i;

	*why = NEED_OK;
	*lo = *hi = -1;
	for (i = 0; i < e->nt && !e->scalable[i]; i++)
		;
	if (isnan(e->lo) || i == e->nt) {
		*why = NEED_NO_SAMPLES;
		return -1;
	}
	d = log(limit / e->v);
	if (fabs(d) < 1e-12) {
		*why = NEED_ON_LIMIT;
		return -1;
	}
	spread_at(e, d > 0, 1e300, &r, &f, &sd);
	if (f >= fabs(d)) {
		*why = NEED_FIXED;
		return -1;
	}
	*lo = *hi = settle_count(e, d, power);
	if (*lo > GATE_NEED_CAP) {
		*why = NEED_CAPPED;
		return -1;
	}
	open_parts(e, lo, hi);
	if (*hi < *lo)
		*hi = *lo;
	return 0;
}
