/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict ruled again.  Derived figures are made again as the
 * gate makes them, never read; what a check is ruled on is held to its
 * class's figures and its half's threshold (within gate_tie); then each
 * check is ruled by the gate's own judge and combined as the gate does.
 * A file whose rulings and words were edited to "pass" over failing
 * figures renders, and exits, as the gate ruled it.  Names are sorted
 * once: 10000 classes cost a sort, not classes times checks.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/checks.h"
#include "gate/rules.h"
#include "gate/verdict.h"
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

/* The thresholds of v's mode, and none of the other mode's. */
static int
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

/* Check i's kind, one the gate makes with its half's limit; or NULL, err set. */
static const struct gate_check_kind *
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
 * 1 with the interval a check of kind k shares with its class's row, or
 * 0: a regression's is not the ratio's reciprocals to the bit.
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

/* Check i's value as its row gives it, and its own interval around it. */
static int
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

struct named {
	const char *name;
	size_t i;
	int row;        /* 1: v->rows[i]; 0: v->unmatched[i] */
};

static int
cmp_name(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* By name, rows first, so a name both in the table and unmatched names the latter. */
static int
cmp_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = cmp_name(a, b);

	if (c != 0 || x->row != y->row)
		return c != 0 ? c : y->row - x->row;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Each class once, as the gate matches classes by name whatever their kind. */
static int
check_names(const struct named *all, size_t n, const char *name, char *err)
{
	char q[80];
	size_t i;

	for (i = 1; i < n; i++) {
		const struct named *a = &all[i - 1], *b = &all[i];

		if (strcmp(a->name, b->name) != 0)
			continue;
		err_quote(q, sizeof q, b->name);
		if (b->row)
			return errf(err, "%s: the class \"%s\" is in the table twice; "
			    "expected each class once", name, q);
		return errf(err, "%s: unmatched[%zu] \"%s\" is %s; expected %s", name,
		    b->i, q, a->row ? "a class in the table" : "listed twice",
		    a->row ? "a class only one side ran" : "each class once");
	}
	return 0;
}

/*
 * Each check one the gate makes for a class of the table, with its
 * figures, once each; rowi[i] (when not NULL) gets check i's row.
 */
static int
check_each(const struct gate_verdict *v, const struct named *all, size_t n,
    size_t *rowi, unsigned *seen, const char *name, char *err)
{
	static const char *const why[] = { "rules each",
	    EXPECTED("makes one where both sides counted flushes against a rival") };
	int unit = v->unit.source != UNIT_NONE;
	size_t i, k;
	char q[80];

	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];
		const struct gate_check_kind *kd = verdict_check_kind(v, i, name, err);
		struct named key = { c->class_name, 0, 1 };
		const struct named *hit = bsearch(&key, all, n, sizeof *all, cmp_name);

		if (kd == NULL)
			return -1;
		if (hit == NULL || !hit->row || v->rows[hit->i].kind != c->kind)
			return errf(err, "%s: checks[%zu] is of a %s class in neither "
			    "reads nor writes; expected a check of a class in the table",
			    name, i, class_kind_name(c->kind));
		if (rowi != NULL)
			rowi[i] = hit->i;
		if (seen[hit->i * GATE_NCHECK_KINDS + (size_t)(kd - gate_check_kinds)]++)
			return errf(err, "%s: checks[%zu] is a second \"%s\" check of "
			    "the %s class \"%s\"; expected one", name, i, kd->statistic,
			    class_kind_name(c->kind),
			    err_quote(q, sizeof q, c->class_name));
		if (verdict_check_value(v, i, kd, &v->rows[hit->i], name, err) < 0)
			return -1;
	}
	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];
		const unsigned *s = &seen[i * GATE_NCHECK_KINDS];
		int counted = v->mode == MODE_RIVAL && r->kind == KIND_WRITE &&
		    !isnan(r->ours_flushes) && !isnan(r->rival_flushes);

		err_quote(q, sizeof q, r->name);
		if (s[CHECK_FLUSHES] > 0 && !counted)
			return errf(err, "%s: checks holds a \"%s\" check of the write "
			    "class \"%s\"; expected none, as the gate %s", name,
			    gate_check_kinds[CHECK_FLUSHES].statistic, q, why[1]);
		for (k = 0; k < GATE_NCHECK_KINDS; k++) {
			const struct gate_check_kind *kd = &gate_check_kinds[k];

			if (s[k] == 0 && (k == CHECK_FLUSHES ? counted :
			    gate_check_kind_applies(kd, v->mode, r->kind, unit)))
				return errf(err, "%s: checks holds no \"%s\" check of "
				    "the %s class \"%s\"; expected one, as the gate %s",
				    name, kd->statistic, class_kind_name(r->kind), q,
				    why[k == CHECK_FLUSHES]);
		}
	}
	return 0;
}

