/* SPDX-License-Identifier: MIT */
/*
 * A loaded verdict's figures made again from what it saved, and each check
 * read as a kind of check the gate makes: what verdict_rerule rules on.
 */
#ifndef SYNCGATE_GATE_VERDICT_FIGURES_H
#define SYNCGATE_GATE_VERDICT_FIGURES_H

#include "gate/verdict.h"

/*
 * A loaded row's ratios, syncs and has_samples made again from its
 * latencies, the unit and its sample counts, and each interval held
 * around its figure; path is where the row sits ("writes.classes[0]").
 * Returns 0, or -1 with err naming the file, the field and what was
 * expected, as each function below.  file names the file.
 */
int verdict_derive_row(struct verdict_row *r, const struct verdict_unit *u,
    const char *file, const char *path, char *err);

/* A loaded unit as its source has it: a shared one's rival half is ours. */
int verdict_derive_unit(struct verdict_unit *u, const char *file, char *err);

/* The thresholds of v's mode, and none of the other mode's. */
int verdict_check_thresholds(const struct gate_verdict *v, const char *file,
    char *err);

/*
 * Check i of v as a kind of check the gate makes for its class, its
 * limit its half's threshold: the kind, or NULL with err set.
 */
const struct gate_check_kind *verdict_check_kind(const struct gate_verdict *v,
    size_t i, const char *file, char *err);

/*
 * Check i's value of kind k as the figures of its class's row give it,
 * and its interval, where the row does not give it, around its value.
 */
int verdict_check_value(const struct gate_verdict *v, size_t i,
    const struct gate_check_kind *k, const struct verdict_row *row,
    const char *file, char *err);

/* Check c of kind k's unit, comparison and, where its row gives it, interval. */
void verdict_derive_check(struct verdict_check *c,
    const struct gate_check_kind *k, const struct verdict_row *row,
    const struct verdict_unit *u);

#endif
