/* SPDX-License-Identifier: MIT */
/*
 * The gate's rules (gate/rules.c, checks.c, match.c): rulings that
 * settle as samples grow, classes matched by name, figures on their
 * limits, baseline mode, and names that print alike.
 */
#include "gate/rules.h"
#include "lib/units.h"
#include "report/words.h"
#include "tests/gatetest.h"
#include "tests/testutil.h"
#include "gate/match.h"

/*
 * A speedup of 12x held to 10x: too close to call on 60 samples a side,
 * and settled with a few times the count the first verdict estimated (the
 * estimate assumes the point holds and the interval narrows as the square
 * root of the count; at small counts both wander).
 */
static void
test_gate_rule_settles_as_samples_grow(void **state)
{
	unsigned long long s = 99;
	const struct verdict_check *c;
	long long need;
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "read", KIND_READ, 0, 0, lognormal(&s, 50000, 0.5, 60), 60);
	add_class(&d.rival, "read", KIND_READ, 0, 0, lognormal(&s, 600000, 0.5, 60), 60);
	assert_int_equal(duel_rule(&d), 0);
	c = find_check(&d.v, "read", "p50 speedup");
	assert_non_null(c);
	assert_int_equal(c->ruling, RULING_INDETERMINATE);
	need = c->samples_needed;
	assert_true(need > 60 && need < 100000);
	assert_non_null(strstr(c->reason, "samples a side would settle it"));
	duel_free(&d);

	duel_init(&d, MODE_RIVAL);
	need *= 4;
	add_class(&d.ours, "read", KIND_READ, 0, 0,
	    lognormal(&s, 50000, 0.5, (size_t)need), (size_t)need);
	add_class(&d.rival, "read", KIND_READ, 0, 0,
	    lognormal(&s, 600000, 0.5, (size_t)need), (size_t)need);
	assert_int_equal(duel_rule(&d), 0);
	c = find_check(&d.v, "read", "p50 speedup");
	assert_int_equal(c->ruling, RULING_PASS);
	duel_free(&d);
}

static void
test_gate_rule_kind_mismatch(void **state)
{
	char err[ERRLEN];
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "x", KIND_READ, 50e3, 150e3, NULL, 0);
	add_class(&d.rival, "x", KIND_WRITE, 9e5, 3e6, NULL, 0);
	assert_int_equal(gate_rule(&d.in_ours, &d.in_rival, &d.opts, &d.v, err), -1);
	assert_string_equal(err, "ladybug.json: classes[0] \"x\" is a write, but in "
	    "zu.json it is a read; expected the same kind on both sides");
	duel_free(&d);
}

/* One side only: listed, never ruled; nothing in common: not ruled at all. */
static void
test_gate_rule_one_side_only(void **state)
{
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "a", KIND_READ, 50e3, 150e3, NULL, 0);
	add_class(&d.rival, "lb-delete-node", KIND_WRITE, 9e5, 3e6, NULL, 0);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(d.v.nrows, 0);
	assert_int_equal(d.v.nunmatched, 2);
	assert_string_equal(d.v.unmatched[1].reason,
	    "ladybug ran lb-delete-node; zu did not");
	assert_int_equal(d.v.overall, RULING_NOT_RULED);
	assert_int_equal(d.v.nchecks, 0);
	duel_free(&d);
}

/*
 * Matching by name whatever the two files' orders: rows in our order,
 * then our classes the rival lacks, then the rival's we lack; the note
 * listing the classes without samples holds every name, uncut.  That the
 * matching stays linear is timed in make bench (10 000 classes a side).
 */
