/* SPDX-License-Identifier: MIT */
/*
 * syncgate-verdict/1 (docs/verdict-format.md): one table of fields a
 * struct, which gate/verdict_load.c reads and verdict_to_json writes.
 * Every key is written, absent figures null, so scripts can rely on the
 * shape; doubles print in the fewest digits that read back exactly, so a
 * loaded verdict re-renders the same bytes.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "model/result_host.h"
#include "verdict/base.h"
#include "verdict/json.h"

/* The range a gate could have produced: outside, a renderer would print garbage. */
#define SPAN(name, min, max, open_min, open_max, whole, what) \
	static const struct json_span name = { min, max, open_min, open_max, \
		whole, what, NULL, NULL }

static const struct json_span LATENCY = { RESULT_MIN_NS, RESULT_MAX_NS, 0, 0, 0,
	"a positive number of nanoseconds, from 1 to a day, or null", ", under 1ns",
	", over a day" };
SPAN(RATIO, 0, HUGE_VAL, 1, 0, 0, "a positive ratio or null");
SPAN(SYNCS, 0, HUGE_VAL, 1, 0, 0, "a positive number of syncs or null");
SPAN(POSITIVE, 0, HUGE_VAL, 1, 0, 0, "a positive number or null");
/* a check's figure: a count of flushes a commit may be 0 (to a tenth) */
SPAN(FIGURE, 0, HUGE_VAL, 0, 0, 0, "a number from 0 up, or null");
SPAN(FLUSHES, 0, 1e6, 0, 0, 0,
    "a number of flushes from 0 to 1e+06, or absent");
SPAN(FRACTION, 0, 10, 0, 0, 0, "a fraction from 0 to 10 or null");
SPAN(LEVEL, 0, 1, 1, 0, 0, "a level over 0 and at most 1 or null");
/* the gate takes levels over 50% and under 100% and nothing else */
SPAN(CONFIDENCE, 0.5, 1, 1, 1, 0, "a level over 0.5 and under 1, or null");
SPAN(COUNT, 0, 1e15, 0, 0, 1, "a whole number from 0 to 1000000000000000");
SPAN(COUNT_OR_NULL, 0, 1e15, 0, 0, 1,
    "a whole number from 0 to 1000000000000000 or null");
SPAN(WRITERS, 1, 1e6, 0, 0, 1, "a whole number from 1 to 1000000");
SPAN(RUNS, 1, 1000, 0, 0, 1, "a whole number from 1 to 1000");

static const char *const side_words[] = { "rival", "ours" };
/* a note's side: its index less one, as verdict_note's side */
static const char *const note_sides[] = { "both", "ours", "rival" };
static const char *const rounds_word[] = { "rounds" };

static const struct json_words RULINGS = { ruling_names, VERDICT_NRULINGS,
	"\"pass\", \"fail\", \"indeterminate\" or \"not ruled\"" };
static const struct json_words KINDS = { class_kind_names, KIND_WRITE + 1,
	"\"read\" or \"write\"" };
static const struct json_words REACHES = { reach_names, REACH_NO + 1,
	"\"yes\", \"no\" or \"unknown\"" };
static const struct json_words SOURCES = { unit_source_names, UNIT_NSOURCES,
	"\"shared\", \"per-volume\", \"per-run\" or \"none\"" };
static const struct json_words MODES = { gate_mode_names, GATE_NMODES,
	"\"rival\" or \"baseline\"" };
static const struct json_words SCOPES = { verdict_scope_names, VERDICT_NSCOPES,
	"\"run\" or \"runs\"" };
static const struct json_words HOSTS = { verdict_hosts_names, VERDICT_NHOSTS,
	"\"same\", \"different\", \"unknown\" or \"unrecorded\"" };
static const struct json_words SETTLES = { verdict_settle_names, VERDICT_NSETTLES,
	"\"runs\", \"samples\", \"on-limit\", ... (docs/verdict-format.md) or \"none\"" };
static const struct json_words SHIFTS = { verdict_shift_names, VERDICT_NSHIFTS,
	"\"default\", \"record\" or \"none\"" };
