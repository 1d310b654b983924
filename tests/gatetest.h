/* SPDX-License-Identifier: MIT */
/*
 * What the gate's test files share: a seeded generator of latencies,
 * results and probes built in memory, and a duel, two sides ruled by the
 * gate whose verdict is checked to load back.
 */
#ifndef SYNCGATE_GATETEST_H
#define SYNCGATE_GATETEST_H

#include <stdlib.h>
#include <string.h>

#include "gate/rules.h"
#include "gate/verdict.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "model/runs.h"
#include "report/report.h"
#include "report/words.h"
#include "verdict/json.h"
#include "tests/testutil.h"

/* xorshift64*: a seeded generator, so every run draws the same samples. */
static inline double
uniform(unsigned long long *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return ((double)((*s * 2685821657736338717ULL) >> 11) + 0.5) / 9007199254740992.0;
}

static inline double
normal(unsigned long long *s)
{
	double u = uniform(s), v = uniform(s);

	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* k runs' logs of one side, each N(mean, sigma^2), no sampling within. */
static inline void
runs_draw(struct runs_est *e, size_t k, double mean, double sigma,
    unsigned long long *s)
{
	double *logs = xcalloc(2 * k, sizeof *logs), *w = logs + k;
	size_t i;

	for (i = 0; i < k; i++)
		logs[i] = mean + sigma * normal(s);
	runs_est_init(e, logs, w, NULL, k);
	free(logs);
}

/* The two terms of o over r: o's figure less r's on the log scale. */
static inline void
runs_ratio_terms(struct runs_term t[2], const struct runs_est *o,
    const struct runs_est *r)
{
	t[0].e = o;
	t[0].sign = 1;
	t[1].e = r;
	t[1].sign = -1;
}

/*
 * o over r as baseline mode rules one engine: both sides' spread pooled,
 * with a noise record's variance rec_var over rec_df degrees of freedom
 * where rec_df > 0, into f at level.
 */
static inline void
runs_pooled_fig(struct runs_est *o, struct runs_est *r, double rec_var,
    double rec_df, double level, struct runs_fig *f)
{
	struct runs_pool p = { 0, 0 };
	struct runs_term t[2];

	runs_pool_add_est(&p, o);
	runs_pool_add_est(&p, r);
	if (rec_df > 0)
		runs_pool_add(&p, rec_var, rec_df);
	runs_est_share(o, &p);
	runs_est_share(r, &p);
	runs_ratio_terms(t, o, r);
	runs_combine(t, 2, level, f);
}

/* n lognormal latencies of the given median; sorted; the caller frees. */
static inline double *
lognormal(unsigned long long *s, double median, double sigma, size_t n)
{
	double *x = malloc(n * sizeof *x);
	size_t i;

	for (i = 0; i < n; i++)
		x[i] = median * exp(sigma * normal(s));
	stats_sort(x, n);
	return x;
}

/* A class of latencies, sampled or given as p50/p99 only. */
static inline void
add_class(struct result *r, const char *name, enum class_kind kind, double p50,
    double p99, double *samples, size_t n)
{
	struct result_class *c;

	/* doubling at each power of two: many classes, no realloc of each */
	if (r->nclasses >= 8 && (r->nclasses & (r->nclasses - 1)) == 0)
		r->classes = xrealloc(r->classes, 2 * r->nclasses * sizeof *r->classes);
	else if (r->nclasses == 0)
		r->classes = xmalloc(8 * sizeof *r->classes);
	c = &r->classes[r->nclasses++];
	memset(c, 0, sizeof *c);
	c->name = xstrdup(name);
	c->kind = kind;
	c->p50_lo_ns = c->p50_hi_ns = c->p99_lo_ns = c->p99_hi_ns = NAN;
	/* neither counted flushes nor timed from a writer's turn */
	c->flushes_per_op = c->turn_wait_ns = NAN;
	c->samples_ns = samples;
	c->nsamples = n;
	c->p50_ns = samples ? stats_quantile_sorted(samples, n, 0.5) : p50;
	c->p99_ns = samples ? stats_quantile_sorted(samples, n, 0.99) : p99;
	c->count = samples ? (long long)n : -1;
}

static inline void
new_result(struct result *r, const char *engine)
{
	memset(r, 0, sizeof *r);
	r->engine = xstrdup(engine);
	r->path = xstrdup(engine);
	r->workload = xstrdup("linkbench");
	r->concurrency = 8;
}

/* A session id for tests: 32 hex digits from n. */
#define TEST_SESSION(buf, n) snprintf((buf), sizeof (buf), "%032llx", \
	(unsigned long long)(n))

/*
 * Stamps r as run `run` of `runs` of session id, the order-th run the
 * session took, started order seconds into a fixed day.
 */
static inline void
stamp_session(struct result *r, const char *id, long long run, long long runs,
    long long order)
{
	snprintf(r->session.id, sizeof r->session.id, "%s", id);
	r->session.run = run;
	r->session.runs = runs;
	r->session.order = order;
	r->session.started_s = 1.8e9 + (double)order;
	r->session.ended_s = r->session.started_s + 0.5;
}

