/* SPDX-License-Identifier: MIT */
/*
 * The verdict's words from its codes and figures: a check's figures read
 * against its limit as ruled (verdict/digits.h), its ruling, what would
 * settle it.  Sentences carry "µs"; an ASCII renderer transliterates.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/base.h"
#include "verdict/digits.h"
#include "lib/alike.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "lib/units.h"
#include "report/layout.h"
#include "report/words.h"

/* A fail held: baseline, one run a side, no noise (docs/result-format.md). */
#define VERDICT_HELD_WORDS "; held indeterminate: one run a side cannot tell " \
	"a change of this size from the runner's run-to-run noise (give several " \
	"runs a side, --noise FILE from syncgate calibrate, or --single-run-ok)"

/* A loaded verdict's check held: its runs came apart and carry no shift. */
#define VERDICT_APART_WORDS "; held indeterminate: the sides' runs came " \
	"apart, and this verdict's figures carry no shift between their " \
	"sessions (gate the results again)"

/*
 * Searched from *at, the last found: checks come in their rows' order, so
 * 10,000 classes take one comparison a check, not 5,000.
 */
static const struct verdict_row *
row_of(const struct gate_verdict *v, const struct verdict_check *c, size_t *at)
{
	size_t n, i;

	for (n = 0; n < v->nrows; n++) {
		i = (*at + n) % v->nrows;
		if (v->rows[i].kind == c->kind && strcmp(v->rows[i].name,
		    c->class_name) == 0) {
			*at = i;
			return &v->rows[i];
		}
	}
	return NULL;
}

/* Room for a side's name and "'s". */
#define WHOSE 264

static const char *
whose(const struct gate_verdict *v, int side, char *buf, size_t len)
{
	char w[256];

	words_who(v, side, w, sizeof w);
	snprintf(buf, len, "%s%s", w, words_apostrophe(w));
	return buf;
}

static const char *
qword(double q)
{
	return q > 0.9 ? "p99" : "p50";
}

static double
figure(const struct verdict_row *r, int rival, int q, int syncs)
{
	if (syncs)
		return rival ? (q == 50 ? r->rival_syncs_p50 : r->rival_syncs_p99).v :
		    (q == 50 ? r->ours_syncs_p50 : r->ours_syncs_p99).v;
	return rival ? (q == 50 ? r->rival_p50 : r->rival_p99).v :
	    (q == 50 ? r->ours_p50 : r->ours_p99).v;
}

#define IVLEN 192

/* "95% interval 1.9 to 2.4", or ""; suffix after each end, read as ruled. */
static const char *
interval_words(char *buf, size_t len, const struct gate_verdict *v,
    struct verdict_value x, const char *suffix, double limit, int at_least)
{
	char c[32], a[32], b[32];

	layout_confidence(c, sizeof c, v, "", " ");
	if (isnan(x.lo))
		snprintf(buf, len, "%s", "");
	else if (x.lo == 0 && isinf(x.hi))
		snprintf(buf, len, "no %sbound either way", c);
	else if (x.lo == 0)
		snprintf(buf, len, "%sinterval up to %s%s, with no lower bound", c,
		    gate_num_vs(b, sizeof b, x.hi, limit, at_least), suffix);
	else if (isinf(x.hi))
		snprintf(buf, len, "%sinterval from %s%s, with no upper bound", c,
		    gate_num_vs(a, sizeof a, x.lo, limit, at_least), suffix);
	else {
		gate_num_pair_vs(a, b, sizeof a, x.lo, x.hi, limit, at_least);
		snprintf(buf, len, "%sinterval %s%s to %s%s", c, a, suffix, b, suffix);
	}
	return buf;
}

/*
 * "4% slower", "2.1% faster"; "no slower" under 0.005% only within limit:
 * a change over a limit that small is printed in full.
 */
static const char *
change_words(char *buf, size_t len, double ratio, const char *num, double limit)
{
	if (fabs(ratio - 1) < 5e-5 && gate_side(ratio, limit) <= 0)
		snprintf(buf, len, "no slower");
	else
		snprintf(buf, len, "%s%% %s", num, ratio > 1 ? "slower" : "faster");
	return buf;
}

/* A change's percentage, a slowdown read against limit (1 + pct / 100). */
static const char *
change_num(char *buf, size_t len, double ratio, double limit, double pct)
{
	gate_num(buf, len, fabs(ratio - 1) * 100);
	if (ratio > 1)
		gate_num_refine(buf, len, (ratio - 1) * 100, pct,
		    gate_reads_for(ratio, limit, 0));
	return buf;
}

/* " (95% interval from 2% faster to 6% slower)", or "". */
static const char *
change_interval(char *buf, size_t len, const struct gate_verdict *v,
    struct verdict_value x, double limit, double pct)
{
	char cf[32], a[32], b[32], lo[64], hi[64];

	layout_confidence(cf, sizeof cf, v, "", " ");
	buf[0] = '\0';
	if (isnan(x.lo))
		return buf;
	if (x.lo == 0 && isinf(x.hi)) {
		snprintf(buf, len, " (no %sbound either way)", cf);
		return buf;
	}
	if (x.lo == 0 || isinf(x.hi)) {
		double end = x.lo == 0 ? x.hi : x.lo;

		change_num(a, sizeof a, end, limit, pct);
		snprintf(buf, len, " (%sinterval %s %s, with no %s bound)", cf,
		    x.lo == 0 ? "up to" : "from", change_words(lo, sizeof lo, end, a,
		    limit), x.lo == 0 ? "lower" : "upper");
		return buf;
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
	snprintf(buf, len, " (%sinterval from %s to %s)", cf, change_words(lo,
	    sizeof lo, x.lo, a, limit), change_words(hi, sizeof hi, x.hi, b, limit));
	return buf;
}

static enum gate_reads
change_reads(double ratio, double limit)
{
	if (fabs(ratio - 1) < 5e-5 && gate_side(ratio, limit) <= 0)
		return READS_LE;        /* "no slower" */
	return gate_side(ratio, 1) > 0 ? READS_GT : gate_side(ratio, 1) < 0 ?
	    READS_LT : READS_EQ;
}

static char *
speedup_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r, int q)
{
	char x[32], a[32], b[32], wo[256], wr[256], iv[IVLEN];

	interval_words(iv, sizeof iv, v, c->value, "x", v->read_speedup, 1);
	return xasprintf("%s: speedup %sx at %s (%s for %s against %s for %s%s%s)",
	    r->name, gate_num_vs(x, sizeof x, c->value.v, v->read_speedup, 1),
	    qword(q / 100.0), units_fmt_duration(a, sizeof a, figure(r, 1, q, 0),
	    0), words_who(v, 1, wr, sizeof wr), units_fmt_duration(b, sizeof b,
	    figure(r, 0, q, 0), 0), words_who(v, 0, wo, sizeof wo), iv[0] ? "; " :
	    "", iv);
}