static void
test_gate_rule_matches_many_by_name(void **state)
{
	size_t n = 2000, i, k;
	char name[32];
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	for (i = 0; i < n; i++) {
		/* ours: c0..c(n-1) and o-i; the rival's: backwards, and r-i */
		snprintf(name, sizeof name, "c%zu", i);
		add_class(&d.ours, name, KIND_READ, 1e3, 2e3, NULL, 0);
		snprintf(name, sizeof name, "c%zu", n - 1 - i);
		add_class(&d.rival, name, KIND_READ, 1e5, 2e5, NULL, 0);
		if (i % 1000 == 0) {
			snprintf(name, sizeof name, "o-%zu", i);
			add_class(&d.ours, name, KIND_WRITE, 1e6, 2e6, NULL, 0);
			snprintf(name, sizeof name, "r-%zu", i);
			add_class(&d.rival, name, KIND_WRITE, 1e6, 2e6, NULL, 0);
		}
	}
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(d.v.nrows, n);
	for (i = 0; i < n; i += 997) {
		snprintf(name, sizeof name, "c%zu", i);
		assert_string_equal(d.v.rows[i].name, name);
		assert_near(d.v.rows[i].ratio_p50.v, 100, 1e-9);
	}
	assert_int_equal(d.v.nunmatched, 2 * n / 1000);
	for (k = 0; k < n / 1000; k++) {
		snprintf(name, sizeof name, "o-%zu", k * 1000);
		assert_string_equal(d.v.unmatched[k].name, name);
		assert_true(d.v.unmatched[k].ours);
		snprintf(name, sizeof name, "r-%zu", k * 1000);
		assert_string_equal(d.v.unmatched[n / 1000 + k].name, name);
		assert_false(d.v.unmatched[n / 1000 + k].ours);
	}
	assert_int_equal(d.v.reads.ruling, RULING_PASS);
	for (k = 0; k < d.v.nnotes && strstr(d.v.notes[k], "c0, c1, c2") == NULL; k++)
		;
	assert_true(k < d.v.nnotes);
	assert_non_null(strstr(d.v.notes[k], ", c1999: neither side gave samples"));
	duel_free(&d);
}

/*
 * An interval whose end sits exactly on the limit is wholly on the passing
 * side (a point on the limit passes); a hair past it is not.
 */
static void
test_gate_rule_interval_on_limit(void **state)
{
	double lo[2] = { 1e6, 999999 };
	enum ruling want[2] = { RULING_PASS, RULING_INDETERMINATE };
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "r", KIND_READ, 1e5, 1e5, NULL, 0);
		add_class(&d.rival, "r", KIND_READ, 1.5e6, 2e6, NULL, 0);
		d.rival.classes[0].p50_lo_ns = lo[k];
		d.rival.classes[0].p50_hi_ns = 2e6;
		assert_int_equal(duel_rule(&d), 0);
		assert_near(find_check(&d.v, "r", "p50 speedup")->value.lo, lo[k] / 1e5, 0);
		assert_int_equal(find_check(&d.v, "r", "p50 speedup")->ruling, want[k]);
		duel_free(&d);
	}
	/* at most: the ceiling of 2 syncs against a p50 of 1.5 to 2 syncs */
	for (k = 0; k < 2; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "w", KIND_WRITE, 5e6, 9e6, NULL, 0);
		add_class(&d.rival, "w", KIND_WRITE, 9e6, 15e6, NULL, 0);
		d.ours.classes[0].p50_lo_ns = 3e6;
		d.ours.classes[0].p50_hi_ns = k ? 4000001 : 4e6;
		d.ours.classes[0].p50_ns = 3.5e6;
		d.ours.probe = new_probe("h", "v", 2e6, 0, REACH_YES);
		d.rival.probe = new_probe("h", "v", 2e6, 0, REACH_YES);
		assert_int_equal(duel_rule(&d), 0);
		assert_near(find_check(&d.v, "w", "p50 syncs")->value.hi, k ? 2.0000005 : 2,
		    1e-12);
		assert_int_equal(find_check(&d.v, "w", "p50 syncs")->ruling,
		    k ? RULING_INDETERMINATE : RULING_PASS);
		duel_free(&d);
	}
}

/* A point exactly on the limit passes; just under fails. */
static void
test_gate_rule_limit_boundary(void **state)
{
	double rival[2] = { 1e6, 999999 };
	enum ruling want[2] = { RULING_PASS, RULING_FAIL };
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "r", KIND_READ, 1e5, 1e5, NULL, 0);
		add_class(&d.rival, "r", KIND_READ, rival[k], 1e6, NULL, 0);
		assert_int_equal(duel_rule(&d), 0);
		assert_int_equal(find_check(&d.v, "r", "p50 speedup")->ruling, want[k]);
		duel_free(&d);
	}
}

/*
 * Exact ties, walked over the whole range of a threshold.  A tie is built
 * from whole nanoseconds, so its quotient is exact in decimal; the
 * threshold is parsed as the command line parses it.  Each case rules its
 * p50 and p99 checks (points) and, with a range on one side whose end
 * sits on the limit, the interval rule.
 */
struct tie {
	enum gate_mode mode;
	enum class_kind kind;
	double ours, rival;         /* p50 = p99, ns */
	double ours_unit, rival_unit;   /* 0: unprobed (reads) */
	int range;                  /* 1: ours' p50 in [ours / 2, ours]; 2: rival's in [rival, 2 rival] */
};

