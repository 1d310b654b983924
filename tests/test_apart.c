/* SPDX-License-Identifier: MIT */
/*
 * Sides from several sessions (gate/turns.c): the error at a limit,
 * simulated through the gate's own rules (gate_rule on results built in
 * memory), where the sides came apart and carry the default shift between
 * sessions, and where runs of one-run sessions took turns; what the
 * structure decides from sessions, times and hosts; and the rival's
 * sides of few runs and unequal spreads.  Each cell draws TRIALS
 * sequences of results with a fixed seed and counts how often a check
 * fails with the truth on its limit, promised at most 2.5% a side.
 *
 * Under the sanitizers an eighth of the trials (TEST_TRIALS), every bound
 * checked, the error's band widened to its 3 standard errors at 500
 * (0.4% to 4.6%): they run the same code to find what goes wrong in
 * memory, which the first trials find.  The plain build's 4000 give the
 * figures docs/result-format.md quotes.
 */
#include <stdint.h>

#include "gate/sequential.h"
#include "gate/turns.h"
#include "tests/gatetest.h"

#define TRIALS TEST_TRIALS(4000, 500)
/* 2.5% with a tolerance of 0.6 points, about 2.4 standard errors at 4000 */
#define LOW (TEST_SANITIZED ? 0.004 : 0.019)
#define HIGH (TEST_SANITIZED ? 0.046 : 0.031)
#define MAX_RUNS 8

/* A machine id that names a machine, for runs of one host. */
#define HOST_ID "0123456789abcdef"

/* The runs of one simulated gate, both sides. */
struct sim {
	struct result r[2][MAX_RUNS];
	struct gate_run_in in[2][MAX_RUNS];
	struct gate_side_in side[2];
	size_t k[2];
};

static void
sim_free(struct sim *m)
{
	size_t s, i;

	for (s = 0; s < 2; s++)
		for (i = 0; i < m->k[s]; i++)
			result_free(&m->r[s][i]);
}

/* Run i of side s: one read class "r", its p50 and p99 given as exp(l50), exp(l99). */
static void
sim_run(struct sim *m, size_t s, size_t i, double l50, double l99)
{
	struct result *r = &m->r[s][i];

	new_result(r, s == 0 ? "ours" : "rival");
	add_class(r, "r", KIND_READ, exp(l50), exp(l99), NULL, 0);
	r->host = xcalloc(1, sizeof *r->host);
	result_host_init(r->host);
	r->host->machine_id = xstrdup(HOST_ID);
	r->host->id_source = xstrdup("machine-id");
	m->in[s][i].r = r;
	m->in[s][i].file = s == 0 ? "ours.json" : "rival.json";
}

static void
sim_sides(struct sim *m)
{
	size_t s;

	for (s = 0; s < 2; s++) {
		m->side[s].r = &m->r[s][0];
		m->side[s].file = m->in[s][0].file;
		m->side[s].runs = m->in[s];
		m->side[s].nruns = m->k[s];
	}
}

/* How the sessions of a simulated gate are laid out. */
enum layout {
	APART,          /* each side one invocation of k runs, one after the other */
	TURNS,          /* one-run invocations, a1 b1 a2 b2 ... */
};

/*
 * Draws both sides: side s's true log figure mu[s] (p50; p99 the same
 * plus log 3), each session shifted by N(0, tau^2) (tau50 at p50, tau99
 * at p99), each run by N(0, sigma[s]^2) more; sessions laid out as l.
 */
static void
sim_draw(struct sim *m, enum layout l, size_t k, const double mu[2],
    const double sigma[2], double tau50, double tau99, unsigned long long *st)
{
	char id[SESSION_ID_LEN + 1];
	double u50 = 0, u99 = 0;
	size_t s, i;

	memset(m, 0, sizeof *m);
	m->k[0] = m->k[1] = k;
	for (s = 0; s < 2; s++)
		for (i = 0; i < k; i++) {
			if (l == TURNS || i == 0) {
				u50 = tau50 * normal(st);
				u99 = tau99 * normal(st);
			}
			sim_run(m, s, i, mu[s] + u50 + sigma[s] * normal(st),
			    mu[s] + log(3) + u99 + sigma[s] * normal(st));
			if (l == TURNS) {
				TEST_SESSION(id, 2 * i + s + 1);
				stamp_session(&m->r[s][i], id, 1, 1, 1);
				m->r[s][i].session.started_s = 1.8e9 + (double)(2 * i + s);
			} else {
				TEST_SESSION(id, s + 1);
				stamp_session(&m->r[s][i], id, (long long)i + 1, (long long)k,
				    (long long)i + 1);
				m->r[s][i].session.started_s = 1.8e9 + (double)(s * 100 + i);
			}
		}
	sim_sides(m);
}

