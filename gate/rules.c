/* SPDX-License-Identifier: MIT */
/*
 * From two results to a verdict: the sides, the classes matched by name,
 * the sync unit, each class's checks (gate/checks.c), then the halves,
 * the notes and the overall ruling.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/checks.h"
#include "gate/verdict_base.h"
#include "gate/verdict_digits.h"
#include "gate/verdict_kinds.h"
#include "gate/verdict_words.h"
#include "gate/rerule.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "lib/version.h"

void
gate_opts_init(struct gate_opts *o, enum gate_mode mode)
{
	o->mode = mode;
	o->read_speedup = GATE_DEFAULT_READ_SPEEDUP;
	o->commit_syncs = GATE_DEFAULT_COMMIT_SYNCS;
	o->max_regression = GATE_DEFAULT_MAX_REGRESSION;
	o->confidence = GATE_DEFAULT_CONFIDENCE;
	o->noise = NULL;
	o->one_run_spread = 1;
	o->single_run_ok = 0;
	o->same_host = 0;
	o->part_ok = 0;
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void
fill_probe(struct verdict_side *s, const struct probe_record *p, double level)
{
	double *x;
	size_t i;

	s->has_probe = 1;
	s->host_id = dup_or_null(p->host_id);
	s->volume_id = dup_or_null(p->volume_id);
	s->fs = dup_or_null(p->fs);
	s->method = dup_or_null(p->method);
	s->device = dup_or_null(p->device);
	s->reaches = p->reaches;
	s->probe_median_ns = p->median_ns;
	s->probe_samples = p->nsamples;
	x = xmalloc(p->nsamples * sizeof *x);
	memcpy(x, p->samples_ns, p->nsamples * sizeof *x);
	stats_sort(x, p->nsamples);
	if (gate_quantile_ci(x, p->nsamples, 0.5, level, &s->probe_ci_lo_ns,
	    &s->probe_ci_hi_ns) == 0) {
		size_t lo, hi;

		stats_order_ci(p->nsamples, 0.5, level, &lo, &hi, &s->probe_ci_level);
	}
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

	memset(t, 0, sizeof *t);
	memcpy(t->session, s->id, sizeof t->session);
	t->run = s->run;
	t->runs = s->runs;
	t->order = s->order;
	t->started_s = s->started_s > 0 ? s->started_s : NAN;
	t->host = r->host != NULL && result_host_id_usable(r->host) ?
	    xstrdup(r->host->machine_id) : NULL;
	t->plan_min = s->plan_min;
	t->plan_max = s->plan_max;
	t->plan_confidence = s->plan_min > 0 ? s->plan_confidence : NAN;
}

static void
fill_side(struct verdict_side *s, const struct gate_side_in *in, double level)
{
	size_t i;

	s->engine = xstrdup(in->r->engine);
	s->version = dup_or_null(in->r->version);
	s->workload = dup_or_null(in->r->workload);
	s->concurrency = in->r->concurrency;
	s->file = xstrdup(in->file);
	s->probe_file = dup_or_null(in->probe_file);
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

static size_t
index_of(const struct result *r, const struct result_class *c)
{
	return (size_t)(c - r->classes);
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
			    index_of(rival->r, r), err_quote(buf, sizeof buf, o->name),
			    class_kind_name(r->kind), ours->file, class_kind_name(o->kind));
	}
	return 0;
}

/*
 * A class only ours ran, in figures for history: the result's p50 and
 * p99 over one run, their geometric means over whole runs (as a row's
 * points are then), and in syncs of our unit where writes have one.
 */
