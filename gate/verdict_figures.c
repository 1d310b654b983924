/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict's figures made again from those they derive from, as
 * the gate makes them: a class's ratios and syncs from its latencies and
 * the unit, a shared unit's rival from ours, a check's interval, unit
 * and comparison from its kind and its class.  A stored copy of a
 * derived figure is not read.  What a check is ruled on is held: its
 * figure to its class's and its limit to its half's threshold, within
 * the gate's tie (gate_tie), and every interval around its figure.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/verdict_figures.h"
#include "lib/err.h"
#include "lib/json.h"

/* Both absent, or x within the gate's tie of want. */
static int
agree(double x, double want)
{
	if (isnan(x) || isnan(want))
		return isnan(x) && isnan(want);
	return x == want || (isfinite(want) && fabs(x - want) <= gate_tie(want));
}

/* A figure as the file would hold it: "8", "2.5364238410596025", "null". */
static const char *
fig(char *buf, size_t len, double d)
{
	return isfinite(d) ? json_shortest(buf, len, d) : strcpy(buf, "null");
}

/* 0 where x's interval, at path.key, holds its figure; none without one. */
static int
check_interval(struct verdict_value x, const char *file, const char *path,
    const char *key, char *err)
{
	char a[32], b[32], c[32];

	if (isnan(x.v) ? isnan(x.lo) && isnan(x.hi) :
	    (isnan(x.lo) || x.lo <= x.v + gate_tie(x.v)) &&
	    (isnan(x.hi) || x.hi >= x.v - gate_tie(x.v)))
		return 0;
	if (isnan(x.lo) && isnan(x.hi))
		return errf(err, "%s: %s.%s is null; expected an interval around its "
		    "figure, %s", file, path, key, fig(c, sizeof c, x.v));
	return errf(err, "%s: %s.%s is [%s, %s]; expected an interval around its "
	    "figure, %s", file, path, key, fig(a, sizeof a, x.lo),
	    fig(b, sizeof b, x.hi), fig(c, sizeof c, x.v));
}

int
verdict_derive_row(struct verdict_row *r, const struct verdict_unit *u,
    const char *file, const char *path, char *err)
{
	double uo = r->kind == KIND_WRITE ? u->ours_ns : NAN;
	double ur = r->kind == KIND_WRITE ? u->rival_ns : NAN;
	const struct {
		const char *ci;
		const struct verdict_value *x;
	} t[] = {
		{ "ours.p50_ci_ns", &r->ours_p50 }, { "ours.p99_ci_ns", &r->ours_p99 },
		{ "rival.p50_ci_ns", &r->rival_p50 }, { "rival.p99_ci_ns", &r->rival_p99 },
		{ "ours.p50_syncs_ci", &r->ours_syncs_p50 },
		{ "ours.p99_syncs_ci", &r->ours_syncs_p99 },
		{ "rival.p50_syncs_ci", &r->rival_syncs_p50 },
		{ "rival.p99_syncs_ci", &r->rival_syncs_p99 },
		{ "ratio.p50_ci", &r->ratio_p50 }, { "ratio.p99_ci", &r->ratio_p99 },
	};
	size_t i;

	/* as the gate divides them (gate_combine): no unit is NaN, no figure */
	r->ratio_p50.v = r->rival_p50.v / r->ours_p50.v;
	r->ratio_p99.v = r->rival_p99.v / r->ours_p99.v;
	r->ours_syncs_p50.v = r->ours_p50.v / uo;
	r->ours_syncs_p99.v = r->ours_p99.v / uo;
	r->rival_syncs_p50.v = r->rival_p50.v / ur;
	r->rival_syncs_p99.v = r->rival_p99.v / ur;
	r->ours_samples = r->ours_nsamples > 0;
	r->rival_samples = r->rival_nsamples > 0;
	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		if (check_interval(*t[i].x, file, path, t[i].ci, err) < 0)
			return -1;
	return 0;
}

int
verdict_derive_unit(struct verdict_unit *u, const char *file, char *err)
{
	double o = u->ours_ns, r = u->rival_ns;
	char a[32];

	if (u->source == UNIT_NONE && !(isnan(o) && isnan(r)))
		return errf(err, "%s: unit.%s.ns is %s; expected null, as unit.source "
		    "is \"none\"", file, isnan(o) ? "rival" : "ours",
		    fig(a, sizeof a, isnan(o) ? r : o));
	if (u->source == UNIT_NONE && !u->has_basis && u->why_none == NULL)
		return errf(err, "%s: unit.why_none is null; expected why writes are "
		    "not put in syncs, as unit.source is \"none\"", file);
	if (u->source == UNIT_NONE && u->has_basis &&
	    u->ours_basis.unusable == UNUSABLE_NONE &&
	    u->rival_basis.unusable == UNUSABLE_NONE)
		return errf(err, "%s: unit.ours.basis.unusable and "
		    "unit.rival.basis.unusable are \"none\"; expected why writes are "
		    "not put in syncs, as unit.source is \"none\"", file);
	if (u->source != UNIT_NONE && (isnan(o) || isnan(r)))
		return errf(err, "%s: unit.%s.ns is null; expected one sync's latency, "
		    "as unit.source is \"%s\"", file, isnan(o) ? "ours" : "rival",
		    unit_source_name(u->source));
	if (u->source == UNIT_SHARED) {
		u->rival_ns = o;
		u->rival_lo_ns = u->ours_lo_ns;
		u->rival_hi_ns = u->ours_hi_ns;
		u->rival_band_rounds = u->ours_band_rounds;
	}
	if (check_interval((struct verdict_value){ o, u->ours_lo_ns, u->ours_hi_ns },
	    file, "unit", "ours.band_ns", err) < 0)
		return -1;
	return check_interval((struct verdict_value){ u->rival_ns, u->rival_lo_ns,
	    u->rival_hi_ns }, file, "unit", "rival.band_ns", err);
}

