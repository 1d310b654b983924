/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict's figures held to each other as the gate makes them:
 * an interval to its figure, the thresholds to the mode, the unit to its
 * source, a class's ratios and syncs to its latencies, and each check to
 * a kind the gate makes, its limit to its half's threshold and its value
 * to its class's figures.  Its rulings are then made again from them
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
	return x == want || (isfinite(x) && isfinite(want) &&
	    fabs(x - want) <= gate_tie(want));
}

/* Exactly equal, or both absent. */
static int
same(double x, double y)
{
	return x == y || (isnan(x) && isnan(y));
}

/* A figure as the file would hold it: "8", "2.5364238410596025", "null". */
static const char *
fig(char *buf, size_t len, double d)
{
	return isfinite(d) ? json_shortest(buf, len, d) : strcpy(buf, "null");
}

/* An interval as the file would hold it: "[2.2, 2.7]", "null". */
static const char *
interval(char *buf, size_t len, double lo, double hi)
{
	char a[32], b[32];

	if (isnan(lo) && isnan(hi))
		return strcpy(buf, "null");
	snprintf(buf, len, "[%s, %s]", fig(a, sizeof a, lo), fig(b, sizeof b, hi));
	return buf;
}

/* A string of the file in a message: quoted, or null. */
static const char *
quoted(char *buf, size_t len, const char *s)
{
	char q[80];

	if (s == NULL)
		return strcpy(buf, "null");
	snprintf(buf, len, "\"%s\"", err_quote(q, sizeof q, s));
	return buf;
}

/* 0 where x's interval, at path.key, holds its figure; none without one. */
static int
check_interval(struct verdict_value x, const char *file, const char *path,
    const char *key, char *err)
{
	char a[80], b[32];
	int holds = isnan(x.v) ? isnan(x.lo) && isnan(x.hi) :
	    (isnan(x.lo) || x.lo <= x.v + gate_tie(x.v)) &&
	    (isnan(x.hi) || x.hi >= x.v - gate_tie(x.v));

	if (holds)
		return 0;
	return errf(err, "%s: %s.%s is %s; expected an interval around its figure, "
	    "%s", file, path, key, interval(a, sizeof a, x.lo, x.hi),
	    fig(b, sizeof b, x.v));
}

int
verdict_check_row(const struct verdict_row *r, const struct verdict_unit *u,
    const char *file, const char *path, char *err)
{
	int syncs = r->kind == KIND_WRITE && u->source != UNIT_NONE, i;
	const char *none = r->kind == KIND_READ ? "as a read is not put in syncs" :
	    "as unit.source is \"none\"";
	/* each interval, then each figure that follows from the latencies */
	const struct {
		const char *key, *ci;
		struct verdict_value x;
		double want;
		const char *from;       /* NULL: a latency, which nothing gives */
	} t[] = {
		{ "ours.p50_ns", "ours.p50_ci_ns", r->ours_p50, NAN, NULL },
		{ "ours.p99_ns", "ours.p99_ci_ns", r->ours_p99, NAN, NULL },
		{ "rival.p50_ns", "rival.p50_ci_ns", r->rival_p50, NAN, NULL },
		{ "rival.p99_ns", "rival.p99_ci_ns", r->rival_p99, NAN, NULL },
		{ "ours.p50_syncs", "ours.p50_syncs_ci", r->ours_syncs_p50,
		  r->ours_p50.v / u->ours_ns, "ours.p50_ns over unit.ours.ns" },
		{ "ours.p99_syncs", "ours.p99_syncs_ci", r->ours_syncs_p99,
		  r->ours_p99.v / u->ours_ns, "ours.p99_ns over unit.ours.ns" },
		{ "rival.p50_syncs", "rival.p50_syncs_ci", r->rival_syncs_p50,
		  r->rival_p50.v / u->rival_ns, "rival.p50_ns over unit.rival.ns" },
		{ "rival.p99_syncs", "rival.p99_syncs_ci", r->rival_syncs_p99,
		  r->rival_p99.v / u->rival_ns, "rival.p99_ns over unit.rival.ns" },
		{ "ratio.p50", "ratio.p50_ci", r->ratio_p50,
		  r->rival_p50.v / r->ours_p50.v, "rival.p50_ns over ours.p50_ns" },
		{ "ratio.p99", "ratio.p99_ci", r->ratio_p99,
		  r->rival_p99.v / r->ours_p99.v, "rival.p99_ns over ours.p99_ns" },
	};
	char a[32], b[32];

	for (i = 0; i < 10; i++)
		if (check_interval(t[i].x, file, path, t[i].ci, err) < 0)
			return -1;
	for (i = 4; i < 10; i++) {
		double want = i < 8 && !syncs ? NAN : t[i].want;

		if (!agree(t[i].x.v, want))
			return errf(err, "%s: %s.%s is %s; expected %s, %s", file, path,
			    t[i].key, fig(a, sizeof a, t[i].x.v), fig(b, sizeof b, want),
			    i < 8 && !syncs ? none : t[i].from);
	}
	for (i = 0; i < 2; i++) {
		int has = i ? r->rival_samples : r->ours_samples;
		size_t n = i ? r->rival_nsamples : r->ours_nsamples;

		if ((has != 0) != (n > 0))
			return errf(err, "%s: %s.%s.has_samples is %s; expected %s, as "
			    "its samples are %zu", file, path, i ? "rival" : "ours",
			    has ? "true" : "false", n > 0 ? "true" : "false", n);
	}
	return 0;
}