static void
alone_figures(struct gate_ctx *ctx, struct verdict_unmatched *u,
    const struct result_class *c)
{
	int with_unit = c->kind == KIND_WRITE && ctx->have_unit;
	struct gate_side_stats st;

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

/* Room for the unmatched classes was made by match_classes. */
static void
add_unmatched(struct gate_ctx *ctx, const struct result_class *c, int ours)
{
	struct gate_verdict *v = ctx->v;
	struct verdict_unmatched *u;
	char a[256], b[256];

	u = &v->unmatched[v->nunmatched++];
	u->p50_ns = u->p99_ns = u->syncs_p50 = u->syncs_p99 = u->flushes = NAN;
	if (ours)
		alone_figures(ctx, u, c);
	u->name = xstrdup(c->name);
	u->kind = c->kind;
	u->ours = ours;
	gate_who(ours ? &v->ours : &v->rival, v->mode, a, sizeof a);
	gate_who(ours ? &v->rival : &v->ours, v->mode, b, sizeof b);
	u->reason = xasprintf("%s ran %s; %s did not", a, c->name, b);
}

/* Notes on the sampled parts too thin for an interval: ours first, then the rival's. */
static void
note_drops(struct gate_verdict *v, const struct gate_pair *pair)
{
	char cf[32], enough[64];
	size_t i;

	for (i = 0; i < 2 * pair->ndrops; i++) {
		const struct gate_drop *d = &pair->drops[i % pair->ndrops];
		int theirs = d->pt == &pair->r50 || d->pt == &pair->r99;
		char *w;

		if (theirs != (i >= pair->ndrops))
			continue;
		w = gate_possessive(theirs ? &v->rival : &v->ours, v->mode);
		if (d->pt->dep > 0)
			snprintf(enough, sizeof enough, "they come in stretches "
			    "of like latencies, as noted below");
		else
			snprintf(enough, sizeof enough, "%zu would do",
			    stats_min_samples(d->pt->p, d->level));
		verdict_note(v, "%s: %s %zu %s too few to bound %s on both sides for "
		    "the checks at %s%% (%s); an end it cannot bound is left "
		    "open, so a check on it can be indeterminate or fail, never pass",
		    pair->ours->name, w,
		    d->pt->n, d->pt->b != NULL ? gate_plural(d->pt->n, "operation "
		    "counted is", "operations counted are") : gate_plural(d->pt->n,
		    "sample is", "samples are"),
		    d->pt->p > 0.9 ? "p99" : "p50",
		    gate_limit_num(cf, sizeof cf, v->confidence * 100), enough);
		free(w);
	}
}

/* Notes on the parts whose samples depend on their neighbours. */
static void
note_dependence(struct gate_verdict *v, const struct gate_pair *pair)
{
	const struct gate_part *parts[4] = { &pair->o50, &pair->o99, &pair->r50,
		&pair->r99 };
	size_t k;

	for (k = 0; k < 4; k++) {
		const struct gate_part *pt = parts[k];
		char *w;

		if (!(pt->dep > 0))
			continue;
		w = gate_possessive(k < 2 ? &v->ours : &v->rival, v->mode);
		verdict_note(v, "%s: %s samples come in stretches of like latencies "
		    "about its %s (the share below it varies %.1fx as much between "
		    "%d batches in file order as independent samples would), so its "
		    "%s interval is as wide as %.0f independent samples give",
		    pair->ours->name, w, pt->p > 0.9 ? "p99" : "p50", pt->dep,
		    GATE_DEP_BATCHES, pt->p > 0.9 ? "p99" : "p50",
		    (double)pt->n / pt->dep);
		free(w);
	}
}

/*
 * Notes on what had no interval, class by class; a class where neither
 * side gave any joins the one list in exact.
 */
static void
note_intervals(struct gate_verdict *v, const struct gate_pair *pair,
    struct gate_list *exact)
{
	const struct gate_part *parts[4] = { &pair->o50, &pair->o99, &pair->r50,
		&pair->r99 };
	int none[2];
	char who[256];
	size_t k;

	for (k = 0; k < 2; k++)
		none[k] = parts[2 * k]->kind == PART_POINT &&
		    parts[2 * k + 1]->kind == PART_POINT;
	if (none[0] && none[1])
		gate_list_add(exact, ", ", pair->ours->name);
	for (k = 0; k < 2 && !(none[0] && none[1]); k++) {
		gate_who(k ? &v->rival : &v->ours, v->mode, who, sizeof who);
		if (none[k])
			verdict_note(v, "%s: %s gave no samples, so its latencies are "
			    "taken as exact", pair->ours->name, who);
		else if (parts[2 * k]->kind == PART_POINT ||
		    parts[2 * k + 1]->kind == PART_POINT)
			verdict_note(v, "%s: %s gave no range for %s, so it is taken as "
			    "exact", pair->ours->name, who,
			    parts[2 * k]->kind == PART_POINT ? "p50" : "p99");
	}
	note_drops(v, pair);
	note_dependence(v, pair);
}

/*
 * p50, its interval's high end (NaN: none) and the line they are under,
 * into a, h and b: with the decimals that show both under the line.
 */
static void
under_line(char *a, char *h, char *b, size_t len, double p50, double hi,
    double line)
{
	const struct gate_style *st = &gate_style_dur;
	int d;

	for (d = -1; d <= 15; d = d < 0 ? 3 : d + 1) {
		st->print(a, len, p50, d);
		st->print(h, len, hi, d);
		st->print(b, len, line, d);
		if (st->read(a) < st->read(b) && (isnan(hi) || st->read(h) < st->read(b)))
			return;
	}
}

/*
 * A commit under the band's low: not flushing each commit, or batching.
 * A probe too thin for a band leaves the unit itself as the line.  The
 * whole of p50's interval must lie under it: a p50 whose interval reaches
 * the line may be one flush a commit seen through noise.
 */
static void
note_sub_sync(struct gate_verdict *v, const struct verdict_row *row)
{
	int k;

	for (k = 0; k < 2; k++) {
		const struct verdict_side *s = k ? &v->rival : &v->ours;
		const struct verdict_value *p50 = k ? &row->rival_p50 : &row->ours_p50;
		double top = isnan(p50->hi) ? p50->v : p50->hi;
		double unit = k ? v->unit.rival_ns : v->unit.ours_ns;
		double low = k ? v->unit.rival_lo_ns : v->unit.ours_lo_ns;
		char who[256], a[32], b[32], n[32], h[32], cf[32], up[96] = "";

		if (!(top < (isnan(low) ? unit : low)))
			continue;
		under_line(a, h, b, sizeof a, p50->v, p50->hi, isnan(low) ? unit : low);
		if (!isnan(p50->hi))
			snprintf(up, sizeof up, ", at most %s at %s%%", h,
			    gate_limit_num(cf, sizeof cf, v->confidence * 100));
		gate_who(s, v->mode, who, sizeof who);
		/* under the line, so under one sync: never "1 sync" */
		gate_num_against(n, sizeof n, p50->v / unit, 1, READS_LT);
		verdict_note(v, "%s: %s commits at p50 in %s %s (%s%s, under %s %s): "
		    "%s is not flushing each commit, or batches several commits into "
		    "one flush", row->name, who, n, gate_syncs(n), a, up,
		    isnan(low) ? "one sync of" : "the probe band's low of", b, who);
	}
}

/*
 * A side's spread between runs for a side of one run: the noise file's
 * where there is one, else the other side's where it has several runs.
 */
/* The noise file's class for a side of one run of the noise's engine. */
static const struct noise_class *
noise_for(const struct gate_ctx *ctx, const struct gate_side_in *in,
    const char *name)
{
	const struct noise *n = ctx->o->noise;

	if (ctx->dflt != NULL)
		return noise_find(ctx->dflt, name);
	if (n == NULL || strcmp(n->engine, in->r->engine) != 0)
		return NULL;
	return noise_find(n, name);
}

/* The default spread's record: every class either side ran. */
static void
default_spread(struct noise *n, const struct result *a, const struct result *b)
{
	const struct result *r[2] = { a, b };
	size_t i, j;
	int w;

	memset(n, 0, sizeof *n);
	n->engine = xstrdup(a->engine);
	n->runs = 2;
	n->confidence = GATE_DEFAULT_CONFIDENCE;
	n->concurrency = -1;
	n->classes = xcalloc(a->nclasses + b->nclasses, sizeof *n->classes);
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
note_outlier(struct gate_verdict *v, const struct gate_side_in *in,
    const struct verdict_side *s, int ours)
{
	struct gate_outlier o;
	char who[256];

	if (!gate_side_outlier(in, v, v->confidence, &o))
		return;
	if (v->mode == MODE_BASELINE)
		snprintf(who, sizeof who, "%s", ours ? "new" : "baseline");
	else
		gate_who(s, v->mode, who, sizeof who);
	verdict_note(v, "%s run %zu (%s) is %.2fx its %zu other runs at p50 in %s, "
	    "outside their 99%% prediction interval: rerun it, or find what "
	    "differed in it; its spread keeps the checks wide", who, o.run, o.file,
	    o.ratio, gate_side_runs(in) - 1, o.cls);
}

/*
 * One spread between runs an engine: in baseline mode both sides are one
 * engine and pool their runs' spread (and the noise record's, once); in
 * rival mode each engine pools its own runs with its noise record, and a
 * side with neither (one run, no record) takes the other's.  A spread
 * used by both sides counts its degrees of freedom once (model/runs.c).
 * pools[0] is ours, pools[1] the rival's.
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
	gate_side_stats_pool(po, os);
	gate_side_stats_pool(pr, rs);
	if (no != NULL)
		gate_side_stats_pool_noise(po, os, no);
	if (nr != NULL && !(one && no != NULL))
		gate_side_stats_pool_noise(pr, rs, nr);
	if (!one && gate_pools_empty(po))
		po = pr;
	if (!one && gate_pools_empty(pr))
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
 * Statistic q (NOISE_P50 to NOISE_SYNCS_P99) of class name's shift
 * between sessions: the noise record's where it measured it (for the
 * syncs, where it did not measure them, their latency's), else the
 * stated default over infinite degrees of freedom.
 */
static void
session_sd(const struct gate_ctx *ctx, const char *name, int q, double *sd,
    double *df)
{
	const struct noise_class *nc = ctx->v->shift == SHIFT_RECORD ?
	    session_noise(ctx, name) : NULL;
	const struct noise_stat *ns = nc != NULL ? &nc->stat[q] : NULL;

	if (ns != NULL && !ns->have_session && q >= NOISE_SYNCS_P50)
		ns = &nc->stat[q - NOISE_SYNCS_P50];
	if (ns != NULL && ns->have_session) {
		*sd = ns->session_log_sd;
		*df = ns->session_df;
		return;
	}
	*sd = q == NOISE_P50 || q == NOISE_SYNCS_P50 ? GATE_DEFAULT_SESSION_P50 :
	    GATE_DEFAULT_SESSION_P99;
	*df = INFINITY;
}

/*
 * Sides apart: each side's runs carry one shift between sessions (theirs
 * against the other side's), mean 0, its variance the record's or the
 * default's; one pool each statistic, so its degrees of freedom count
 * once for both sides.  A side's runs share one shift even where they
 * come from several sessions of one run: sides that did not take turns
 * were taken in blocks of time, each block one shift.
 */
static void
session_terms(const struct gate_ctx *ctx, const char *name,
    struct gate_side_stats *os, struct gate_side_stats *rs,
    struct gate_pools *shared)
{
	struct gate_side_stats *st[2] = { os, rs };
	size_t side;
	int q;

	if (ctx->v->shift == SHIFT_NONE)
		return;
	for (side = 0; side < 2; side++) {
		st[side]->has_session = 1;
		for (q = 0; q < NOISE_NSTATS; q++) {
			struct runs_est *e = q < 2 ? &st[side]->sl[q] : &st[side]->ss[q - 2];
			double sd;

			memset(e, 0, sizeof *e);
			e->k = 1;
			e->between = NAN;
			e->fixed = 1;
			session_sd(ctx, name, q, &sd, &e->df);
			e->var = sd * sd;
			e->pool = q < 2 ? &shared->sl[q] : &shared->ss[q - 2];
		}
	}
}

/*
 * What carries the sides' shift between sessions: nothing where they
 * took turns or one run's sampling alone is ruled; a noise record where
 * the one answering for each class measured it (from runs of several
 * sessions) for p50 and p99, and for the syncs too where writes are put
 * in syncs; else the stated default.
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

/*
 * Over whole runs, the class's figures on each side, and its parts made
 * points at the sides' geometric means over their runs.
 */
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

		memset(parts[k], 0, sizeof *parts[k]);
		parts[k]->kind = PART_POINT;
		parts[k]->v = exp(e->mean);
		parts[k]->p = k % 2 ? 0.99 : 0.5;
		parts[k]->lo = parts[k]->hi = NAN;
	}
	pair->os = os;
	pair->rs = rs;
	if (ctx->perm_o != NULL) {
		gate_paired_init(pd, ctx->ours_in, ctx->rival_in, ctx->perm_o,
		    ctx->perm_r, name, with_unit, ctx->o->confidence);
		pair->pd = pd;
	}
}

