/* SPDX-License-Identifier: MIT */
/*
 * syncgate-verdict/1 back into a struct gate_verdict: its schema and
 * ranges held here, one table of fields a struct, its rulings made again
 * (gate/verdict_rulings.c).  Every key report/json.c writes must be
 * present (null where absent); unknown keys are ignored.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/verdict.h"
#include "gate/turns.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "lib/json.h"
#include "model/result_host.h"

/* The verdict format this build reads, and each earlier. */
#define VERDICT_PREFIX "syncgate-verdict/"
#define VERDICT_VERSION 1

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

struct words {
	const char *const *w;
	size_t n;
	const char *expected;
};

static const char *const side_words[] = { "rival", "ours" };
/* a note's side: its index less one, as verdict_note's side */
static const char *const note_sides[] = { "both", "ours", "rival" };
static const char *const rounds_word[] = { "rounds" };

static const struct words RULINGS = { ruling_names, VERDICT_NRULINGS,
	"\"pass\", \"fail\", \"indeterminate\" or \"not ruled\"" };
static const struct words KINDS = { class_kind_names, KIND_WRITE + 1,
	"\"read\" or \"write\"" };
static const struct words REACHES = { reach_names, REACH_NO + 1,
	"\"yes\", \"no\" or \"unknown\"" };
static const struct words SOURCES = { unit_source_names, UNIT_NSOURCES,
	"\"shared\", \"per-volume\", \"per-run\" or \"none\"" };
static const struct words MODES = { gate_mode_names, GATE_NMODES,
	"\"rival\" or \"baseline\"" };
static const struct words SCOPES = { verdict_scope_names, VERDICT_NSCOPES,
	"\"run\" or \"runs\"" };
static const struct words HOSTS = { verdict_hosts_names, VERDICT_NHOSTS,
	"\"same\", \"different\", \"unknown\" or \"unrecorded\"" };
static const struct words SETTLES = { verdict_settle_names, VERDICT_NSETTLES,
	"\"runs\", \"samples\", \"on-limit\", ... (docs/verdict-format.md) or \"none\"" };
static const struct words SHIFTS = { verdict_shift_names, VERDICT_NSHIFTS,
	"\"default\", \"record\" or \"none\"" };
static const struct words SIDES = { side_words, 2, "\"ours\" or \"rival\"" };
static const struct words UNUSABLES = { unit_unusable_names, UNIT_NUNUSABLE,
	"\"none\", \"unprobed\", \"no-reach\" or \"unsure\"" };
static const struct words WINDOWS = { unit_window_names, UNIT_NWINDOWS,
	"\"before\", \"thin\", \"through\", \"brackets\" or \"paused\"" };
static const struct words TWOS = { unit_two_names, UNIT_NTWO,
	"\"none\", \"hosts\", \"volumes\", \"methods\" or \"write-sizes\"" };
static const struct words PICKS = { unit_pick_names, UNIT_NPICKS,
	"\"none\", \"one-probe\", \"equal\", \"ours\" or \"rival\"" };
/* "rounds" where a side's band spans its rounds' medians; absent: an interval */
static const struct words ROUNDS = { rounds_word, 1, "\"rounds\" or absent" };

enum field_type {
	F_STR,                  /* char * */
	F_NUM,                  /* double, null as NaN */
	F_PAIR,                 /* an interval, its ends at off and hi */
	F_LLONG, F_SIZE, F_INT, /* a whole number, null as -1 */
	F_BOOL,                 /* int */
	F_WORD,                 /* an enum: the index of its word */
	F_FLAG,                 /* int: 1 where the word is there */
	F_STRINGS,              /* char **, their count at hi */
	F_SESSION,              /* char[SESSION_ID_LEN + 1] */
	F_OBJ                   /* an object of fields sub, of the struct at off */
};

/* One member of a JSON object, and the member of a struct it is read into. */
struct field {
	const char *key;
	enum field_type type;
	int flags;              /* JSON_OPTIONAL, JSON_NULL */
	size_t off, hi;         /* F_OBJ: hi an int set where the object is there */
	const struct json_span *span;
	const struct words *words;
	const struct field *sub;
	const char *what;       /* F_BOOL: what is expected, NULL "true or false" */
};

