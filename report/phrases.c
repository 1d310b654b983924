/* SPDX-License-Identifier: MIT */
/* The verdict's small words: who is who, the headline, rulings, halves' reasons. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/digits.h"
#include "verdict/base.h"
#include "report/layout.h"
#include "report/phrases.h"
#include "lib/err.h"

const char *
words_who(const struct gate_verdict *v, int rival, char *buf, size_t len)
{
	const char *label = rival ? verdict_rival_label(v) : verdict_ours_label(v);

	snprintf(buf, len, "%s", v->mode != MODE_BASELINE ? label :
	    strcmp(label, "baseline") == 0 ? "the baseline" : "the new run");
	return buf;
}

/* One rule for every name: "ours'", so "redis'" too. */
const char *
words_apostrophe(const char *name)
{
	size_t n = strlen(name);

	return n > 0 && (name[n - 1] == 's' || name[n - 1] == 'S') ? "'" : "'s";
}

const char *
words_plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

const char *
words_syncs(const char *num)
{
	return strcmp(num, "1") == 0 ? "sync" : "syncs";
}

char *
words_spent(char *out, char *spent)
{
	free(spent);
	return out;
}

static char *
named(const struct verdict_side *s)
{
	return s->version ? xasprintf("%s %s", s->engine, s->version) :
	    xstrdup(s->engine);
}

static char *
conditions(const char *workload, long long concurrency)
{
	char c[64] = "";

	if (concurrency > 0)
		snprintf(c, sizeof c, " at a concurrency of %lld", concurrency);
	return xasprintf("%s%s%s", workload ? " on " : "", workload ? workload : "", c);
}

static char *
own_conditions(const struct verdict_side *s)
{
	char c[64] = "";

	if (s->concurrency > 0)
		snprintf(c, sizeof c, "concurrency %lld", s->concurrency);
	if (s->workload == NULL && c[0] == '\0')
		return xstrdup("");
	return xasprintf(" (%s%s%s)", s->workload ? s->workload : "",
	    s->workload && c[0] ? ", " : "", c);
}

char *
words_headline(const struct gate_verdict *v)
{
	const struct verdict_side *o = &v->ours, *r = &v->rival;
	int same_wl = (o->workload == NULL) == (r->workload == NULL) &&
	    (o->workload == NULL || strcmp(o->workload, r->workload) == 0);
	int same_cc = o->concurrency == r->concurrency;
	char *a = named(o), *b = named(r), *ca, *cb, *out;

	/* conditions both share are said once, after both names */
	if (same_wl && same_cc) {
		ca = xstrdup("");
		cb = conditions(o->workload, o->concurrency);
	} else {
		ca = own_conditions(o);
		cb = own_conditions(r);
	}
	out = xasprintf("%s: %s%s against %s%s%s", gate_mode_name(v->mode), a, ca,
	    v->mode == MODE_BASELINE ? "the baseline " : "", b, cb);
	free(a);
	free(b);
	free(ca);
	free(cb);
	return out;
}

enum words_why
words_why_key(const struct gate_verdict *v, const struct verdict_check *c)
{
	static const enum words_why settles[VERDICT_NSETTLES] = {
		[SETTLE_NONE] = WHY_CLOSE,
		[SETTLE_RUNS] = WHY_CLOSE,
		[SETTLE_SAMPLES] = WHY_CLOSE,
		[SETTLE_RUNS_CAPPED] = WHY_RUNS_CAPPED,
		[SETTLE_SAMPLES_CAPPED] = WHY_SAMPLES_CAPPED,
		[SETTLE_ON_LIMIT] = WHY_ON_LIMIT,
		[SETTLE_SPREAD] = WHY_SPREAD,
		[SETTLE_THIN] = WHY_THIN,
		[SETTLE_APART] = WHY_APART,
		[SETTLE_NO_SAMPLES] = WHY_NO_SAMPLES,
		[SETTLE_BAND] = WHY_BAND,
		[SETTLE_RANGES] = WHY_RANGES,
		[SETTLE_BAND_RANGES] = WHY_BAND_RANGES,
		[SETTLE_FAILED] = WHY_FAILED,
	};
	const struct gate_check_kind *k = gate_check_kind_find(c->statistic,
	    v->mode, c->kind, v->unit.source != UNIT_NONE);

	if (k != NULL && k->quantile == 0)
		return WHY_NO_UNIT;
	if (isnan(c->value.v))
		return WHY_NO_FIGURE;
	if (c->held)
		return v->apart != APART_NONE && v->scope == SCOPE_RUNS ?
		    WHY_HELD_APART : WHY_HELD;
	if (c->ruling != RULING_INDETERMINATE)
		return WHY_NONE;
	if (k != NULL && gate_judge(c->value, k->at_least, c->limit) !=
	    RULING_INDETERMINATE)
		return c->kind == KIND_READ && verdict_host_holds(v) ? WHY_HOSTS :
		    WHY_NONE;
	if ((c->settle == SETTLE_RUNS || c->settle == SETTLE_SAMPLES ||
	    c->settle == SETTLE_NONE) && (c->runs_needed >= 0 || c->samples_needed >= 0))
		return c->runs_needed >= 0 ? WHY_RUNS : WHY_SAMPLES;
	return (size_t)c->settle < VERDICT_NSETTLES ? settles[c->settle] : WHY_CLOSE;
}

