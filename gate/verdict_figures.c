/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict's figures held to each other as the gate makes them:
 * the thresholds to the mode, the unit to its source, a class's ratios
 * and syncs to its latencies, and each check to a kind the gate makes,
 * its limit to its half's threshold and its value to its class's
 * figures.  Its rulings are then made again from them
 * (gate/verdict_rulings.c), so only figures are held here, never words.
 * Figures agree within the gate's own tie (gate_tie).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gate/rerule.h"
#include "lib/err.h"
#include "lib/json.h"

/* Both absent, or x within the gate's tie of want. */
static int
agree(double x, double want)
{
	if (isnan(x) || isnan(want))
		return isnan(x) && isnan(want);
	/* an unbounded end (0 below, infinity above) agrees only with itself */
	if (x == want)
		return 1;
	return isfinite(x) && isfinite(want) && fabs(x - want) <= gate_tie(want);
}

/* A figure as the file would hold it: "8", "2.5364238410596025", "null". */
static const char *
fig(char *buf, size_t len, double d)
{
	if (isnan(d) || isinf(d))
		snprintf(buf, len, "null");
	else
		json_shortest(buf, len, d);
	return buf;
}

/* An interval as the file would hold it: "[2.2, 2.7]", "null". */
static const char *
interval(char *buf, size_t len, double lo, double hi)
{
	char a[32], b[32];

	if (isnan(lo) && isnan(hi))
		snprintf(buf, len, "null");
	else
		snprintf(buf, len, "[%s, %s]", fig(a, sizeof a, lo), fig(b, sizeof b, hi));
	return buf;
}

/* x's interval holds its point; no interval without a point. */
static int
holds(struct verdict_value x)
{
	if (isnan(x.v))
		return isnan(x.lo) && isnan(x.hi);
	return (isnan(x.lo) || x.lo <= x.v + gate_tie(x.v)) &&
	    (isnan(x.hi) || x.hi >= x.v - gate_tie(x.v));
}

static int
bad_interval(const char *file, const char *path, const char *key,
    struct verdict_value x, char *err)
{
	char a[80], b[32];

	return errf(err, "%s: %s.%s is %s; expected an interval around its figure, "
	    "%s", file, path, key, interval(a, sizeof a, x.lo, x.hi),
	    fig(b, sizeof b, x.v));
}

/* One figure of a row against what its latencies and unit give. */
static int
row_figure(struct verdict_value x, double want, const char *file,
    const char *path, const char *key, const char *from, char *err)
{
	char a[32], b[32];

	if (!agree(x.v, want))
		return errf(err, "%s: %s.%s is %s; expected %s, %s", file, path, key,
		    fig(a, sizeof a, x.v), fig(b, sizeof b, want), from);
	return 0;
}

static int
row_side(const struct verdict_row *r, int ours, const struct verdict_unit *u,
    const char *file, const char *path, char *err)
{
	const char *s = ours ? "ours" : "rival";
	struct verdict_value p[4] = { ours ? r->ours_p50 : r->rival_p50,
		ours ? r->ours_p99 : r->rival_p99,
		ours ? r->ours_syncs_p50 : r->rival_syncs_p50,
		ours ? r->ours_syncs_p99 : r->rival_syncs_p99 };
	static const char *const key[4] = { "p50_ns", "p99_ns", "p50_syncs", "p99_syncs" };
	static const char *const ci[4] = { "p50_ci_ns", "p99_ci_ns", "p50_syncs_ci",
		"p99_syncs_ci" };
	double unit = ours ? u->ours_ns : u->rival_ns;
	int syncs = r->kind == KIND_WRITE && u->source != UNIT_NONE;
	int has = ours ? r->ours_samples : r->rival_samples;
	size_t n = ours ? r->ours_nsamples : r->rival_nsamples;
	char k[40], from[96];
	int i;

	for (i = 0; i < 4; i++) {
		snprintf(k, sizeof k, "%s.%s", s, ci[i]);
		if (!holds(p[i]))
			return bad_interval(file, path, k, p[i], err);
		snprintf(k, sizeof k, "%s.%s", s, key[i]);
		if (i < 2)
			continue;
		if (syncs)
			snprintf(from, sizeof from, "%s.%s over unit.%s.ns", s,
			    key[i - 2], s);
		else
			snprintf(from, sizeof from, "%s", r->kind == KIND_READ ?
			    "as a read is not put in syncs" :
			    "as unit.source is \"none\"");
		if (row_figure(p[i], syncs ? p[i - 2].v / unit : NAN, file, path, k,
		    from, err) < 0)
			return -1;
	}
	if ((has != 0) != (n > 0))
		return errf(err, "%s: %s.%s.has_samples is %s; expected %s, as its "
		    "samples are %zu", file, path, s, has ? "true" : "false",
		    n > 0 ? "true" : "false", n);
	return 0;
}

