/* SPDX-License-Identifier: MIT */
/*
 * The error rate of the intervals over runs at their limit, by seeded
 * simulation through the gate's own combining (model/runs.c): two sides
 * of one engine, no true difference, run-to-run spread sigma on the log
 * scale; the one-sided error is how often the interval's low end lies
 * above the truth (0), promised (1 - c) / 2 = 2.5% at 95%.  The cases
 * are those where one estimate of the spread serves both sides, whose
 * degrees of freedom Welch-Satterthwaite counted twice: a runner's noise
 * record from 2, 3 and 6 runs with one run a side; 3 runs against 1; 10
 * against 2; and both sides pooled, as in baseline mode.
 */

#include "lib/stats.h"
#include "model/runs.h"
#include "tests/gatetest.h"

#define TRIALS 6000
#define LEVEL 0.95
/* 2.5% with a tolerance of 0.6 points: 3 standard errors at 6000 trials */
#define LOW 0.019
#define HIGH 0.031
#define SIGMA 0.1

/*
 * The variance a noise record of m runs measured: the sample variance of
 * m draws.
 */
static double
noise_var(size_t m, unsigned long long *s)
{
	struct runs_est e;

	runs_draw(&e, m, 0, SIGMA, s);
	return e.between;
}

enum mode { NOISE, BORROW, POOLED };

/*
 * The share of trials whose interval's low end for ours over theirs
 * lies above 1, the truth.
 */
static double
error_rate(enum mode mode, size_t ko, size_t kr, size_t m, unsigned long long seed)
{
	unsigned long long s = seed;
	struct runs_est o, r;
	struct runs_term t[2];
	struct runs_fig f;
	size_t i, miss = 0;

	for (i = 0; i < TRIALS; i++) {
		struct runs_pool p = { 0, 0 };

		runs_draw(&o, ko, 0, SIGMA, &s);
		runs_draw(&r, kr, 0, SIGMA, &s);
		switch (mode) {
		case NOISE:
			runs_pool_add(&p, noise_var(m, &s), (double)(m - 1));
			break;
		case BORROW:    /* a side of one run takes the other's spread */
			runs_pool_add_est(&p, ko > 1 ? &o : &r);
			break;
		case POOLED:    /* one engine: both sides' runs */
			runs_pool_add_est(&p, &o);
			runs_pool_add_est(&p, &r);
			break;
		}
		runs_est_share(&o, &p);
		runs_est_share(&r, &p);
		runs_ratio_terms(t, &o, &r);
		runs_combine(t, 2, LEVEL, &f);
		miss += f.lo > 1;
	}
	return (double)miss / TRIALS;
}

/*
 * Two sessions, one a side, each shifting its runs by N(0, TAU^2) on top
 * of their spread SIGMA: the sides' pooled spread (baseline mode) and,
 * with measured set, each side's share of the shift between sessions that
 * a noise record of G sessions of R runs measured (model/runs.c's
 * runs_between_sessions, as calibrate does), its degrees of freedom
 * counted once.
 */
#define TAU 0.05
#define RUN_SD 0.05
#define SESSIONS_G 6
#define SESSIONS_R 3

/* What calibrate measures from SESSIONS_G sessions of SESSIONS_R runs. */
static void
session_noise(struct runs_sessions *ns, unsigned long long *s)
{
	double logs[SESSIONS_G * SESSIONS_R], shift = 0;
	size_t group[SESSIONS_G * SESSIONS_R], j;

	for (j = 0; j < SESSIONS_G * SESSIONS_R; j++) {
		if (j % SESSIONS_R == 0)
			shift = TAU * normal(s);
		logs[j] = shift + RUN_SD * normal(s);
		group[j] = j / SESSIONS_R;
	}
	runs_between_sessions(logs, group, SESSIONS_G * SESSIONS_R, SESSIONS_G,
	    ns);
}

static double
shifted(size_t k, int measured, unsigned long long seed)
{
	unsigned long long s = seed;
	struct runs_est o, r, so, sr;
	struct runs_sessions ns;
	struct runs_term t[4];
	struct runs_fig f;
	size_t i, miss = 0;

	for (i = 0; i < TRIALS; i++) {
		struct runs_pool p = { 0, 0 }, sp = { 0, 0 };
		size_t nt = 2;

		runs_draw(&o, k, TAU * normal(&s), RUN_SD, &s);
		runs_draw(&r, k, TAU * normal(&s), RUN_SD, &s);
		runs_pool_add_est(&p, &o);
		runs_pool_add_est(&p, &r);
		if (measured) {
			session_noise(&ns, &s);
			runs_pool_add(&p, ns.within_var, ns.within_df);
			memset(&so, 0, sizeof so);
			so.k = 1;
			so.fixed = 1;
			so.var = ns.session_var;
			so.df = ns.session_df;
			so.pool = &sp;
			sr = so;
		}
		runs_est_share(&o, &p);
		runs_est_share(&r, &p);
		runs_ratio_terms(t, &o, &r);
		if (measured) {
			t[2].e = &so;
			t[2].sign = 1;
			t[3].e = &sr;
			t[3].sign = -1;
			nt = 4;
		}
		runs_combine(t, nt, LEVEL, &f);
		miss += f.lo > 1;
	}
	return (double)miss / TRIALS;
}

