/* SPDX-License-Identifier: MIT */
/*
 * From two results to a verdict: the sides, the classes matched by name,
 * the sync unit, each class's checks, then the halves, notes and ruling.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gate/checks.h"
#include "verdict/base.h"
#include "verdict/kinds.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "lib/version.h"
#include "model/runs.h"
#include "gate/host.h"
#include "gate/match.h"
#include "gate/unit.h"

void
gate_opts_init(struct gate_opts *o, enum gate_mode mode)
{
	*o = (struct gate_opts){ .mode = mode,
		.read_speedup = GATE_DEFAULT_READ_SPEEDUP,
		.commit_syncs = GATE_DEFAULT_COMMIT_SYNCS,
		.max_regression = GATE_DEFAULT_MAX_REGRESSION,
		.confidence = GATE_DEFAULT_CONFIDENCE, .one_run_spread = 1 };
}

static void
fill_probe(struct verdict_side *s, const struct probe_record *p, double level)
{
	double *x;
	size_t i, lo, hi;

	s->has_probe = 1;
	s->host_id = probe_strdup(p->host_id);
	s->volume_id = probe_strdup(p->volume_id);
	s->fs = probe_strdup(p->fs);
	s->method = probe_strdup(p->method);
	s->device = probe_strdup(p->device);
	s->reaches = p->reaches;
	s->probe_median_ns = p->median_ns;
	s->probe_samples = p->nsamples;
	x = probe_doubles_dup(p->samples_ns, p->nsamples);
	stats_sort(x, p->nsamples);
	if (gate_quantile_ci(x, p->nsamples, 0.5, level, &s->probe_ci_lo_ns,
	    &s->probe_ci_hi_ns) == 0)
		stats_order_ci(p->nsamples, 0.5, level, &lo, &hi, &s->probe_ci_level);
	free(x);
	s->evidence = p->nevidence ? xmalloc(p->nevidence * sizeof *s->evidence) : NULL;
	for (i = 0; i < p->nevidence; i++)
		s->evidence[i] = xstrdup(p->evidence[i]);
	s->nevidence = p->nevidence;
	s->group_writers = p->group.writers;
	s->group_syncs_p50 = p->group.syncs_p50;
	s->group_syncs_p99 = p->group.syncs_p99;
}

/* Run r as it was taken: its session, place, start, host and plan. */
static void
fill_taken(struct verdict_run *t, const struct result *r)
{
	const struct result_session *s = &r->session;

	*t = (struct verdict_run){ .run = s->run, .runs = s->runs,
		.order = s->order, .started_s = s->started_s > 0 ? s->started_s : NAN,
		.host = r->host != NULL && result_host_id_usable(r->host) ?
		    xstrdup(r->host->machine_id) : NULL,
		.plan_min = s->plan_min, .plan_max = s->plan_max,
		.plan_confidence = s->plan_min > 0 ? s->plan_confidence : NAN };
	memcpy(t->session, s->id, sizeof t->session);
}

static void
fill_side(struct verdict_side *s, const struct gate_side_in *in, double level)
{
	size_t i;

	s->engine = xstrdup(in->r->engine);
	s->version = probe_strdup(in->r->version);
	s->workload = probe_strdup(in->r->workload);
	s->concurrency = in->r->concurrency;
	s->file = xstrdup(in->file);
	s->probe_file = probe_strdup(in->probe_file);
	s->runs = gate_side_runs(in);
	s->run_files = xcalloc(s->runs, sizeof *s->run_files);
	s->taken = xcalloc(s->runs, sizeof *s->taken);
	for (i = 0; i < s->runs; i++) {
		s->run_files[i] = xstrdup(in->nruns > 1 ? in->runs[i].file : in->file);
		fill_taken(&s->taken[i], gate_side_result(in, i));
	}
	if (in->probe != NULL)
		fill_probe(s, in->probe, level);
}

