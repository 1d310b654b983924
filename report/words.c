/* SPDX-License-Identifier: MIT */
/*
 * The verdict's words, from its codes and figures (report/words.h): a
 * check's reason is its class and figures, read against its limit as
 * they were ruled (gate/verdict_digits.h), the words of its ruling, and
 * what would settle it.  Sentences carry "µs"; a renderer limited to
 * ASCII transliterates, so the words are made once for every format.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/verdict_base.h"
#include "gate/verdict_digits.h"
#include "gate/verdict_kinds.h"
#include "gate/verdict_words.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "lib/units.h"
#include "report/words.h"

/* The row of check c's class. */
static const struct verdict_row *
row_of(const struct gate_verdict *v, const struct verdict_check *c)
{
	size_t i;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == c->kind && strcmp(v->rows[i].name,
		    c->class_name) == 0)
			return &v->rows[i];
	return NULL;
}

static const char *
qname(int q)
{
	return q == 50 ? "p50" : "p99";
}

/* A row's figure of side (0 ours) at quantile q: latency, or syncs. */
static double
figure(const struct verdict_row *r, int rival, int q, int syncs)
{
	if (syncs)
		return rival ? (q == 50 ? r->rival_syncs_p50 : r->rival_syncs_p99).v :
		    (q == 50 ? r->ours_syncs_p50 : r->ours_syncs_p99).v;
	return rival ? (q == 50 ? r->rival_p50 : r->rival_p99).v :
	    (q == 50 ? r->ours_p50 : r->ours_p99).v;
}

/* "95% ", the level an interval is at, or "" for a verdict that gives none. */
static const char *
level_of(char *buf, size_t len, const struct gate_verdict *v)
{
	char n[32];

	if (isnan(v->confidence))
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "%s%% ", gate_limit_num(n, sizeof n,
		    v->confidence * 100));
	return buf;
}

/*
 * "95% interval 1.9 to 2.4", or "" without an interval; suffix after each
 * end, each end read against limit as it was ruled.
 */
static char *
interval_words(const struct gate_verdict *v, struct verdict_value x,
    const char *suffix, double limit, int at_least)
{
	char c[32], a[32], b[32];

	if (isnan(x.lo))
		return xstrdup("");
	level_of(c, sizeof c, v);
	/* an end too thin to bound: the other alone, said so */
	if (x.lo == 0 && isinf(x.hi))
		return xasprintf("no %sbound either way", c);
	if (x.lo == 0)
		return xasprintf("%sinterval up to %s%s, with no lower bound", c,
		    gate_num_vs(b, sizeof b, x.hi, limit, at_least), suffix);
	if (isinf(x.hi))
		return xasprintf("%sinterval from %s%s, with no upper bound", c,
		    gate_num_vs(a, sizeof a, x.lo, limit, at_least), suffix);
	gate_num_pair_vs(a, b, sizeof a, x.lo, x.hi, limit, at_least);
	return xasprintf("%sinterval %s%s to %s%s", c, a, suffix, b, suffix);
}

/*
 * "4% slower", "2.1% faster", "no slower" for a ratio new/old, its
 * percentage num.  "no slower" under 0.005% only where the ratio is
 * within limit: a change over a limit that small is printed in full.
 */
static char *
change_words(double ratio, const char *num, double limit)
{
	if (fabs(ratio - 1) < 5e-5 && gate_side(ratio, limit) <= 0)
		return xstrdup("no slower");
	return xasprintf("%s%% %s", num, ratio > 1 ? "slower" : "faster");
}

/*
 * A change's percentage: a slowdown read against the limit as it was
 * ruled, the limit being 1 + pct / 100.
 */
static const char *
change_num(char *buf, size_t len, double ratio, double limit, double pct)
{
	gate_num(buf, len, fabs(ratio - 1) * 100);
	if (ratio > 1)
		gate_num_refine(buf, len, (ratio - 1) * 100, pct,
		    gate_reads_for(ratio, limit, 0));
	return buf;
}

