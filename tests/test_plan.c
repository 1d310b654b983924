/* SPDX-License-Identifier: MIT */
/*
 * calibrate's plan (calibrate/plan.h), by seeded simulation through the
 * gate's own interval code (model/runs.c) as syncgate run's baseline
 * gate rules: sides pooled below RUNS_PAIRED_MIN runs a side, paired from
 * there with the pairs' means pooled in.  plan_power says how often that
 * gate passes an A/A at the limit, within 3 points of TRIALS simulated
 * gates; and a plan made from a simulated calibration (10 runs with a run
 * effect and sampling, the noise record's figures from them, as calibrate
 * measures them) settles an A/A at its limit 75% to 85% of the time when
 * followed, with its error at the limit within 2.5% +- 0.6.
 */

#include "calibrate/plan.h"
#include "model/runs.h"
#include "tests/gatetest.h"

#define TRIALS TEST_TRIALS(4000, 1000)
#define LEVEL 0.95
#define HIGH TEST_TRIALS(0.031, 0.037)
#define TOL TEST_TRIALS(0.03, 0.05)

/*
 * One gate of k runs a side, each run's log its side's shift plus the
 * run effect tau and sampling sd w: 1 when its interval lies wholly
 * below lim (a pass), 2 wholly above (a fail), else 0.
 */
static int
gate_once(size_t k, double shift, double tau, double w, double lim,
    unsigned long long *s)
{
	double a[PLAN_MAX_RUNS], b[PLAN_MAX_RUNS], d[PLAN_MAX_RUNS];
	double m[PLAN_MAX_RUNS], wa[PLAN_MAX_RUNS], wd[PLAN_MAX_RUNS];
	struct runs_pool p = { 0, 0 };
	struct runs_est o, r, pd;
	struct runs_term t[2];
	struct runs_fig f;
	size_t j;

	for (j = 0; j < k; j++) {
		a[j] = shift + tau * normal(s) + w * normal(s);
		b[j] = tau * normal(s) + w * normal(s);
		d[j] = a[j] - b[j];
		m[j] = (a[j] + b[j]) / 2;
		wa[j] = w * w;
		wd[j] = 2 * w * w;
	}
	if (k >= RUNS_PAIRED_MIN) {
		runs_paired_init(&pd, &p, d, m, wd, k);
		t[0].e = &pd;
		t[0].sign = 1;
		runs_combine(t, 1, LEVEL, &f);
	} else {
		runs_est_init(&o, a, wa, NULL, k);
		runs_est_init(&r, b, wa, NULL, k);
		runs_pool_add_est(&p, &o);
		runs_pool_add_est(&p, &r);
		runs_est_share(&o, &p);
		runs_est_share(&r, &p);
		runs_ratio_terms(t, &o, &r);
		runs_combine(t, 2, LEVEL, &f);
	}
	return log(f.hi) < lim ? 1 : log(f.lo) > lim ? 2 : 0;
}

/* The share of TRIALS gates that end in want (1 pass, 2 fail). */
static double
rate(size_t k, double shift, double tau, double w, double lim, int want,
    unsigned long long seed)
{
	unsigned long long s = seed;
	size_t i, hits = 0;

	for (i = 0; i < TRIALS; i++)
		hits += gate_once(k, shift, tau, w, lim, &s) == want;
	return (double)hits / TRIALS;
}

/* plan_power against the gate: runs spread 5% with no sampling to speak of. */
static void
test_power_matches_the_gate(void **state)
{
	static const size_t ks[] = { 3, 5, 10, 20 };
	size_t i;

	(void)state;
	for (i = 0; i < 4; i++) {
		double v = 0.05 * 0.05, lim = 0.07 * sqrt(10.0 / (double)ks[i]);
		double want = plan_power(v, (long long)ks[i], exp(lim) - 1, LEVEL);
		double got = rate(ks[i], 0, 0.05, 0, lim, 1, 60 + i);

		printf("  %2zu runs a side, limit %.1f%%: plan_power %.1f%%, the gate "
		    "passes %.1f%%\n", ks[i], 100 * (exp(lim) - 1), 100 * want,
		    100 * got);
		assert_true(fabs(want - got) < TOL);
	}
}

