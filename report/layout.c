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

int
layout_has_kind(const struct gate_verdict *v, enum class_kind k)
{
	size_t i;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == k)
			return 1;
	return 0;
}
