/* SPDX-License-Identifier: MIT */
/*
 * Figures over whole runs: the estimate and its interval worked by hand,
 * unbounded ends, the runs a check would need, and the interval's
 * coverage by seeded simulation of runs that drift from one to the next;
 * and which runs may stand together as one side's set.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "model/runs.h"
#include "lib/stats.h"
#include "tests/testutil.h"

static void
test_runs_est_by_hand(void **state)
{
	double logs[] = { log(100), log(110), log(121) }, w[] = { 0, 0, 0 };
	struct runs_est e;

	(void)state;
	runs_est_init(&e, logs, w, NULL, 3);
	assert_int_equal(e.k, 3);
	assert_near(e.mean, log(110), 1e-12);
	/* the logs are log(110) - l, log(110), log(110) + l with l = log 1.1 */
	assert_near(e.between, log(1.1) * log(1.1), 1e-12);
	assert_near(e.var, e.between / 3, 1e-15);
	assert_near(e.df, 2, 0);
	assert_int_equal(e.open, 0);
}

/* Runs that agree by chance closer than their own sampling allows keep that floor. */
static void
test_runs_est_within_floor(void **state)
{
	double logs[] = { 1, 1.0001 }, w[] = { 0.01, 0.03 };
	struct runs_est e;

	(void)state;
	runs_est_init(&e, logs, w, NULL, 2);
	assert_near(e.within, 0.02, 1e-15);
	assert_near(e.var, 0.01, 1e-15);
}

static void
test_runs_one_run_and_prior(void **state)
{
	double logs[] = { 2 }, w[] = { 0.0004 };
	struct runs_est e;

	(void)state;
	runs_est_init(&e, logs, w, NULL, 1);
	assert_true(isnan(e.between));
	assert_near(e.var, 0.0004, 1e-15);
	assert_true(isinf(e.df));
	{
		struct runs_pool p = { 0, 0 };

		runs_est_share(&e, &p);         /* an empty pool changes nothing */
		assert_true(isinf(e.df));
		runs_pool_add(&p, 0.01, 9);
		runs_est_share(&e, &p);
		assert_near(e.var, 0.01, 1e-15);
		assert_near(e.df, 9, 0);
		assert_ptr_equal(e.pool, &p);
		/* pooled: 9 df at 0.01 and 3 at 0.03 give 12 df at 0.015 */
		runs_pool_add(&p, 0.03, 3);
		runs_est_share(&e, &p);
		assert_near(e.var, 0.015, 1e-15);
		assert_near(e.df, 12, 0);
	}
}

/*
 * A ratio: the difference of two sides' means, each side's spread its
 * own, with Banerjee's half-width: sqrt(t_2^2 va + t_4^2 vb), and the
 * degrees of freedom whose t gives it.
 */
static void
test_runs_combine_banerjee(void **state)
{
	double a[] = { 0, 0.2, 0.4 }, b[] = { 1, 1.1, 1.2, 1.3, 1.4 };
	double wa[] = { 0, 0, 0 }, wb[] = { 0, 0, 0, 0, 0 };
	struct runs_est ea, eb;
	struct runs_term t[2];
	struct runs_fig f;
	double va, vb, df, h;

	(void)state;
	runs_est_init(&ea, a, wa, NULL, 3);
	runs_est_init(&eb, b, wb, NULL, 5);
	t[0].e = &eb;
	t[0].sign = 1;
	t[1].e = &ea;
	t[1].sign = -1;
	runs_combine(t, 2, 0.95, &f);
	va = 0.04 / 3;
	vb = 0.025 / 5;
	h = sqrt(pow(stats_t_quantile(0.975, 2), 2) * va +
	    pow(stats_t_quantile(0.975, 4), 2) * vb);
	/* between the sides' own, and below Welch's (3.07 here), which errs */
	df = (va + vb) * (va + vb) / (va * va / 2 + vb * vb / 4);
	assert_true(f.df > 2 && f.df < 4 && f.df < df);
	assert_near(stats_t_quantile(0.975, f.df) * sqrt(va + vb), h, 1e-7);
	assert_near(f.log_v, 1.0, 1e-12);
	assert_near(f.lo, exp(1 - h), 1e-7);
	assert_near(f.hi, exp(1 + h), 1e-7);
}