/* The verdict's fails over the last fail_rate's trials. */
static int verdict_fails;

/* The share of TRIALS whose check stat of class "r" fails. */
static double
fail_rate(enum gate_mode mode, enum layout l, size_t k, const double mu[2],
    const double sigma[2], double tau50, double tau99, const char *stat,
    unsigned long long seed, enum verdict_apart *apart)
{
	unsigned long long st = seed;
	struct gate_opts o;
	struct gate_verdict v;
	struct sim m;
	char err[ERRLEN];
	int t, fails = 0;

	gate_opts_init(&o, mode);
	verdict_fails = 0;
	for (t = 0; t < TRIALS; t++) {
		sim_draw(&m, l, k, mu, sigma, tau50, tau99, &st);
		assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
		*apart = v.apart;
		fails += find_check(&v, "r", stat)->ruling == RULING_FAIL;
		verdict_fails += v.overall == RULING_FAIL;
		verdict_free(&v);
		sim_free(&m);
	}
	return (double)fails / TRIALS;
}

static void
assert_rate(double rate, const char *what)
{
	print_message("  %-58s one-sided error %.2f%%\n", what, 100 * rate);
	if (!(rate >= LOW && rate <= HIGH))
		fail_msg("%s: %.2f%%, expected %.1f%% to %.1f%%", what, 100 * rate,
		    100 * LOW, 100 * HIGH);
}

/*
 * Sides of two invocations (a committed baseline, two jobs), the shift
 * between their sessions drawn from the default the gate states: at the
 * limit a check fails about as often as promised, 3 and 5 runs a side,
 * in baseline mode (new 5% slower than the baseline, the limit) and in
 * rival mode (ours exactly 10x faster).
 */
static void
test_apart_error_at_limit(void **state)
{
	static const size_t ks[] = { 3, 5 };
	double base[2] = { log(1.05), 0 }, rival[2] = { 0, log(10) };
	double sigma[2] = { 0.05, 0.05 };
	enum verdict_apart a;
	char what[128];
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		snprintf(what, sizeof what, "baseline, apart, %zu runs a side, p50", ks[i]);
		assert_rate(fail_rate(MODE_BASELINE, APART, ks[i], base, sigma,
		    GATE_DEFAULT_SESSION_P50, GATE_DEFAULT_SESSION_P99,
		    "p50 regression", 11 + i, &a), what);
		assert_int_equal(a, APART_ONE_SIDED);
		snprintf(what, sizeof what, "baseline, apart, %zu runs a side, p99", ks[i]);
		assert_rate(fail_rate(MODE_BASELINE, APART, ks[i], base, sigma,
		    GATE_DEFAULT_SESSION_P50, GATE_DEFAULT_SESSION_P99,
		    "p99 regression", 13 + i, &a), what);
		snprintf(what, sizeof what, "rival, apart, %zu runs a side, p50", ks[i]);
		assert_rate(fail_rate(MODE_RIVAL, APART, ks[i], rival, sigma,
		    GATE_DEFAULT_SESSION_P50, GATE_DEFAULT_SESSION_P99,
		    "p50 speedup", 17 + i, &a), what);
		snprintf(what, sizeof what, "rival, apart, %zu runs a side, p99", ks[i]);
		assert_rate(fail_rate(MODE_RIVAL, APART, ks[i], rival, sigma,
		    GATE_DEFAULT_SESSION_P50, GATE_DEFAULT_SESSION_P99,
		    "p99 speedup", 19 + i, &a), what);
	}
}

/*
 * Where the shift between sessions is larger than the default the gate
 * states, the error at a limit grows past the promise (docs/result-
 * format.md, "Sides apart"): at twice the default, 3 runs a side.  And
 * the promise is per check: both checks on their limit, the verdict
 * fails when either does.
 */
