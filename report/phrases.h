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
 * figures of a passing half summed up, else how many of its checks were
 * ruled r and the worst of them in figures ("1 of 2 checks fail;
 * worst: point-read p50 speedup 8x, limit >= 10x").  v->unit.why_none
 * must be set when the unit is none.  The caller frees the string.
 */
char *words_half(const struct gate_verdict *v, enum class_kind kind, enum ruling r);

/*
 * Why a check is neither passed nor failed, or held, as a key of its
 * short words: what would settle it, or what holds it.  WHY_NONE for a
 * check its figures decided.  The legend (words_why_each, words.h)
 * says each in full.
 */
enum words_why {
	WHY_NONE = 0,
	WHY_NO_UNIT,            /* not ruled in syncs: no unit */
	WHY_NO_FIGURE,          /* not ruled: no figure */
	WHY_HOSTS,              /* a read across hosts, with --same-host */
	WHY_HELD,               /* a fail held: one run a side */
	WHY_HELD_APART,         /* a fail held: the sides came apart */
	WHY_RUNS,               /* about N runs a side would settle it */
	WHY_SAMPLES,            /* about N samples a side */
	WHY_CLOSE,              /* too close to call, no count given */
	WHY_RUNS_CAPPED,        /* more runs than the cap */
	WHY_SAMPLES_CAPPED,     /* more samples than the cap */
	WHY_ON_LIMIT,
	WHY_SPREAD,
	WHY_THIN,
	WHY_APART,
	WHY_NO_SAMPLES,
	WHY_BAND,
	WHY_RANGES,
	WHY_BAND_RANGES,
	WHY_FAILED,
	WORDS_NWHY              /* how many; not a key */
};

/*
 * A count of runs or samples that would settle a check, lo to hi, hi
 * past cap unbounded, into buf: "about 12 to 30", "about 12", "about 12
 * or more", or tersely "~12-30", "~12", "~12+".  Returns buf.
 */
const char *words_about(char *buf, size_t len, int terse, long long lo,
    long long hi, long long cap);

/* Check c's key. */
enum words_why words_why_key(const struct gate_verdict *v,
    const struct verdict_check *c);

/*
 * Check c's short why, as its line in a table ends: "~12 runs", "held:
 * 1 run", "on the limit"; "" for WHY_NONE.  Into buf, which it returns.
 */
const char *words_why(const struct gate_verdict *v,
    const struct verdict_check *c, char *buf, size_t len);

/* The name a key's short words go by in the legend: "~N runs", "thin runs". */
const char *words_why_name(enum words_why w);

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
