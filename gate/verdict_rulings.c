/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict's rulings held to the gate's own way of combining
 * them (gate_worse), so that a file saying "pass" over failing checks is
 * refused rather than rendered as "Verdict: pass" above a failing table.
 * The checks are sorted once, so a verdict of 10000 classes costs a sort,
 * not classes times checks.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/verdict.h"
#include "lib/err.h"

static int
cmp_key(enum class_kind ka, const char *na, enum class_kind kb, const char *nb)
{
	if (ka != kb)
		return ka < kb ? -1 : 1;
	return strcmp(na, nb);
}

static int
cmp_check(const void *a, const void *b)
{
	const struct verdict_check *x = *(const struct verdict_check *const *)a;
	const struct verdict_check *y = *(const struct verdict_check *const *)b;
	int c = cmp_key(x->kind, x->class_name, y->kind, y->class_name);

	/* a class's checks in the file's order, whatever qsort does with ties */
	return c != 0 ? c : x < y ? -1 : x > y;
}

static const char *
half_key(enum class_kind k)
{
	return k == KIND_READ ? "reads" : "writes";
}

/* The first of the sorted checks of row's class: an index into by, or n. */
static size_t
first_check(const struct verdict_check *const *by, size_t n,
    const struct verdict_row *row)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (cmp_key(by[mid]->kind, by[mid]->class_name, row->kind, row->name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The checks of row's class (from by[j] on) are one of each kind the
 * gate makes for it: none left out, none twice.
 */
static int
check_set(const struct gate_verdict *v, const struct verdict_check **by,
    size_t j, const struct verdict_row *r, const char *name, char *err)
{
	int unit = v->unit.source != UNIT_NONE;
	size_t seen[GATE_NCHECK_KINDS] = { 0 }, k;
	const struct gate_check_kind *kind;
	char q[80];

	for (; j < v->nchecks && cmp_key(by[j]->kind, by[j]->class_name, r->kind,
	    r->name) == 0; j++) {
		/* verdict_check_figures found every statistic's kind */
		kind = gate_check_kind_find(by[j]->statistic, v->mode, r->kind, unit);
		if (seen[kind - gate_check_kinds]++ > 0)
			return errf(err, "%s: checks[%zu] is a second \"%s\" check of the "
			    "%s class \"%s\"; expected one", name, (size_t)(by[j] -
			    v->checks), kind->statistic, class_kind_name(r->kind),
			    err_quote(q, sizeof q, r->name));
	}
	k = CHECK_FLUSHES;
	if ((seen[k] > 0) != (v->mode == MODE_RIVAL && r->kind == KIND_WRITE &&
	    !isnan(r->ours_flushes) && !isnan(r->rival_flushes)))
		return errf(err, "%s: checks holds %s \"%s\" check of the write class "
		    "\"%s\"; expected %s, as the gate makes one where both sides "
		    "counted flushes against a rival", name, seen[k] ? "a" : "no",
		    gate_check_kinds[k].statistic, err_quote(q, sizeof q, r->name),
		    seen[k] ? "none" : "one");
	for (k = 0; k < GATE_NCHECK_KINDS; k++)
		if (seen[k] == 0 && gate_check_kind_applies(&gate_check_kinds[k],
		    v->mode, r->kind, unit))
			return errf(err, "%s: checks holds no \"%s\" check of the %s class "
			    "\"%s\"; expected one, as the gate rules each", name,
			    gate_check_kinds[k].statistic, class_kind_name(r->kind),
			    err_quote(q, sizeof q, r->name));
	return 0;
}

/* Every check some row's. */
static int
check_orphans(const struct gate_verdict *v, const struct verdict_check **by,
    const char *name, char *err)
{
	unsigned char *used = xcalloc(v->nchecks + 1, 1);
	size_t i, j;
	int rc = 0;

	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		for (j = first_check(by, v->nchecks, r); j < v->nchecks &&
		    cmp_key(by[j]->kind, by[j]->class_name, r->kind, r->name) == 0; j++)
			used[by[j] - v->checks] = 1;
	}
	for (j = 0; j < v->nchecks && rc == 0; j++)
		if (!used[j])
			rc = errf(err, "%s: checks[%zu] is of a %s class in neither reads "
			    "nor writes; expected a check of a class in the table", name, j,
			    class_kind_name(v->checks[j].kind));
	free(used);
	return rc;
}

/* Each row has one check of each kind the gate makes, and is the worst of them. */
static int
check_rows(const struct gate_verdict *v, const struct verdict_check **by,
    const char *name, char *err)
{
	enum ruling worst;
	size_t i, j, n;
	char q[80];

	if (check_orphans(v, by, name, err) < 0)
		return -1;
	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		worst = RULING_NOT_RULED;
		if (check_set(v, by, first_check(by, v->nchecks, r), r, name, err) < 0)
			return -1;
		for (j = first_check(by, v->nchecks, r), n = 0; j < v->nchecks &&
		    cmp_key(by[j]->kind, by[j]->class_name, r->kind, r->name) == 0; j++, n++)
			worst = gate_worse(worst, by[j]->ruling);
		if (r->ruling != worst)
			return errf(err, "%s: %s class \"%s\" is \"%s\"; expected \"%s\", "
			    "the worst of its %zu %s", name, class_kind_name(r->kind),
			    err_quote(q, sizeof q, r->name), ruling_name(r->ruling),
			    ruling_name(worst), n, n == 1 ? "check" : "checks");
	}
	return 0;
}