static void
test_apart_shift_past_default(void **state)
{
	double base[2] = { log(1.05), 0 }, sigma[2] = { 0.05, 0.05 }, r;
	enum verdict_apart a;

	(void)state;
	r = fail_rate(MODE_BASELINE, APART, 3, base, sigma,
	    2 * GATE_DEFAULT_SESSION_P50, 2 * GATE_DEFAULT_SESSION_P99,
	    "p50 regression", 37, &a);
	print_message("  baseline, apart, 3 a side, shift twice the default: p50 "
	    "one-sided error %.2f%%, the verdict %.2f%%\n", 100 * r,
	    100.0 * verdict_fails / TRIALS);
	assert_true(r > HIGH);
	r = fail_rate(MODE_BASELINE, APART, 3, base, sigma,
	    GATE_DEFAULT_SESSION_P50, GATE_DEFAULT_SESSION_P99, "p50 regression",
	    39, &a);
	print_message("  baseline, apart, 3 a side, both checks on the limit: the "
	    "verdict fails %.2f%% (p50 %.2f%%)\n", 100.0 * verdict_fails / TRIALS,
	    100 * r);
	assert_true((double)verdict_fails / TRIALS > r);
}

/*
 * Results that record no session (imports, older files) are apart, so
 * the shift rides on them too: the new side 10% slower at a 5% limit,
 * its session 10% faster than the baseline's, once passed 14.6% of such
 * gates at 3 runs a side and 25.1% at 5 (they pooled freely); a pass is
 * now as rare as the promise allows.
 */
static void
test_apart_no_session_shifted(void **state)
{
	static const size_t ks[] = { 3, 5 };
	double mu[2] = { log(1.1) + log(0.9), 0 }, sigma[2] = { 0.05, 0.05 };
	unsigned long long st = 61;
	struct gate_opts o;
	struct gate_verdict v;
	struct sim m;
	char err[ERRLEN];
	size_t i, s, j;
	int t, passes;

	(void)state;
	gate_opts_init(&o, MODE_BASELINE);
	for (i = 0; i < 2; i++) {
		passes = 0;
		for (t = 0; t < 2000; t++) {
			sim_draw(&m, APART, ks[i], mu, sigma, 0, 0, &st);
			for (s = 0; s < 2; s++)
				for (j = 0; j < ks[i]; j++)
					memset(&m.r[s][j].session, 0, sizeof m.r[s][j].session);
			assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
			assert_int_equal(v.apart, APART_NO_SESSION);
			passes += find_check(&v, "r", "p50 regression")->ruling == RULING_PASS;
			verdict_free(&v);
			sim_free(&m);
		}
		print_message("  no sessions, 10%% slower, shifted 10%% its way, %zu a side: "
		    "p50 passes %.2f%%\n", ks[i], 100.0 * passes / 2000);
		assert_true(passes <= 2000 * 25 / 1000);
	}
}

/*
 * One-run invocations taken in turns (a1 b1 a2 b2 ...), each run its own
 * session shifted as above: they are one comparison, no term between
 * sessions, and err as runs of one session do.
 */
static void
test_turns_across_invocations(void **state)
{
	static const size_t ks[] = { 3, 5 };
	double base[2] = { log(1.05), 0 }, sigma[2] = { 0.05, 0.05 };
	enum verdict_apart a;
	char what[128];
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		snprintf(what, sizeof what, "baseline, one-run sessions in turns, %zu a "
		    "side, p50", ks[i]);
		assert_rate(fail_rate(MODE_BASELINE, TURNS, ks[i], base, sigma,
		    GATE_DEFAULT_SESSION_P50, GATE_DEFAULT_SESSION_P99,
		    "p50 regression", 23 + i, &a), what);
		assert_int_equal(a, APART_NONE);
		snprintf(what, sizeof what, "baseline, one-run sessions in turns, %zu a "
		    "side, p99", ks[i]);
		assert_rate(fail_rate(MODE_BASELINE, TURNS, ks[i], base, sigma,
		    GATE_DEFAULT_SESSION_P50, GATE_DEFAULT_SESSION_P99,
		    "p99 regression", 29 + i, &a), what);
	}
}