/*
 * A noise record as calibrate measures one from n runs of run effect tau
 * and sampling sd w (at the calibration's length): the runs' sample
 * standard deviation of their logs, and w as their stated sampling.
 */
static char read_name[] = "read";

static void
calibrated(struct noise *nz, struct noise_class *c, size_t n, double tau,
    double w, unsigned long long *s)
{
	double x[64], mean = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		x[i] = tau * normal(s) + w * normal(s);
		mean += x[i] / (double)n;
	}
	for (i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	*c = (struct noise_class){ .name = read_name, .kind = KIND_READ };
	c->stat[NOISE_P50] = (struct noise_stat){ .have = 1, .df = (double)(n - 1),
		.log_sd = sqrt(ss / (double)(n - 1)), .within_log_sd = w,
		.geomean = 1 };
	*nz = (struct noise){ .runs = n, .confidence = LEVEL, .classes = c,
		.nclasses = 1 };
}

/*
 * Followed: a plan from each of PLANS simulated calibrations, and a gate
 * at its runs and length; the share of A/As at the limit that pass is
 * the plan's power, and of gates with the truth on the limit that fail,
 * its error.  Two runners: run effect 8% with sampling 2% (runs spread
 * more than they sample), and 1% with 4% (a p99's sampling dominant, so
 * a longer run helps).
 */
static void
test_plan_followed(void **state)
{
	static const double taus[] = { 0.08, 0.01 }, ws[] = { 0.02, 0.04 };
	struct plan_cost cost = { 1, 0.5, 0.2, 100000 };
	size_t i, j;

	(void)state;
	for (i = 0; i < 2; i++) {
		unsigned long long s = 170 + i;
		size_t pass = 0, err = 0, trials = 0;
		double lim = log(1.1);
		long long kmin = PLAN_MAX_RUNS, kmax = 0;

		for (j = 0; j < TRIALS; j++) {
			struct noise nz;
			struct noise_class c;
			struct plan p;
			double w;

			calibrated(&nz, &c, 10, taus[i], ws[i], &s);
			plan_make(&nz, &cost, 0.1, 0.8, LEVEL, &p);
			if (p.runs == 0)
				continue;
			trials++;
			kmin = p.runs < kmin ? p.runs : kmin;
			kmax = p.runs > kmax ? p.runs : kmax;
			w = ws[i] / sqrt(p.factor);
			pass += gate_once((size_t)p.runs, 0, taus[i], w, lim, &s) == 1;
			err += gate_once((size_t)p.runs, lim, taus[i], w, lim, &s) == 2;
		}
		printf("  run effect %g, sampling %g: %zu plans of %lld to %lld runs a "
		    "side; followed, A/As at 10%% pass %.1f%%, the truth on the limit "
		    "fails %.2f%%\n", taus[i], ws[i], trials, kmin, kmax,
		    100.0 * (double)pass / (double)trials,
		    100.0 * (double)err / (double)trials);
		assert_true(trials > TRIALS * 9 / 10);
		assert_true((double)pass / (double)trials >= 0.75 - TOL + 0.03 &&
		    (double)pass / (double)trials <= 0.85 + TOL - 0.03);
		assert_true((double)err / (double)trials <= HIGH);
	}
}

/* No times: the calibration runs' length, no wall time; a budget, no limit. */
static void
test_plan_without_times(void **state)
{
	struct plan_cost none = { 0, 0, 0, -1 };
	struct noise nz;
	struct noise_class c;
	unsigned long long s = 80;
	struct plan p;

	(void)state;
	calibrated(&nz, &c, 10, 0.05, 0.01, &s);
	plan_make(&nz, &none, 0.1, 0.8, LEVEL, &p);
	assert_true(p.runs >= 2 && p.factor == 1 && isnan(p.wall_s));
	assert_true(p.power_at >= 0.8);
	assert_true(isnan(plan_smallest_limit(&nz, &none, 0.8, LEVEL, 60)));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_power_matches_the_gate),
		cmocka_unit_test(test_plan_followed),
		cmocka_unit_test(test_plan_without_times),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
