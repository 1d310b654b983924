/* SPDX-License-Identifier: MIT */
/*
 * The checks of a loaded verdict's figures, over the verdict's layers
 * (types, lifetime and names, figures, rulings, words).
 */
#ifndef SYNCGATE_VERDICT_H
#define SYNCGATE_VERDICT_H

#include "verdict/base.h"
#include "verdict/digits.h"
#include "verdict/kinds.h"
#include "verdict/types.h"

/*
 * Each returns 0, or -1 with err naming file, the field and what was
 * expected.  A loaded row's ratios, syncs and has_samples made again, each
 * interval held around its figure; path is the row's ("writes.classes[0]").
 */
int verdict_derive_row(struct verdict_row *r, const struct verdict_unit *u,
    const char *file, const char *path, char *err);

/* A loaded unit as its source has it: a shared one's rival half is ours. */
int verdict_derive_unit(struct verdict_unit *u, const char *file, char *err);

/*
 * A loaded verdict's structure and figures held to each other: each class
 * once, each check a kind the gate makes with its half's limit and its
 * class's figures.  Its rulings and words are made again, not held.
 */
int verdict_check(const struct gate_verdict *v, const char *name, char *err);

/* verdict_check, then each check, class, half and the whole ruled again. */
int verdict_rerule(struct gate_verdict *v, const char *name, char *err);

#endif
