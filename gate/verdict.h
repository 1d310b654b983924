/* SPDX-License-Identifier: MIT */
/*
 * The check of a loaded verdict, over the verdict's layers bottom up:
 * types, lifetime and names, figures, rulings, words.  A renderer
 * includes only the layers it uses.
 */
#ifndef SYNCGATE_VERDICT_H
#define SYNCGATE_VERDICT_H

#include "gate/verdict_base.h"
#include "gate/verdict_digits.h"
#include "gate/verdict_kinds.h"
#include "gate/verdict_types.h"
#include "gate/verdict_words.h"

/*
 * A loaded verdict held to the gate (gate/verdict_rulings.c,
 * verdict_figures.c, verdict_reasons.c), so that a file edited until it
 * passes is refused rather than rendered.  name is the file, for
 * messages; each returns 0, or -1 with err naming the file, the field
 * and what the gate would have written there.
 */

/*
 * The whole verdict: its figures (verdict_check_figures), each class
 * once, each class the worst of its checks and each check ruled as the
 * gate rules its figure, each half the worst of its classes, the verdict
 * the worse of the halves, no check of a class in neither half, and its
 * words (verdict_check_reasons).  The unit and the rows are held to
 * theirs as they load (verdict_check_unit, verdict_check_row).
 */
int verdict_check(const struct gate_verdict *v, const char *name, char *err);

/*
 * The unit as its source has it, and a row's ratios and syncs as its
 * latencies and the unit give them; path is where the row sits
 * ("writes.classes[0]").
 */
int verdict_check_unit(const struct verdict_unit *u, const char *name,
    char *err);
int verdict_check_row(const struct verdict_row *r, const struct verdict_unit *u,
    const char *name, const char *path, char *err);

/*
 * The thresholds of v's mode, each check a kind the gate makes there,
 * its limit its half's threshold, its value and interval its class's
 * figures.
 */
int verdict_check_figures(const struct gate_verdict *v, const char *name,
    char *err);

/*
 * Each check's reason ends in the words the gate gives its ruling
 * against its limit, each half's reason is the gate's for its checks,
 * the ceiling note states commit_syncs.  For a verdict whose rulings
 * are known to be the gate's.
 */
int verdict_check_reasons(const struct gate_verdict *v, const char *name,
    char *err);

#endif