/*
 * Sides taken in turns (ABBA), runs spread RUN_SD, while a level both
 * share wanders by walk, a random walk's steps (0: no drift, the runs
 * independent), plus shift on the first side.  how: PAIRED the gate's
 * paired figure (runs_paired_init, as gate_paired_init takes one
 * engine's: the mean of the pairs' differences, their spread pooled with
 * the pairs' means' about a drift in blocks); DIFFS the pairs' differences alone, over k - 1
 * degrees of freedom, as the gate paired before; POOLED each side's
 * mean, their spread pooled, as baseline mode does below 5 runs a side.
 * Returns the share of trials whose interval lies wholly above lim (a
 * fail), or with pass, wholly below it.
 */
#define WALK 0.04
enum how { PAIRED, DIFFS, SIDES };

static double
walked(size_t k, double walk, double shift, double lim, enum how how,
    int pass, unsigned long long seed)
{
	unsigned long long s = seed;
	double a[16], b[16], d[16], m[16], w[16] = { 0 }, level;
	struct runs_est o, r, pd;
	struct runs_term t[2];
	struct runs_fig f;
	size_t i, j, hits = 0;

	for (i = 0; i < TRIALS; i++) {
		struct runs_pool pool = { 0, 0 };

		level = 0;
		for (j = 0; j < k; j++) {
			double x, y;

			level += walk * normal(&s);
			x = level + RUN_SD * normal(&s);
			level += walk * normal(&s);
			y = level + RUN_SD * normal(&s);
			/* ABBA: the first side first in pairs 0, 2, 4 ... */
			a[j] = (j % 2 == 0 ? x : y) + shift;
			b[j] = j % 2 == 0 ? y : x;
			d[j] = a[j] - b[j];
			m[j] = (a[j] + b[j]) / 2;
		}
		if (how != SIDES) {
			runs_paired_init(&pd, how == PAIRED ? &pool : NULL, d, m, w, k);
			t[0].e = &pd;
			t[0].sign = 1;
			runs_combine(t, 1, LEVEL, &f);
		} else {
			runs_est_init(&o, a, w, NULL, k);
			runs_est_init(&r, b, w, NULL, k);
			runs_pooled_fig(&o, &r, 0, 0, LEVEL, &f);
		}
		hits += pass ? log(f.hi) < lim : log(f.lo) > lim;
	}
	return (double)hits / TRIALS;
}

static void
expect_rate(const char *what, double rate)
{
	printf("  %-44s one-sided error %.2f%%\n", what, 100 * rate);
	assert_true(rate >= LOW && rate <= HIGH);
}

/* An error within the promise, or below it. */
static void
expect_most(const char *what, double rate)
{
	printf("  %-44s one-sided error %.2f%%\n", what, 100 * rate);
	assert_true(rate <= HIGH);
}

static void
test_noise_with_one_run_a_side(void **state)
{
	(void)state;
	expect_rate("--noise from 2 runs, one run a side", error_rate(NOISE, 1, 1, 2, 1));
	expect_rate("--noise from 3 runs, one run a side", error_rate(NOISE, 1, 1, 3, 2));
	expect_rate("--noise from 6 runs, one run a side", error_rate(NOISE, 1, 1, 6, 3));
}

static void
test_one_side_borrows(void **state)
{
	(void)state;
	expect_rate("3 runs against 1", error_rate(BORROW, 3, 1, 0, 4));
	expect_rate("1 run against 3", error_rate(BORROW, 1, 3, 0, 5));
}

static void
test_pooled_sides(void **state)
{
	(void)state;
	expect_rate("10 runs against 2, pooled", error_rate(POOLED, 10, 2, 0, 6));
	expect_rate("3 runs against 3, pooled", error_rate(POOLED, 3, 3, 0, 7));
	expect_rate("2 runs against 2, pooled", error_rate(POOLED, 2, 2, 0, 8));
}