#define ABSENT (JSON_OPTIONAL | JSON_NULL)
#define AT(b, off, type) ((type *)(void *)((b) + (off)))
/* A table's struct is T, defined before it. */
#define F(k, ty, fl, m) .key = k, .type = ty, .flags = fl, .off = offsetof(T, m)
#define STR(k, m, fl) { F(k, F_STR, fl, m) }
#define NUM(k, m, fl, s) { F(k, F_NUM, fl, m), .span = &s }
#define WHOLE(k, ty, m, fl, s) { F(k, ty, fl, m), .span = &s }
#define PAIR(k, lo, h, s) { F(k, F_PAIR, JSON_NULL, lo), .hi = offsetof(T, h), .span = &s }
/* a figure and its interval */
#define VALUE(k, ci, m, s) NUM(k, m.v, JSON_NULL, s), PAIR(ci, m.lo, m.hi, s)
#define BOOL(k, m, fl, w) { F(k, F_BOOL, fl, m), .what = w }
#define WORD(k, m, fl, w) { F(k, F_WORD, fl, m), .words = &w }
#define OBJ(k, at, f) { .key = k, .type = F_OBJ, .off = at, .sub = f }
#define END { .key = NULL }

/* A run as it was taken, each null where the run recorded none. */
SPAN(PLACE, 0, 2e9, 0, 0, 1, "a whole number from 0 to 2000000000");
SPAN(WHEN, 0, 1e11, 0, 0, 0,
    "seconds since the epoch, from 0 to 1e+11, or null");

#define T struct verdict_run
static const struct field taken_fields[] = {
	STR("host", host, JSON_NULL),
	WHOLE("run", F_LLONG, run, 0, PLACE), WHOLE("runs", F_LLONG, runs, 0, PLACE),
	WHOLE("order", F_LLONG, order, 0, PLACE),
	NUM("started_s", started_s, JSON_NULL, WHEN),
	WHOLE("plan_min", F_LLONG, plan_min, 0, PLACE),
	WHOLE("plan_max", F_LLONG, plan_max, 0, PLACE),
	NUM("plan_confidence", plan_confidence, JSON_NULL, CONFIDENCE),
	{ F("session", F_SESSION, 0, session) }, END
};
#undef T

#define T struct verdict_side
static const struct field group_fields[] = {
	WHOLE("writers", F_INT, group_writers, 0, WRITERS),
	NUM("syncs_p50", group_syncs_p50, JSON_NULL, SYNCS),
	NUM("syncs_p99", group_syncs_p99, JSON_NULL, SYNCS), END
};

static const struct field probe_fields[] = {
	STR("host_id", host_id, JSON_NULL), STR("volume_id", volume_id, JSON_NULL),
	STR("fs", fs, JSON_NULL), STR("method", method, JSON_NULL),
	STR("device", device, JSON_NULL), WORD("reaches_device", reaches, 0, REACHES),
	NUM("median_ns", probe_median_ns, JSON_NULL, LATENCY),
	PAIR("ci_ns", probe_ci_lo_ns, probe_ci_hi_ns, LATENCY),
	NUM("ci_level", probe_ci_level, JSON_NULL, LEVEL),
	WHOLE("samples", F_SIZE, probe_samples, 0, COUNT),
	{ F("evidence", F_STRINGS, 0, evidence), .hi = offsetof(T, nevidence) },
	{ .key = "group_commit", .type = F_OBJ, .flags = JSON_NULL, .sub = group_fields },
	END
};

/* The runs behind a side follow (get_runs). */
static const struct field side_fields[] = {
	STR("engine", engine, 0), STR("label", label, JSON_NULL),
	STR("version", version, JSON_NULL), STR("workload", workload, JSON_NULL),
	WHOLE("concurrency", F_LLONG, concurrency, JSON_NULL, COUNT_OR_NULL),
	STR("file", file, JSON_NULL), STR("probe_file", probe_file, JSON_NULL),
	{ .key = "probe", .type = F_OBJ, .flags = JSON_NULL,
	  .hi = offsetof(T, has_probe), .sub = probe_fields }, END
};
#undef T

