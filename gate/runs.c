/* SPDX-License-Identifier: MIT */
/*
 * Figures over whole runs: a random-effects estimate on the log scale.
 * A run's value is the engine's true figure times a run effect (the
 * runner's mood, the page cache, the neighbours) times its own sampling
 * error; the runs' sample variance estimates both together, so no model
 * of either is needed, and Student's t carries the uncertainty of that
 * variance when the runs are few.
 */
#include <math.h>
#include <stddef.h>

#include "gate/runs.h"
#include "lib/stats.h"

void
runs_est_init(struct runs_est *e, const double *logs, const double *within,
    size_t k)
{
	double sum = 0, ss = 0, w = 0;
	size_t i;

	e->k = k;
	e->open_hi = 0;
	for (i = 0; i < k; i++) {
		sum += logs[i];
		if (isnan(within[i]))
			e->open_hi = 1;
		else
			w += within[i];
	}
	e->mean = sum / (double)k;
	for (i = 0; i < k; i++)
		ss += (logs[i] - e->mean) * (logs[i] - e->mean);
	e->within = w / (double)k;
	if (k >= 2) {
		e->between = ss / (double)(k - 1);
		e->var = fmax(e->between, e->within) / (double)k;
		e->df = (double)(k - 1);
	} else {
		e->between = NAN;
		e->var = e->within;
		e->df = INFINITY;
	}
}

void
runs_est_prior(struct runs_est *e, double between, double df)
{
	e->between = between;
	e->var = fmax(between, e->within) / (double)e->k;
	e->df = df;
}

/* Welch-Satterthwaite: the degrees of freedom of a sum of variances. */
static double
welch_df(const struct runs_term *t, size_t nt)
{
	double v = 0, d = 0;
	size_t i;

	for (i = 0; i < nt; i++) {
		v += t[i].e->var;
		if (t[i].e->var > 0 && isfinite(t[i].e->df))
			d += t[i].e->var * t[i].e->var / t[i].e->df;
	}
	if (d <= 0)
		return INFINITY;
	return v * v / d;
}

void
runs_combine(const struct runs_term *t, size_t nt, double c,
    struct runs_fig *f)
{
	double sum = 0, var = 0, h;
	int open_hi = 0, open_lo = 0;
	size_t i;

	for (i = 0; i < nt; i++) {
		sum += t[i].sign * t[i].e->mean;
		var += t[i].e->var;
		/* a side unbounded above leaves the figure unbounded on its sign's side */
		if (t[i].e->open_hi) {
			if (t[i].sign > 0)
				open_hi = 1;
			else
				open_lo = 1;
		}
	}
	f->log_v = sum;
	f->v = exp(sum);
	f->se = sqrt(var);
	f->df = welch_df(t, nt);
	h = var > 0 ? stats_t_quantile((1 + c) / 2, f->df) * f->se : 0;
	f->lo = open_lo ? 0 : exp(sum - h);
	f->hi = open_hi ? INFINITY : exp(sum + h);
}

/* The standard error and degrees of freedom with every side at n runs. */
static void
spread_at(const struct runs_term *t, size_t nt, double n, double *se,
    double *df)
{
	double v = 0, d = 0, vi;
	size_t i;

	for (i = 0; i < nt; i++) {
		vi = t[i].e->var * (double)t[i].e->k / n;
		v += vi;
		d += vi * vi / (n - 1 > 0 ? n - 1 : 1);
	}
	*se = sqrt(v);
	*df = d > 0 ? v * v / d : INFINITY;
}

/* The fewest runs at which the interval clears a distance dist with power. */
static long long
runs_for(const struct runs_term *t, size_t nt, double c, double power,
    double dist, long long cap)
{
	double se, df;
	long long n;

	for (n = 2; n <= cap; n++) {
		spread_at(t, nt, (double)n, &se, &df);
		if ((stats_t_quantile((1 + c) / 2, df) +
		    stats_t_quantile(power, df)) * se <= dist)
			return n;
	}
	return cap + 1;
}

int
runs_needed(const struct runs_term *t, size_t nt, double c, double power,
    double limit, long long cap, long long *lo, long long *hi)
{
	struct runs_fig f;
	double dist, near;

	runs_combine(t, nt, c, &f);
	dist = fabs(log(limit) - f.log_v);
	*lo = *hi = cap + 1;
	if (!(dist > 1e-12) || !(f.se > 0))
		return -1;
	*lo = runs_for(t, nt, c, power, dist, cap);
	/* the true figure may lie nearer the limit than the estimate */
	near = dist - stats_norm_quantile(power) * f.se;
	if (near > 1e-12)
		*hi = runs_for(t, nt, c, power, near, cap);
	return *lo > cap ? -1 : 0;
}