/*
 * Rival mode, 3 runs a side of one session, the rival's runs spread a
 * tenth as much as ours: Welch and Satterthwaite's degrees of freedom
 * erred 3.1% to 3.8% a side here; Banerjee's (Hsu's at equal runs) hold.
 */
static void
test_rival_unequal_spreads(void **state)
{
	double mu[2] = { 0, log(10) }, sigma[2][2] = { { 0.2, 0.02 }, { 0.02, 0.2 } };
	unsigned long long st = 41;
	struct gate_opts o;
	struct gate_verdict v;
	struct sim m;
	char err[ERRLEN];
	int t, w, fails;

	(void)state;
	gate_opts_init(&o, MODE_RIVAL);
	for (w = 0; w < 2; w++) {
		fails = 0;
		for (t = 0; t < TRIALS; t++) {
			sim_draw(&m, APART, 3, mu, sigma[w], 0, 0, &st);
			/* one session, taken in turns: no shift between sessions */
			stamp_turns(m.r[0], 3, m.r[1], 3, 7);
			assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
			assert_int_equal(v.apart, APART_NONE);
			fails += find_check(&v, "r", "p50 speedup")->ruling == RULING_FAIL;
			verdict_free(&v);
			sim_free(&m);
		}
		print_message("  rival, 3 runs a side, %s spread 10x the other's: "
		    "one-sided error %.2f%%\n", w ? "the rival's" : "ours",
		    100.0 * fails / TRIALS);
		assert_true((double)fails / TRIALS <= HIGH);
	}
}

/* A run as it was taken, for the structure's own cases. */
static struct verdict_run
taken(const char *id, long long run, long long runs, double t, const char *host)
{
	struct verdict_run r;

	memset(&r, 0, sizeof r);
	snprintf(r.session, sizeof r.session, "%s", id);
	r.run = run;
	r.runs = runs;
	r.order = run;
	r.started_s = t;
	r.host = (char *)(uintptr_t)host;
	return r;
}

#define S1 "11111111111111111111111111111111"
#define S2 "22222222222222222222222222222222"
#define S3 "33333333333333333333333333333333"
#define S4 "44444444444444444444444444444444"

/* What the sessions, times and hosts say, case by case. */
static void
test_structure_cases(void **state)
{
	struct verdict_run a[3], b[3];

	(void)state;
	/* one session in turns; then its runs one side after the other */
	a[0] = taken(S1, 1, 2, 10, NULL);
	a[1] = taken(S1, 2, 2, 30, NULL);
	b[0] = taken(S1, 1, 2, 20, NULL);
	b[1] = taken(S1, 2, 2, 40, NULL);
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_NONE);
	b[0].started_s = 50;
	b[1].started_s = 60;
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_NOT_INTERLEAVED);
	/* two invocations of two runs: apart whatever their times */
	b[0] = taken(S2, 1, 2, 20, NULL);
	b[1] = taken(S2, 2, 2, 40, NULL);
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_ONE_SIDED);
	/* one-run invocations in turns, on one host: one comparison */
	a[0] = taken(S1, 1, 1, 10, HOST_ID);
	b[0] = taken(S2, 1, 1, 20, HOST_ID);
	a[1] = taken(S3, 1, 1, 30, HOST_ID);
	b[1] = taken(S4, 1, 1, 40, HOST_ID);
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_NONE);
	/* the same without a host that names a machine, or on two */
	a[1].host = NULL;
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_HOSTS);
	a[1].host = (char *)(uintptr_t)"fedcba9876543210";
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_HOSTS);
	/* before and after: every run of one side first */
	a[1] = taken(S3, 1, 1, 15, HOST_ID);
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_NO_TURNS);
	/* one run a side from two sessions cannot alternate */
	assert_int_equal(gate_runs_apart(a, 1, b, 1), APART_NO_TURNS);
	/* a run that records no session: unknown */
	a[0].session[0] = '\0';
	assert_int_equal(gate_runs_apart(a, 2, b, 2), APART_NO_SESSION);
}

