/* SPDX-License-Identifier: MIT */
/*
 * The sync unit (gate/unit.c): a shared unit and two, the band from
 * rounds through the run, the ceiling in the band, and the unprobed and
 * the unflushed volume.
 */
#include "gate/rules.h"
#include "tests/gatetest.h"
#include "tests/testutil.h"

static void
test_gate_rule_shared_unit_cheaper_probe(void **state)
{
	const struct verdict_row *row;
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 4.5e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 3e6, 0.02, REACH_YES);
	d.rival.probe = new_probe("h", "v", 4.35e6, 0.02, REACH_YES);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(d.v.unit.source, UNIT_SHARED);
	assert_near(d.v.unit.ours_ns, 3e6, 1e-6);
	assert_near(d.v.unit.rival_ns, 3e6, 1e-6);
	/* the band runs from the cheaper probe's low to the dearer's high */
	assert_true(d.v.unit.ours_lo_ns < 3e6 && d.v.unit.ours_hi_ns > 4.35e6);
	row = &d.v.rows[0];
	assert_near(row->ours_syncs_p50.v, 1.5, 1e-9);
	assert_near(row->rival_syncs_p50.v, 3, 1e-9);
	assert_string_equal(d.v.unit.description, "one sync = 3ms, the cheaper of two "
	    "probes of one volume (zu's), both sides; probed before the runs, "
	    "without rounds through them");
	duel_free(&d);
}

/* Whose probe the shared unit is; one probe given for both sides is one probe. */
static void
test_gate_rule_shared_unit_words(void **state)
{
#define BEFORE "; probed before the runs, without rounds through them"
	static const char *const want[3] = { "one sync = 3ms, the cheaper of two "
		"probes of one volume (ladybug's), both sides" BEFORE, "one sync = 3ms, "
		"from one probe of one volume, the same on both sides" BEFORE,
		"one sync = 3ms, the median of both probes of one volume, both sides"
		BEFORE };
#undef BEFORE
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "write", KIND_WRITE, 4.5e6, 9e6, NULL, 0);
		add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
		d.ours.probe = new_probe("h", "v", k == 0 ? 4e6 : 3e6, 0.02, REACH_YES);
		d.rival.probe = new_probe("h", "v", 3e6, k == 2 ? 0.05 : 0.02, REACH_YES);
		assert_int_equal(duel_rule(&d), 0);
		assert_int_equal(d.v.unit.source, UNIT_SHARED);
		assert_string_equal(d.v.unit.description, want[k]);
		duel_free(&d);
	}
}

/*
 * Rounds through the run: nround rounds of 5 samples, round r's all at
 * med[r], set as the series of p.
 */
static void
add_rounds(struct probe_record *p, const double *med, size_t nround)
{
	struct probe_series *s = &p->series;
	size_t i;

	s->present = 1;
	s->n = 5 * nround;
	s->t_ns = xcalloc(s->n, sizeof *s->t_ns);
	s->samples_ns = xcalloc(s->n, sizeof *s->samples_ns);
	for (i = 0; i < s->n; i++) {
		s->t_ns[i] = (double)i * 1e8;
		s->samples_ns[i] = med[i / 5];
	}
	s->rounds.present = 1;
	s->rounds.every_ns = 500e6;
	s->rounds.per_round = 5;
	s->rounds.count = (long)nround;
	s->rounds.probing_s = 0.05;
	s->rounds.run_s = 5;
	probe_rounds_derive(&s->rounds);
	probe_series_summarize(s);
}

/*
 * A probe with rounds through its run gives the unit from them: their
 * median over every sample, banded by the rounds' lowest and highest
 * median, said so; the probe before the run (1ms) is not the unit.
 */
