/* SPDX-License-Identifier: MIT */
/*
 * The checks on one class both sides ran.  A check passes or fails when
 * its whole interval does, else is indeterminate; one without an interval
 * is ruled on its point.
 */
#include <math.h>
#include <string.h>

#include "gate/checks.h"
#include "gate/rules.h"
#include "verdict/base.h"
#include "verdict/kinds.h"
#include "lib/err.h"

static void
latency_part(struct gate_part *pt, const struct result_class *c, double p)
{
	int p99 = p > 0.9;

	*pt = (struct gate_part){ .v = p99 ? c->p99_ns : c->p50_ns, .p = p,
		.lo = p99 ? c->p99_lo_ns : c->p50_lo_ns,
		.hi = p99 ? c->p99_hi_ns : c->p50_hi_ns };
	if (c->nsamples > 0) {
		pt->kind = PART_SAMPLED;
		pt->cls = c;
		pt->n = c->nsamples;
		pt->scalable = 1;
	} else if (c->buckets != NULL) {
		/* a histogram: the rows holding the ranks samples would be bounded by */
		pt->kind = PART_SAMPLED;
		pt->b = c->buckets;
		pt->nb = c->nbuckets;
		pt->n = (size_t)c->count;
		pt->scalable = 1;
	} else if (!isnan(pt->lo) && !isnan(pt->hi)) {
		pt->kind = PART_RANGE;
	}
}

void
gate_pair_init(struct gate_pair *pair, const struct result_class *ours,
    const struct result_class *rival)
{
	*pair = (struct gate_pair){ .ours = ours, .rival = rival };
	latency_part(&pair->o50, ours, 0.5);
	latency_part(&pair->o99, ours, 0.99);
	latency_part(&pair->r50, rival, 0.5);
	latency_part(&pair->r99, rival, 0.99);
}

/* The side's figure over its runs a part stands for, or its session shift (or NULL). */
static const struct runs_est *
runs_of(const struct gate_pair *pair, const struct gate_part *pt, int syncs,
    int session)
{
	int ours = pt == &pair->o50 || pt == &pair->o99;
	int q = pt == &pair->o99 || pt == &pair->r99;
	const struct gate_side_stats *st = ours ? pair->os : pair->rs;

	if (session)
		return !st->has_session ? NULL : syncs ? &st->ss[q] : &st->sl[q];
	return syncs ? &st->s[q] : &st->l[q];
}

/* Paired sides: one statistic of ours over the rival's is one term, the pairs'. */
static int
paired_term(const struct gate_pair *pair, const struct gate_term *t, size_t nt,
    int syncs, struct runs_term *out)
{
	const struct gate_part *s[2] = { NULL, NULL };
	int pw[2] = { 0, 0 }, q;
	size_t i;

	if (pair->pd == NULL)
		return 0;
	for (i = 0; i < nt; i++) {
		const struct gate_part *p = t[i].part;
		int k = p == &pair->o50 || p == &pair->o99 ? 0 :
		    p == &pair->r50 || p == &pair->r99 ? 1 : -1;

		if (k >= 0 && s[k] != NULL)
			return 0;
		if (k >= 0) {
			s[k] = p;
			pw[k] = t[i].power;
		}
	}
	if (s[0] == NULL || s[1] == NULL || pw[0] != -pw[1] ||
	    (s[0] == &pair->o99) != (s[1] == &pair->r99))
		return 0;
	q = s[0] == &pair->o99;
	if (syncs ? !pair->pd->ok_s[q] : !pair->pd->ok_l[q])
		return 0;
	out->e = syncs ? &pair->pd->s[q] : &pair->pd->l[q];
	out->sign = pw[0];
	return 1;
}

/*
 * Over whole runs: the product of the parts' points, its interval from
 * the sides' figures; with a unit, each run's latency is in its own
 * probe's unit and the unit drops out.
 */
