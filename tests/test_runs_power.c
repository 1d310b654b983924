/* SPDX-License-Identifier: MIT */
/*
 * How close the gate over runs comes to what the noise allows, by seeded
 * simulation through its own combining (model/runs.c) in baseline mode:
 * one engine, both sides' runs pooled, run-to-run spread SIGMA on the log
 * scale, k runs a side.  The limit of each cell is the one a test that
 * knew SIGMA would settle 80% of the time: log(1 + limit) = (z_0.975 +
 * z_0.8) SIGMA sqrt(2 / k).  That oracle passes an unchanged engine 80% of
 * the time and fails a regression of twice the limit (on the log scale)
 * 80% of the time; the gate's rates are printed beside it, from the runs
 * alone and with a runner's noise record of 10 runs (syncgate
 * calibrate), and each must be at least 80% of the oracle's where the
 * comment says.
 *
 * Then calibrate's promise: a record of M runs prints the change x the
 * gate tells at 80% power with k runs a side (calibrate_detectable); a
 * regression of (1 + limit)(1 + x) - 1 gated with that record must fail
 * 75 to 85% of the time.
 *
 * Under the sanitizers a quarter of the trials (TEST_TRIALS), the same
 * bounds checked: each stays 2.4 standard errors or more from its
 * figure at 1000 trials.  The plain build's 4000 a cell give the
 * figures docs/result-format.md quotes.
 */

#include "calibrate/calibrate.h"
#include "model/runs.h"
#include "tests/gatetest.h"

#define TRIALS TEST_TRIALS(4000, 1000)
#define LEVEL 0.95
#define NOISE_RUNS 10

/* A noise record of m runs: the sample variance of m draws, m - 1 df. */
static double
noise_var(size_t m, double sigma, unsigned long long *s)
{
	struct runs_est e;

	runs_draw(&e, m, 0, sigma, s);
	return e.between;
}

/*
 * One gate of new over baseline, the true log change shift: 1 fail, -1
 * pass, 0 indeterminate against the log limit lim.  noise_m 0: runs only.
 */
static int
gate_once(size_t k, double sigma, double shift, double lim, size_t noise_m,
    double noise_v, unsigned long long *s)
{
	struct runs_est o, r;
	struct runs_fig f;

	runs_draw(&o, k, shift, sigma, s);
	runs_draw(&r, k, 0, sigma, s);
	runs_pooled_fig(&o, &r, noise_v, noise_m > 0 ? (double)(noise_m - 1) : 0,
	    LEVEL, &f);
	if (log(f.lo) > lim)
		return 1;
	if (log(f.hi) < lim)
		return -1;
	return 0;
}

/* The oracle: the same interval with the true spread and the normal. */
static int
oracle_once(size_t k, double sigma, double shift, double lim,
    unsigned long long *s)
{
	struct runs_est o, r;
	double d, h;

	runs_draw(&o, k, shift, sigma, s);
	runs_draw(&r, k, 0, sigma, s);
	d = o.mean - r.mean;
	h = stats_norm_quantile((1 + LEVEL) / 2) * sigma * sqrt(2.0 / (double)k);
	if (d - h > lim)
		return 1;
	if (d + h < lim)
		return -1;
	return 0;
}

struct cell {
	double pass[3], fail[3];        /* oracle, runs alone, with a record */
};

static void
cell(size_t k, double sigma, unsigned long long seed, struct cell *c)
{
	unsigned long long s = seed;
	double lim = (stats_norm_quantile((1 + LEVEL) / 2) +
	    stats_norm_quantile(0.8)) * sigma * sqrt(2.0 / (double)k);
	size_t i;

	memset(c, 0, sizeof *c);
	for (i = 0; i < TRIALS; i++) {
		double nv = noise_var(NOISE_RUNS, sigma, &s);

		c->pass[0] += oracle_once(k, sigma, 0, lim, &s) < 0;
		c->fail[0] += oracle_once(k, sigma, 2 * lim, lim, &s) > 0;
		c->pass[1] += gate_once(k, sigma, 0, lim, 0, 0, &s) < 0;
		c->fail[1] += gate_once(k, sigma, 2 * lim, lim, 0, 0, &s) > 0;
		c->pass[2] += gate_once(k, sigma, 0, lim, NOISE_RUNS, nv, &s) < 0;
		c->fail[2] += gate_once(k, sigma, 2 * lim, lim, NOISE_RUNS, nv, &s) > 0;
	}
	for (i = 0; i < 3; i++) {
		c->pass[i] /= TRIALS;
		c->fail[i] /= TRIALS;
	}
	printf("  spread %2.0f%%, %2zu runs a side, limit %5.2f%%: pass %4.1f%% "
	    "(oracle) %4.1f%% (runs) %4.1f%% (record); fail at twice %4.1f%% "
	    "%4.1f%% %4.1f%%\n", 100 * sigma, k, 100 * (exp(lim) - 1),
	    100 * c->pass[0], 100 * c->pass[1], 100 * c->pass[2],
	    100 * c->fail[0], 100 * c->fail[1], 100 * c->fail[2]);
}

