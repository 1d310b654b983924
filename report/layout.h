/* SPDX-License-Identifier: MIT */
/* What the Markdown and HTML renderers lay out alike, so both print the same. */
#ifndef SYNCGATE_LAYOUT_H
#define SYNCGATE_LAYOUT_H

#include <stdio.h>

#include "verdict/digits.h"
#include "lib/units.h"
#include "verdict/types.h"
#include "report/escape.h"

#define FIGLEN 96

/* The header cells "zu p50", "zu p99" and the rival's, between open and close. */
void layout_name_heads(FILE *fp, const struct gate_verdict *v, escape_fn *esc,
    const char *open, const char *close);

/*
 * An undecided verdict's count of open checks and what would settle it
 * ("about 12 runs a side", the most any needs; or turns or --noise where
 * the sides came apart), into buf.
 */
const char *layout_undecided(const struct gate_verdict *v, char *buf, size_t len);

/*
 * A row's figures with the decimals to read as ruled: its latencies (ours
 * p50, p99, rival p50, p99) then the ratios against --read-speedup; the
 * syncs (in that order) against the ceiling and the rival's.
 */
void layout_row_figures(char f[6][DURLEN], const struct gate_verdict *v,
    const struct verdict_row *r, int ascii);
void layout_row_syncs(char s[4][DURLEN], const struct gate_verdict *v,
    const struct verdict_row *r);

/* A check's value read as ruled: "220.42x", "2.54 syncs". */
char *layout_check_value(char *buf, size_t len, const struct verdict_check *c);

/* A check's interval, "[2.20, 2.70]", each end read as ruled; "" without one. */
char *layout_check_interval(char *buf, size_t len, const struct verdict_check *c);

/* A check's limit, every digit of it: ">= 10x", "<= 2 syncs"; "-" when it has none. */
char *layout_check_limit(char *buf, size_t len, const struct verdict_check *c);

/*
 * Where a write class carries flushes a commit, their line between lead
 * and end: "write: zu 2.03, ladybug 1.01 flushes a commit (...)".
 */
void layout_flushes(FILE *fp, const struct gate_verdict *v, escape_fn *esc,
    const char *lead, const char *end);

/* "; band 2.95ms to 3.6ms at 95%", "; bands zu ..., ladybug ..."; or nothing. */
void layout_band(FILE *fp, const struct gate_verdict *v, int ascii,
    escape_fn *esc);

/*
 * A side's unit and its source, into buf (UNITLEN bytes): "3.45ms, its own,
 * from its rounds through the run"; "none: writes are not put in syncs".
 */
#define UNITLEN 256
const char *layout_side_unit(char *buf, const struct gate_verdict *v, int ours,
    int ascii);

/* What the probe shown was taken before: "the run", or "run 1" of several. */
const char *layout_probe_when(const struct verdict_side *s);

/*
 * The verdict's level between before and after, "%" its last digit's:
 * " at 95% confidence" (" at ", " confidence"); "" when it does not say.
 */
char *layout_confidence(char *buf, size_t len, const struct gate_verdict *v,
    const char *before, const char *after);

/* s as XML text between open and close; nothing for no s. */
void layout_xml(FILE *fp, const char *open, const char *s, const char *close);

size_t layout_rows(const struct gate_verdict *v, enum class_kind k);

#endif