/* The unit as its source has it: none without figures, one when shared. */
int
verdict_check_unit(const struct verdict_unit *u, const char *file, char *err)
{
	const char *src = unit_source_name(u->source);
	double o = u->ours_ns, r = u->rival_ns;
	char a[32], b[80], c[32], d[80];

	if (u->source == UNIT_NONE && !(isnan(o) && isnan(r)))
		return errf(err, "%s: unit.%s.ns is %s; expected null, as unit.source "
		    "is \"none\"", file, isnan(o) ? "rival" : "ours",
		    fig(a, sizeof a, isnan(o) ? r : o));
	if (u->source == UNIT_NONE && u->why_none == NULL)
		return errf(err, "%s: unit.why_none is null; expected why writes are "
		    "not put in syncs, as unit.source is \"none\"", file);
	if (u->source != UNIT_NONE && (isnan(o) || isnan(r)))
		return errf(err, "%s: unit.%s.ns is null; expected one sync's latency, "
		    "as unit.source is \"%s\"", file, isnan(o) ? "ours" : "rival", src);
	if (check_interval((struct verdict_value){ o, u->ours_lo_ns, u->ours_hi_ns },
	    file, "unit", "ours.band_ns", err) < 0 ||
	    check_interval((struct verdict_value){ r, u->rival_lo_ns, u->rival_hi_ns },
	    file, "unit", "rival.band_ns", err) < 0)
		return -1;
	if (u->source == UNIT_SHARED && !(o == r && same(u->ours_lo_ns,
	    u->rival_lo_ns) && same(u->ours_hi_ns, u->rival_hi_ns)))
		return errf(err, "%s: unit.rival is %s with band %s; expected unit.ours "
		    "(%s with band %s), as unit.source is \"shared\"", file,
		    fig(a, sizeof a, r), interval(b, sizeof b, u->rival_lo_ns,
		    u->rival_hi_ns), fig(c, sizeof c, o), interval(d, sizeof d,
		    u->ours_lo_ns, u->ours_hi_ns));
	return 0;
}

/* The thresholds of the verdict's mode, and none of the other's. */
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
		  "the least speedup of a read (--read-speedup)" },
		{ "writes.commit_syncs", v->commit_syncs, !base,
		  "the most syncs a commit (--commit-syncs)" },
		{ "reads.max_regression", v->max_regression, base,
		  "the most a class may slow (--max-regression)" },
	};
	const char *mode = base ? "a baseline" : "a rival";
	char a[32];
	size_t i;

	for (i = 0; i < 3; i++)
		if (t[i].want == !!isnan(t[i].x))
			return errf(err, "%s: %s is %s; expected %s in a verdict against "
			    "%s", file, t[i].key, fig(a, sizeof a, t[i].x), t[i].want ?
			    t[i].what : "null", mode);
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
	const char *key[2] = { "value_unit", "comparison" };
	const char *got[2] = { c->value_unit, c->comparison }, *want[2];
	char q[96], a[32], b[32];
	int j;

	if (k == NULL) {
		errf(err, "%s: checks[%zu].statistic is %s; expected a check the gate "
		    "makes of a %s class against %s%s", file, i,
		    quoted(q, sizeof q, c->statistic), class_kind_name(c->kind),
		    v->mode == MODE_BASELINE ? "a baseline" : "a rival",
		    c->kind == KIND_WRITE && v->unit.source == UNIT_NONE ?
		    " without a sync unit" : "");
		return NULL;
	}
	want[0] = k->value_unit;
	want[1] = k->at_least ? ">=" : "<=";
	for (j = 0; j < 2; j++)
		if (got[j] == NULL || strcmp(got[j], want[j]) != 0) {
			errf(err, "%s: checks[%zu].%s is %s; expected \"%s\" for a "
			    "\"%s\" check", file, i, key[j], quoted(q, sizeof q, got[j]),
			    want[j], k->statistic);
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
	} else if (k->limit == LIMIT_READ_SPEEDUP ||
	    (k->limit == LIMIT_RIVAL && !units)) {
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
	if (check_interval(c->value, file, path, "ci", err) < 0)
		return -1;
	if (k->quantile == 0 || !derived_ci(k, row, v, &ci, &from) ||
	    (agree(c->value.lo, ci.lo) && agree(c->value.hi, ci.hi)))
		return 0;
	return errf(err, "%s: checks[%zu].ci is %s; expected %s, %s of its class %s",
	    file, i, interval(a, sizeof a, c->value.lo, c->value.hi),
	    interval(b, sizeof b, ci.lo, ci.hi), from,
	    quoted(q, sizeof q, c->class_name));
}