/* " (95% interval from 2% faster to 6% slower)", or "" without an interval. */
static char *
change_interval(const struct gate_verdict *v, struct verdict_value x,
    double limit, double pct)
{
	char cf[32], a[32], b[32], *lo, *hi, *out;

	if (isnan(x.lo))
		return xstrdup("");
	level_of(cf, sizeof cf, v);
	if (x.lo == 0 && isinf(x.hi))
		return xasprintf(" (no %sbound either way)", cf);
	if (x.lo == 0 || isinf(x.hi)) {
		double end = x.lo == 0 ? x.hi : x.lo;

		change_num(a, sizeof a, end, limit, pct);
		lo = change_words(end, a, limit);
		out = xasprintf(" (%sinterval %s %s, with no %s bound)", cf,
		    x.lo == 0 ? "up to" : "from", lo, x.lo == 0 ? "lower" : "upper");
		free(lo);
		return out;
	}
	/* ends either side of 1 read apart already: "2% faster to 2% slower" */
	if ((x.lo > 1) == (x.hi > 1))
		gate_num_pair(a, b, sizeof a, fabs(x.lo - 1) * 100,
		    fabs(x.hi - 1) * 100);
	else {
		gate_num(a, sizeof a, fabs(x.lo - 1) * 100);
		gate_num(b, sizeof b, fabs(x.hi - 1) * 100);
	}
	if (x.lo > 1)
		gate_num_refine(a, sizeof a, (x.lo - 1) * 100, pct,
		    gate_reads_for(x.lo, limit, 0));
	if (x.hi > 1)
		gate_num_refine(b, sizeof b, (x.hi - 1) * 100, pct,
		    gate_reads_for(x.hi, limit, 0));
	lo = change_words(x.lo, a, limit);
	hi = change_words(x.hi, b, limit);
	out = xasprintf(" (%sinterval from %s to %s)", cf, lo, hi);
	free(lo);
	free(hi);
	return out;
}

/* How the new figure reads against the old, as its change says. */
static enum gate_reads
change_reads(double ratio, double limit)
{
	if (fabs(ratio - 1) < 5e-5 && gate_side(ratio, limit) <= 0)
		return READS_LE;        /* "no slower" */
	return gate_side(ratio, 1) > 0 ? READS_GT : gate_side(ratio, 1) < 0 ?
	    READS_LT : READS_EQ;
}

/* "point-read: speedup 220.42x at p50 (11.89ms for ladybug against ...)" */
static char *
speedup_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r, int q)
{
	char x[32], a[32], b[32], wo[256], wr[256], *iv, *out;

	iv = interval_words(v, c->value, "x", v->read_speedup, 1);
	out = xasprintf("%s: speedup %sx at %s (%s for %s against %s for %s%s%s)",
	    r->name, gate_num_vs(x, sizeof x, c->value.v, v->read_speedup, 1),
	    qname(q), units_fmt_duration(a, sizeof a, figure(r, 1, q, 0), 0),
	    gate_who(&v->rival, v->mode, wr, sizeof wr),
	    units_fmt_duration(b, sizeof b, figure(r, 0, q, 0), 0),
	    gate_who(&v->ours, v->mode, wo, sizeof wo), iv[0] ? "; " : "", iv);
	free(iv);
	return out;
}

/* "write: 2.54 syncs at p50 (95% interval 2.16 to 2.58)" */
static char *
ceiling_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r)
{
	char s[32], *iv = interval_words(v, c->value, "", v->commit_syncs, 0);
	char *out;

	gate_num_vs(s, sizeof s, c->value.v, v->commit_syncs, 0);
	out = xasprintf("%s: %s %s at p50%s%s%s", r->name, s, gate_syncs(s),
	    iv[0] ? " (" : "", iv, iv[0] ? ")" : "");
	free(iv);
	return out;
}

/* "write: 2.54 syncs at p50 against ladybug's 4.43 (ratio 1.74x; ...)" */
static char *
vs_rival_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r, int q)
{
	char os[32], rs[32], x[32], *iv, *ratio, *out;
	char *rp = gate_possessive(&v->rival, v->mode);

	iv = interval_words(v, c->value, "x", 1, 1);
	ratio = iv[0] ? xasprintf(" (ratio %sx; %s)", gate_num_vs(x, sizeof x,
	    c->value.v, 1, 1), iv) : xstrdup("");
	/* passing is ours no more syncs than theirs: the two read so */
	gate_print_two(os, rs, sizeof os, figure(r, 0, q, 1), figure(r, 1, q, 1),
	    gate_side(c->value.v, 1) >= 0 ? READS_LE : READS_GT, &gate_style_num, 0);
	out = xasprintf("%s: %s %s at %s against %s %s%s", r->name, os,
	    gate_syncs(os), qname(q), rp, rs, ratio);
	free(iv);
	free(ratio);
	free(rp);
	return out;
}

/* "point-read: 55µs at p50 against the baseline's 53.96µs, 1.93% slower (...)" */
static char *
regression_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r, int q, int syncs)
{
	double limit = 1 + v->max_regression, pct = v->max_regression * 100;
	char a[32], b[32], n[32], *iv, *ch, *out;

	iv = change_interval(v, c->value, limit, pct);
	ch = change_words(c->value.v, change_num(n, sizeof n, c->value.v, limit,
	    pct), limit);
	gate_print_two(a, b, sizeof a, figure(r, 0, q, syncs), figure(r, 1, q, syncs),
	    change_reads(c->value.v, limit), syncs ? &gate_style_num :
	    &gate_style_dur, 0);
	out = xasprintf("%s: %s%s%s at %s against the baseline's %s, %s%s", r->name,
	    a, syncs ? " " : "", syncs ? gate_syncs(a) : "", qname(q), b, ch, iv);
	free(ch);
	free(iv);
	return out;
}

