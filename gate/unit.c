/* SPDX-License-Identifier: MIT */
/*
 * The unit writes are ruled in: one durable sync of the volume the run
 * wrote to.  Two probes of one volume give one shared unit, the cheaper
 * median, so neither engine gains from drawing the dearer probe; two
 * volumes give two units, said so; a missing probe or a flush that never
 * reaches a device gives none, and the write half then declines to rule.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/rules.h"
#include "gate/verdict_words.h"
#include "lib/err.h"
#include "model/probe_window.h"
#include "lib/stats.h"
#include "lib/units.h"

/* Why one side's probe cannot give a unit, or NULL when it can. */
static char *
why_unusable(const struct gate_side_in *in, const struct verdict_side *s,
    enum gate_mode m, int is_ours)
{
	const struct probe_record *p = in->probe;
	char *who = gate_possessive(s, m), *ev = NULL, *out, d[32];
	size_t i, len = 0;

	if (p == NULL) {
		out = xasprintf("%s volume is unprobed (its result carries no probe "
		    "and no %s was given)", who, is_ours ? "--probe" : "--rival-probe");
		free(who);
		return out;
	}
	if (p->reaches == REACH_YES) {
		free(who);
		return NULL;
	}
	for (i = 0; i < p->nevidence; i++)
		len += strlen(p->evidence[i]) + 4;
	ev = xcalloc(1, len + 1);
	for (i = 0; i < p->nevidence; i++) {
		strcat(ev, i ? "; \"" : "\"");
		strcat(ev, p->evidence[i]);
		strcat(ev, "\"");
	}
	out = xasprintf("%s probe %s (a sync of %s)%s%s", who,
	    p->reaches == REACH_NO ? "says a sync does not reach a device" :
	    "cannot tell whether a sync reaches a device",
	    units_fmt_duration(d, sizeof d, p->median_ns, 0),
	    p->nevidence ? ": " : "", ev);
	free(ev);
	free(who);
	return out;
}

static int
from_rounds(const struct probe_record *p)
{
	struct window_unit u;

	window_unit(p, &u);
	return u.from_rounds;
}

/* p's unit: from its run's rounds (model/probe_window.h), or its probe before. */
static double
unit_ns(const struct probe_record *p)
{
	struct window_unit u;

	window_unit(p, &u);
	return u.ns;
}

/*
 * How a side's unit was taken: "from 8 rounds of 5 samples through its
 * run, one every 500ms, 1.2% of its time", or "from its probe before the
 * run (no rounds through it)".
 */