/*
 * Runs a[0..ka) and b[0..kb) as one session n taken in turns, as syncgate
 * run takes two engines: round i runs a[i] then b[i], or b[i] first in
 * odd rounds; the side with more runs takes the rest at the end.
 */
static inline void
stamp_turns(struct result *a, size_t ka, struct result *b, size_t kb,
    unsigned long long n)
{
	char id[SESSION_ID_LEN + 1];
	long long order = 0;
	size_t i;

	TEST_SESSION(id, n);
	for (i = 0; i < ka || i < kb; i++) {
		struct result *first = i % 2 ? &b[i] : &a[i];
		struct result *second = i % 2 ? &a[i] : &b[i];
		size_t kf = i % 2 ? kb : ka, ks = i % 2 ? ka : kb;

		if (i < kf)
			stamp_session(first, id, (long long)i + 1, (long long)kf, ++order);
		if (i < ks)
			stamp_session(second, id, (long long)i + 1, (long long)ks, ++order);
	}
}

/* Fifteen syncs spread about median by spread (a fraction), on one volume. */
static inline struct probe_record *
new_probe(const char *host, const char *volume, double median, double spread,
    enum reach reaches)
{
	static const double at[15] = { 0, -1, 1, -0.8, 0.8, -0.6, 0.6, -0.4, 0.4,
		-0.2, 0.2, -0.1, 0.1, -0.05, 0.05 };
	struct probe_record *p = malloc(sizeof *p);
	size_t i;

	probe_record_init(p);
	p->host_id = xstrdup(host);
	p->volume_id = xstrdup(volume);
	p->method = xstrdup("fdatasync");
	p->samples_ns = xmalloc(15 * sizeof *p->samples_ns);
	for (i = 0; i < 15; i++)
		p->samples_ns[i] = median * (1 + spread * at[i]);
	p->nsamples = 15;
	p->reaches = reaches;
	probe_record_summarize(p, 0.95);
	if (reaches != REACH_YES)
		probe_record_evidence(p, "a sync of %.0fns is a memory copy", median);
	return p;
}

/*
 * v through its JSON text and back: report loads every verdict the gate
 * writes (what names the case in the message).
 */
static inline void
assert_loads_back(const struct gate_verdict *v, const char *what)
{
	cJSON *t = verdict_to_json(v), *back;
	char *text = cJSON_Print(t), err[ERRLEN];
	struct gate_verdict w;

	assert_non_null(text);
	back = cJSON_Parse(text);
	assert_non_null(back);
	if (verdict_from_json(back, "v.json", &w, err) < 0)
		fail_msg("%s: report refuses the gate's verdict: %s", what, err);
	verdict_free(&w);
	cJSON_Delete(back);
	cJSON_Delete(t);
	free(text);
}

/* Both sides of one gate, freed together. */
struct duel {
	struct result ours, rival;
	struct gate_side_in in_ours, in_rival;
	struct gate_opts opts;
	struct gate_verdict v;
};

static inline void
duel_init(struct duel *d, enum gate_mode mode)
{
	memset(d, 0, sizeof *d);
	new_result(&d->ours, "zu");
	new_result(&d->rival, "ladybug");
	d->in_ours.r = &d->ours;
	d->in_ours.file = "zu.json";
	d->in_rival.r = &d->rival;
	d->in_rival.file = "ladybug.json";
	gate_opts_init(&d->opts, mode);
	/* the one-run sampling rule these tests rule on */
	d->opts.one_run_spread = 0;
}

/*
 * Rules the duel; every verdict the gate makes is also one that report
 * accepts back, figures, limits and words agreeing.
 */
static inline int
duel_rule(struct duel *d)
{
	char err[ERRLEN];
	int rc;

	d->in_ours.probe = d->ours.probe;
	d->in_rival.probe = d->rival.probe;
	rc = gate_rule(&d->in_ours, &d->in_rival, &d->opts, &d->v, err);
	if (rc == 0)
		report_words(&d->v);
	if (rc == 0 && verdict_check(&d->v, "v.json", err) < 0)
		fail_msg("the gate's own verdict is refused: %s", err);
	if (rc == 0)
		assert_loads_back(&d->v, "duel");
	return rc;
}

static inline void
duel_free(struct duel *d)
{
	verdict_free(&d->v);
	result_free(&d->ours);
	result_free(&d->rival);
}

/* Whether one of v's notes holds part. */
static inline int
verdict_has_note(const struct gate_verdict *v, const char *part)
{
	size_t i;

	for (i = 0; i < v->nnotes; i++)
		if (strstr(v->notes[i], part) != NULL)
			return 1;
	return 0;
}

static inline const struct verdict_check *
find_check(const struct gate_verdict *v, const char *cls, const char *stat)
{
	size_t i;

	for (i = 0; i < v->nchecks; i++)
		if (strcmp(v->checks[i].class_name, cls) == 0 &&
		    strcmp(v->checks[i].statistic, stat) == 0)
			return &v->checks[i];
	return NULL;
}

#endif