/* Column labels: engines' names, told apart by version, else ours/rival. */
static void
label_sides(struct gate_verdict *v)
{
	struct verdict_side *o = &v->ours, *r = &v->rival;

	if (v->mode == MODE_BASELINE) {
		o->label = xstrdup("new");
		r->label = xstrdup("baseline");
	} else if (strcmp(o->engine, r->engine) != 0) {
		o->label = xstrdup(o->engine);
		r->label = xstrdup(r->engine);
	} else if (o->version && r->version && strcmp(o->version, r->version) != 0) {
		o->label = xasprintf("%s %s", o->engine, o->version);
		r->label = xasprintf("%s %s", r->engine, r->version);
	} else {
		o->label = xstrdup("ours");
		r->label = xstrdup("rival");
	}
}

static int
check_kinds(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_match *m, char *err)
{
	size_t i;
	char buf[80];

	for (i = 0; i < ours->r->nclasses; i++) {
		const struct result_class *o = &ours->r->classes[i];
		const struct result_class *r = m->rival_of[i];

		if (r != NULL && r->kind != o->kind)
			return errf(err, "%s: classes[%zu] \"%s\" is a %s, but in %s it "
			    "is a %s; expected the same kind on both sides", rival->file,
			    (size_t)(r - rival->r->classes), err_quote(buf, sizeof buf, o->name),
			    class_kind_name(r->kind), ours->file, class_kind_name(o->kind));
	}
	return 0;
}

/*
 * Room was made by match_classes.  A class only ours ran keeps figures
 * for history, as a row's points would be.
 */
static void
add_unmatched(struct gate_ctx *ctx, const struct result_class *c, int ours)
{
	struct verdict_unmatched *u = &ctx->v->unmatched[ctx->v->nunmatched++];
	int with_unit = c->kind == KIND_WRITE && ctx->have_unit;
	struct gate_side_stats st;

	u->name = xstrdup(c->name);
	u->kind = c->kind;
	u->ours = ours;
	u->p50_ns = u->p99_ns = u->syncs_p50 = u->syncs_p99 = u->flushes = NAN;
	if (!ours)
		return;
	u->flushes = gate_side_flushes(ctx->ours_in, c->name);
	if (ctx->runs) {
		gate_side_stats_init(&st, ctx->ours_in, c->name, with_unit,
		    ctx->o->confidence);
		u->p50_ns = exp(st.l[0].mean);
		u->p99_ns = exp(st.l[1].mean);
		u->syncs_p50 = with_unit ? exp(st.s[0].mean) : NAN;
		u->syncs_p99 = with_unit ? exp(st.s[1].mean) : NAN;
		return;
	}
	u->p50_ns = c->p50_ns;
	u->p99_ns = c->p99_ns;
	u->syncs_p50 = with_unit ? c->p50_ns / ctx->unit.ours.v : NAN;
	u->syncs_p99 = with_unit ? c->p99_ns / ctx->unit.ours.v : NAN;
}

/* Notes on the sampled parts too thin for an interval, ours first. */
static void
note_drops(struct gate_verdict *v, const struct gate_pair *pair)
{
	size_t i;

	for (i = 0; i < 2 * pair->ndrops; i++) {
		const struct gate_drop *d = &pair->drops[i % pair->ndrops];
		int theirs = d->pt == &pair->r50 || d->pt == &pair->r99;
		struct verdict_note *nt;

		if (theirs != (i >= pair->ndrops))
			continue;
		nt = verdict_noted(v, NOTE_DROPS, theirs);
		nt->cls = xstrdup(pair->ours->name);
		nt->n[0] = (long long)d->pt->n;
		nt->n[1] = d->pt->b != NULL;
		nt->n[2] = d->pt->dep > 0;
		nt->x[0] = d->pt->p;
		nt->x[1] = d->level;
	}
}

/*
 * Notes on what had no interval (a class with none either side joins
 * exact), and on the parts whose samples depend on their neighbours.
 */
static void
note_intervals(struct gate_verdict *v, const struct gate_pair *pair,
    struct xlist *exact)
{
	const struct gate_part *parts[4] = { &pair->o50, &pair->o99, &pair->r50,
		&pair->r99 };
	struct verdict_note *nt;
	int none[2];
	size_t k;