/* Room for the row was made by match_classes. */
static void
add_row(struct gate_ctx *ctx, const struct result_class *o,
    const struct result_class *r, struct gate_list *exact)
{
	struct gate_verdict *v = ctx->v;
	struct verdict_row *row;
	struct gate_pair pair;
	struct gate_side_stats os, rs;
	struct gate_pools pools[2];
	struct gate_paired pd;

	row = &v->rows[v->nrows++];
	memset(row, 0, sizeof *row);
	row->name = xstrdup(o->name);
	row->kind = o->kind;
	gate_pair_init(&pair, o, r);
	if (ctx->runs)
		pair_over_runs(ctx, &pair, &os, &rs, pools, &pd);
	else
		gate_pair_dependence(&pair);
	gate_check_pair(ctx, &pair, row);
	if (!ctx->runs)
		note_intervals(v, &pair, exact);
	if (row->kind == KIND_WRITE && ctx->have_unit)
		note_sub_sync(v, row);
}

/* Rows in our file's order; then the classes one side ran, each side's in its order. */
static void
match_classes(struct gate_ctx *ctx, const struct gate_side_in *ours,
    const struct gate_side_in *rival, const struct gate_match *m)
{
	struct gate_verdict *v = ctx->v;
	struct gate_list exact = { NULL, 0, 0 };
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
		verdict_note(v, "no interval was possible for the latencies of %s: "
		    "neither side gave samples, so they are taken as exact", exact.s);
	free(exact.s);
}

