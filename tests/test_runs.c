/* SPDX-License-Identifier: MIT */
/*
 * Figures over whole runs: the estimate and its interval worked by hand,
 * unbounded ends, the runs a check would need, and the interval's
 * coverage by seeded simulation of runs that drift from one to the next.
 */
#include <math.h>
#include <stdlib.h>

#include "lib/runs.h"
#include "lib/stats.h"
#include "tests/testutil.h"

static void
test_runs_est_by_hand(void **state)
{
	double logs[] = { log(100), log(110), log(121) }, w[] = { 0, 0, 0 };
	struct runs_est e;

	(void)state;
	runs_est_init(&e, logs, w, 3);
	assert_int_equal(e.k, 3);
	assert_near(e.mean, log(110), 1e-12);
	/* the logs are log(110) - l, log(110), log(110) + l with l = log 1.1 */
	assert_near(e.between, log(1.1) * log(1.1), 1e-12);
	assert_near(e.var, e.between / 3, 1e-15);
	assert_near(e.df, 2, 0);
	assert_false(e.open_hi);
}

/* Runs that agree by chance closer than their own sampling allows keep that floor. */
static void
test_runs_est_within_floor(void **state)
{
	double logs[] = { 1, 1.0001 }, w[] = { 0.01, 0.03 };
	struct runs_est e;

	(void)state;
	runs_est_init(&e, logs, w, 2);
	assert_near(e.within, 0.02, 1e-15);
	assert_near(e.var, 0.01, 1e-15);
}

static void
test_runs_one_run_and_prior(void **state)
{
	double logs[] = { 2 }, w[] = { 0.0004 };
	struct runs_est e;

	(void)state;
	runs_est_init(&e, logs, w, 1);
	assert_true(isnan(e.between));
	assert_near(e.var, 0.0004, 1e-15);
	assert_true(isinf(e.df));
	runs_est_prior(&e, 0.01, 9);
	assert_near(e.var, 0.01, 1e-15);
	assert_near(e.df, 9, 0);
}

/* A ratio: the difference of two sides' means, with Welch's degrees of freedom. */
static void
test_runs_combine_welch(void **state)
{
	double a[] = { 0, 0.2, 0.4 }, b[] = { 1, 1.1, 1.2, 1.3, 1.4 };
	double wa[] = { 0, 0, 0 }, wb[] = { 0, 0, 0, 0, 0 };
	struct runs_est ea, eb;
	struct runs_term t[2];
	struct runs_fig f;
	double va, vb, df, h;

	(void)state;
	runs_est_init(&ea, a, wa, 3);
	runs_est_init(&eb, b, wb, 5);
	t[0].e = &eb;
	t[0].sign = 1;
	t[1].e = &ea;
	t[1].sign = -1;
	runs_combine(t, 2, 0.95, &f);
	va = 0.04 / 3;
	vb = 0.025 / 5;
	df = (va + vb) * (va + vb) / (va * va / 2 + vb * vb / 4);
	h = stats_t_quantile(0.975, df) * sqrt(va + vb);
	assert_near(f.log_v, 1.0, 1e-12);
	assert_near(f.df, df, 1e-9);
	assert_near(f.lo, exp(1 - h), 1e-9);
	assert_near(f.hi, exp(1 + h), 1e-9);
}

/* A side unbounded above leaves a ratio unbounded on that side's sign. */
static void
test_runs_combine_open(void **state)
{
	double a[] = { 0, 0.1 }, b[] = { 1, 1.1 }, wa[] = { 0.001, NAN };
	double wb[] = { 0.001, 0.001 };
	struct runs_est ea, eb;
	struct runs_term t[2];
	struct runs_fig f;

	(void)state;
	runs_est_init(&ea, a, wa, 2);
	runs_est_init(&eb, b, wb, 2);
	assert_true(ea.open_hi);
	t[0].e = &eb;
	t[0].sign = 1;
	t[1].e = &ea;
	t[1].sign = -1;
	runs_combine(t, 2, 0.95, &f);
	assert_near(f.lo, 0, 0);
	assert_true(isfinite(f.hi));
	t[0].e = &ea;
	t[1].e = &eb;
	runs_combine(t, 2, 0.95, &f);
	assert_true(isinf(f.hi));
	assert_true(f.lo > 0);
}