static char *
ceiling_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r)
{
	char s[32], iv[IVLEN];

	interval_words(iv, sizeof iv, v, c->value, "", v->commit_syncs, 0);
	gate_num_vs(s, sizeof s, c->value.v, v->commit_syncs, 0);
	return xasprintf("%s: %s %s at p50%s%s%s", r->name, s, words_syncs(s),
	    iv[0] ? " (" : "", iv, iv[0] ? ")" : "");
}

static char *
vs_rival_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r, int q)
{
	char os[32], rs[32], x[32], rp[WHOSE], iv[IVLEN], *ratio;

	interval_words(iv, sizeof iv, v, c->value, "x", 1, 1);
	ratio = iv[0] ? xasprintf(" (ratio %sx; %s)", gate_num_vs(x, sizeof x,
	    c->value.v, 1, 1), iv) : xstrdup("");
	/* passing is ours no more syncs than theirs: the two read so */
	gate_print_two(os, rs, sizeof os, figure(r, 0, q, 1), figure(r, 1, q, 1),
	    gate_side(c->value.v, 1) >= 0 ? READS_LE : READS_GT, &gate_style_num, 0);
	return words_spent(xasprintf("%s: %s %s at %s against %s %s%s", r->name,
	    os, words_syncs(os), qword(q / 100.0), whose(v, 1, rp, sizeof rp), rs,
	    ratio), ratio);
}

static char *
regression_body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct verdict_row *r, int q, int syncs)
{
	double limit = 1 + v->max_regression, pct = v->max_regression * 100;
	char a[32], b[32], n[32], ch[64], iv[IVLEN];

	change_num(n, sizeof n, c->value.v, limit, pct);
	gate_print_two(a, b, sizeof a, figure(r, 0, q, syncs), figure(r, 1, q, syncs),
	    change_reads(c->value.v, limit), syncs ? &gate_style_num :
	    &gate_style_dur, 0);
	return xasprintf("%s: %s%s%s at %s against the baseline's %s, %s%s", r->name,
	    a, syncs ? " " : "", syncs ? words_syncs(a) : "", qword(q / 100.0), b,
	    change_words(ch, sizeof ch, c->value.v, n, limit),
	    change_interval(iv, sizeof iv, v, c->value, limit, pct));
}

static char *
body(const struct gate_verdict *v, const struct verdict_check *c,
    const struct gate_check_kind *k, const struct verdict_row *r)
{
	char w[256];

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
		return xasprintf("%s: %.1f flushes a commit (%s %.1f)", r->name,
		    c->value.v, words_who(v, 1, w, sizeof w),
		    round(r->rival_flushes * 10) / 10);
	default:
		return regression_body(v, c, r, k->quantile, r->kind == KIND_WRITE);
	}
}

static char *
settle_counts(const struct verdict_check *c)
{
	char a[96], pw[32];
	int range;

	gate_limit_num(pw, sizeof pw, VERDICT_POWER * 100);
	if (c->runs_needed >= 0)
		return xasprintf("; %s runs a side would settle it with %s%% "
		    "probability, over what these runs leave uncertain of the figure "
		    "and its spread", words_about(a, sizeof a, 0, c->runs_needed,
		    c->runs_needed_hi, VERDICT_RUNS_CAP), pw);
	if (c->samples_needed < 0)
		return NULL;
	/* a range within the cap: a verdict of the plug-in rule before */
	range = c->samples_needed_hi > c->samples_needed &&
	    c->samples_needed_hi <= VERDICT_SAMPLES_CAP;
	return xasprintf("; %s %s a side would settle it %s %s%% %s",
	    words_about(a, sizeof a, 0, c->samples_needed, c->samples_needed_hi,
	    VERDICT_SAMPLES_CAP), c->samples_needed_hi == 1 ? "sample" :
	    "samples", range ? "at" : "with", pw, range ? "power" :
	    "probability, over what this run leaves uncertain of the figure");
}

/* What would settle a check, where the words take no figure. */
static const char *const settle_words[VERDICT_NSETTLES] = {
	[SETTLE_ON_LIMIT] = "; the estimate sits on the limit",
	[SETTLE_SPREAD] = "; the default spread between runs makes it wide: several "
	    "runs a side, or --noise FILE (syncgate calibrate), would measure the spread",
	[SETTLE_APART] = "; no number of runs apart would settle it: both sides taken "
	    "in turns in one syncgate run would, or --noise FILE from syncgate "
	    "calibrate over several sessions",
	[SETTLE_NO_SAMPLES] = "; no side gave samples to add to",
	[SETTLE_BAND] = "; the probes' band alone spans the limit, so more samples "
	    "would not settle it: a longer probe would",
	[SETTLE_RANGES] = "; the bucket ranges alone span the limit, so more samples "
	    "would not settle it",
	[SETTLE_BAND_RANGES] = "; the probes' band and the bucket ranges alone span "
	    "the limit, so more samples would not settle it",
	[SETTLE_FAILED] = "; failed operations leave a side without an upper bound "
	    "(see the note), so no number of samples or runs would settle it",
};

char *
words_settle(const struct gate_verdict *v, const struct verdict_check *c)
{
	double q = strncmp(c->statistic ? c->statistic : "", "p99", 3) == 0 ?
	    0.99 : 0.5;
	char pw[32], cf[32];

	gate_limit_num(pw, sizeof pw, VERDICT_POWER * 100);
	layout_confidence(cf, sizeof cf, v, "", " ");
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
	case SETTLE_THIN:
		return xasprintf("; a run of fewer than %zu samples has no %sbound "
		    "on %s, whatever the number of runs: longer runs would settle it",
		    stats_min_samples(q, v->confidence), cf, q > 0.9 ? "p99" : "p50");
	default:
		return (size_t)c->settle < VERDICT_NSETTLES && settle_words[c->settle] ?
		    xstrdup(settle_words[c->settle]) : NULL;
	}
}

