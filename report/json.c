/* SPDX-License-Identifier: MIT */
/*
 * The verdict as syncgate-verdict/1 (docs/verdict-format.md).  Every key is
 * written, absent figures null, so scripts can rely on the shape.  Doubles
 * print in the fewest digits that read back exactly (cJSON's printer
 * settles within an epsilon), so a loaded verdict re-renders the same bytes.
 */
#include <math.h>
#include <stdio.h>

#include "lib/json.h"
#include "model/result_host.h"
#include "report/report.h"

/* [lo, hi], an unbounded end (0 below, infinity above) null; null for none. */
static void
add_interval(cJSON *o, const char *key, double lo, double hi)
{
	cJSON *a;

	if (isnan(lo) && isnan(hi)) {
		cJSON_AddNullToObject(o, key);
		return;
	}
	a = cJSON_AddArrayToObject(o, key);
	cJSON_AddItemToArray(a, json_number_item(lo > 0 ? lo : NAN));
	cJSON_AddItemToArray(a, json_number_item(hi));
}

static void
add_value(cJSON *o, const char *key, const char *ci_key, struct verdict_value x)
{
	json_add_number(o, key, x.v);
	add_interval(o, ci_key, x.lo, x.hi);
}

static void
add_count(cJSON *o, const char *key, long long n)
{
	json_add_number(o, key, n >= 0 ? (double)n : NAN);
}

static cJSON *
string_array(char *const *s, size_t n)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(s[i]));
	return a;
}

static cJSON *
probe_json(const struct verdict_side *s)
{
	cJSON *p = cJSON_CreateObject(), *g;

	json_add_string_or_null(p, "host_id", s->host_id);
	json_add_string_or_null(p, "volume_id", s->volume_id);
	json_add_string_or_null(p, "fs", s->fs);
	json_add_string_or_null(p, "method", s->method);
	json_add_string_or_null(p, "device", s->device);
	cJSON_AddStringToObject(p, "reaches_device", reach_name(s->reaches));
	json_add_number(p, "median_ns", s->probe_median_ns);
	add_interval(p, "ci_ns", s->probe_ci_lo_ns, s->probe_ci_hi_ns);
	json_add_number(p, "ci_level", s->probe_ci_level);
	json_add_number(p, "samples", (double)s->probe_samples);
	cJSON_AddItemToObject(p, "evidence", string_array(s->evidence, s->nevidence));
	if (s->group_writers > 0) {
		g = cJSON_AddObjectToObject(p, "group_commit");
		json_add_number(g, "writers", s->group_writers);
		json_add_number(g, "syncs_p50", s->group_syncs_p50);
		json_add_number(g, "syncs_p99", s->group_syncs_p99);
	} else {
		cJSON_AddNullToObject(p, "group_commit");
	}
	return p;
}

/* How each run was taken: what a verdict read back decides apart from. */
static cJSON *
taken_json(const struct verdict_side *s)
{
	cJSON *a = cJSON_CreateArray(), *o;
	size_t i;

	for (i = 0; i < s->runs; i++) {
		const struct verdict_run *t = &s->taken[i];

		o = cJSON_CreateObject();
		json_add_string_or_null(o, "session", t->session[0] ? t->session : NULL);
		cJSON_AddNumberToObject(o, "run", (double)t->run);
		cJSON_AddNumberToObject(o, "runs", (double)t->runs);
		cJSON_AddNumberToObject(o, "order", (double)t->order);
		json_add_number(o, "started_s", t->started_s);
		json_add_string_or_null(o, "host", t->host);
		cJSON_AddNumberToObject(o, "plan_min", (double)t->plan_min);
		cJSON_AddNumberToObject(o, "plan_max", (double)t->plan_max);
		json_add_number(o, "plan_confidence", t->plan_confidence);
		cJSON_AddItemToArray(a, o);
	}
	return a;
}