/* Half h of v, by kind: the worst of its rows' rulings. */
static void
rule_half(struct gate_verdict *v, enum class_kind kind, struct verdict_half *h)
{
	size_t i;

	h->ruling = RULING_NOT_RULED;
	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == kind)
			h->ruling = gate_worse(h->ruling, v->rows[i].ruling);
}

void
gate_rule_whole(struct gate_verdict *v)
{
	rule_half(v, KIND_READ, &v->reads);
	rule_half(v, KIND_WRITE, &v->writes);
	v->overall = gate_worse(v->reads.ruling, v->writes.ruling);
}

/*
 * 1: a write class of some run of the side was timed from a writer's
 * turn, its writers waiting for one another (turn_wait_ns given).
 */
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

static void
note_runs(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival)
{
	const struct verdict_side *o = &v->ours, *r = &v->rival;
	char a[256], b[256];

	gate_who(o, v->mode, a, sizeof a);
	gate_who(r, v->mode, b, sizeof b);
	if (o->workload && r->workload && strcmp(o->workload, r->workload) != 0)
		verdict_note(v, "%s ran %s and %s ran %s: the classes compared may not "
		    "be the same work", a, o->workload, b, r->workload);
	if (o->concurrency > 0 && r->concurrency > 0 && o->concurrency != r->concurrency)
		verdict_note(v, "%s ran at a concurrency of %lld and %s at %lld: their "
		    "latencies are not like for like", a, o->concurrency, b,
		    r->concurrency);
	if (timed_from_turn(ours) != timed_from_turn(rival)) {
		const char *timed = timed_from_turn(ours) ? a : b;
		const char *waited = timed == a ? b : a;

		verdict_note(v, "%s timed each write from the writer's turn, leaving out "
		    "the wait for it (turn_wait_ns), and %s did not: where writers "
		    "waited for one another, only %s's write latencies hold the wait",
		    timed, waited, waited);
	}
	if (ours->probe_file && ours->r->probe)
		verdict_note(v, "--probe %s replaces the probe embedded in %s",
		    ours->probe_file, ours->file);
	if (rival->probe_file && rival->r->probe)
		verdict_note(v, "--rival-probe %s replaces the probe embedded in %s",
		    rival->probe_file, rival->file);
}