static char *
why_legend(const struct gate_verdict *v, enum words_why w,
    const struct verdict_check *c)
{
	char pw[32], *t;

	gate_limit_num(pw, sizeof pw, VERDICT_POWER * 100);
	switch (w) {
	case WHY_NO_UNIT:
		return xasprintf("not ruled in syncs: %s", v->unit.why_none ?
		    v->unit.why_none : "no unit");
	case WHY_NO_FIGURE:
		return xstrdup("not ruled: a side gives no figure");
	case WHY_HOSTS:
		return xstrdup(words_host_hold(v->hosts) + 2);
	case WHY_HELD:
		return xstrdup(&VERDICT_HELD_WORDS[2]);
	case WHY_HELD_APART:
		return xstrdup(&VERDICT_APART_WORDS[2]);
	case WHY_RUNS:
		return xasprintf("about N runs a side would settle it with %s%% "
		    "probability, over what these runs leave uncertain of the "
		    "figure and its spread (N+: past %lld)", pw,
		    (long long)VERDICT_RUNS_CAP);
	case WHY_SAMPLES:
		return xasprintf("about N samples a side would settle it with %s%% "
		    "probability, over what this run leaves uncertain of the figure "
		    "(N+: past %lld)", pw, (long long)VERDICT_SAMPLES_CAP);
	case WHY_CLOSE:
		return xstrdup("the interval spans the limit, and no count of runs "
		    "or samples was worked out");
	default:
		t = words_settle(v, c);
		return words_spent(xstrdup(t != NULL && strlen(t) > 2 ? t + 2 : ""), t);
	}
}

void
words_why_each(const struct gate_verdict *v,
    void (*fn)(void *ctx, const char *name, const char *text), void *ctx)
{
	size_t i;
	int w;

	for (w = 1; w < WORDS_NWHY; w++)
		for (i = 0; i < v->nchecks; i++) {
			char *t;

			if (words_why_key(v, &v->checks[i]) != (enum words_why)w)
				continue;
			t = why_legend(v, (enum words_why)w, &v->checks[i]);
			fn(ctx, words_why_name((enum words_why)w), t);
			free(t);
			break;
		}
}

/* Check c's figures, its ruling, and for an open one what would settle it. */
static char *
check_words(const struct gate_verdict *v, const struct verdict_check *c,
    size_t *at)
{
	const struct gate_check_kind *k = gate_check_kind_find(c->statistic,
	    v->mode, c->kind, v->unit.source != UNIT_NONE);
	const struct verdict_row *r = row_of(v, c, at);
	const char *host = c->kind == KIND_READ && verdict_host_holds(v) ?
	    words_host_hold(v->hosts) : "";
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
	words = words_ruling(k, judged, v);
	if (c->held)
		tail = xstrdup(v->apart != APART_NONE && v->scope == SCOPE_RUNS ?
		    VERDICT_APART_WORDS : VERDICT_HELD_WORDS);
	else if (judged == RULING_INDETERMINATE)
		tail = words_settle(v, c);
	out = xasprintf("%s, %s%s%s", b, words, tail ? tail : "", host);
	free(b);
	free(words);
	free(tail);
	return out;
}

static char *
ceiling_note(const struct gate_verdict *v)
{
	char b[32], c[32], cc[96], *out = words_ceiling(v->commit_syncs);
	int k;

	for (k = 0; k < 2; k++) {
		const struct verdict_side *s = k ? &v->rival : &v->ours;
		char ws[WHOSE];

		if (s->group_writers <= 0)
			continue;
		cc[0] = '\0';
		if (s->concurrency > 0 && s->concurrency != s->group_writers)
			snprintf(cc, sizeof cc, " (the run's concurrency is %lld)",
			    s->concurrency);
		gate_num(b, sizeof b, s->group_syncs_p50);
		out = words_spent(xasprintf("%s; %s probe measured %s %s a commit at "
		    "p50 and %s at p99 with %d concurrent %s%s", out, whose(v, k, ws,
		    sizeof ws), b, words_syncs(b), gate_num(c, sizeof c,
		    s->group_syncs_p99), s->group_writers,
		    words_plural((size_t)s->group_writers, "writer", "writers"), cc),
		    out);
	}
	return out;
}

static char *
unusable_words(const struct gate_verdict *v, int rival)
{
	const struct verdict_unit_basis *b = rival ? &v->unit.rival_basis :
	    &v->unit.ours_basis;
	char who[WHOSE], d[32], *out;
	struct xlist ev = { NULL, 0, 0 };
	size_t i;

	if (b->unusable == UNUSABLE_NONE)
		return NULL;
	whose(v, rival, who, sizeof who);
	if (b->unusable == UNUSABLE_UNPROBED) {
		out = xasprintf("%s volume is unprobed (its result carries no probe "
		    "and no %s was given)", who, rival ? "--rival-probe" : "--probe");
	} else {
		for (i = 0; i < b->nevidence; i++) {
			xlist_add(&ev, "; ", "\"");
			xlist_add(&ev, "", b->evidence[i]);
			xlist_add(&ev, "", "\"");
		}
		out = xasprintf("%s probe %s (a sync of %s)%s%s", who,
		    b->unusable == UNUSABLE_NO_REACH ? "says a sync does not reach a "
		    "device" : "cannot tell whether a sync reaches a device",
		    units_fmt_duration(d, sizeof d, b->sync_ns, 0), ev.s ? ": " : "",
		    ev.s ? ev.s : "");
	}
	free(ev.s);
	if (b->run <= 0)
		return out;
	return words_spent(xasprintf("%s (run %lld of %lld, %s)", out, b->run,
	    b->nruns, b->run_file ? b->run_file : "unnamed"), out);
}

