/* SPDX-License-Identifier: MIT */
/*
 * What the Markdown and HTML renderers lay out alike: the symbol of a
 * ruling, the names the columns carry, and figures with their intervals,
 * so the two formats print the same words and numbers.
 */
#ifndef SYNCGATE_LAYOUT_H
#define SYNCGATE_LAYOUT_H

#include <stddef.h>
#include <stdio.h>

#include "gate/verdict.h"
#include "report/escape.h"

#define FIGLEN 96

/* "✅", "❌", "⚠️" or "➖". */
const char *layout_symbol(enum ruling r);

/*
 * The labels of the two sides' columns: the engines' names against a
 * rival, "new" and "baseline" in baseline mode (where both may be one
 * engine).
 */
const char *layout_ours(const struct gate_verdict *v);
const char *layout_rival(const struct gate_verdict *v);

/* A duration, "-" when absent; into buf, returned. */
char *layout_ns(char *buf, size_t len, double ns, int ascii);

/* A ratio or a count of syncs with two decimals, "-" when absent. */
char *layout_ratio(char *buf, size_t len, double r);

/* As layout_ratio without trailing zeros, for settings: "10", "2.5". */
char *layout_trimmed(char *buf, size_t len, double r);

/*
 * The interval of x as "[lo, hi]" (durations when is_ns), an absent end
 * as "-"; the empty string when x has none.
 */
char *layout_interval(char *buf, size_t len, struct verdict_value x, int is_ns,
    int ascii);

/* A check's value with its unit: "220.42x", "2.54 syncs". */
char *layout_check_value(char *buf, size_t len, const struct verdict_check *c);

/* A check's limit: ">= 10x", "<= 2 syncs"; "-" when it has none. */
char *layout_check_limit(char *buf, size_t len, const struct verdict_check *c);

/*
 * The unit's band as the text report words it: "; band 2.95ms to 3.6ms
 * at 95%", or "; bands zu ... , ladybug ... at 95%" for two units; the
 * labels go through esc.  Nothing without a band.
 */
void layout_band(FILE *fp, const struct gate_verdict *v, int ascii,
    escape_fn *esc);

/* The confidence as a percentage without trailing zeros: "95". */
char *layout_percent(char *buf, size_t len, double fraction);

/* " at 95% confidence", or "" when the verdict does not say. */
char *layout_confidence(char *buf, size_t len, const struct gate_verdict *v);

/* Whether any row is of kind k. */
int layout_has_kind(const struct gate_verdict *v, enum class_kind k);

#endif