int
verdict_check_row(const struct verdict_row *r,
    const struct verdict_unit *u, const char *file, const char *path, char *err)
{
	if (row_side(r, 1, u, file, path, err) < 0 ||
	    row_side(r, 0, u, file, path, err) < 0)
		return -1;
	if (!holds(r->ratio_p50))
		return bad_interval(file, path, "ratio.p50_ci", r->ratio_p50, err);
	if (!holds(r->ratio_p99))
		return bad_interval(file, path, "ratio.p99_ci", r->ratio_p99, err);
	return row_figure(r->ratio_p50, r->rival_p50.v / r->ours_p50.v, file, path,
	    "ratio.p50", "rival.p50_ns over ours.p50_ns", err) < 0 ||
	    row_figure(r->ratio_p99, r->rival_p99.v / r->ours_p99.v, file, path,
	    "ratio.p99", "rival.p99_ns over ours.p99_ns", err) < 0 ? -1 : 0;
}

/* The unit as its source has it: none without figures, one when shared. */
int
verdict_check_unit(const struct verdict_unit *u, const char *file,
    char *err)
{
	const char *src = unit_source_name(u->source);
	struct verdict_value o = { u->ours_ns, u->ours_lo_ns, u->ours_hi_ns };
	struct verdict_value r = { u->rival_ns, u->rival_lo_ns, u->rival_hi_ns };
	char a[32], b[80], c[32], d[80];

	if (u->source == UNIT_NONE && !(isnan(o.v) && isnan(r.v)))
		return errf(err, "%s: unit.%s.ns is %s; expected null, as unit.source "
		    "is \"none\"", file, isnan(o.v) ? "rival" : "ours",
		    fig(a, sizeof a, isnan(o.v) ? r.v : o.v));
	if (u->source == UNIT_NONE && u->why_none == NULL)
		return errf(err, "%s: unit.why_none is null; expected why writes are "
		    "not put in syncs, as unit.source is \"none\"", file);
	if (u->source != UNIT_NONE && (isnan(o.v) || isnan(r.v)))
		return errf(err, "%s: unit.%s.ns is null; expected one sync's latency, "
		    "as unit.source is \"%s\"", file, isnan(o.v) ? "ours" : "rival", src);
	if (!holds(o))
		return bad_interval(file, "unit", "ours.band_ns", o, err);
	if (!holds(r))
		return bad_interval(file, "unit", "rival.band_ns", r, err);
	if (u->source == UNIT_SHARED && !(o.v == r.v &&
	    ((isnan(o.lo) && isnan(r.lo)) || o.lo == r.lo) &&
	    ((isnan(o.hi) && isnan(r.hi)) || o.hi == r.hi)))
		return errf(err, "%s: unit.rival is %s with band %s; expected unit.ours "
		    "(%s with band %s), as unit.source is \"shared\"", file,
		    fig(a, sizeof a, r.v), interval(b, sizeof b, r.lo, r.hi),
		    fig(c, sizeof c, o.v), interval(d, sizeof d, o.lo, o.hi));
	return 0;
}

/* The thresholds of the verdict's mode, and none of the other's. */
static int
thresholds(const struct gate_verdict *v, const char *file, char *err)
{
	int base = v->mode == MODE_BASELINE;
	const struct {
		const char *key;
		double x;
		int want;
		const char *what;
	} t[3] = {
		{ "reads.read_speedup", v->read_speedup, !base,
		  "the least speedup of a read (--read-speedup)" },
		{ "writes.commit_syncs", v->commit_syncs, !base,
		  "the most syncs a commit (--commit-syncs)" },
		{ "reads.max_regression", v->max_regression, base,
		  "the most a class may slow (--max-regression)" },
	};
	const char *mode = base ? "a baseline" : "a rival";
	char a[32];
	size_t i;

	for (i = 0; i < 3; i++) {
		if (t[i].want && isnan(t[i].x))
			return errf(err, "%s: %s is null; expected %s in a verdict "
			    "against %s", file, t[i].key, t[i].what, mode);
		if (!t[i].want && !isnan(t[i].x))
			return errf(err, "%s: %s is %s; expected null in a verdict "
			    "against %s", file, t[i].key, fig(a, sizeof a, t[i].x), mode);
	}
	return 0;
}

/* A string of the file in a message: quoted, or null. */
static const char *
quoted(char *buf, size_t len, const char *s)
{
	char q[80];

	if (s == NULL)
		snprintf(buf, len, "null");
	else
		snprintf(buf, len, "\"%s\"", err_quote(q, sizeof q, s));
	return buf;
}

