/* SPDX-License-Identifier: MIT */
/*
 * The verdict's words, made from what the gate decided and recorded
 * (report/words.c): each check's reason, each half's, the ceiling note.
 * The gate records codes and figures; every format renders the words
 * made here, once, so that they agree; a verdict read back has its words
 * made again from its codes, never read.
 */
#ifndef SYNCGATE_REPORT_WORDS_H
#define SYNCGATE_REPORT_WORDS_H

#include "report/phrases.h"
#include "verdict/types.h"

/*
 * Fills v's words from its codes and figures, freeing any it held: each
 * check's reason, then each half's (which gathers its checks'), and the
 * ceiling note.  Call before rendering a verdict the gate made or a
 * file gave.
 */
void report_words(struct gate_verdict *v);

/* "about 12 runs a side would settle it ...", as a reason ends; NULL: none. */
char *words_settle(const struct gate_verdict *v, const struct verdict_check *c);

/*
 * The legend of v's checks: each short why they use, in the order of
 * enum words_why, its name and its words in full given to fn with ctx.
 */
void words_why_each(const struct gate_verdict *v,
    void (*fn)(void *ctx, const char *name, const char *text), void *ctx);

#endif
