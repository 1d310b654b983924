/* SPDX-License-Identifier: MIT */
/*
 * The verdict's sentences (gate/verdict_words.c): who is who, the
 * headline, the words of a ruling against its limit, and each half's
 * reason.  Each function returning char * returns a string the caller
 * frees.
 */
#ifndef SYNCGATE_VERDICT_WORDS_H
#define SYNCGATE_VERDICT_WORDS_H

#include <stddef.h>

#include "gate/verdict_kinds.h"
#include "gate/verdict_types.h"

/* A string grown item by item, in time linear in its length. */
struct gate_list {
	char *s;                /* NULL until the first item; the caller frees it */
	size_t len, cap;
};

/* Appends item to l, after sep unless l is empty. */
void gate_list_add(struct gate_list *l, const char *sep, const char *item);

/* "zu's", "the baseline's", or "ours'" for a name ending in s. */
char *gate_possessive(const struct verdict_side *s, enum gate_mode m);
/* What follows name to make it possessive: "'s", or "'" after a final s. */
const char *gate_apostrophe(const char *name);
/* one when n is 1, else many: "sample", "samples". */
const char *gate_plural(size_t n, const char *one, const char *many);
/* "zu" or "the baseline". */
const char *gate_who(const struct verdict_side *s, enum gate_mode m, char *buf,
    size_t len);
/* "sync" after a number that reads "1", else "syncs". */
const char *gate_syncs(const char *num);
/* "rival: zu against ladybug on linkbench at a concurrency of 8". */
char *gate_headline(const struct gate_verdict *v);

/*
 * A half's reason, for its rows and checks in v and its ruling r: the
 * figures of a passing half summed up, else the reasons of its checks
 * ruled r, joined.  v->unit.why_none must be set when the unit is none.
 * The caller frees the string.
 */
char *gate_half_reason(const struct gate_verdict *v, enum class_kind kind,
    enum ruling r);

/*
 * The words of ruling r on a check of kind k under v's thresholds, which
 * end its reason: "at least 10x", "over the ceiling of 2", "too close to
 * 5% to call".  The caller frees the string.
 */
char *gate_check_words(const struct gate_check_kind *k, enum ruling r,
    const struct gate_verdict *v);

/*
 * The write ceiling as the ceiling note begins: "2 syncs a commit at p50
 * (--commit-syncs)".  The caller frees the string.
 */
char *gate_ceiling_words(double commit_syncs);

/*
 * What would settle an indeterminate check, as its reason ends: "; about
 * 12 runs a side would settle it with 80% probability, over what these
 * runs leave uncertain ..." from runs_needed, or "; about 4200 samples a
 * side ..." from samples_needed (a range of samples, from a verdict of
 * the rule before, "at 80% power"); NULL when it holds neither.  The
 * caller frees it.
 */
char *gate_settle_words(const struct verdict_check *c);

/*
 * Why the sides' runs came apart, a clause: "a run records no session
 * (an import, or an older result)".  A static string; "" for APART_NONE.
 */
const char *gate_apart_words(enum verdict_apart a);

/*
 * Whether v's read checks are indeterminate for --same-host: it was given
 * and the hosts are not known to be one.
 */
int verdict_host_holds(const struct gate_verdict *v);

/*
 * The end of the reason of a read check made indeterminate by
 * --same-host: "; indeterminate with --same-host: hosts differ (...)".
 * A static string.
 */
const char *verdict_host_words(enum verdict_hosts h);

#endif