static char *
window_words(const struct verdict_unit_basis *b)
{
	char e[32];

	units_fmt_duration(e, sizeof e, b->every_ns, 0);
	switch (b->window) {
	case WINDOW_THIN:
		return xasprintf("from its probe before the run (its %lld %s through "
		    "it held %lld %s, too few to bound a median)", b->rounds,
		    words_plural((size_t)b->rounds, "round", "rounds"), b->per_round,
		    words_plural((size_t)b->per_round, "sample", "samples"));
	case WINDOW_BRACKETS:
		return xasprintf("from %lld rounds of %lld samples, one just before its "
		    "run and one just after, %.1f%% of its time", b->rounds,
		    b->per_round, 100 * b->cost);
	case WINDOW_PAUSED:
		return xasprintf("from %lld rounds of %lld samples, one just before its "
		    "run, one every %s with the command paused, and one just after, "
		    "%.1f%% of its time", b->rounds, b->per_round, e, 100 * b->cost);
	case WINDOW_THROUGH:
		return xasprintf("from %lld %s of %lld samples through its run, one "
		    "every %s, %.1f%% of its time", b->rounds,
		    words_plural((size_t)b->rounds, "round", "rounds"), b->per_round, e,
		    100 * b->cost);
	default:
		return xstrdup("from its probe before the run (no rounds through it)");
	}
}

static const char *
write_size(char *buf, size_t len, long long bytes)
{
	if (bytes <= 0)
		snprintf(buf, len, "unknown");
	else
		units_fmt_bytes(buf, len, (double)bytes);
	return buf;
}

static char *
unit_one_words(const struct gate_verdict *v)
{
	const struct verdict_unit *u = &v->unit;
	const struct verdict_unit_basis *bo = &u->ours_basis, *br = &u->rival_basis;
	char a[32], b[32], wa[64], wb[64], ws[WHOSE], *two;

	units_fmt_duration(a, sizeof a, u->ours_ns, 0);
	if (u->source == UNIT_SHARED) {
		if (u->pick == PICK_ONE_PROBE)
			return xasprintf("one sync = %s, from one probe of one volume, "
			    "the same on both sides", a);
		if (u->pick == PICK_EQUAL)
			return xasprintf("one sync = %s, the median of both probes of "
			    "one volume, both sides", a);
		return xasprintf("one sync = %s, the cheaper of two probes of one "
		    "volume (%s), both sides", a, whose(v, u->pick == PICK_RIVAL, ws,
		    sizeof ws));
	}
	if (u->two == TWO_HOSTS || u->two == TWO_VOLUMES)
		two = xstrdup(u->two == TWO_HOSTS ? "two hosts" : "two volumes");
	else if (u->two == TWO_METHODS)
		two = xasprintf("two methods (%s and %s)", bo->method ? bo->method :
		    "unknown", br->method ? br->method : "unknown");
	else
		two = xasprintf("two write sizes (%s and %s)", write_size(wa,
		    sizeof wa, bo->write_bytes), write_size(wb, sizeof wb,
		    br->write_bytes));
	return words_spent(xasprintf("%s, so two units: one sync = %s for %s and "
	    "%s for %s, each from its own probe", two, a,
	    words_who(v, 0, wa, sizeof wa),
	    units_fmt_duration(b, sizeof b, u->rival_ns, 0),
	    words_who(v, 1, wb, sizeof wb)), two);
}

static char *
unit_runs_words(const struct gate_verdict *v)
{
	const struct verdict_unit *u = &v->unit;
	const struct verdict_unit_basis *bo = &u->ours_basis, *br = &u->rival_basis;
	char a[32], b[32], al[32], ah[32], bl[32], bh[32], wa[64], wb[64];
	char *d;

	d = xasprintf("each run's writes in the unit of its own probe: one sync "
	    "= %s for %s (the geometric mean of %lld %s, %s to %s) and %s for %s "
	    "(of %lld, %s to %s)", units_fmt_duration(a, sizeof a, u->ours_ns, 0),
	    words_who(v, 0, wa, sizeof wa), bo->nruns,
	    words_plural((size_t)bo->nruns, "probe", "probes"),
	    units_fmt_duration(al, sizeof al, u->ours_lo_ns, 0),
	    units_fmt_duration(ah, sizeof ah, u->ours_hi_ns, 0),
	    units_fmt_duration(b, sizeof b, u->rival_ns, 0),
	    words_who(v, 1, wb, sizeof wb), br->nruns,
	    units_fmt_duration(bl, sizeof bl, u->rival_lo_ns, 0),
	    units_fmt_duration(bh, sizeof bh, u->rival_hi_ns, 0));
	if (bo->runs_rounds == 0 && br->runs_rounds == 0)
		return words_spent(xasprintf("%s; probed before the runs, without "
		    "rounds through them", d), d);
	return words_spent(xasprintf("%s; each run's unit from its rounds through "
	    "the run where it has them: %lld of %lld %s for %s, %lld of %lld for "
	    "%s%s", d, bo->runs_rounds, bo->nruns, words_plural((size_t)bo->nruns,
	    "run", "runs"), wa, br->runs_rounds, br->nruns, wb,
	    bo->runs_rounds < bo->nruns || br->runs_rounds < br->nruns ?
	    " (the rest from their probes before the run)" : ""), d);
}

/* The unit's description or why none; one saved before bases keeps its words. */
static void
unit_words(struct gate_verdict *v)
{
	struct verdict_unit *u = &v->unit;
	char ho[WHOSE], hr[WHOSE], *d, *wo, *wr;

	if (!u->has_basis)
		return;
	free(u->description);
	free(u->why_none);
	u->description = u->why_none = NULL;
	if (u->source == UNIT_NONE) {
		wo = unusable_words(v, 0);
		wr = unusable_words(v, 1);
		u->why_none = wo && wr ? xasprintf("%s; %s", wo, wr) :
		    xstrdup(wo ? wo : wr ? wr : "no unit");
		free(wo);
		free(wr);
		return;
	}
	if (u->source == UNIT_PER_RUN) {
		u->description = unit_runs_words(v);
		return;
	}
	d = unit_one_words(v);
	if (u->ours_basis.window == WINDOW_BEFORE &&
	    u->rival_basis.window == WINDOW_BEFORE) {
		u->description = xasprintf("%s; probed before the runs, without "
		    "rounds through them", d);
	} else {
		wo = window_words(&u->ours_basis);
		wr = window_words(&u->rival_basis);
		u->description = xasprintf("%s; %s %s; %s %s", d, whose(v, 0, ho,
		    sizeof ho), wo, whose(v, 1, hr, sizeof hr), wr);
		free(wo);
		free(wr);
	}
	free(d);
}

