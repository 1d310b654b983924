/* SPDX-License-Identifier: MIT */
/*
 * Several runs a side (gate/sides.c): the spread between runs, a
 * runner's noise for a side of one, a fail held over one run, and
 * generated verdicts that load back.
 */
#include "gate/rules.h"
#include "report/words.h"
#include "tests/gatetest.h"
#include "tests/testutil.h"

/* Runs of one side: results and the side that names them. */
struct runs_side {
	struct result r[12];
	struct gate_run_in in[12];
	struct gate_side_in side;
	size_t k;
};

/*
 * k runs of a read class "r", each of n lognormal latencies whose median
 * is median times a run effect of sd tau on the log scale.
 */
static void
runs_side_init(struct runs_side *rs, unsigned long long *s, size_t k,
    double median, double tau, size_t n, const char *engine)
{
	size_t i;

	memset(rs, 0, sizeof *rs);
	rs->k = k;
	for (i = 0; i < k; i++) {
		double m = median * exp(tau * normal(s));

		new_result(&rs->r[i], engine);
		add_class(&rs->r[i], "r", KIND_READ, 0, 0, lognormal(s, m, 0.3, n), n);
		rs->in[i].r = &rs->r[i];
		rs->in[i].file = "run.json";
	}
	rs->side.r = &rs->r[0];
	rs->side.file = "run.json";
	rs->side.runs = rs->in;
	rs->side.nruns = k;
}

static void
runs_side_free(struct runs_side *rs)
{
	size_t i;

	for (i = 0; i < rs->k; i++)
		result_free(&rs->r[i]);
}

/* The ruling of runs a side against runs b in baseline mode at 5%. */
static enum ruling
runs_rule(struct runs_side *a, struct runs_side *b, struct gate_verdict *v)
{
	struct gate_opts o;
	char err[ERRLEN];
	enum ruling r;

	gate_opts_init(&o, MODE_BASELINE);
	/* the one-run sampling rule these tests rule on */
	o.one_run_spread = 0;
	/* both sides from one invocation, taken in turns */
	stamp_turns(a->r, gate_side_runs(&a->side), b->r, gate_side_runs(&b->side), 1);
	assert_int_equal(gate_rule(&a->side, &b->side, &o, v, err), 0);
	report_words(v);
	if (verdict_check(v, "v.json", err) < 0)
		fail_msg("the gate's own verdict is refused: %s", err);
	assert_loads_back(v, "runs");
	r = v->overall;
	return r;
}

/*
 * An A/A test over whole runs: three runs a side of one engine whose runs
 * drift by 10% fail the 5% regression gate about as often as the level
 * says (two checks, each wrong at most 2.5% of the time), where one run a
 * side ruled on its sampling alone failed most of them; a real 60%
 * slowdown fails nearly always.
 */
static void
test_gate_rule_runs_aa_and_power(void **state)
{
	unsigned long long s = 2024;
	struct runs_side a, b;
	struct gate_verdict v;
	int t, fails = 0, caught = 0, trials = 200;

	(void)state;
	for (t = 0; t < trials; t++) {
		runs_side_init(&a, &s, 3, 100000, 0.1, 400, "e");
		runs_side_init(&b, &s, 3, 100000, 0.1, 400, "e");
		fails += runs_rule(&a, &b, &v) == RULING_FAIL;
		assert_int_equal(v.scope, SCOPE_RUNS);
		verdict_free(&v);
		runs_side_free(&a);
		runs_side_free(&b);
		runs_side_init(&a, &s, 3, 160000, 0.1, 400, "e");
		runs_side_init(&b, &s, 3, 100000, 0.1, 400, "e");
		caught += runs_rule(&a, &b, &v) == RULING_FAIL;
		verdict_free(&v);
		runs_side_free(&a);
		runs_side_free(&b);
	}
	print_message("3 runs a side, drift 10%%: A/A fails %d of %d; 1.6x caught "
	    "%d of %d\n", fails, trials, caught, trials);
	assert_true(fails <= trials * 6 / 100);
	assert_true(caught >= trials * 80 / 100);
}