/* One-run invocations a b b a a b b a b a, on one host, pair by their times. */
static void
test_turns_pair_by_time(void **state)
{
	static const char order[] = "abbaabbaba";
	struct verdict_run a[5], b[5];
	size_t pa[5], pb[5], i, na = 0, nb = 0;
	char id[SESSION_ID_LEN + 1];

	(void)state;
	for (i = 0; i < 10; i++) {
		TEST_SESSION(id, i + 1);
		if (order[i] == 'a')
			a[na++] = taken(id, 1, 1, 100 + (double)i, HOST_ID);
		else
			b[nb++] = taken(id, 1, 1, 100 + (double)i, HOST_ID);
	}
	assert_int_equal(gate_runs_paired(a, b, 5, pa, pb), 1);
	for (i = 0; i < 5; i++) {
		assert_int_equal(pa[i], i);
		assert_int_equal(pb[i], i);
	}
	/* a first in every pair: not balanced, not paired */
	for (i = 0; i < 5; i++) {
		a[i].started_s = 200 + 2 * (double)i;
		b[i].started_s = 201 + 2 * (double)i;
	}
	assert_int_equal(gate_runs_paired(a, b, 5, pa, pb), 0);
}

/* Which ends side s's runs of class "r" leave open at quantile q, level c. */
static int
side_open(const struct sim *m, size_t s, double q, double c)
{
	size_t i, lo, hi;
	int open = 0;

	for (i = 0; i < m->k[s]; i++) {
		stats_order_bounds(m->r[s][i].classes[0].nsamples, q, (1 - c) / 2,
		    &lo, &hi);
		open |= (lo == 0 ? RUNS_OPEN_LO : 0) | (hi == 0 ? RUNS_OPEN_HI : 0);
	}
	return open;
}

/*
 * For any input, an end a side's own sampling cannot bound at the level
 * stays open in every check on it, whatever spread is added: the
 * default between runs, a noise record, the shift between sessions, or
 * none (--single-run-ok).  Generated: 1 to 4 runs a side of 1 to 600
 * samples, either mode, apart or in turns, each way of ruling.
 */
static void
test_open_ends_stay_open(void **state)
{
	unsigned long long st = 77;
	struct noise n;
	int t, checked = 0;

	(void)state;
	memset(&n, 0, sizeof n);
	n.path = xstrdup("noise.json");
	n.engine = xstrdup("ours");
	n.runs = 6;
	n.nclasses = 1;
	n.classes = xcalloc(1, sizeof *n.classes);
	n.classes[0].name = xstrdup("r");
	for (t = 0; t < NOISE_NSTATS; t++) {
		n.classes[0].stat[t].have = 1;
		n.classes[0].stat[t].log_sd = 0.1;
		n.classes[0].stat[t].df = 5;
	}
	for (t = 0; t < TEST_TRIALS(3000, 500); t++) {
		enum gate_mode mode = uniform(&st) < 0.5 ? MODE_RIVAL : MODE_BASELINE;
		int how = (int)(uniform(&st) * 4);
		struct gate_opts o;
		struct gate_verdict v;
		struct sim m;
		char err[ERRLEN], id[SESSION_ID_LEN + 1];
		size_t s, i, j;

		memset(&m, 0, sizeof m);
		for (s = 0; s < 2; s++) {
			m.k[s] = 1 + (size_t)(uniform(&st) * 4);
			for (i = 0; i < m.k[s]; i++) {
				/* thin runs often: a median of under 6, a p99 of under 368 */
				size_t ns = uniform(&st) < 0.5 ? 1 + (size_t)(uniform(&st) * 8) :
				    1 + (size_t)(uniform(&st) * 600);
				double med = 1e5 * exp(uniform(&st) - 0.5);

				new_result(&m.r[s][i], s == 0 ? "ours" : "rival");
				add_class(&m.r[s][i], "r", KIND_READ, 0, 0,
				    lognormal(&st, med, 0.3, ns), ns);
				m.in[s][i].r = &m.r[s][i];
				m.in[s][i].file = s == 0 ? "ours.json" : "rival.json";
				TEST_SESSION(id, uniform(&st) < 0.5 ? 1 : s + 2);
				stamp_session(&m.r[s][i], id, 0, 0, 0);
			}
		}
		for (s = 0; s < 2; s++)
			for (i = 0; i < m.k[s]; i++) {
				/* numbered within each session, so that each set is whole */
				size_t run = 1, runs = 0;

				for (j = 0; j < 2 * MAX_RUNS; j++) {
					size_t s2 = j / MAX_RUNS, i2 = j % MAX_RUNS;

					/* each side's engine numbers its own runs */
					if (i2 >= m.k[s2] || s2 != s ||
					    strcmp(m.r[s2][i2].session.id, m.r[s][i].session.id) != 0)
						continue;
					runs++;
					run += s2 < s || (s2 == s && i2 < i);
				}
				memcpy(id, m.r[s][i].session.id, sizeof id);
				stamp_session(&m.r[s][i], id, (long long)run, (long long)runs,
				    (long long)(s * MAX_RUNS + i + 1));
			}
		sim_sides(&m);
		gate_opts_init(&o, mode);
		o.single_run_ok = how == 1;
		o.noise = how == 2 ? &n : NULL;
		o.confidence = how == 3 ? 0.99 : 0.95;
		assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
		for (i = 0; i < v.nchecks; i++) {
			const struct verdict_check *c = &v.checks[i];
			double q = strncmp(c->statistic, "p99", 3) == 0 ? 0.99 : 0.5;
			int oo = side_open(&m, 0, q, o.confidence);
			int ro = side_open(&m, 1, q, o.confidence);
			/* a speedup is the rival's over ours; a regression ours over theirs */
			int open = mode == MODE_RIVAL ? ro | runs_open_flip(oo) :
			    oo | runs_open_flip(ro);

			if ((open & RUNS_OPEN_LO) && !(c->value.lo == 0 || isnan(c->value.lo)))
				fail_msg("case %d, %s: low end %g closed where the sampling "
				    "leaves it open", t, c->statistic, c->value.lo);
			if ((open & RUNS_OPEN_HI) && !(isinf(c->value.hi) ||
			    isnan(c->value.hi)))
				fail_msg("case %d, %s: high end %g closed where the sampling "
				    "leaves it open", t, c->statistic, c->value.hi);
			checked += open != 0;
		}
		verdict_free(&v);
		sim_free(&m);
	}
	print_message("  %d checks with an end the sampling leaves open, each open\n",
	    checked);
	/* about 1.8 checks a gate hold an open end: 5532 over 3000, 929 over 500 */
	assert_true(checked > TEST_TRIALS(1000, 600));
	noise_free(&n);
}