static cJSON *
side_json(const struct verdict_side *s)
{
	cJSON *o = cJSON_CreateObject();

	json_add_string_or_null(o, "engine", s->engine);
	json_add_string_or_null(o, "label", s->label);
	json_add_string_or_null(o, "version", s->version);
	json_add_string_or_null(o, "workload", s->workload);
	add_count(o, "concurrency", s->concurrency);
	json_add_string_or_null(o, "file", s->file);
	json_add_string_or_null(o, "probe_file", s->probe_file);
	json_add_number(o, "runs", (double)(s->runs > 0 ? s->runs : 1));
	cJSON_AddItemToObject(o, "run_files", s->run_files != NULL ?
	    string_array(s->run_files, s->runs) : string_array(&s->file, 1));
	if (s->taken != NULL)
		cJSON_AddItemToObject(o, "runs_taken", taken_json(s));
	/* only where known, so a verdict of results without hosts reads as before */
	if (s->host != NULL)
		cJSON_AddItemToObject(o, "host", result_host_to_json(s->host));
	if (s->host_many)
		cJSON_AddBoolToObject(o, "host_many", 1);
	cJSON_AddItemToObject(o, "probe", s->has_probe ? probe_json(s) :
	    cJSON_CreateNull());
	return o;
}

/* What a side's unit was taken from (docs/verdict-format.md, "basis"). */
static cJSON *
basis_json(const struct verdict_unit_basis *b)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "unusable", unit_unusable_names[b->unusable]);
	json_add_number(o, "sync_ns", b->sync_ns);
	cJSON_AddItemToObject(o, "evidence", string_array(b->evidence, b->nevidence));
	json_add_number(o, "run", (double)b->run);
	json_add_number(o, "runs", (double)b->nruns);
	json_add_string_or_null(o, "run_file", b->run_file);
	cJSON_AddStringToObject(o, "window", unit_window_names[b->window]);
	json_add_number(o, "rounds", (double)b->rounds);
	json_add_number(o, "per_round", (double)b->per_round);
	json_add_number(o, "every_ns", b->every_ns);
	json_add_number(o, "cost", b->cost);
	json_add_number(o, "runs_from_rounds", (double)b->runs_rounds);
	json_add_string_or_null(o, "method", b->method);
	json_add_number(o, "write_bytes", (double)b->write_bytes);
	return o;
}

static void
unit_side_json(cJSON *o, const char *key, const struct verdict_unit *u, int rival)
{
	cJSON *side = cJSON_AddObjectToObject(o, key);

	json_add_number(side, "ns", rival ? u->rival_ns : u->ours_ns);
	add_interval(side, "band_ns", rival ? u->rival_lo_ns : u->ours_lo_ns,
	    rival ? u->rival_hi_ns : u->ours_hi_ns);
	if (rival ? u->rival_band_rounds : u->ours_band_rounds)
		cJSON_AddStringToObject(side, "band_from", "rounds");
	if (u->has_basis)
		cJSON_AddItemToObject(side, "basis", basis_json(rival ? &u->rival_basis :
		    &u->ours_basis));
}

static cJSON *
unit_json(const struct verdict_unit *u)
{
	cJSON *o = cJSON_CreateObject();
	int shared = u->source == UNIT_SHARED;

	cJSON_AddStringToObject(o, "source", unit_source_name(u->source));
	if (u->two != TWO_NONE)
		cJSON_AddStringToObject(o, "two", unit_two_names[u->two]);
	if (u->pick != PICK_NONE)
		cJSON_AddStringToObject(o, "picked", unit_pick_names[u->pick]);
	json_add_number(o, "ns", shared ? u->ours_ns : NAN);
	add_interval(o, "band_ns", shared ? u->ours_lo_ns : NAN,
	    shared ? u->ours_hi_ns : NAN);
	unit_side_json(o, "ours", u, 0);
	unit_side_json(o, "rival", u, 1);
	json_add_string_or_null(o, "description", u->description);
	json_add_string_or_null(o, "why_none", u->why_none);
	return o;
}