static void
test_gate_rule_unit_from_rounds(void **state)
{
	static const double med[3] = { 2e6, 3e6, 6e6 };
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 6e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 1e6, 0.02, REACH_YES);
	d.rival.probe = new_probe("h", "v", 1e6, 0.02, REACH_YES);
	add_rounds(d.ours.probe, med, 3);
	add_rounds(d.rival.probe, med, 3);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(d.v.unit.source, UNIT_SHARED);
	assert_near(d.v.unit.ours_ns, 3e6, 1e-6);
	assert_near(d.v.unit.ours_lo_ns, 2e6, 1e-6);
	assert_near(d.v.unit.ours_hi_ns, 6e6, 1e-6);
	assert_int_equal(d.v.unit.ours_band_rounds, 1);
	assert_near(d.v.rows[0].ours_syncs_p50.v, 2, 1e-9);
	assert_non_null(strstr(d.v.unit.description, "zu's from 3 rounds of 5 "
	    "samples through its run, one every 500ms, 1.0% of its time"));
	duel_free(&d);
}

/*
 * One round of five samples cannot bound a median: the probe before the
 * run is the unit, said so; and a unit from rounds carries its samples'
 * interval into the syncs', as a probe's does, where it was taken as
 * exact.
 */
static void
test_gate_rule_unit_thin_rounds(void **state)
{
	static const double one[1] = { 2e6 };
	static const double three[3] = { 2e6, 3e6, 6e6 };
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 6e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 1e6, 0.02, REACH_YES);
	d.rival.probe = new_probe("h", "v", 1e6, 0.02, REACH_YES);
	add_rounds(d.ours.probe, one, 1);
	add_rounds(d.rival.probe, one, 1);
	assert_int_equal(duel_rule(&d), 0);
	assert_near(d.v.unit.ours_ns, 1e6, 1e-6);
	assert_int_equal(d.v.unit.ours_band_rounds, 0);
	assert_non_null(strstr(d.v.unit.description, "zu's from its probe before "
	    "the run (its 1 round through it held 5 samples, too few to bound a "
	    "median)"));
	duel_free(&d);

	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 6e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 1e6, 0.02, REACH_YES);
	d.rival.probe = new_probe("h", "v", 1e6, 0.02, REACH_YES);
	add_rounds(d.ours.probe, three, 3);
	add_rounds(d.rival.probe, three, 3);
	assert_int_equal(duel_rule(&d), 0);
	/* the syncs' interval holds the unit's: wider than the class's alone */
	assert_true(d.v.rows[0].ours_syncs_p50.hi > 2 * 1.01);
	duel_free(&d);
}

/* One side with rounds and one without: each says where its unit came from. */
static void
test_gate_rule_unit_rounds_one_side(void **state)
{
	static const double med[2] = { 2e6, 2e6 };
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 6e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 4e6, 0.02, REACH_YES);
	d.rival.probe = new_probe("h", "w", 3e6, 0.02, REACH_YES);
	add_rounds(d.ours.probe, med, 2);
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(d.v.unit.source, UNIT_PER_VOLUME);
	assert_near(d.v.unit.ours_ns, 2e6, 1e-6);
	assert_near(d.v.unit.rival_ns, 3e6, 1e-6);
	assert_int_equal(d.v.unit.ours_band_rounds, 1);
	assert_int_equal(d.v.unit.rival_band_rounds, 0);
	assert_non_null(strstr(d.v.unit.description, "ladybug's from its probe "
	    "before the run (no rounds through it)"));
	duel_free(&d);
}