static void
test_sides_from_two_sessions(void **state)
{
	double rate;

	(void)state;
	/* the spread within one session alone: more runs, more false fails */
	rate = shifted(3, 0, 21);
	printf("  %-44s one-sided error %.2f%%\n",
	    "two sessions, 3 runs a side, shift unmeasured", 100 * rate);
	assert_true(rate > HIGH);
	rate = shifted(10, 0, 22);
	printf("  %-44s one-sided error %.2f%%\n",
	    "two sessions, 10 runs a side, shift unmeasured", 100 * rate);
	assert_true(rate > 0.15);
	expect_rate("two sessions, 3 runs a side, shift measured",
	    shifted(3, 1, 23));
	expect_rate("two sessions, 5 runs a side, shift measured",
	    shifted(5, 1, 24));
	expect_rate("two sessions, 10 runs a side, shift measured",
	    shifted(10, 1, 31));
}

static void
test_paired_under_a_shared_drift(void **state)
{
	double lim = log(1.05), pooled, paired, diffs;

	(void)state;
	/*
	 * At the limit, one-sided error: with a drift that bends within a
	 * block, the means' spread about their lines holds some of it, and
	 * the interval errs less than promised (never more).
	 */
	expect_most("paired, 5 runs a side, drift shared",
	    walked(5, WALK, lim, lim, PAIRED, 0, 31));
	expect_most("paired, 10 runs a side, drift shared",
	    walked(10, WALK, lim, lim, PAIRED, 0, 32));
	expect_rate("paired, 5 runs a side, no drift",
	    walked(5, 0, lim, lim, PAIRED, 0, 35));
	expect_rate("paired, 12 runs a side, no drift",
	    walked(12, 0, lim, lim, PAIRED, 0, 36));
	/* a 16% regression against 5%, 10 runs a side */
	pooled = walked(10, WALK, log(1.16), lim, SIDES, 0, 33);
	paired = walked(10, WALK, log(1.16), lim, PAIRED, 0, 34);
	diffs = walked(10, WALK, log(1.16), lim, DIFFS, 0, 34);
	printf("  16%% slower, 10 runs a side, drift shared: fails %.1f%% pooled, "
	    "%.1f%% paired (the differences alone: %.1f%%)\n", 100 * pooled,
	    100 * paired, 100 * diffs);
	assert_true(paired > pooled + 0.15);
	assert_true(paired > diffs - 0.06);
}

/*
 * Without a drift, pairing costs the differences' degrees of freedom
 * unless the pairs' means give theirs back: at the limit where a test
 * knowing the spread passes 80% of A/As ((1.96 + 0.8416) times the
 * standard deviation of the mean difference), the gate's paired figure
 * passes at least 66% at 5 runs a side and 74% at 10, where the
 * differences alone passed 56% and 71%.
 */
static void
test_paired_without_a_drift(void **state)
{
	static const size_t ks[] = { 5, 10 };
	static const double goal[] = { 0.66, 0.74 };
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		double lim = (1.959964 + 0.841621) * RUN_SD * sqrt(2.0 / (double)ks[i]);
		double paired = walked(ks[i], 0, 0, lim, PAIRED, 1, 41 + i);
		double diffs = walked(ks[i], 0, 0, lim, DIFFS, 1, 41 + i);
		double sides = walked(ks[i], 0, 0, lim, SIDES, 1, 41 + i);

		printf("  A/A, %zu runs a side, no drift, at the limit a known spread "
		    "passes 80%%: passes %.1f%% paired (the differences alone: "
		    "%.1f%%, the sides pooled: %.1f%%)\n", ks[i], 100 * paired,
		    100 * diffs, 100 * sides);
		assert_true(paired >= goal[i]);
		assert_true(paired > diffs + 0.02);
	}
}

/*
 * The most any test can pass at that limit with its spread estimated on
 * df degrees of freedom, holding 2.5% a side: the mean over the spread's
 * chi-square of Phi(2.8016 - t(0.975, df) sqrt(x / df)), over 4000
 * equal-probability slices.
 */
static double
ceiling(double df)
{
	double sum = 0, t = stats_t_quantile(0.975, df);
	int j;

	for (j = 0; j < 4000; j++) {
		double x = stats_chi2_quantile((j + 0.5) / 4000, df);

		sum += 0.5 * erfc(-(1.959964 + 0.841621 - t * sqrt(x / df)) / sqrt(2));
	}
	return sum / 4000;
}

/*
 * Issue 34 asked 70% at 5 runs a side and 75% at 10.  Five runs a side
 * hold 10 figures, two of them spent on the sides' levels: no test on
 * their own spread has more than 8 degrees of freedom, and at 8 none
 * passes 70% (69.0%).  The paired figure spends one more on the drift's
 * line (7 at 5 runs, 67.3% at most) and, at 10, two a block of four
 * pairs (15, 74.5% at most); it stands within 1.5 points of its ceiling.
 */