static const char *const why_names[WORDS_NWHY] = {
	[WHY_NONE] = "",
	[WHY_NO_UNIT] = "no unit",
	[WHY_NO_FIGURE] = "no figure",
	[WHY_HOSTS] = "hosts",
	[WHY_HELD] = "held: 1 run",
	[WHY_HELD_APART] = "held: apart",
	[WHY_RUNS] = "~N runs",
	[WHY_SAMPLES] = "~N samples",
	[WHY_CLOSE] = "too close",
	[WHY_RUNS_CAPPED] = ">N runs",
	[WHY_SAMPLES_CAPPED] = ">N samples",
	[WHY_ON_LIMIT] = "on the limit",
	[WHY_SPREAD] = "default spread",
	[WHY_THIN] = "thin runs",
	[WHY_APART] = "apart",
	[WHY_NO_SAMPLES] = "no samples",
	[WHY_BAND] = "probe band",
	[WHY_RANGES] = "bucket ranges",
	[WHY_BAND_RANGES] = "band, ranges",
	[WHY_FAILED] = "failed ops",
};

const char *
words_why_name(enum words_why w)
{
	return (size_t)w < WORDS_NWHY ? why_names[w] : "";
}

const char *
words_about(char *buf, size_t len, int terse, long long lo, long long hi,
    long long cap)
{
	if (hi > cap)
		snprintf(buf, len, terse ? "~%lld+" : "about %lld or more", lo);
	else if (hi > lo)
		snprintf(buf, len, terse ? "~%lld-%lld" : "about %lld to %lld", lo, hi);
	else
		snprintf(buf, len, terse ? "~%lld" : "about %lld", lo);
	return buf;
}

const char *
words_why(const struct gate_verdict *v, const struct verdict_check *c,
    char *buf, size_t len)
{
	enum words_why w = words_why_key(v, c);
	char n[48];

	switch (w) {
	case WHY_RUNS:
		snprintf(buf, len, "%s runs", words_about(n, sizeof n, 1,
		    c->runs_needed, c->runs_needed_hi, VERDICT_RUNS_CAP));
		break;
	case WHY_SAMPLES:
		snprintf(buf, len, "%s samples", words_about(n, sizeof n, 1,
		    c->samples_needed, c->samples_needed_hi, VERDICT_SAMPLES_CAP));
		break;
	case WHY_RUNS_CAPPED:
		snprintf(buf, len, ">%lld runs", (long long)VERDICT_RUNS_CAP);
		break;
	case WHY_SAMPLES_CAPPED:
		snprintf(buf, len, ">%lld samples", (long long)VERDICT_SAMPLES_CAP);
		break;
	default:
		snprintf(buf, len, "%s", words_why_name(w));
		break;
	}
	return buf;
}

/* How far c sits past its limit, a ratio >= 1 on the failing side. */
static double
past(const struct verdict_check *c)
{
	double x = c->value.v, l = c->limit;

	if (!(x > 0) || !(l > 0))
		return 0;
	return c->comparison != NULL && c->comparison[0] == '>' ? l / x : x / l;
}