/*
 * Of two probes of one volume, one too thin for an interval on its median:
 * the band is the other's alone, and that is said.
 */
static void
note_thin_shared(struct gate_ctx *ctx)
{
	const struct gate_part *u = &ctx->unit.ours;
	struct gate_verdict *v = ctx->v;
	double lo, hi;
	char cf[32], *who;
	size_t i;
	int k;

	for (i = 0; i < v->nrows && v->rows[i].kind != KIND_WRITE; i++)
		;
	for (k = 0; k < 2 && i < v->nrows; k++) {
		if (gate_quantile_ci(k ? u->x2 : u->x, k ? u->n2 : u->n, 0.5,
		    v->confidence, &lo, &hi) == 0)
			continue;
		who = gate_possessive(k ? &v->rival : &v->ours, v->mode);
		verdict_note(v, "%s probe has %zu %s, too few for an interval on its "
		    "median at %s%% (%zu would do); the band is the other probe's",
		    who, k ? u->n2 : u->n, gate_plural(k ? u->n2 : u->n, "sample",
		    "samples"), gate_limit_num(cf, sizeof cf, v->confidence * 100),
		    stats_min_samples(0.5, v->confidence));
		free(who);
	}
}

/* A probe too thin for a band at the level a check needed. */
static void
note_unit(struct gate_ctx *ctx)
{
	struct gate_verdict *v = ctx->v;
	char cf[32];
	int k;

	if (ctx->unit.shared && ctx->unit_drop_ours == 0 && ctx->unit_drop_rival == 0) {
		note_thin_shared(ctx);
		return;
	}
	if (ctx->unit.shared) {
		verdict_note(v, "the probes have %zu and %zu samples, too few to bound "
		    "their median on both sides for the checks at %s%% (%zu would do); "
		    "an end the unit cannot bound is left open", ctx->unit.ours.n,
		    ctx->unit.ours.n2,
		    gate_limit_num(cf, sizeof cf, v->confidence * 100),
		    stats_min_samples(0.5, fmax(ctx->unit_drop_ours, ctx->unit_drop_rival)));
		return;
	}
	for (k = 0; k < 2; k++) {
		double level = k ? ctx->unit_drop_rival : ctx->unit_drop_ours;
		char *who;

		if (level <= 0)
			continue;
		who = gate_possessive(k ? &v->rival : &v->ours, v->mode);
		verdict_note(v, "%s probe has %zu %s, too few to bound its median on "
		    "both sides for the checks at %s%% (%zu would do); an end its unit "
		    "cannot bound is left open",
		    who, k ? ctx->unit.rival.n : ctx->unit.ours.n,
		    gate_plural(k ? ctx->unit.rival.n : ctx->unit.ours.n, "sample",
		    "samples"),
		    gate_limit_num(cf, sizeof cf, v->confidence * 100),
		    stats_min_samples(0.5, level));
		free(who);
	}
}