static void
test_paired_at_its_ceiling(void **state)
{
	static const size_t ks[] = { 5, 10 };
	size_t i;

	(void)state;
	printf("  at the known-spread 80%% limit, most a test passes on 7, 8, 15, "
	    "17 df: %.1f%%, %.1f%%, %.1f%%, %.1f%%\n", 100 * ceiling(7),
	    100 * ceiling(8), 100 * ceiling(15), 100 * ceiling(17));
	assert_true(ceiling(8) < 0.70);
	assert_true(ceiling(15) < 0.75);
	for (i = 0; i < 2; i++) {
		double lim = (1.959964 + 0.841621) * RUN_SD * sqrt(2.0 / (double)ks[i]);
		double df = (double)(ks[i] - 1 + runs_trend_df(ks[i]));
		double paired = walked(ks[i], 0, 0, lim, PAIRED, 1, 41 + i);

		printf("  %zu runs a side: paired %.1f%% on %.0f df, whose ceiling is "
		    "%.1f%%\n", ks[i], 100 * paired, df, 100 * ceiling(df));
		assert_true(paired > ceiling(df) - 0.015);
		assert_true(paired <= ceiling(df) + 0.015);
	}
}

/*
 * Runs whose spread is their sampling alone, as a p99's is where runs
 * differ little (run to run the same, each run's p99 of N samples
 * varying by sd), each run reporting a sampling variance ratio times
 * the true one (a p99's order-statistic interval overstates it: 1.2x at
 * 2000 samples, 2x and more at 500).  Baseline mode, k runs a side,
 * both sides' spread pooled.  Returns the share of trials that pass
 * (the interval wholly below lim) or, with !pass, that fail (wholly
 * above it), the truth at shift; floor_always rules as the gate did
 * before, its floor max(s^2, w) wherever s^2 < w.
 */
static double
sampled(size_t k, double ratio, double shift, double lim, int pass,
    int floor_always, unsigned long long seed)
{
	unsigned long long s = seed;
	double a[16], b[16], w[16], sd = 0.04;
	size_t i, j, hits = 0;

	for (j = 0; j < k; j++)
		w[j] = ratio * sd * sd;
	for (i = 0; i < TRIALS; i++) {
		struct runs_pool p = { 0, 0 };
		struct runs_est o, r;
		struct runs_term t[2];
		struct runs_fig f;

		for (j = 0; j < k; j++) {
			a[j] = shift + sd * normal(&s);
			b[j] = sd * normal(&s);
		}
		runs_est_init(&o, a, w, NULL, k);
		runs_est_init(&r, b, w, NULL, k);
		runs_pool_add_est(&p, &o);
		runs_pool_add_est(&p, &r);
		runs_est_share(&o, &p);
		runs_est_share(&r, &p);
		if (floor_always) {
			o.var = fmax(o.between, o.within) / (double)k;
			r.var = fmax(r.between, r.within) / (double)k;
		}
		runs_ratio_terms(t, &o, &r);
		runs_combine(t, 2, LEVEL, &f);
		hits += pass ? log(f.hi) < lim : log(f.lo) > lim;
	}
	return (double)hits / TRIALS;
}

/*
 * The sampling floor only where the runs' spread is implausibly small
 * beside their sampling (below the 5% point of its chi-square): at the
 * limit where a test knowing the spread passes 80% of A/As, 3 and 5 runs
 * a side pass more than under the floor everywhere s^2 < w, and the
 * error at the limit stays within the promise, whether the runs'
 * sampling variance is stated true or twice too large.
 */
static void
test_sampling_floor_where_needed(void **state)
{
	static const size_t ks[] = { 3, 5 };
	static const double ratios[] = { 1, 2 };
	size_t i, j;

	(void)state;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++) {
			size_t k = ks[i];
			double lim = (1.959964 + 0.841621) * 0.04 * sqrt(2.0 / (double)k);
			unsigned long long seed = 51 + 2 * i + j;
			double now = sampled(k, ratios[j], 0, lim, 1, 0, seed);
			double was = sampled(k, ratios[j], 0, lim, 1, 1, seed);
			double err = sampled(k, ratios[j], lim, lim, 0, 0, seed + 10);

			printf("  sampling alone, stated %gx, %zu runs a side: A/A "
			    "passes %.1f%% (floored wherever s^2 < w: %.1f%%), error "
			    "at the limit %.2f%%\n", ratios[j], k, 100 * now,
			    100 * was, 100 * err);
			assert_true(err <= HIGH);
			assert_true(now > was + 0.05);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_noise_with_one_run_a_side),
		cmocka_unit_test(test_one_side_borrows),
		cmocka_unit_test(test_pooled_sides),
		cmocka_unit_test(test_sides_from_two_sessions),
		cmocka_unit_test(test_paired_under_a_shared_drift),
		cmocka_unit_test(test_paired_without_a_drift),
		cmocka_unit_test(test_paired_at_its_ceiling),
		cmocka_unit_test(test_sampling_floor_where_needed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