/* Misruled ties printed so far: the first few say enough. */
static int tie_shown;

/*
 * Whether the ties at k (1 to 999: k% or k / 100) also go through JSON and
 * back, as duel_rule takes every other verdict: the ends of the range,
 * those about 1 (100%, 1x, one sync) and every seventh, which meets every
 * last digit and every hundredth.  The round trip is nine tenths of a
 * tie's cost; each tie is still ruled, and its verdict checked, at every k.
 */
static int
tie_round_trip(int k)
{
	return k <= 12 || k >= 988 || (k >= 95 && k <= 105) || k % 7 == 0;
}

/*
 * Whether the ties at k are ruled at all: at every k in the plain build,
 * at those of the round trip under the sanitizers, which look for what
 * goes wrong in memory (the same code at every k) at five times the cost.
 */
static int
tie_ruled(int k)
{
	return !TEST_SANITIZED || tie_round_trip(k);
}

/*
 * The number of checks of the tie not ruled want, the first few printed;
 * with round_trip, the verdict is rendered, parsed and loaded back too.
 */
static int
tie_rule(const struct tie *t, const struct gate_opts *o, enum ruling want,
    const char *what, int round_trip)
{
	struct duel d;
	char err[ERRLEN];
	size_t i;
	int bad = 0;

	duel_init(&d, t->mode);
	d.opts = *o;
	add_class(&d.ours, "c", t->kind, t->ours, t->ours, NULL, 0);
	add_class(&d.rival, "c", t->kind, t->rival, t->rival, NULL, 0);
	if (t->range == 1) {
		d.ours.classes[0].p50_lo_ns = t->ours / 2;
		d.ours.classes[0].p50_hi_ns = t->ours;
		d.ours.classes[0].p50_ns = t->ours * 0.75;
	} else if (t->range == 2) {
		d.rival.classes[0].p50_lo_ns = t->rival;
		d.rival.classes[0].p50_hi_ns = t->rival * 2;
		d.rival.classes[0].p50_ns = t->rival * 1.5;
	}
	if (t->ours_unit > 0) {
		d.ours.probe = new_probe("h", "v", t->ours_unit, 0, REACH_YES);
		d.rival.probe = new_probe("h", t->ours_unit == t->rival_unit ? "v" : "w",
		    t->rival_unit, 0, REACH_YES);
	}
	if (round_trip) {
		assert_int_equal(duel_rule(&d), 0);
	} else {
		d.in_ours.probe = d.ours.probe;
		d.in_rival.probe = d.rival.probe;
		assert_int_equal(gate_rule(&d.in_ours, &d.in_rival, &d.opts, &d.v, err), 0);
		report_words(&d.v);
		if (verdict_check(&d.v, "v.json", err) < 0)
			fail_msg("%s: the gate's own verdict is refused: %s", what, err);
	}
	assert_true(d.v.nchecks >= 2);
	for (i = 0; i < d.v.nchecks; i++) {
		const struct verdict_check *c = &d.v.checks[i];

		if (c->ruling == want)
			continue;
		bad++;
		if (tie_shown++ < 6)
			print_message("%s: %s %s %.17g against %.17g\n", what,
			    c->statistic, ruling_name(c->ruling), c->value.v, c->limit);
	}
	duel_free(&d);
	return bad;
}

