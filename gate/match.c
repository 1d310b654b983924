/* SPDX-License-Identifier: MIT */
/*
 * Classes matched across the two results by name.  Each side's classes
 * are sorted by name once and the two lists walked together: searching
 * the other side for each class made a gate of 100 000 classes a side
 * run for minutes.
 */
#include <stdlib.h>
#include <string.h>

#include "gate/rules.h"
#include "lib/err.h"

static int
by_name(const void *a, const void *b)
{
	const struct result_class *x = *(const struct result_class *const *)a;
	const struct result_class *y = *(const struct result_class *const *)b;

	return strcmp(x->name, y->name);
}

/* r's classes as pointers sorted by name; the caller frees the array. */
static const struct result_class **
sorted(const struct result *r)
{
	const struct result_class **v = xmalloc(r->nclasses * sizeof *v);
	size_t i;

	for (i = 0; i < r->nclasses; i++)
		v[i] = &r->classes[i];
	qsort(v, r->nclasses, sizeof *v, by_name);
	return v;
}

void
gate_match(struct gate_match *m, const struct result *ours,
    const struct result *rival)
{
	const struct result_class **a = sorted(ours), **b = sorted(rival);
	size_t i = 0, j = 0;

	m->rival_of = xcalloc(ours->nclasses, sizeof *m->rival_of);
	m->has_ours = xcalloc(rival->nclasses, sizeof *m->has_ours);
	m->n = 0;
	/* names are unique within a result (lib/result.c refuses repeats) */
	while (i < ours->nclasses && j < rival->nclasses) {
		int c = strcmp(a[i]->name, b[j]->name);

		if (c < 0) {
			i++;
		} else if (c > 0) {
			j++;
		} else {
			m->rival_of[a[i] - ours->classes] = b[j];
			m->has_ours[b[j] - rival->classes] = 1;
			m->n++;
			i++;
			j++;
		}
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
