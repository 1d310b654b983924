/* SPDX-License-Identifier: MIT */
/*
 * Statistics: the quantile definition, selection against sorting, and
 * order-statistic intervals against binomial values worked by hand.
 */
#include <stdlib.h>

#include "lib/stats.h"
#include "tests/testutil.h"

static void
test_stats_quantile_odd_even_one(void **state)
{
	double odd[] = { 1, 2, 3, 4, 5 }, even[] = { 1, 2, 3, 4 }, one[] = { 7 };

	(void)state;
	assert_near(stats_quantile_sorted(odd, 5, 0.5), 3, 1e-12);
	assert_near(stats_quantile_sorted(even, 4, 0.5), 2.5, 1e-12);
	assert_near(stats_quantile_sorted(one, 1, 0.5), 7, 1e-12);
	assert_near(stats_quantile_sorted(one, 1, 0.99), 7, 1e-12);
	/* type 7: h = (n-1)p = 3.96, so 4 + 0.96 * (5 - 4) */
	assert_near(stats_quantile_sorted(odd, 5, 0.99), 4.96, 1e-12);
	assert_near(stats_quantile_sorted(odd, 5, 0), 1, 1e-12);
	assert_near(stats_quantile_sorted(odd, 5, 1), 5, 1e-12);
	assert_true(isnan(stats_quantile_sorted(odd, 0, 0.5)));
}

static void
test_stats_select_matches_sort(void **state)
{
	static const double ps[] = { 0, 0.1, 0.5, 0.9, 0.99, 0.999, 1 };
	size_t n, i, k;
	unsigned seed = 12345;

	(void)state;
	for (n = 1; n <= 257; n += 16) {
		double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);

		for (k = 0; k < sizeof ps / sizeof ps[0]; k++) {
			for (i = 0; i < n; i++) {
				seed = seed * 1103515245u + 12345u;
				/* few distinct values, so ties are exercised */
				a[i] = b[i] = (double)((seed >> 16) % 37);
			}
			stats_sort(b, n);
			assert_near(stats_quantile_select(a, n, ps[k]),
			    stats_quantile_sorted(b, n, ps[k]), 1e-9);
		}
		free(a);
		free(b);
	}
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * The radix sort from 4096 values against qsort: negatives, zeros of
 * both signs, infinities, ties, and latencies sharing their top bytes
 * (the passes skipped); every size about the switch.
 */
static void
test_stats_sort_matches_qsort(void **state)
{
	static const size_t sizes[] = { 0, 1, 2, 4095, 4096, 4097, 100000 };
	static const double odd[] = { -0.0, 0.0, -1e300, INFINITY, -INFINITY,
		-3.5, 5e-324 };
	size_t s, i, n;
	unsigned seed = 99;

	(void)state;
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		for (int kind = 0; kind < 2; kind++) {
			double *a, *b;

			n = sizes[s];
			a = malloc((n + 1) * sizeof *a);
			b = malloc((n + 1) * sizeof *b);
			for (i = 0; i < n; i++) {
				seed = seed * 1103515245u + 12345u;
				a[i] = kind ? 40000 + (double)((seed >> 8) % 5000) :
				    (double)((int)(seed >> 4) - (1 << 27)) / 7;
				if (!kind && i % 97 == 0)
					a[i] = odd[(i / 97) % (sizeof odd / sizeof odd[0])];
				b[i] = a[i];
			}
			stats_sort(a, n);
			if (n > 1)
				qsort(b, n, sizeof *b, cmp);
			for (i = 0; i < n; i++) {
				assert_true(a[i] == b[i]);
				if (i > 0)
					assert_true(a[i - 1] <= a[i]);
			}
			free(a);
			free(b);
		}
	}
}

static void
test_stats_order_ci_n15(void **state)
{
	size_t lo, hi;
	double got;

	(void)state;
	/* P(B <= 3) for Bin(15, 1/2) is 576/32768; coverage 1 - 2 * that */
	assert_int_equal(stats_order_ci(15, 0.5, 0.95, &lo, &hi, &got), 0);
	assert_int_equal(lo, 4);
	assert_int_equal(hi, 12);
	assert_true(got == 1 - 2 * 576.0 / 32768);
}

