/* SPDX-License-Identifier: MIT */
/*
 * The unit writes are ruled in: one durable sync of the volume.  Two
 * probes of one volume give one shared unit, the cheaper median, so
 * neither engine gains from the dearer probe; two volumes give two; a
 * missing probe or a flush that never reaches a device gives none.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "model/probe_window.h"
#include "gate/unit.h"

/* 1 where probe p cannot give a unit, with why (and its median, evidence) in b. */
static int
unusable(const struct probe_record *p, struct verdict_unit_basis *b)
{
	size_t i;

	if (p != NULL && p->reaches == REACH_YES)
		return 0;
	b->unusable = p == NULL ? UNUSABLE_UNPROBED : p->reaches == REACH_NO ?
	    UNUSABLE_NO_REACH : UNUSABLE_UNSURE;
	b->sync_ns = p != NULL ? p->median_ns : NAN;
	b->nevidence = p != NULL ? p->nevidence : 0;
	b->evidence = b->nevidence ? xcalloc(b->nevidence, sizeof *b->evidence) : NULL;
	for (i = 0; i < b->nevidence; i++)
		b->evidence[i] = xstrdup(p->evidence[i]);
	return 1;
}

/* p's unit: from its run's rounds (model/probe_window.h), or its probe before. */
static double
unit_ns(const struct probe_record *p)
{
	struct window_unit u;

	window_unit(p, &u);
	return u.ns;
}

/* How a side's unit was taken: its probe before the run, or rounds through it. */
static void
basis_window(const struct probe_record *p, struct verdict_unit_basis *b)
{
	struct window_unit u;

	window_unit(p, &u);
	b->method = xstrdup(p->method);
	b->write_bytes = p->write_bytes > 0 ? p->write_bytes : 0;
	if (u.thin) {
		b->window = WINDOW_THIN;
		b->rounds = u.thin_rounds;
		b->per_round = (long long)u.thin;
		return;
	}
	if (!u.from_rounds)
		return;
	b->window = u.rounds->placement == ROUNDS_BRACKETS ? WINDOW_BRACKETS :
	    u.rounds->placement == ROUNDS_PAUSED ? WINDOW_PAUSED : WINDOW_THROUGH;
	b->rounds = u.rounds->count;
	b->per_round = u.rounds->per_round;
	b->every_ns = u.rounds->every_ns;
	b->cost = u.rounds->cost;
}

/* Where the rounds give a unit its band: their lowest and highest median. */
static int
window_band(const struct probe_record *p, double *lo, double *hi)
{
	struct window_unit u;

	window_unit(p, &u);
	if (!u.from_rounds)
		return 0;
	*lo = u.lo_ns;
	*hi = u.hi_ns;
	return 1;
}

static void
set_part(struct gate_part *pt, double v, const double *x, size_t n,
    const double *x2, size_t n2)
{
	*pt = (struct gate_part){ .kind = PART_SAMPLED, .v = v, .p = 0.5, .x = x,
		.n = n, .x2 = x2, .n2 = n2, .lo = NAN, .hi = NAN };
}

/* The first of host, volume, method and write size two probes differ in. */
static enum unit_two
why_two(const struct probe_record *po, const struct probe_record *pr)
{
	if (strcmp(po->host_id, pr->host_id) != 0)
		return TWO_HOSTS;
	if (strcmp(po->volume_id, pr->volume_id) != 0)
		return TWO_VOLUMES;
	if (strcmp(po->method, pr->method) != 0)
		return TWO_METHODS;
	return po->write_bytes != pr->write_bytes ? TWO_SIZES : TWO_NONE;
}

/* Which probe one shared unit came from; one given twice is one probe. */
static enum unit_pick
pick(const struct probe_record *po, const struct probe_record *pr)
{
	struct window_unit a, b;

	window_unit(po, &a);
	window_unit(pr, &b);
	if (a.from_rounds == b.from_rounds && a.n == b.n && a.ns == b.ns &&
	    (a.n == 0 || memcmp(a.samples, b.samples, a.n * sizeof *a.samples) == 0))
		return PICK_ONE_PROBE;
	if (a.ns == b.ns)
		return PICK_EQUAL;
	return a.ns < b.ns ? PICK_OURS : PICK_RIVAL;
}

/* As unusable over a side's runs, naming the first run that cannot. */
static int
side_unusable(const struct gate_side_in *in, struct verdict_unit_basis *b)
{
	size_t i;

	if (in->nruns <= 1)
		return unusable(in->probe, b);
	for (i = 0; i < in->nruns; i++) {
		if (!unusable(in->runs[i].probe, b))
			continue;
		b->run = (long long)i + 1;
		b->nruns = (long long)in->nruns;
		b->run_file = xstrdup(in->runs[i].file);
		return 1;
	}
	return 0;
}