static char *
window_words(const struct probe_record *p)
{
	struct window_unit u;
	char e[32];

	window_unit(p, &u);
	if (u.thin)
		return xasprintf("from its probe before the run (its %ld %s through "
		    "it held %zu %s, too few to bound a median)", u.thin_rounds,
		    gate_plural((size_t)u.thin_rounds, "round", "rounds"), u.thin,
		    gate_plural(u.thin, "sample", "samples"));
	if (!u.from_rounds)
		return xstrdup("from its probe before the run (no rounds through it)");
	if (u.rounds->placement == ROUNDS_BRACKETS)
		return xasprintf("from %ld rounds of %ld samples, one just before its "
		    "run and one just after, %.1f%% of its time", u.rounds->count,
		    u.rounds->per_round, 100 * u.rounds->cost);
	if (u.rounds->placement == ROUNDS_PAUSED)
		return xasprintf("from %ld rounds of %ld samples, one just before its "
		    "run, one every %s with the command paused, and one just after, "
		    "%.1f%% of its time", u.rounds->count, u.rounds->per_round,
		    units_fmt_duration(e, sizeof e, u.rounds->every_ns, 0),
		    100 * u.rounds->cost);
	return xasprintf("from %ld %s of %ld samples through its run, one every "
	    "%s, %.1f%% of its time", u.rounds->count,
	    gate_plural((size_t)u.rounds->count, "round", "rounds"),
	    u.rounds->per_round, units_fmt_duration(e, sizeof e, u.rounds->every_ns, 0),
	    100 * u.rounds->cost);
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

/* Appends to v's description how each side's unit was taken. */
static void
describe_window(struct gate_verdict *v, const struct probe_record *po,
    const struct probe_record *pr)
{
	struct window_unit a, b;
	char *wa, *wb, *d, *ho, *hr;

	window_unit(po, &a);
	window_unit(pr, &b);
	if (!a.from_rounds && !b.from_rounds && !a.thin && !b.thin) {
		d = xasprintf("%s; probed before the runs, without rounds through "
		    "them", v->unit.description);
	} else {
		wa = window_words(po);
		wb = window_words(pr);
		ho = gate_possessive(&v->ours, v->mode);
		hr = gate_possessive(&v->rival, v->mode);
		d = xasprintf("%s; %s %s; %s %s", v->unit.description, ho, wa, hr,
		    wb);
		free(wa);
		free(wb);
		free(ho);
		free(hr);
	}
	free(v->unit.description);
	v->unit.description = d;
}

static void
set_part(struct gate_part *pt, double v, const double *x, size_t n,
    const double *x2, size_t n2)
{
	memset(pt, 0, sizeof *pt);
	pt->kind = PART_SAMPLED;
	pt->v = v;
	pt->p = 0.5;
	pt->x = x;
	pt->n = n;
	pt->x2 = x2;
	pt->n2 = n2;
	pt->lo = pt->hi = NAN;
}

/* "4 KiB", or "unknown" for a probe that did not record its write size. */
static const char *
write_size(char *buf, size_t len, const struct probe_record *p)
{
	if (p->write_bytes <= 0)
		snprintf(buf, len, "unknown");
	else
		units_fmt_bytes(buf, len, (double)p->write_bytes);
	return buf;
}

/*
 * Why two probes give two units: the first of host, volume, method and
 * write size in which they differ, with the two values where they say
 * something a reader can check ("two methods (fdatasync and fsync)").
 */
static char *
why_two(const struct probe_record *po, const struct probe_record *pr)
{
	char a[64], b[64];

	if (strcmp(po->host_id, pr->host_id) != 0)
		return xstrdup("two hosts");
	if (strcmp(po->volume_id, pr->volume_id) != 0)
		return xstrdup("two volumes");
	if (strcmp(po->method, pr->method) != 0)
		return xasprintf("two methods (%s and %s)", po->method, pr->method);
	return xasprintf("two write sizes (%s and %s)",
	    write_size(a, sizeof a, po), write_size(b, sizeof b, pr));
}

/* Two probes measured the same thing: one host, one volume, one method, one size. */
static int
same_measure(const struct probe_record *po, const struct probe_record *pr)
{
	return strcmp(po->host_id, pr->host_id) == 0 &&
	    strcmp(po->volume_id, pr->volume_id) == 0 &&
	    strcmp(po->method, pr->method) == 0 && po->write_bytes == pr->write_bytes;
}

/* The same probe given twice (one file for --probe and --rival-probe). */
static int
same_probe(const struct probe_record *po, const struct probe_record *pr)
{
	struct window_unit a, b;

	window_unit(po, &a);
	window_unit(pr, &b);
	return a.from_rounds == b.from_rounds && a.n == b.n && a.ns == b.ns &&
	    (a.n == 0 || memcmp(a.samples, b.samples, a.n * sizeof *a.samples) == 0);
}

/* "one sync = 3.02ms, the cheaper of two probes of one volume (zu's), both sides" */
static char *
shared_words(const struct gate_verdict *v, const struct probe_record *po,
    const struct probe_record *pr)
{
	char d[32], *who, *out;

	units_fmt_duration(d, sizeof d, v->unit.ours_ns, 0);
	if (same_probe(po, pr))
		return xasprintf("one sync = %s, from one probe of one volume, the "
		    "same on both sides", d);
	if (unit_ns(po) == unit_ns(pr))
		return xasprintf("one sync = %s, the median of both probes of one "
		    "volume, both sides", d);
	who = gate_possessive(unit_ns(po) < unit_ns(pr) ? &v->ours : &v->rival,
	    v->mode);
	out = xasprintf("one sync = %s, the cheaper of two probes of one volume "
	    "(%s), both sides", d, who);
	free(who);
	return out;
}

static void
describe(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival, int shared)
{
	char a[32], b[32], wa[64], wb[64];
	char *two;

	if (shared) {
		v->unit.description = shared_words(v, ours->probe, rival->probe);
		return;
	}
	two = why_two(ours->probe, rival->probe);
	v->unit.description = xasprintf("%s, so two units: one sync = %s for "
	    "%s and %s for %s, each from its own probe", two,
	    units_fmt_duration(a, sizeof a, v->unit.ours_ns, 0),
	    gate_who(&v->ours, v->mode, wa, sizeof wa),
	    units_fmt_duration(b, sizeof b, v->unit.rival_ns, 0),
	    gate_who(&v->rival, v->mode, wb, sizeof wb));
	free(two);
}

/* How many of a side's runs took their unit from rounds through the run. */
static size_t
runs_from_rounds(const struct gate_side_in *in)
{
	size_t i, k = gate_side_runs(in), n = 0;

	for (i = 0; i < k; i++)
		n += (size_t)from_rounds(in->nruns > 1 ? in->runs[i].probe : in->probe);
	return n;
}

/*
 * Over several runs: "; probed before the runs, without rounds through
 * them", or "; each run's unit from its rounds through the run where it
 * has them: 3 of 3 runs for zu, 1 of 3 for ladybug (the rest from their
 * probes before the run)".
 */
static void
describe_window_runs(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival)
{
	size_t no = runs_from_rounds(ours), nr = runs_from_rounds(rival);
	size_t ko = gate_side_runs(ours), kr = gate_side_runs(rival);
	char wa[64], wb[64], *d;

	if (no == 0 && nr == 0)
		d = xasprintf("%s; probed before the runs, without rounds through "
		    "them", v->unit.description);
	else
		d = xasprintf("%s; each run's unit from its rounds through the run "
		    "where it has them: %zu of %zu %s for %s, %zu of %zu for %s%s",
		    v->unit.description, no, ko, gate_plural(ko, "run", "runs"),
		    gate_who(&v->ours, v->mode, wa, sizeof wa), nr, kr,
		    gate_who(&v->rival, v->mode, wb, sizeof wb),
		    no < ko || nr < kr ? " (the rest from their probes before the "
		    "run)" : "");
	free(v->unit.description);
	v->unit.description = d;
}

/* The first run of a side whose probe cannot give a unit, and why; NULL: none. */
static char *
why_runs_unusable(const struct gate_side_in *in, const struct verdict_side *s,
    enum gate_mode m, int is_ours)
{
	struct gate_side_in one;
	char *why, *out;
	size_t i;

	for (i = 0; i < in->nruns; i++) {
		one = *in;
		one.probe = in->runs[i].probe;
		one.file = in->runs[i].file;
		why = why_unusable(&one, s, m, is_ours);
		if (why == NULL)
			continue;
		out = xasprintf("%s (run %zu of %zu, %s)", why, i + 1, in->nruns,
		    in->runs[i].file);
		free(why);
		return out;
	}
	return NULL;
}

/*
 * Over several runs: each run's writes in the unit of its own probe, the
 * side's unit the geometric mean of its probes' medians (so that a
 * latency over it is the geometric mean of the runs' syncs), its band
 * the lowest interval low to the highest high of its probes.
 */
static void
runs_unit(const struct gate_side_in *in, double level, struct gate_part *pt,
    double *lo, double *hi)
{
	size_t i, k = gate_side_runs(in);
	double sum = 0, l, h, *x;

	*lo = INFINITY;
	*hi = 0;
	for (i = 0; i < k; i++) {
		const struct probe_record *p = in->nruns > 1 ? in->runs[i].probe :
		    in->probe;

		size_t n;

		sum += log(unit_ns(p));
		x = window_sorted_samples(p, &n);
		if (gate_quantile_ci(x, n, 0.5, level, &l, &h) < 0)
			l = h = unit_ns(p);
		window_band(p, &l, &h);
		*lo = fmin(*lo, l);
		*hi = fmax(*hi, h);
		free(x);
	}
	memset(pt, 0, sizeof *pt);
	pt->kind = PART_POINT;
	pt->p = 0.5;
	pt->v = exp(sum / (double)k);
	pt->lo = pt->hi = NAN;
}

static void
describe_runs(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival)
{
	char a[32], b[32], al[32], ah[32], bl[32], bh[32], wa[64], wb[64];

	v->unit.description = xasprintf("each run's writes in the unit of its "
	    "own probe: one sync = %s for %s (the geometric mean of %zu %s, %s to "
	    "%s) and %s for %s (of %zu, %s to %s)",
	    units_fmt_duration(a, sizeof a, v->unit.ours_ns, 0),
	    gate_who(&v->ours, v->mode, wa, sizeof wa), gate_side_runs(ours),
	    gate_plural(gate_side_runs(ours), "probe", "probes"),
	    units_fmt_duration(al, sizeof al, v->unit.ours_lo_ns, 0),
	    units_fmt_duration(ah, sizeof ah, v->unit.ours_hi_ns, 0),
	    units_fmt_duration(b, sizeof b, v->unit.rival_ns, 0),
	    gate_who(&v->rival, v->mode, wb, sizeof wb), gate_side_runs(rival),
	    units_fmt_duration(bl, sizeof bl, v->unit.rival_lo_ns, 0),
	    units_fmt_duration(bh, sizeof bh, v->unit.rival_hi_ns, 0));
}

void
gate_unit_choose_runs(const struct gate_side_in *ours,
    const struct gate_side_in *rival, struct gate_verdict *v,
    struct gate_unit *u)
{
	char *wo, *wr;

	memset(u, 0, sizeof *u);
	wo = ours->nruns > 1 ? why_runs_unusable(ours, &v->ours, v->mode, 1) :
	    why_unusable(ours, &v->ours, v->mode, 1);
	wr = rival->nruns > 1 ? why_runs_unusable(rival, &v->rival, v->mode, 0) :
	    why_unusable(rival, &v->rival, v->mode, 0);
	if (wo != NULL || wr != NULL) {
		v->unit.source = UNIT_NONE;
		v->unit.why_none = wo && wr ? xasprintf("%s; %s", wo, wr) :
		    xstrdup(wo ? wo : wr);
		free(wo);
		free(wr);
		return;
	}
	runs_unit(ours, v->confidence, &u->ours, &v->unit.ours_lo_ns,
	    &v->unit.ours_hi_ns);
	runs_unit(rival, v->confidence, &u->rival, &v->unit.rival_lo_ns,
	    &v->unit.rival_hi_ns);
	v->unit.source = UNIT_PER_RUN;
	v->unit.ours_ns = u->ours.v;
	v->unit.rival_ns = u->rival.v;
	describe_runs(v, ours, rival);
	describe_window_runs(v, ours, rival);
}

void
gate_unit_choose(const struct gate_side_in *ours,
    const struct gate_side_in *rival, struct gate_verdict *v,
    struct gate_unit *u)
{
	char *wo, *wr;
	const struct probe_record *po = ours->probe, *pr = rival->probe;
	size_t no, nr;

	memset(u, 0, sizeof *u);
	wo = why_unusable(ours, &v->ours, v->mode, 1);
	wr = why_unusable(rival, &v->rival, v->mode, 0);
	if (wo != NULL || wr != NULL) {
		v->unit.source = UNIT_NONE;
		v->unit.why_none = wo && wr ? xasprintf("%s; %s", wo, wr) :
		    xstrdup(wo ? wo : wr);
		free(wo);
		free(wr);
		return;
	}
	u->ours_x = window_sorted_samples(po, &no);
	u->rival_x = window_sorted_samples(pr, &nr);
	u->shared = same_measure(po, pr);
	if (u->shared) {
		double m = fmin(unit_ns(po), unit_ns(pr));

		set_part(&u->ours, m, u->ours_x, no, u->rival_x, nr);
		u->rival = u->ours;
		v->unit.source = UNIT_SHARED;
	} else {
		set_part(&u->ours, unit_ns(po), u->ours_x, no, NULL, 0);
		set_part(&u->rival, unit_ns(pr), u->rival_x, nr, NULL, 0);
		v->unit.source = UNIT_PER_VOLUME;
	}
	/*
	 * A unit from rounds through the run is a median weighted by where
	 * the writes ran.  Its interval is the order-statistic interval of
	 * the median of every round's samples, stretched to hold the weighted
	 * median (gate/interval.c keeps a sampled part's point inside): a run
	 * whose rounds are too few to bound a median cannot rule its writes
	 * any more than a probe of as few samples could.
	 */
	v->unit.ours_ns = u->ours.v;
	v->unit.rival_ns = u->rival.v;
	if (gate_part_interval(&u->ours, v->confidence, &v->unit.ours_lo_ns,
	    &v->unit.ours_hi_ns) < 0)
		v->unit.ours_lo_ns = v->unit.ours_hi_ns = NAN;
	if (gate_part_interval(&u->rival, v->confidence, &v->unit.rival_lo_ns,
	    &v->unit.rival_hi_ns) < 0)
		v->unit.rival_lo_ns = v->unit.rival_hi_ns = NAN;
	/* a probe too thin to bound its median has no band */
	if (v->unit.ours_lo_ns == 0 || isinf(v->unit.ours_hi_ns))
		v->unit.ours_lo_ns = v->unit.ours_hi_ns = NAN;
	if (v->unit.rival_lo_ns == 0 || isinf(v->unit.rival_hi_ns))
		v->unit.rival_lo_ns = v->unit.rival_hi_ns = NAN;
	/* rounds through a run band the unit by how far it drifted */
	if (u->shared) {
		v->unit.ours_band_rounds = window_band(unit_ns(po) <= unit_ns(pr) ?
		    po : pr, &v->unit.ours_lo_ns, &v->unit.ours_hi_ns);
		v->unit.rival_band_rounds = v->unit.ours_band_rounds;
		v->unit.rival_lo_ns = v->unit.ours_lo_ns;
		v->unit.rival_hi_ns = v->unit.ours_hi_ns;
	} else {
		v->unit.ours_band_rounds = window_band(po, &v->unit.ours_lo_ns,
		    &v->unit.ours_hi_ns);
		v->unit.rival_band_rounds = window_band(pr, &v->unit.rival_lo_ns,
		    &v->unit.rival_hi_ns);
	}
	describe(v, ours, rival, u->shared);
	describe_window(v, po, pr);
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