	for (k = 0; k < 2; k++)
		none[k] = parts[2 * k]->kind == PART_POINT &&
		    parts[2 * k + 1]->kind == PART_POINT;
	if (none[0] && none[1])
		xlist_add(exact, "\n", pair->ours->name);
	for (k = 0; k < 2 && !(none[0] && none[1]); k++) {
		if (!none[k] && parts[2 * k]->kind != PART_POINT &&
		    parts[2 * k + 1]->kind != PART_POINT)
			continue;
		nt = verdict_noted(v, none[k] ? NOTE_NO_SAMPLES : NOTE_NO_RANGE, (int)k);
		nt->cls = xstrdup(pair->ours->name);
		if (!none[k])
			nt->x[0] = parts[2 * k]->kind == PART_POINT ? 0.5 : 0.99;
	}
	note_drops(v, pair);
	for (k = 0; k < 4; k++) {
		if (!(parts[k]->dep > 0))
			continue;
		nt = verdict_noted(v, NOTE_DEPENDENT, k >= 2);
		nt->cls = xstrdup(pair->ours->name);
		nt->x[0] = parts[k]->p;
		nt->x[1] = parts[k]->dep;
		nt->n[0] = GATE_DEP_BATCHES;
		nt->n[1] = (long long)parts[k]->n;
	}
}

/*
 * A commit under the band's low (or the unit, without a band): not
 * flushing each commit, or batching.  All of p50's interval must lie
 * under it: one reaching it may be one flush a commit seen through noise.
 */
static void
note_sub_sync(struct gate_verdict *v, const struct verdict_row *row)
{
	int k;

	for (k = 0; k < 2; k++) {
		const struct verdict_value *p50 = k ? &row->rival_p50 : &row->ours_p50;
		double top = isnan(p50->hi) ? p50->v : p50->hi;
		double unit = k ? v->unit.rival_ns : v->unit.ours_ns;
		double low = k ? v->unit.rival_lo_ns : v->unit.ours_lo_ns;
		struct verdict_note *nt;

		if (!(top < (isnan(low) ? unit : low)))
			continue;
		nt = verdict_noted(v, NOTE_SUB_SYNC, k);
		nt->cls = xstrdup(row->name);
		nt->x[0] = p50->v;
		nt->x[1] = p50->hi;
		nt->x[2] = isnan(low) ? unit : low;
		nt->x[3] = unit;
		nt->n[0] = !isnan(low);
	}
}

static int
noise_of(const struct noise *n, const struct gate_side_in *in)
{
	return n != NULL && strcmp(n->engine, in->r->engine) == 0;
}

/* The noise record's class for a side: the default's, or its engine's. */
static const struct noise_class *
noise_for(const struct gate_ctx *ctx, const struct gate_side_in *in,
    const char *name)
{
	if (ctx->dflt != NULL)
		return noise_find(ctx->dflt, name);
	return noise_of(ctx->o->noise, in) ? noise_find(ctx->o->noise, name) : NULL;
}

/* The default spread's record: every class either side ran. */
static void
default_spread(struct noise *n, const struct result *a, const struct result *b)
{
	const struct result *r[2] = { a, b };
	size_t i, j;
	int w;

	*n = (struct noise){ .engine = xstrdup(a->engine), .runs = 2,
		.confidence = GATE_DEFAULT_CONFIDENCE, .concurrency = -1,
		.classes = xcalloc(a->nclasses + b->nclasses, sizeof *n->classes) };
	for (j = 0; j < 2; j++)
		for (i = 0; i < r[j]->nclasses; i++) {
			struct noise_class *c = &n->classes[n->nclasses];

			if (noise_find(n, r[j]->classes[i].name) != NULL)
				continue;
			c->name = xstrdup(r[j]->classes[i].name);
			c->kind = r[j]->classes[i].kind;
			for (w = 0; w < NOISE_NSTATS; w++) {
				c->stat[w].have = 1;
				c->stat[w].log_sd = w == NOISE_P50 || w == NOISE_SYNCS_P50 ?
				    GATE_DEFAULT_SPREAD_P50 : GATE_DEFAULT_SPREAD_P99;
				/* stated, not estimated: Student's t is the normal */
				c->stat[w].df = 1e9;
				c->stat[w].geomean = 1;
			}
			n->nclasses++;
		}
}

