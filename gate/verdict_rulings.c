/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict ruled again.  First its structure is held: each class
 * once, each class one check of each kind the gate makes for it.  Then
 * each check is ruled from its figure, interval and limit with the
 * gate's own judge (gate_check_rule), and each class, half and the whole
 * combined as the gate combines them (gate_rule_whole); the words are
 * made from the rulings when the verdict is rendered, never read.  A file whose
 * rulings and words were edited to "pass" over failing figures renders,
 * and exits, as the gate ruled it.  Names are sorted once, so 10000
 * classes cost a sort, not classes times checks.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gate/checks.h"
#include "gate/rules.h"
#include "gate/verdict_figures.h"
#include "gate/verdict.h"
#include "lib/err.h"

/* A name in the table or among the classes one side ran. */
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
 * Each check a kind the gate makes for a class of the table, its figures
 * that class's, and each class one check of each kind the gate makes for
 * it and no other; rowi[i] (when not NULL) gets check i's row.
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

/*
 * Check i ruled again from its figure, interval and limit; its words are
 * made from these when it is rendered (report/words.c), never read.  A
 * check of a verdict from before its settle was recorded says what its
 * counts say.
 */
static int
rerule_check(struct gate_verdict *v, size_t i, const struct verdict_row *row,
    const char *name, char *err)
{
	struct verdict_check *c = &v->checks[i];
	const struct gate_check_kind *k = gate_check_kind_find(c->statistic,
	    v->mode, c->kind, v->unit.source != UNIT_NONE);
	int ruled = k->quantile != 0 && !isnan(c->value.v);

	verdict_derive_check(c, k, row, &v->unit);
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