static const struct json_words SIDES = { side_words, 2, "\"ours\" or \"rival\"" };
static const struct json_words UNUSABLES = { unit_unusable_names, UNIT_NUNUSABLE,
	"\"none\", \"unprobed\", \"no-reach\" or \"unsure\"" };
static const struct json_words WINDOWS = { unit_window_names, UNIT_NWINDOWS,
	"\"before\", \"thin\", \"through\", \"brackets\" or \"paused\"" };
static const struct json_words TWOS = { unit_two_names, UNIT_NTWO,
	"\"none\", \"hosts\", \"volumes\", \"methods\" or \"write-sizes\"" };
static const struct json_words PICKS = { unit_pick_names, UNIT_NPICKS,
	"\"none\", \"one-probe\", \"equal\", \"ours\" or \"rival\"" };
/* "rounds" where a side's band spans its rounds' medians; absent: an interval */
static const struct json_words ROUNDS = { rounds_word, 1, "\"rounds\" or absent" };

#define ABSENT (JSON_OPTIONAL | JSON_NULL)
#define OMITTED (JSON_OMIT | JSON_NULL)
#define STR(k, m, fl) { JF(k, JF_STR, fl, m) }
#define NUM(k, m, fl, s) { JF(k, JF_NUM, fl, m), .span = &s }
#define WHOLE(k, ty, m, fl, s) { JF(k, ty, fl, m), .span = &s }
#define PAIR(k, lo, h, s) { JF(k, JF_PAIR, JSON_NULL, lo), .hi = offsetof(T, h), .span = &s }
/* a figure and its interval */
#define VALUE(k, ci, m, s) NUM(k, m.v, JSON_NULL, s), PAIR(ci, m.lo, m.hi, s)
#define BOOL(k, m, fl, w) { JF(k, JF_BOOL, fl, m), .what = w }
#define WORD(k, m, fl, w) { JF(k, JF_WORD, fl, m), .words = &w }
#define OBJ(k, at, f) { .key = k, .type = JF_OBJ, .off = at, .sub = f }

/* A run's session id: 32 lowercase hexadecimal digits, or null. */
static int
get_session_id(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *w)
{
	char *session = ((struct verdict_run *)(void *)b)->session, *id = NULL, q[80];
	int rc = 0;

	if (json_get_string(o, f->key, JSON_NULL, "32 lowercase hexadecimal "
	    "digits or null", w, &id) < 0)
		return -1;
	session[0] = '\0';
	if (id == NULL)
		return 0;
	if (strlen(id) != SESSION_ID_LEN ||
	    strspn(id, "0123456789abcdef") != SESSION_ID_LEN)
		rc = errf(w->err, "%s: %s.session is \"%s\"; expected 32 lowercase "
		    "hexadecimal digits or null", w->file, w->path,
		    err_quote(q, sizeof q, id));
	else
		memcpy(session, id, SESSION_ID_LEN + 1);
	free(id);
	return rc;
}

static void
put_session_id(cJSON *o, const struct json_field *f, const char *b)
{
	const char *session = ((const struct verdict_run *)(const void *)b)->session;

	json_add_string_or_null(o, f->key, session[0] ? session : NULL);
}

/* A run as it was taken, each null where the run recorded none. */
SPAN(PLACE, 0, 2e9, 0, 0, 1, "a whole number from 0 to 2000000000");
SPAN(WHEN, 0, 1e11, 0, 0, 0,
    "seconds since the epoch, from 0 to 1e+11, or null");

#define T struct verdict_run
static const struct json_field taken_fields[] = {
	JF_HOOK("session", get_session_id, put_session_id),
	WHOLE("run", JF_LLONG, run, 0, PLACE), WHOLE("runs", JF_LLONG, runs, 0, PLACE),
	WHOLE("order", JF_LLONG, order, 0, PLACE),
	NUM("started_s", started_s, JSON_NULL, WHEN), STR("host", host, JSON_NULL),
	WHOLE("plan_min", JF_LLONG, plan_min, 0, PLACE),
	WHOLE("plan_max", JF_LLONG, plan_max, 0, PLACE),
	NUM("plan_confidence", plan_confidence, JSON_NULL, CONFIDENCE), JF_END
};
#undef T