static char *
noise_words(const struct verdict_note *nt)
{
	return xasprintf("the runner's noise from --noise %s (%lld runs of %s)",
	    nt->a, nt->n[1], nt->b);
}

static char *
runs_words(const struct gate_verdict *v)
{
	char a[256], b[256];

	if (v->mode == MODE_BASELINE)
		return xasprintf("%zu new %s, %zu baseline %s", v->ours.runs,
		    words_plural(v->ours.runs, "run", "runs"), v->rival.runs,
		    words_plural(v->rival.runs, "run", "runs"));
	words_who(v, 0, a, sizeof a);
	words_who(v, 1, b, sizeof b);
	return xasprintf("%zu %s of %s, %zu of %s", v->ours.runs,
	    words_plural(v->ours.runs, "run", "runs"), a, v->rival.runs, b);
}

/* p50, its high end (NaN: none) and the line, with decimals showing both under. */
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

static char *
sub_sync_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char w[256], a[32], b[32], n[32], h[32], cf[32], up[96] = "";

	under_line(a, h, b, sizeof a, nt->x[0], nt->x[1], nt->x[2]);
	if (!isnan(nt->x[1]))
		snprintf(up, sizeof up, ", at most %s at %s%%", h,
		    gate_limit_num(cf, sizeof cf, v->confidence * 100));
	words_who(v, nt->side, w, sizeof w);
	/* under the line, so under one sync: never "1 sync" */
	gate_num_against(n, sizeof n, nt->x[0] / nt->x[3], 1, READS_LT);
	return xasprintf("%s: %s commits at p50 in %s %s (%s%s, under %s %s): "
	    "%s is not flushing each commit, or batches several commits into "
	    "one flush", nt->cls, w, n, words_syncs(n), a, up, nt->n[0] ?
	    "the probe band's low of" : "one sync of", b, w);
}

static char *
thin_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char cf[32], ws[WHOSE];

	gate_limit_num(cf, sizeof cf, nt->x[0] * 100);
	if (nt->side < 0)
		return xasprintf("the probes have %lld and %lld samples, too few to "
		    "bound their median on both sides for the checks at %s%% (%lld "
		    "would do); an end the unit cannot bound is left open", nt->n[0],
		    nt->n[1], cf, nt->n[2]);
	return xasprintf("%s probe has %lld %s, too few %s at %s%% (%lld would "
	    "do); %s", whose(v, nt->side, ws, sizeof ws), nt->n[0], nt->n[0] == 1 ?
	    "sample" : "samples", nt->n[3] ? "for an interval on its median" :
	    "to bound its median on both sides for the checks", cf, nt->n[2],
	    nt->n[3] ? "the band is the other probe's" :
	    "an end its unit cannot bound is left open");
}

static char *
drops_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char cf[32], enough[64], ws[WHOSE];
	size_t n = (size_t)nt->n[0];

	if (nt->n[2])
		snprintf(enough, sizeof enough, "they come in stretches "
		    "of like latencies, as noted below");
	else
		snprintf(enough, sizeof enough, "%zu would do",
		    stats_min_samples(nt->x[0], nt->x[1]));
	return xasprintf("%s: %s %zu %s too few to bound %s on both sides for "
	    "the checks at %s%% (%s); an end it cannot bound is left "
	    "open, so a check on it can be indeterminate or fail, never pass",
	    nt->cls, whose(v, nt->side, ws, sizeof ws), n, nt->n[1] ?
	    words_plural(n, "operation counted is", "operations counted are") :
	    words_plural(n, "sample is", "samples are"),
	    qword(nt->x[0]), gate_limit_num(cf, sizeof cf, v->confidence * 100),
	    enough);
}

static char *
dependent_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char ws[WHOSE];

	return xasprintf("%s: %s samples come in stretches of like latencies "
	    "about its %s (the share below it varies %.1fx as much between "
	    "%lld batches in file order as independent samples would), so its "
	    "%s interval is as wide as %.0f independent samples give",
	    nt->cls, whose(v, nt->side, ws, sizeof ws), qword(nt->x[0]), nt->x[1],
	    nt->n[0], qword(nt->x[0]), (double)nt->n[1] / nt->x[1]);
}

static char *
outlier_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char w[256];

	if (v->mode == MODE_BASELINE)
		snprintf(w, sizeof w, "%s", nt->side ? "baseline" : "new");
	else
		words_who(v, nt->side, w, sizeof w);
	return xasprintf("%s run %lld (%s) is %.2fx its %lld other runs at p50 in "
	    "%s, outside their 99%% prediction interval: rerun it, or find what "
	    "differed in it; its spread keeps the checks wide", w, nt->n[0], nt->a,
	    nt->x[0], nt->n[1], nt->cls);
}

static char *
listed(const char *lines, const char *sep)
{
	size_t n = 1;
	const char *p;
	char *out, *o;

	for (p = lines; *p != '\0'; p++)
		n += *p == '\n' ? strlen(sep) : 1;
	out = o = xcalloc(n, 1);
	for (p = lines; *p != '\0'; p++)
		if (*p == '\n')
			o = stpcpy(o, sep);
		else
			*o++ = *p;
	return out;
}

static char *
host_words(const struct result_host *h)
{
	struct xlist l = { NULL, 0, 0 };
	char buf[320];

	if (h->cpu_model != NULL)
		xlist_add(&l, ", ", h->cpu_model);
	if (h->cores >= 0) {
		snprintf(buf, sizeof buf, "%lld %s", h->cores, h->cores == 1 ? "core" :
		    "cores");
		xlist_add(&l, ", ", buf);
	}
	if (h->memory_bytes >= 0) {
		snprintf(buf, sizeof buf, "%.1f GiB of memory",
		    (double)h->memory_bytes / (1024.0 * 1024 * 1024));
		xlist_add(&l, ", ", buf);
	}
	if (h->kernel != NULL) {
		snprintf(buf, sizeof buf, "kernel %.300s", h->kernel);
		xlist_add(&l, ", ", buf);
	}
	return words_spent(xasprintf("%s%s%s%s%s", h->machine_id ? "the host " :
	    "a host with no machine id", h->machine_id ? h->machine_id : "",
	    l.s ? " (" : "", l.s ? l.s : "", l.s ? ")" : ""), l.s);
}

