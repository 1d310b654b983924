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
#include "lib/stats.h"

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

/* One side's per-run logs of class name at quantile q: latency, and syncs. */
static void
side_logs(const struct gate_side_in *in, const char *name, double q,
    int with_unit, double level, double *l, double *w, double *y, double *wy)
{
	struct gate_run_in one;
	double lu, wu;
	size_t i, k = gate_side_runs(in);

	for (i = 0; i < k; i++) {
		const struct gate_run_in *r = run_of(in, i, &one);

		runs_class_log(result_find(r->r, name), q, level, &l[i], &w[i]);
		if (!with_unit)
			continue;
		runs_probe_log(r->probe, level, &lu, &wu);
		y[i] = l[i] - lu;
		wy[i] = w[i] + (isnan(wu) ? 0 : wu);
	}
}

/* Sorts idx[0..k) by their runs' places among the session's. */
static void
by_order(const struct gate_side_in *in, size_t *idx, size_t k)
{
	size_t i, j;

	for (i = 0; i < k; i++)
		idx[i] = i;
	for (i = 1; i < k; i++)
		for (j = i; j > 0 && gate_side_result(in, idx[j - 1])->session.order >
		    gate_side_result(in, idx[j])->session.order; j--) {
			size_t t = idx[j];

			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
}

int
gate_sides_paired(const struct gate_side_in *a, const struct gate_side_in *b,
    size_t *perm_a, size_t *perm_b)
{
	size_t k = gate_side_runs(a), i, first_a = 0;
	const char *id = gate_side_result(a, 0)->session.id;

	if (k < GATE_PAIRED_MIN_RUNS || gate_side_runs(b) != k)
		return 0;
	for (i = 0; i < k; i++) {
		const struct result_session *sa = &gate_side_result(a, i)->session;
		const struct result_session *sb = &gate_side_result(b, i)->session;

		if (!session_present(sa) || !session_present(sb) || sa->order < 1 ||
		    sb->order < 1 || strcmp(sa->id, id) != 0 || strcmp(sb->id, id) != 0)
			return 0;
	}
	by_order(a, perm_a, k);
	by_order(b, perm_b, k);
	for (i = 0; i < k; i++) {
		long long oa = gate_side_result(a, perm_a[i])->session.order;
		long long ob = gate_side_result(b, perm_b[i])->session.order;

		if (oa - ob != 1 && ob - oa != 1)
			return 0;
		first_a += oa < ob;
	}
	/* balanced: each side first in half the pairs, one more at most */
	return 2 * first_a + 1 >= k && 2 * first_a <= k + 1;
}

void
gate_paired_init(struct gate_paired *pd, const struct gate_side_in *o,
    const struct gate_side_in *r, const size_t *perm_o, const size_t *perm_r,
    const char *name, int with_unit, double level)
{
	size_t k = gate_side_runs(o), i;
	double *buf = xcalloc(12 * k, sizeof *buf);
	double *lo = buf, *wo = buf + k, *yo = buf + 2 * k, *wyo = buf + 3 * k;
	double *lr = buf + 4 * k, *wr = buf + 5 * k, *yr = buf + 6 * k;
	double *wyr = buf + 7 * k, *d = buf + 8 * k, *wd = buf + 9 * k;
	double *ds = buf + 10 * k, *wds = buf + 11 * k;
	int q;

	memset(pd, 0, sizeof *pd);
	pd->has_s = with_unit;
	for (q = 0; q < 2; q++) {
		side_logs(o, name, q ? 0.99 : 0.5, with_unit, level, lo, wo, yo, wyo);
		side_logs(r, name, q ? 0.99 : 0.5, with_unit, level, lr, wr, yr, wyr);
		for (i = 0; i < k; i++) {
			size_t a = perm_o[i], b = perm_r[i];

			d[i] = lo[a] - lr[b];
			/* a run too thin to bound its value leaves the pair so */
			wd[i] = wo[a] + wr[b];
			if (with_unit) {
				ds[i] = yo[a] - yr[b];
				wds[i] = wyo[a] + wyr[b];
			}
		}
		runs_est_init(&pd->l[q], d, wd, k);
		pd->ok_l[q] = !pd->l[q].open_hi;
		if (with_unit) {
			runs_est_init(&pd->s[q], ds, wds, k);
			pd->ok_s[q] = !pd->s[q].open_hi;
		}
	}
	free(buf);
}

void
gate_side_stats_pool(struct gate_pools *p, const struct gate_side_stats *st)
{
	int q;

	for (q = 0; q < 2; q++) {
		runs_pool_add_est(&p->l[q], &st->l[q]);
		if (st->has_s)
			runs_pool_add_est(&p->s[q], &st->s[q]);
	}
}

/*
 * The noise record's spread for one statistic, where it has one: the
 * run effect it measured, tau^2 = log_sd^2 - within_log_sd^2 (the
 * calibration runs' own sampling taken out, never below 0), plus this
 * side's own sampling within a run, over the record's degrees of freedom.
 */
static void
noise_source(struct runs_pool *p, const struct runs_est *e,
    const struct noise_class *nc, enum noise_which w)
{
	const struct noise_stat *s = &nc->stat[w];
	double tau2;

	/* syncs not measured: the latency's spread stands in for them */
	if (!s->have && w >= NOISE_SYNCS_P50)
		s = &nc->stat[w - NOISE_SYNCS_P50];
	if (!s->have)
		return;
	tau2 = s->log_sd * s->log_sd - s->within_log_sd * s->within_log_sd;
	runs_pool_add(p, fmax(0, tau2) + e->within, s->df);
}

void
gate_side_stats_pool_noise(struct gate_pools *p, const struct gate_side_stats *st,
    const struct noise_class *nc)
{
	int q;

	for (q = 0; q < 2; q++) {
		noise_source(&p->l[q], &st->l[q], nc, q ? NOISE_P99 : NOISE_P50);
		if (st->has_s)
			noise_source(&p->s[q], &st->s[q], nc,
			    q ? NOISE_SYNCS_P99 : NOISE_SYNCS_P50);
	}
}

int
gate_pools_empty(const struct gate_pools *p)
{
	return !(p->l[0].df > 0);
}

void
gate_side_stats_share(struct gate_side_stats *st, const struct gate_pools *p)
{
	int q;

	for (q = 0; q < 2; q++) {
		runs_est_share(&st->l[q], &p->l[q]);
		if (st->has_s)
			runs_est_share(&st->s[q], &p->s[q]);
	}
}

/* Whether some run of s carries session id. */
static int
has_session(const struct gate_side_in *s, const char *id)
{
	size_t i;

	for (i = 0; i < gate_side_runs(s); i++)
		if (strcmp(gate_side_result(s, i)->session.id, id) == 0)
			return 1;
	return 0;
}

/* Whether every run of s records a session; and the earliest and latest start. */
static int
all_sessions(const struct gate_side_in *s, double *first, double *last)
{
	size_t i;
	int all = 1;

	*first = INFINITY;
	*last = -INFINITY;
	for (i = 0; i < gate_side_runs(s); i++) {
		const struct result_session *rs = &gate_side_result(s, i)->session;

		all &= session_present(rs);
		if (rs->started_s > 0) {
			*first = fmin(*first, rs->started_s);
			*last = fmax(*last, rs->started_s);
		} else {
			*first = NAN;
		}
	}
	return all;
}

int
gate_sides_apart(const struct gate_side_in *a, const struct gate_side_in *b,
    char *why, size_t len)
{
	double af, al, bf, bl;
	size_t i;
	int common = 0;

	if (!all_sessions(a, &af, &al) || !all_sessions(b, &bf, &bl))
		return 0;
	for (i = 0; i < gate_side_runs(a) && !common; i++)
		common = has_session(b, gate_side_result(a, i)->session.id);
	if (!common) {
		snprintf(why, len, "no session in common (%s from session %s, %s from "
		    "session %s)", "ours", gate_side_result(a, 0)->session.id,
		    "the other side", gate_side_result(b, 0)->session.id);
		return 1;
	}
	if (gate_side_runs(a) < 2 || gate_side_runs(b) < 2 || isnan(af) || isnan(bf))
		return 0;
	if (al < bf || bl < af) {
		snprintf(why, len, "one side's runs all started before the other's "
		    "first: they did not take turns");
		return 1;
	}
	return 0;
}

/*
 * Run i of class name against the side's other runs (k of them in all):
 * how many of their prediction interval's half-widths it lies from their
 * mean on the log scale, its ratio to their geometric mean in *ratio.
 * The others' spread is floored at their own sampling, as runs_est_init
 * floors it.
 */
static double
run_distance(const double *l, const double *w, size_t k, size_t i,
    double *ratio)
{
	double m = 0, ss = 0, win = 0, sd, t;
	size_t j, n = k - 1;

	for (j = 0; j < k; j++)
		if (j != i) {
			m += l[j];
			win += isnan(w[j]) ? 0 : w[j];
		}
	m /= (double)n;
	for (j = 0; j < k; j++)
		if (j != i)
			ss += (l[j] - m) * (l[j] - m);
	sd = sqrt(fmax(ss / (double)(n - 1), win / (double)n));
	*ratio = exp(l[i] - m);
	t = stats_t_quantile(0.995, (double)(n - 1)) * sd * sqrt(1 + 1 / (double)n);
	return t > 0 ? fabs(l[i] - m) / t : (l[i] != m ? INFINITY : 0);
}

int
gate_side_outlier(const struct gate_side_in *in, const struct gate_verdict *v,
    double level, struct gate_outlier *out)
{
	size_t k = gate_side_runs(in), r, i;
	double *l, *w, best = 1, ratio;

	memset(out, 0, sizeof *out);
	if (k < 3)
		return 0;
	l = xcalloc(2 * k, sizeof *l);
	w = l + k;
	for (r = 0; r < v->nrows; r++) {
		for (i = 0; i < k; i++)
			runs_class_log(result_find(gate_side_result(in, i), v->rows[r].name),
			    0.5, level, &l[i], &w[i]);
		for (i = 0; i < k; i++) {
			double d = run_distance(l, w, k, i, &ratio);

			/* past the 99% prediction interval, and 10% off at least */
			if (d > best && fabs(log(ratio)) >= log(1.1)) {
				best = d;
				out->run = i + 1;
				out->cls = v->rows[r].name;
				out->ratio = ratio;
				out->file = in->nruns > 1 ? in->runs[i].file : in->file;
			}
		}
	}
	free(l);
	return out->run > 0;
}