/* A run far from its side's others, named with what to do. */
static void
note_outlier(struct gate_verdict *v, const struct gate_side_in *in, int ours)
{
	struct gate_outlier o;
	struct verdict_note *nt;

	if (!gate_side_outlier(in, v, v->confidence, &o))
		return;
	nt = verdict_noted(v, NOTE_OUTLIER, !ours);
	nt->cls = xstrdup(o.cls);
	nt->a = xstrdup(o.file);
	nt->n[0] = (long long)o.run;
	nt->n[1] = (long long)gate_side_runs(in) - 1;
	nt->x[0] = o.ratio;
}

/*
 * One spread between runs an engine: in baseline mode both sides pool
 * theirs (and the record's, once); in rival mode each engine its own,
 * and a side with neither runs nor record takes the other's, its degrees
 * of freedom counted once (model/runs.c).  pools[0] is ours.
 */
static void
priors(const struct gate_ctx *ctx, struct gate_side_stats *os,
    struct gate_side_stats *rs, const char *name, struct gate_pools pools[2])
{
	const struct noise_class *no = noise_for(ctx, ctx->ours_in, name);
	const struct noise_class *nr = noise_for(ctx, ctx->rival_in, name);
	int one = ctx->o->mode == MODE_BASELINE;
	struct gate_pools *po = &pools[0], *pr = one ? &pools[0] : &pools[1];

	memset(pools, 0, 2 * sizeof *pools);
	gate_side_stats_pool(po, os, NULL);
	gate_side_stats_pool(pr, rs, NULL);
	if (no != NULL)
		gate_side_stats_pool(po, os, no);
	if (nr != NULL && !(one && no != NULL))
		gate_side_stats_pool(pr, rs, nr);
	/* a pool of no source has no degrees of freedom */
	if (!one && !(po->l[0].df > 0))
		po = pr;
	if (!one && !(pr->l[0].df > 0))
		pr = po;
	gate_side_stats_share(os, po);
	gate_side_stats_share(rs, pr);
}

/* The noise record's class for name: ours' engine's, else the rival's. */
static const struct noise_class *
session_noise(const struct gate_ctx *ctx, const char *name)
{
	const struct noise_class *nc = noise_for(ctx, ctx->ours_in, name);

	return nc != NULL ? nc : noise_for(ctx, ctx->rival_in, name);
}

/*
 * Sides apart: each side's runs carry one shift between sessions, mean 0,
 * in one pool a statistic so its df count once.  One shift even over
 * several sessions: sides that did not take turns ran in blocks of time.
 * Its spread is the record's (the syncs' else their latency's), else the
 * stated default over infinite degrees of freedom.
 */
static void
session_terms(const struct gate_ctx *ctx, const char *name,
    struct gate_side_stats *os, struct gate_side_stats *rs,
    struct gate_pools *shared)
{
	const struct noise_class *nc = ctx->v->shift == SHIFT_RECORD ?
	    session_noise(ctx, name) : NULL;
	struct gate_side_stats *st[2] = { os, rs };
	size_t side;
	int q;

	for (side = 0; side < 2 && ctx->v->shift != SHIFT_NONE; side++) {
		st[side]->has_session = 1;
		for (q = 0; q < NOISE_NSTATS; q++) {
			struct runs_est *e = q < 2 ? &st[side]->sl[q] : &st[side]->ss[q - 2];
			const struct noise_stat *ns = nc != NULL ? &nc->stat[q] : NULL;
			double sd = q == NOISE_P50 || q == NOISE_SYNCS_P50 ?
			    GATE_DEFAULT_SESSION_P50 : GATE_DEFAULT_SESSION_P99;

			*e = (struct runs_est){ .k = 1, .between = NAN, .fixed = 1,
				.df = INFINITY,
				.pool = q < 2 ? &shared->sl[q] : &shared->ss[q - 2] };
			if (ns != NULL && !ns->have_session && q >= NOISE_SYNCS_P50)
				ns = &nc->stat[q - NOISE_SYNCS_P50];
			if (ns != NULL && ns->have_session) {
				sd = ns->session_log_sd;
				e->df = ns->session_df;
			}
			e->var = sd * sd;
		}
	}
}

