/* SPDX-License-Identifier: MIT */
/*
 * The runs of a side: that they stand together, and each class's figures
 * over them on the log scale with the spread the intervals carry.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/checks.h"
#include "gate/sequential.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "gate/sides.h"

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
	rc = runs_check(r, files, s->nruns, flag, 0, err);
	free(r);
	free(files);
	return rc;
}

/*
 * Each run's log of class name at q, its sampling variance and open ends
 * in x, w and ends; with_unit the same in syncs of its own probe k places
 * on, an open end of whose median opens the syncs' other end.
 */
static void
side_logs(const struct gate_side_in *in, const char *name, double q,
    int with_unit, double level, double *x, double *w, int *ends)
{
	size_t i, k = gate_side_runs(in);
	double lu, wu;
	int ou;

	for (i = 0; i < k; i++) {
		ends[i] = runs_class_log(result_find(gate_side_result(in, i), name),
		    q, level, &x[i], &w[i]);
		if (!with_unit)
			continue;
		ou = runs_probe_log(in->nruns > 1 ? in->runs[i].probe : in->probe,
		    level, &lu, &wu);
		x[k + i] = x[i] - lu;
		w[k + i] = w[i] + wu;
		ends[k + i] = ends[i] | runs_open_flip(ou);
	}
}

void
gate_side_stats_init(struct gate_side_stats *st, const struct gate_side_in *in,
    const char *name, int with_unit, double level)
{
	size_t k = gate_side_runs(in), i;
	double *x = xcalloc(4 * k, sizeof *x), *w = x + 2 * k;
	int *ends = xcalloc(2 * k, sizeof *ends), q;

	*st = (struct gate_side_stats){ .has_s = with_unit };
	for (i = 0; i < k; i++)
		st->nsamples += result_find(gate_side_result(in, i), name)->nsamples;
	for (q = 0; q < 2; q++) {
		side_logs(in, name, q ? 0.99 : 0.5, with_unit, level, x, w, ends);
		runs_est_init(&st->l[q], x, w, ends, k);
		if (with_unit)
			runs_est_init(&st->s[q], x + k, w + k, ends + k, k);
	}
	free(x);
	free(ends);
}

void
gate_paired_init(struct gate_paired *pd, const struct gate_side_in *o,
    const struct gate_side_in *r, const size_t *perm_o, const size_t *perm_r,
    const char *name, int with_unit, int one_engine, double level)
{
	size_t k = gate_side_runs(o), i, f;
	double *buf = xcalloc(11 * k, sizeof *buf);
	double *xo = buf, *wo = buf + 2 * k, *xr = buf + 4 * k, *wr = buf + 6 * k;
	double *d = buf + 8 * k, *m = buf + 9 * k, *wd = buf + 10 * k;
	int *ends_o = xcalloc(4 * k, sizeof *ends_o), *ends_r = ends_o + 2 * k, q;

	memset(pd, 0, sizeof *pd);
	for (q = 0; q < 2; q++) {
		side_logs(o, name, q ? 0.99 : 0.5, with_unit, level, xo, wo, ends_o);
		side_logs(r, name, q ? 0.99 : 0.5, with_unit, level, xr, wr, ends_r);
		/* a run whose sampling leaves an end open leaves it to the sides */
		pd->ok_l[q] = pd->ok_s[q] = 1;
		/* the latencies' pairs, then the syncs' */
		for (f = 0; f < (with_unit ? 2u : 1u); f++) {
			int *ok = f ? &pd->ok_s[q] : &pd->ok_l[q];
			struct runs_pool *pool = f ? &pd->ps[q] : &pd->pl[q];

			for (i = 0; i < k; i++) {
				size_t a = f * k + perm_o[i], b = f * k + perm_r[i];

				d[i] = xo[a] - xr[b];
				m[i] = (xo[a] + xr[b]) / 2;
				wd[i] = wo[a] + wr[b];
				*ok &= (ends_o[a] | ends_r[b]) == 0;
			}
			runs_paired_init(f ? &pd->s[q] : &pd->l[q],
			    one_engine ? pool : NULL, d, m, wd, k);
		}
	}
	free(buf);
	free(ends_o);
}

/*
 * One statistic's spread: the side's own runs', or (nc) the record's, its
 * run effect tau^2 = log_sd^2 - within_log_sd^2 (never below 0) plus this
 * side's own sampling.
 */
static void
pool_add(struct runs_pool *p, const struct runs_est *e,
    const struct noise_class *nc, enum noise_which w)
{
	const struct noise_stat *s = nc != NULL ? &nc->stat[w] : NULL;
	double tau2;

	if (nc == NULL) {
		runs_pool_add_est(p, e);
		return;
	}
	/* syncs not measured: the latency's spread stands in for them */
	if (!s->have && w >= NOISE_SYNCS_P50)
		s = &nc->stat[w - NOISE_SYNCS_P50];
	if (!s->have)
		return;
	tau2 = s->log_sd * s->log_sd - s->within_log_sd * s->within_log_sd;
	runs_pool_add(p, fmax(0, tau2) + e->within, s->df);
}