/* A class exactly p% slower than the baseline, p = 1% to 999%: never over it. */
static void
test_gate_rule_tie_regression(void **state)
{
	static const struct tie base[] = {
		{ MODE_BASELINE, KIND_READ, 0, 1000, 0, 0, 0 },
		{ MODE_BASELINE, KIND_READ, 0, 300, 0, 0, 0 },
		{ MODE_BASELINE, KIND_READ, 0, 33000000, 0, 0, 0 },
		{ MODE_BASELINE, KIND_READ, 0, 7700, 0, 0, 1 },
		{ MODE_BASELINE, KIND_WRITE, 0, 4400000, 1100000, 1100000, 0 },
		{ MODE_BASELINE, KIND_WRITE, 0, 3300000, 1100000, 3300000, 0 },
		{ MODE_BASELINE, KIND_WRITE, 0, 6300, 700, 2100, 1 },
	};
	struct gate_opts o;
	char pct[16], err[ERRLEN], what[64];
	size_t i;
	int p, bad = 0;

	(void)state;
	tie_shown = 0;
	gate_opts_init(&o, MODE_BASELINE);
	/* the one-run sampling rule these tests rule on */
	o.one_run_spread = 0;
	/* what the ties rule on is the limit, not one run's noise */
	o.single_run_ok = 1;
	for (p = 1; p <= 999; p++) {
		if (!tie_ruled(p))
			continue;
		snprintf(pct, sizeof pct, "%d%%", p);
		assert_int_equal(units_parse_percent(pct, 0, 10, &o.max_regression,
		    "--max-regression", err), 0);
		for (i = 0; i < sizeof base / sizeof base[0]; i++) {
			struct tie t = base[i];
			double syncs = t.rival / (t.rival_unit > 0 ? t.rival_unit : 1);

			/* the new run's syncs (or ns) are the baseline's times (100 + p) / 100 */
			t.ours = syncs * (100 + p) * (t.ours_unit > 0 ? t.ours_unit : 1) / 100;
			assert_true(t.ours == floor(t.ours));
			snprintf(what, sizeof what, "%s, case %zu", pct, i);
			bad += tie_rule(&t, &o, RULING_PASS, what, tie_round_trip(p));
			/* a nanosecond more is over the limit, in every case */
			t.ours += 1;
			t.range = 0;
			bad += tie_rule(&t, &o, RULING_FAIL, what, tie_round_trip(p));
		}
	}
	assert_int_equal(bad, 0);
}

/*
 * Reads exactly X times faster, and commits of exactly N syncs (shared
 * and per-volume units), for X and N from 0.01 to 9.99: at the limit.
 */
static void
test_gate_rule_tie_speedup_and_ceiling(void **state)
{
	static const struct tie base[] = {
		{ MODE_RIVAL, KIND_READ, 100, 0, 0, 0, 0 },
		{ MODE_RIVAL, KIND_READ, 3700, 0, 0, 0, 0 },
		{ MODE_RIVAL, KIND_READ, 1100000, 0, 0, 0, 1 },
		{ MODE_RIVAL, KIND_WRITE, 0, 0, 1100000, 1100000, 0 },
		{ MODE_RIVAL, KIND_WRITE, 0, 0, 1100000, 3300000, 0 },
		{ MODE_RIVAL, KIND_WRITE, 0, 0, 700, 2100, 1 },
	};
	struct gate_opts o;
	char x[16], err[ERRLEN], what[64];
	size_t i;
	int k, bad = 0;

	(void)state;
	tie_shown = 0;
	gate_opts_init(&o, MODE_RIVAL);
	/* the one-run sampling rule these tests rule on */
	o.one_run_spread = 0;
	for (k = 1; k <= 999; k++) {
		if (!tie_ruled(k))
			continue;
		snprintf(x, sizeof x, "%d.%02d", k / 100, k % 100);
		assert_int_equal(units_parse_real(x, 0.01, 1e6, &o.read_speedup,
		    "--read-speedup", err), 0);
		o.commit_syncs = o.read_speedup;
		for (i = 0; i < sizeof base / sizeof base[0]; i++) {
			struct tie t = base[i];

			if (t.kind == KIND_READ)
				t.rival = t.ours * k / 100;
			else {
				/* both sides exactly k / 100 syncs, each in its own unit */
				t.ours = t.ours_unit * k / 100;
				t.rival = t.rival_unit * k / 100;
			}
			assert_true(t.ours == floor(t.ours) && t.rival == floor(t.rival));
			snprintf(what, sizeof what, "%s, case %zu", x, i);
			bad += tie_rule(&t, &o, RULING_PASS, what, tie_round_trip(k));
		}
	}
	assert_int_equal(bad, 0);
}

/*
 * Both sides exactly as many syncs, each in its own unit: "no more syncs
 * than the rival" holds, on points and on a rival range starting there.
 */
static void
test_gate_rule_tie_vs_rival(void **state)
{
	static const double units[][2] = { { 1100000, 3300000 }, { 700, 2100 },
		{ 3000000, 7000000 }, { 2200000, 2200000 } };
	struct gate_opts o;
	char what[64];
	size_t i;
	int k, r, bad = 0;

	(void)state;
	tie_shown = 0;
	gate_opts_init(&o, MODE_RIVAL);
	/* the one-run sampling rule these tests rule on */
	o.one_run_spread = 0;
	o.commit_syncs = 1e6;   /* only the checks against the rival can fail */
	for (k = 1; k <= 999; k++)
		for (i = 0; i < sizeof units / sizeof units[0] && tie_ruled(k); i++)
			for (r = 0; r < 3; r += 2) {
				struct tie t = { MODE_RIVAL, KIND_WRITE, units[i][0] * k / 100,
					units[i][1] * k / 100, units[i][0], units[i][1], r };

				snprintf(what, sizeof what, "%d/100 syncs, units %zu", k, i);
				bad += tie_rule(&t, &o, RULING_PASS, what, tie_round_trip(k));
			}
	assert_int_equal(bad, 0);
}