/* How many of a half's checks have ruling r, and the worst in figures. */
static char *
joined(const struct gate_verdict *v, enum class_kind kind, enum ruling r)
{
	const struct verdict_check *worst = NULL;
	char val[64], iv[96], lim[64], why[64];
	size_t i, n = 0, all = 0;

	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];

		if (c->kind != kind)
			continue;
		all++;
		if (c->ruling != r)
			continue;
		n++;
		if (worst == NULL || past(c) > past(worst))
			worst = c;
	}
	if (worst == NULL)
		return xstrdup("");
	layout_check_value(val, sizeof val, worst);
	layout_check_interval(iv, sizeof iv, worst);
	layout_check_limit(lim, sizeof lim, worst);
	words_why(v, worst, why, sizeof why);
	return xasprintf("%zu of %zu %s %s%s %s %s %s%s%s, limit %s%s%s",
	    n, all, words_plural(all, "check", "checks"),
	    r == RULING_FAIL ? "fail" : n == 1 ? "is open" : "are open",
	    n == 1 ? ":" : "; the worst:", worst->class_name, worst->statistic,
	    val, iv[0] ? " " : "", iv, lim, why[0] ? "; " : "", why);
}

/*
 * The check nearest its limit of statistic "p50 stat" (both: p99 too),
 * matched whole: "p50 syncs vs rival" is a ratio, not a count of syncs.
 */
static const struct verdict_check *
closest(const struct gate_verdict *v, enum class_kind kind, const char *stat,
    int both)
{
	const struct verdict_check *best = NULL;
	char p50[64], p99[64];
	size_t i;

	snprintf(p50, sizeof p50, "p50 %s", stat);
	snprintf(p99, sizeof p99, "p99 %s", stat);
	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];

		if (c->kind != kind || (strcmp(c->statistic, p50) != 0 &&
		    !(both && strcmp(c->statistic, p99) == 0)))
			continue;
		if (best == NULL || (c->comparison[0] == '>' ? c->value.v < best->value.v :
		    c->value.v > best->value.v))
			best = c;
	}
	return best;
}

static const char *
stat_quantile(const struct verdict_check *c)
{
	return strncmp(c->statistic, "p99", 3) == 0 ? "p99" : "p50";
}

static char *
pass_summary(const struct gate_verdict *v, enum class_kind kind, size_t n)
{
	const struct verdict_check *c;
	char a[32], b[32], who[256];
	const char *es = n == 1 ? "" : "es", *each = n == 1 ? "" : "each ";

	words_who(v, 1, who, sizeof who);
	if (v->mode == MODE_BASELINE) {
		char *ch;

		c = closest(v, kind, "regression", 1);
		gate_limit_num(a, sizeof a, v->max_regression * 100);
		ch = c->value.v > 1 ? xasprintf("%s%% slower", gate_num_against(b,
		    sizeof b, (c->value.v - 1) * 100, v->max_regression * 100,
		    READS_LE)) : xasprintf("%s%% faster",
		    gate_num(b, sizeof b, (1 - c->value.v) * 100));
		return words_spent(xasprintf("%zu class%s, none more than %s%% slower "
		    "than the baseline at p50 or p99; the worst is %s (%s at %s)", n,
		    es, a, ch, c->class_name, stat_quantile(c)), ch);
	}
	if (kind == KIND_READ) {
		c = closest(v, kind, "speedup", 1);
		return xasprintf("%zu class%s, %sat least %sx faster than %s at p50 and "
		    "p99; the least is %sx (%s at %s)", n, es, each,
		    gate_limit_num(a, sizeof a, v->read_speedup), who,
		    gate_num_vs(b, sizeof b, c->value.v, v->read_speedup, 1),
		    c->class_name, stat_quantile(c));
	}
	c = closest(v, kind, "syncs", 0);
	gate_limit_num(a, sizeof a, v->commit_syncs);
	gate_num_vs(b, sizeof b, c->value.v, v->commit_syncs, 0);
	return xasprintf("%zu class%s within %s %s at p50 and no more syncs a "
	    "commit than %s at p50 and p99; the most is %s %s (%s at p50)", n, es,
	    a, words_syncs(a), who, b, words_syncs(b), c->class_name);
}

