/* SPDX-License-Identifier: MIT */
/*
 * One evaluation of two sides (gate/evaluate.h).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gate/evaluate.h"
#include "verdict/base.h"
#include "lib/err.h"
#include "lib/units.h"
#include "gate/match.h"

int
gate_pair_add(struct gate_pair *p, size_t *n, const char *arg, char *err)
{
	const char *eq = strchr(arg, '=');
	struct gate_pair *m;
	size_t i;

	if (eq == NULL || eq == arg || eq[1] == '\0')
		return errf(err, "--match %s; expected OURS=RIVAL, two class names "
		    "(write=fillrandom:write)", arg);
	if (*n == GATE_MAX_PAIRS)
		return errf(err, "--match: more than %d pairs", GATE_MAX_PAIRS);
	m = &p[*n];
	m->ours = xasprintf("%.*s", (int)(eq - arg), arg);
	m->rival = eq + 1;
	(*n)++;
	for (i = 0; i + 1 < *n; i++)
		if (strcmp(p[i].ours, m->ours) == 0 ||
		    strcmp(p[i].rival, m->rival) == 0)
			return errf(err, "--match %s: %s is matched twice; expected each "
			    "class in one pair", arg, strcmp(p[i].ours,
			    m->ours) == 0 ? m->ours : m->rival);
	return 0;
}

void
gate_pairs_free(struct gate_pair *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(p[i].ours);
}

/* The run's class named name, or NULL: result_find's, to change. */
static struct result_class *
class_named(struct result *r, const char *name)
{
	const struct result_class *c = result_find(r, name);

	return c == NULL ? NULL : &r->classes[c - r->classes];
}

int
gate_pairs_apply(const struct gate_pair *p, size_t n, struct result *ours,
    size_t nours, struct result *rival, size_t nrival, char *err)
{
	struct result_class *c, *o;
	size_t i, k;

	for (k = 0; k < n; k++) {
		const struct gate_pair *m = &p[k];

		for (i = 0; i < nours; i++)
			if (class_named(&ours[i], m->ours) == NULL)
				return errf(err, "--match %s=%s: %s has no class %s; "
				    "expected OURS to be one of our classes", m->ours,
				    m->rival, ours[i].path, m->ours);
		o = class_named(&ours[0], m->ours);
		for (i = 0; i < nrival; i++) {
			struct result *r = &rival[i];

			if ((c = class_named(r, m->rival)) == NULL)
				return errf(err, "--match %s=%s: %s has no class %s; "
				    "expected RIVAL to be one of its classes", m->ours,
				    m->rival, r->path, m->rival);
			if (strcmp(m->ours, m->rival) != 0 &&
			    class_named(r, m->ours) != NULL)
				return errf(err, "--match %s=%s: %s has a class %s of "
				    "its own too; expected OURS to name none of its "
				    "classes", m->ours, m->rival, r->path, m->ours);
			if (c->kind != o->kind)
				return errf(err, "--match %s=%s: %s's class %s is a %s, "
				    "but our class %s is a %s; expected a pair of one "
				    "kind", m->ours, m->rival, r->path, m->rival,
				    class_kind_name(c->kind), m->ours,
				    class_kind_name(o->kind));
			free(c->name);
			c->name = xstrdup(m->ours);
		}
	}
	return 0;
}

int
gate_evaluate(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_pair *p, size_t n, const struct gate_opts *o,
    struct gate_verdict *v, char *err)
{
	struct gate_opts at = *o;
	struct gate_left left[GATE_MAX_LEFT];
	struct verdict_note *nt;
	long long look;
	size_t i;
	int part;

	if (gate_side_check(ours, "ours", err) < 0 ||
	    gate_side_check(rival, o->mode == MODE_BASELINE ? "--baseline" :
	    "--rival", err) < 0 ||
	    (part = gate_sides_whole(ours, rival, o->part_ok, left, err)) < 0)
		return -1;
	/* a set taken until decided is ruled at its look's level */
	at.confidence = gate_sides_level(ours, rival, o->mode, o->confidence, &look);
	if (gate_rule(ours, rival, &at, v, err) < 0)
		return -1;
	gate_note_alike(v, ours->r, rival->r);
	if (look > 0 && at.confidence != o->confidence) {
		nt = verdict_noted(v, NOTE_PLAN, -1);
		nt->n[0] = look;
		nt->x[0] = at.confidence;
	}
	for (i = 0; i < (size_t)part && i < GATE_MAX_LEFT; i++) {
		nt = verdict_noted(v, NOTE_PART, -1);
		nt->cls = xstrdup(left[i].engine);
		nt->a = xstrdup(left[i].session);
		nt->b = xstrdup(left[i].runs);
		nt->n[0] = left[i].of;
	}
	for (i = 0; i < n; i++) {
		nt = verdict_noted(v, NOTE_MATCH, -1);
		nt->cls = xstrdup(p[i].ours);
		nt->a = xstrdup(p[i].rival);
	}
	return 0;
}

/* The limits a command line sets, each with its one range. */
static const struct {
	const char *name;
	int percent;
	double lo, hi;
	size_t at;
} limits[] = {
	{ "--commit-syncs", 0, 0.01, 1e6, offsetof(struct gate_opts, commit_syncs) },
	{ "--confidence", 1, 0.5, 1, offsetof(struct gate_opts, confidence) },
	{ "--max-regression", 1, 0, 10, offsetof(struct gate_opts, max_regression) },
	{ "--read-speedup", 0, 0.01, 1e6, offsetof(struct gate_opts, read_speedup) },
};

int
gate_limit_parse(struct gate_opts *o, const char *name, const char *s, char *err)
{
	size_t i;
	double *at;

	for (i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		if (strcmp(limits[i].name, name) != 0)
			continue;
		at = (double *)(void *)((char *)o + limits[i].at);
		return limits[i].percent ?
		    units_parse_percent(s, limits[i].lo, limits[i].hi, at, name, err) :
		    units_parse_real(s, limits[i].lo, limits[i].hi, at, name, err);
	}
	return errf(err, "%s: not one of the gate's limits", name);
}