/* Only where known, so older verdicts read as they were. */
static void
add_known(cJSON *o, const char *key, double x)
{
	if (!isnan(x))
		json_add_number(o, key, x);
}

static void
row_side_json(cJSON *row, const char *key, struct verdict_value p50,
    struct verdict_value p99, struct verdict_value s50, struct verdict_value s99,
    int samples, size_t nsamples, double flushes)
{
	cJSON *o = cJSON_AddObjectToObject(row, key);

	add_value(o, "p50_ns", "p50_ci_ns", p50);
	add_value(o, "p99_ns", "p99_ci_ns", p99);
	add_value(o, "p50_syncs", "p50_syncs_ci", s50);
	add_value(o, "p99_syncs", "p99_syncs_ci", s99);
	cJSON_AddBoolToObject(o, "has_samples", samples != 0);
	json_add_number(o, "samples", (double)nsamples);
	add_known(o, "flushes_per_op", flushes);
}

static cJSON *
row_json(const struct verdict_row *r, size_t position)
{
	cJSON *o = cJSON_CreateObject(), *ratio;

	json_add_number(o, "position", (double)position);
	json_add_string_or_null(o, "name", r->name);
	cJSON_AddStringToObject(o, "verdict", ruling_name(r->ruling));
	row_side_json(o, "ours", r->ours_p50, r->ours_p99, r->ours_syncs_p50,
	    r->ours_syncs_p99, r->ours_samples, r->ours_nsamples, r->ours_flushes);
	row_side_json(o, "rival", r->rival_p50, r->rival_p99, r->rival_syncs_p50,
	    r->rival_syncs_p99, r->rival_samples, r->rival_nsamples, r->rival_flushes);
	ratio = cJSON_AddObjectToObject(o, "ratio");
	add_value(ratio, "p50", "p50_ci", r->ratio_p50);
	add_value(ratio, "p99", "p99_ci", r->ratio_p99);
	return o;
}

static cJSON *
half_json(const struct gate_verdict *v, enum class_kind kind)
{
	const struct verdict_half *h = kind == KIND_READ ? &v->reads : &v->writes;
	cJSON *o = cJSON_CreateObject(), *rows;
	size_t i;

	cJSON_AddStringToObject(o, "verdict", ruling_name(h->ruling));
	json_add_string_or_null(o, "reason", h->reason);
	if (kind == KIND_READ)
		json_add_number(o, "read_speedup", v->read_speedup);
	else
		json_add_number(o, "commit_syncs", v->commit_syncs);
	json_add_number(o, "max_regression", v->max_regression);
	if (kind == KIND_WRITE)
		json_add_string_or_null(o, "ceiling_note", v->ceiling_note);
	rows = cJSON_AddArrayToObject(o, "classes");
	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == kind)
			cJSON_AddItemToArray(rows, row_json(&v->rows[i], i));
	return o;
}

static cJSON *
check_json(const struct verdict_check *c)
{
	cJSON *o = cJSON_CreateObject();

	json_add_string_or_null(o, "class", c->class_name);
	cJSON_AddStringToObject(o, "kind", class_kind_name(c->kind));
	json_add_string_or_null(o, "statistic", c->statistic);
	add_value(o, "value", "ci", c->value);
	json_add_string_or_null(o, "value_unit", c->value_unit);
	json_add_string_or_null(o, "comparison", c->comparison);
	json_add_number(o, "limit", c->limit);
	cJSON_AddStringToObject(o, "verdict", ruling_name(c->ruling));
	json_add_string_or_null(o, "reason", c->reason);
	add_count(o, "samples_needed", c->samples_needed);
	add_count(o, "samples_needed_high", c->samples_needed_hi);
	add_count(o, "runs_needed", c->runs_needed);
	add_count(o, "runs_needed_high", c->runs_needed_hi);
	cJSON_AddBoolToObject(o, "held", c->held);
	cJSON_AddStringToObject(o, "settle", verdict_settle_name(c->settle));
	return o;
}