/* Over one run a side, baseline mode holds a fail indeterminate, and says why. */
static void
test_gate_rule_one_run_holds_fails(void **state)
{
	const struct verdict_check *c;
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		duel_init(&d, MODE_BASELINE);
		d.opts.single_run_ok = k;
		add_class(&d.ours, "r", KIND_READ, 2e6, 4e6, NULL, 0);
		add_class(&d.rival, "r", KIND_READ, 1e6, 2e6, NULL, 0);
		assert_int_equal(duel_rule(&d), 0);
		c = find_check(&d.v, "r", "p50 regression");
		assert_int_equal(d.v.scope, SCOPE_RUN);
		assert_int_equal(c->ruling, k ? RULING_FAIL : RULING_INDETERMINATE);
		assert_int_equal(c->held, !k);
		if (!k)
			assert_non_null(strstr(c->reason, ", over 5%; held indeterminate: "
			    "one run a side cannot tell"));
		assert_non_null(strstr(d.v.notes[0], "one run a side: each interval "
		    "covers that run's sampling only"));
		duel_free(&d);
	}
	/* against a rival the checks stand as ruled, with the note */
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "r", KIND_READ, 2e6, 4e6, NULL, 0);
	add_class(&d.rival, "r", KIND_READ, 1e6, 2e6, NULL, 0);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(find_check(&d.v, "r", "p50 speedup")->ruling, RULING_FAIL);
	duel_free(&d);
}

/* The runs of a side must be of one engine, workload and set of classes. */
static void
test_gate_side_check_refusals(void **state)
{
	unsigned long long s = 1;
	struct runs_side a;
	char err[ERRLEN];

	(void)state;
	runs_side_init(&a, &s, 3, 1e5, 0, 20, "e");
	a.in[1].file = "b.json";
	assert_int_equal(gate_side_check(&a.side, "--rival", err), 0);
	free(a.r[1].engine);
	a.r[1].engine = xstrdup("f");
	assert_int_equal(gate_side_check(&a.side, "--rival", err), -1);
	assert_string_equal(err, "b.json: engine is \"f\", but run.json's is \"e\"; "
	    "expected every run of --rival from one engine");
	free(a.r[1].engine);
	a.r[1].engine = xstrdup("e");
	free(a.r[1].workload);
	a.r[1].workload = NULL;
	assert_int_equal(gate_side_check(&a.side, "ours", err), -1);
	assert_string_equal(err, "b.json: workload is absent, but run.json's is "
	    "\"linkbench\"; expected every run of ours on one workload");
	a.r[1].workload = xstrdup("linkbench");
	free(a.r[1].classes[0].name);
	a.r[1].classes[0].name = xstrdup("q");
	assert_int_equal(gate_side_check(&a.side, "--baseline", err), -1);
	assert_string_equal(err, "b.json: has no class \"r\", which run.json ran; "
	    "expected the same classes in every run of --baseline");
	free(a.r[1].classes[0].name);
	a.r[1].classes[0].name = xstrdup("r");
	a.r[2].classes[0].kind = KIND_WRITE;
	a.in[2].file = "c.json";
	assert_int_equal(gate_side_check(&a.side, "ours", err), -1);
	assert_string_equal(err, "c.json: class \"r\" is a write, but in run.json it "
	    "is a read; expected the same kind in every run of ours");
	runs_side_free(&a);
}

/*
 * One run against several: the one run takes the other side's spread
 * between runs, and says so; with a noise file of its engine, the noise.
 */