/* v through JSON, edited by edit, and read back as report reads it. */
static void
edited(const struct gate_verdict *v, void (*edit)(cJSON *), struct gate_verdict *w)
{
	cJSON *j = verdict_to_json(v), *t;
	char *text = cJSON_Print(j), err[ERRLEN];

	/* through its text, as a file is read */
	t = cJSON_Parse(text);
	assert_non_null(t);
	edit(t);
	if (verdict_from_json(t, "v.json", w, err) < 0)
		fail_msg("report refuses the edited verdict: %s", err);
	cJSON_Delete(t);
	cJSON_Delete(j);
	free(text);
}

/* Clears every check's "held" and removes the top-level keys of keys. */
static void
strip(cJSON *t, const char *const *keys)
{
	cJSON *c;

	for (; *keys != NULL; keys++)
		cJSON_DeleteItemFromObject(t, *keys);
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(t, "checks"))
		cJSON_ReplaceItemInObject(c, "held", cJSON_CreateFalse());
}

static void
strip_apart(cJSON *t)
{
	static const char *const keys[] = { "apart", "apart_why", NULL };

	strip(t, keys);
}

/* As a verdict of a syncgate before runs_taken: its shift unsaid too. */
static void
strip_taken(cJSON *t)
{
	static const char *const keys[] = { "apart", "apart_why", "session_shift",
		NULL };
	const char *side[2] = { "ours", "rival" };
	int k;

	strip(t, keys);
	for (k = 0; k < 2; k++)
		cJSON_DeleteItemFromObject(cJSON_GetObjectItem(t, side[k]), "runs_taken");
}

/*
 * report decides how the runs were taken again from the runs the verdict
 * saved, never from its flags: with "apart" removed and "held" cleared it
 * rules as the gate did (a 2x regression across invocations fails); a
 * verdict that saved no runs and no shift (as syncgate before them wrote
 * one) holds what its figures decide.
 */