/* A side unbounded above leaves a ratio unbounded on that side's sign. */
static void
test_runs_combine_open(void **state)
{
	double a[] = { 0, 0.1 }, b[] = { 1, 1.1 }, wa[] = { 0.001, NAN };
	double wb[] = { 0.001, 0.001 };
	int oa[] = { 0, RUNS_OPEN_HI };
	struct runs_est ea, eb;
	struct runs_term t[2];
	struct runs_fig f;

	(void)state;
	runs_est_init(&ea, a, wa, oa, 2);
	runs_est_init(&eb, b, wb, NULL, 2);
	assert_int_equal(ea.open, RUNS_OPEN_HI);
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

/*
 * Runs of several sessions: the spread within a session pooled, and the
 * shift between them by the method of moments, 0 where the sessions
 * differ no more than their runs do.
 */
static void
test_runs_between_sessions(void **state)
{
	double apart[] = { 0, 0.1, 1, 1.1 }, alike[] = { 0, 0.2, 0.1, 0.1, 0.05, 0.15 };
	size_t g2[] = { 0, 0, 1, 1 }, g3[] = { 0, 0, 1, 1, 2, 2 }, one[] = { 0, 0 };
	struct runs_sessions rs;

	(void)state;
	runs_between_sessions(apart, g2, 4, 2, &rs);
	assert_true(rs.have);
	assert_float_equal(rs.within_var, 0.005, 1e-12);
	assert_float_equal(rs.within_df, 2, 0);
	/* MS_b 1, n0 2: (1 - 0.005) / 2 */
	assert_float_equal(rs.session_var, 0.4975, 1e-12);
	assert_float_equal(rs.session_df, 1, 0);
	runs_between_sessions(alike, g3, 6, 3, &rs);
	assert_true(rs.have);
	assert_float_equal(rs.session_var, 0, 0);
	assert_float_equal(rs.session_df, 2, 0);
	/* one session, or no session of two runs: nothing measured */
	runs_between_sessions(apart, one, 2, 1, &rs);
	assert_false(rs.have);
	runs_between_sessions(apart, one, 2, 2, &rs);
	assert_false(rs.have);
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
	runs_est_init(&ea, a, w, NULL, 3);
	runs_est_init(&eb, b, w, NULL, 3);
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
 * latencies scaled by a lognormal effect of sd tau), each side its own
 * spread as in rival mode: at least 95% less the simulation's error with
 * the drift, and no less without it.  Over equal spreads it covers more
 * than 95% at few runs (99.7% at 3 a side), the price of Hsu's degrees
 * of freedom, which never cover less where the spreads differ.
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
		runs_est_init(&ea, la, wa, NULL, k);
		runs_est_init(&eb, lb, wb, NULL, k);
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
		assert_true(c >= 0.94 && c <= 0.999);
		c = coverage(ks[i], 0, 1500);
		print_message("runs %zu a side, no drift: coverage %.4f\n", ks[i], c);
		assert_true(c >= 0.94);
	}
}

#define ID_A "0123456789abcdef0123456789abcdef"
#define ID_B "fedcba9876543210fedcba9876543210"

/* A one-class result from file name, of session id (NULL: none), run of runs. */
static void
session_result(struct result *r, const char *name, const char *id, int run,
    int runs)
{
	char json[512], sess[160] = "", err[ERRLEN];
	cJSON *root;

	if (id != NULL)
		snprintf(sess, sizeof sess, ", \"session\": {\"id\": \"%s\", "
		    "\"run\": %d, \"runs\": %d}", id, run, runs);
	snprintf(json, sizeof json, "{\"format\": \"syncgate-result/1\", "
	    "\"engine\": \"e\", \"classes\": [{\"name\": \"read\", "
	    "\"kind\": \"read\", \"p50_ns\": 1000, \"p99_ns\": 3000}]%s}", sess);
	root = cJSON_Parse(json);
	assert_non_null(root);
	if (result_from_json(root, name, r, err) < 0)
		fail_msg("%s", err);
	cJSON_Delete(root);
}