/* The band is the lower low of the two probes to the higher high, whichever probe gives each. */
static void
test_gate_rule_shared_band_both_probes(void **state)
{
	struct probe_record *narrow, *wide;
	double nlo, nhi, wlo, whi, *x;
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "write", KIND_WRITE, 4.5e6, 9e6, NULL, 0);
		add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
		/* the cheaper probe is narrow; the dearer one reaches lower and higher */
		narrow = new_probe("h", "v", 3e6, 0.01, REACH_YES);
		wide = new_probe("h", "v", 3.2e6, 0.5, REACH_YES);
		d.ours.probe = k ? wide : narrow;
		d.rival.probe = k ? narrow : wide;
		x = xmalloc(15 * sizeof *x);
		memcpy(x, narrow->samples_ns, 15 * sizeof *x);
		stats_sort(x, 15);
		assert_int_equal(gate_quantile_ci(x, 15, 0.5, 0.95, &nlo, &nhi), 0);
		memcpy(x, wide->samples_ns, 15 * sizeof *x);
		stats_sort(x, 15);
		assert_int_equal(gate_quantile_ci(x, 15, 0.5, 0.95, &wlo, &whi), 0);
		free(x);
		assert_true(wlo < nlo && whi > nhi);
		assert_int_equal(duel_rule(&d), 0);
		assert_near(d.v.unit.ours_ns, 3e6, 1e-6);
		assert_near(d.v.unit.ours_lo_ns, wlo, 0);
		assert_near(d.v.unit.ours_hi_ns, whi, 0);
		assert_near(d.v.unit.rival_lo_ns, wlo, 0);
		duel_free(&d);
	}
}

/* One probe of the shared volume too thin for an interval: the band is the other's, said so. */
static void
test_gate_rule_shared_one_thin_probe(void **state)
{
	struct duel d;
	size_t i;
	int seen = 0;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 4.5e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 3e6, 0.1, REACH_YES);
	d.ours.probe->nsamples = 3;
	d.rival.probe = new_probe("h", "v", 3.1e6, 0.02, REACH_YES);
	assert_int_equal(duel_rule(&d), 0);
	assert_false(isnan(d.v.unit.ours_lo_ns));
	for (i = 0; i < d.v.nnotes; i++)
		seen |= strcmp(d.v.notes[i], "zu's probe has 3 samples, too few for an "
		    "interval on its median at 95% (6 would do); the band is the other "
		    "probe's") == 0;
	assert_true(seen);
	duel_free(&d);
}

static void
test_gate_rule_two_hosts_two_units(void **state)
{
	struct duel d;

	(void)state;
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 4.5e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("laptop", "v", 3e6, 0.02, REACH_YES);
	d.rival.probe = new_probe("server", "v", 6e6, 0.02, REACH_YES);
	d.rival.classes[0].p50_ns = 12e6;
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(d.v.unit.source, UNIT_PER_VOLUME);
	assert_near(d.v.rows[0].rival_syncs_p50.v, 2, 1e-9);
	assert_non_null(strstr(d.v.unit.description, "two hosts, so two units"));
	/* 1.5 syncs against 2, each in its own unit: no more than the rival */
	assert_int_equal(find_check(&d.v, "write", "p50 syncs vs rival")->ruling,
	    RULING_PASS);
	duel_free(&d);
}

/*
 * Two probes of one volume that timed different things (another method,
 * another write size) are not one unit: each side keeps its own, said so.
 */
static void
test_gate_rule_two_methods_two_units(void **state)
{
	static const char *const want[3] = { "two methods (fdatasync and fsync), "
		"so two units: one sync = 3ms for zu and 150ms for ladybug, each from "
		"its own probe", "two write sizes (4 KiB and 64 MiB), so two units",
		"two write sizes (4 KiB and unknown), so two units" };
	long long wb[3] = { 4096, 67108864, 0 };
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "write", KIND_WRITE, 4.5e6, 9e6, NULL, 0);
		add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
		d.ours.probe = new_probe("h", "v", 3e6, 0.02, REACH_YES);
		d.rival.probe = new_probe("h", "v", 150e6, 0.02, REACH_YES);
		d.ours.probe->write_bytes = 4096;
		d.rival.probe->write_bytes = wb[k];
		if (k == 0) {
			free(d.rival.probe->method);
			d.rival.probe->method = xstrdup("fsync");
		}
		assert_int_equal(duel_rule(&d), 0);
		assert_int_equal(d.v.unit.source, UNIT_PER_VOLUME);
		assert_near(d.v.unit.rival_ns, 150e6, 1e-6);
		assert_true(d.v.unit.ours_hi_ns < 4e6);
		assert_non_null(strstr(d.v.unit.description, want[k]));
		duel_free(&d);
	}
	/* the same method and size: one unit */
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 4.5e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 3e6, 0.02, REACH_YES);
	d.rival.probe = new_probe("h", "v", 3.1e6, 0.02, REACH_YES);
	d.ours.probe->write_bytes = d.rival.probe->write_bytes = 4096;
	assert_int_equal(duel_rule(&d), 0);
	assert_int_equal(d.v.unit.source, UNIT_SHARED);
	duel_free(&d);
}

