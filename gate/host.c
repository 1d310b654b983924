/* SPDX-License-Identifier: MIT */
/*
 * The hosts behind a verdict, and what is said when reads were compared
 * across two: writes in syncs of each side's own probe divide the
 * machine out; a read's latency has no such unit.
 */
#include <stdlib.h>
#include <string.h>

#include "gate/rules.h"
#include "verdict/base.h"
#include "lib/err.h"
#include "gate/host.h"

static int
knows(const struct result_host *h, unsigned bit)
{
	switch (bit) {
	case GATE_HOST_ID:
		return result_host_id_usable(h);
	case GATE_HOST_CPU:
		return h->cpu_model != NULL;
	case GATE_HOST_CORES:
		return h->cores >= 0;
	case GATE_HOST_MEMORY:
		return h->memory_bytes >= 0;
	default:
		return h->kernel != NULL;
	}
}

/* Whether two hosts both know the field of bit and hold two values of it. */
static int
field_differs(const struct result_host *a, const struct result_host *b,
    unsigned bit)
{
	if (!knows(a, bit) || !knows(b, bit))
		return 0;
	switch (bit) {
	case GATE_HOST_ID:
		return strcmp(a->machine_id, b->machine_id) != 0;
	case GATE_HOST_CPU:
		return strcmp(a->cpu_model, b->cpu_model) != 0;
	case GATE_HOST_CORES:
		return a->cores != b->cores;
	case GATE_HOST_MEMORY:
		return a->memory_bytes != b->memory_bytes;
	default:
		return strcmp(a->kernel, b->kernel) != 0;
	}
}

/* Whether every field of h is known and its id names a machine. */
static int
host_complete(const struct result_host *h)
{
	int f;

	for (f = 0; f < GATE_HOST_FIELDS; f++)
		if (!knows(h, 1u << f))
			return 0;
	return 1;
}

/* A field's first known value stands for it: two differ iff one differs from it. */
enum verdict_hosts
gate_hosts_compare(const struct result_host *const *h, size_t n,
    unsigned *differs)
{
	const struct result_host *first[GATE_HOST_FIELDS] = { NULL };
	size_t i, recorded = 0, complete = 0;
	unsigned d = 0, bit;
	int f;

	for (i = 0; i < n; i++) {
		if (h[i] == NULL)
			continue;
		recorded++;
		complete += host_complete(h[i]);
		for (f = 0; f < GATE_HOST_FIELDS; f++) {
			bit = 1u << f;
			if (first[f] == NULL && knows(h[i], bit))
				first[f] = h[i];
			else if (first[f] != NULL)
				d |= field_differs(first[f], h[i], bit) ? bit : 0;
		}
	}
	if (differs != NULL)
		*differs = d;
	if (recorded == 0)
		return HOSTS_UNRECORDED;
	if (d != 0)
		return HOSTS_DIFFERENT;
	return complete == n ? HOSTS_SAME : HOSTS_UNKNOWN;
}

/* Every run's host of ours, then of rival (NULL: ours alone); the caller frees the array. */
static const struct result_host **
all_hosts(const struct gate_side_in *ours, const struct gate_side_in *rival,
    size_t *n)
{
	size_t no = gate_side_runs(ours), nr = rival ? gate_side_runs(rival) : 0, i;
	const struct result_host **h = xcalloc(no + nr, sizeof *h);

	for (i = 0; i < no + nr; i++)
		h[i] = i < no ? gate_side_result(ours, i)->host :
		    gate_side_result(rival, i - no)->host;
	*n = no + nr;
	return h;
}

/* The one host a side's runs record into s (NULL: none, or two that differ). */
static void
side_host(const struct gate_side_in *in, struct verdict_side *s)
{
	size_t n;
	const struct result_host **h = all_hosts(in, NULL, &n);
	unsigned d;

	gate_hosts_compare(h, n, &d);
	s->host_many = d != 0;
	if (d == 0 && h[0] != NULL) {
		s->host = xcalloc(1, sizeof *s->host);
		result_host_copy(s->host, h[0]);
	}
	free(h);
}

void
gate_hosts(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_opts *o, struct gate_verdict *v)
{
	size_t n;
	const struct result_host **h = all_hosts(ours, rival, &n);

	v->hosts = gate_hosts_compare(h, n, NULL);
	v->same_host = o->same_host;
	free(h);
	side_host(ours, &v->ours);
	side_host(rival, &v->rival);
}

/* Why the hosts are unknown: the first run that makes them so. */
static void
note_unknown(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival)
{
	const struct gate_side_in *sides[2] = { ours, rival };
	struct verdict_note *nt = verdict_noted(v, NOTE_HOSTS_UNKNOWN, -1);
	size_t i, k;
	int pass;

	nt->n[0] = 4;
	for (pass = 0; pass < 3; pass++)
		for (k = 0; k < 2; k++)
			for (i = 0; i < gate_side_runs(sides[k]); i++) {
				const struct result_host *h =
				    gate_side_result(sides[k], i)->host;

				if (!(pass == 0 && h == NULL) &&
				    !(pass == 1 && h != NULL && !result_host_id_usable(h)) &&
				    !(pass == 2 && h != NULL && !host_complete(h)))
					continue;
				nt->a = xstrdup(sides[k]->nruns > 1 ?
				    sides[k]->runs[i].file : sides[k]->file);
				nt->n[0] = pass == 0 ? 0 : pass == 2 ? 3 :
				    h->machine_id == NULL ? 1 : 2;
				if (nt->n[0] == 2)
					nt->b = xstrdup(h->id_source);
				return;
			}
}

void
gate_note_hosts(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival)
{
	size_t n, i;
	const struct result_host **h;
	unsigned d;

	for (i = 0; i < v->nrows && v->rows[i].kind != KIND_READ; i++)
		;
	if (i < v->nrows && v->hosts == HOSTS_UNKNOWN)
		note_unknown(v, ours, rival);
	if (i == v->nrows || v->hosts != HOSTS_DIFFERENT)
		return;
	h = all_hosts(ours, rival, &n);
	gate_hosts_compare(h, n, &d);
	free(h);
	verdict_noted(v, NOTE_HOSTS_DIFFER, -1)->n[0] = d;
}