/* The one host a side's runs record ("host", optional), or "host_many". */
static int
get_host(const cJSON *o, struct verdict_side *s, const struct json_at *w)
{
	const cJSON *h;
	struct json_at c;
	int rc;

	if (json_get_bool(o, "host_many", JSON_OPTIONAL, "true, or absent", w,
	    &s->host_many) < 0)
		return -1;
	rc = json_get_object(o, "host", JSON_OPTIONAL, "an object, the host of "
	    "the side's runs", w, &h, &c);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	s->host = xcalloc(1, sizeof *s->host);
	return result_host_from_json(h, &c, s->host);
}

/* How each run was taken (absent from some 0.1.x verdicts: taken NULL, unknown). */
static int
get_taken(const cJSON *o, struct verdict_side *s, const struct json_at *w)
{
	const cJSON *a;
	struct json_at c;
	size_t n = 0;

	if (json_member(o, "runs_taken") == NULL)
		return 0;
	if (json_get_array(o, "runs_taken", 0, 0, "an array, an object a run", w,
	    &a, &c) < 0)
		return -1;
	if ((size_t)cJSON_GetArraySize(a) != s->runs)
		return errf(w->err, "%s: %s holds %d runs; expected %zu, one a run",
		    w->file, c.path, cJSON_GetArraySize(a), s->runs);
	s->taken = xcalloc(s->runs + 1, sizeof *s->taken);
	return json_get_each(a, taken_fields, s->taken, sizeof *s->taken, &n, &c);
}

/* The runs behind a side (keys added after syncgate 0.1: absent, one run). */
static int
get_runs(const cJSON *o, const struct json_field *f, char *b,
    const struct json_at *w)
{
	struct verdict_side *s = (struct verdict_side *)(void *)b;
	struct json_at c;
	double n;

	if (json_get_number(o, f->key, JSON_OPTIONAL, &RUNS, w, &n) < 0 ||
	    get_host(o, s, w) < 0)
		return -1;
	n = isnan(n) ? 1 : n;
	json_at_key(&c, w, f->key);
	/* a verdict before several runs a side has neither */
	if (json_member(o, "run_files") == NULL && n != 1)
		return errf(w->err, "%s: %s is %.0f, but %s has no run_files; "
		    "expected one file a run", w->file, c.path, n, w->path);
	if (json_member(o, "run_files") == NULL) {
		s->runs = 1;
		s->run_files = xcalloc(1, sizeof *s->run_files);
		s->run_files[0] = xstrdup(s->file ? s->file : "");
		return 0;
	}
	if (json_get_strings(o, "run_files", &s->run_files, &s->runs, w) < 0)
		return -1;
	json_at_key(&c, w, "run_files");
	if (s->runs != (size_t)n)
		return errf(w->err, "%s: %s holds %zu files; expected %.0f, one a run",
		    w->file, c.path, s->runs, n);
	return get_taken(o, s, w);
}

/* The hosts only where known, so a verdict of results without them reads as before. */
static void
put_runs(cJSON *o, const struct json_field *f, const char *b)
{
	const struct verdict_side *s = (const struct verdict_side *)(const void *)b;

	json_add_number(o, f->key, (double)(s->runs > 0 ? s->runs : 1));
	cJSON_AddItemToObject(o, "run_files", s->run_files != NULL ?
	    json_put_strings(s->run_files, s->runs) : json_put_strings(&s->file, 1));
	if (s->taken != NULL)
		cJSON_AddItemToObject(o, "runs_taken", json_put_each(taken_fields,
		    s->taken, sizeof *s->taken, s->runs));
	if (s->host != NULL)
		cJSON_AddItemToObject(o, "host", result_host_to_json(s->host));
	if (s->host_many)
		cJSON_AddBoolToObject(o, "host_many", 1);
}

#define T struct verdict_side
static const struct json_field group_fields[] = {
	WHOLE("writers", JF_INT, group_writers, 0, WRITERS),
	NUM("syncs_p50", group_syncs_p50, JSON_NULL, SYNCS),
	NUM("syncs_p99", group_syncs_p99, JSON_NULL, SYNCS), JF_END
};

