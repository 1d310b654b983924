/* SPDX-License-Identifier: MIT */
/* The verdict's constructor, destructor and names, and its sides' labels. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/base.h"
#include "lib/err.h"

#define NELEMS(a) (sizeof (a) / sizeof (a)[0])
/* a value added to its enum without a name fails to build */
#define NAMED(a, n) _Static_assert(NELEMS(a) == (n), #a " lacks an entry")

const char *const ruling_names[] = {
	[RULING_NOT_RULED] = "not ruled", [RULING_PASS] = "pass",
	[RULING_FAIL] = "fail", [RULING_INDETERMINATE] = "indeterminate",
};

const char *const gate_mode_names[] = {
	[MODE_RIVAL] = "rival", [MODE_BASELINE] = "baseline",
};

const char *const unit_source_names[] = {
	[UNIT_NONE] = "none", [UNIT_SHARED] = "shared",
	[UNIT_PER_VOLUME] = "per-volume", [UNIT_PER_RUN] = "per-run",
};

const char *const unit_unusable_names[] = {
	[UNUSABLE_NONE] = "none", [UNUSABLE_UNPROBED] = "unprobed",
	[UNUSABLE_NO_REACH] = "no-reach", [UNUSABLE_UNSURE] = "unsure",
};
NAMED(unit_unusable_names, UNIT_NUNUSABLE);

const char *const unit_window_names[] = {
	[WINDOW_BEFORE] = "before", [WINDOW_THIN] = "thin",
	[WINDOW_THROUGH] = "through", [WINDOW_BRACKETS] = "brackets",
	[WINDOW_PAUSED] = "paused",
};
NAMED(unit_window_names, UNIT_NWINDOWS);

const char *const unit_two_names[] = {
	[TWO_NONE] = "none", [TWO_HOSTS] = "hosts", [TWO_VOLUMES] = "volumes",
	[TWO_METHODS] = "methods", [TWO_SIZES] = "write-sizes",
};
NAMED(unit_two_names, UNIT_NTWO);

const char *const unit_pick_names[] = {
	[PICK_NONE] = "none", [PICK_ONE_PROBE] = "one-probe",
	[PICK_EQUAL] = "equal", [PICK_OURS] = "ours", [PICK_RIVAL] = "rival",
};
NAMED(unit_pick_names, UNIT_NPICKS);

const char *const verdict_scope_names[] = {
	[SCOPE_RUN] = "run", [SCOPE_RUNS] = "runs",
};

const char *const verdict_hosts_names[] = {
	[HOSTS_UNRECORDED] = "unrecorded", [HOSTS_SAME] = "same",
	[HOSTS_DIFFERENT] = "different", [HOSTS_UNKNOWN] = "unknown",
};

static const char *const verdict_apart_names[] = {
	[APART_NONE] = "turns", [APART_NO_SESSION] = "no-session",
	[APART_ONE_SIDED] = "one-sided", [APART_NOT_INTERLEAVED] = "not-interleaved",
	[APART_NO_TURNS] = "no-turns", [APART_HOSTS] = "hosts",
};

const char *const verdict_shift_names[] = {
	[SHIFT_NONE] = "none", [SHIFT_DEFAULT] = "default", [SHIFT_RECORD] = "record",
};
NAMED(verdict_shift_names, VERDICT_NSHIFTS);

const char *const verdict_settle_names[] = {
	[SETTLE_NONE] = "none", [SETTLE_RUNS] = "runs", [SETTLE_SAMPLES] = "samples",
	[SETTLE_RUNS_CAPPED] = "runs-capped",
	[SETTLE_SAMPLES_CAPPED] = "samples-capped", [SETTLE_ON_LIMIT] = "on-limit",
	[SETTLE_SPREAD] = "default-spread", [SETTLE_THIN] = "short-runs",
	[SETTLE_APART] = "apart", [SETTLE_NO_SAMPLES] = "no-samples",
	[SETTLE_BAND] = "probe-band", [SETTLE_RANGES] = "bucket-ranges",
	[SETTLE_BAND_RANGES] = "probe-band-and-ranges",
	[SETTLE_FAILED] = "failed-operations",
};
NAMED(verdict_settle_names, VERDICT_NSETTLES);

/* Out of range, entry 0's name: a value the gate never makes. */
#define NAMER(fn, type, names, n) \
NAMED(names, n); \
const char *fn(type x) \
{ \
	return names[(size_t)x < NELEMS(names) ? x : 0]; \
}

NAMER(ruling_name, enum ruling, ruling_names, VERDICT_NRULINGS)
NAMER(gate_mode_name, enum gate_mode, gate_mode_names, GATE_NMODES)
NAMER(unit_source_name, enum unit_source, unit_source_names, UNIT_NSOURCES)
NAMER(verdict_scope_name, enum verdict_scope, verdict_scope_names, VERDICT_NSCOPES)
NAMER(verdict_hosts_name, enum verdict_hosts, verdict_hosts_names, VERDICT_NHOSTS)
NAMER(verdict_apart_name, enum verdict_apart, verdict_apart_names, VERDICT_NAPART)