/*
 * What carries the shift between sessions: nothing where the sides took
 * turns or one run's sampling is ruled; a noise record where it measured
 * it for every ruled figure of each class; else the stated default.
 */
static enum verdict_shift
shift_source(const struct gate_ctx *ctx, const struct gate_match *m)
{
	const struct result *r = ctx->ours_in->r;
	size_t i;
	int q;

	if (ctx->v->apart == APART_NONE || !ctx->runs)
		return SHIFT_NONE;
	if (ctx->o->noise == NULL || ctx->o->noise->sessions < 2)
		return SHIFT_DEFAULT;
	for (i = 0; i < r->nclasses; i++) {
		const struct noise_class *nc;

		if (m->rival_of[i] == NULL)
			continue;
		nc = session_noise(ctx, r->classes[i].name);
		if (nc == NULL)
			return SHIFT_DEFAULT;
		for (q = 0; q < NOISE_NSTATS; q++)
			if (!nc->stat[q].have_session && (q < NOISE_SYNCS_P50 ||
			    (r->classes[i].kind == KIND_WRITE && ctx->have_unit)))
				return SHIFT_DEFAULT;
	}
	return SHIFT_RECORD;
}

/* Over whole runs: each side's figures, the parts points at their geometric means. */
static void
pair_over_runs(struct gate_ctx *ctx, struct gate_pair *pair,
    struct gate_side_stats *os, struct gate_side_stats *rs,
    struct gate_pools pools[2], struct gate_paired *pd)
{
	const char *name = pair->ours->name;
	int with_unit = pair->ours->kind == KIND_WRITE && ctx->have_unit;
	struct gate_part *parts[4] = { &pair->o50, &pair->o99, &pair->r50,
		&pair->r99 };
	int k;

	gate_side_stats_init(os, ctx->ours_in, name, with_unit, ctx->o->confidence);
	gate_side_stats_init(rs, ctx->rival_in, name, with_unit, ctx->o->confidence);
	priors(ctx, os, rs, name, pools);
	session_terms(ctx, name, os, rs, &pools[0]);
	for (k = 0; k < 4; k++) {
		const struct runs_est *e = k < 2 ? &os->l[k % 2] : &rs->l[k % 2];

		*parts[k] = (struct gate_part){ .kind = PART_POINT, .v = exp(e->mean),
			.p = k % 2 ? 0.99 : 0.5, .lo = NAN, .hi = NAN };
	}
	pair->os = os;
	pair->rs = rs;
	if (ctx->v->paired) {
		gate_paired_init(pd, ctx->ours_in, ctx->rival_in, ctx->perm_o,
		    ctx->perm_r, name, with_unit, ctx->o->mode == MODE_BASELINE,
		    ctx->o->confidence);
		pair->pd = pd;
	}
}

/* Room for the row was made by match_classes. */
static void
add_row(struct gate_ctx *ctx, const struct result_class *o,
    const struct result_class *r, struct xlist *exact)
{
	struct gate_verdict *v = ctx->v;
	struct verdict_row *row = &v->rows[v->nrows++];
	struct gate_pair pair;
	struct gate_side_stats os, rs;
	struct gate_pools pools[2];
	struct gate_paired pd;

	*row = (struct verdict_row){ .name = xstrdup(o->name), .kind = o->kind };
	gate_pair_init(&pair, o, r);
	if (ctx->runs)
		pair_over_runs(ctx, &pair, &os, &rs, pools, &pd);
	else {
		gate_part_dependence(&pair.o50);
		gate_part_dependence(&pair.o99);
		gate_part_dependence(&pair.r50);
		gate_part_dependence(&pair.r99);
	}
	gate_check_pair(ctx, &pair, row);
	if (!ctx->runs)
		note_intervals(v, &pair, exact);
	if (row->kind == KIND_WRITE && ctx->have_unit)
		note_sub_sync(v, row);
}

