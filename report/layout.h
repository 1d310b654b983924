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

#include "verdict/digits.h"
#include "verdict/types.h"
#include "report/escape.h"

#define FIGLEN 96

/* "✅", "❌", "⚠️" or "➖". */
const char *layout_symbol(enum ruling r);

/*
 * The header cells "zu p50", "zu p99" and the rival's, each between open
 * and close, the names through esc.
 */
void layout_name_heads(FILE *fp, const struct gate_verdict *v, escape_fn *esc,
    const char *open, const char *close);

/*
 * An undecided verdict, for the lead of its summary and its warning: how
 * many checks neither passed nor failed, and what would settle it, into
 * buf: "both sides taken in turns in one syncgate run, or --noise FILE
 * from syncgate calibrate over runs of several sessions" where the sides
 * came apart; "about 12 runs a side" or "about 4200 samples a side", the
 * most any undecided check needs; nothing where nothing one says would
 * (the checks' reasons say why).  Returns buf.
 */
const char *layout_undecided(const struct gate_verdict *v, char *buf, size_t len);

/*
 * A row's figures as the tables print them, each with the decimals to
 * read as the gate ruled it against what it was compared with: the
 * ratios against --read-speedup (reads against a rival), the syncs
 * (ours p50, ours p99, rival p50, rival p99; len bytes each) ours at p50
 * against the ceiling and each of ours against the rival's.
 */
void layout_row_ratios(char *p50, char *p99, size_t len,
    const struct gate_verdict *v, const struct verdict_row *r);
void layout_row_syncs(char *const s[4], size_t len, const struct gate_verdict *v,
    const struct verdict_row *r);

/* A check's value with its unit, read as ruled against its limit: "220.42x", "2.54 syncs". */
char *layout_check_value(char *buf, size_t len, const struct verdict_check *c);

/* A check's interval, "[2.20, 2.70]", each end read as ruled; "" without one. */
char *layout_check_interval(char *buf, size_t len, const struct verdict_check *c);

/* A check's limit, every digit of it: ">= 10x", "<= 2 syncs"; "-" when it has none. */
char *layout_check_limit(char *buf, size_t len, const struct verdict_check *c);

/*
 * Whether a write class of v carries device flushes a commit on either
 * side; and their line, after "Flushes: ": "write: zu 2.03, ladybug 1.01
 * flushes a commit (device flush requests counted over the run)", a side
 * without counts "not counted"; names through esc.
 */
int layout_has_flushes(const struct gate_verdict *v);
void layout_flushes(FILE *fp, const struct gate_verdict *v, escape_fn *esc);

/*
 * The unit's band as the text report words it: "; band 2.95ms to 3.6ms
 * at 95%", or "; bands zu ... , ladybug ... at 95%" for two units; the
 * labels go through esc.  Nothing without a band.
 */
void layout_band(FILE *fp, const struct gate_verdict *v, int ascii,
    escape_fn *esc);

/*
 * The unit a side's writes were divided by, and where it came from, as
 * the Probes sections word it: "3.45ms, its own, from its rounds through
 * the run"; "3ms, one for both sides (one volume), from a probe before a
 * run"; "none: writes are not put in syncs".  ours picks the side.  Into
 * buf (UNITLEN bytes), which it returns.
 */
#define UNITLEN 256
const char *layout_side_unit(char *buf, const struct gate_verdict *v, int ours,
    int ascii);

/*
 * What the probe a side shows was taken before: "the run", or "run 1"
 * where the side had several runs (the probe shown is the first run's).
 */
const char *layout_probe_when(const struct verdict_side *s);

/* " at 95% confidence", or "" when the verdict does not say. */
char *layout_confidence(char *buf, size_t len, const struct gate_verdict *v);

/* How many rows are of kind k. */
size_t layout_rows(const struct gate_verdict *v, enum class_kind k);

#endif