static int
check_half(const struct gate_verdict *v, enum class_kind kind, const char *name,
    char *err)
{
	const struct verdict_half *h = kind == KIND_READ ? &v->reads : &v->writes;
	enum ruling worst = RULING_NOT_RULED;
	size_t i, n = 0;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == kind) {
			worst = gate_worse(worst, v->rows[i].ruling);
			n++;
		}
	if (h->ruling == worst)
		return 0;
	return errf(err, "%s: %s.verdict is \"%s\"; expected \"%s\", the worst of "
	    "its %zu %s", name, half_key(kind), ruling_name(h->ruling),
	    ruling_name(worst), n, n == 1 ? "class" : "classes");
}

/*
 * Each check's ruling as the gate rules its figure against its limit
 * (gate_judge); a check without a figure is one the gate could not rule.
 */
static int
check_each(const struct gate_verdict *v, const char *name, char *err)
{
	/* baseline over one run a side: a fail is held indeterminate */
	int holding = v->mode == MODE_BASELINE && v->scope == SCOPE_RUN &&
	    !v->single_run_ok, held;
	size_t i;

	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];
		enum ruling want;
		char lim[32];

		if (isnan(c->value.v))
			want = RULING_INDETERMINATE;
		else if (c->comparison == NULL || isnan(c->limit))
			continue;       /* nothing to hold it against */
		else
			want = gate_judge(c->value, strcmp(c->comparison, ">=") == 0,
			    c->limit);
		held = holding && want == RULING_FAIL;
		if (held || (c->kind == KIND_READ && verdict_host_holds(v)))
			want = RULING_INDETERMINATE;
		if (c->held != held)
			return errf(err, "%s: checks[%zu].held is %s; expected %s: a "
			    "fail, and only a fail, is held indeterminate in baseline mode "
			    "over one run a side without single_run_ok", name, i,
			    c->held ? "true" : "false", held ? "true" : "false");
		if (c->ruling == want)
			continue;
		if (isnan(c->value.v))
			return errf(err, "%s: checks[%zu].verdict is \"%s\"; expected "
			    "\"indeterminate\", as its value is null", name, i,
			    ruling_name(c->ruling));
		snprintf(lim, sizeof lim, "%.17g", c->limit);
		return errf(err, "%s: checks[%zu].verdict is \"%s\"; expected \"%s\", "
		    "as its value and interval rule against %s %s%s", name, i,
		    ruling_name(c->ruling), ruling_name(want), c->comparison, lim,
		    held ? ", held over one run a side" : c->kind == KIND_READ &&
		    verdict_host_holds(v) ? ", with same_host and hosts not \"same\"" :
		    "");
	}
	return 0;
}

/* A name in the table or among the classes one side ran. */
struct named {
	const char *name;
	size_t i;
	int row;        /* 1: v->rows[i]; 0: v->unmatched[i] */
};

static int
cmp_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	/* rows first, so a name both in the table and unmatched names the latter */
	if (c != 0 || x->row != y->row)
		return c != 0 ? c : y->row - x->row;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Each class once: the gate matches classes by name, whatever their kind. */
static int
check_names(const struct gate_verdict *v, const char *name, char *err)
{
	size_t n = v->nrows + v->nunmatched, i;
	struct named *all = xcalloc(n + 1, sizeof *all);
	char q[80];
	int rc = 0;

	for (i = 0; i < v->nrows; i++)
		all[i] = (struct named){ v->rows[i].name, i, 1 };
	for (i = 0; i < v->nunmatched; i++)
		all[v->nrows + i] = (struct named){ v->unmatched[i].name, i, 0 };
	qsort(all, n, sizeof *all, cmp_named);
	for (i = 1; i < n && rc == 0; i++) {
		const struct named *a = &all[i - 1], *b = &all[i];

		if (strcmp(a->name, b->name) != 0)
			continue;
		err_quote(q, sizeof q, b->name);
		if (b->row)
			rc = errf(err, "%s: the class \"%s\" is in the table twice; "
			    "expected each class once", name, q);
		else if (a->row)
			rc = errf(err, "%s: unmatched[%zu] \"%s\" is a class in the "
			    "table; expected a class only one side ran", name, b->i, q);
		else
			rc = errf(err, "%s: unmatched[%zu] \"%s\" is listed twice; "
			    "expected each class once", name, b->i, q);
	}
	free(all);
	return rc;
}

int
verdict_check(const struct gate_verdict *v, const char *name,
    char *err)
{
	const struct verdict_check **by;
	enum ruling both = gate_worse(v->reads.ruling, v->writes.ruling);
	size_t i;
	int rc;

	if (verdict_check_figures(v, name, err) < 0 ||
	    check_names(v, name, err) < 0)
		return -1;
	by = xcalloc(v->nchecks + 1, sizeof *by);
	for (i = 0; i < v->nchecks; i++)
		by[i] = &v->checks[i];
	qsort(by, v->nchecks, sizeof *by, cmp_check);
	rc = check_each(v, name, err) < 0 ? -1 : check_rows(v, by, name, err);
	free(by);
	if (rc < 0 || check_half(v, KIND_READ, name, err) < 0 ||
	    check_half(v, KIND_WRITE, name, err) < 0)
		return -1;
	if (v->overall != both)
		return errf(err, "%s: verdict is \"%s\"; expected \"%s\", the worse "
		    "of reads (\"%s\") and writes (\"%s\")", name,
		    ruling_name(v->overall), ruling_name(both),
		    ruling_name(v->reads.ruling), ruling_name(v->writes.ruling));
	return verdict_check_reasons(v, name, err);
}
