/* SPDX-License-Identifier: MIT */
/*
 * The verdict's small words: who is who, the headline, the words of a
 * ruling against its limit, and each half's reason.  Sentences carry "µs"; a renderer limited to ASCII
 * transliterates, so the words are made once for every format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/digits.h"
#include "verdict/base.h"
#include "report/phrases.h"
#include "lib/err.h"

const char *
words_who(const struct verdict_side *s, enum gate_mode m, char *buf, size_t len)
{
	if (m == MODE_BASELINE)
		snprintf(buf, len, "%s", strcmp(s->label, "baseline") == 0 ?
		    "the baseline" : "the new run");
	else
		snprintf(buf, len, "%s", s->label);
	return buf;
}

/*
 * A name ending in s takes the apostrophe alone, as plurals do: "ours'",
 * not "ours's"; the rule is one for every name, so "redis'" too.
 */
const char *
words_apostrophe(const char *name)
{
	size_t n = strlen(name);

	return n > 0 && (name[n - 1] == 's' || name[n - 1] == 'S') ? "'" : "'s";
}

char *
words_possessive(const struct verdict_side *s, enum gate_mode m)
{
	char buf[256];

	words_who(s, m, buf, sizeof buf);
	return xasprintf("%s%s", buf, words_apostrophe(buf));
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

/* "zu 0.9.2", or "zu" without a version. */
static char *
named(const struct verdict_side *s)
{
	return s->version ? xasprintf("%s %s", s->engine, s->version) :
	    xstrdup(s->engine);
}

/* " on linkbench at a concurrency of 8", from what the side gives. */
static char *
conditions(const char *workload, long long concurrency)
{
	char c[64] = "";

	if (concurrency > 0)
		snprintf(c, sizeof c, " at a concurrency of %lld", concurrency);
	return xasprintf("%s%s%s", workload ? " on " : "", workload ? workload : "", c);
}

/* " (linkbench, concurrency 8)", or "" when the side gives neither. */
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

	if (same_wl && same_cc) {
		ca = conditions(o->workload, o->concurrency);
		cb = xstrdup("");
	} else {
		ca = own_conditions(o);
		cb = own_conditions(r);
	}
	if (v->mode == MODE_BASELINE)
		out = same_wl && same_cc ?
		    xasprintf("baseline: %s against the baseline %s%s", a, b, ca) :
		    xasprintf("baseline: %s%s against the baseline %s%s", a, ca, b, cb);
	else
		out = same_wl && same_cc ? xasprintf("rival: %s against %s%s", a, b, ca) :
		    xasprintf("rival: %s%s against %s%s", a, ca, b, cb);
	free(a);
	free(b);
	free(ca);
	free(cb);
	return out;
}

/* The checks of one half that have the given ruling, their reasons joined. */
static char *
joined(const struct gate_verdict *v, enum class_kind kind, enum ruling r)
{
	struct xlist out = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < v->nchecks; i++)
		if (v->checks[i].kind == kind && v->checks[i].ruling == r)
			xlist_add(&out, "; ", v->checks[i].reason);
	return out.s != NULL ? out.s : xstrdup("");
}

/*
 * The check of a half furthest toward its limit, among those whose
 * statistic is stat at p50 or, with both, at p99 too ("speedup": "p50
 * speedup" and "p99 speedup").  Matched whole: "p50 syncs vs rival" is a
 * ratio, not a count of syncs.
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

	words_who(&v->rival, v->mode, who, sizeof who);
	if (v->mode == MODE_BASELINE) {
		char *ch, *out;

		c = closest(v, kind, "regression", 1);
		gate_limit_num(a, sizeof a, v->max_regression * 100);
		ch = c->value.v > 1 ? xasprintf("%s%% slower", gate_num_against(b,
		    sizeof b, (c->value.v - 1) * 100, v->max_regression * 100,
		    READS_LE)) : xasprintf("%s%% faster",
		    gate_num(b, sizeof b, (1 - c->value.v) * 100));
		out = xasprintf("%zu class%s, none more than %s%% slower than the "
		    "baseline at p50 or p99; the worst is %s (%s at %s)", n, es, a, ch,
		    c->class_name, stat_quantile(c));
		free(ch);
		return out;
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
	size_t i, n = 0;

	for (i = 0; i < v->nrows; i++)
		n += v->rows[i].kind == kind;
	if (n == 0)
		return xasprintf("no %s class in both results", class_kind_name(kind));
	if (r == RULING_PASS)
		return pass_summary(v, kind, n);
	/* without a unit only counted flushes can fail writes: say which */
	if (kind == KIND_WRITE && v->unit.source == UNIT_NONE && r == RULING_FAIL) {
		char *j = joined(v, kind, r), *out;

		out = xasprintf("%s; not ruled in syncs: %s", j, v->unit.why_none);
		free(j);
		return out;
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
		words_who(&v->rival, v->mode, what, sizeof what);
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
	switch (h) {
	case HOSTS_SAME:
		return "";
	case HOSTS_DIFFERENT:
		return "; indeterminate with --same-host: hosts differ (the runs were "
		    "measured on more than one machine)";
	case HOSTS_UNKNOWN:
		return "; indeterminate with --same-host: hosts unknown (a run records "
		    "no host, no usable machine id, or a field as null)";
	default:
		return "; indeterminate with --same-host: hosts unrecorded (no run "
		    "records its host)";
	}
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