/* The ceiling inside the band is indeterminate; a narrow band over the same numbers fails. */
static void
test_gate_rule_ceiling_in_band(void **state)
{
	double spread[2] = { 0.25, 0.01 };
	enum ruling want[2] = { RULING_INDETERMINATE, RULING_FAIL };
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "write", KIND_WRITE, 6.2e6, 9e6, NULL, 0);
		add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
		d.ours.probe = new_probe("h", "v", 3e6, spread[k], REACH_YES);
		d.rival.probe = new_probe("h", "v", 3e6, spread[k], REACH_YES);
		assert_int_equal(duel_rule(&d), 0);
		assert_int_equal(find_check(&d.v, "write", "p50 syncs")->ruling, want[k]);
		assert_int_equal(d.v.writes.ruling, want[k]);
		assert_int_equal(d.v.overall, want[k]);
		duel_free(&d);
	}
}

/*
 * Commits under one sync get a note only below the band's low: a p50
 * inside the band (under the unit, over its low) may be the unit's own
 * noise.
 */
static void
test_gate_rule_sub_sync_below_band(void **state)
{
	double p50[3] = { 2.9e6, 2e6, 3.1e6 };
	int want[3] = { 0, 1, 0 };
	struct duel d;
	size_t i;
	int k, seen;

	(void)state;
	for (k = 0; k < 3; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "write", KIND_WRITE, p50[k], 9e6, NULL, 0);
		add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
		d.ours.probe = new_probe("h", "v", 3e6, 0.1, REACH_YES);
		d.rival.probe = new_probe("h", "v", 3e6, 0.1, REACH_YES);
		assert_int_equal(duel_rule(&d), 0);
		assert_true(d.v.unit.ours_lo_ns < 2.9e6);
		for (seen = 0, i = 0; i < d.v.nnotes; i++)
			if (strstr(d.v.notes[i], "is not flushing each commit") != NULL) {
				seen = 1;
				assert_string_equal(d.v.notes[i], "write: zu commits at p50 in "
				    "0.67 syncs (2ms, under the probe band's low of 2.88ms): zu "
				    "is not flushing each commit, or batches several commits "
				    "into one flush");
			}
		assert_int_equal(seen, want[k]);
		duel_free(&d);
	}
	/* probes of 3 samples give no band: the unit itself is the line */
	duel_init(&d, MODE_RIVAL);
	add_class(&d.ours, "write", KIND_WRITE, 2e6, 9e6, NULL, 0);
	add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
	d.ours.probe = new_probe("h", "v", 3e6, 0.1, REACH_YES);
	d.ours.probe->nsamples = 3;
	d.rival.probe = new_probe("h", "v", 3e6, 0.1, REACH_YES);
	d.rival.probe->nsamples = 3;
	assert_int_equal(duel_rule(&d), 0);
	assert_true(isnan(d.v.unit.ours_lo_ns));
	for (seen = 0, i = 0; i < d.v.nnotes; i++)
		seen |= strcmp(d.v.notes[i], "write: zu commits at p50 in 0.67 syncs "
		    "(2ms, under one sync of 3ms): zu is not flushing each commit, or "
		    "batches several commits into one flush") == 0;
	assert_true(seen);
	duel_free(&d);
}

/*
 * The note needs the whole of p50's interval under the band's low: a p50
 * under the low whose interval reaches over it may be one flush a commit.
 */