/* Rows in our file's order; then the classes one side ran. */
static void
match_classes(struct gate_ctx *ctx, const struct gate_side_in *ours,
    const struct gate_side_in *rival, const struct gate_match *m)
{
	struct gate_verdict *v = ctx->v;
	struct xlist exact = { NULL, 0, 0 };
	size_t i;

	v->rows = xcalloc(m->n, sizeof *v->rows);
	v->unmatched = xcalloc(ours->r->nclasses + rival->r->nclasses - 2 * m->n,
	    sizeof *v->unmatched);
	for (i = 0; i < ours->r->nclasses; i++)
		if (m->rival_of[i] != NULL)
			add_row(ctx, &ours->r->classes[i], m->rival_of[i], &exact);
	for (i = 0; i < ours->r->nclasses; i++)
		if (m->rival_of[i] == NULL)
			add_unmatched(ctx, &ours->r->classes[i], 1);
	for (i = 0; i < rival->r->nclasses; i++)
		if (!m->has_ours[i])
			add_unmatched(ctx, &rival->r->classes[i], 0);
	if (exact.s != NULL)
		verdict_noted(v, NOTE_EXACT, -1)->a = exact.s;
}

void
gate_rule_whole(struct gate_verdict *v)
{
	size_t i;

	v->reads.ruling = v->writes.ruling = RULING_NOT_RULED;
	for (i = 0; i < v->nrows; i++) {
		struct verdict_half *h = v->rows[i].kind == KIND_READ ? &v->reads :
		    &v->writes;

		h->ruling = gate_worse(h->ruling, v->rows[i].ruling);
	}
	v->overall = gate_worse(v->reads.ruling, v->writes.ruling);
}

/* Whether a write class of some run was timed from a writer's turn. */
static int
timed_from_turn(const struct gate_side_in *in)
{
	size_t k = gate_side_runs(in), i, j;

	for (i = 0; i < k; i++) {
		const struct result *r = gate_side_result(in, i);

		for (j = 0; j < r->nclasses; j++)
			if (r->classes[j].kind == KIND_WRITE &&
			    !isnan(r->classes[j].turn_wait_ns))
				return 1;
	}
	return 0;
}

/* What differs in how the sides ran that the checks cannot see. */
static void
note_runs(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival)
{
	const struct verdict_side *o = &v->ours, *r = &v->rival;

	if (o->workload && r->workload && strcmp(o->workload, r->workload) != 0)
		verdict_noted(v, NOTE_WORKLOADS, -1);
	if (o->concurrency > 0 && r->concurrency > 0 && o->concurrency != r->concurrency)
		verdict_noted(v, NOTE_CONCURRENCY, -1);
	if (timed_from_turn(ours) != timed_from_turn(rival))
		verdict_noted(v, NOTE_TURN_TIMED, !timed_from_turn(ours));
	if (ours->probe_file && ours->r->probe)
		verdict_noted(v, NOTE_PROBE_REPLACED, 0);
	if (rival->probe_file && rival->r->probe)
		verdict_noted(v, NOTE_PROBE_REPLACED, 1);
}

/* A probe too thin for a band: side (-1 both), its samples, enough, the level. */
static void
note_thin(struct gate_verdict *v, int side, size_t n, size_t n2, double level,
    int shared)
{
	struct verdict_note *nt = verdict_noted(v, NOTE_UNIT_THIN, side);

	nt->n[0] = (long long)n;
	nt->n[1] = (long long)n2;
	nt->n[2] = (long long)stats_min_samples(0.5, level);
	nt->n[3] = shared;
	nt->x[0] = level;
}

/*
 * A probe too thin for a band at the level a check needed; of two probes
 * of one volume, one too thin leaves the band the other's, which is said.
 */