static void
test_report_rederives_apart(void **state)
{
	double mu[2] = { log(2), 0 }, sigma[2] = { 0.05, 0.05 };
	unsigned long long st = 5;
	struct gate_opts o;
	struct gate_verdict v, w;
	struct sim m;
	char err[ERRLEN];

	(void)state;
	gate_opts_init(&o, MODE_BASELINE);
	sim_draw(&m, APART, 3, mu, sigma, 0, 0, &st);
	assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
	assert_int_equal(v.apart, APART_ONE_SIDED);
	assert_int_equal(v.shift, SHIFT_DEFAULT);
	assert_int_equal(find_check(&v, "r", "p50 regression")->ruling, RULING_FAIL);
	edited(&v, strip_apart, &w);
	assert_int_equal(w.apart, APART_ONE_SIDED);
	assert_int_equal(find_check(&w, "r", "p50 regression")->ruling, RULING_FAIL);
	assert_int_equal(w.overall, v.overall);
	verdict_free(&w);
	edited(&v, strip_taken, &w);
	assert_int_equal(w.apart, APART_NO_SESSION);
	assert_int_equal(find_check(&w, "r", "p50 regression")->ruling,
	    RULING_INDETERMINATE);
	assert_true(find_check(&w, "r", "p50 regression")->held);
	assert_int_not_equal(w.overall, RULING_FAIL);
	assert_int_not_equal(w.overall, RULING_PASS);
	verdict_free(&w);
	verdict_free(&v);
	sim_free(&m);
}

/*
 * A set taken until decided (--runs 3..6, baseline mode, the new side on
 * the 5% limit) and gated again later: its results carry the plan, so
 * the later gate rules at the level of the look its runs make and errs
 * as the sequence did; ruled at the plain 95% instead it errs more.
 */
static void
test_sequence_regated(void **state)
{
	double mu[2] = { log(1.05), 0 }, sigma[2] = { 0.05, 0.05 };
	unsigned long long st = 99;
	struct gate_opts o;
	struct gate_verdict v;
	struct gate_seq plan;
	struct sim m;
	struct gate_left left[GATE_MAX_LEFT];
	char err[ERRLEN];
	int t, fails = 0, plain = 0;

	(void)state;
	memset(&plan, 0, sizeof plan);
	plan.min = 3;
	plan.max = 6;
	plan.confidence = 0.95;
	gate_seq_plan(&plan, MODE_BASELINE);
	for (t = 0; t < TRIALS; t++) {
		long long n, look;
		size_t s, i;

		sim_draw(&m, APART, (size_t)plan.max, mu, sigma, 0, 0, &st);
		stamp_turns(m.r[0], (size_t)plan.max, m.r[1], (size_t)plan.max, 3);
		for (s = 0; s < 2; s++)
			for (i = 0; i < (size_t)plan.max; i++) {
				m.r[s][i].session.plan_min = plan.min;
				m.r[s][i].session.plan_max = plan.max;
				m.r[s][i].session.plan_confidence = plan.confidence;
			}
		for (n = plan.min; n <= plan.max; n++) {
			m.side[0].nruns = m.side[1].nruns = (size_t)n;
			gate_opts_init(&o, MODE_BASELINE);
			o.confidence = gate_seq_level(&plan, n);
			assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
			if (gate_seq_decided(&v) || n == plan.max)
				break;
			verdict_free(&v);
		}
		verdict_free(&v);
		/* the later gate: the set whole, at its look's level */
		assert_int_equal(gate_sides_whole(&m.side[0], &m.side[1], 0, left, err), 0);
		gate_opts_init(&o, MODE_BASELINE);
		o.confidence = gate_sides_level(&m.side[0], &m.side[1], MODE_BASELINE,
		    0.95, &look);
		assert_int_equal(look, n);
		assert_true(o.confidence == gate_seq_level(&plan, n));
		assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
		fails += find_check(&v, "r", "p50 regression")->ruling == RULING_FAIL;
		verdict_free(&v);
		o.confidence = 0.95;
		assert_int_equal(gate_rule(&m.side[0], &m.side[1], &o, &v, err), 0);
		plain += find_check(&v, "r", "p50 regression")->ruling == RULING_FAIL;
		verdict_free(&v);
		m.side[0].nruns = m.side[1].nruns = (size_t)plan.max;
		sim_free(&m);
	}
	print_message("  sequence 3..6 re-gated at 95%%: one-sided error %.2f%%\n",
	    100.0 * plain / TRIALS);
	assert_rate((double)fails / TRIALS, "sequence 3..6 re-gated at its look's level");
}

