/* SPDX-License-Identifier: MIT */
/*
 * The verdict's sentences (report/phrases.c): who is who, the
 * headline, the words of a ruling against its limit, and each half's
 * reason.  Each function returning char * returns a string the caller
 * frees.
 */
#ifndef SYNCGATE_REPORT_PHRASES_H
#define SYNCGATE_REPORT_PHRASES_H

#include <stddef.h>

#include "verdict/kinds.h"
#include "verdict/types.h"

/* "zu's", "the baseline's", or "ours'" for a name ending in s. */
char *words_possessive(const struct verdict_side *s, enum gate_mode m);
/* What follows name to make it possessive: "'s", or "'" after a final s. */
const char *words_apostrophe(const char *name);
/* one when n is 1, else many: "sample", "samples". */
const char *words_plural(size_t n, const char *one, const char *many);
/* "zu" or "the baseline". */
const char *words_who(const struct verdict_side *s, enum gate_mode m, char *buf,
    size_t len);
/* "sync" after a number that reads "1", else "syncs". */
const char *words_syncs(const char *num);
/* "rival: zu against ladybug on linkbench at a concurrency of 8". */
char *words_headline(const struct gate_verdict *v);

/*
 * A half's reason, for its rows and checks in v and its ruling r: the
 * figures of a passing half summed up, else the reasons of its checks
 * ruled r, joined.  v->unit.why_none must be set when the unit is none.
 * The caller frees the string.
 */
char *words_half(const struct gate_verdict *v, enum class_kind kind,
    enum ruling r);

/*
 * The words of ruling r on a check of kind k under v's thresholds, which
 * end its reason: "at least 10x", "over the ceiling of 2", "too close to
 * 5% to call".  The caller frees the string.
 */
char *words_ruling(const struct gate_check_kind *k, enum ruling r,
    const struct gate_verdict *v);

/*
 * The write ceiling as the ceiling note begins: "2 syncs a commit at p50
 * (--commit-syncs)".  The caller frees the string.
 */
char *words_ceiling(double commit_syncs);

/*
 * Why the sides' runs came apart, a clause: "a run records no session
 * (an import, or an older result)".  A static string; "" for APART_NONE.
 */
const char *words_apart(enum verdict_apart a);

/*
 * The end of the reason of a read check made indeterminate by
 * --same-host: "; indeterminate with --same-host: hosts differ (...)".
 * A static string.
 */
const char *words_host_hold(enum verdict_hosts h);

#endif