/*
 * Over several runs: the side's unit the geometric mean of its probes'
 * medians (a latency over it the runs' syncs' geometric mean), its band
 * the lowest low to the highest high of its probes; b counts the runs
 * whose unit came from rounds through the run.
 */
static void
runs_unit(const struct gate_side_in *in, double level, struct gate_part *pt,
    double *ns, double *lo, double *hi, struct verdict_unit_basis *b)
{
	size_t i, n, k = gate_side_runs(in);
	double sum = 0, l, h, *x;

	*lo = INFINITY;
	*hi = 0;
	b->nruns = (long long)k;
	for (i = 0; i < k; i++) {
		const struct probe_record *p = in->nruns > 1 ? in->runs[i].probe :
		    in->probe;

		sum += log(unit_ns(p));
		x = window_sorted_samples(p, &n);
		if (gate_quantile_ci(x, n, 0.5, level, &l, &h) < 0)
			l = h = unit_ns(p);
		b->runs_rounds += window_band(p, &l, &h);
		*lo = fmin(*lo, l);
		*hi = fmax(*hi, h);
		free(x);
	}
	*pt = (struct gate_part){ .kind = PART_POINT, .p = 0.5,
		.v = exp(sum / (double)k), .lo = NAN, .hi = NAN };
	*ns = pt->v;
}

/* A part's band at level; none without an interval or for a probe too thin. */
static void
part_band(const struct gate_part *pt, double level, double *lo, double *hi)
{
	if (gate_part_interval(pt, level, lo, hi) < 0 || *lo == 0 || isinf(*hi))
		*lo = *hi = NAN;
}

/* One run a side, both probes usable: one shared unit, or one each. */
static void
probes_unit(const struct probe_record *po, const struct probe_record *pr,
    struct gate_verdict *v, struct gate_unit *u)
{
	const struct probe_record *cheaper;
	size_t no, nr;

	u->ours_x = window_sorted_samples(po, &no);
	u->rival_x = window_sorted_samples(pr, &nr);
	v->unit.two = why_two(po, pr);
	u->shared = v->unit.two == TWO_NONE;
	basis_window(po, &v->unit.ours_basis);
	basis_window(pr, &v->unit.rival_basis);
	if (u->shared) {
		set_part(&u->ours, fmin(unit_ns(po), unit_ns(pr)), u->ours_x, no,
		    u->rival_x, nr);
		u->rival = u->ours;
		v->unit.source = UNIT_SHARED;
		v->unit.pick = pick(po, pr);
	} else {
		set_part(&u->ours, unit_ns(po), u->ours_x, no, NULL, 0);
		set_part(&u->rival, unit_ns(pr), u->rival_x, nr, NULL, 0);
		v->unit.source = UNIT_PER_VOLUME;
	}
	/*
	 * A unit from rounds through the run, a weighted median, takes the
	 * interval of all the rounds' samples' median, stretched to hold it:
	 * too few rounds rule no more than a probe of as few samples.
	 */
	v->unit.ours_ns = u->ours.v;
	v->unit.rival_ns = u->rival.v;
	part_band(&u->ours, v->confidence, &v->unit.ours_lo_ns, &v->unit.ours_hi_ns);
	part_band(&u->rival, v->confidence, &v->unit.rival_lo_ns, &v->unit.rival_hi_ns);
	/* rounds band the unit by its drift; a shared unit by its cheaper probe's */
	cheaper = unit_ns(po) <= unit_ns(pr) ? po : pr;
	v->unit.ours_band_rounds = window_band(u->shared ? cheaper : po,
	    &v->unit.ours_lo_ns, &v->unit.ours_hi_ns);
	v->unit.rival_band_rounds = window_band(u->shared ? cheaper : pr,
	    &v->unit.rival_lo_ns, &v->unit.rival_hi_ns);
}

void
gate_unit_choose(const struct gate_side_in *ours,
    const struct gate_side_in *rival, int runs, struct gate_verdict *v,
    struct gate_unit *u)
{
	memset(u, 0, sizeof *u);
	v->unit.has_basis = 1;
	if (side_unusable(ours, &v->unit.ours_basis) |
	    side_unusable(rival, &v->unit.rival_basis)) {
		v->unit.source = UNIT_NONE;
		return;
	}
	if (!runs) {
		probes_unit(ours->probe, rival->probe, v, u);
		return;
	}
	runs_unit(ours, v->confidence, &u->ours, &v->unit.ours_ns,
	    &v->unit.ours_lo_ns, &v->unit.ours_hi_ns, &v->unit.ours_basis);
	runs_unit(rival, v->confidence, &u->rival, &v->unit.rival_ns,
	    &v->unit.rival_lo_ns, &v->unit.rival_hi_ns, &v->unit.rival_basis);
	v->unit.source = UNIT_PER_RUN;
}

void
gate_unit_free(struct gate_unit *u)
{
	if (u == NULL)
		return;
	free(u->ours_x);
	free(u->rival_x);
	memset(u, 0, sizeof *u);
}