struct set_case {
	const char *id[3];
	int run[3], runs[3];
	size_t n;
	const char *message;    /* NULL: the runs stand together */
};

static const struct set_case set_cases[] = {
	/* one session, whole */
	{ { ID_A, ID_A, ID_A }, { 1, 2, 3 }, { 3, 3, 3 }, 3, NULL },
	{ { ID_A, ID_A }, { 2, 1 }, { 2, 2 }, 2, NULL },
	/* older results: no session at all */
	{ { NULL, NULL, NULL }, { 0, 0, 0 }, { 0, 0, 0 }, 3, NULL },
	/* an interrupted set beside an earlier session's of the same names */
	{ { ID_B, ID_A, ID_A }, { 1, 2, 3 }, { 3, 3, 3 }, 3,
	  "r.2.json: is run 2 of 3 of session " ID_A ", but r.1.json is run 1 "
	  "of 3 of session " ID_B "; expected every run of ours from one "
	  "session, never two mixed" },
	/* an older result beside a session's */
	{ { ID_A, NULL }, { 1, 0 }, { 2, 0 }, 2,
	  "r.2.json: carries no session, but r.1.json is run 1 of 2 of session "
	  ID_A "; expected every run of ours from one session" },
	{ { NULL, ID_A }, { 0, 2 }, { 0, 2 }, 2,
	  "r.1.json: carries no session, but r.2.json is run 2 of 2 of session "
	  ID_A },
	/* a one-run invocation beside a set of several */
	{ { ID_B, ID_A }, { 1, 1 }, { 1, 2 }, 2,
	  "r.1.json: is run 1 of 1 of session " ID_B ", but r.2.json is run 1 "
	  "of 2 of session " ID_A },
	/* a copy of one run */
	{ { ID_A, ID_A, ID_A }, { 1, 1, 2 }, { 3, 3, 3 }, 3,
	  "r.1.json and r.2.json: both are run 1 of session " ID_A "; expected "
	  "each run of ours once" },
	/* part of one session's set, as an A/A test splits it */
	{ { ID_A, ID_A }, { 1, 2 }, { 3, 3 }, 2, NULL },
	{ { ID_A, ID_A }, { 3, 1 }, { 6, 6 }, 2, NULL },
	/* one-run invocations, each its own whole set, and older results */
	{ { ID_A, ID_B, NULL }, { 1, 1, 0 }, { 1, 1, 0 }, 3, NULL },
};

/*
 * A run of a set of several stands only with runs of its own session,
 * each once; one-run sessions and runs without a session pool freely.
 */
static void
test_runs_check_sessions(void **state)
{
	static const char *const files[] = { "r.1.json", "r.2.json", "r.3.json" };
	struct result r[3];
	const struct result *rp[3];
	char err[ERRLEN];
	size_t i, k;
	int rc;

	(void)state;
	for (i = 0; i < sizeof set_cases / sizeof set_cases[0]; i++) {
		const struct set_case *c = &set_cases[i];

		for (k = 0; k < c->n; k++) {
			session_result(&r[k], files[k], c->id[k], c->run[k], c->runs[k]);
			rp[k] = &r[k];
		}
		err[0] = '\0';
		rc = runs_check(rp, files, c->n, "ours", 0, err);
		if (c->message == NULL ? rc != 0 :
		    rc != -1 || strstr(err, c->message) == NULL)
			fail_msg("case %zu: %d, \"%s\"; want \"%s\"", i, rc, err,
			    c->message ? c->message : "");
		for (k = 0; k < c->n; k++)
			result_free(&r[k]);
	}
}

