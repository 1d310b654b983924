/* SPDX-License-Identifier: MIT */
/*
 * The gate's words: who is who, how numbers read inside a sentence, and
 * the headline.  Sentences carry "µs"; a renderer limited to ASCII
 * transliterates, so the words are made once for every format.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/rules.h"
#include "lib/err.h"
#include "lib/units.h"

char *
gate_vstrf(const char *fmt, va_list ap)
{
	va_list copy;
	char *s;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		return xstrdup("");
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *
gate_strf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = gate_vstrf(fmt, ap);
	va_end(ap);
	return s;
}

void
gate_list_add(struct gate_list *l, const char *sep, const char *item)
{
	size_t ns = l->len ? strlen(sep) : 0, ni = strlen(item);

	xgrow(&l->s, &l->cap, l->len + ns + ni + 1, 1);
	memcpy(l->s + l->len, sep, ns);
	memcpy(l->s + l->len + ns, item, ni + 1);
	l->len += ns + ni;
}

const char *
gate_who(const struct verdict_side *s, enum gate_mode m, char *buf, size_t len)
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
gate_apostrophe(const char *name)
{
	size_t n = strlen(name);

	return n > 0 && (name[n - 1] == 's' || name[n - 1] == 'S') ? "'" : "'s";
}

char *
gate_possessive(const struct verdict_side *s, enum gate_mode m)
{
	char buf[256];

	gate_who(s, m, buf, sizeof buf);
	return gate_strf("%s%s", buf, gate_apostrophe(buf));
}

const char *
gate_plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

const char *
gate_dur(char *buf, size_t len, double ns)
{
	return units_fmt_duration(buf, len, ns, 0);
}

/*
 * Beyond 1e15 two decimals would not fit the callers' buffers and the
 * number would be cut; such a figure (a probe of a thousandth of a
 * nanosecond) is shown in three significant digits instead.  Under 0.01
 * two decimals would print 0, so the figure keeps two significant digits.
 */
const char *
gate_num(char *buf, size_t len, double x)
{
	char *end;

	if (!(fabs(x) < 1e15)) {
		snprintf(buf, len, "%.3g", x);
		return buf;
	}
	if (x != 0 && fabs(x) < 0.01)
		units_fmt_ratio(buf, len, x);
	else
		snprintf(buf, len, "%.2f", x);
	if (strchr(buf, 'e') != NULL)
		return buf;
	if (strchr(buf, '.') == NULL)
		return buf;
	end = buf + strlen(buf) - 1;
	while (*end == '0')
		*end-- = '\0';
	if (*end == '.')
		*end = '\0';
	return buf;
}

/* x with the given decimals, trailing zeros and a bare point dropped. */
static void
fixed(char *buf, size_t len, double x, int decimals)
{
	char *end;

	snprintf(buf, len, "%.*f", decimals, x);
	end = buf + strlen(buf) - 1;
	while (*end == '0')
		*end-- = '\0';
	if (*end == '.')
		*end = '\0';
}

void
gate_num_pair(char *a, char *b, size_t len, double lo, double hi)
{
	int d;

	gate_num(a, len, lo);
	gate_num(b, len, hi);
	if (!(fabs(lo) < 1e15 && fabs(hi) < 1e15))
		return;
	for (d = 3; d <= 12 && lo != hi && strcmp(a, b) == 0; d++) {
		fixed(a, len, lo, d);
		fixed(b, len, hi, d);
	}
}

const char *
gate_syncs(const char *num)
{
	return strcmp(num, "1") == 0 ? "sync" : "syncs";
}

/* "zu 0.9.2", or "zu" without a version. */
static char *
named(const struct verdict_side *s)
{
	return s->version ? gate_strf("%s %s", s->engine, s->version) :
	    xstrdup(s->engine);
}

/* " on linkbench at a concurrency of 8", from what the side gives. */
static char *
conditions(const char *workload, long long concurrency)
{
	char c[64] = "";

	if (concurrency > 0)
		snprintf(c, sizeof c, " at a concurrency of %lld", concurrency);
	return gate_strf("%s%s%s", workload ? " on " : "", workload ? workload : "", c);
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
	return gate_strf(" (%s%s%s)", s->workload ? s->workload : "",
	    s->workload && c[0] ? ", " : "", c);
}

char *
gate_headline(const struct gate_verdict *v)
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
		    gate_strf("baseline: %s against the baseline %s%s", a, b, ca) :
		    gate_strf("baseline: %s%s against the baseline %s%s", a, ca, b, cb);
	else
		out = same_wl && same_cc ? gate_strf("rival: %s against %s%s", a, b, ca) :
		    gate_strf("rival: %s%s against %s%s", a, ca, b, cb);
	free(a);
	free(b);
	free(ca);
	free(cb);
	return out;
}