static const struct json_field probe_fields[] = {
	STR("host_id", host_id, JSON_NULL), STR("volume_id", volume_id, JSON_NULL),
	STR("fs", fs, JSON_NULL), STR("method", method, JSON_NULL),
	STR("device", device, JSON_NULL), WORD("reaches_device", reaches, 0, REACHES),
	NUM("median_ns", probe_median_ns, JSON_NULL, LATENCY),
	PAIR("ci_ns", probe_ci_lo_ns, probe_ci_hi_ns, LATENCY),
	NUM("ci_level", probe_ci_level, JSON_NULL, LEVEL),
	WHOLE("samples", JF_SIZE, probe_samples, 0, COUNT),
	{ JF("evidence", JF_STRINGS, 0, evidence), .hi = offsetof(T, nevidence) },
	{ .key = "group_commit", .type = JF_OBJ, .flags = JSON_NULL,
	  .hi = offsetof(T, group_writers), .sub = group_fields }, JF_END
};

static const struct json_field side_fields[] = {
	STR("engine", engine, 0), STR("label", label, JSON_NULL),
	STR("version", version, JSON_NULL), STR("workload", workload, JSON_NULL),
	WHOLE("concurrency", JF_LLONG, concurrency, JSON_NULL, COUNT_OR_NULL),
	STR("file", file, JSON_NULL), STR("probe_file", probe_file, JSON_NULL),
	JF_HOOK("runs", get_runs, put_runs),
	{ .key = "probe", .type = JF_OBJ, .flags = JSON_NULL,
	  .hi = offsetof(T, has_probe), .sub = probe_fields }, JF_END
};
#undef T

#define T struct verdict_unit_basis
static const struct json_field basis_fields[] = {
	WORD("unusable", unusable, 0, UNUSABLES),
	NUM("sync_ns", sync_ns, JSON_NULL, LATENCY),
	{ JF("evidence", JF_STRINGS, 0, evidence), .hi = offsetof(T, nevidence) },
	WHOLE("run", JF_LLONG, run, 0, PLACE), WHOLE("runs", JF_LLONG, nruns, 0, PLACE),
	STR("run_file", run_file, JSON_NULL), WORD("window", window, 0, WINDOWS),
	WHOLE("rounds", JF_LLONG, rounds, 0, COUNT),
	WHOLE("per_round", JF_LLONG, per_round, 0, COUNT),
	NUM("every_ns", every_ns, JSON_NULL, LATENCY),
	NUM("cost", cost, JSON_NULL, FRACTION),
	WHOLE("runs_from_rounds", JF_LLONG, runs_rounds, 0, PLACE),
	STR("method", method, JSON_NULL),
	WHOLE("write_bytes", JF_LLONG, write_bytes, 0, COUNT), JF_END
};
#undef T

/* A shared unit's figure, written for readers; read from each side. */
static void
put_shared(cJSON *o, const struct json_field *f, const char *b)
{
	const struct verdict_unit *u = (const struct verdict_unit *)(const void *)b;
	int shared = u->source == UNIT_SHARED;

	json_add_number(o, f->key, shared ? u->ours_ns : NAN);
	cJSON_AddItemToObject(o, "band_ns", json_pair_item(shared ? u->ours_lo_ns :
	    NAN, shared ? u->ours_hi_ns : NAN));
}

