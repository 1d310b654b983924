/* SPDX-License-Identifier: MIT */
/*
 * Classes matched by name, each side's sorted once and the two walked
 * together: searching made a gate of 100 000 classes a side run for
 * minutes.  Names match by their bytes; names that print alike are said.
 */
#include <stdlib.h>
#include <string.h>

#include "verdict/base.h"
#include "lib/alike.h"
#include "lib/err.h"
#include "gate/match.h"

/* Names listed in one note of names that print alike; the rest are counted. */
#define ALIKE_LISTED 8

void
gate_match(struct gate_match *m, const struct result *ours,
    const struct result *rival)
{
	const struct result_class **a = result_by_name(ours);
	const struct result_class **b = result_by_name(rival);
	size_t i = 0, j = 0;

	m->rival_of = xcalloc(ours->nclasses, sizeof *m->rival_of);
	m->has_ours = xcalloc(rival->nclasses, sizeof *m->has_ours);
	m->n = 0;
	/* names are unique within a result (model/result.c refuses repeats) */
	while (i < ours->nclasses && j < rival->nclasses) {
		int c = strcmp(a[i]->name, b[j]->name);

		if (c == 0) {
			m->rival_of[a[i] - ours->classes] = b[j];
			m->has_ours[b[j] - rival->classes] = 1;
			m->n++;
		}
		i += c <= 0;
		j += c >= 0;
	}
	free(a);
	free(b);
}

void
gate_match_free(struct gate_match *m)
{
	if (m == NULL)
		return;
	free(m->rival_of);
	free(m->has_ours);
	memset(m, 0, sizeof *m);
}

/* A class name of either side, with the form it prints as. */
struct named {
	const char *name;
	int sides;              /* 1 ours, 2 the rival's, 3 both */
	char *key;              /* alike_key(name) */
};

static int
named_by_name(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name,
	    ((const struct named *)b)->name);
}

static int
named_by_key(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	/* a name both ran (3, a row of the table) first, then ours (1), the rival's */
	if (c == 0)
		c = x->sides % 3 - y->sides % 3;
	return c != 0 ? c : strcmp(x->name, y->name);
}

/* One note for n > 1 names with one key: the first ALIKE_LISTED, and how many. */
static void
note_group(struct gate_verdict *v, const struct named *x, size_t n)
{
	struct verdict_note *nt = verdict_noted(v, NOTE_ALIKE_CLASSES, -1);
	struct xlist names = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < n && i < ALIKE_LISTED; i++)
		xlist_add(&names, "\n", x[i].name);
	nt->a = names.s;
	nt->n[0] = (long long)n;
}

/* The two engines' names, when they differ but print alike. */
static void
note_engines(struct gate_verdict *v, const struct result *ours,
    const struct result *rival)
{
	char *a, *b;

	if (strcmp(ours->engine, rival->engine) == 0)
		return;
	a = alike_key(ours->engine);
	b = alike_key(rival->engine);
	if (strcmp(a, b) == 0)
		verdict_noted(v, NOTE_ALIKE_ENGINES, -1);
	free(a);
	free(b);
}

void
gate_note_alike(struct gate_verdict *v, const struct result *ours,
    const struct result *rival)
{
	struct named *x = xcalloc(ours->nclasses + rival->nclasses, sizeof *x);
	size_t n = 0, m = 0, i, j;

	for (i = 0; i < ours->nclasses; i++)
		x[n++] = (struct named){ ours->classes[i].name, 1, NULL };
	for (i = 0; i < rival->nclasses; i++)
		x[n++] = (struct named){ rival->classes[i].name, 2, NULL };
	/* one name run by both sides is one class, matched */
	qsort(x, n, sizeof *x, named_by_name);
	for (i = 0; i < n; i++) {
		if (m > 0 && strcmp(x[m - 1].name, x[i].name) == 0)
			x[m - 1].sides |= x[i].sides;
		else
			x[m++] = x[i];
	}
	for (i = 0; i < m; i++)
		x[i].key = alike_key(x[i].name);
	qsort(x, m, sizeof *x, named_by_key);
	for (i = 0; i < m; i = j) {
		for (j = i + 1; j < m && strcmp(x[i].key, x[j].key) == 0; j++)
			;
		if (j - i > 1)
			note_group(v, x + i, j - i);
	}
	for (i = 0; i < m; i++)
		free(x[i].key);
	free(x);
	note_engines(v, ours, rival);
}