/* "write: 2.0 flushes a commit (ladybug 1.0)" */
static char *
flushes_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r)
{
	char w[256];

	return xasprintf("%s: %.1f flushes a commit (%s %.1f)", r->name, c->value.v,
	    gate_who(&v->rival, v->mode, w, sizeof w),
	    round(r->rival_flushes * 10) / 10);
}

/* The figures of check c of kind k, before the words of its ruling. */
static char *
body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct gate_check_kind *k, const struct verdict_row *r)
{
	switch (k - gate_check_kinds) {
	case CHECK_P50_SPEEDUP:
	case CHECK_P99_SPEEDUP:
		return speedup_body(v, c, r, k->quantile);
	case CHECK_P50_SYNCS:
		return ceiling_body(v, c, r);
	case CHECK_P50_VS_RIVAL:
	case CHECK_P99_VS_RIVAL:
		return vs_rival_body(v, c, r, k->quantile);
	case CHECK_FLUSHES:
		return flushes_body(v, c, r);
	default:
		return regression_body(v, c, r, k->quantile, r->kind == KIND_WRITE);
	}
}

/* "about 12 to 30", "about 12", "about 12 or more" (past the cap), into buf. */
static const char *
about(char *buf, size_t len, long long lo, long long hi, long long cap)
{
	if (hi > cap)
		snprintf(buf, len, "about %lld or more", lo);
	else if (hi > lo)
		snprintf(buf, len, "about %lld to %lld", lo, hi);
	else
		snprintf(buf, len, "about %lld", lo);
	return buf;
}

/* "; about 12 runs a side would settle it with 80% probability, ..." */
static char *
settle_counts(const struct verdict_check *c)
{
	char a[96], pw[32];
	int range;

	gate_limit_num(pw, sizeof pw, VERDICT_POWER * 100);
	if (c->runs_needed >= 0)
		return xasprintf("; %s runs a side would settle it with %s%% "
		    "probability, over what these runs leave uncertain of the figure "
		    "and its spread", about(a, sizeof a, c->runs_needed,
		    c->runs_needed_hi, VERDICT_RUNS_CAP), pw);
	if (c->samples_needed < 0)
		return NULL;
	/* a range within the cap: a verdict of the plug-in rule before */
	range = c->samples_needed_hi > c->samples_needed &&
	    c->samples_needed_hi <= VERDICT_SAMPLES_CAP;
	return xasprintf("; %s %s a side would settle it %s %s%% %s",
	    about(a, sizeof a, c->samples_needed, c->samples_needed_hi,
	    VERDICT_SAMPLES_CAP), c->samples_needed_hi == 1 ? "sample" :
	    "samples", range ? "at" : "with", pw, range ? "power" :
	    "probability, over what this run leaves uncertain of the figure");
}

char *
words_settle(const struct gate_verdict *v, const struct verdict_check *c)
{
	double q = strncmp(c->statistic ? c->statistic : "", "p99", 3) == 0 ?
	    0.99 : 0.5;
	char pw[32], cf[32];

	gate_limit_num(pw, sizeof pw, VERDICT_POWER * 100);
	level_of(cf, sizeof cf, v);
	switch (c->settle) {
	case SETTLE_RUNS:
	case SETTLE_SAMPLES:
	case SETTLE_NONE:
		return settle_counts(c);
	case SETTLE_RUNS_CAPPED:
		return xasprintf("; more than %lld runs a side would be needed to "
		    "settle it with %s%% probability", VERDICT_RUNS_CAP, pw);
	case SETTLE_SAMPLES_CAPPED:
		return xasprintf("; more than %lld samples a side would be needed to "
		    "settle it with %s%% probability", VERDICT_SAMPLES_CAP, pw);
	case SETTLE_ON_LIMIT:
		return xstrdup("; the estimate sits on the limit");
	case SETTLE_SPREAD:
		return xstrdup("; the default spread between runs makes it wide: "
		    "several runs a side, or --noise FILE (syncgate calibrate), "
		    "would measure the spread");
	case SETTLE_THIN:
		return xasprintf("; a run of fewer than %zu samples has no %sbound "
		    "on %s, whatever the number of runs: longer runs would settle it",
		    stats_min_samples(q, v->confidence), cf, q > 0.9 ? "p99" : "p50");
	case SETTLE_APART:
		return xstrdup("; no number of runs apart would settle it: both "
		    "sides taken in turns in one syncgate run would, or --noise "
		    "FILE from syncgate calibrate over several sessions");
	case SETTLE_NO_SAMPLES:
		return xstrdup("; no side gave samples to add to");
	case SETTLE_BAND:
		return xstrdup("; the probes' band alone spans the limit, so more "
		    "samples would not settle it: a longer probe would");
	case SETTLE_RANGES:
		return xstrdup("; the bucket ranges alone span the limit, so more "
		    "samples would not settle it");
	case SETTLE_BAND_RANGES:
		return xstrdup("; the probes' band and the bucket ranges alone span "
		    "the limit, so more samples would not settle it");
	case SETTLE_FAILED:
		return xstrdup("; failed operations leave a side without an upper "
		    "bound (see the note), so no number of samples or runs would "
		    "settle it");
	default:
		return NULL;
	}
}