static void
test_gate_rule_one_run_borrows_or_takes_noise(void **state)
{
	unsigned long long s = 77;
	struct runs_side a, b;
	struct gate_verdict v;
	struct gate_opts o;
	struct noise n;
	char err[ERRLEN];
	size_t i;
	int said = 0;

	(void)state;
	runs_side_init(&a, &s, 1, 1e5, 0.1, 400, "e");
	runs_side_init(&b, &s, 5, 1e5, 0.1, 400, "e");
	a.side.nruns = 1;
	runs_rule(&a, &b, &v);
	for (i = 0; i < v.nnotes; i++)
		said |= strstr(v.notes[i], "one engine on both sides: its spread "
		    "between runs is pooled over the runs of both, its degrees of "
		    "freedom counted once") != NULL;
	assert_true(said);
	assert_int_equal(v.scope, SCOPE_RUNS);
	verdict_free(&v);
	/* one run a side, with the runner's noise */
	memset(&n, 0, sizeof n);
	n.path = xstrdup("noise.json");
	n.engine = xstrdup("e");
	n.runs = 12;
	n.nclasses = 1;
	n.classes = xcalloc(1, sizeof *n.classes);
	n.classes[0].name = xstrdup("r");
	n.classes[0].stat[NOISE_P50].have = n.classes[0].stat[NOISE_P99].have = 1;
	n.classes[0].stat[NOISE_P50].log_sd = n.classes[0].stat[NOISE_P99].log_sd = 0.1;
	n.classes[0].stat[NOISE_P50].df = n.classes[0].stat[NOISE_P99].df = 11;
	b.side.nruns = 1;
	gate_opts_init(&o, MODE_BASELINE);
	/* the one-run sampling rule these tests rule on */
	o.one_run_spread = 0;
	o.noise = &n;
	stamp_turns(a.r, 1, b.r, 1, 2);
	assert_int_equal(gate_rule(&a.side, &b.side, &o, &v, err), 0);
	report_words(&v);
	assert_int_equal(v.scope, SCOPE_RUNS);
	assert_non_null(strstr(v.notes[0], "one run a side, with this runner's "
	    "run-to-run noise from --noise noise.json (12 runs of e)"));
	/* ten percent noise: a 5% limit cannot be settled by one run a side */
	assert_int_equal(find_check(&v, "r", "p50 regression")->ruling,
	    RULING_INDETERMINATE);
	assert_true(find_check(&v, "r", "p50 regression")->runs_needed >= 2);
	verdict_free(&v);
	noise_free(&n);
	runs_side_free(&a);
	runs_side_free(&b);
}

/* The round trip's generator: draws on a log scale, latencies a result may hold. */
static double
log_uniform(unsigned long long *s, double lo, double hi)
{
	return lo * pow(hi / lo, uniform(s));
}

static double
legal_ns(double x)
{
	return fmin(fmax(round(x), RESULT_MIN_NS), RESULT_MAX_NS);
}

/* One run's class about median: n lognormal samples, or p50 and p99 alone. */
static void
gen_class(struct result *r, unsigned long long *s, const char *name,
    enum class_kind kind, double median, size_t n, double flushes)
{
	double *x = NULL, p99 = legal_ns(median * log_uniform(s, 1, 1000));
	size_t i;

	if (n > 0) {
		x = xmalloc(n * sizeof *x);
		for (i = 0; i < n; i++)
			x[i] = legal_ns(median * exp(normal(s)));
		stats_sort(x, n);
	}
	add_class(r, name, kind, legal_ns(median), p99, x, n);
	r->classes[r->nclasses - 1].flushes_per_op = flushes;
}

/* The runs of one generated side. */
struct gen_side {
	struct result r[3];
	struct gate_run_in in[3];
	struct gate_side_in side;
	size_t k;
};

/*
 * k runs of engine, each of a read "r", a write "w" and, with extra, a
 * class "o" the other side lacks; run effects of sd spread on the log
 * scale; a probe on volume (NULL: unprobed) reaching the device or not;
 * flushes counted when flushes is not NaN.
 */
static void
gen_side(struct gen_side *g, unsigned long long *s, const char *engine,
    size_t k, double spread, const char *volume, int extra, double flushes)
{
	static const size_t counts[] = { 0, 0, 1, 2, 5, 30, 300 };
	double rm = log_uniform(s, 1, 1e10), wm = log_uniform(s, 10, 1e10);
	double pm = log_uniform(s, 100, 1e8);
	size_t n = counts[(size_t)(uniform(s) * 7)], i;
	enum reach reach = uniform(s) < 0.85 ? REACH_YES : REACH_NO;

	memset(g, 0, sizeof *g);
	g->k = k;
	for (i = 0; i < k; i++) {
		double e = exp(spread * normal(s));

		new_result(&g->r[i], engine);
		gen_class(&g->r[i], s, "r", KIND_READ, rm * e, n, NAN);
		gen_class(&g->r[i], s, "w", KIND_WRITE, wm * e, n,
		    isnan(flushes) ? NAN : fmin(flushes * e, 1e6));
		if (extra)
			gen_class(&g->r[i], s, "o", KIND_READ, rm, n, NAN);
		if (volume != NULL)
			g->r[i].probe = new_probe("host", volume, fmin(fmax(pm *
			    exp(spread * normal(s)), 100), 1e10), uniform(s) * 0.9, reach);
		g->in[i].r = &g->r[i];
		g->in[i].probe = g->r[i].probe;
		g->in[i].file = "run.json";
	}
	g->side.r = &g->r[0];
	g->side.probe = g->r[0].probe;
	g->side.file = "run.json";
	g->side.runs = k > 1 ? g->in : NULL;
	g->side.nruns = k > 1 ? k : 0;
}