static char *
side_host_words(const struct gate_verdict *v, int side)
{
	const struct verdict_side *s = side ? &v->rival : &v->ours;
	char w[256], *h;

	words_who(v, side, w, sizeof w);
	if (s->host == NULL)
		return xasprintf("%s on %s", w, s->host_many ? "more than one host" :
		    "a host it does not record");
	h = host_words(s->host);
	return words_spent(xasprintf("%s on %s", w, h), h);
}

static const char *
differ_words(char *buf, size_t len, unsigned d)
{
	static const char *const names[GATE_HOST_FIELDS] = { "machine id",
	    "CPU model", "cores", "memory", "kernel" };
	const char *set[GATE_HOST_FIELDS];
	size_t n = 0;
	int f;

	for (f = 0; f < GATE_HOST_FIELDS; f++)
		if ((d >> f) & 1)
			set[n++] = names[f];
	return err_list(buf, len, set, n, " and ");
}

static char *
hosts_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char d[96], *a, *b, *w, *out;

	if (nt->code == NOTE_HOSTS_UNKNOWN) {
		if (nt->a == NULL)
			w = xstrdup("a run's host is not known in full");
		else if (nt->n[0] == 0)
			w = xasprintf("%s records no host", nt->a);
		else if (nt->n[0] == 1)
			w = xasprintf("%s's host has no machine id", nt->a);
		else if (nt->n[0] == 2)
			w = xasprintf("%s's host id comes from %s, which does not name a "
			    "machine", nt->a, nt->b ? nt->b : "an unknown source");
		else
			w = xasprintf("%s's host leaves a field unknown (null)", nt->a);
		return words_spent(xasprintf("reads may have been compared across "
		    "two hosts: %s; a read's latency has no unit that divides the "
		    "machine out (--same-host makes read checks indeterminate)", w), w);
	}
	differ_words(d, sizeof d, (unsigned)nt->n[0]);
	a = side_host_words(v, 0);
	b = side_host_words(v, 1);
	out = xasprintf("reads were compared across %s hosts, which differ in "
	    "%s: %s, %s; a read's latency has no unit that divides the machine "
	    "out, so a difference may be the machines' rather than the engines' "
	    "(--same-host makes read checks indeterminate)", v->ours.host &&
	    v->rival.host ? "two" : "several", d, a, b);
	free(a);
	free(b);
	return out;
}

static size_t
first_difference(const char *a, const char *b)
{
	size_t i = 0;

	while (a[i] != '\0' && a[i] == b[i])
		i++;
	return i;
}

static const char *
ran_by(const struct gate_verdict *v, const char *name)
{
	size_t i;

	for (i = 0; i < v->nunmatched; i++)
		if (strcmp(v->unmatched[i].name, name) == 0)
			return v->unmatched[i].ours ? verdict_ours_label(v) :
			    verdict_rival_label(v);
	return "both";
}

static char *
alike_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	struct xlist l = { NULL, 0, 0 };
	char *names = xstrdup(nt->a), **name, *at, *out, bytes[256];
	size_t shown = 1, i, n = (size_t)nt->n[0];

	for (at = names; (at = strchr(at, '\n')) != NULL; at++)
		shown++;
	name = xcalloc(shown, sizeof *name);
	for (i = 0, at = names; i < shown; i++)
		name[i] = strsep(&at, "\n");
	for (i = 0; i < shown; i++) {
		char *item = xasprintf("\"%s\" (%s, %s)", name[i], ran_by(v, name[i]),
		    alike_bytes(bytes, sizeof bytes, name[i], first_difference(name[i],
		    name[i == 0 && shown > 1 ? 1 : 0])));

		xlist_add(&l, i + 1 == n ? " and " : ", ", item);
		free(item);
	}
	if (shown < n) {
		char more[64];

		snprintf(more, sizeof more, " and %zu more", n - shown);
		xlist_add(&l, "", more);
	}
	out = xasprintf("%s print alike but are different class names; classes "
	    "are matched by their bytes", l.s ? l.s : "");
	free(l.s);
	free(name);
	free(names);
	return out;
}

static char *
engines_words(const struct gate_verdict *v)
{
	const char *a = v->ours.engine, *b = v->rival.engine;
	size_t at = first_difference(a, b);
	char ba[256], bb[256];

	return xasprintf("the engine names \"%s\" (%s, %s) and \"%s\" (%s, %s) "
	    "print alike but are different names", a, v->mode == MODE_BASELINE ?
	    "new" : "ours", alike_bytes(ba, sizeof ba, a, at), b,
	    v->mode == MODE_BASELINE ? "baseline" : "the rival's",
	    alike_bytes(bb, sizeof bb, b, at));
}

static char *
seq_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	long long n = nt->n[0], look = nt->n[1], looks = nt->n[2];
	long long failed = nt->n[3], open = nt->n[4];
	char how[256];

	/* a verdict before the spending was named spent by Pocock's */
	snprintf(how, sizeof how, "this look at %.4g%%, one-sided error %.3g%% "
	    "spent of %.3g%% by %s%s", 100 * nt->x[0], 100 * nt->x[1],
	    100 * nt->x[2], nt->a != NULL && strcmp(nt->a, VERDICT_SPENDING_HSD4) == 0 ?
	    "Hwang-Shih-DeCani spending, gamma -4" : nt->a == NULL ?
	    "Lan-DeMets Pocock-type spending" : nt->a, nt->n[5] ? "" : ", each "
	    "look at its share alone, which errs less: too many looks to "
	    "simulate");
	if (v->nchecks == 0)
		return xasprintf("runs until decided: stopped after %lld runs a side "
		    "at look %lld of %lld: nothing to rule, the sides share no class "
		    "(--match pairs two names of one kind of work), so more runs "
		    "would decide nothing", n, look, looks);
	if (open == 0)
		return xasprintf("runs until decided: stopped after %lld runs a side: "
		    "every check decided at look %lld of %lld (%s)", n, look, looks,
		    how);
	if (failed > 0 && look < looks)
		return xasprintf("runs until decided: stopped after %lld runs a side: "
		    "the verdict decided at look %lld of %lld, %lld check%s failing "
		    "(a fail of any check fails the verdict; %lld left undecided) "
		    "(%s)", n, look, looks, failed, failed == 1 ? "" : "s", open, how);
	return xasprintf("runs until decided: stopped at the most, %lld runs a "
	    "side, with %lld check%s undecided after %lld look%s (%s)", n, open,
	    open == 1 ? "" : "s", looks, looks == 1 ? "" : "s", how);
}