static void
note_unit(struct gate_ctx *ctx)
{
	const struct gate_part *u = &ctx->unit.ours;
	struct gate_verdict *v = ctx->v;
	double lo, hi;
	size_t i;
	int k;

	if (ctx->unit.shared && ctx->unit_drop_ours == 0 && ctx->unit_drop_rival == 0) {
		for (i = 0; i < v->nrows && v->rows[i].kind != KIND_WRITE; i++)
			;
		for (k = 0; k < 2 && i < v->nrows; k++)
			if (gate_quantile_ci(k ? u->x2 : u->x, k ? u->n2 : u->n, 0.5,
			    v->confidence, &lo, &hi) < 0)
				note_thin(v, k, k ? u->n2 : u->n, 0, v->confidence, 1);
		return;
	}
	if (ctx->unit.shared) {
		note_thin(v, -1, u->n, u->n2, fmax(ctx->unit_drop_ours,
		    ctx->unit_drop_rival), 0);
		return;
	}
	for (k = 0; k < 2; k++)
		if ((k ? ctx->unit_drop_rival : ctx->unit_drop_ours) > 0)
			note_thin(v, k, k ? ctx->unit.rival.n : ctx->unit.ours.n, 0,
			    k ? ctx->unit_drop_rival : ctx->unit_drop_ours, 0);
}

static struct verdict_note *
noted_noise(struct gate_verdict *v, enum verdict_note_code code, int side,
    const struct noise *n)
{
	struct verdict_note *nt = verdict_noted(v, code, side);

	if (n != NULL) {
		nt->a = xstrdup(n->path);
		nt->b = xstrdup(n->engine);
		nt->n[1] = (long long)n->runs;
	}
	return nt;
}

/* In rival mode, where a side's spread came from: runs and record, record, or the other's. */
static void
note_side_spread(struct gate_ctx *ctx, const struct gate_side_in *in, int side,
    const struct gate_side_in *other_in)
{
	const struct noise *n = ctx->o->noise;
	size_t k = gate_side_runs(in);

	if (noise_of(n, in) && k > 1)
		noted_noise(ctx->v, NOTE_SPREAD_POOLS, side, n)->n[0] = (long long)k;
	else if (noise_of(n, in))
		noted_noise(ctx->v, NOTE_SPREAD_NOISE, side, n);
	else if (k == 1 && (gate_side_runs(other_in) > 1 || noise_of(n, other_in)))
		verdict_noted(ctx->v, NOTE_SPREAD_BORROWS, side)->n[0] =
		    gate_side_runs(other_in) > 1;
}

/* What the intervals carry and where their spread came from, said once. */
static void
note_scope(struct gate_ctx *ctx)
{
	struct gate_verdict *v = ctx->v;
	const struct noise *n = ctx->o->noise;
	struct verdict_note *nt;

	if (ctx->dflt != NULL) {
		nt = verdict_noted(v, NOTE_DEFAULT_SPREAD, -1);
		nt->x[0] = GATE_DEFAULT_SPREAD_P50;
		nt->x[1] = GATE_DEFAULT_SPREAD_P99;
		return;
	}
	if (ctx->runs && v->ours.runs == 1 && v->rival.runs == 1) {
		noted_noise(v, NOTE_NOISE_ONE_RUN, -1, n);
		if (strcmp(n->engine, ctx->ours_in->r->engine) != 0 ||
		    strcmp(n->engine, ctx->rival_in->r->engine) != 0)
			noted_noise(v, NOTE_NOISE_OTHER, -1, n);
		return;
	}
	if (ctx->runs) {
		verdict_noted(v, NOTE_RUNS, -1);
		if (v->paired) {
			nt = verdict_noted(v, NOTE_PAIRED, -1);
			nt->n[0] = GATE_PAIRED_MIN_RUNS;
			/* gate_paired_init's: one engine's pools the pairs' means */
			nt->n[1] = (long long)(v->ours.runs - 1 + (v->mode ==
			    MODE_BASELINE ? runs_trend_df(v->ours.runs) : 0));
		}
		if (v->mode != MODE_BASELINE) {
			note_side_spread(ctx, ctx->ours_in, 0, ctx->rival_in);
			note_side_spread(ctx, ctx->rival_in, 1, ctx->ours_in);
		} else
			noted_noise(v, NOTE_POOLED, -1, noise_of(n, ctx->ours_in) ||
			    noise_of(n, ctx->rival_in) ? n : NULL);
		return;
	}
	verdict_noted(v, NOTE_ONE_RUN, -1);
	if (ctx->o->mode == MODE_BASELINE)
		verdict_noted(v, ctx->o->single_run_ok ? NOTE_SINGLE_RUN_OK :
		    NOTE_HELD_ONE_RUN, -1);
}