static void
test_close_to_the_oracle(void **state)
{
	static const size_t ks[] = { 3, 5, 10 };
	static const double sigmas[] = { 0.05, 0.15 };
	struct cell c;
	size_t i, j;

	(void)state;
	for (j = 0; j < 2; j++)
		for (i = 0; i < 3; i++) {
			cell(ks[i], sigmas[j], 40 + 3 * j + i, &c);
			/* with a runner's record, every cell */
			assert_true(c.pass[2] >= 0.8 * c.pass[0]);
			assert_true(c.fail[2] >= 0.8 * c.fail[0]);
			/*
			 * from the runs alone, from 5 runs a side; at 3, Student's t
			 * at 4 degrees of freedom is 1.4 times the oracle's normal
			 */
			if (ks[i] >= 5) {
				assert_true(c.pass[1] >= 0.8 * c.pass[0]);
				assert_true(c.fail[1] >= 0.8 * c.fail[0]);
			}
		}
}

/*
 * calibrate over m runs of a runner of spread sigma prints x for k runs
 * a side; the gate, given that record, meets a regression of (1 +
 * limit)(1 + x) - 1 with k runs a side: the share it fails.
 */
static double
promise(size_t m, size_t k, double sigma, double limit, unsigned long long seed)
{
	unsigned long long s = seed;
	double lim = log(1 + limit), fails = 0;
	size_t i;

	for (i = 0; i < TRIALS; i++) {
		struct noise_stat ns;
		double x;

		memset(&ns, 0, sizeof ns);
		ns.have = 1;
		ns.log_sd = sqrt(noise_var(m, sigma, &s));
		ns.df = (double)(m - 1);
		x = calibrate_detectable(&ns, k, LEVEL, 0.8);
		fails += gate_once(k, sigma, lim + log(1 + x), lim, m,
		    ns.log_sd * ns.log_sd, &s) > 0;
	}
	fails /= TRIALS;
	printf("  record of %2zu runs, %2zu runs a side, spread %2.0f%%: the printed "
	    "change fails %4.1f%%\n", m, k, 100 * sigma, 100 * fails);
	return fails;
}

static void
test_calibrate_promise(void **state)
{
	static const size_t ms[] = { 3, 6, 12 }, ks[] = { 1, 3, 5, 10 };
	size_t i, j;

	(void)state;
	for (i = 0; i < 3; i++)
		for (j = 0; j < 4; j++) {
			double f = promise(ms[i], ks[j], 0.05, 0.05, 60 + 4 * i + j);

			assert_true(f >= 0.75 && f <= 0.85);
		}
}

/*
 * "About N runs a side would settle it", followed: a gate of k runs a
 * side, the true change drawn across the limit's neighbourhood, that is
 * indeterminate says N; a fresh gate of N runs a side at that same change
 * settles (passes or fails) about as often as promised.
 */
static double
advice_followed(size_t k, double sigma, unsigned long long seed, size_t *asked)
{
	unsigned long long s = seed;
	double lim = log(1.05), width = 4 * sigma * sqrt(2.0 / (double)k);
	size_t i, settled = 0;

	*asked = 0;
	for (i = 0; i < TRIALS; i++) {
		double shift = lim + width * (2 * uniform(&s) - 1);
		struct runs_est o, r;
		struct runs_pool p = { 0, 0 };
		struct runs_term t[2];
		struct runs_fig f;
		long long lo, hi;

		runs_draw(&o, k, shift, sigma, &s);
		runs_draw(&r, k, 0, sigma, &s);
		runs_pool_add_est(&p, &o);
		runs_pool_add_est(&p, &r);
		runs_est_share(&o, &p);
		runs_est_share(&r, &p);
		runs_ratio_terms(t, &o, &r);
		runs_combine(t, 2, LEVEL, &f);
		if (log(f.lo) > lim || log(f.hi) < lim)
			continue;
		if (runs_needed(t, 2, LEVEL, 0.8, exp(lim), 1000, &lo, &hi) < 0 ||
		    lo > 300)
			continue;
		(*asked)++;
		settled += gate_once((size_t)lo, sigma, shift, lim, 0, 0, &s) != 0;
	}
	return *asked ? (double)settled / (double)*asked : NAN;
}

static void
test_runs_needed_settles_as_said(void **state)
{
	static const size_t ks[] = { 3, 5, 10 };
	size_t i, asked;

	(void)state;
	for (i = 0; i < 3; i++) {
		double r = advice_followed(ks[i], 0.05, 80 + i, &asked);

		printf("  %2zu runs a side, indeterminate, N runs a side advised (%zu "
		    "of %d): a fresh gate of N settles %4.1f%%\n", ks[i], asked,
		    TRIALS, 100 * r);
		assert_true(asked > TRIALS / 10);
		assert_true(r >= 0.72 && r <= 0.88);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_close_to_the_oracle),
		cmocka_unit_test(test_calibrate_promise),
		cmocka_unit_test(test_runs_needed_settles_as_said),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