static void
test_gate_rule_sub_sync_interval(void **state)
{
	double hi[2] = { 3.05e6, 2.95e6 };
	struct duel d;
	size_t i;
	int k, seen;

	(void)state;
	for (k = 0; k < 2; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "write", KIND_WRITE, 2.9e6, 9e6, NULL, 0);
		add_class(&d.rival, "write", KIND_WRITE, 9e6, 15e6, NULL, 0);
		d.ours.classes[0].p50_lo_ns = 2.8e6;
		d.ours.classes[0].p50_hi_ns = hi[k];
		d.ours.probe = new_probe("h", "v", 3e6, 0.01, REACH_YES);
		d.rival.probe = new_probe("h", "v", 3e6, 0.01, REACH_YES);
		assert_int_equal(duel_rule(&d), 0);
		/* the point is under the band's low either way */
		assert_true(2.9e6 < d.v.unit.ours_lo_ns && d.v.unit.ours_lo_ns < 2.95e6 + 1e5);
		for (seen = 0, i = 0; i < d.v.nnotes; i++)
			if (strstr(d.v.notes[i], "is not flushing each commit") != NULL) {
				seen = 1;
				assert_non_null(strstr(d.v.notes[i], "write: zu commits at p50 "
				    "in 0.97 syncs (2.9ms, at most 2.95ms at 95%, under the "
				    "probe band's low of 2.99ms)"));
			}
		assert_int_equal(seen, k);
		duel_free(&d);
	}
}

static void
test_gate_rule_unprobed_and_unflushed(void **state)
{
	struct duel d;
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		duel_init(&d, MODE_RIVAL);
		add_class(&d.ours, "read", KIND_READ, 50e3, 150e3, NULL, 0);
		add_class(&d.rival, "read", KIND_READ, 900e3, 3e6, NULL, 0);
		add_class(&d.ours, "write", KIND_WRITE, 132e3, 400e3, NULL, 0);
		add_class(&d.rival, "write", KIND_WRITE, 250e3, 900e3, NULL, 0);
		d.ours.probe = new_probe("wsl", "sdc", 316, 0.02, k == 1 ? REACH_NO :
		    REACH_YES);
		if (k == 1)
			d.rival.probe = new_probe("wsl", "sdc", 319, 0.02, REACH_NO);
		if (k == 2)
			d.rival.probe = new_probe("wsl", "sdc", 3e6, 0.02, REACH_UNKNOWN);
		assert_int_equal(duel_rule(&d), 0);
		assert_int_equal(d.v.unit.source, UNIT_NONE);
		assert_int_equal(d.v.reads.ruling, RULING_PASS);
		assert_int_equal(d.v.writes.ruling, RULING_INDETERMINATE);
		assert_int_equal(d.v.overall, RULING_INDETERMINATE);
		assert_non_null(strstr(d.v.unit.why_none, k == 1 ?
		    "zu's probe says a sync does not reach a device (a sync of 316ns): "
		    "\"a sync of 316ns is a memory copy\"" : k == 2 ? "ladybug's probe "
		    "cannot tell whether a sync reaches a device (a sync of 3ms): \"a "
		    "sync of 3000000ns is a memory copy\"" : "ladybug's volume is unprobed"));
		assert_true(isnan(d.v.rows[1].ours_syncs_p50.v));
		duel_free(&d);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gate_rule_shared_unit_cheaper_probe),
		cmocka_unit_test(test_gate_rule_shared_unit_words),
		cmocka_unit_test(test_gate_rule_unit_from_rounds),
		cmocka_unit_test(test_gate_rule_unit_thin_rounds),
		cmocka_unit_test(test_gate_rule_unit_rounds_one_side),
		cmocka_unit_test(test_gate_rule_shared_band_both_probes),
		cmocka_unit_test(test_gate_rule_shared_one_thin_probe),
		cmocka_unit_test(test_gate_rule_two_hosts_two_units),
		cmocka_unit_test(test_gate_rule_two_methods_two_units),
		cmocka_unit_test(test_gate_rule_ceiling_in_band),
		cmocka_unit_test(test_gate_rule_sub_sync_below_band),
		cmocka_unit_test(test_gate_rule_sub_sync_interval),
		cmocka_unit_test(test_gate_rule_unprobed_and_unflushed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