const struct gate_check_kind *
verdict_check_kind(const struct gate_verdict *v, size_t i, const char *file,
    char *err)
{
	const struct verdict_check *c = &v->checks[i];
	const struct gate_check_kind *k = c->statistic == NULL ? NULL :
	    gate_check_kind_find(c->statistic, v->mode, c->kind,
	    v->unit.source != UNIT_NONE);
	char q[96], a[32], b[32];

	if (k == NULL) {
		errf(err, "%s: checks[%zu].statistic is %s; expected a check the gate "
		    "makes of a %s class against %s%s", file, i,
		    quoted(q, sizeof q, c->statistic), class_kind_name(c->kind),
		    v->mode == MODE_BASELINE ? "a baseline" : "a rival",
		    c->kind == KIND_WRITE && v->unit.source == UNIT_NONE ?
		    " without a sync unit" : "");
		return NULL;
	}
	if (c->value_unit == NULL || strcmp(c->value_unit, k->value_unit) != 0) {
		errf(err, "%s: checks[%zu].value_unit is %s; expected \"%s\" for a "
		    "\"%s\" check", file, i, quoted(q, sizeof q, c->value_unit),
		    k->value_unit, k->statistic);
		return NULL;
	}
	if (c->comparison == NULL || strcmp(c->comparison, k->at_least ? ">=" :
	    "<=") != 0) {
		errf(err, "%s: checks[%zu].comparison is %s; expected \"%s\" for a "
		    "\"%s\" check", file, i, quoted(q, sizeof q, c->comparison),
		    k->at_least ? ">=" : "<=", k->statistic);
		return NULL;
	}
	if (!agree(c->limit, gate_check_limit(k, v))) {
		errf(err, "%s: checks[%zu].limit is %s; expected %s, %s", file, i,
		    fig(a, sizeof a, c->limit), fig(b, sizeof b, gate_check_limit(k, v)),
		    gate_limit_sources[k->limit]);
		return NULL;
	}
	return k;
}

/*
 * The interval the gate gave c's figure where its class holds it too
 * (the gate computes both alike); 0 where only the check holds it.
 */
static int
derived_ci(const struct gate_check_kind *k, const struct verdict_row *row,
    const struct gate_verdict *v, struct verdict_value *want, const char **from)
{
	const struct verdict_value *ratio = k->quantile == 99 ? &row->ratio_p99 :
	    &row->ratio_p50;
	int units = k->kind == KIND_WRITE && (v->unit.source == UNIT_PER_VOLUME ||
	    v->unit.source == UNIT_PER_RUN);

	if (k->limit == LIMIT_COMMIT_SYNCS) {
		*want = row->ours_syncs_p50;
		*from = "ours.p50_syncs_ci";
	} else if (k->limit == LIMIT_READ_SPEEDUP || (k->limit == LIMIT_RIVAL && !units)) {
		*want = *ratio;
		*from = k->quantile == 99 ? "ratio.p99_ci" : "ratio.p50_ci";
	} else if (k->limit == LIMIT_REGRESSION && !units) {
		/* the regression is the ratio upside down, its ends swapped */
		want->lo = 1 / ratio->hi;
		want->hi = 1 / ratio->lo;
		*from = k->quantile == 99 ? "1 over ratio.p99_ci" : "1 over ratio.p50_ci";
	} else
		return 0;
	return 1;
}

int
verdict_check_value(const struct gate_verdict *v, size_t i,
    const struct gate_check_kind *k, const struct verdict_row *row,
    const char *file, char *err)
{
	const struct verdict_check *c = &v->checks[i];
	double want = gate_check_figure(k, row, &v->unit);
	struct verdict_value ci;
	const char *from;
	char a[80], b[80], q[96], path[40];

	if (!agree(c->value.v, want))
		return errf(err, "%s: checks[%zu].value is %s; expected %s, the "
		    "figure of its class %s", file, i, fig(a, sizeof a, c->value.v),
		    fig(b, sizeof b, want), quoted(q, sizeof q, c->class_name));
	snprintf(path, sizeof path, "checks[%zu]", i);
	if (!holds(c->value))
		return bad_interval(file, path, "ci", c->value, err);
	if (k->quantile == 0 || !derived_ci(k, row, v, &ci, &from) ||
	    (agree(c->value.lo, ci.lo) && agree(c->value.hi, ci.hi)))
		return 0;
	return errf(err, "%s: checks[%zu].ci is %s; expected %s, %s of its class %s",
	    file, i, interval(a, sizeof a, c->value.lo, c->value.hi),
	    interval(b, sizeof b, ci.lo, ci.hi), from,
	    quoted(q, sizeof q, c->class_name));
}

int
verdict_check_figures(const struct gate_verdict *v, const char *name,
    char *err)
{
	size_t i;

	if (thresholds(v, name, err) < 0)
		return -1;
	for (i = 0; i < v->nchecks; i++)
		if (verdict_check_kind(v, i, name, err) == NULL)
			return -1;
	return 0;
}
