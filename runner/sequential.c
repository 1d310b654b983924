/* SPDX-License-Identifier: MIT */
/* The looks of runs until decided: the results so far loaded and ruled here. */
#include <stdlib.h>
#include <string.h>

#include "gate/evaluate.h"
#include "gate/rules.h"
#include "gate/sequential.h"
#include "verdict/base.h"
#include "lib/err.h"
#include "model/result.h"
#include "runner/options.h"
#include "runner/sequential.h"

/*
 * One engine's runs.  A look loads only those written since the last:
 * loading each again cost 10 ms a run of 200,000 latencies, a tenth of a
 * second a look at five runs a side.
 */
struct seq_side {
	struct result *r;
	struct gate_run_in *runs;
	size_t n, cap;
	struct gate_side_in in;
};

static void
seq_side_free(struct seq_side *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		result_free(&d->r[i]);
	free(d->r);
	free(d->runs);
	memset(d, 0, sizeof *d);
}

/* The engine's runs up to n in d, the new ones loaded from *from on. */
static int
seq_side_load(struct seq_side *d, const struct runner_plan *p, size_t engine,
    long long n, size_t *from, char *err)
{
	size_t i;

	*from = d->n;
	if ((size_t)n > d->cap) {
		d->r = xrealloc(d->r, (size_t)n * sizeof *d->r);
		d->runs = xrealloc(d->runs, (size_t)n * sizeof *d->runs);
		d->cap = (size_t)n;
	}
	for (i = 0; i < p->n; i++) {
		const struct runner_job *j = &p->job[i];

		if (j->engine != engine || j->index > n || j->index <= (long long)*from)
			continue;
		if (result_load(j->out, &d->r[d->n], err) < 0)
			return -1;
		d->runs[d->n].file = j->out;
		d->n++;
	}
	for (i = 0; i < d->n; i++) {
		d->runs[i].r = &d->r[i];
		d->runs[i].probe = d->r[i].probe;
	}
	d->in = (struct gate_side_in){ .r = &d->r[0], .probe = d->runs[0].probe,
	    .file = d->runs[0].file, .runs = d->runs, .nruns = d->n };
	return 0;
}

/* The looks of one invocation and the verdict of the last. */
struct runner_seq {
	struct gate_seq plan;
	const struct runner_opts *a;
	struct gate_verdict v;      /* the last look's, once have_verdict */
	int have_verdict;
	long long looked;           /* runs a side at the last look */
	struct seq_side side[2];    /* ours, the rival's: the runs loaded */
};

static void
seq_free(struct runner_seq *s)
{
	if (s->have_verdict)
		verdict_free(&s->v);
	s->have_verdict = 0;
}

/* A runner_look_fn: 1 when the runs stop there. */
static int
seq_look(void *ctx, const struct runner_plan *p, long long n, char *err)
{
	struct runner_seq *s = ctx;
	struct seq_side *ours = &s->side[0], *rival = &s->side[1];
	struct gate_opts o = s->a->limits.g;
	size_t open, o0, r0;

	if (p->nengines != 2)
		return errf(err, "runs until decided gate two engines; %zu given",
		    p->nengines);
	seq_free(s);
	o.mode = s->a->mode;
	o.confidence = gate_seq_level(&s->plan, n);
	/* --match renames the classes of the runs just loaded, each once */
	if (seq_side_load(ours, p, 0, n, &o0, err) < 0 ||
	    seq_side_load(rival, p, 1, n, &r0, err) < 0 ||
	    gate_pairs_apply(s->a->match, s->a->nmatch, ours->r + o0, ours->n - o0,
	    rival->r + r0, rival->n - r0, err) < 0 ||
	    gate_evaluate(&ours->in, &rival->in, s->a->match, s->a->nmatch, &o,
	    &s->v, err) < 0)
		return -1;
	s->have_verdict = 1;
	s->looked = n;
	open = gate_seq_undecided(&s->v);
	err_warn("look %lld of %lld at %lld runs a side (level %.4g%%): %zu of %zu "
	    "checks undecided", n - s->plan.min + 1, gate_seq_looks(&s->plan), n,
	    100 * o.confidence, open, s->v.nchecks);
	return gate_seq_decided(&s->v) || s->v.nchecks == 0 || n >= s->plan.max;
}

int
runner_seq_go(const struct runner_opts *a, struct runner_plan *p,
    runner_fn fn, void *ctx, const char *verdict, int *status, char *err)
{
	struct runner_seq s = { .a = a, .plan = { .min = a->min_runs,
	    .max = a->runs, .confidence = a->limits.g.confidence } };
	int rc = -1;

	*status = EXIT_PASS;
	if (a->min_runs == 0)
		return runner_go_looking(p, fn, ctx, 0, NULL, NULL, err);
	gate_seq_plan(&s.plan, a->mode);
	p->session.plan_min = s.plan.min;
	p->session.plan_max = s.plan.max;
	p->session.plan_confidence = s.plan.confidence;
	if (runner_go_looking(p, fn, ctx, a->min_runs, seq_look, &s, err) < 0)
		goto out;
	if (!s.have_verdict) {
		errf(err, "no look was made: fewer than %lld runs a side were "
		    "written", s.plan.min);
		goto out;
	}
	gate_seq_note(&s.v, &s.plan, s.looked);
	if (runner_verdict_write(&s.v, verdict, a->verbose, err) < 0)
		goto out;
	*status = verdict_exit_status(&s.v, a->strict);
	rc = 0;
out:
	seq_free(&s);
	seq_side_free(&s.side[0]);
	seq_side_free(&s.side[1]);
	return rc;
}
