/* SPDX-License-Identifier: MIT */
/*
 * Shared wording of the Markdown and HTML renderers.  Figures go through
 * lib/units.h like the text table's, so all formats agree to the digit.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/units.h"
#include "report/layout.h"

const char *
layout_symbol(enum ruling r)
{
	switch (r) {
	case RULING_PASS:
		return "\u2705";
	case RULING_FAIL:
		return "\u274c";
	case RULING_INDETERMINATE:
		return "\u26a0\ufe0f";
	default:
		return "\u2796";
	}
}

const char *
layout_ours(const struct gate_verdict *v)
{
	if (v->ours.label != NULL)
		return v->ours.label;
	if (v->mode == MODE_BASELINE)
		return "new";
	return v->ours.engine != NULL ? v->ours.engine : "ours";
}

const char *
layout_rival(const struct gate_verdict *v)
{
	if (v->rival.label != NULL)
		return v->rival.label;
	if (v->mode == MODE_BASELINE)
		return "baseline";
	return v->rival.engine != NULL ? v->rival.engine : "rival";
}

char *
layout_ns(char *buf, size_t len, double ns, int ascii)
{
	return fmt_duration(buf, len, ns, ascii);
}

char *
layout_trimmed(char *buf, size_t len, double r)
{
	char *end;

	fmt_ratio(buf, len, r);
	if (strchr(buf, '.') == NULL && strchr(buf, ',') == NULL)
		return buf;
	end = buf + strlen(buf) - 1;
	while (end > buf && *end == '0')
		*end-- = '\0';
	if (*end == '.' || *end == ',')
		*end = '\0';
	return buf;
}

char *
layout_ratio(char *buf, size_t len, double r)
{
	return fmt_ratio(buf, len, r);
}

char *
layout_interval(char *buf, size_t len, struct verdict_value x, int is_ns,
    int ascii)
{
	char lo[DURLEN], hi[DURLEN];

	if (isnan(x.lo) && isnan(x.hi)) {
		buf[0] = '\0';
		return buf;
	}
	if (is_ns) {
		fmt_duration(lo, sizeof lo, x.lo, ascii);
		fmt_duration(hi, sizeof hi, x.hi, ascii);
	} else {
		fmt_ratio(lo, sizeof lo, x.lo);
		fmt_ratio(hi, sizeof hi, x.hi);
	}
	snprintf(buf, len, "[%s, %s]", lo, hi);
	return buf;
}

/* "x" and "%" follow the number; a word is spaced from it. */
static const char *
unit_gap(const char *unit)
{
	return unit != NULL && strlen(unit) > 1 ? " " : "";
}

char *
layout_check_value(char *buf, size_t len, const struct verdict_check *c)
{
	char num[DURLEN];

	fmt_ratio(num, sizeof num, c->value.v);
	if (isnan(c->value.v) || c->value_unit == NULL)
		snprintf(buf, len, "%s", num);
	else
		snprintf(buf, len, "%s%s%s", num, unit_gap(c->value_unit), c->value_unit);
	return buf;
}

char *
layout_check_limit(char *buf, size_t len, const struct verdict_check *c)
{
	char num[DURLEN];

	if (isnan(c->limit)) {
		snprintf(buf, len, "-");
		return buf;
	}
	layout_trimmed(num, sizeof num, c->limit);
	snprintf(buf, len, "%s%s%s%s%s", c->comparison ? c->comparison : "",
	    c->comparison ? " " : "", num, c->value_unit ? unit_gap(c->value_unit) : "",
	    c->value_unit ? c->value_unit : "");
	return buf;
}

char *
layout_percent(char *buf, size_t len, double fraction)
{
	return layout_trimmed(buf, len, fraction * 100);
}

char *
layout_confidence(char *buf, size_t len, const struct gate_verdict *v)
{
	char pc[DURLEN];

	if (isnan(v->confidence))
		buf[0] = '\0';
	else
		snprintf(buf, len, " at %s%% confidence",
		    layout_percent(pc, sizeof pc, v->confidence));
	return buf;
}

void
layout_band(FILE *fp, const struct gate_verdict *v, int ascii,
    escape_fn *esc)
{
	const struct verdict_unit *u = &v->unit;
	char a[DURLEN], b[DURLEN], pc[DURLEN];

	pc[0] = '\0';
	if (!isnan(v->confidence))
		snprintf(pc, sizeof pc, " at %s%%", layout_percent(a, sizeof a,
		    v->confidence));
	if (u->source == UNIT_SHARED && !isnan(u->ours_lo_ns)) {
		fprintf(fp, "; band %s to %s%s",
		    fmt_duration(a, sizeof a, u->ours_lo_ns, ascii),
		    fmt_duration(b, sizeof b, u->ours_hi_ns, ascii), pc);
	} else if (u->source == UNIT_PER_VOLUME) {
		fputs("; bands ", fp);
		esc(fp, layout_ours(v));
		fprintf(fp, " %s to %s, ", fmt_duration(a, sizeof a, u->ours_lo_ns, ascii),
		    fmt_duration(b, sizeof b, u->ours_hi_ns, ascii));
		esc(fp, layout_rival(v));
		fprintf(fp, " %s to %s%s",
		    fmt_duration(a, sizeof a, u->rival_lo_ns, ascii),
		    fmt_duration(b, sizeof b, u->rival_hi_ns, ascii), pc);
	}
}

int
layout_has_kind(const struct gate_verdict *v, enum class_kind k)
{
	size_t i;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == k)
			return 1;
	return 0;
}