static char *
scope_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char w[256], ws[WHOSE], *nw, *runs;
	int one;

	switch (nt->code) {
	case NOTE_DEFAULT_SPREAD:
		return xasprintf("one run a side, without --noise: each figure is "
		    "taken to vary from run to run by a default spread, a standard "
		    "deviation of its log of %g at p50 and %g at p99 (syncs alike; "
		    "about %.0f%% and %.0f%%), on top of the run's own sampling, so "
		    "no check passes or fails on one run's sampling alone; --noise "
		    "FILE (syncgate calibrate) puts this runner's measured spread in "
		    "its place, several runs a side measure it, and --single-run-ok "
		    "rules on the sampling alone", nt->x[0], nt->x[1],
		    100 * (exp(nt->x[0]) - 1), 100 * (exp(nt->x[1]) - 1));
	case NOTE_NOISE_ONE_RUN:
		return xasprintf("one run a side, with this runner's run-to-run noise "
		    "from --noise %s (%lld runs of %s): each interval carries the "
		    "spread between runs as well as within the run (a random-effects "
		    "interval on the log scale, Student's t)", nt->a, nt->n[1], nt->b);
	case NOTE_NOISE_OTHER:
		return xasprintf("the noise was measured on %s: the other engine's "
		    "spread between runs is taken to be the same", nt->b);
	case NOTE_RUNS:
		runs = runs_words(v);
		return words_spent(xasprintf("whole runs are the evidence (%s): each "
		    "figure is the geometric mean of its runs' figures, and each "
		    "interval carries the spread between runs as well as within them "
		    "(a random-effects interval on the log scale, Student's t)", runs),
		    runs);
	case NOTE_PAIRED:
		/* a verdict before the means were pooled in noted no df */
		one = nt->n[1] > (long long)v->ours.runs - 1;
		return xasprintf("paired: %zu runs a side, taken in turns (each pair's "
		    "two runs one after the other, each side first in half the "
		    "pairs): each figure of one side against the other is the mean of "
		    "the pairs' differences on the log scale, run i against run i in "
		    "time order, so a drift both sides share drops out%s (Student's "
		    "t, %lld degrees of freedom); the rule, fixed before the figures "
		    "are seen: equal runs, at least %lld, so taken", v->ours.runs,
		    one ? "; one engine, its spread pools the differences' with the "
		    "pairs' means' about a line in each block of 4 pairs" : "",
		    one ? nt->n[1] : (long long)v->ours.runs - 1, nt->n[0]);
	case NOTE_POOLED:
		nw = nt->a != NULL ? noise_words(nt) : NULL;
		return words_spent(xasprintf("one engine on both sides: its spread "
		    "between runs is pooled over the runs of both%s%s, its degrees of "
		    "freedom counted once", nw ? " and " : "", nw ? nw : ""), nw);
	case NOTE_SPREAD_POOLS:
		nw = noise_words(nt);
		return words_spent(xasprintf("%s spread between runs pools its %lld "
		    "runs with %s", whose(v, nt->side, ws, sizeof ws), nt->n[0], nw),
		    nw);
	case NOTE_SPREAD_NOISE:
		nw = noise_words(nt);
		return words_spent(xasprintf("%s gave one run: its spread between "
		    "runs is %s", words_who(v, nt->side, w, sizeof w), nw), nw);
	case NOTE_SPREAD_BORROWS:
		return xasprintf("%s gave one run: its spread between runs is taken "
		    "to be %s, its degrees of freedom counted once",
		    words_who(v, nt->side, w, sizeof w), nt->n[0] ?
		    "the other side's, measured over its runs" :
		    "the other side's, from the runner's noise");
	case NOTE_ONE_RUN:
		return xstrdup("one run a side: each interval covers that run's "
		    "sampling only, not the variation from one run to the next, so a "
		    "verdict near a limit may not repeat (where runs spread 5% to "
		    "25%, a check on its limit fails 28% to 47% of the time, not "
		    "2.5%); several runs a side (syncgate-bench --runs) or --noise "
		    "FILE (syncgate calibrate) carry that variation");
	case NOTE_HELD_ONE_RUN:
		return xstrdup("baseline mode over one run a side: a check that would "
		    "fail is held indeterminate, since one run cannot tell a change "
		    "from the runner's noise (--single-run-ok lets it fail)");
	default:
		return xstrdup("--single-run-ok: a check over one run a side fails "
		    "as its interval says, though run-to-run noise is not in it");
	}
}

static char *
apart_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	if (nt->a != NULL)
		return xasprintf("the sides' runs came apart: %s; %s measured the "
		    "shift between sessions over %lld of them, and each side's "
		    "figures carry it", words_apart(v->apart), nt->a, nt->n[0]);
	return xasprintf("the sides' runs came apart: %s; a shift between "
	    "sessions is in neither side's spread, so each side's figures "
	    "carry one of a stated default spread, a standard deviation of "
	    "its log of %g at p50 and %g at p99 (syncs alike; about %.0f%% "
	    "and %.0f%%), on top of the spread between runs: a change far "
	    "past a limit is ruled, one near it stays open; both sides in "
	    "one syncgate run (taken in turns), or --noise FILE from "
	    "syncgate calibrate over runs of several sessions, narrow it",
	    words_apart(v->apart), nt->x[0], nt->x[1],
	    100 * (exp(nt->x[0]) - 1), 100 * (exp(nt->x[1]) - 1));
}

