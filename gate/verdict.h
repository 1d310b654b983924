/* SPDX-License-Identifier: MIT */
/*
 * The checks of a loaded verdict's figures, over the verdict's layers
 * bottom up: types, lifetime and names, figures, rulings, words.  A
 * renderer includes only the layers it uses.
 */
#ifndef SYNCGATE_VERDICT_H
#define SYNCGATE_VERDICT_H

#include "verdict/base.h"
#include "verdict/digits.h"
#include "verdict/kinds.h"
#include "verdict/types.h"

/*
 * A loaded row's ratios, syncs and has_samples made again from its
 * latencies, the unit and its sample counts, and each interval held
 * around its figure; path is where the row sits ("writes.classes[0]").
 * file names the file.  Returns 0, or -1 with err naming the file, the
 * field and what was expected, as each function below.
 */
int verdict_derive_row(struct verdict_row *r, const struct verdict_unit *u,
    const char *file, const char *path, char *err);

/* A loaded unit as its source has it: a shared one's rival half is ours. */
int verdict_derive_unit(struct verdict_unit *u, const char *file, char *err);

/*
 * A loaded verdict's structure and figures, held to each other before
 * verdict_rerule rules it again: each class once, each check a kind the
 * gate makes with its half's limit and its class's figures, no check of
 * a class in neither half.  Its rulings and words are not held to
 * anything: they are made again.  name is the file, for messages; each
 * returns 0, or -1 with err naming the file, the field and what was
 * expected.
 */
int verdict_check(const struct gate_verdict *v, const char *name, char *err);

/*
 * A loaded verdict re-ruled: its structure held (verdict_check), each
 * check ruled again from its value, interval and limit, each class, half
 * and the whole combined as the gate combines them; its words are made
 * from these when it is rendered (report/words.h).
 */
int verdict_rerule(struct gate_verdict *v, const char *name, char *err);

#endif
