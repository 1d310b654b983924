/* SPDX-License-Identifier: MIT */
/*
 * One run a side without --noise: the gate takes a stated spread between
 * runs (GATE_DEFAULT_SPREAD_P50, _P99), so that a figure far from its
 * limit still passes or fails while one near it is indeterminate, in
 * either mode; --single-run-ok rules on the sampling alone.
 */

#include "tests/gatetest.h"

#define N 20000

/* One read class "r" a side of n samples about each median, drawn with seed. */
static void
duel_reads(struct duel *d, enum gate_mode mode, double ours, double rival,
    unsigned long long seed)
{
	unsigned long long s = seed;

	duel_init(d, mode);
	d->opts.one_run_spread = 1;
	add_class(&d->ours, "r", KIND_READ, 0, 0, lognormal(&s, ours, 0.3, N), N);
	add_class(&d->rival, "r", KIND_READ, 0, 0, lognormal(&s, rival, 0.3, N), N);
}

static enum ruling
ruling_of(const struct duel *d, const char *stat)
{
	const struct verdict_check *c = find_check(&d->v, "r", stat);

	assert_non_null(c);
	return c->ruling;
}

/* The README's 72x against 10x passes; 10.5x is held open; the sampling alone passes it. */
static void
test_rival_far_passes_near_is_open(void **state)
{
	struct duel d;

	(void)state;
	duel_reads(&d, MODE_RIVAL, 1e5, 72e5, 1);
	assert_int_equal(duel_rule(&d), 0);
	assert_true(d.v.default_spread);
	assert_int_equal(ruling_of(&d, "p50 speedup"), RULING_PASS);
	assert_int_equal(ruling_of(&d, "p99 speedup"), RULING_PASS);
	assert_true(verdict_has_note(&d.v, "default spread, a standard deviation of its "
	    "log of 0.2 at p50 and 0.3 at p99"));
	duel_free(&d);

	duel_reads(&d, MODE_RIVAL, 1e5, 10.5e5, 2);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(ruling_of(&d, "p50 speedup"), RULING_INDETERMINATE);
	duel_free(&d);

	duel_reads(&d, MODE_RIVAL, 1e5, 10.5e5, 2);
	d.opts.single_run_ok = 1;
	assert_int_equal(duel_rule(&d), 0);
	assert_false(d.v.default_spread);
	assert_int_equal(ruling_of(&d, "p50 speedup"), RULING_PASS);
	duel_free(&d);
}

/*
 * Baseline mode: an unchanged engine does not pass a 3% limit, nor does a
 * 10% regression fail 5%; three times slower fails, not held.
 */
static void
test_baseline_near_is_open_far_fails(void **state)
{
	struct duel d;

	(void)state;
	duel_reads(&d, MODE_BASELINE, 1e5, 1e5, 3);
	d.opts.max_regression = 0.03;
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(ruling_of(&d, "p50 regression"), RULING_INDETERMINATE);
	assert_int_equal(ruling_of(&d, "p99 regression"), RULING_INDETERMINATE);
	duel_free(&d);

	duel_reads(&d, MODE_BASELINE, 1.1e5, 1e5, 4);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(ruling_of(&d, "p50 regression"), RULING_INDETERMINATE);
	assert_false(find_check(&d.v, "r", "p50 regression")->held);
	duel_free(&d);

	duel_reads(&d, MODE_BASELINE, 3e5, 1e5, 5);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(ruling_of(&d, "p50 regression"), RULING_FAIL);
	assert_int_equal(d.v.overall, RULING_FAIL);
	duel_free(&d);
}

/*
 * A rival exactly 10 times slower, each run moved by the runner's spread
 * (15% on the log scale, one draw a run): on sampling alone one run a
 * side passes ">= 10x" whenever the runs happen to favour us; with the
 * default spread almost never.
 */
static void
test_rival_at_the_limit_rarely_passes(void **state)
{
	unsigned long long s = 7;
	size_t i, trials = 200, pass[2] = { 0, 0 };
	int spread;

	(void)state;
	for (i = 0; i < trials; i++) {
		double o = 1e5 * exp(0.15 * normal(&s)), r = 1e6 * exp(0.15 * normal(&s));

		for (spread = 0; spread < 2; spread++) {
			unsigned long long t = s;
			struct duel d;

			duel_init(&d, MODE_RIVAL);
			d.opts.one_run_spread = spread;
			add_class(&d.ours, "r", KIND_READ, 0, 0, lognormal(&t, o, 0.3, 2000),
			    2000);
			add_class(&d.rival, "r", KIND_READ, 0, 0, lognormal(&t, r, 0.3, 2000),
			    2000);
			assert_int_equal(duel_rule(&d), 0);
			pass[spread] += ruling_of(&d, "p50 speedup") == RULING_PASS;
			duel_free(&d);
		}
		s ^= s << 13;
	}
	printf("  a rival 10x slower, runs spread 15%%: p50 >= 10x passes %zu of "
	    "%zu on sampling alone, %zu with the default spread\n", pass[0],
	    trials, pass[1]);
	assert_true(pass[0] > trials / 5);
	assert_true(pass[1] <= trials / 40);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rival_far_passes_near_is_open),
		cmocka_unit_test(test_baseline_near_is_open_far_fails),
		cmocka_unit_test(test_rival_at_the_limit_rarely_passes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