static void
estimate_runs(struct gate_ctx *ctx, const struct gate_pair *pair,
    const struct gate_term *t, size_t nt, struct gate_estimate *e)
{
	struct runs_fig f;
	size_t i;
	int syncs = 0, paired, s;

	gate_combine(t, nt, ctx->o->confidence, e);
	for (i = 0; i < nt; i++)
		syncs |= t[i].part == &ctx->unit.ours || t[i].part == &ctx->unit.rival;
	e->runs = 1;
	paired = paired_term(pair, t, nt, syncs, &e->rt[0]);
	e->nrt = (size_t)paired;
	for (i = 0; i < nt && !paired; i++) {
		if (t[i].part == &ctx->unit.ours || t[i].part == &ctx->unit.rival)
			continue;
		/* the side's figure, then its session shift where it has one */
		for (s = 0; s < 2 && e->nrt < GATE_MAX_TERMS; s++)
			if (runs_of(pair, t[i].part, syncs, s) != NULL)
				e->rt[e->nrt++] = (struct runs_term){ .sign = t[i].power,
				    .e = runs_of(pair, t[i].part, syncs, s) };
	}
	runs_combine(e->rt, e->nrt, ctx->o->confidence, &f);
	e->lo = f.lo;
	e->hi = f.hi;
	/* a side's failed operations leave it no upper bound (hold_failures) */
	for (i = 0; i < nt; i++)
		if (t[i].part->open_hi)
			*(t[i].power > 0 ? &e->hi : &e->lo) = t[i].power > 0 ? INFINITY : 0;
	memset(e->dropped_at, 0, sizeof e->dropped_at);
}

/* Combines and remembers the sampled parts that could not be bounded. */
static void
estimate(struct gate_ctx *ctx, struct gate_pair *pair, const struct gate_term *t,
    size_t nt, struct gate_estimate *e)
{
	size_t i, j;

	if (pair->os != NULL) {
		estimate_runs(ctx, pair, t, nt, e);
		return;
	}
	gate_combine(t, nt, ctx->o->confidence, e);
	for (i = 0; i < nt; i++) {
		/* an end left open for failures is said in their own note */
		if (e->dropped_at[i] == 0 || t[i].part->open_hi)
			continue;
		if (t[i].part == &ctx->unit.ours || t[i].part == &ctx->unit.rival) {
			double *d = t[i].part == &ctx->unit.ours ? &ctx->unit_drop_ours :
			    &ctx->unit_drop_rival;

			*d = fmax(*d, e->dropped_at[i]);
			continue;
		}
		for (j = 0; j < pair->ndrops && pair->drops[j].pt != t[i].part; j++)
			;
		/* a pair starts zeroed (gate_pair_init): a new drop's level is 0 */
		if (j == pair->ndrops && j < GATE_MAX_DROPS)
			pair->drops[pair->ndrops++].pt = t[i].part;
		if (j < pair->ndrops && e->dropped_at[i] > pair->drops[j].level)
			pair->drops[j].level = e->dropped_at[i];
	}
}

/*
 * Past 1e300 an end and its reciprocal are not both numbers (e^710 is
 * infinite, e^-710 4.5e-309): such an end bounds nothing, open on both.
 */
#define END_MAX 1e300

static struct verdict_value
value_of(const struct gate_estimate *e)
{
	return (struct verdict_value){ e->v, e->lo < 1 / END_MAX ? 0 : e->lo,
	    e->hi > END_MAX ? INFINITY : e->hi };
}

/* A side's latency alone, with its interval at level. */
static struct verdict_value
single(const struct gate_pair *pair, const struct gate_part *pt, double level)
{
	struct verdict_value x = verdict_point(pt->v);
	struct runs_term rt;
	struct runs_fig f;

	if (pair->os != NULL) {
		rt.e = runs_of(pair, pt, 0, 0);
		rt.sign = 1;
		runs_combine(&rt, 1, level, &f);
		x.lo = f.lo;
		x.hi = pt->open_hi ? INFINITY : f.hi;
	} else if (gate_part_interval(pt, level, &x.lo, &x.hi) < 0)
		x.lo = x.hi = NAN;
	/* past what a latency can be (t over two runs far apart: 0.00076ns): open */
	if (x.lo < RESULT_MIN_NS)
		x.lo = 0;
	if (x.hi > RESULT_MAX_NS)
		x.hi = INFINITY;
	return x;
}