#define T struct verdict_unit_basis
static const struct field basis_fields[] = {
	WORD("unusable", unusable, 0, UNUSABLES),
	NUM("sync_ns", sync_ns, JSON_NULL, LATENCY),
	{ F("evidence", F_STRINGS, 0, evidence), .hi = offsetof(T, nevidence) },
	WHOLE("run", F_LLONG, run, 0, PLACE), WHOLE("runs", F_LLONG, nruns, 0, PLACE),
	STR("run_file", run_file, JSON_NULL), WORD("window", window, 0, WINDOWS),
	WHOLE("rounds", F_LLONG, rounds, 0, COUNT),
	WHOLE("per_round", F_LLONG, per_round, 0, COUNT),
	NUM("every_ns", every_ns, JSON_NULL, LATENCY),
	NUM("cost", cost, JSON_NULL, FRACTION),
	WHOLE("runs_from_rounds", F_LLONG, runs_rounds, 0, PLACE),
	STR("method", method, JSON_NULL),
	WHOLE("write_bytes", F_LLONG, write_bytes, 0, COUNT), END
};
#undef T

/* A unit's basis came after syncgate 0.3: a verdict without keeps its words. */
#define T struct verdict_unit
#define UNIT_SIDE(s) { NUM("ns", s##_ns, JSON_NULL, LATENCY), \
	PAIR("band_ns", s##_lo_ns, s##_hi_ns, LATENCY), \
	{ F("band_from", F_FLAG, JSON_OPTIONAL, s##_band_rounds), .words = &ROUNDS }, \
	{ F("basis", F_OBJ, JSON_OPTIONAL, s##_basis), .hi = offsetof(T, has_basis), \
	  .sub = basis_fields }, END }
static const struct field unit_ours[] = UNIT_SIDE(ours);
static const struct field unit_rival[] = UNIT_SIDE(rival);

static const struct field unit_fields[] = {
	WORD("source", source, 0, SOURCES),
	WORD("two", two, JSON_OPTIONAL, TWOS), WORD("picked", pick, JSON_OPTIONAL, PICKS),
	OBJ("ours", 0, unit_ours), OBJ("rival", 0, unit_rival),
	STR("description", description, JSON_NULL),
	STR("why_none", why_none, JSON_NULL), END
};
#undef T

/* A row's position is read first, to find its place (get_row). */
#define T struct verdict_row
#define ROW_SIDE(s) { WHOLE("samples", F_SIZE, s##_nsamples, 0, COUNT), \
	VALUE("p50_ns", "p50_ci_ns", s##_p50, LATENCY), \
	VALUE("p99_ns", "p99_ci_ns", s##_p99, LATENCY), \
	VALUE("p50_syncs", "p50_syncs_ci", s##_syncs_p50, SYNCS), \
	VALUE("p99_syncs", "p99_syncs_ci", s##_syncs_p99, SYNCS), \
	BOOL("has_samples", s##_samples, 0, NULL), \
	NUM("flushes_per_op", s##_flushes, JSON_OPTIONAL, FLUSHES), END }
static const struct field row_ours[] = ROW_SIDE(ours), row_rival[] = ROW_SIDE(rival);

static const struct field ratio_fields[] = {
	VALUE("p50", "p50_ci", ratio_p50, RATIO),
	VALUE("p99", "p99_ci", ratio_p99, RATIO), END
};

static const struct field row_fields[] = {
	STR("name", name, 0), WORD("verdict", ruling, 0, RULINGS),
	OBJ("ours", 0, row_ours), OBJ("rival", 0, row_rival),
	OBJ("ratio", 0, ratio_fields), END
};
#undef T

/* The counts after samples_needed came after syncgate 0.1: absent, -1. */
#define T struct verdict_check
static const struct field check_fields[] = {
	STR("class", class_name, 0), WORD("kind", kind, 0, KINDS),
	STR("statistic", statistic, JSON_NULL), VALUE("value", "ci", value, FIGURE),
	STR("value_unit", value_unit, JSON_NULL),
	STR("comparison", comparison, JSON_NULL),
	NUM("limit", limit, JSON_NULL, POSITIVE), WORD("verdict", ruling, 0, RULINGS),
	STR("reason", reason, JSON_NULL),
	WHOLE("samples_needed", F_LLONG, samples_needed, JSON_NULL, COUNT_OR_NULL),
	WHOLE("samples_needed_high", F_LLONG, samples_needed_hi, ABSENT, COUNT_OR_NULL),
	WHOLE("runs_needed", F_LLONG, runs_needed, ABSENT, COUNT_OR_NULL),
	WHOLE("runs_needed_high", F_LLONG, runs_needed_hi, ABSENT, COUNT_OR_NULL),
	BOOL("held", held, JSON_OPTIONAL, NULL),
	WORD("settle", settle, JSON_OPTIONAL, SETTLES), END
};
#undef T

/* A class only ours ran: its figures, each optional (older verdicts have none). */
#define T struct verdict_unmatched
static const struct field unmatched_fields[] = {
	STR("name", name, 0), WORD("kind", kind, 0, KINDS),
	WORD("ran_by", ours, 0, SIDES), STR("reason", reason, JSON_NULL),
	NUM("p50_ns", p50_ns, ABSENT, LATENCY), NUM("p99_ns", p99_ns, ABSENT, LATENCY),
	NUM("p50_syncs", syncs_p50, ABSENT, SYNCS),
	NUM("p99_syncs", syncs_p99, ABSENT, SYNCS),
	NUM("flushes_per_op", flushes, ABSENT, FLUSHES), END
};
#undef T

/* The halves, the checks, the unmatched classes and the notes follow. */
#define T struct gate_verdict
static const struct field top_fields[] = {
	STR("syncgate_version", version, JSON_NULL),
	WORD("verdict", overall, 0, RULINGS), WORD("mode", mode, 0, MODES),
	STR("headline", headline, JSON_NULL),
	NUM("confidence", confidence, JSON_NULL, CONFIDENCE),
	WORD("scope", scope, JSON_OPTIONAL, SCOPES),
	STR("noise_file", noise_file, ABSENT),
	BOOL("single_run_ok", single_run_ok, JSON_OPTIONAL, NULL),
	WORD("session_shift", shift, JSON_OPTIONAL, SHIFTS),
	BOOL("default_spread", default_spread, JSON_OPTIONAL, "true, or absent"),
	BOOL("paired", paired, JSON_OPTIONAL, "true, or absent"),
	WORD("hosts", hosts, JSON_OPTIONAL, HOSTS),
	BOOL("same_host", same_host, JSON_OPTIONAL, "true, or absent"),
	OBJ("ours", offsetof(T, ours), side_fields),
	OBJ("rival", offsetof(T, rival), side_fields),
	OBJ("unit", offsetof(T, unit), unit_fields), END
};

/* Each half's own fields; then its classes, and the writes' max_regression. */
static const struct field half_fields[2][5] = { {
	WORD("verdict", reads.ruling, 0, RULINGS), STR("reason", reads.reason, JSON_NULL),
	NUM("read_speedup", read_speedup, JSON_NULL, POSITIVE),
	NUM("max_regression", max_regression, JSON_NULL, FRACTION), END
}, {
	WORD("verdict", writes.ruling, 0, RULINGS),
	STR("reason", writes.reason, JSON_NULL),
	NUM("commit_syncs", commit_syncs, JSON_NULL, POSITIVE),
	STR("ceiling_note", ceiling_note, JSON_NULL), END
} };
#undef T

_Static_assert(sizeof(enum ruling) == sizeof(int) && sizeof(enum reach) == sizeof(int),
    "an enum read as the int of its word");

static int get_fields(const cJSON *o, const struct field *f, char *b,
    const struct json_at *w);

static int
get_strings(const cJSON *o, const char *key, char ***out, size_t *n,
    const struct json_at *w)
{
	const cJSON *a, *s;
	struct json_at c, e;

	if (json_get_array(o, key, 0, 0, "an array", w, &a, &c) < 0)
		return -1;
	*out = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof **out);
	cJSON_ArrayForEach(s, a) {
		json_at_index(&e, &c, *n);
		if (!cJSON_IsString(s))
			return json_bad(&e, s, "a string");
		(*out)[(*n)++] = xstrdup(s->valuestring);
	}
	return 0;
}

/* A run's session id: 32 lowercase hexadecimal digits, or null. */
static int
get_session_id(const cJSON *o, char *session, const struct json_at *w)
{
	char *id = NULL, q[80];
	int rc = 0;

	if (json_get_string(o, "session", JSON_NULL, "32 lowercase hexadecimal "
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

/*
 * The member key of o into the struct at b as f says.  An interval's end
 * that could not be bounded is null: 0 below, infinity above.
 */
static int
get_field(const cJSON *o, const struct field *f, char *b, const struct json_at *w)
{
	const cJSON *sub;
	struct json_at c;
	double d, *lo = AT(b, f->off, double), *hi = AT(b, f->hi, double);
	int i, rc;

	switch (f->type) {
	case F_STR:
		rc = json_get_string(o, f->key, f->flags, f->flags & JSON_NULL ?
		    "a string or null" : "a string", w, AT(b, f->off, char *));
		break;
	case F_PAIR:
		rc = json_get_pair(o, f->key, JSON_NULL, "null or [low, high] "
		    "(numbers or null)", f->span, JSON_NULL, w, lo, hi);
		if (rc == 0) {
			*lo = isnan(*lo) ? 0 : *lo;
			*hi = isnan(*hi) ? INFINITY : *hi;
		}
		break;
	case F_NUM:
	case F_LLONG:
	case F_SIZE:
	case F_INT:
		rc = json_get_number(o, f->key, f->flags, f->span, w, &d);
		if (f->type == F_NUM)
			*AT(b, f->off, double) = d;
		else if (f->type == F_LLONG)
			*AT(b, f->off, long long) = isnan(d) ? -1 : (long long)d;
		else if (rc == 0 && f->type == F_SIZE)
			*AT(b, f->off, size_t) = (size_t)d;
		else if (rc == 0)
			*AT(b, f->off, int) = (int)d;
		break;
	case F_BOOL:
		rc = json_get_bool(o, f->key, f->flags, f->what, w,
		    AT(b, f->off, int));
		break;
	case F_WORD:
	case F_FLAG:
		rc = json_get_word(o, f->key, f->flags, f->words->w, f->words->n,
		    f->words->expected, w, &i);
		if (rc == 0)
			*AT(b, f->off, int) = f->type == F_FLAG ? 1 : i;
		break;
	case F_STRINGS:
		return get_strings(o, f->key, AT(b, f->off, char **),
		    AT(b, f->hi, size_t), w);
	case F_SESSION:
		return get_session_id(o, AT(b, f->off, char), w);
	default:
		rc = json_get_object(o, f->key, f->flags, f->flags & JSON_NULL ?
		    "an object or null" : "an object", w, &sub, &c);
		if (rc != 0)
			break;
		/* no flag is the first member of its struct */
		if (f->hi != 0)
			*AT(b, f->hi, int) = 1;
		return get_fields(sub, f->sub, b + f->off, &c);
	}
	return rc < 0 ? -1 : 0;
}

static int
get_fields(const cJSON *o, const struct field *f, char *b, const struct json_at *w)
{
	for (; f->key != NULL; f++)
		if (get_field(o, f, b, w) < 0)
			return -1;
	return 0;
}

/* Each element of the array a, an object of fields f, into list (size bytes each). */
static int
get_each(const cJSON *a, const struct field *f, char *list, size_t size,
    size_t *n, const struct json_at *w)
{
	const cJSON *o;
	struct json_at c;

	cJSON_ArrayForEach(o, a) {
		json_at_index(&c, w, *n);
		if (!cJSON_IsObject(o))
			return json_bad(&c, o, "an object");
		if (get_fields(o, f, list + (*n)++ * size, &c) < 0)
			return -1;
	}
	return 0;
}

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
	return get_each(a, taken_fields, (char *)s->taken, sizeof *s->taken, &n,
	    &c);
}

/* The runs behind a side (keys added after syncgate 0.1: absent, one run). */
static int
get_runs(const cJSON *root, const char *key, struct verdict_side *s,
    const struct json_at *top)
{
	const cJSON *o = json_member(root, key);
	struct json_at w, c;
	double n;

	json_at_key(&w, top, key);
	if (json_get_number(o, "runs", JSON_OPTIONAL, &RUNS, &w, &n) < 0 ||
	    get_host(o, s, &w) < 0)
		return -1;
	n = isnan(n) ? 1 : n;
	if (json_member(o, "run_files") == NULL) {
		s->runs = 1;
		s->run_files = xcalloc(1, sizeof *s->run_files);
		s->run_files[0] = xstrdup(s->file ? s->file : "");
		return 0;
	}
	if (get_strings(o, "run_files", &s->run_files, &s->runs, &w) < 0)
		return -1;
	json_at_key(&c, &w, "run_files");
	if (s->runs != (size_t)n)
		return errf(w.err, "%s: %s holds %zu files; expected %.0f, one a run",
		    w.file, c.path, s->runs, n);
	return get_taken(o, s, &w);
}

/* A row into its position in v->rows, which must still be free. */
static int
get_row(const cJSON *o, enum class_kind kind, struct gate_verdict *v,
    const struct json_at *w)
{
	char what[64];
	struct json_span at = { 0, (double)v->nrows - 1, 0, 0, 1, what, NULL, NULL };
	struct verdict_row *r;
	struct json_at c;
	double pos;

	if (!cJSON_IsObject(o))
		return json_bad(w, o, "an object");
	snprintf(what, sizeof what, EXPECTED("a whole number from 0 to %zu"),
	    v->nrows - 1);
	if (json_get_number(o, "position", 0, &at, w, &pos) < 0)
		return -1;
	r = &v->rows[(size_t)pos];
	json_at_key(&c, w, "position");
	if (r->name != NULL)
		return errf(w->err, "%s: %s is %.0f, the position of another class; "
		    "expected each class at its own position", w->file, c.path, pos);
	r->kind = kind;
	if (get_fields(o, row_fields, (char *)r, w) < 0)
		return -1;
	return verdict_derive_row(r, &v->unit, w->file, w->path, w->err);
}

static size_t
array_len(const cJSON *root, const char *half)
{
	const cJSON *a = json_member(json_member(root, half), "classes");

	return cJSON_IsArray(a) ? (size_t)cJSON_GetArraySize(a) : 0;
}

/* Both halves; positions in range and each used once cover every row. */
static int
get_halves(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	static const char *const key[] = { "reads", "writes" };
	const cJSON *o, *rows, *r;
	struct json_at c, rc, ic;
	double other;
	size_t i, k;

	v->nrows = array_len(root, "reads") + array_len(root, "writes");
	v->rows = xcalloc(v->nrows + 1, sizeof *v->rows);
	for (k = 0; k < 2; k++) {
		if (json_get_object(root, key[k], 0, "an object", w, &o, &c) < 0 ||
		    get_fields(o, half_fields[k], (char *)v, &c) < 0 ||
		    json_get_array(o, "classes", 0, 0, "an array", &c, &rows, &rc) < 0)
			return -1;
		i = 0;
		cJSON_ArrayForEach(r, rows) {
			json_at_index(&ic, &rc, i++);
			if (get_row(r, k ? KIND_WRITE : KIND_READ, v, &ic) < 0)
				return -1;
		}
	}
	/* one threshold written in both halves: the writes' copy only in range */
	return json_get_number(o, "max_regression", JSON_NULL, &FRACTION, &c,
	    &other) < 0 ? -1 : 0;
}

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

/* What the gate noted, as codes; an older verdict keeps its words as NOTE_SAVED. */
static int
get_noted(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
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

/* The fields in file order, but for the halves, which need the unit. */
static int
get_verdict(const cJSON *root, struct gate_verdict *v, const struct json_at *w)
{
	const cJSON *checks, *alone, *o;
	struct json_at cc, ac;
	size_t i;

	if (get_fields(root, top_fields, (char *)v, w) < 0 ||
	    get_runs(root, "ours", &v->ours, w) < 0 ||
	    get_runs(root, "rival", &v->rival, w) < 0 ||
	    verdict_derive_unit(&v->unit, w->file, w->err) < 0 ||
	    get_halves(root, v, w) < 0 ||
	    json_get_array(root, "checks", 0, 0, "an array", w, &checks, &cc) < 0)
		return -1;
	v->checks = xcalloc((size_t)cJSON_GetArraySize(checks) + 1, sizeof *v->checks);
	if (get_each(checks, check_fields, (char *)v->checks, sizeof *v->checks,
	    &v->nchecks, &cc) < 0 ||
	    json_get_array(root, "unmatched", 0, 0, "an array", w, &alone, &ac) < 0)
		return -1;
	v->unmatched = xcalloc((size_t)cJSON_GetArraySize(alone) + 1,
	    sizeof *v->unmatched);
	if (get_each(alone, unmatched_fields, (char *)v->unmatched,
	    sizeof *v->unmatched, &v->nunmatched, &ac) < 0 ||
	    get_strings(root, "notes", &v->notes, &v->nnotes, w) < 0 ||
	    get_noted(root, v, w) < 0)
		return -1;
	/* a verdict before session_shift said only that a record carried it */
	if (json_member(root, "session_shift") == NULL &&
	    cJSON_IsTrue(json_member(root, "session_spread")))
		v->shift = SHIFT_RECORD;
	/* how the runs were taken, decided again: never the saved "apart" */
	v->apart = v->ours.taken != NULL && v->rival.taken != NULL ?
	    gate_runs_apart(v->ours.taken, v->ours.runs, v->rival.taken,
	    v->rival.runs) : APART_NO_SESSION;
	/* the gate writes it only when given: false would not render back */
	if (json_member(root, "same_host") != NULL && !v->same_host)
		return errf(w->err, "%s: same_host is false; expected true, or absent "
		    "without --same-host", w->file);
	/* older verdicts: the one count is both ends; no settle, what counts say */
	i = 0;
	cJSON_ArrayForEach(o, checks) {
		struct verdict_check *c = &v->checks[i++];

		if (json_member(o, "samples_needed_high") == NULL)
			c->samples_needed_hi = c->samples_needed;
		if (json_member(o, "settle") == NULL)
			c->settle = c->runs_needed >= 0 ? SETTLE_RUNS :
			    c->samples_needed >= 0 ? SETTLE_SAMPLES : SETTLE_NONE;
	}
	return 0;
}

/* A later syncgate-verdict/N is refused as such: it may rule by rules unknown here. */
static int
later_format(const cJSON *root, const char *name, char *err)
{
	const cJSON *f = json_member(root, "format");
	const char *n = cJSON_IsString(f) ? f->valuestring : "";
	size_t len = strlen(VERDICT_PREFIX);

	if (strncmp(n, VERDICT_PREFIX, len) != 0 || n[len] == '\0' ||
	    strspn(n + len, "0123456789") != strlen(n + len) ||
	    strlen(n + len) > 9 || atoi(n + len) <= VERDICT_VERSION)
		return 0;
	return errf(err, "%s: format is \"%s\", later than this syncgate reads; "
	    "expected \"%s\" or earlier (a later syncgate renders it)", name, n,
	    VERDICT_FORMAT);
}

int
verdict_from_json(const cJSON *root, const char *name,
    struct gate_verdict *v, char *err)
{
	static const char *const format[] = { VERDICT_FORMAT };
	struct json_at w;
	int f;

	verdict_init(v);
	json_at_init(&w, name, "", err);
	if (!cJSON_IsObject(root))
		return errf(err, "%s: the top level is %s; expected a %s object", name,
		    json_kind(root), VERDICT_FORMAT);
	if (later_format(root, name, err) < 0 ||
	    json_get_word(root, "format", 0, format, 1, "\"" VERDICT_FORMAT "\"",
	    &w, &f) < 0)
		return -1;
	/* every key is there, null where the figure is absent */
	w.missing = "it in every " VERDICT_FORMAT;
	if (get_verdict(root, v, &w) < 0 || verdict_rerule(v, name, err) < 0) {
		verdict_free(v);
		return -1;
	}
	return 0;
}

int
verdict_load(const char *path, struct gate_verdict *v, char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	int rc;

	verdict_init(v);
	if (root == NULL)
		return -1;
	rc = verdict_from_json(root, path, v, err);
	cJSON_Delete(root);
	return rc;
}