static void
gen_side_free(struct gen_side *g)
{
	size_t i;

	for (i = 0; i < g->k; i++)
		result_free(&g->r[i]);
}

/* A noise file of engine for classes r, w and o, its spread drawn. */
static void
gen_noise(struct noise *n, unsigned long long *s, const char *engine)
{
	static const char *const names[] = { "r", "w", "o" };
	size_t i;
	int w;

	memset(n, 0, sizeof *n);
	n->path = xstrdup("noise.json");
	n->engine = xstrdup(engine);
	n->runs = 2 + (size_t)(uniform(s) * 10);
	n->concurrency = -1;
	n->confidence = 0.95;
	n->nclasses = 3;
	n->classes = xcalloc(3, sizeof *n->classes);
	for (i = 0; i < 3; i++) {
		n->classes[i].name = xstrdup(names[i]);
		n->classes[i].kind = i == 1 ? KIND_WRITE : KIND_READ;
		for (w = 0; w < NOISE_NSTATS; w++) {
			n->classes[i].stat[w].have = 1;
			n->classes[i].stat[w].log_sd = log_uniform(s, 1e-3, 5);
			n->classes[i].stat[w].df = (double)n->runs - 1;
		}
	}
}

/*
 * Over runs, a p99 that no run has samples enough to bound stays open
 * however many runs there are, and the reason says so; a p50 whose
 * interval only overflows (runs a day apart at 99.9%) is told the runs
 * it would need instead (fixtures/gate/runs-extreme).
 */
static void
test_gate_rule_runs_thin_p99_said(void **state)
{
	unsigned long long s = 31;
	struct runs_side a, b;
	struct gate_verdict v;
	const struct verdict_check *c;

	(void)state;
	runs_side_init(&a, &s, 3, 1e5, 0.1, 10, "e");
	runs_side_init(&b, &s, 3, 1e5, 0.1, 10, "e");
	runs_rule(&a, &b, &v);
	c = find_check(&v, "r", "p99 regression");
	assert_non_null(c);
	assert_int_equal(c->ruling, RULING_INDETERMINATE);
	assert_true(isinf(c->value.hi));
	assert_non_null(strstr(c->reason, "; a run of fewer than "));
	assert_non_null(strstr(c->reason, "has no 95% bound on p99, whatever the "
	    "number of runs"));
	c = find_check(&v, "r", "p50 regression");
	assert_non_null(c);
	assert_null(strstr(c->reason, "fewer than"));
	verdict_free(&v);
	runs_side_free(&a);
	runs_side_free(&b);
}

/*
 * Every verdict the gate writes is one report loads back: gates over
 * drawn sides (one to three runs a side, far apart or alike, with and
 * without samples, probes, flushes, a noise file, at thresholds and
 * confidences from one end of their range to the other) each go
 * through their JSON text and back.
 */