char *
words_half(const struct gate_verdict *v, enum class_kind kind,
    enum ruling r)
{
	size_t n = layout_rows(v, kind);

	if (n == 0)
		return xasprintf("no %s class in both results", class_kind_name(kind));
	if (r == RULING_PASS)
		return pass_summary(v, kind, n);
	/* without a unit only counted flushes can fail writes: say which */
	if (kind == KIND_WRITE && v->unit.source == UNIT_NONE && r == RULING_FAIL) {
		char *j = joined(v, kind, r);

		return words_spent(xasprintf("%s; not ruled in syncs: %s", j,
		    v->unit.why_none), j);
	}
	if (kind == KIND_WRITE && v->unit.source == UNIT_NONE)
		return xasprintf("not ruled in syncs: %s", v->unit.why_none);
	/* every read check ends alike: said once, not once a check */
	if (kind == KIND_READ && r == RULING_INDETERMINATE && verdict_host_holds(v))
		return xasprintf("%zu %s, %s", n, words_plural(n, "class", "classes"),
		    words_host_hold(v->hosts) + 2);
	return joined(v, kind, r);
}

char *
words_ruling(const struct gate_check_kind *k, enum ruling r,
    const struct gate_verdict *v)
{
	char n[32], what[288];
	const char *word = r == RULING_PASS ? k->pass : r == RULING_FAIL ? k->fail :
	    "too close to";

	switch (k->limit) {
	case LIMIT_READ_SPEEDUP:
		snprintf(what, sizeof what, "%sx",
		    gate_limit_num(n, sizeof n, v->read_speedup));
		break;
	case LIMIT_COMMIT_SYNCS:
	case LIMIT_FLUSH_CEILING:
		snprintf(what, sizeof what, "the ceiling of %s",
		    gate_limit_num(n, sizeof n, v->commit_syncs));
		break;
	case LIMIT_RIVAL:
		words_who(v, 1, what, sizeof what);
		break;
	case LIMIT_REGRESSION:
	case GATE_NLIMITS:
		snprintf(what, sizeof what, "%s%%",
		    gate_limit_num(n, sizeof n, v->max_regression * 100));
		break;
	}
	return xasprintf("%s %s%s", word, what,
	    r == RULING_INDETERMINATE ? " to call" : "");
}

char *
words_ceiling(double commit_syncs)
{
	char a[32];

	gate_limit_num(a, sizeof a, commit_syncs);
	return xasprintf("%s %s a commit at p50 (--commit-syncs)", a, words_syncs(a));
}

const char *
words_host_hold(enum verdict_hosts h)
{
	static const char *const words[VERDICT_NHOSTS] = {
		[HOSTS_UNRECORDED] = "; indeterminate with --same-host: hosts "
		    "unrecorded (no run records its host)",
		[HOSTS_SAME] = "",
		[HOSTS_DIFFERENT] = "; indeterminate with --same-host: hosts differ "
		    "(the runs were measured on more than one machine)",
		[HOSTS_UNKNOWN] = "; indeterminate with --same-host: hosts unknown "
		    "(a run records no host, no usable machine id, or a field as null)",
	};

	return words[(size_t)h < VERDICT_NHOSTS ? h : HOSTS_UNRECORDED];
}

const char *
words_apart(enum verdict_apart a)
{
	static const char *const words[] = {
		[APART_NONE] = "",
		[APART_NO_SESSION] = "a run records no session (an import, or an "
		    "older result), so how the sides were taken is unknown",
		[APART_ONE_SIDED] = "a session holds runs of one side only (a "
		    "baseline from another invocation or job)",
		[APART_NOT_INTERLEAVED] = "within their session one side's runs "
		    "all started before the other's first",
		[APART_NO_TURNS] = "they come from several sessions whose start "
		    "times do not alternate between the sides",
		[APART_HOSTS] = "they come from several sessions not known to be "
		    "on one host",
	};
	_Static_assert(sizeof words / sizeof words[0] == VERDICT_NAPART,
	    "apart without words");

	return words[(size_t)a < VERDICT_NAPART ? a : APART_NONE];
}