/* A session is read whole or refused by its field; absent, none. */
static void
test_runs_session_loads(void **state)
{
	static const struct {
		const char *session, *message;
	} cases[] = {
		{ "{\"id\": \"" ID_A "\", \"run\": 2, \"runs\": 3}", NULL },
		{ "{\"id\": \"" ID_A "0\", \"run\": 1, \"runs\": 3}",
		  "r.json: session.id is \"" ID_A "0\"; expected 32 lowercase "
		  "hexadecimal digits" },
		{ "{\"id\": \"0123456789ABCDEF0123456789ABCDEF\", \"run\": 1, "
		  "\"runs\": 3}", "session.id is" },
		{ "{\"id\": 7, \"run\": 1, \"runs\": 3}", "session.id is a number" },
		{ "{\"run\": 1, \"runs\": 3}", "session.id is missing" },
		{ "{\"id\": \"" ID_A "\", \"run\": 4, \"runs\": 3}",
		  "session.run is 4; expected a whole number from 1 to its runs, 3" },
		{ "{\"id\": \"" ID_A "\", \"run\": 0, \"runs\": 3}",
		  "session.run is 0" },
		{ "{\"id\": \"" ID_A "\", \"run\": 1.5, \"runs\": 3}",
		  "session.run is 1.5" },
		{ "{\"id\": \"" ID_A "\", \"run\": 1, \"runs\": 0}",
		  "session.runs is 0; expected a whole number from 1 to 1000000000" },
		{ "{\"id\": \"" ID_A "\", \"run\": 1}", "session.runs is missing" },
		{ "[]", "session is an array; expected an object" },
	};
	struct result r;
	char json[512], err[ERRLEN];
	size_t i;
	int rc;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cJSON *root;

		snprintf(json, sizeof json, "{\"format\": \"syncgate-result/1\", "
		    "\"engine\": \"e\", \"classes\": [{\"name\": \"read\", "
		    "\"kind\": \"read\", \"p50_ns\": 1000, \"p99_ns\": 3000}], "
		    "\"session\": %s}", cases[i].session);
		root = cJSON_Parse(json);
		assert_non_null(root);
		err[0] = '\0';
		rc = result_from_json(root, "r.json", &r, err);
		cJSON_Delete(root);
		if (cases[i].message == NULL ? rc != 0 :
		    rc != -1 || strstr(err, cases[i].message) == NULL)
			fail_msg("case %zu: %d, \"%s\"; want \"%s\"", i, rc, err,
			    cases[i].message ? cases[i].message : "");
		if (rc == 0) {
			assert_string_equal(r.session.id, ID_A);
			assert_int_equal(r.session.run, 2);
			assert_int_equal(r.session.runs, 3);
		}
		result_free(&r);
	}
	/* none: an older result */
	session_result(&r, "old.json", NULL, 0, 0);
	assert_false(session_present(&r.session));
	result_free(&r);
}

/* Fresh ids: 32 hexadecimal digits, two sessions never the same. */
static void
test_runs_session_new(void **state)
{
	struct result_session a, b;
	size_t i;

	(void)state;
	session_new(&a, 3);
	session_new(&b, 3);
	assert_int_equal(strlen(a.id), SESSION_ID_LEN);
	for (i = 0; i < SESSION_ID_LEN; i++)
		assert_non_null(strchr("0123456789abcdef", a.id[i]));
	assert_string_not_equal(a.id, b.id);
	assert_int_equal(a.runs, 3);
	assert_true(session_present(&a));
}

/*
 * A run's p99 over runs is nearly unbiased in logs whatever its sample
 * count: runs of 368 and of 2000 log-normal samples (log-sd 1.0, a heavy
 * tail) agree on average within 1% (0.55% here), where the result's own
 * type-7 p99 parts them by 4.7%.
 */
