/* SPDX-License-Identifier: MIT */
/*
 * The run's window (model/probe_window.c): the unit from rounds through a
 * run or the probe before it, the rounds' medians, and device flushes an
 * operation with other processes' rate taken off, or why there are none.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/err.h"
#include "model/probe_window.h"

static void
assert_near(double a, double b, double tol)
{
	if (fabs(a - b) > tol)
		fail_msg("%.17g is not %.17g", a, b);
}

static void
probe_with(struct probe_record *p, const double *pre, size_t npre)
{
	probe_record_init(p);
	p->samples_ns = xmalloc(npre * sizeof *p->samples_ns);
	memcpy(p->samples_ns, pre, npre * sizeof *pre);
	p->nsamples = npre;
	probe_record_summarize(p, 0.95);
}

static void
rounds_with(struct probe_record *p, const double *x, size_t n, long per)
{
	struct probe_series *s = &p->series;

	s->present = 1;
	s->samples_ns = xmalloc(n * sizeof *x);
	s->t_ns = xcalloc(n, sizeof *x);
	memcpy(s->samples_ns, x, n * sizeof *x);
	s->n = n;
	s->rounds.present = 1;
	s->rounds.per_round = per;
	s->rounds.count = (long)n / per;
	s->rounds.every_ns = 500e6;
	s->rounds.probing_s = 0.1;
	s->rounds.run_s = 10;
	probe_rounds_derive(&s->rounds);
	probe_series_summarize(s);
}

/* Without rounds the unit is the probe's median, with no band. */
static void
test_window_unit_before(void **state)
{
	static const double pre[3] = { 3, 1, 2 };
	struct probe_record p;
	struct window_unit u;

	(void)state;
	probe_with(&p, pre, 3);
	window_unit(&p, &u);
	assert_int_equal(u.from_rounds, 0);
	assert_near(u.ns, 2, 0);
	assert_true(isnan(u.lo_ns) && isnan(u.hi_ns));
	assert_int_equal(u.n, 3);
	assert_null(u.rounds);
	probe_record_free(&p);
}

/*
 * Rounds of fewer than WINDOW_MIN_SAMPLES samples in all cannot bound a
 * median: the probe before the run is the unit, and u says why; one
 * sample more and the rounds are.
 */
static void
test_window_unit_thin_rounds(void **state)
{
	static const double pre[3] = { 7, 8, 9 };
	static const double x[6] = { 1, 2, 3, 4, 5, 6 };
	struct probe_record p;
	struct window_unit u;

	(void)state;
	probe_with(&p, pre, 3);
	rounds_with(&p, x, WINDOW_MIN_SAMPLES - 1, WINDOW_MIN_SAMPLES - 1);
	window_unit(&p, &u);
	assert_int_equal(u.from_rounds, 0);
	assert_int_equal(u.thin, WINDOW_MIN_SAMPLES - 1);
	assert_int_equal(u.thin_rounds, 1);
	assert_near(u.ns, 8, 0);
	assert_true(isnan(u.lo_ns) && isnan(u.hi_ns));
	assert_null(u.rounds);
	probe_record_free(&p);

	probe_with(&p, pre, 3);
	rounds_with(&p, x, WINDOW_MIN_SAMPLES, 3);
	window_unit(&p, &u);
	assert_int_equal(u.from_rounds, 1);
	assert_int_equal(u.thin, 0);
	assert_true(u.ns < 7);
	probe_record_free(&p);
}

/*
 * With rounds, the median over every sample (not the median of medians)
 * and the band from the lowest to the highest round's median.
 */
static void
test_window_unit_rounds(void **state)
{
	static const double pre[1] = { 100 };
	/* rounds of 3: medians 2, 10 and 5; all nine: 1 2 3 4 5 6 9 10 11 */
	static const double x[9] = { 1, 2, 3, 9, 10, 11, 4, 5, 6 };
	struct probe_record p;
	struct window_unit u;

	(void)state;
	probe_with(&p, pre, 1);
	rounds_with(&p, x, 9, 3);
	window_unit(&p, &u);
	assert_int_equal(u.from_rounds, 1);
	assert_near(u.ns, 5, 0);
	assert_near(u.lo_ns, 2, 0);
	assert_near(u.hi_ns, 10, 0);
	assert_int_equal(u.n, 9);
	assert_near(u.rounds->cost, 0.01, 1e-15);
	probe_record_free(&p);
}

/* Rounds of two samples each from x, with ops[i] writes after round i. */
static void
rounds_ops(struct probe_record *p, const double *x, size_t n,
    const double *ops, size_t nrounds)
{
	static const double pre[1] = { 5 };

	probe_with(p, pre, 1);
	rounds_with(p, x, n, 2);
	p->series.rounds.ops = xmalloc(nrounds * sizeof *ops);
	memcpy(p->series.rounds.ops, ops, nrounds * sizeof *ops);
}