/* A unit's basis came after syncgate 0.3: a verdict without keeps its words. */
#define T struct verdict_unit
#define UNIT_SIDE(s) { NUM("ns", s##_ns, JSON_NULL, LATENCY), \
	PAIR("band_ns", s##_lo_ns, s##_hi_ns, LATENCY), \
	{ JF("band_from", JF_FLAG, JSON_OPTIONAL, s##_band_rounds), .words = &ROUNDS }, \
	{ JF("basis", JF_OBJ, JSON_OMIT, s##_basis), .hi = offsetof(T, has_basis), \
	  .sub = basis_fields }, JF_END }
static const struct json_field unit_ours[] = UNIT_SIDE(ours);
static const struct json_field unit_rival[] = UNIT_SIDE(rival);

static const struct json_field unit_fields[] = {
	WORD("source", source, 0, SOURCES),
	WORD("two", two, JSON_OMIT, TWOS), WORD("picked", pick, JSON_OMIT, PICKS),
	JF_HOOK("ns", NULL, put_shared),
	OBJ("ours", 0, unit_ours), OBJ("rival", 0, unit_rival),
	STR("description", description, JSON_NULL),
	STR("why_none", why_none, JSON_NULL), JF_END
};
#undef T

/* A row's position is read first, to find its place (gate/verdict_load.c). */
#define T struct verdict_row
#define ROW_SIDE(s) { VALUE("p50_ns", "p50_ci_ns", s##_p50, LATENCY), \
	VALUE("p99_ns", "p99_ci_ns", s##_p99, LATENCY), \
	VALUE("p50_syncs", "p50_syncs_ci", s##_syncs_p50, SYNCS), \
	VALUE("p99_syncs", "p99_syncs_ci", s##_syncs_p99, SYNCS), \
	BOOL("has_samples", s##_samples, 0, NULL), \
	WHOLE("samples", JF_SIZE, s##_nsamples, 0, COUNT), \
	NUM("flushes_per_op", s##_flushes, JSON_OMIT, FLUSHES), JF_END }
static const struct json_field row_ours[] = ROW_SIDE(ours), row_rival[] = ROW_SIDE(rival);

static const struct json_field ratio_fields[] = {
	VALUE("p50", "p50_ci", ratio_p50, RATIO),
	VALUE("p99", "p99_ci", ratio_p99, RATIO), JF_END
};

const struct json_field verdict_row_fields[] = {
	STR("name", name, 0), WORD("verdict", ruling, 0, RULINGS),
	OBJ("ours", 0, row_ours), OBJ("rival", 0, row_rival),
	OBJ("ratio", 0, ratio_fields), JF_END
};
#undef T

/* The counts after samples_needed came after syncgate 0.1: absent, -1. */
#define T struct verdict_check
const struct json_field verdict_check_fields[] = {
	STR("class", class_name, 0), WORD("kind", kind, 0, KINDS),
	STR("statistic", statistic, JSON_NULL), VALUE("value", "ci", value, FIGURE),
	STR("value_unit", value_unit, JSON_NULL),
	STR("comparison", comparison, JSON_NULL),
	NUM("limit", limit, JSON_NULL, POSITIVE), WORD("verdict", ruling, 0, RULINGS),
	STR("reason", reason, JSON_NULL),
	WHOLE("samples_needed", JF_LLONG, samples_needed, JSON_NULL, COUNT_OR_NULL),
	WHOLE("samples_needed_high", JF_LLONG, samples_needed_hi, ABSENT, COUNT_OR_NULL),
	WHOLE("runs_needed", JF_LLONG, runs_needed, ABSENT, COUNT_OR_NULL),
	WHOLE("runs_needed_high", JF_LLONG, runs_needed_hi, ABSENT, COUNT_OR_NULL),
	BOOL("held", held, JSON_OPTIONAL, NULL),
	WORD("settle", settle, JSON_OPTIONAL, SETTLES), JF_END
};
#undef T

/* A class only ours ran: its figures, each optional (older verdicts have none). */
#define T struct verdict_unmatched
const struct json_field verdict_unmatched_fields[] = {
	STR("name", name, 0), WORD("kind", kind, 0, KINDS),
	WORD("ran_by", ours, 0, SIDES), STR("reason", reason, JSON_NULL),
	NUM("p50_ns", p50_ns, OMITTED, LATENCY), NUM("p99_ns", p99_ns, OMITTED, LATENCY),
	NUM("p50_syncs", syncs_p50, OMITTED, SYNCS),
	NUM("p99_syncs", syncs_p99, OMITTED, SYNCS),
	NUM("flushes_per_op", flushes, OMITTED, FLUSHES), JF_END
};
#undef T

/* How the runs were taken, only when apart (a loaded verdict decides it again). */
static void
put_apart(cJSON *o, const struct json_field *f, const char *b)
{
	const struct gate_verdict *v = (const struct gate_verdict *)(const void *)b;

	if (v->apart != APART_NONE) {
		cJSON_AddBoolToObject(o, f->key, 1);
		cJSON_AddStringToObject(o, "apart_why", verdict_apart_name(v->apart));
	}
	if (v->shift == SHIFT_RECORD)
		cJSON_AddBoolToObject(o, "session_spread", 1);
}

/* The halves, the checks, the unmatched classes and the notes follow. */
#define T struct gate_verdict
const struct json_field verdict_top_fields[] = {
	STR("syncgate_version", version, JSON_NULL),
	WORD("verdict", overall, 0, RULINGS), WORD("mode", mode, 0, MODES),
	STR("headline", headline, JSON_NULL),
	NUM("confidence", confidence, JSON_NULL, CONFIDENCE),
	WORD("scope", scope, JSON_OPTIONAL, SCOPES),
	STR("noise_file", noise_file, ABSENT),
	BOOL("single_run_ok", single_run_ok, JSON_OPTIONAL, NULL),
	JF_HOOK("apart", NULL, put_apart),
	WORD("session_shift", shift, JSON_OMIT, SHIFTS),
	BOOL("default_spread", default_spread, JSON_OMIT, "true, or absent"),
	BOOL("paired", paired, JSON_OMIT, "true, or absent"),
	WORD("hosts", hosts, JSON_OPTIONAL, HOSTS),
	BOOL("same_host", same_host, JSON_OMIT, "true, or absent"),
	OBJ("ours", offsetof(T, ours), side_fields),
	OBJ("rival", offsetof(T, rival), side_fields),
	OBJ("unit", offsetof(T, unit), unit_fields), JF_END
};

/* Each half's own fields; then its classes.  The threshold is the reads'. */
const struct json_field verdict_half_fields[2][6] = { {
	WORD("verdict", reads.ruling, 0, RULINGS), STR("reason", reads.reason, JSON_NULL),
	NUM("read_speedup", read_speedup, JSON_NULL, POSITIVE),
	NUM("max_regression", max_regression, JSON_NULL, FRACTION), JF_END
}, {
	WORD("verdict", writes.ruling, 0, RULINGS),
	STR("reason", writes.reason, JSON_NULL),
	NUM("commit_syncs", commit_syncs, JSON_NULL, POSITIVE),
	NUM("max_regression", max_regression, JSON_NULL | JSON_COPY, FRACTION),
	STR("ceiling_note", ceiling_note, JSON_NULL), JF_END
} };
#undef T

/* A noted code's counts are COUNT's; its figures any finite number. */
SPAN(NOTED_FIGURE, -1e300, 1e300, 0, 0, 0, "a number or null");

/* JSON_OPTIONAL for a field added to a code after verdicts were saved with it. */
static int
added_later(int code, const char *field)
{
	return (code == NOTE_SEQ && strcmp(field, "spending") == 0) ||
	    (code == NOTE_PAIRED && strcmp(field, "df") == 0) ? JSON_OPTIONAL : 0;
}

/* One of what the gate noted: its code, then the fields that code uses. */
static int
get_note(const cJSON *o, struct gate_verdict *v, const struct json_at *w)
{
	static const char *names[VERDICT_NNOTES];
	const struct verdict_note_fields *f;
	struct verdict_note *nt;
	int code, side = 0, i;
	double d;

	for (i = 0; i < VERDICT_NNOTES; i++)
		names[i] = verdict_note_fields[i].name;
	if (!cJSON_IsObject(o))
		return json_bad(w, o, "an object");
	if (json_get_word(o, "code", 0, names, VERDICT_NNOTES, "a code "
	    "docs/verdict-format.md names", w, &code) < 0)
		return -1;
	f = &verdict_note_fields[code];
	if (f->side && json_get_word(o, "side", 0, note_sides, 3,
	    "\"ours\", \"rival\" or \"both\"", w, &side) < 0)
		return -1;
	nt = verdict_noted(v, (enum verdict_note_code)code, f->side ? side - 1 : -1);
	if (f->cls != NULL && json_get_string(o, f->cls, JSON_NULL, NULL, w,
	    &nt->cls) < 0)
		return -1;
	for (i = 0; i < 2; i++)
		if (f->s[i] != NULL && json_get_string(o, f->s[i], JSON_NULL |
		    added_later(code, f->s[i]), NULL, w, i ? &nt->b : &nt->a) < 0)
			return -1;
	for (i = 0; i < 6; i++) {
		if (f->n[i] == NULL)
			continue;
		d = 0;
		if (json_get_number(o, f->n[i], added_later(code, f->n[i]), &COUNT,
		    w, &d) < 0)
			return -1;
		nt->n[i] = (long long)d;
	}
	for (i = 0; i < 4; i++)
		if (f->x[i] != NULL && json_get_number(o, f->x[i], JSON_NULL,
		    &NOTED_FIGURE, w, &nt->x[i]) < 0)
			return -1;
	return 0;
}

int
verdict_get_noted(const cJSON *root, struct gate_verdict *v,
    const struct json_at *w)
{
	const cJSON *a, *o;
	struct json_at c, e;
	size_t i = 0;

	if (json_member(root, "noted") == NULL) {
		for (i = 0; i < v->nnotes; i++)
			verdict_noted(v, NOTE_SAVED, -1)->a = xstrdup(v->notes[i]);
		return 0;
	}
	if (json_get_array(root, "noted", 0, 0, "an array", w, &a, &c) < 0)
		return -1;
	cJSON_ArrayForEach(o, a) {
		json_at_index(&e, &c, i++);
		if (get_note(o, v, &e) < 0)
			return -1;
	}
	return 0;
}

/* Each code with the fields it uses, by their names. */
static cJSON *
noted_json(const struct verdict_note *nt)
{
	const struct verdict_note_fields *f = &verdict_note_fields[nt->code];
	cJSON *o = cJSON_CreateObject();
	char *const s[2] = { nt->a, nt->b };
	int i;

	cJSON_AddStringToObject(o, "code", f->name);
	if (f->side)
		cJSON_AddStringToObject(o, "side", note_sides[nt->side + 1]);
	if (f->cls != NULL)
		json_add_string_or_null(o, f->cls, nt->cls);
	for (i = 0; i < 2; i++)
		if (f->s[i] != NULL)
			json_add_string_or_null(o, f->s[i], s[i]);
	for (i = 0; i < 6; i++)
		if (f->n[i] != NULL)
			cJSON_AddNumberToObject(o, f->n[i], (double)nt->n[i]);
	for (i = 0; i < 4; i++)
		if (f->x[i] != NULL)
			json_add_number(o, f->x[i], nt->x[i]);
	return o;
}

/* A half's fields, then its classes, each with its place in the table. */
static cJSON *
half_json(const struct gate_verdict *v, enum class_kind kind)
{
	cJSON *o = json_put_object(verdict_half_fields[kind == KIND_WRITE], v), *a, *r;
	size_t i;

	a = cJSON_AddArrayToObject(o, "classes");
	for (i = 0; i < v->nrows; i++) {
		if (v->rows[i].kind != kind)
			continue;
		r = cJSON_CreateObject();
		json_add_number(r, "position", (double)i);
		json_put_fields(r, verdict_row_fields, &v->rows[i]);
		cJSON_AddItemToArray(a, r);
	}
	return o;
}

cJSON *
verdict_to_json(const struct gate_verdict *v)
{
	cJSON *o = cJSON_CreateObject(), *a;
	size_t i;

	cJSON_AddStringToObject(o, "format", VERDICT_FORMAT);
	json_put_fields(o, verdict_top_fields, v);
	cJSON_AddItemToObject(o, "reads", half_json(v, KIND_READ));
	cJSON_AddItemToObject(o, "writes", half_json(v, KIND_WRITE));
	cJSON_AddItemToObject(o, "checks", json_put_each(verdict_check_fields,
	    v->checks, sizeof *v->checks, v->nchecks));
	cJSON_AddItemToObject(o, "unmatched", json_put_each(verdict_unmatched_fields,
	    v->unmatched, sizeof *v->unmatched, v->nunmatched));
	cJSON_AddItemToObject(o, "notes", json_put_strings(v->notes, v->nnotes));
	a = cJSON_AddArrayToObject(o, "noted");
	for (i = 0; i < v->nnoted; i++)
		cJSON_AddItemToArray(a, noted_json(&v->noted[i]));
	return o;
}