void
gate_side_stats_pool(struct gate_pools *p, const struct gate_side_stats *st,
    const struct noise_class *nc)
{
	int q;

	for (q = 0; q < 2; q++) {
		pool_add(&p->l[q], &st->l[q], nc, q ? NOISE_P99 : NOISE_P50);
		if (st->has_s)
			pool_add(&p->s[q], &st->s[q], nc,
			    q ? NOISE_SYNCS_P99 : NOISE_SYNCS_P50);
	}
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

/*
 * Run i against the side's k - 1 others: how many half-widths of their
 * prediction interval it lies from their mean in logs, *ratio its ratio
 * to their geometric mean.  Their spread is floored at their sampling
 * always: naming a run takes more than others that happen to agree.
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
			(void)runs_class_log(result_find(gate_side_result(in, i),
			    v->rows[r].name), 0.5, level, &l[i], &w[i]);
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

/* A run of a set, for gate_sides_whole: its result and its file. */
struct set_run {
	const struct result *r;
	const char *file;
};

/* By session, engine and place in the set. */
static int
cmp_set_run(const void *a, const void *b)
{
	const struct result *x = ((const struct set_run *)a)->r;
	const struct result *y = ((const struct set_run *)b)->r;
	int c = strcmp(x->session.id, y->session.id);

	if (c == 0)
		c = strcmp(x->engine, y->engine);
	if (c == 0)
		c = (x->session.run > y->session.run) - (x->session.run < y->session.run);
	return c;
}

/* "2, 4 to 6": the numbers 1 to want that g[0..n) (in order) lacks. */
static void
missing_words(const struct set_run *g, size_t n, long long want, char *buf,
    size_t len)
{
	long long next = 1, at;
	size_t i = 0, said = 0, used = 0;

	buf[0] = '\0';
	while (next <= want && said < 6) {
		for (; i < n && g[i].r->session.run < next; i++)
			;
		at = i < n ? g[i].r->session.run : want + 1;
		if (at > next) {
			long long last = at - 1 < want ? at - 1 : want;

			used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
			    last > next ? "%s%lld to %lld" : "%s%lld", said ? ", " : "",
			    next, last);
			said++;
			next = last + 1;
		}
		next = at + 1;
		if (used >= len)
			break;
	}
	if (next <= want && said == 6 && used + 10 < len)
		snprintf(buf + used, len - used, " and more");
}

/* The runs a set should hold: its runs, or until decided, as many, at least a look's. */
static long long
set_want(const struct set_run *g, size_t n)
{
	const struct result_session *s = &g[0].r->session;
	long long last = g[n - 1].r->session.run;

	if (s->plan_min > 0)
		return last > s->plan_min ? last : s->plan_min;
	return s->runs;
}

int
gate_sides_whole(const struct gate_side_in *ours,
    const struct gate_side_in *rival, int part_ok, struct gate_left *left,
    char *err)
{
	size_t k = gate_side_runs(ours), n = 0, i, j;
	struct set_run *all = xcalloc(k + gate_side_runs(rival) + 1, sizeof *all);
	char gaps[128];
	int rc = 0, part = 0;

	for (i = 0; i < k + gate_side_runs(rival); i++) {
		const struct gate_side_in *in = i < k ? ours : rival;
		size_t at = i < k ? i : i - k;
		const struct result *r = gate_side_result(in, at);

		if (!session_present(&r->session) || r->session.runs < 2)
			continue;
		all[n].r = r;
		all[n++].file = in->nruns > 1 ? in->runs[at].file : in->file;
	}
	qsort(all, n, sizeof *all, cmp_set_run);
	for (i = 0; i < n && rc == 0; i = j) {
		const struct result *r = all[i].r;
		long long want;
		size_t m;

		for (j = i + 1; j < n && strcmp(all[j].r->session.id, r->session.id) == 0 &&
		    strcmp(all[j].r->engine, r->engine) == 0; j++)
			if (all[j].r->session.run == all[j - 1].r->session.run) {
				rc = errf(err, "%s and %s: both are run %lld of session %s; "
				    "expected each run once", all[j - 1].file, all[j].file,
				    all[j].r->session.run, r->session.id);
				break;
			}
		if (rc != 0)
			break;
		m = j - i;
		want = set_want(&all[i], m);
		if ((long long)m == want && all[j - 1].r->session.run == want)
			continue;
		missing_words(&all[i], m, want, gaps, sizeof gaps);
		if (!part_ok) {
			rc = errf(err, "%s: is run %lld of %lld of session %s, whose run%s "
			    "%s of %s %s not given; expected the whole set, each run on one "
			    "side or the other%s (--part-ok rules a part, naming what was "
			    "left out)", all[i].file, r->session.run, r->session.runs,
			    r->session.id, strchr(gaps, ' ') ? "s" : "", gaps, r->engine,
			    strchr(gaps, ' ') ? "are" : "is", r->session.plan_min > 0 ?
			    ", as many as a look of its runs until decided had" : "");
			break;
		}
		if (part < GATE_MAX_LEFT) {
			snprintf(left[part].engine, sizeof left[part].engine, "%s",
			    r->engine);
			memcpy(left[part].session, r->session.id, sizeof left[part].session);
			memcpy(left[part].runs, gaps, sizeof left[part].runs);
			left[part].of = want;
		}
		part++;
	}
	free(all);
	return rc < 0 ? rc : part;
}

double
gate_sides_level(const struct gate_side_in *ours,
    const struct gate_side_in *rival, enum gate_mode mode, double confidence,
    long long *n)
{
	const struct gate_side_in *in[2] = { ours, rival };
	double level = confidence;
	size_t s, i;

	*n = 0;
	for (s = 0; s < 2; s++)
		for (i = 0; i < gate_side_runs(in[s]); i++) {
			const struct result_session *ss = &gate_side_result(in[s], i)->session;
			long long k = (long long)gate_side_runs(in[s]);
			struct gate_seq plan = { .min = ss->plan_min, .max = ss->plan_max,
				.confidence = ss->plan_confidence };
			double l;

			if (ss->plan_min <= 0)
				continue;
			gate_seq_plan(&plan, mode);
			l = gate_seq_level(&plan, k < plan.min ? plan.min : k);
			if (*n == 0 || l > level) {
				level = l;
				*n = k;
			}
			break;
		}
	return level;
}