/* Over whole runs: what would settle it, with the runs a side where runs would. */
static enum verdict_settle
settle_runs(const struct gate_ctx *ctx, const struct gate_estimate *e,
    double limit, struct verdict_check *ck)
{
	long long past;
	size_t i;
	int thin = 0;

	/* a spread assumed, not measured, says nothing of runs to come */
	if (ctx->dflt != NULL)
		return SETTLE_SPREAD;
	/* a run too short to bound its figure stays so however many runs */
	for (i = 0; i < e->nrt; i++)
		thin |= e->rt[i].e->open != 0;
	if (thin)
		return SETTLE_THIN;
	if (runs_needed(e->rt, e->nrt, ctx->o->confidence, VERDICT_POWER, limit,
	    VERDICT_RUNS_CAP, &ck->runs_needed, &ck->runs_needed_hi) == 0)
		return SETTLE_RUNS;
	past = ck->runs_needed;
	ck->runs_needed = ck->runs_needed_hi = -1;
	/* a shift between sessions does not shrink with more runs apart */
	if (ctx->v->shift != SHIFT_NONE)
		return SETTLE_APART;
	return past > VERDICT_RUNS_CAP ? SETTLE_RUNS_CAPPED : SETTLE_ON_LIMIT;
}

/* What would settle an undecided check, with the samples or runs a side. */
static enum verdict_settle
settle(const struct gate_ctx *ctx, const struct gate_estimate *e, double limit,
    int unit, int range, struct verdict_check *ck)
{
	enum need_why why;

	if (e->runs)
		return settle_runs(ctx, e, limit, ck);
	if (gate_samples_needed(e, limit, VERDICT_POWER, &ck->samples_needed,
	    &ck->samples_needed_hi, &why) == 0)
		return SETTLE_SAMPLES;
	ck->samples_needed = ck->samples_needed_hi = -1;
	if (why == NEED_ON_LIMIT)
		return SETTLE_ON_LIMIT;
	if (why == NEED_CAPPED)
		return SETTLE_SAMPLES_CAPPED;
	if (why == NEED_NO_SAMPLES)
		return SETTLE_NO_SAMPLES;
	return unit && range ? SETTLE_BAND_RANGES : unit ? SETTLE_BAND :
	    SETTLE_RANGES;
}

/* A new check of row's class, appended to the verdict, ruled by the caller. */
static struct verdict_check *
new_check(struct gate_ctx *ctx, const struct verdict_row *row,
    const struct gate_check_kind *k)
{
	struct gate_verdict *v = ctx->v;
	struct verdict_check *ck;

	xgrow(&v->checks, &ctx->checks_cap, v->nchecks + 1, sizeof *v->checks);
	ck = &v->checks[v->nchecks++];
	*ck = (struct verdict_check){ .class_name = xstrdup(row->name),
		.kind = row->kind, .statistic = xstrdup(k->statistic),
		.value_unit = xstrdup(k->value_unit),
		.comparison = xstrdup(k->at_least ? ">=" : "<="),
		.limit = gate_check_limit(k, v), .samples_needed = -1,
		.samples_needed_hi = -1, .runs_needed = -1, .runs_needed_hi = -1 };
	return ck;
}

enum ruling
gate_check_rule(const struct gate_verdict *v, struct verdict_check *c,
    int at_least)
{
	enum ruling judged = gate_judge(c->value, at_least, c->limit);

	/*
	 * held: one run a side cannot tell a fail from noise, nor sides apart
	 * without a shift between sessions (a verdict read back that lost it)
	 */
	c->held = (judged == RULING_FAIL && v->mode == MODE_BASELINE &&
	    v->scope == SCOPE_RUN && !v->single_run_ok) ||
	    (judged != RULING_INDETERMINATE && v->scope == SCOPE_RUNS &&
	    v->apart != APART_NONE && v->shift == SHIFT_NONE);
	/* --same-host: a read across hosts not known to be one is not ruled */
	c->ruling = c->held || (c->kind == KIND_READ && verdict_host_holds(v)) ?
	    RULING_INDETERMINATE : judged;
	return judged;
}

/* Whether a part is a range, or with open, left open for its side's failures. */
static int
any_part(const struct gate_term *t, size_t nt, int open)
{
	size_t i;

	for (i = 0; i < nt; i++)
		if (open ? t[i].part->open_hi : t[i].part->kind == PART_RANGE)
			return 1;
	return 0;
}

