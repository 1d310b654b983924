/* SPDX-License-Identifier: MIT */
/*
 * The runs of one side: that they can stand together (one engine, one
 * workload, one set of classes), and each class's figures over them on
 * the log scale, with the spread between runs that the intervals carry.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/checks.h"
#include "lib/err.h"

size_t
gate_side_runs(const struct gate_side_in *s)
{
	return s->nruns > 1 ? s->nruns : 1;
}

const struct result *
gate_side_result(const struct gate_side_in *s, size_t i)
{
	return s->nruns > 1 ? s->runs[i].r : s->r;
}

int
gate_side_check(const struct gate_side_in *s, const char *flag, char *err)
{
	const struct result **r;
	const char **files;
	size_t i;
	int rc;

	if (s->nruns < 2)
		return 0;
	r = xcalloc(s->nruns, sizeof *r);
	files = xcalloc(s->nruns, sizeof *files);
	for (i = 0; i < s->nruns; i++) {
		r[i] = s->runs[i].r;
		files[i] = s->runs[i].file;
	}
	rc = runs_check(r, files, s->nruns, flag, err);
	free(r);
	free(files);
	return rc;
}

static const struct gate_run_in *
run_of(const struct gate_side_in *in, size_t i, struct gate_run_in *one)
{
	if (in->nruns > 1)
		return &in->runs[i];
	one->r = in->r;
	one->probe = in->probe;
	one->file = in->file;
	return one;
}

void
gate_side_stats_init(struct gate_side_stats *st, const struct gate_side_in *in,
    const char *name, int with_unit, double level)
{
	size_t k = gate_side_runs(in), i;
	double *l = xcalloc(4 * k, sizeof *l), *w = l + k, *y = l + 2 * k;
	double *wy = l + 3 * k, lu, wu;
	struct gate_run_in one;
	int q;

	memset(st, 0, sizeof *st);
	st->has_s = with_unit;
	for (q = 0; q < 2; q++) {
		for (i = 0; i < k; i++) {
			const struct gate_run_in *r = run_of(in, i, &one);
			const struct result_class *c = result_find(r->r, name);

			runs_class_log(c, q ? 0.99 : 0.5, level, &l[i], &w[i]);
			if (q == 0) {
				st->nsamples += c->nsamples;
				st->any_samples |= c->nsamples > 0;
			}
			if (!with_unit)
				continue;
			runs_probe_log(r->probe, level, &lu, &wu);
			/* a probe too thin for a band is taken as exact, and said */
			y[i] = l[i] - lu;
			wy[i] = w[i] + (isnan(wu) ? 0 : wu);
		}
		runs_est_init(&st->l[q], l, w, k);
		if (with_unit)
			runs_est_init(&st->s[q], y, wy, k);
	}
	free(l);
}

/* The noise file's spread for one statistic, where it has one. */
static int
noise_prior(struct runs_est *e, const struct noise_class *nc, enum noise_which w)
{
	const struct noise_stat *s = &nc->stat[w];

	/* syncs not measured: the latency's spread stands in for them */
	if (!s->have && w >= NOISE_SYNCS_P50)
		s = &nc->stat[w - NOISE_SYNCS_P50];
	if (!s->have)
		return -1;
	runs_est_prior(e, s->log_sd * s->log_sd, s->df);
	return 0;
}

void
gate_side_stats_noise(struct gate_side_stats *st, const struct noise_class *nc)
{
	int q;

	for (q = 0; q < 2; q++) {
		noise_prior(&st->l[q], nc, q ? NOISE_P99 : NOISE_P50);
		if (st->has_s)
			noise_prior(&st->s[q], nc, q ? NOISE_SYNCS_P99 : NOISE_SYNCS_P50);
	}
}

void
gate_side_stats_borrow(struct gate_side_stats *st,
    const struct gate_side_stats *from)
{
	int q;

	for (q = 0; q < 2; q++) {
		runs_est_prior(&st->l[q], from->l[q].between, from->l[q].df);
		if (st->has_s && from->has_s)
			runs_est_prior(&st->s[q], from->s[q].between, from->s[q].df);
	}
}