/* More runs are needed the nearer the limit; none when the estimate sits on it. */
static void
test_runs_needed_grows_near_limit(void **state)
{
	double a[] = { 0, 0.1, -0.1 }, b[] = { 0.05, 0.15, -0.05 }, w[] = { 0, 0, 0 };
	struct runs_est ea, eb;
	struct runs_term t[2];
	long long lo, hi, lo2, hi2;

	(void)state;
	runs_est_init(&ea, a, w, 3);
	runs_est_init(&eb, b, w, 3);
	t[0].e = &eb;
	t[0].sign = 1;
	t[1].e = &ea;
	t[1].sign = -1;
	/* the figure is exp(0.05); a limit of 1.2 is far, 1.08 near */
	assert_int_equal(runs_needed(t, 2, 0.95, 0.8, 1.2, 1000, &lo, &hi), 0);
	assert_int_equal(runs_needed(t, 2, 0.95, 0.8, 1.08, 1000, &lo2, &hi2), 0);
	assert_true(lo >= 2 && lo <= hi);
	assert_true(lo2 > lo);
	assert_true(hi2 >= lo2);
	assert_int_equal(runs_needed(t, 2, 0.95, 0.8, exp(0.05), 1000, &lo, &hi), -1);
	/* a cap that is too small says so */
	assert_int_equal(runs_needed(t, 2, 0.95, 0.8, 1.06, 3, &lo, &hi), -1);
	assert_int_equal(lo, 4);
}

/* A seeded generator, so the simulation gives the same answer every time. */
static unsigned long long rng_state;

static double
uniform(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return ((double)(rng_state >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

/* One run's log p50 and its sampling variance, as the gate takes them. */
static void
simulate_run(double mu, double sigma, size_t n, double *log_q, double *w)
{
	double *x = malloc(n * sizeof *x), lo, hi;
	size_t i, l, h;

	for (i = 0; i < n; i++)
		x[i] = exp(mu + sigma * normal());
	stats_sort(x, n);
	*log_q = log(stats_quantile_sorted(x, n, 0.5));
	stats_order_ci(n, 0.5, 0.95, &l, &h, NULL);
	lo = x[l - 1];
	hi = x[h - 1];
	*w = pow((log(hi) - log(lo)) / (2 * stats_norm_quantile(0.975)), 2);
	free(x);
}

/*
 * Coverage of the ratio's interval with runs that drift (each run's
 * latencies scaled by a lognormal effect of sd tau): near 95% with the
 * drift, and no less without it (more: the floor of the runs' own
 * sampling then adds to a spread that already holds it).
 */
static double
coverage(size_t k, double tau, int trials)
{
	double la[16], wa[16], lb[16], wb[16];
	struct runs_est ea, eb;
	struct runs_term t[2];
	struct runs_fig f;
	int covered = 0, i;
	size_t j;

	for (i = 0; i < trials; i++) {
		for (j = 0; j < k; j++) {
			simulate_run(tau * normal(), 0.5, 101, &la[j], &wa[j]);
			simulate_run(0.3 + tau * normal(), 0.5, 101, &lb[j], &wb[j]);
		}
		runs_est_init(&ea, la, wa, k);
		runs_est_init(&eb, lb, wb, k);
		t[0].e = &eb;
		t[0].sign = 1;
		t[1].e = &ea;
		t[1].sign = -1;
		runs_combine(t, 2, 0.95, &f);
		covered += f.lo <= exp(0.3) && exp(0.3) <= f.hi;
	}
	return (double)covered / trials;
}

static void
test_runs_coverage_with_drift(void **state)
{
	static const size_t ks[] = { 3, 5, 10 };
	size_t i;
	double c;

	(void)state;
	rng_state = 0x9e3779b97f4a7c15ULL;
	for (i = 0; i < sizeof ks / sizeof ks[0]; i++) {
		c = coverage(ks[i], 0.1, 1500);
		print_message("runs %zu a side, drift 10%%: coverage %.4f\n", ks[i], c);
		assert_true(c >= 0.93 && c <= 0.975);
		c = coverage(ks[i], 0, 1500);
		print_message("runs %zu a side, no drift: coverage %.4f\n", ks[i], c);
		assert_true(c >= 0.94 && c <= 0.999);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runs_est_by_hand),
		cmocka_unit_test(test_runs_est_within_floor),
		cmocka_unit_test(test_runs_one_run_and_prior),
		cmocka_unit_test(test_runs_combine_welch),
		cmocka_unit_test(test_runs_combine_open),
		cmocka_unit_test(test_runs_needed_grows_near_limit),
		cmocka_unit_test(test_runs_coverage_with_drift),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