/* Appends and rules a check of kind k on terms t; unit: a unit's band is in it. */
static void
add_check(struct gate_ctx *ctx, struct gate_pair *pair, struct verdict_row *row,
    const struct gate_check_kind *k, int unit, const struct gate_term *t,
    size_t nt)
{
	struct verdict_check *ck = new_check(ctx, row, k);
	struct gate_estimate e;
	enum ruling judged;

	estimate(ctx, pair, t, nt, &e);
	ck->value = value_of(&e);
	judged = gate_check_rule(ctx->v, ck, k->at_least);
	if (judged == RULING_INDETERMINATE && any_part(t, nt, 1))
		ck->settle = SETTLE_FAILED;
	else if (judged == RULING_INDETERMINATE)
		ck->settle = settle(ctx, &e, ck->limit, unit, any_part(t, nt, 0), ck);
	row->ruling = gate_worse(row->ruling, ck->ruling);
}

/*
 * A check of kind k on a ratio at its quantile: the rival's over ours,
 * or for a regression ours over the rival's; a kind made with a unit in
 * syncs of each side's unit, but a shared unit cancels.
 */
static void
check_ratio(struct gate_ctx *ctx, struct gate_pair *pair,
    struct verdict_row *row, const struct gate_check_kind *k)
{
	int q = k->quantile == 99;
	int up = k->limit == LIMIT_REGRESSION;
	const struct gate_part *o = q ? &pair->o99 : &pair->o50;
	const struct gate_part *r = q ? &pair->r99 : &pair->r50;
	const struct gate_unit *u = &ctx->unit;
	struct gate_term t[4] = { { up ? o : r, 1 }, { up ? r : o, -1 },
		{ up ? &u->ours : &u->rival, -1 }, { up ? &u->rival : &u->ours, 1 } };
	size_t nt = k->unit == CHECK_UNIT_WITH && !u->shared ? 4 : 2;

	add_check(ctx, pair, row, k, nt == 4, t, nt);
}

/* A check of kind k on its figure alone: flushes counted, or NaN, unruled. */
static void
check_point(struct gate_ctx *ctx, struct verdict_row *row, int k)
{
	const struct gate_check_kind *kd = &gate_check_kinds[k];
	struct verdict_check *ck = new_check(ctx, row, kd);

	ck->value = verdict_point(gate_check_figure(kd, row, &ctx->v->unit));
	ck->ruling = isnan(ck->value.v) ? RULING_INDETERMINATE :
	    gate_judge(ck->value, kd->at_least, ck->limit);
	row->ruling = gate_worse(row->ruling, ck->ruling);
}

/* The row's figures: latencies at the confidence, ratios and syncs as checked. */
static void
fill_row(struct gate_ctx *ctx, struct gate_pair *pair, struct verdict_row *row)
{
	double c = ctx->o->confidence;
	struct gate_estimate e;
	int q;

	row->ours_p50 = single(pair, &pair->o50, c);
	row->ours_p99 = single(pair, &pair->o99, c);
	row->rival_p50 = single(pair, &pair->r50, c);
	row->rival_p99 = single(pair, &pair->r99, c);
	row->ours_nsamples = pair->os ? pair->os->nsamples : pair->ours->nsamples;
	row->rival_nsamples = pair->rs ? pair->rs->nsamples : pair->rival->nsamples;
	row->ours_samples = row->ours_nsamples > 0;
	row->rival_samples = row->rival_nsamples > 0;
	for (q = 0; q < 2; q++) {
		const struct gate_part *o = q ? &pair->o99 : &pair->o50;
		const struct gate_part *r = q ? &pair->r99 : &pair->r50;
		struct gate_term t[2] = { { r, 1 }, { o, -1 } };

		estimate(ctx, pair, t, 2, &e);
		*(q ? &row->ratio_p99 : &row->ratio_p50) = value_of(&e);
		if (row->kind != KIND_WRITE || !ctx->have_unit)
			continue;
		t[0].part = o;
		t[1].part = &ctx->unit.ours;
		estimate(ctx, pair, t, 2, &e);
		*(q ? &row->ours_syncs_p99 : &row->ours_syncs_p50) = value_of(&e);
		t[0].part = r;
		t[1].part = &ctx->unit.rival;
		estimate(ctx, pair, t, 2, &e);
		*(q ? &row->rival_syncs_p99 : &row->rival_syncs_p50) = value_of(&e);
	}
}