static void
test_gate_rule_baseline(void **state)
{
	double now[3] = { 1.04e6, 1.06e6, 0.5e6 };
	enum ruling want[3] = { RULING_PASS, RULING_FAIL, RULING_PASS };
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		duel_init(&d, MODE_BASELINE);
		d.opts.single_run_ok = 1;
		add_class(&d.ours, "w", KIND_WRITE, now[k], 2e6, NULL, 0);
		add_class(&d.rival, "w", KIND_WRITE, 1e6, 2e6, NULL, 0);
		d.ours.probe = new_probe("h", "v", 5e5, 0.02, REACH_YES);
		d.rival.probe = new_probe("h", "v", 5e5, 0.02, REACH_YES);
		assert_int_equal(duel_rule(&d), 0);
		assert_int_equal(d.v.unit.source, UNIT_SHARED);
		assert_int_equal(find_check(&d.v, "w", "p50 regression")->ruling, want[k]);
		/* 0.5ms is one sync of 0.5ms: "1 sync", the others "syncs" */
		assert_non_null(strstr(find_check(&d.v, "w", "p50 regression")->reason,
		    k == 2 ? ": 1 sync at p50 against the baseline's 2, " :
		    " syncs at p50 against the baseline's 2, "));
		assert_int_equal(d.v.overall, want[k]);
		assert_string_equal(d.v.rival.label, "baseline");
		duel_free(&d);
	}
}

/*
 * Baseline mode: a run whose flush never reaches a device (tmpfs), or an
 * unprobed side, leaves writes indeterminate, however much faster they
 * look in nanoseconds; reads are still ruled.
 */
static void
test_gate_rule_baseline_unflushed(void **state)
{
	static const char *const why[4] = { "the new run's probe says a sync does "
		"not reach a device (a sync of 316ns): \"a sync of 316ns is a memory "
		"copy\"", "the baseline's probe cannot tell whether a sync reaches a "
		"device", "the new run's volume is unprobed", "the baseline's volume "
		"is unprobed" };
	const struct verdict_check *c;
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 4; k++) {
		duel_init(&d, MODE_BASELINE);
		add_class(&d.ours, "r", KIND_READ, 50e3, 150e3, NULL, 0);
		add_class(&d.rival, "r", KIND_READ, 50e3, 150e3, NULL, 0);
		add_class(&d.ours, "w", KIND_WRITE, 50e3, 120e3, NULL, 0);
		add_class(&d.rival, "w", KIND_WRITE, 4.8e6, 9e6, NULL, 0);
		if (k != 2)
			d.ours.probe = new_probe("h", "tmpfs", k == 0 ? 316 : 3e6, 0.02,
			    k == 0 ? REACH_NO : REACH_YES);
		if (k != 3)
			d.rival.probe = new_probe("h", "disk", 3e6, 0.02, k == 1 ?
			    REACH_UNKNOWN : REACH_YES);
		assert_int_equal(duel_rule(&d), 0);
		assert_int_equal(d.v.unit.source, UNIT_NONE);
		assert_int_equal(d.v.reads.ruling, RULING_PASS);
		assert_int_equal(d.v.writes.ruling, RULING_INDETERMINATE);
		assert_int_equal(d.v.overall, RULING_INDETERMINATE);
		assert_null(find_check(&d.v, "w", "p50 regression"));
		c = find_check(&d.v, "w", "regression");
		assert_non_null(c);
		assert_int_equal(c->ruling, RULING_INDETERMINATE);
		assert_non_null(strstr(c->reason, why[k]));
		assert_non_null(strstr(d.v.writes.reason, why[k]));
		duel_free(&d);
	}
}

/* The notes of names that print alike, after the rules. */
static size_t
alike_notes(struct duel *d)
{
	size_t i, n = 0;

	assert_int_equal(duel_rule(d), 0);
	gate_note_alike(&d->v, &d->ours, &d->rival);
	report_words(&d->v);
	for (i = 0; i < d->v.nnotes; i++)
		n += strstr(d->v.notes[i], "print alike") != NULL;
	return n;
}