static void
test_gate_verdicts_load_back(void **state)
{
	static const double conf[] = { 0.6, 0.9, 0.95, 0.999 };
	static const double spreads[] = { 0, 0.01, 0.3, 2, 6 };
	unsigned long long s = 20;
	int t, trials = 600;

	(void)state;
	for (t = 0; t < trials; t++) {
		int base = uniform(&s) < 0.4, extra = uniform(&s) < 0.3;
		double spread = spreads[(size_t)(uniform(&s) * 5)];
		double fl = uniform(&s) < 0.3 ? log_uniform(&s, 0.5, 5) : NAN;
		const char *vo = uniform(&s) < 0.15 ? NULL : "v1";
		const char *vr = uniform(&s) < 0.15 ? NULL : uniform(&s) < 0.5 ? "v1" : "v2";
		size_t ko = 1 + (size_t)(uniform(&s) * 3), kr = 1 + (size_t)(uniform(&s) * 3);
		struct gen_side a, b;
		struct gate_opts o;
		struct gate_verdict v;
		struct noise n;
		int noisy = uniform(&s) < 0.3;
		char err[ERRLEN], what[160];

		gen_side(&a, &s, "zu", ko, spread, vo, extra, fl);
		gen_side(&b, &s, base ? "zu" : "ladybug", kr, spread, vr, 0,
		    uniform(&s) < 0.8 ? fl : NAN);
		gate_opts_init(&o, base ? MODE_BASELINE : MODE_RIVAL);
		o.confidence = conf[(size_t)(uniform(&s) * 4)];
		if (base) {
			o.max_regression = uniform(&s) < 0.2 ? 0 : uniform(&s) * 10;
			o.single_run_ok = uniform(&s) < 0.5;
		} else {
			o.read_speedup = log_uniform(&s, 0.01, 1e6);
			o.commit_syncs = log_uniform(&s, 0.01, 1e6);
		}
		o.same_host = uniform(&s) < 0.2;
		if (noisy) {
			gen_noise(&n, &s, uniform(&s) < 0.5 ? "zu" : b.r[0].engine);
			o.noise = &n;
		}
		snprintf(what, sizeof what, "trial %d (%s, %zu and %zu runs, spread %g, "
		    "confidence %g%s)", t, base ? "baseline" : "rival", ko, kr, spread,
		    o.confidence, noisy ? ", noise" : "");
		if (gate_rule(&a.side, &b.side, &o, &v, err) < 0)
			fail_msg("%s: %s", what, err);
		if (verdict_check(&v, "v.json", err) < 0)
			fail_msg("%s: the gate's own verdict is refused: %s", what, err);
		assert_loads_back(&v, what);
		verdict_free(&v);
		if (noisy)
			noise_free(&n);
		gen_side_free(&a);
		gen_side_free(&b);
	}
}

/*
 * A noise file of one side's engine is pooled with that side's runs,
 * however many, named in the verdict, and a note says how.
 */
static void
test_gate_rule_noise_pooled_said(void **state)
{
	unsigned long long s = 7;
	struct gen_side a, b;
	struct gate_opts o;
	struct gate_verdict v;
	struct noise n;
	char err[ERRLEN];
	size_t i, said = 0;

	(void)state;
	gen_side(&a, &s, "zu", 3, 0.1, "v1", 0, NAN);
	gen_side(&b, &s, "ladybug", 2, 0.1, "v1", 0, NAN);
	gen_noise(&n, &s, "zu");
	gate_opts_init(&o, MODE_RIVAL);
	/* the one-run sampling rule these tests rule on */
	o.one_run_spread = 0;
	o.noise = &n;
	stamp_turns(a.r, 1, b.r, 1, 2);
	assert_int_equal(gate_rule(&a.side, &b.side, &o, &v, err), 0);
	report_words(&v);
	assert_string_equal(v.noise_file, "noise.json");
	for (i = 0; i < v.nnotes; i++)
		said += strstr(v.notes[i], "zu's spread between runs pools its 3 "
		    "runs with the runner's noise from --noise noise.json") != NULL;
	assert_int_equal(said, 1);
	verdict_free(&v);
	/* one run of zu takes it */
	a.side.nruns = 0;
	a.side.runs = NULL;
	assert_int_equal(gate_rule(&a.side, &b.side, &o, &v, err), 0);
	report_words(&v);
	assert_string_equal(v.noise_file, "noise.json");
	for (i = 0; i < v.nnotes; i++)
		assert_null(strstr(v.notes[i], "pools its"));
	verdict_free(&v);
	noise_free(&n);
	gen_side_free(&a);
	gen_side_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gate_rule_runs_aa_and_power),
		cmocka_unit_test(test_gate_rule_one_run_holds_fails),
		cmocka_unit_test(test_gate_side_check_refusals),
		cmocka_unit_test(test_gate_rule_one_run_borrows_or_takes_noise),
		cmocka_unit_test(test_gate_rule_runs_thin_p99_said),
		cmocka_unit_test(test_gate_verdicts_load_back),
		cmocka_unit_test(test_gate_rule_noise_pooled_said),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