/* Whether the noise file measured this side's engine. */
static int
noise_of(const struct noise *n, const struct gate_side_in *in)
{
	return n != NULL && strcmp(n->engine, in->r->engine) == 0;
}

/* "the runner's noise from --noise F (12 runs of zu)", into buf. */
static const char *
noise_words(char *buf, size_t len, const struct noise *n)
{
	snprintf(buf, len, "the runner's noise from --noise %s (%zu runs of %s)",
	    n->path, n->runs, n->engine);
	return buf;
}

/*
 * Where a side's spread between runs came from, in rival mode (priors):
 * its runs pooled with the noise record, the record alone, or the other
 * side's spread, whose degrees of freedom then count once.
 */
static void
note_side_spread(struct gate_ctx *ctx, const struct gate_side_in *in,
    const struct verdict_side *s, const struct gate_side_in *other_in)
{
	struct gate_verdict *v = ctx->v;
	const struct noise *n = ctx->o->noise;
	char who[256], nw[512];
	size_t k = gate_side_runs(in);

	gate_who(s, v->mode, who, sizeof who);
	if (noise_of(n, in) && k > 1) {
		char *whose = gate_possessive(s, v->mode);

		verdict_note(v, "%s spread between runs pools its %zu runs with %s",
		    whose, k, noise_words(nw, sizeof nw, n));
		free(whose);
	} else if (noise_of(n, in))
		verdict_note(v, "%s gave one run: its spread between runs is %s", who,
		    noise_words(nw, sizeof nw, n));
	else if (k == 1 && (gate_side_runs(other_in) > 1 || noise_of(n, other_in)))
		verdict_note(v, "%s gave one run: its spread between runs is taken "
		    "to be %s, its degrees of freedom counted once", who,
		    gate_side_runs(other_in) > 1 ?
		    "the other side's, measured over its runs" :
		    "the other side's, from the runner's noise");
}

/*
 * Where the spread between runs came from: in baseline mode one engine's,
 * pooled over both sides (and the noise record); in rival mode each
 * side's, said where it is not simply its own runs'.
 */
static void
note_spread(struct gate_ctx *ctx)
{
	struct gate_verdict *v = ctx->v;
	const struct noise *n = ctx->o->noise;
	char nw[512];

	if (v->mode != MODE_BASELINE) {
		note_side_spread(ctx, ctx->ours_in, &v->ours, ctx->rival_in);
		note_side_spread(ctx, ctx->rival_in, &v->rival, ctx->ours_in);
		return;
	}
	if (noise_of(n, ctx->ours_in) || noise_of(n, ctx->rival_in))
		verdict_note(v, "one engine on both sides: its spread between runs is "
		    "pooled over the runs of both and %s, its degrees of freedom "
		    "counted once", noise_words(nw, sizeof nw, n));
	else
		verdict_note(v, "one engine on both sides: its spread between runs is "
		    "pooled over the runs of both, its degrees of freedom counted once");
}

