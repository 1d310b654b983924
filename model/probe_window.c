/* SPDX-License-Identifier: MIT */
/*
 * The unit is the median of every sample through the run, each counted
 * once as the writes beside it ran, not of the rounds' medians, which
 * only bound its drift.  Flush counts net of others' idle rate are
 * dropped where that guess is a large share of the count (or of one
 * flush an operation): the figure would be mostly guess.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "model/probe_window.h"
#include "lib/stats.h"

size_t
window_round_medians(const double *x, size_t n, size_t per, double *out)
{
	size_t i, k = 0;

	if (per == 0)
		return 0;
	for (i = 0; i + per <= n; i += per)
		out[k++] = stats_median(x + i, per);
	return k;
}

struct weighted {
	double x, w;
};

static int
cmp_weighted(const void *a, const void *b)
{
	double x = ((const struct weighted *)a)->x, y = ((const struct weighted *)b)->x;

	return x < y ? -1 : x > y;
}

double
window_weighted_median(const double *x, const double *w, size_t n)
{
	struct weighted *v = xmalloc((n ? n : 1) * sizeof *v);
	double total = 0, cum = 0, m = NAN;
	size_t i;

	for (i = 0; i < n; i++) {
		v[i].x = x[i];
		v[i].w = w[i] > 0 ? w[i] : 0;
		total += v[i].w;
	}
	qsort(v, n, sizeof *v, cmp_weighted);
	for (i = 0; i < n && total > 0; i++) {
		cum += v[i].w;
		/* exactly half: halfway to the next value that carries weight */
		if (cum == total / 2) {
			size_t j = i + 1;

			while (j < n && v[j].w == 0)
				j++;
			m = j < n ? (v[i].x + v[j].x) / 2 : v[i].x;
			break;
		}
		if (cum > total / 2) {
			m = v[i].x;
			break;
		}
	}
	free(v);
	return m;
}

/*
 * A round's writes: half of those since the round before, half of those
 * up to the next (all, after the last, if none closed the run), so a
 * round in a slow spell speaks for the writes either side of it.
 */
static double
round_weight(const struct probe_rounds *r, size_t k, size_t nrounds)
{
	return (k > 0 ? r->ops[k - 1] / 2 : 0) +
	    (k + 1 < nrounds ? r->ops[k] / 2 : r->ops[k]);
}

/* The samples' median weighted as their rounds: the writes' time, not the clock's. */
static double
ops_weighted(const struct probe_series *s)
{
	const struct probe_rounds *r = &s->rounds;
	size_t i, nrounds = (size_t)r->count;
	double *w, total = 0, m;

	if (r->ops == NULL)
		return NAN;
	w = xmalloc(s->n * sizeof *w);
	for (i = 0; i < s->n; i++) {
		w[i] = round_weight(r, i / (size_t)r->per_round, nrounds);
		total += w[i];
	}
	m = total > 0 ? window_weighted_median(s->samples_ns, w, s->n) : NAN;
	free(w);
	return m;
}

void
window_unit(const struct probe_record *p, struct window_unit *u)
{
	const struct probe_series *s = &p->series;
	int rounds = s->present && s->rounds.present && s->n > 0 &&
	    s->rounds.per_round > 0;
	double *med;
	size_t i, k;

	memset(u, 0, sizeof *u);
	u->lo_ns = u->hi_ns = NAN;
	if (!rounds || s->n < WINDOW_MIN_SAMPLES) {
		if (rounds) {
			u->thin = s->n;
			u->thin_rounds = s->rounds.count;
		}
		u->ns = p->median_ns;
		u->samples = p->samples_ns;
		u->n = p->nsamples;
		return;
	}
	u->from_rounds = 1;
	u->rounds = &s->rounds;
	u->samples = s->samples_ns;
	u->n = s->n;
	u->ns = ops_weighted(s);
	u->weighted = !isnan(u->ns);
	if (!u->weighted)
		u->ns = stats_median(s->samples_ns, s->n);
	med = xmalloc(s->n * sizeof *med);
	k = window_round_medians(s->samples_ns, s->n, (size_t)s->rounds.per_round,
	    med);
	/* the median of all lies between the rounds' least and greatest */
	u->lo_ns = u->hi_ns = u->ns;
	for (i = 0; i < k; i++) {
		/* a round with no write on either side stood for none */
		if (u->weighted && !(round_weight(&s->rounds, i, k) > 0))
			continue;
		u->lo_ns = fmin(u->lo_ns, med[i]);
		u->hi_ns = fmax(u->hi_ns, med[i]);
	}
	free(med);
}

double *
window_sorted_samples(const struct probe_record *p, size_t *n)
{
	struct window_unit u;
	double *x;

	window_unit(p, &u);
	x = probe_doubles_dup(u.samples, u.n);
	stats_sort(x, u.n);
	*n = u.n;
	return x;
}

void
window_flushes_per_op(const struct window_count *c, struct window_per_op *out)
{
	const char *why = c->unavailable != NULL ? c->unavailable : c->ndev == 0 ?
	    "no disk's flush counter could be read" : c->ops <= 0 ?
	    "no operations ran" : NULL;
	size_t i, best = 0;
	double net, other, most = -1, base;

	memset(out, 0, sizeof *out);
	out->per_op = out->other = NAN;
	for (i = 0; why == NULL && i < c->ndev; i++) {
		why = c->dev[i].dropped;
		if (isnan(c->dev[i].flushes) || c->dev[i].flushes > most) {
			most = c->dev[i].flushes;
			best = i;
		}
	}
	if (why != NULL) {
		snprintf(out->why, sizeof out->why, "%s", why);
		return;
	}
	out->dev = best;
	other = c->idle_s > 0 && !isnan(c->dev[best].idle_flushes) ?
	    c->dev[best].idle_flushes / c->idle_s * c->ops_s : 0;
	out->other = other;
	if (isnan(c->dev[best].flushes)) {
		snprintf(out->why, sizeof out->why, "the count was not read");
		return;
	}
	base = fmax(c->dev[best].flushes, (double)c->ops);
	if (other > 0 && other > WINDOW_OTHER_SHARE_MAX * base) {
		snprintf(out->why, sizeof out->why, "other processes' flushes, at "
		    "the idle windows' rate, would be %.3g of the %.0f counted over "
		    "%lld operations, more than a quarter: the volume is too busy to "
		    "tell its flushes from the run's", other, c->dev[best].flushes,
		    c->ops);
		return;
	}
	net = c->dev[best].flushes - other;
	out->per_op = (net > 0 ? net : 0) / (double)c->ops;
}
