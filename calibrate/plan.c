/* SPDX-License-Identifier: MIT */
/* The power of the gate's one look, and the cheapest runs that reach it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "calibrate/plan.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "model/runs.h"

/* Quantile midpoints of the spread's chi-square the power averages over. */
#define PLAN_NODES 64

static int
by_time(const void *a, const void *b)
{
	const struct result *x = *(const struct result *const *)a;
	const struct result *y = *(const struct result *const *)b;
	int s = strcmp(x->session.id, y->session.id);

	return s != 0 ? s : (x->session.started_s > y->session.started_s) -
	    (x->session.started_s < y->session.started_s);
}

void
plan_cost_measure(const struct result *const *runs, size_t n,
    struct plan_cost *c)
{
	const struct result **r = xcalloc(n, sizeof *r);
	double *gap = xcalloc(n, sizeof *gap), ops = 0;
	size_t i, ngap = 0;

	*c = (struct plan_cost){ .ops = 0 };
	for (i = 0; i < n; i++) {
		const struct result_session *s = &runs[i]->session;

		/* a result without a session records no times (0, or NaN) */
		if (!(s->started_s > 0) || !(s->ended_s >= s->started_s))
			goto out;
		ops += s->ended_s - s->started_s;
		r[i] = runs[i];
	}
	for (i = 0; i < runs[0]->nclasses && c->ops >= 0; i++)
		c->ops = runs[0]->classes[i].count < 0 ? -1 :
		    c->ops + runs[0]->classes[i].count;
	/* the runner's time between the runs of one session */
	qsort(r, n, sizeof *r, by_time);
	for (i = 1; i < n; i++)
		if (strcmp(r[i]->session.id, r[i - 1]->session.id) == 0 &&
		    r[i]->session.id[0] != '\0')
			gap[ngap++] = fmax(0, r[i]->session.started_s -
			    r[i - 1]->session.ended_s);
	c->have = 1;
	c->ops_s = ops / (double)n;
	c->besides_s = ngap > 0 ? stats_median(gap, ngap) : 0;
out:
	free(r);
	free(gap);
}

/*
 * At df (whole, below 2 PLAN_MAX_RUNS), the t quantile and sqrt(q / df) at
 * the chi-square's midpoints, once: a plan asks for them thousands of times.
 */
struct nodes {
	double level, tc, r[PLAN_NODES];
};

static const struct nodes *
nodes_at(double df, double level)
{
	static struct nodes memo[2 * PLAN_MAX_RUNS];
	struct nodes *n = &memo[(size_t)df];
	int j;

	if (n->level != level) {
		n->level = level;
		n->tc = stats_t_quantile((1 + level) / 2, df);
		for (j = 0; j < PLAN_NODES; j++)
			n->r[j] = sqrt(stats_chi2_quantile((j + 0.5) / PLAN_NODES, df) / df);
	}
	return n;
}

double
plan_power(double v, long long k, double limit, double level)
{
	double kk = (double)k, delta, sum = 0;
	const struct nodes *n;
	int j;

	if (k < 2 || k > PLAN_MAX_RUNS || !(v > 0))
		return k >= 2 && k <= PLAN_MAX_RUNS ? 1 : 0;
	n = nodes_at(k >= RUNS_PAIRED_MIN ? kk - 1 +
	    (double)runs_trend_df((size_t)k) : 2 * kk - 2, level);
	delta = log1p(limit) / sqrt(2 * v / kk);
	/* pass: (L - d) / se, normal about delta, above tc times s / sigma */
	for (j = 0; j < PLAN_NODES; j++)
		sum += 0.5 * erfc(-(delta - n->tc * n->r[j]) / sqrt(2));
	return sum / PLAN_NODES;
}

/* One run's variance of s at f times the calibration runs' length. */
static double
run_var(const struct noise_stat *s, double f)
{
	double w2 = s->within_log_sd * s->within_log_sd;

	return fmax(0, s->log_sd * s->log_sd - w2) + w2 / f;
}

/* The least power of the statistics at k runs and length f, which in out. */
static double
least_power(const struct noise *n, double f, long long k, struct plan *out)
{
	double least = 2, p;
	size_t i;
	int w;

	for (i = 0; i < n->nclasses; i++)
		for (w = 0; w < NOISE_NSTATS; w++) {
			if (!n->classes[i].stat[w].have)
				continue;
			p = plan_power(run_var(&n->classes[i].stat[w], f), k, out->limit,
			    out->level);
			if (p < least) {
				least = p;
				out->cls = i;
				out->stat = w;
			}
		}
	return least;
}

/* The fewest runs a side at which every statistic reaches power, or 0. */
static long long
runs_for(const struct noise *n, double f, struct plan *out)
{
	long long lo = 1, hi = PLAN_MAX_RUNS, mid;

	if (least_power(n, f, hi, out) < out->power)
		return 0;
	/* the power grows with the runs: the least k that reaches it */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (least_power(n, f, mid, out) >= out->power)
			hi = mid;
		else
			lo = mid;
	}
	out->power_at = least_power(n, f, hi, out);
	return hi;
}

void
plan_make(const struct noise *n, const struct plan_cost *c, double limit,
    double power, double level, struct plan *out)
{
	/*
	 * A run's measured part holds what does not grow with its operations
	 * (a start, a load): a longer run costs at most its factor times as
	 * much, a shorter one perhaps as much, so only longer ones are weighed.
	 */
	static const double factors[] = { 1, 2, 4, 8 };
	size_t j;

	*out = (struct plan){ .limit = limit, .power = power, .level = level,
		.wall_s = NAN };
	for (j = 0; j < sizeof factors / sizeof factors[0]; j++) {
		double f = factors[j];
		struct plan p = *out;

		if (!c->have && f != 1)
			continue;
		p.runs = runs_for(n, f, &p);
		if (p.runs == 0)
			continue;
		p.factor = f;
		p.wall_s = c->have ? 2 * (double)p.runs * (c->besides_s + f *
		    c->ops_s) : NAN;
		if (out->runs == 0 || (c->have && p.wall_s < out->wall_s))
			*out = p;
	}
}

double
plan_smallest_limit(const struct noise *n, const struct plan_cost *c,
    double power, double level, double budget_s)
{
	double lo = log(0.001), hi = log(10), mid;
	struct plan p;
	int i;

	if (!c->have)
		return NAN;
	plan_make(n, c, exp(hi), power, level, &p);
	if (p.runs == 0 || p.wall_s > budget_s)
		return NAN;
	for (i = 0; i < 40; i++) {
		mid = (lo + hi) / 2;
		plan_make(n, c, exp(mid), power, level, &p);
		if (p.runs > 0 && p.wall_s <= budget_s)
			hi = mid;
		else
			lo = mid;
	}
	return exp(hi);
}