/* "3 runs of lmdb, 2 of sqlite", or "3 new runs, 2 baseline runs". */
static char *
runs_words(const struct gate_verdict *v)
{
	char a[256], b[256];

	if (v->mode == MODE_BASELINE)
		return xasprintf("%zu new %s, %zu baseline %s", v->ours.runs,
		    gate_plural(v->ours.runs, "run", "runs"), v->rival.runs,
		    gate_plural(v->rival.runs, "run", "runs"));
	gate_who(&v->ours, v->mode, a, sizeof a);
	gate_who(&v->rival, v->mode, b, sizeof b);
	return xasprintf("%zu %s of %s, %zu of %s", v->ours.runs,
	    gate_plural(v->ours.runs, "run", "runs"), a, v->rival.runs, b);
}

/* What the intervals carry, said once in every format. */
static void
note_scope(struct gate_ctx *ctx)
{
	struct gate_verdict *v = ctx->v;
	const struct noise *n = ctx->o->noise;
	char *w;

	if (ctx->dflt != NULL) {
		verdict_note(v, "one run a side, without --noise: each figure is "
		    "taken to vary from run to run by a default spread, a standard "
		    "deviation of its log of %g at p50 and %g at p99 (syncs alike; "
		    "about %.0f%% and %.0f%%), on top of the run's own sampling, so "
		    "no check passes or fails on one run's sampling alone; --noise "
		    "FILE (syncgate calibrate) puts this runner's measured spread in "
		    "its place, several runs a side measure it, and --single-run-ok "
		    "rules on the sampling alone", GATE_DEFAULT_SPREAD_P50,
		    GATE_DEFAULT_SPREAD_P99, 100 * (exp(GATE_DEFAULT_SPREAD_P50) - 1),
		    100 * (exp(GATE_DEFAULT_SPREAD_P99) - 1));
		return;
	}
	if (ctx->runs && v->ours.runs == 1 && v->rival.runs == 1) {
		verdict_note(v, "one run a side, with this runner's run-to-run noise "
		    "from --noise %s (%zu runs of %s): each interval carries the spread "
		    "between runs as well as within the run (a random-effects interval "
		    "on the log scale, Student's t)", n->path, n->runs, n->engine);
		if (strcmp(n->engine, ctx->ours_in->r->engine) != 0 ||
		    strcmp(n->engine, ctx->rival_in->r->engine) != 0)
			verdict_note(v, "the noise was measured on %s: the other engine's "
			    "spread between runs is taken to be the same", n->engine);
		return;
	}
	if (ctx->runs) {
		w = runs_words(v);
		verdict_note(v, "whole runs are the evidence (%s): each figure is the "
		    "geometric mean of its runs' figures, and each interval carries the "
		    "spread between runs as well as within them (a random-effects "
		    "interval on the log scale, Student's t)", w);
		free(w);
		if (v->paired)
			verdict_note(v, "paired: %zu runs a side of one session, taken in "
			    "turns (each pair's two runs one after the other, each side "
			    "first in half the pairs): each figure of one side against the "
			    "other is the mean of the pairs' differences on the log scale, "
			    "run i against run i in time order, so a drift both sides share "
			    "drops out (Student's t, %zu degrees of freedom); the rule, fixed "
			    "before the figures are seen: equal runs, at least %d, so "
			    "taken", v->ours.runs, v->ours.runs - 1, GATE_PAIRED_MIN_RUNS);
		note_spread(ctx);
		return;
	}
	verdict_note(v, "one run a side: each interval covers that run's sampling "
	    "only, not the variation from one run to the next, so a verdict near a "
	    "limit may not repeat (where runs spread 5%% to 25%%, a check on its "
	    "limit fails 28%% to 47%% of the time, not 2.5%%); several runs a side "
	    "(syncgate-bench --runs) or --noise FILE (syncgate calibrate) carry "
	    "that variation");
	if (ctx->hold_fails)
		verdict_note(v, "baseline mode over one run a side: a check that "
		    "would fail is held indeterminate, since one run cannot tell a "
		    "change from the runner's noise (--single-run-ok lets it fail)");
	else if (ctx->o->mode == MODE_BASELINE)
		verdict_note(v, "--single-run-ok: a check over one run a side fails "
		    "as its interval says, though run-to-run noise is not in it");
}