/*
 * Each round stands for half the writes on each side of it.  A disk fast
 * (1) at the first round and slow (10) at the next two, 900 writes
 * between the first and second rounds, 100 between the second and the
 * closing third: the fast round speaks for 450 writes, the slow ones for
 * 550, so the unit is slow.  Weighted by the writes after each round
 * alone, as the rule was, it would be fast (900 against 100).
 */
static void
test_window_unit_weighted(void **state)
{
	static const double x[6] = { 1, 1, 10, 10, 10, 10 };
	static const double ops[3] = { 900, 100, 0 };
	struct probe_record p;
	struct window_unit u;

	(void)state;
	rounds_ops(&p, x, 6, ops, 3);
	window_unit(&p, &u);
	assert_int_equal(u.weighted, 1);
	assert_near(u.ns, 10, 0);
	assert_near(u.lo_ns, 1, 0);
	assert_near(u.hi_ns, 10, 0);
	probe_record_free(&p);

	/* without ops, every sample counts once: four of six are slow */
	rounds_ops(&p, x, 6, ops, 3);
	free(p.series.rounds.ops);
	p.series.rounds.ops = NULL;
	window_unit(&p, &u);
	assert_int_equal(u.weighted, 0);
	assert_near(u.ns, 10, 0);
	probe_record_free(&p);
}

/*
 * A run with no closing round (a result written before there was one):
 * the last round speaks for every write after it as well as half of
 * those before.  Fast (1) at the last round, 100 writes before it and
 * 900 after: 950 of 1000 writes' weight is fast.
 */
static void
test_window_unit_weighted_open_end(void **state)
{
	static const double x[6] = { 10, 10, 10, 10, 1, 1 };
	static const double ops[3] = { 0, 100, 900 };
	struct probe_record p;
	struct window_unit u;

	(void)state;
	rounds_ops(&p, x, 6, ops, 3);
	window_unit(&p, &u);
	assert_near(u.ns, 1, 0);
	/* the first round had no write on either side: out of the band */
	assert_near(u.lo_ns, 1, 0);
	assert_near(u.hi_ns, 10, 0);
	probe_record_free(&p);
}

/*
 * Halves that tie: 500 writes between a fast round and a slow one, none
 * after, weigh 250 each; halfway between.  Rounds with no write on
 * either side (the last two, after the run's writes) are out of the band,
 * though they were the slowest.
 */
static void
test_window_unit_weighted_band(void **state)
{
	static const double x[8] = { 1, 1, 10, 10, 30, 30, 40, 40 };
	static const double ops[4] = { 500, 0, 0, 0 };
	struct probe_record p;
	struct window_unit u;

	(void)state;
	rounds_ops(&p, x, 8, ops, 4);
	window_unit(&p, &u);
	assert_near(u.ns, 5.5, 0);
	assert_near(u.lo_ns, 1, 0);
	assert_near(u.hi_ns, 10, 0);
	probe_record_free(&p);
}

/* The weighted median: ties at half, weights under 0 and none at all. */
static void
test_window_weighted_median(void **state)
{
	static const double x[4] = { 4, 1, 3, 2 };
	static const double even[4] = { 1, 1, 1, 1 };
	static const double skew[4] = { 0, 0, 5, 1 };
	static const double neg[4] = { -3, 0, 1, 0 };
	static const double zero[4] = { 0, 0, 0, 0 };

	(void)state;
	assert_near(window_weighted_median(x, even, 4), 2.5, 0);
	assert_near(window_weighted_median(x, skew, 4), 3, 0);
	assert_near(window_weighted_median(x, neg, 4), 3, 0);
	assert_true(isnan(window_weighted_median(x, zero, 4)));
	assert_true(isnan(window_weighted_median(x, zero, 0)));
}

/* A series without rounds (a watch's) leaves the unit to the probe. */
static void
test_window_unit_watch_series(void **state)
{
	static const double pre[1] = { 7 };
	static const double x[2] = { 1, 2 };
	struct probe_record p;
	struct window_unit u;

	(void)state;
	probe_with(&p, pre, 1);
	rounds_with(&p, x, 2, 1);
	p.series.rounds.present = 0;
	window_unit(&p, &u);
	assert_int_equal(u.from_rounds, 0);
	assert_near(u.ns, 7, 0);
	probe_record_free(&p);
}

/* A short last round is left out of the medians. */
static void
test_window_round_medians_partial(void **state)
{
	static const double x[7] = { 5, 1, 3, 8, 6, 7, 100 };
	double out[3];

	(void)state;
	assert_int_equal(window_round_medians(x, 7, 3, out), 2);
	assert_near(out[0], 3, 0);
	assert_near(out[1], 7, 0);
	assert_int_equal(window_round_medians(x, 7, 0, out), 0);
}

static void
count_of(struct window_count *c, struct window_flushes *d, double flushes,
    double idle)
{
	memset(c, 0, sizeof *c);
	d->flushes = flushes;
	d->idle_flushes = idle;
	d->dropped = NULL;
	c->ops = 2000;
	c->ops_s = 4;
	c->idle_s = 0.5;
	c->dev = d;
	c->ndev = 1;
}