/*
 * The median's coverage for up to 53 samples is a count over 2^n, and
 * exactly that: no 0.9648437499999999 for 0.96484375 in a probe record.
 */
static void
test_stats_order_ci_exact_coverage(void **state)
{
	size_t n, lo, hi;
	double got;

	(void)state;
	for (n = 6; n <= 53; n++) {
		assert_int_equal(stats_order_ci(n, 0.5, 0.95, &lo, &hi, &got), 0);
		if (ldexp(got, (int)n) != floor(ldexp(got, (int)n)))
			fail_msg("n %zu: coverage %.17g is no count over 2^%zu", n, got, n);
	}
	/* 1 - 2 * (1 + 6) / 64 for 6 samples, 1 - 2 * 12 / 2048 for 11 */
	assert_int_equal(stats_order_ci(6, 0.5, 0.95, &lo, &hi, &got), 0);
	assert_true(got == 0.96875);
	assert_int_equal(stats_order_ci(11, 0.5, 0.95, &lo, &hi, &got), 0);
	assert_true(got == 0.98828125);
	assert_true(stats_binom_cdf(15, 0.5, 3) == 576.0 / 32768);
}

static void
test_stats_order_ci_large_and_impossible(void **state)
{
	size_t lo, hi;
	double got;

	(void)state;
	/* median of 1000: ranks 469 and 532, coverage 0.95371 (exact binomial) */
	assert_int_equal(stats_order_ci(1000, 0.5, 0.95, &lo, &hi, &got), 0);
	assert_int_equal(lo, 469);
	assert_int_equal(hi, 532);
	assert_near(got, 0.9537088026, 1e-6);
	/* p99 of 100 samples has no upper bound at 95% */
	assert_int_equal(stats_order_ci(100, 0.99, 0.95, &lo, &hi, &got), -1);
	/* one sample: no interval */
	assert_int_equal(stats_order_ci(1, 0.5, 0.95, &lo, &hi, &got), -1);
	/* five samples cannot bound the median at 95%: 2 * 1/32 > 0.05 */
	assert_int_equal(stats_order_ci(5, 0.5, 0.95, &lo, &hi, &got), -1);
	/* six can: [x1, x6] covers with 1 - 2/64 */
	assert_int_equal(stats_order_ci(6, 0.5, 0.95, &lo, &hi, &got), 0);
	assert_int_equal(lo, 1);
	assert_int_equal(hi, 6);
}

static void
test_stats_binom_cdf_known(void **state)
{
	(void)state;
	assert_near(stats_binom_cdf(15, 0.5, 3), 576.0 / 32768, 1e-12);
	assert_near(stats_binom_cdf(10, 0.5, 10), 1, 1e-12);
	assert_near(stats_binom_cdf(10, 0.5, 0), 1.0 / 1024, 1e-12);
	/* ten million trials: the median is at the middle */
	assert_near(stats_binom_cdf(10000000, 0.5, 5000000), 0.5, 1e-3);
}

static void
test_stats_norm_quantile_known(void **state)
{
	(void)state;
	assert_near(stats_norm_quantile(0.975), 1.959963985, 1e-7);
	assert_near(stats_norm_quantile(0.5), 0, 1e-9);
	assert_near(stats_norm_quantile(0.001), -3.090232306, 1e-7);
	assert_true(isnan(stats_norm_quantile(0)));
}

static void
test_stats_summarize_fifteen(void **state)
{
	double x[15];
	struct stats_summary s;
	size_t i;

	(void)state;
	for (i = 0; i < 15; i++)
		x[i] = (double)(15 - i) * 1000;
	stats_summarize(x, 15, 0.95, &s);
	assert_int_equal(s.n, 15);
	assert_near(s.median, 8000, 1e-9);
	assert_near(s.min, 1000, 1e-9);
	assert_near(s.max, 15000, 1e-9);
	assert_near(s.ci_lo, 4000, 1e-9);
	assert_near(s.ci_hi, 12000, 1e-9);
	/* p90: h = 12.6, 13000 + 0.6 * 1000 */
	assert_near(s.p90, 13600, 1e-9);
}