/* A part of a set is refused, naming the runs left out; --part-ok names them. */
static void
test_part_of_set(void **state)
{
	double mu[2] = { 0, 0 }, sigma[2] = { 0.05, 0.05 };
	unsigned long long st = 3;
	struct gate_left left[GATE_MAX_LEFT];
	struct sim m;
	char err[ERRLEN];

	(void)state;
	sim_draw(&m, APART, 4, mu, sigma, 0, 0, &st);
	assert_int_equal(gate_sides_whole(&m.side[0], &m.side[1], 0, left, err), 0);
	/* ours without its runs 3 and 4 */
	m.side[0].nruns = 2;
	assert_int_equal(gate_sides_whole(&m.side[0], &m.side[1], 0, left, err), -1);
	assert_non_null(strstr(err, "ours.json: is run 1 of 4 of session "));
	assert_non_null(strstr(err, "whose runs 3 to 4 of ours are not given"));
	assert_int_equal(gate_sides_whole(&m.side[0], &m.side[1], 1, left, err), 1);
	assert_string_equal(left[0].runs, "3 to 4");
	assert_string_equal(left[0].engine, "ours");
	assert_int_equal(left[0].of, 4);
	/* one set split between the sides (an A/A) is whole; a run on both is not */
	m.side[0].nruns = 4;
	memcpy(m.r[1][0].session.id, m.r[0][0].session.id, SESSION_ID_LEN);
	free(m.r[1][0].engine);
	m.r[1][0].engine = xstrdup("ours");
	assert_int_equal(gate_sides_whole(&m.side[0], &m.side[1], 1, left, err), -1);
	assert_non_null(strstr(err, "both are run 1 of session"));
	m.side[0].nruns = 4;
	sim_free(&m);
}

/*
 * --single-run-ok rules one run a side on its sampling alone: where runs
 * spread, its error at a limit is far past the promise (2000 samples a
 * run, the new side on the 5% limit, runs spread 5%, 15% and 25%).
 */
static void
test_single_run_ok_error(void **state)
{
	static const double spread[] = { 0.05, 0.15, 0.25 };
	unsigned long long st = 53;
	struct duel d;
	size_t i;
	/* the errors are 28% to 47%: 100 trials tell them from 4.6% too */
	int t, fails, trials = TEST_TRIALS(1000, 100);

	(void)state;
	for (i = 0; i < 3; i++) {
		fails = 0;
		for (t = 0; t < trials; t++) {
			duel_init(&d, MODE_BASELINE);
			add_class(&d.ours, "r", KIND_READ, 0, 0, lognormal(&st, 1.05e5 *
			    exp(spread[i] * normal(&st)), 0.3, 2000), 2000);
			add_class(&d.rival, "r", KIND_READ, 0, 0, lognormal(&st, 1e5 *
			    exp(spread[i] * normal(&st)), 0.3, 2000), 2000);
			d.opts.one_run_spread = 1;
			d.opts.single_run_ok = 1;
			assert_int_equal(duel_rule(&d), 0);
			fails += find_check(&d.v, "r", "p50 regression")->ruling ==
			    RULING_FAIL;
			duel_free(&d);
		}
		print_message("  --single-run-ok, runs spread %.0f%%: one-sided error "
		    "%.1f%%\n", 100 * spread[i], 100.0 * fails / trials);
		assert_true((double)fails / trials > HIGH);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_structure_cases),
		cmocka_unit_test(test_turns_pair_by_time),
		cmocka_unit_test(test_apart_error_at_limit),
		cmocka_unit_test(test_apart_shift_past_default),
		cmocka_unit_test(test_apart_no_session_shifted),
		cmocka_unit_test(test_turns_across_invocations),
		cmocka_unit_test(test_rival_unequal_spreads),
		cmocka_unit_test(test_open_ends_stay_open),
		cmocka_unit_test(test_report_rederives_apart),
		cmocka_unit_test(test_sequence_regated),
		cmocka_unit_test(test_part_of_set),
		cmocka_unit_test(test_single_run_ok_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
