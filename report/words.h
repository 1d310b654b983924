/* SPDX-License-Identifier: MIT */
/*
 * The verdict's words, made once from the codes and figures the gate
 * recorded so every format agrees; a verdict read back is worded again.
 */
#ifndef SYNCGATE_REPORT_WORDS_H
#define SYNCGATE_REPORT_WORDS_H

#include "report/phrases.h"
#include "verdict/types.h"

/*
 * Fills (and refills) v's reasons, notes and ceiling note before rendering:
 * every check's, half's and unmatched class's reason is then set.
 */
void report_words(struct gate_verdict *v);

/* "about 12 runs a side would settle it ...", as a reason ends; NULL: none. */
char *words_settle(const struct gate_verdict *v, const struct verdict_check *c);

/* Each short why v's checks use, in order, its name and full words to fn. */
void words_why_each(const struct gate_verdict *v,
    void (*fn)(void *ctx, const char *name, const char *text), void *ctx);

#endif