/* Student's t against published tables (four or more significant digits). */
static void
test_stats_t_quantile_known(void **state)
{
	static const struct { double p, df, t; } cases[] = {
		{ 0.975, 1, 12.7062047 }, { 0.975, 2, 4.30265273 },
		{ 0.975, 4, 2.77644511 }, { 0.975, 10, 2.22813885 },
		{ 0.975, 30, 2.04227246 }, { 0.8, 1, 1.37638192 },
		{ 0.8, 5, 0.91954378 }, { 0.99, 3, 4.54070286 },
		{ 0.995, 9, 3.24983554 }, { 0.975, 1e9, 1.95996398 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_near(stats_t_quantile(cases[i].p, cases[i].df), cases[i].t,
		    1e-6 * cases[i].t);
		assert_near(stats_t_quantile(1 - cases[i].p, cases[i].df), -cases[i].t,
		    1e-6 * cases[i].t);
		assert_near(stats_t_cdf(cases[i].t, cases[i].df), cases[i].p, 1e-8);
	}
	/* Newton's steps from the expansion, 3 to 1000 df: back to p through the CDF */
	for (double df = 3; df < 1000; df *= 1.13)
		for (double p = 0.6; p < 0.9995; p = 1 - (1 - p) / 2)
			assert_near(stats_t_cdf(stats_t_quantile(p, df), df), p, 2e-13);
	/* a fractional df, as Welch-Satterthwaite gives, lies between its neighbours */
	assert_true(stats_t_quantile(0.975, 2.5) < stats_t_quantile(0.975, 2));
	assert_true(stats_t_quantile(0.975, 2.5) > stats_t_quantile(0.975, 3));
	assert_near(stats_t_quantile(0.5, 7), 0, 1e-15);
	assert_true(isnan(stats_t_quantile(0, 3)));
	assert_true(isnan(stats_t_quantile(0.9, 0)));
	assert_near(stats_beta_inc(2, 3, 0.4), 0.5248, 1e-12);
}

/*
 * One-sided bounds: each tail holds at most what was asked, and a p99 of
 * 100 samples has a lower bound and no upper one.
 */
static void
test_stats_order_bounds_one_sided(void **state)
{
	size_t lo, hi, lo2, hi2;

	(void)state;
	stats_order_bounds(100, 0.99, 0.025, &lo, &hi);
	assert_int_equal(hi, 0);
	assert_true(lo > 0 && lo < 100);
	/* x_(lo) <= q fails when B <= lo - 1: at most the tail, one more rank would pass it */
	assert_true(stats_binom_cdf(100, 0.99, lo - 1) <= 0.025);
	assert_true(stats_binom_cdf(100, 0.99, lo) > 0.025);
	/* where a two-sided interval exists, its ends are the one-sided bounds at half */
	stats_order_bounds(1000, 0.99, 0.025, &lo, &hi);
	assert_int_equal(stats_order_ci(1000, 0.99, 0.95, &lo2, &hi2, NULL), 0);
	assert_int_equal(lo, lo2);
	assert_int_equal(hi, hi2);
	stats_order_bounds(0, 0.5, 0.025, &lo, &hi);
	assert_int_equal(lo, 0);
	assert_int_equal(hi, 0);
}

/* The median of an odd and an even count, of none, and x left as given. */
static void
test_stats_median_keeps_input(void **state)
{
	double x[] = { 9, 1, 5, 3 }, one[] = { 7 };

	(void)state;
	assert_true(stats_median(x, 3) == 5);
	assert_true(stats_median(x, 4) == 4);
	assert_true(x[0] == 9 && x[1] == 1 && x[2] == 5 && x[3] == 3);
	assert_true(stats_median(one, 1) == 7);
	assert_true(isnan(stats_median(x, 0)));
}

/*
 * Every rank an interval of the p50 or the p99 reads, at any level or
 * tail, and type 7's two, lie inside stats_order_span: the gate finds
 * only those order statistics (model/samples.c).
 */
static void
test_stats_order_span_holds_every_rank(void **state)
{
	static const size_t ns[] = { 1, 2, 15, 53, 54, 100, 1000, 65536, 1000003,
		10000000 };
	static const double ps[] = { 0.5, 0.99 };
	static const double levels[] = { 0.5, 0.9, 0.95, 0.99, 0.999999, 1 - 1e-12 };
	size_t i, j, k, first, last, lo, hi;

	(void)state;
	for (i = 0; i < sizeof ns / sizeof ns[0]; i++)
		for (j = 0; j < 2; j++) {
			stats_order_span(ns[i], ps[j], &first, &last);
			assert_true(first >= 1 && first <= last && last <= ns[i]);
			lo = (size_t)floor((double)(ns[i] - 1) * ps[j]);
			assert_true(lo + 1 >= first && (lo + 2 <= last || lo + 1 == ns[i]));
			for (k = 0; k < sizeof levels / sizeof levels[0]; k++) {
				if (stats_order_ci(ns[i], ps[j], levels[k], &lo, &hi, NULL) == 0)
					assert_true(lo >= first && hi <= last);
				stats_order_bounds(ns[i], ps[j], (1 - levels[k]) / 2, &lo, &hi);
				assert_true(lo == 0 || (lo >= first && lo <= last));
				assert_true(hi == 0 || (hi >= first && hi <= last));
			}
		}
}

/* Q(p) through order statistics is Q(p) of the sorted array. */
static double
at_sorted(const void *arg, size_t k)
{
	return ((const double *)arg)[k];
}

static void
test_stats_quantile_by_matches_sorted(void **state)
{
	static const double x[] = { 1, 2, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233 };
	static const double ps[] = { 0, 0.1, 0.5, 0.9, 0.99, 0.999, 1 };
	size_t n, j;

	(void)state;
	for (n = 1; n <= sizeof x / sizeof x[0]; n++)
		for (j = 0; j < sizeof ps / sizeof ps[0]; j++)
			assert_true(stats_quantile_by(n, ps[j], at_sorted, x) ==
			    stats_quantile_sorted(x, n, ps[j]));
}

/* Chi-square quantiles against published tables, and P against closed forms. */
static void
test_stats_chi2_quantile(void **state)
{
	(void)state;
	/* P(1/2, x/2) = erf(sqrt(x / 2)); P(1, x) = 1 - e^-x */
	assert_float_equal(stats_gamma_p(0.5, 1.5), erf(sqrt(1.5)), 1e-12);
	assert_float_equal(stats_gamma_p(1, 7), 1 - exp(-7), 1e-12);
	assert_float_equal(stats_gamma_p(3, 0), 0, 0);
	assert_float_equal(stats_chi2_quantile(0.95, 1), 3.841459, 1e-5);
	assert_float_equal(stats_chi2_quantile(0.99, 19), 36.190869, 1e-5);
	assert_float_equal(stats_chi2_quantile(0.05, 4), 0.710723, 1e-5);
	assert_float_equal(stats_chi2_quantile(0.5, 100), 99.334129, 1e-5);
	assert_true(isnan(stats_chi2_quantile(0, 3)));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats_quantile_odd_even_one),
		cmocka_unit_test(test_stats_select_matches_sort),
		cmocka_unit_test(test_stats_sort_matches_qsort),
		cmocka_unit_test(test_stats_order_ci_n15),
		cmocka_unit_test(test_stats_order_ci_exact_coverage),
		cmocka_unit_test(test_stats_order_ci_large_and_impossible),
		cmocka_unit_test(test_stats_binom_cdf_known),
		cmocka_unit_test(test_stats_norm_quantile_known),
		cmocka_unit_test(test_stats_summarize_fifteen),
		cmocka_unit_test(test_stats_t_quantile_known),
		cmocka_unit_test(test_stats_order_bounds_one_sided),
		cmocka_unit_test(test_stats_median_keeps_input),
		cmocka_unit_test(test_stats_order_span_holds_every_rank),
		cmocka_unit_test(test_stats_quantile_by_matches_sorted),
		cmocka_unit_test(test_stats_chi2_quantile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