static cJSON *
unmatched_json(const struct verdict_unmatched *m)
{
	cJSON *u = cJSON_CreateObject();

	json_add_string_or_null(u, "name", m->name);
	cJSON_AddStringToObject(u, "kind", class_kind_name(m->kind));
	cJSON_AddStringToObject(u, "ran_by", m->ours ? "ours" : "rival");
	json_add_string_or_null(u, "reason", m->reason);
	if (!m->ours)
		return u;
	add_known(u, "p50_ns", m->p50_ns);
	add_known(u, "p99_ns", m->p99_ns);
	add_known(u, "p50_syncs", m->syncs_p50);
	add_known(u, "p99_syncs", m->syncs_p99);
	add_known(u, "flushes_per_op", m->flushes);
	return u;
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
		cJSON_AddStringToObject(o, "side", nt->side < 0 ? "both" :
		    nt->side ? "rival" : "ours");
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

cJSON *
report_verdict_to_json(const struct gate_verdict *v)
{
	cJSON *o = cJSON_CreateObject(), *a;
	size_t i;

	cJSON_AddStringToObject(o, "format", VERDICT_FORMAT);
	json_add_string_or_null(o, "syncgate_version", v->version);
	cJSON_AddStringToObject(o, "verdict", ruling_name(v->overall));
	cJSON_AddStringToObject(o, "mode", gate_mode_name(v->mode));
	json_add_string_or_null(o, "headline", v->headline);
	json_add_number(o, "confidence", v->confidence);
	cJSON_AddStringToObject(o, "scope", verdict_scope_name(v->scope));
	json_add_string_or_null(o, "noise_file", v->noise_file);
	cJSON_AddBoolToObject(o, "single_run_ok", v->single_run_ok);
	/* only when so, to read as before; a loaded verdict redecides it */
	if (v->apart != APART_NONE) {
		cJSON_AddBoolToObject(o, "apart", 1);
		cJSON_AddStringToObject(o, "apart_why", verdict_apart_name(v->apart));
	}
	if (v->shift == SHIFT_RECORD)
		cJSON_AddBoolToObject(o, "session_spread", 1);
	if (v->shift != SHIFT_NONE)
		cJSON_AddStringToObject(o, "session_shift", verdict_shift_name(v->shift));
	if (v->default_spread)
		cJSON_AddBoolToObject(o, "default_spread", 1);
	if (v->paired)
		cJSON_AddBoolToObject(o, "paired", 1);
	cJSON_AddStringToObject(o, "hosts", verdict_hosts_name(v->hosts));
	/* only when given, so a verdict without it reads as before */
	if (v->same_host)
		cJSON_AddBoolToObject(o, "same_host", 1);
	cJSON_AddItemToObject(o, "ours", side_json(&v->ours));
	cJSON_AddItemToObject(o, "rival", side_json(&v->rival));
	cJSON_AddItemToObject(o, "unit", unit_json(&v->unit));
	cJSON_AddItemToObject(o, "reads", half_json(v, KIND_READ));
	cJSON_AddItemToObject(o, "writes", half_json(v, KIND_WRITE));
	a = cJSON_AddArrayToObject(o, "checks");
	for (i = 0; i < v->nchecks; i++)
		cJSON_AddItemToArray(a, check_json(&v->checks[i]));
	a = cJSON_AddArrayToObject(o, "unmatched");
	for (i = 0; i < v->nunmatched; i++)
		cJSON_AddItemToArray(a, unmatched_json(&v->unmatched[i]));
	cJSON_AddItemToObject(o, "notes", string_array(v->notes, v->nnotes));
	a = cJSON_AddArrayToObject(o, "noted");
	for (i = 0; i < v->nnoted; i++)
		cJSON_AddItemToArray(a, noted_json(&v->noted[i]));
	return o;
}

int
report_json(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	(void)o;
	return json_print_and_delete(fp, report_verdict_to_json(v));
}
