/* SPDX-License-Identifier: MIT */
/*
 * How the sides' runs were taken.  A session's shift (a cache warm or
 * cold, a neighbour) moves all its runs alike: it drops out where both
 * sides ran in it, and a one-run session's is in its side's spread.  Only
 * several runs of one side in a session, or sides that followed each
 * other, leave a shift that no spread measured.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gate/turns.h"
#include "lib/err.h"

/*
 * The first and last start of runs of session id ("" any), or by_order
 * their places; 0 where a run has no start, or none a place.
 */
static int
span(const struct verdict_run *r, size_t n, const char *id, int by_order,
    double *first, double *last)
{
	size_t i;

	*first = INFINITY;
	*last = -INFINITY;
	for (i = 0; i < n; i++) {
		double x = by_order ? (double)r[i].order : r[i].started_s;

		if (id[0] != '\0' && strcmp(r[i].session, id) != 0)
			continue;
		if (!(x > 0) && !by_order)
			return 0;
		if (x > 0) {
			*first = fmin(*first, x);
			*last = fmax(*last, x);
		}
	}
	return isfinite(*first);
}

static size_t
count_in(const struct verdict_run *r, size_t n, const char *id)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += strcmp(r[i].session, id) == 0;
	return c;
}

/* Whether the runs of one session, two or more of each side there, interleave. */
static int
interleaved(const struct verdict_run *a, size_t na, const struct verdict_run *b,
    size_t nb, const char *id)
{
	double af, al, bf, bl;

	/* without times the places must do; without either, taken as in turns */
	if ((!span(a, na, id, 0, &af, &al) || !span(b, nb, id, 0, &bf, &bl)) &&
	    (!span(a, na, id, 1, &af, &al) || !span(b, nb, id, 1, &bf, &bl)))
		return 1;
	return !(al < bf || bl < af);
}

/* Whether a session of a's runs leaves them apart from b's. */
static enum verdict_apart
sessions_apart(const struct verdict_run *a, size_t na,
    const struct verdict_run *b, size_t nb)
{
	size_t i;

	for (i = 0; i < na; i++) {
		const char *id = a[i].session;
		size_t ca = count_in(a, na, id), cb = count_in(b, nb, id);

		if (ca >= 2 && cb == 0)
			return APART_ONE_SIDED;
		if (ca >= 2 && cb >= 2 && !interleaved(a, na, b, nb, id))
			return APART_NOT_INTERLEAVED;
	}
	return APART_NONE;
}

/* Whether every run has the first's session, or with host records its host. */
static int
all_one(const struct verdict_run *a, size_t na, const struct verdict_run *b,
    size_t nb, int host)
{
	size_t i;

	for (i = 0; i < na + nb; i++) {
		const struct verdict_run *r = i < na ? &a[i] : &b[i - na];
		const char *x = host ? r->host : r->session;

		/* a first run without a host returns at i 0, before any compare */
		if (x == NULL || strcmp(x, host ? a[0].host : a[0].session) != 0)
			return 0;
	}
	return 1;
}

enum verdict_apart
gate_runs_apart(const struct verdict_run *a, size_t na,
    const struct verdict_run *b, size_t nb)
{
	enum verdict_apart why;
	double af, al, bf, bl;
	size_t i;

	for (i = 0; i < na + nb; i++)
		if ((i < na ? &a[i] : &b[i - na])->session[0] == '\0')
			return APART_NO_SESSION;
	if ((why = sessions_apart(a, na, b, nb)) != APART_NONE ||
	    (why = sessions_apart(b, nb, a, na)) != APART_NONE)
		return why;
	if (all_one(a, na, b, nb, 0))
		return APART_NONE;
	if (!all_one(a, na, b, nb, 1))
		return APART_HOSTS;
	if (!span(a, na, "", 0, &af, &al) || !span(b, nb, "", 0, &bf, &bl) ||
	    !(af < bl && bf < al))
		return APART_NO_TURNS;
	return APART_NONE;
}

/* Each run's place in time: its start's rank where all have one, else its order. */
static int
places(const struct verdict_run *a, const struct verdict_run *b, size_t n,
    long long *pa, long long *pb)
{
	size_t i, j;
	int timed = 1;

	for (i = 0; i < 2 * n; i++)
		timed &= (i < n ? &a[i] : &b[i - n])->started_s > 0;
	for (i = 0; i < 2 * n; i++) {
		const struct verdict_run *r = i < n ? &a[i] : &b[i - n];
		long long *p = i < n ? &pa[i] : &pb[i - n];

		if (!timed) {
			if (r->order < 1 || !all_one(a, n, b, n, 0))
				return 0;
			*p = r->order;
			continue;
		}
		/* a tie in time leaves the order unknown */
		*p = 1;
		for (j = 0; j < 2 * n; j++) {
			const struct verdict_run *o = j < n ? &a[j] : &b[j - n];

			if (j != i && o->started_s == r->started_s)
				return 0;
			*p += o->started_s < r->started_s;
		}
	}
	return 1;
}

/* Sorts idx[0..n) by their places p. */
static void
by_place(const long long *p, size_t *idx, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		idx[i] = i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && p[idx[j - 1]] > p[idx[j]]; j--) {
			size_t t = idx[j];

			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
}

int
gate_runs_paired(const struct verdict_run *a, const struct verdict_run *b,
    size_t n, size_t *perm_a, size_t *perm_b)
{
	long long *pa, *pb;
	size_t i, first_a = 0;
	int ok;

	if (n < GATE_PAIRED_MIN_RUNS || gate_runs_apart(a, n, b, n) != APART_NONE)
		return 0;
	pa = xcalloc(2 * n, sizeof *pa);
	pb = pa + n;
	ok = places(a, b, n, pa, pb);
	if (ok) {
		by_place(pa, perm_a, n);
		by_place(pb, perm_b, n);
	}
	for (i = 0; i < n && ok; i++) {
		long long oa = pa[perm_a[i]], ob = pb[perm_b[i]];

		ok = oa - ob == 1 || ob - oa == 1;
		first_a += oa < ob;
	}
	free(pa);
	/* balanced: each side first in half the pairs, one more at most */
	return ok && 2 * first_a + 1 >= n && 2 * first_a <= n + 1;
}