/*
 * Sides apart: why, and what carries the shift between their sessions,
 * or (one run's sampling alone) that nothing does.
 */
static void
note_apart(struct gate_ctx *ctx)
{
	struct gate_verdict *v = ctx->v;

	/* one run's sampling alone: its own note says what is not in it */
	if (v->apart == APART_NONE || v->scope == SCOPE_RUN)
		return;
	if (v->shift == SHIFT_RECORD)
		verdict_note(v, "the sides' runs came apart: %s; %s measured the "
		    "shift between sessions over %zu of them, and each side's "
		    "figures carry it", gate_apart_words(v->apart),
		    ctx->o->noise->path, ctx->o->noise->sessions);
	else
		verdict_note(v, "the sides' runs came apart: %s; a shift between "
		    "sessions is in neither side's spread, so each side's figures "
		    "carry one of a stated default spread, a standard deviation of "
		    "its log of %g at p50 and %g at p99 (syncs alike; about %.0f%% "
		    "and %.0f%%), on top of the spread between runs: a change far "
		    "past a limit is ruled, one near it stays open; both sides in "
		    "one syncgate run (taken in turns), or --noise FILE from "
		    "syncgate calibrate over runs of several sessions, narrow it",
		    gate_apart_words(v->apart), GATE_DEFAULT_SESSION_P50,
		    GATE_DEFAULT_SESSION_P99,
		    100 * (exp(GATE_DEFAULT_SESSION_P50) - 1),
		    100 * (exp(GATE_DEFAULT_SESSION_P99) - 1));
}

static void
rule_overall(struct gate_ctx *ctx)
{
	struct gate_verdict *v = ctx->v;

	gate_rule_whole(v);
	if (v->overall == RULING_NOT_RULED)
		verdict_note(v, "nothing was ruled: the two results have no class in "
		    "common");
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
	memset(&ctx, 0, sizeof ctx);
	ctx.o = o;
	ctx.v = v;
	ctx.ours_in = ours;
	ctx.rival_in = rival;
	ctx.runs = gate_side_runs(ours) > 1 || gate_side_runs(rival) > 1 ||
	    o->noise != NULL;
	if (!ctx.runs && o->one_run_spread && !o->single_run_ok) {
		default_spread(&dflt, ours->r, rival->r);
		ctx.dflt = &dflt;
		ctx.runs = 1;
		v->default_spread = 1;
	}
	ctx.hold_fails = !ctx.runs && o->mode == MODE_BASELINE && !o->single_run_ok;
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
		if (!v->paired) {
			free(ctx.perm_o);
			free(ctx.perm_r);
			ctx.perm_o = ctx.perm_r = NULL;
		}
	}
	v->noise_file = noise_of(o->noise, ours) || noise_of(o->noise, rival) ?
	    xstrdup(o->noise->path) : NULL;
	v->mode = o->mode;
	v->version = xstrdup(SYNCGATE_VERSION);
	v->confidence = o->confidence;
	if (o->mode == MODE_BASELINE) {
		v->max_regression = o->max_regression;
	} else {
		v->read_speedup = o->read_speedup;
		v->commit_syncs = o->commit_syncs;
	}
	label_sides(v);
	gate_hosts(ours, rival, o, v);
	v->headline = gate_headline(v);
	note_runs(v, ours, rival);
	if (ctx.runs)
		gate_unit_choose_runs(ours, rival, v, &ctx.unit);
	else
		gate_unit_choose(ours, rival, v, &ctx.unit);
	ctx.have_unit = v->unit.source != UNIT_NONE;
	note_scope(&ctx);
	v->shift = shift_source(&ctx, &m);
	note_apart(&ctx);
	match_classes(&ctx, ours, rival, &m);
	note_outlier(v, ours, &v->ours, 1);
	note_outlier(v, rival, &v->rival, 0);
	note_unit(&ctx);
	gate_note_hosts(v, ours, rival);
	rule_overall(&ctx);
	gate_unit_free(&ctx.unit);
	gate_match_free(&m);
	if (ctx.dflt != NULL)
		noise_free(&dflt);
	free(ctx.perm_o);
	free(ctx.perm_r);
	return 0;
}