/* The figures and the structure of v; rowi, when not NULL, gets each check's row. */
static int
structure(const struct gate_verdict *v, size_t *rowi, const char *name,
    char *err)
{
	size_t n = v->nrows + v->nunmatched, i;
	struct named *all = xcalloc(n + 1, sizeof *all);
	unsigned *seen = xcalloc(v->nrows * GATE_NCHECK_KINDS + 1, sizeof *seen);
	int rc;

	for (i = 0; i < n; i++)
		all[i] = i < v->nrows ? (struct named){ v->rows[i].name, i, 1 } :
		    (struct named){ v->unmatched[i - v->nrows].name, i - v->nrows, 0 };
	qsort(all, n, sizeof *all, cmp_named);
	rc = verdict_check_thresholds(v, name, err) < 0 ||
	    check_names(all, n, name, err) < 0 ||
	    check_each(v, all, n, rowi, seen, name, err) < 0 ? -1 : 0;
	free(all);
	free(seen);
	return rc;
}

int
verdict_check(const struct gate_verdict *v, const char *name, char *err)
{
	return structure(v, NULL, name, err);
}

/* Check i's unit, comparison and row's interval made again, and it ruled again. */
static int
rerule_check(struct gate_verdict *v, size_t i, const struct verdict_row *row,
    const char *name, char *err)
{
	struct verdict_check *c = &v->checks[i];
	const struct gate_check_kind *k = gate_check_kind_find(c->statistic,
	    v->mode, c->kind, v->unit.source != UNIT_NONE);
	int ruled = k->quantile != 0 && !isnan(c->value.v);
	struct verdict_value ci;

	free(c->value_unit);
	free(c->comparison);
	c->value_unit = xstrdup(k->value_unit);
	c->comparison = xstrdup(k->at_least ? ">=" : "<=");
	if (derived_ci(k, row, &v->unit, &ci))
		c->value = (struct verdict_value){ c->value.v, ci.lo, ci.hi };
	c->ruling = RULING_INDETERMINATE;
	c->held = 0;
	if (ruled)
		gate_check_rule(v, c, k->at_least);
	if (c->ruling != RULING_INDETERMINATE && (c->samples_needed >= 0 ||
	    c->runs_needed >= 0))
		return errf(err, "%s: checks[%zu].%s is %lld; expected null, as its "
		    "figures rule it \"%s\"", name, i, c->runs_needed >= 0 ?
		    "runs_needed" : "samples_needed", c->runs_needed >= 0 ?
		    c->runs_needed : c->samples_needed, ruling_name(c->ruling));
	if (c->ruling != RULING_INDETERMINATE || c->held)
		c->settle = SETTLE_NONE;
	return 0;
}

int
verdict_rerule(struct gate_verdict *v, const char *name, char *err)
{
	size_t *rowi = xcalloc(v->nchecks + 1, sizeof *rowi), i;
	int rc = structure(v, rowi, name, err);

	for (i = 0; i < v->nchecks && rc == 0; i++)
		rc = rerule_check(v, i, &v->rows[rowi[i]], name, err);
	for (i = 0; i < v->nrows && rc == 0; i++)
		v->rows[i].ruling = RULING_NOT_RULED;
	for (i = 0; i < v->nchecks && rc == 0; i++)
		v->rows[rowi[i]].ruling = gate_worse(v->rows[rowi[i]].ruling,
		    v->checks[i].ruling);
	if (rc == 0)
		gate_rule_whole(v);
	free(rowi);
	return rc;
}