char *
words_check(const struct gate_verdict *v, const struct verdict_check *c)
{
	const struct gate_check_kind *k = gate_check_kind_find(c->statistic,
	    v->mode, c->kind, v->unit.source != UNIT_NONE);
	const struct verdict_row *r = row_of(v, c);
	const char *host = c->kind == KIND_READ && verdict_host_holds(v) ?
	    verdict_host_words(v->hosts) : "";
	char *b, *words, *tail = NULL, *out;
	enum ruling judged;

	if (k == NULL || r == NULL)
		return xstrdup(c->class_name);
	if (k->quantile == 0)
		return xasprintf("%s: not ruled in syncs: %s%s", c->class_name,
		    v->unit.why_none ? v->unit.why_none : "no unit", host);
	if (isnan(c->value.v))
		return xasprintf("%s: not ruled: no figure%s", c->class_name, host);
	judged = gate_judge(c->value, k->at_least, c->limit);
	b = body(v, c, k, r);
	words = gate_check_words(k, judged, v);
	if (c->held)
		tail = xstrdup(verdict_held_words(v));
	else if (judged == RULING_INDETERMINATE)
		tail = words_settle(v, c);
	out = xasprintf("%s, %s%s%s", b, words, tail ? tail : "", host);
	free(b);
	free(words);
	free(tail);
	return out;
}

/*
 * The write ceiling, with the group commit a side's probe measured: "2
 * syncs a commit at p50 (--commit-syncs); zu's probe measured 1.4 ...".
 */
static char *
ceiling_note(const struct gate_verdict *v)
{
	char b[32], c[32], cc[96];
	char *out, *next;
	int k;

	out = gate_ceiling_words(v->commit_syncs);
	for (k = 0; k < 2; k++) {
		const struct verdict_side *s = k ? &v->rival : &v->ours;
		char *who;

		if (s->group_writers <= 0)
			continue;
		who = gate_possessive(s, v->mode);
		cc[0] = '\0';
		if (s->concurrency > 0 && s->concurrency != s->group_writers)
			snprintf(cc, sizeof cc, " (the run's concurrency is %lld)",
			    s->concurrency);
		gate_num(b, sizeof b, s->group_syncs_p50);
		next = xasprintf("%s; %s probe measured %s %s a commit at p50 and %s "
		    "at p99 with %d concurrent %s%s", out, who, b, gate_syncs(b),
		    gate_num(c, sizeof c, s->group_syncs_p99), s->group_writers,
		    gate_plural((size_t)s->group_writers, "writer", "writers"), cc);
		free(who);
		free(out);
		out = next;
	}
	return out;
}

/*
 * The gate names each side by its label; a file without one is worded
 * with the renderers' own (verdict_ours_label), for the while the words
 * are made.
 */
void
report_words(struct gate_verdict *v)
{
	char *o = NULL, *r = NULL;
	size_t i;

	if (v->ours.label == NULL)
		v->ours.label = o = xstrdup(verdict_ours_label(v));
	if (v->rival.label == NULL)
		v->rival.label = r = xstrdup(verdict_rival_label(v));
	for (i = 0; i < v->nchecks; i++) {
		free(v->checks[i].reason);
		v->checks[i].reason = words_check(v, &v->checks[i]);
	}
	free(v->reads.reason);
	free(v->writes.reason);
	v->reads.reason = gate_half_reason(v, KIND_READ, v->reads.ruling);
	v->writes.reason = gate_half_reason(v, KIND_WRITE, v->writes.ruling);
	for (i = 0; i < v->nrows && v->rows[i].kind != KIND_WRITE; i++)
		;
	free(v->ceiling_note);
	v->ceiling_note = v->mode == MODE_RIVAL && i < v->nrows ? ceiling_note(v) :
	    NULL;
	if (o != NULL)
		v->ours.label = NULL;
	if (r != NULL)
		v->rival.label = NULL;
	free(o);
	free(r);
}
