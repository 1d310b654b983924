/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict's words held to its rulings: each check's reason ends
 * in the words the gate gives its ruling against its limit ("at least
 * 10x", "over the ceiling of 2"), each half's reason is the gate's for
 * its checks, and the ceiling note states the ceiling.  So a file
 * whose checks were made to pass cannot print "pass ... below 10x".
 * Run once the rulings are known to be the gate's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/verdict.h"
#include "lib/err.h"

static int
ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && strcmp(s + n - m, end) == 0;
}

/* An indeterminate check's reason: the words, then what would settle it. */
static int
indeterminate_holds(const struct verdict_check *c, const char *words)
{
	char *mid = xasprintf("%s; ", words), *end;
	int ok = strstr(c->reason, mid) != NULL;

	free(mid);
	end = gate_settle_words(c);
	if (!ok || end == NULL) {
		free(end);
		return ok;
	}
	ok = ends_with(c->reason, end);
	free(end);
	return ok;
}

/* A fail held indeterminate: the words of the fail, then why it was held. */
static int
held_holds(const struct verdict_check *c, const char *words)
{
	char *end = xasprintf("%s%s", words, VERDICT_HELD_WORDS);
	int ok = ends_with(c->reason, end);

	free(end);
	return ok;
}

static int
check_reason_of(const struct gate_verdict *v, const struct verdict_check *c,
    size_t i, const char *name, char *err)
{
	const struct gate_check_kind *k = gate_check_kind_find(c->statistic,
	    v->mode, c->kind, v->unit.source != UNIT_NONE);
	char *words, *want, q[80];
	int ok;

	if (c->reason == NULL)
		return 0;
	if (k->quantile == 0) {
		if (v->unit.why_none == NULL)
			return 0;
		want = xasprintf("%s: not ruled in syncs: %s", c->class_name,
		    v->unit.why_none);
		ok = strcmp(c->reason, want) == 0;
		free(want);
		if (ok)
			return 0;
		return errf(err, "%s: checks[%zu].reason is not \"%s: not ruled in "
		    "syncs: \" and unit.why_none; expected the gate's words for a "
		    "write without a sync unit", name, i,
		    err_quote(q, sizeof q, c->class_name));
	}
	words = gate_check_words(k, c->held ? RULING_FAIL : c->ruling, v);
	want = xasprintf(", %s", words);
	ok = c->held ? held_holds(c, want) : c->ruling == RULING_INDETERMINATE ?
	    indeterminate_holds(c, want) : ends_with(c->reason, want);
	if (!ok)
		errf(err, "%s: checks[%zu].reason does not %s \"%s\"%s; expected the "
		    "words the gate gives %s \"%s\" check against checks[%zu].limit",
		    name, i, c->ruling == RULING_INDETERMINATE ? "hold" : "end in",
		    want, c->held ? " and why it was held" :
		    c->ruling == RULING_INDETERMINATE && (c->samples_needed >= 0 ||
		    c->runs_needed >= 0) ? " and what would settle it" : "", c->ruling == RULING_INDETERMINATE ?
		    "an" : "a", ruling_name(c->ruling), i);
	free(words);
	free(want);
	return ok ? 0 : -1;
}

/*
 * A read check made indeterminate by --same-host: its reason ends in
 * why, and before that reads as the gate ruled its figure.  Fills was
 * with the check as it was before (reason cut, ruling the figure's).
 */
static int
host_held(const struct gate_verdict *v, size_t i, struct verdict_check *was,
    char **cut, const char *name, char *err)
{
	const struct verdict_check *c = &v->checks[i];
	const char *end = verdict_host_words(v->hosts);

	*was = *c;
	*cut = NULL;
	if (c->kind != KIND_READ || !verdict_host_holds(v) || c->reason == NULL)
		return 0;
	if (!ends_with(c->reason, end))
		return errf(err, "%s: checks[%zu].reason does not end in \"%s\"; "
		    "expected why a read check is indeterminate with same_host and "
		    "hosts \"%s\"", name, i, end, verdict_hosts_name(v->hosts));
	*cut = xstrdup(c->reason);
	(*cut)[strlen(c->reason) - strlen(end)] = '\0';
	was->reason = *cut;
	if (!c->held && !isnan(c->value.v) && c->comparison != NULL &&
	    !isnan(c->limit))
		was->ruling = gate_judge(c->value, strcmp(c->comparison, ">=") == 0,
		    c->limit);
	return 0;
}

static int
check_reason(const struct gate_verdict *v, size_t i, const char *name, char *err)
{
	struct verdict_check was;
	char *cut;
	int rc;

	if (host_held(v, i, &was, &cut, name, err) < 0)
		return -1;
	rc = check_reason_of(v, &was, i, name, err);
	free(cut);
	return rc;
}

static int
check_half_reason(const struct gate_verdict *v, enum class_kind kind,
    const char *name, char *err)
{
	const struct verdict_half *h = kind == KIND_READ ? &v->reads : &v->writes;
	char *want, q[80];
	int ok;

	if (h->reason == NULL)
		return 0;
	want = gate_half_reason(v, kind, h->ruling);
	ok = strcmp(want, h->reason) == 0;
	if (!ok)
		errf(err, "%s: %s.reason is not what the gate says of a \"%s\" half "
		    "with these checks; expected \"%s\"", name, kind == KIND_READ ?
		    "reads" : "writes", ruling_name(h->ruling),
		    err_quote(q, sizeof q, want));
	free(want);
	return ok ? 0 : -1;
}

/* The ceiling note, against a rival with writes only, states commit_syncs. */
static int
check_ceiling_note(const struct gate_verdict *v, const char *name, char *err)
{
	size_t i;
	char *want;
	int writes = 0, ok;

	for (i = 0; i < v->nrows && !writes; i++)
		writes = v->rows[i].kind == KIND_WRITE;
	if (v->ceiling_note == NULL)
		return 0;
	if (v->mode == MODE_BASELINE || !writes)
		return errf(err, "%s: writes.ceiling_note is a string; expected null %s",
		    name, writes ? "in a verdict against a baseline" :
		    "without a write class");
	want = gate_ceiling_words(v->commit_syncs);
	ok = strncmp(v->ceiling_note, want, strlen(want)) == 0;
	if (!ok)
		errf(err, "%s: writes.ceiling_note does not begin \"%s\"; expected the "
		    "ceiling in writes.commit_syncs", name, want);
	free(want);
	return ok ? 0 : -1;
}

static int
check_all(const struct gate_verdict *v, const char *name, char *err)
{
	size_t i;

	for (i = 0; i < v->nchecks; i++)
		if (check_reason(v, i, name, err) < 0)
			return -1;
	if (check_half_reason(v, KIND_READ, name, err) < 0 ||
	    check_half_reason(v, KIND_WRITE, name, err) < 0)
		return -1;
	return check_ceiling_note(v, name, err);
}

/*
 * The gate names each side by its label; a file without one is printed
 * with the renderers' own (verdict_ours_label), and its words are held to those.
 */
int
verdict_check_reasons(const struct gate_verdict *v, const char *name,
    char *err)
{
	struct gate_verdict w = *v;
	char *o = NULL, *r = NULL;
	int rc;

	if (w.ours.label == NULL)
		w.ours.label = o = xstrdup(verdict_ours_label(v));
	if (w.rival.label == NULL)
		w.rival.label = r = xstrdup(verdict_rival_label(v));
	rc = check_all(&w, name, err);
	free(o);
	free(r);
	return rc;
}