static const char *
label(const struct verdict_side *s, enum gate_mode m, const char *baseline,
    const char *nameless)
{
	return s->label != NULL ? s->label : m == MODE_BASELINE ? baseline :
	    s->engine != NULL ? s->engine : nameless;
}

const char *
verdict_ours_label(const struct gate_verdict *v)
{
	return label(&v->ours, v->mode, "new", "ours");
}

const char *
verdict_rival_label(const struct gate_verdict *v)
{
	return label(&v->rival, v->mode, "baseline", "rival");
}

struct verdict_value
verdict_point(double v)
{
	return (struct verdict_value){ v, NAN, NAN };
}

static void
side_init(struct verdict_side *s)
{
	memset(s, 0, sizeof *s);
	s->concurrency = -1;
	s->probe_median_ns = s->probe_ci_lo_ns = s->probe_ci_hi_ns = NAN;
	s->probe_ci_level = s->group_syncs_p50 = s->group_syncs_p99 = NAN;
}

void
verdict_init(struct gate_verdict *v)
{
	memset(v, 0, sizeof *v);
	side_init(&v->ours);
	side_init(&v->rival);
	v->read_speedup = v->commit_syncs = v->max_regression = v->confidence = NAN;
	v->unit.ours_ns = v->unit.rival_ns = v->unit.ours_lo_ns = NAN;
	v->unit.ours_hi_ns = v->unit.rival_lo_ns = v->unit.rival_hi_ns = NAN;
	v->unit.ours_basis.sync_ns = v->unit.rival_basis.sync_ns = NAN;
	v->unit.ours_basis.every_ns = v->unit.rival_basis.every_ns = NAN;
	v->unit.ours_basis.cost = v->unit.rival_basis.cost = NAN;
}

static void
side_free(struct verdict_side *s)
{
	char *owned[] = { s->engine, s->version, s->workload, s->file,
	    s->host_id, s->volume_id, s->fs, s->method, s->device, s->label,
	    s->probe_file };
	size_t i;

	for (i = 0; i < NELEMS(owned); i++)
		free(owned[i]);
	strv_free(s->run_files, s->runs);
	for (i = 0; i < s->runs && s->taken != NULL; i++)
		free(s->taken[i].host);
	free(s->taken);
	result_host_free(s->host);
	free(s->host);
	strv_free(s->evidence, s->nevidence);
}

int
verdict_exit_status(const struct gate_verdict *v, int strict)
{
	if (v->overall == RULING_FAIL)
		return EXIT_FAIL;
	return v->overall != RULING_PASS && strict ? EXIT_INDETERMINATE : EXIT_PASS;
}

static void
basis_free(struct verdict_unit_basis *b)
{
	strv_free(b->evidence, b->nevidence);
	free(b->run_file);
	free(b->method);
}

void
verdict_free(struct gate_verdict *v)
{
	size_t i;

	if (v == NULL)
		return;
	free(v->version);
	side_free(&v->ours);
	side_free(&v->rival);
	free(v->unit.description);
	free(v->unit.why_none);
	basis_free(&v->unit.ours_basis);
	basis_free(&v->unit.rival_basis);
	for (i = 0; i < v->nrows; i++)
		free(v->rows[i].name);
	free(v->rows);
	for (i = 0; i < v->nchecks; i++) {
		free(v->checks[i].class_name);
		free(v->checks[i].statistic);
		free(v->checks[i].value_unit);
		free(v->checks[i].comparison);
		free(v->checks[i].reason);
	}
	free(v->checks);
	for (i = 0; i < v->nunmatched; i++) {
		free(v->unmatched[i].name);
		free(v->unmatched[i].reason);
	}
	free(v->unmatched);
	free(v->reads.reason);
	free(v->writes.reason);
	strv_free(v->notes, v->nnotes);
	for (i = 0; i < v->nnoted; i++) {
		free(v->noted[i].cls);
		free(v->noted[i].a);
		free(v->noted[i].b);
	}
	free(v->noted);
	free(v->headline);
	free(v->ceiling_note);
	free(v->noise_file);
	verdict_init(v);
}

/* Sized first: a note may list many classes, and a cut one would misstate them. */
struct verdict_note *
verdict_noted(struct gate_verdict *v, enum verdict_note_code code, int side)
{
	v->noted = xrealloc(v->noted, (v->nnoted + 1) * sizeof *v->noted);
	v->noted[v->nnoted] = (struct verdict_note){ .code = code, .side = side,
	    .x = { NAN, NAN, NAN, NAN } };
	return &v->noted[v->nnoted++];
}