/* Sides apart: why, and what carries the shift between their sessions. */
static void
note_apart(struct gate_ctx *ctx)
{
	struct gate_verdict *v = ctx->v;
	struct verdict_note *nt;

	if (v->apart == APART_NONE || v->scope == SCOPE_RUN)
		return;
	nt = verdict_noted(v, NOTE_APART, -1);
	nt->x[0] = GATE_DEFAULT_SESSION_P50;
	nt->x[1] = GATE_DEFAULT_SESSION_P99;
	if (v->shift == SHIFT_RECORD) {
		nt->a = xstrdup(ctx->o->noise->path);
		nt->n[0] = (long long)ctx->o->noise->sessions;
	}
}

int
gate_rule(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_opts *o, struct gate_verdict *v, char *err)
{
	struct gate_ctx ctx;
	struct gate_match m;
	struct noise dflt;

	verdict_init(v);
	gate_match(&m, ours->r, rival->r);
	if (check_kinds(ours, rival, &m, err) < 0) {
		gate_match_free(&m);
		return -1;
	}
	ctx = (struct gate_ctx){ .o = o, .v = v, .ours_in = ours, .rival_in = rival,
		.runs = gate_side_runs(ours) > 1 || gate_side_runs(rival) > 1 ||
		    o->noise != NULL };
	if (!ctx.runs && o->one_run_spread && !o->single_run_ok) {
		default_spread(&dflt, ours->r, rival->r);
		ctx.dflt = &dflt;
		ctx.runs = 1;
		v->default_spread = 1;
	}
	v->scope = ctx.runs ? SCOPE_RUNS : SCOPE_RUN;
	v->single_run_ok = o->single_run_ok;
	fill_side(&v->ours, ours, o->confidence);
	fill_side(&v->rival, rival, o->confidence);
	v->apart = gate_runs_apart(v->ours.taken, v->ours.runs, v->rival.taken,
	    v->rival.runs);
	if (ctx.runs && v->ours.runs == v->rival.runs) {
		ctx.perm_o = xcalloc(v->ours.runs, sizeof *ctx.perm_o);
		ctx.perm_r = xcalloc(v->rival.runs, sizeof *ctx.perm_r);
		v->paired = gate_runs_paired(v->ours.taken, v->rival.taken,
		    v->ours.runs, ctx.perm_o, ctx.perm_r);
	}
	v->noise_file = noise_of(o->noise, ours) || noise_of(o->noise, rival) ?
	    xstrdup(o->noise->path) : NULL;
	v->mode = o->mode;
	v->version = xstrdup(SYNCGATE_VERSION);
	v->confidence = o->confidence;
	if (o->mode == MODE_BASELINE)
		v->max_regression = o->max_regression;
	else {
		v->read_speedup = o->read_speedup;
		v->commit_syncs = o->commit_syncs;
	}
	label_sides(v);
	gate_hosts(ours, rival, o, v);
	note_runs(v, ours, rival);
	gate_unit_choose(ours, rival, ctx.runs, v, &ctx.unit);
	ctx.have_unit = v->unit.source != UNIT_NONE;
	note_scope(&ctx);
	v->shift = shift_source(&ctx, &m);
	note_apart(&ctx);
	match_classes(&ctx, ours, rival, &m);
	note_outlier(v, ours, 1);
	note_outlier(v, rival, 0);
	note_unit(&ctx);
	gate_note_hosts(v, ours, rival);
	gate_rule_whole(v);
	if (v->overall == RULING_NOT_RULED)
		verdict_noted(v, NOTE_NOTHING_RULED, -1);
	gate_unit_free(&ctx.unit);
	gate_match_free(&m);
	if (ctx.dflt != NULL)
		noise_free(&dflt);
	free(ctx.perm_o);
	free(ctx.perm_r);
	return 0;
}