double
gate_side_flushes(const struct gate_side_in *in, const char *name)
{
	size_t k = gate_side_runs(in), i;
	double sum = 0;

	for (i = 0; i < k; i++) {
		const struct result_class *c = result_find(gate_side_result(in, i), name);

		if (c == NULL || isnan(c->flushes_per_op))
			return NAN;
		sum += c->flushes_per_op;
	}
	return sum / (double)k;
}

/* The operations of class name a side failed or skipped, and those it tried. */
static void
side_untimed(const struct gate_side_in *in, const char *name, long long *lost,
    long long *tried)
{
	size_t k = gate_side_runs(in), i;

	*lost = *tried = 0;
	for (i = 0; i < k; i++) {
		const struct result_class *c = result_find(gate_side_result(in, i), name);

		if (c == NULL)
			continue;
		*lost += c->failed + c->skipped;
		*tried += c->failed + c->skipped + (c->count > 0 ? c->count : 0);
	}
}

static void
open_part(struct gate_part *pt)
{
	if (pt->kind == PART_POINT) {
		pt->kind = PART_RANGE;
		pt->lo = pt->hi = pt->v;
	}
	pt->open_hi = 1;
	pt->scalable = 0;
}

/*
 * A side that failed or skipped GATE_LOST_SHARE of a class's operations,
 * over twice the other's share, is timed on those that succeeded: what
 * failed might have taken any time, so its latencies get no upper bound
 * and no check passes in its favour.
 */
#define GATE_LOST_SHARE 0.01

static void
hold_failures(struct gate_ctx *ctx, struct gate_pair *pair, const char *name)
{
	long long lost[2], tried[2];
	double share[2];
	struct verdict_note *nt;
	int k;

	side_untimed(ctx->ours_in, name, &lost[0], &tried[0]);
	side_untimed(ctx->rival_in, name, &lost[1], &tried[1]);
	for (k = 0; k < 2; k++)
		share[k] = tried[k] > 0 ? (double)lost[k] / (double)tried[k] : 0;
	for (k = 0; k < 2; k++) {
		if (share[k] < GATE_LOST_SHARE || share[k] <= 2 * share[1 - k])
			continue;
		open_part(k ? &pair->r50 : &pair->o50);
		open_part(k ? &pair->r99 : &pair->o99);
		nt = verdict_noted(ctx->v, NOTE_FAILED, k);
		nt->cls = xstrdup(name);
		nt->n[0] = lost[k];
		nt->n[1] = tried[k];
		nt->x[0] = share[k];
		nt->x[1] = share[1 - k];
	}
}

void
gate_check_pair(struct gate_ctx *ctx, struct gate_pair *pair,
    struct verdict_row *row)
{
	int w = row->kind == KIND_WRITE, k;
	struct gate_term ceiling[2] = { { &pair->o50, 1 }, { &ctx->unit.ours, -1 } };

	hold_failures(ctx, pair, row->name);
	row->ours_syncs_p50 = row->ours_syncs_p99 = verdict_point(NAN);
	row->rival_syncs_p50 = row->rival_syncs_p99 = verdict_point(NAN);
	row->ruling = RULING_NOT_RULED;
	row->ours_flushes = w ? gate_side_flushes(ctx->ours_in, row->name) : NAN;
	row->rival_flushes = w ? gate_side_flushes(ctx->rival_in, row->name) : NAN;
	fill_row(ctx, pair, row);
	/*
	 * Writes without syncs: one indeterminate check, in baseline mode
	 * too, or a run on tmpfs would pass against a baseline on a disk.
	 */
	for (k = 0; k < GATE_NCHECK_KINDS; k++) {
		const struct gate_check_kind *kd = &gate_check_kinds[k];

		if (!gate_check_kind_applies(kd, ctx->o->mode, row->kind,
		    ctx->have_unit))
			continue;
		if (kd->quantile == 0)
			check_point(ctx, row, k);
		else if (kd->limit == LIMIT_COMMIT_SYNCS)
			add_check(ctx, pair, row, kd, 1, ceiling, 2);
		else
			check_ratio(ctx, pair, row, kd);
	}
	/* the ceiling on counted flushes: a count, no interval, to a tenth */
	if (ctx->o->mode == MODE_RIVAL && w &&
	    !isnan(row->ours_flushes) && !isnan(row->rival_flushes))
		check_point(ctx, row, CHECK_FLUSHES);
}
