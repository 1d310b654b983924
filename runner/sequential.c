/* SPDX-License-Identifier: MIT */
/*
 * The looks of runs until decided (runner/sequential.h): the results
 * written so far loaded as the gate loads them, and ruled in-process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/evaluate.h"
#include "gate/rules.h"
#include "verdict/base.h"
#include "lib/err.h"
#include "lib/units.h"
#include "model/result.h"
#include "runner/sequential.h"

int
runner_parse_runs(const char *s, long long cap, long long *min,
    long long *max, char *err)
{
	const char *dots = strstr(s, "..");
	char lo[32];

	if (dots == NULL) {
		*min = 0;
		return units_parse_count(s, 1, cap, max, "--runs", err);
	}
	if ((size_t)(dots - s) >= sizeof lo)
		return errf(err, "--runs %s; expected K or MIN..MAX, such as 3..12", s);
	memcpy(lo, s, (size_t)(dots - s));
	lo[dots - s] = '\0';
	if (units_parse_count(lo, 2, cap, min, "--runs", err) < 0 ||
	    units_parse_count(dots + 2, 2, cap, max, "--runs", err) < 0)
		return errf(err, "--runs %s; expected MIN..MAX, two whole numbers "
		    "from 2 to %lld, such as 3..12", s, cap);
	if (*min > *max)
		return errf(err, "--runs %s: MIN above MAX; expected MIN..MAX, such "
		    "as 3..12", s);
	return 0;
}

int
runner_parse_mode(const char *s, enum gate_mode *m, char *err)
{
	if (strcmp(s, "rival") == 0)
		*m = MODE_RIVAL;
	else if (strcmp(s, "baseline") == 0)
		*m = MODE_BASELINE;
	else
		return errf(err, "--mode %s; expected rival or baseline", s);
	return 0;
}

void
runner_limits_init(struct runner_limits *l)
{
	memset(l, 0, sizeof *l);
	gate_opts_init(&l->g, MODE_RIVAL);
}

int
runner_parse_limit(struct runner_limits *l, const char *opt, const char *s,
    char *err)
{
	snprintf(l->given, sizeof l->given, "%s", opt);
	if (strcmp(opt, "--max-regression") == 0)
		l->regression_given = 1;
	else if (strcmp(opt, "--confidence") != 0)
		snprintf(l->rival_only, sizeof l->rival_only, "%s", opt);
	return gate_limit_parse(&l->g, opt, s, err);
}

int
runner_check_limits(const struct runner_limits *l, long long min,
    enum gate_mode mode, char *err)
{
	if (l->given[0] != '\0' && min == 0)
		return errf(err, "%s is a limit the looks of --runs MIN..MAX rule "
		    "by; expected --runs MIN..MAX with it", l->given);
	if (l->regression_given && mode != MODE_BASELINE)
		return errf(err, "--max-regression applies with --mode baseline, not "
		    "rival; expected --mode baseline with it");
	if (l->rival_only[0] != '\0' && mode != MODE_RIVAL)
		return errf(err, "%s applies with --mode rival, not baseline",
		    l->rival_only);
	return 0;
}

void
runner_seq_init(struct runner_seq *s, long long min, long long max,
    enum gate_mode mode, const struct runner_limits *l,
    const struct gate_pair *p, size_t n)
{
	memset(s, 0, sizeof *s);
	s->limits = *l;
	s->pairs = p;
	s->npairs = n;
	s->plan.min = min;
	s->plan.max = max;
	s->plan.confidence = s->limits.g.confidence;
	s->mode = mode;
	if (min > 0)
		gate_seq_plan(&s->plan, mode);
}

void
runner_seq_stamp(const struct runner_seq *s, struct result_session *sess)
{
	sess->plan_min = s->plan.min;
	sess->plan_max = s->plan.max;
	sess->plan_confidence = s->plan.confidence;
}

void
runner_seq_free(struct runner_seq *s)
{
	if (s != NULL && s->have_verdict)
		verdict_free(&s->v);
	if (s != NULL)
		s->have_verdict = 0;
}

/* One engine's first n runs, loaded. */
struct seq_side {
	struct result *r;
	struct gate_run_in *runs;
	size_t n;
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
}

static int
seq_side_load(struct seq_side *d, const struct runner_plan *p, size_t engine,
    long long n, char *err)
{
	size_t i;

	memset(d, 0, sizeof *d);
	d->r = xcalloc((size_t)n, sizeof *d->r);
	d->runs = xcalloc((size_t)n, sizeof *d->runs);
	for (i = 0; i < p->n; i++) {
		const struct runner_job *j = &p->job[i];

		if (j->engine != engine || j->index > n)
			continue;
		if (result_load(j->out, &d->r[d->n], err) < 0)
			return -1;
		d->runs[d->n].r = &d->r[d->n];
		d->runs[d->n].probe = d->r[d->n].probe;
		d->runs[d->n].file = j->out;
		d->n++;
	}
	d->in.r = &d->r[0];
	d->in.probe = d->runs[0].probe;
	d->in.file = d->runs[0].file;
	d->in.runs = d->runs;
	d->in.nruns = d->n;
	return 0;
}

int
runner_seq_look(void *ctx, const struct runner_plan *p, long long n, char *err)
{
	struct runner_seq *s = ctx;
	struct seq_side ours, rival;
	struct gate_opts o;
	size_t open;
	int rc = -1;

	if (p->nengines != 2)
		return errf(err, "runs until decided gate two engines; %zu given",
		    p->nengines);
	runner_seq_free(s);
	memset(&rival, 0, sizeof rival);
	o = s->limits.g;
	o.mode = s->mode;
	o.confidence = gate_seq_level(&s->plan, n);
	if (seq_side_load(&ours, p, 0, n, err) < 0 ||
	    seq_side_load(&rival, p, 1, n, err) < 0 ||
	    gate_pairs_apply(s->pairs, s->npairs, ours.r, ours.n, rival.r,
	    rival.n, err) < 0 ||
	    gate_evaluate(&ours.in, &rival.in, s->pairs, s->npairs, &o, &s->v,
	    err) < 0)
		goto out;
	s->have_verdict = 1;
	s->looked = n;
	open = gate_seq_undecided(&s->v);
	err_warn("look %lld of %lld at %lld runs a side (level %.4g%%): %zu of %zu "
	    "checks undecided", n - s->plan.min + 1, gate_seq_looks(&s->plan), n,
	    100 * o.confidence, open, s->v.nchecks);
	rc = gate_seq_decided(&s->v) || s->v.nchecks == 0 || n >= s->plan.max;
out:
	seq_side_free(&ours);
	seq_side_free(&rival);
	return rc;
}

int
runner_seq_finish(struct runner_seq *s, const char *path, int strict,
    int verbose, int *status, char *err)
{
	if (!s->have_verdict)
		return errf(err, "no look was made: fewer than %lld runs a side "
		    "were written", s->plan.min);
	gate_seq_note(&s->v, &s->plan, s->looked);
	if (runner_verdict_write(&s->v, path, verbose, err) < 0)
		return -1;
	*status = verdict_exit_status(&s->v, strict);
	return 0;
}
