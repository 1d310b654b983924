/* SPDX-License-Identifier: MIT */
/*
 * The verdict's sentences: who is who, the headline, a ruling's words and
 * each half's reason.  A char * returned is the caller's to free.
 */
#ifndef SYNCGATE_REPORT_PHRASES_H
#define SYNCGATE_REPORT_PHRASES_H

#include <stddef.h>

#include "verdict/kinds.h"
#include "verdict/types.h"

/* "'s", or "'" after a final s. */
const char *words_apostrophe(const char *name);
const char *words_plural(size_t n, const char *one, const char *many);
/* "zu" or "the baseline". */
const char *words_who(const struct gate_verdict *v, int rival, char *buf,
    size_t len);
/* "sync" after a number that reads "1", else "syncs". */
const char *words_syncs(const char *num);
/* out, once spent (the words out was made of) is freed. */
char *words_spent(char *out, char *spent);
/* "rival: zu against ladybug on linkbench at a concurrency of 8". */
char *words_headline(const struct gate_verdict *v);

/*
 * A half's reason: a passing half's figures, else how many checks were
 * ruled r and the worst ("1 of 2 checks fail; worst: ...").  Needs
 * v->unit.why_none set when the unit is none.
 */
char *words_half(const struct gate_verdict *v, enum class_kind kind, enum ruling r);

/* Why a check is open or held, as a key; WHY_NONE for one its figures decided. */
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

/* Runs or samples lo to hi (past cap: unbounded): "about 12 to 30", "~12+". */
const char *words_about(char *buf, size_t len, int terse, long long lo,
    long long hi, long long cap);

enum words_why words_why_key(const struct gate_verdict *v,
    const struct verdict_check *c);

/* Check c's short why: "~12 runs", "held: 1 run"; "" for WHY_NONE. */
const char *words_why(const struct gate_verdict *v,
    const struct verdict_check *c, char *buf, size_t len);

/* A key's name in the legend: "~N runs", "thin runs". */
const char *words_why_name(enum words_why w);

/* Ruling r's words ending a reason: "at least 10x", "too close to 5% to call". */
char *words_ruling(const struct gate_check_kind *k, enum ruling r,
    const struct gate_verdict *v);

/* "2 syncs a commit at p50 (--commit-syncs)", as the ceiling note begins. */
char *words_ceiling(double commit_syncs);

/* Why the sides' runs came apart, a static clause; "" for APART_NONE. */
const char *words_apart(enum verdict_apart a);

/* "; indeterminate with --same-host: hosts differ (...)", static. */
const char *words_host_hold(enum verdict_hosts h);

#endif