static void
test_gate_note_alike_names(void **state)
{
	struct duel d;
	const char *note;
	char name[32];
	int i;

	(void)state;
	/* café composed against decomposed, on the two sides: one note */
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "caf\xc3\xa9", KIND_READ, 1e5, 2e5, NULL, 0);
	add_class(&d.ours, "point-read", KIND_READ, 1e5, 2e5, NULL, 0);
	add_class(&d.rival, "cafe\xcc\x81", KIND_READ, 2e6, 3e6, NULL, 0);
	add_class(&d.rival, "point-read", KIND_READ, 2e6, 3e6, NULL, 0);
	assert_int_equal(alike_notes(&d), 1);
	note = d.v.notes[d.v.nnotes - 1];
	assert_string_equal(note, "\"caf\xc3\xa9\" (zu, bytes 63 61 66 c3 a9) and "
	    "\"cafe\xcc\x81\" (ladybug, bytes 63 61 66 65 cc 81) print alike but are "
	    "different class names; classes are matched by their bytes");
	duel_free(&d);
	/* one name both ran is one class; different bytes that print apart, none */
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "get\xe2\x80\xae", KIND_READ, 1e5, 2e5, NULL, 0);
	add_class(&d.ours, "get\\u202e", KIND_READ, 1e5, 2e5, NULL, 0);
	add_class(&d.rival, "get\xe2\x80\xae", KIND_READ, 2e6, 3e6, NULL, 0);
	add_class(&d.rival, "get\\u202e", KIND_READ, 2e6, 3e6, NULL, 0);
	assert_int_equal(alike_notes(&d), 0);
	duel_free(&d);
	/* many alike on one side: eight named, the rest counted */
	duel_init(&d, MODE_RIVAL);
	add_class(&d.rival, "a", KIND_READ, 2e6, 3e6, NULL, 0);
	add_class(&d.ours, "a", KIND_READ, 1e5, 2e5, NULL, 0);
	/* "a" and one to ten soft hyphens, which print as nothing */
	strcpy(name, "a");
	for (i = 1; i <= 10; i++) {
		strcat(name, "\xc2\xad");
		add_class(&d.ours, name, KIND_READ, 1e5, 2e5, NULL, 0);
	}
	assert_int_equal(alike_notes(&d), 1);
	note = d.v.notes[d.v.nnotes - 1];
	assert_non_null(strstr(note, " and 3 more print alike"));
	assert_non_null(strstr(note, "\"a\" (both, bytes 61), \"a\xc2\xad\" (zu, "));
	duel_free(&d);
}

static void
test_gate_note_alike_engines(void **state)
{
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	free(d.ours.engine);
	free(d.rival.engine);
	d.ours.engine = xstrdup("caf\xc3\xa9");
	d.rival.engine = xstrdup("cafe\xcc\x81");
	add_class(&d.ours, "r", KIND_READ, 1e5, 2e5, NULL, 0);
	add_class(&d.rival, "r", KIND_READ, 2e6, 3e6, NULL, 0);
	assert_int_equal(alike_notes(&d), 1);
	assert_string_equal(d.v.notes[d.v.nnotes - 1], "the engine names "
	    "\"caf\xc3\xa9\" (ours, bytes 63 61 66 c3 a9) and \"cafe\xcc\x81\" "
	    "(the rival's, bytes 63 61 66 65 cc 81) print alike but are different "
	    "names");
	duel_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gate_rule_settles_as_samples_grow),
		cmocka_unit_test(test_gate_rule_kind_mismatch),
		cmocka_unit_test(test_gate_rule_one_side_only),
		cmocka_unit_test(test_gate_rule_matches_many_by_name),
		cmocka_unit_test(test_gate_rule_interval_on_limit),
		cmocka_unit_test(test_gate_rule_limit_boundary),
		cmocka_unit_test(test_gate_rule_tie_regression),
		cmocka_unit_test(test_gate_rule_tie_speedup_and_ceiling),
		cmocka_unit_test(test_gate_rule_tie_vs_rival),
		cmocka_unit_test(test_gate_rule_baseline),
		cmocka_unit_test(test_gate_rule_baseline_unflushed),
		cmocka_unit_test(test_gate_note_alike_names),
		cmocka_unit_test(test_gate_note_alike_engines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