int
verdict_check_thresholds(const struct gate_verdict *v, const char *file,
    char *err)
{
	int base = v->mode == MODE_BASELINE;
	const struct {
		const char *key;
		double x;
		int want;
		const char *what;
	} t[3] = {
		{ "reads.read_speedup", v->read_speedup, !base,
		  EXPECTED("the least speedup of a read (--read-speedup)") },
		{ "writes.commit_syncs", v->commit_syncs, !base,
		  EXPECTED("the most syncs a commit (--commit-syncs)") },
		{ "reads.max_regression", v->max_regression, base,
		  EXPECTED("the most a class may slow (--max-regression)") },
	};
	char a[32];
	size_t i;

	for (i = 0; i < 3; i++)
		if (t[i].want == !!isnan(t[i].x))
			return errf(err, "%s: %s is %s; expected %s in a verdict against "
			    "%s", file, t[i].key, fig(a, sizeof a, t[i].x), t[i].want ?
			    t[i].what : "null", base ? "a baseline" : "a rival");
	return 0;
}

const struct gate_check_kind *
verdict_check_kind(const struct gate_verdict *v, size_t i, const char *file,
    char *err)
{
	const struct verdict_check *c = &v->checks[i];
	const struct gate_check_kind *k = c->statistic == NULL ? NULL :
	    gate_check_kind_find(c->statistic, v->mode, c->kind,
	    v->unit.source != UNIT_NONE);
	char q[80], a[32], b[32];

	if (k == NULL)
		errf(err, "%s: checks[%zu].statistic is %s%s%s; expected a check the "
		    "gate makes of a %s class against %s%s", file, i,
		    c->statistic ? "\"" : "", c->statistic ? err_quote(q, sizeof q,
		    c->statistic) : "null", c->statistic ? "\"" : "",
		    class_kind_name(c->kind), v->mode == MODE_BASELINE ?
		    "a baseline" : "a rival", c->kind == KIND_WRITE &&
		    v->unit.source == UNIT_NONE ? " without a sync unit" : "");
	else if (!agree(c->limit, gate_check_limit(k, v)))
		errf(err, "%s: checks[%zu].limit is %s; expected %s, %s", file, i,
		    fig(a, sizeof a, c->limit), fig(b, sizeof b, gate_check_limit(k, v)),
		    gate_limit_sources[k->limit]);
	else
		return k;
	return NULL;
}

/*
 * The interval the gate gave a check of kind k where its class holds
 * the same (the gate computes both alike): 1 with it in want, or 0.  A
 * regression's, the ratio's upside down, is not its ends' reciprocals to
 * the bit, so it is held around its figure instead.
 */
static int
derived_ci(const struct gate_check_kind *k, const struct verdict_row *row,
    const struct verdict_unit *u, struct verdict_value *want)
{
	int units = k->kind == KIND_WRITE && (u->source == UNIT_PER_VOLUME ||
	    u->source == UNIT_PER_RUN);

	if (k->quantile == 0)
		return 0;
	if (k->limit == LIMIT_COMMIT_SYNCS)
		*want = row->ours_syncs_p50;
	else if (k->limit == LIMIT_READ_SPEEDUP || (k->limit == LIMIT_RIVAL && !units))
		*want = k->quantile == 99 ? row->ratio_p99 : row->ratio_p50;
	else
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
	char a[32], b[32], q[80], path[40];

	if (!agree(c->value.v, want))
		return errf(err, "%s: checks[%zu].value is %s; expected %s, the "
		    "figure of its class \"%s\"", file, i, fig(a, sizeof a, c->value.v),
		    fig(b, sizeof b, want), err_quote(q, sizeof q, c->class_name));
	snprintf(path, sizeof path, "checks[%zu]", i);
	return derived_ci(k, row, &v->unit, &ci) ? 0 :
	    check_interval(c->value, file, path, "ci", err);
}

void
verdict_derive_check(struct verdict_check *c, const struct gate_check_kind *k,
    const struct verdict_row *row, const struct verdict_unit *u)
{
	struct verdict_value ci;

	free(c->value_unit);
	free(c->comparison);
	c->value_unit = xstrdup(k->value_unit);
	c->comparison = xstrdup(k->at_least ? ">=" : "<=");
	if (derived_ci(k, row, u, &ci)) {
		c->value.lo = ci.lo;
		c->value.hi = ci.hi;
	}
}