static char *
ran_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	const struct verdict_side *o = &v->ours, *r = &v->rival;
	char a[256], b[256];

	words_who(v, 0, a, sizeof a);
	words_who(v, 1, b, sizeof b);
	switch (nt->code) {
	case NOTE_WORKLOADS:
		return xasprintf("%s ran %s and %s ran %s: the classes compared may "
		    "not be the same work", a, o->workload, b, r->workload);
	case NOTE_CONCURRENCY:
		return xasprintf("%s ran at a concurrency of %lld and %s at %lld: "
		    "their latencies are not like for like", a, o->concurrency, b,
		    r->concurrency);
	case NOTE_TURN_TIMED:
		return xasprintf("%s timed each write from the writer's turn, leaving "
		    "out the wait for it (turn_wait_ns), and %s did not: where "
		    "writers waited for one another, only %s's write latencies hold "
		    "the wait", nt->side ? b : a, nt->side ? a : b, nt->side ? a : b);
	default:
		return xasprintf("--%sprobe %s replaces the probe embedded in %s",
		    nt->side ? "rival-" : "", (nt->side ? r : o)->probe_file,
		    (nt->side ? r : o)->file);
	}
}

static char *
class_words(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char w[256], ws[WHOSE], *list;

	switch (nt->code) {
	case NOTE_EXACT:
		list = listed(nt->a, ", ");
		return words_spent(xasprintf("no interval was possible for the "
		    "latencies of %s: neither side gave samples, so they are taken as "
		    "exact", list), list);
	case NOTE_NO_SAMPLES:
		return xasprintf("%s: %s gave no samples, so its latencies are taken "
		    "as exact", nt->cls, words_who(v, nt->side, w, sizeof w));
	case NOTE_NO_RANGE:
		return xasprintf("%s: %s gave no range for %s, so it is taken as "
		    "exact", nt->cls, words_who(v, nt->side, w, sizeof w),
		    qword(nt->x[0]));
	default:
		return xasprintf("%s: %s operations failed or were skipped, %lld of "
		    "%lld (%.1f%%), against %.1f%% on the other side: its latencies "
		    "are of the operations that completed, so they are given no upper "
		    "bound and no check passes in its favour on them", nt->cls,
		    whose(v, nt->side, ws, sizeof ws), nt->n[0], nt->n[1],
		    nt->x[0] * 100, nt->x[1] * 100);
	}
}

static char *
words_note(const struct gate_verdict *v, const struct verdict_note *nt)
{
	char n[32];

	switch (nt->code) {
	case NOTE_SAVED:
		return xstrdup(nt->a ? nt->a : "");
	case NOTE_ONE_RUN: case NOTE_HELD_ONE_RUN: case NOTE_SINGLE_RUN_OK:
	case NOTE_DEFAULT_SPREAD: case NOTE_NOISE_ONE_RUN: case NOTE_NOISE_OTHER:
	case NOTE_RUNS: case NOTE_PAIRED: case NOTE_POOLED: case NOTE_SPREAD_POOLS:
	case NOTE_SPREAD_NOISE: case NOTE_SPREAD_BORROWS:
		return scope_words(v, nt);
	case NOTE_APART:
		return apart_words(v, nt);
	case NOTE_EXACT: case NOTE_NO_SAMPLES: case NOTE_NO_RANGE: case NOTE_FAILED:
		return class_words(v, nt);
	case NOTE_DROPS:
		return drops_words(v, nt);
	case NOTE_DEPENDENT:
		return dependent_words(v, nt);
	case NOTE_SUB_SYNC:
		return sub_sync_words(v, nt);
	case NOTE_OUTLIER:
		return outlier_words(v, nt);
	case NOTE_WORKLOADS: case NOTE_CONCURRENCY: case NOTE_TURN_TIMED:
	case NOTE_PROBE_REPLACED:
		return ran_words(v, nt);
	case NOTE_UNIT_THIN:
		return thin_words(v, nt);
	case NOTE_NOTHING_RULED:
		return xstrdup("nothing was ruled: the two results have no class in "
		    "common");
	case NOTE_HOSTS_UNKNOWN: case NOTE_HOSTS_DIFFER:
		return hosts_words(v, nt);
	case NOTE_ALIKE_CLASSES:
		return alike_words(v, nt);
	case NOTE_ALIKE_ENGINES:
		return engines_words(v);
	case NOTE_MATCH:
		return xasprintf("--match %s=%s: our class %s is held against %s class "
		    "%s, under our name", nt->cls, nt->a, nt->cls, v->mode ==
		    MODE_BASELINE ? "the baseline's" : "the rival's", nt->a);
	case NOTE_PLAN:
		return xasprintf("the runs were taken until decided: as the look at "
		    "%lld runs a side of their plan did, they are ruled at %s%%, so "
		    "that a gate of any look's runs errs no more than the plan "
		    "promised", nt->n[0], gate_limit_num(n, sizeof n, 100 * nt->x[0]));
	case NOTE_PART:
		return xasprintf("--part-ok: a part of a set is ruled, run%s %s of "
		    "%lld of %s's session %s left out; whoever chose the runs could "
		    "choose the verdict", strchr(nt->b, ' ') ? "s" : "", nt->b,
		    nt->n[0], nt->cls, nt->a);
	case NOTE_SEQ:
		return seq_words(v, nt);
	default:
		return xstrdup("");
	}
}

void
report_words(struct gate_verdict *v)
{
	size_t i, at = 0;

	unit_words(v);
	free(v->headline);
	v->headline = words_headline(v);
	for (i = 0; i < v->nunmatched; i++) {
		struct verdict_unmatched *u = &v->unmatched[i];
		char a[256], b[256];

		free(u->reason);
		u->reason = xasprintf("%s ran %s; %s did not",
		    words_who(v, !u->ours, a, sizeof a), u->name,
		    words_who(v, u->ours, b, sizeof b));
	}
	for (i = 0; i < v->nchecks; i++) {
		free(v->checks[i].reason);
		v->checks[i].reason = check_words(v, &v->checks[i], &at);
	}
	free(v->reads.reason);
	free(v->writes.reason);
	v->reads.reason = words_half(v, KIND_READ, v->reads.ruling);
	v->writes.reason = words_half(v, KIND_WRITE, v->writes.ruling);
	free(v->ceiling_note);
	v->ceiling_note = v->mode == MODE_RIVAL && layout_rows(v, KIND_WRITE) ?
	    ceiling_note(v) : NULL;
	strv_free(v->notes, v->nnotes);
	v->notes = xcalloc(v->nnoted + 1, sizeof *v->notes);
	for (i = 0; i < v->nnoted; i++)
		v->notes[i] = words_note(v, &v->noted[i]);
	v->nnotes = v->nnoted;
}