const struct verdict_note_fields verdict_note_fields[] = {
	[NOTE_SAVED] = { .name = "saved", .s = { "words" } },
	[NOTE_ONE_RUN] = { .name = "one-run" },
	[NOTE_HELD_ONE_RUN] = { .name = "one-run-held" },
	[NOTE_SINGLE_RUN_OK] = { .name = "single-run-ok" },
	[NOTE_DEFAULT_SPREAD] = { .name = "default-spread", .x = { "p50", "p99" } },
	[NOTE_NOISE_ONE_RUN] = { .name = "noise-one-run", .s = { "noise", "engine" },
		.n = { NULL, "runs" } },
	[NOTE_NOISE_OTHER] = { .name = "noise-other-engine", .s = { NULL, "engine" } },
	[NOTE_RUNS] = { .name = "runs" },
	[NOTE_PAIRED] = { .name = "paired", .n = { "min_runs", "df" } },
	[NOTE_POOLED] = { .name = "pooled", .s = { "noise", "engine" },
		.n = { NULL, "runs" } },
	[NOTE_SPREAD_POOLS] = { .name = "spread-pools-noise", .side = 1,
		.s = { "noise", "engine" }, .n = { "side_runs", "runs" } },
	[NOTE_SPREAD_NOISE] = { .name = "spread-from-noise", .side = 1,
		.s = { "noise", "engine" }, .n = { NULL, "runs" } },
	[NOTE_SPREAD_BORROWS] = { .name = "spread-borrowed", .side = 1,
		.n = { "from_runs" } },
	[NOTE_APART] = { .name = "apart", .s = { "noise" }, .n = { "sessions" },
		.x = { "default_p50", "default_p99" } },
	[NOTE_EXACT] = { .name = "exact", .s = { "classes" } },
	[NOTE_NO_SAMPLES] = { .name = "no-samples", .side = 1, .cls = "class" },
	[NOTE_NO_RANGE] = { .name = "no-range", .side = 1, .cls = "class",
		.x = { "quantile" } },
	[NOTE_DROPS] = { .name = "too-few-samples", .side = 1, .cls = "class",
		.n = { "samples", "histogram", "dependent" }, .x = { "quantile", "level" } },
	[NOTE_DEPENDENT] = { .name = "dependent-samples", .side = 1, .cls = "class",
		.n = { "batches", "samples" }, .x = { "quantile", "dependence" } },
	[NOTE_SUB_SYNC] = { .name = "under-a-sync", .side = 1, .cls = "class",
		.n = { "under_band" }, .x = { "p50_ns", "p50_high_ns", "line_ns", "unit_ns" } },
	[NOTE_OUTLIER] = { .name = "outlier-run", .side = 1, .cls = "class",
		.s = { "file" }, .n = { "run", "others" }, .x = { "ratio" } },
	[NOTE_WORKLOADS] = { .name = "two-workloads" },
	[NOTE_CONCURRENCY] = { .name = "two-concurrencies" },
	[NOTE_TURN_TIMED] = { .name = "timed-from-turn", .side = 1 },
	[NOTE_PROBE_REPLACED] = { .name = "probe-replaced", .side = 1 },
	[NOTE_UNIT_THIN] = { .name = "probe-too-short", .side = 1,
		.n = { "samples", "rival_samples", "enough", "shared" }, .x = { "level" } },
	[NOTE_FAILED] = { .name = "failed-operations", .side = 1, .cls = "class",
		.n = { "lost", "tried" }, .x = { "share", "other_share" } },
	[NOTE_NOTHING_RULED] = { .name = "nothing-ruled" },
	[NOTE_HOSTS_UNKNOWN] = { .name = "hosts-unknown", .s = { "file", "id_source" },
		.n = { "why" } },
	[NOTE_HOSTS_DIFFER] = { .name = "hosts-differ", .s = { "ours_host", "rival_host" },
		.n = { "fields", "one_host_a_side" } },
	[NOTE_ALIKE_CLASSES] = { .name = "alike-classes", .s = { "classes" },
		.n = { "count" } },
	[NOTE_ALIKE_ENGINES] = { .name = "alike-engines" },
	[NOTE_MATCH] = { .name = "match", .cls = "class", .s = { "rival_class" } },
	[NOTE_PLAN] = { .name = "plan-level", .n = { "runs" }, .x = { "level" } },
	[NOTE_PART] = { .name = "part-of-set", .cls = "engine",
		.s = { "session", "left_out" }, .n = { "runs" } },
	[NOTE_SEQ] = { .name = "runs-until-decided", .s = { "spending" },
		.n = { "runs", "look", "looks", "failing", "undecided", "simulated" },
		.x = { "level", "spent", "alpha" } },
};
NAMED(verdict_note_fields, VERDICT_NNOTES);

int
verdict_host_holds(const struct gate_verdict *v)
{
	return v->same_host && v->hosts != HOSTS_SAME;
}