static void
test_runs_p99_unbiased_across_counts(void **state)
{
	static const size_t ns[2] = { 368, 2000 };
	double mean[2] = { 0, 0 }, t7[2] = { 0, 0 }, w;
	size_t r, k, i, runs = 1500;

	(void)state;
	rng_state = 99;
	for (k = 0; k < 2; k++)
		for (r = 0; r < runs; r++) {
			struct result_class c;
			double lv;

			memset(&c, 0, sizeof c);
			c.samples_ns = malloc(ns[k] * sizeof *c.samples_ns);
			for (i = 0; i < ns[k]; i++)
				c.samples_ns[i] = 1e5 * exp(normal());
			stats_sort(c.samples_ns, ns[k]);
			c.nsamples = ns[k];
			c.p50_ns = stats_quantile_sorted(c.samples_ns, ns[k], 0.5);
			c.p99_ns = stats_quantile_sorted(c.samples_ns, ns[k], 0.99);
			c.p50_lo_ns = c.p50_hi_ns = c.p99_lo_ns = c.p99_hi_ns = NAN;
			runs_class_log(&c, 0.99, 0.95, &lv, &w);
			mean[k] += lv / (double)runs;
			t7[k] += log(c.p99_ns) / (double)runs;
			free(c.samples_ns);
		}
	printf("  p99 over runs, 368 against 2000 samples a run: %.2f%% apart "
	    "(type 7: %.2f%%)\n", 100 * (exp(mean[1] - mean[0]) - 1),
	    100 * (exp(t7[1] - t7[0]) - 1));
	assert_true(fabs(mean[1] - mean[0]) < 0.01);
	assert_true(t7[1] - t7[0] > 0.03);
}

/*
 * A histogram's sampling within a run: 300 runs of 20,000 log-normal
 * latencies (median 5.5 us, log-sd 0.3) counted into microsecond rows
 * [k, k + 1] us.  The p50 point's spread from run to run is what each
 * run's within says (to 35%), where a row's width, (log 6/5)^2 / 12,
 * said hundreds of times more.
 */
static void
test_runs_histogram_within(void **state)
{
	enum { RUNS = 300, N = 20000, ROWS = 64 };
	double lv[RUNS], mean = 0, var = 0, within = 0, w;
	size_t r, i;

	(void)state;
	rng_state = 7;
	for (r = 0; r < RUNS; r++) {
		struct result_bucket rows[ROWS];
		struct result_class c;
		size_t nb = 0;

		memset(rows, 0, sizeof rows);
		for (i = 0; i < N; i++) {
			double us = 5.5 * exp(0.3 * normal());
			size_t k = us < 1 ? 0 : us >= ROWS ? ROWS - 1 : (size_t)us;

			rows[k].count++;
		}
		memset(&c, 0, sizeof c);
		c.buckets = malloc(ROWS * sizeof *c.buckets);
		for (i = 0; i < ROWS; i++)
			if (rows[i].count > 0)
				c.buckets[nb++] = (struct result_bucket){ 1000.0 * (double)i,
				    1000.0 * (double)(i + 1), rows[i].count };
		c.nbuckets = nb;
		c.count = N;
		result_buckets_quantile(c.buckets, nb, N, 0.5, &c.p50_lo_ns, &c.p50_hi_ns);
		c.p50_ns = result_buckets_point(c.buckets, nb, N, 0.5);
		c.p99_lo_ns = c.p99_hi_ns = NAN;
		assert_int_equal(runs_class_log(&c, 0.5, 0.95, &lv[r], &w), 0);
		within += w / RUNS;
		mean += lv[r] / RUNS;
		free(c.buckets);
	}
	for (r = 0; r < RUNS; r++)
		var += (lv[r] - mean) * (lv[r] - mean) / (RUNS - 1);
	printf("  histogram p50 over runs: spread %.3g, within %.3g, a row's "
	    "width %.3g\n", var, within, log(6.0 / 5) * log(6.0 / 5) / 12);
	assert_true(within > var / 1.35 && within < var * 1.35);
	assert_true(within * 20 < log(6.0 / 5) * log(6.0 / 5) / 12);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runs_est_by_hand),
		cmocka_unit_test(test_runs_est_within_floor),
		cmocka_unit_test(test_runs_one_run_and_prior),
		cmocka_unit_test(test_runs_combine_banerjee),
		cmocka_unit_test(test_runs_combine_open),
		cmocka_unit_test(test_runs_between_sessions),
		cmocka_unit_test(test_runs_p99_unbiased_across_counts),
		cmocka_unit_test(test_runs_histogram_within),
		cmocka_unit_test(test_runs_needed_grows_near_limit),
		cmocka_unit_test(test_runs_coverage_with_drift),
		cmocka_unit_test(test_runs_check_sessions),
		cmocka_unit_test(test_runs_session_loads),
		cmocka_unit_test(test_runs_session_new),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