/* LMDB's two flushes a commit, with no other process flushing. */
static void
test_window_per_op_quiet(void **state)
{
	struct window_count c;
	struct window_flushes d;
	struct window_per_op r;

	(void)state;
	count_of(&c, &d, 4070, 0);
	window_flushes_per_op(&c, &r);
	assert_near(r.per_op, 2.035, 1e-12);
	assert_near(r.other, 0, 0);
	assert_string_equal(r.why, "");
}

/*
 * Others' rate from the idle windows comes off: 10 in 0.5s is 80 over
 * the 4s the operations ran.
 */
static void
test_window_per_op_idle_corrected(void **state)
{
	struct window_count c;
	struct window_flushes d;
	struct window_per_op r;

	(void)state;
	count_of(&c, &d, 4080, 10);
	window_flushes_per_op(&c, &r);
	assert_near(r.other, 80, 1e-9);
	assert_near(r.per_op, 2, 1e-12);
}

/* At exactly a quarter of the count it stands; past it, none, and why. */
static void
test_window_per_op_busy_neighbour(void **state)
{
	struct window_count c;
	struct window_flushes d;
	struct window_per_op r;

	(void)state;
	count_of(&c, &d, 4000, 125);    /* others: 1000, a quarter of 4000 */
	window_flushes_per_op(&c, &r);
	assert_near(r.per_op, 1.5, 1e-12);
	count_of(&c, &d, 4000, 126);    /* others: 1008 */
	window_flushes_per_op(&c, &r);
	assert_true(isnan(r.per_op));
	assert_non_null(strstr(r.why, "more than a quarter"));
}

/*
 * Fewer flushes than operations (commits that do not flush): others'
 * share is of one flush an operation, so a count of 0 is 0, not a guess.
 */
static void
test_window_per_op_unflushed(void **state)
{
	struct window_count c;
	struct window_flushes d;
	struct window_per_op r;

	(void)state;
	count_of(&c, &d, 0, 2);         /* others: 16 over 2000 operations */
	window_flushes_per_op(&c, &r);
	assert_near(r.per_op, 0, 0);
	count_of(&c, &d, 100, 63);      /* others: 504, over a quarter of 2000 */
	window_flushes_per_op(&c, &r);
	assert_true(isnan(r.per_op));
}

/* A count dropped, no device, no operations: none, each with its reason. */
static void
test_window_per_op_none(void **state)
{
	struct window_count c;
	struct window_flushes d[2];
	struct window_per_op r;

	(void)state;
	count_of(&c, d, 4000, 0);
	d[1] = d[0];
	d[1].dropped = "its counter went backwards, from 9 to 2: the device was reset";
	c.ndev = 2;
	window_flushes_per_op(&c, &r);
	assert_true(isnan(r.per_op));
	assert_string_equal(r.why, d[1].dropped);

	count_of(&c, d, 4000, 0);
	c.ndev = 0;
	c.unavailable = "the volume (tmpfs) has no block device";
	window_flushes_per_op(&c, &r);
	assert_true(isnan(r.per_op));
	assert_string_equal(r.why, c.unavailable);

	count_of(&c, d, 4000, 0);
	c.ops = 0;
	window_flushes_per_op(&c, &r);
	assert_true(isnan(r.per_op));
	assert_string_equal(r.why, "no operations ran");
}

/* Over two disks (a mirror), the one that flushed most; never below zero. */
static void
test_window_per_op_two_disks(void **state)
{
	struct window_count c;
	struct window_flushes d[2];
	struct window_per_op r;

	(void)state;
	count_of(&c, d, 1000, 0);
	d[1] = d[0];
	d[1].flushes = 2000;
	c.ndev = 2;
	window_flushes_per_op(&c, &r);
	assert_int_equal(r.dev, 1);
	assert_near(r.per_op, 1, 1e-12);
	count_of(&c, d, 0, 0);
	window_flushes_per_op(&c, &r);
	assert_near(r.per_op, 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_window_unit_before),
		cmocka_unit_test(test_window_unit_rounds),
		cmocka_unit_test(test_window_unit_thin_rounds),
		cmocka_unit_test(test_window_unit_watch_series),
		cmocka_unit_test(test_window_unit_weighted),
		cmocka_unit_test(test_window_unit_weighted_open_end),
		cmocka_unit_test(test_window_unit_weighted_band),
		cmocka_unit_test(test_window_weighted_median),
		cmocka_unit_test(test_window_round_medians_partial),
		cmocka_unit_test(test_window_per_op_quiet),
		cmocka_unit_test(test_window_per_op_idle_corrected),
		cmocka_unit_test(test_window_per_op_busy_neighbour),
		cmocka_unit_test(test_window_per_op_unflushed),
		cmocka_unit_test(test_window_per_op_none),
		cmocka_unit_test(test_window_per_op_two_disks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
