/* SPDX-License-Identifier: MIT */
/*
 * The gate's own rulings, open to a verdict read back from a file: a
 * saved verdict is re-ruled from its figures with the functions the
 * gate rules with, never held to the words it was saved with.
 */
#ifndef SYNCGATE_GATE_RERULE_H
#define SYNCGATE_GATE_RERULE_H

#include "gate/verdict.h"

/*
 * Rules check c on its value and interval against its limit (passing at
 * least the limit when at_least) as the gate does, under v's mode, scope
 * and hosts: sets c->ruling and c->held (a fail held indeterminate over
 * one run a side in baseline mode), a read across hosts not known to be
 * one indeterminate with --same-host.  Returns the figure's own ruling,
 * before either hold, which the words of the reason say.
 */
enum ruling gate_check_rule(const struct gate_verdict *v, struct verdict_check *c,
    int at_least);

/* Rules v's halves from its rows' rulings and the whole from its halves. */
void gate_rule_whole(struct gate_verdict *v);

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

/*
 * A loaded verdict re-ruled: its structure held (verdict_check), each
 * check ruled again from its value, interval and limit, each class, half
 * and the whole combined as the gate combines them; its words are made
 * from these when it is rendered (report/words.h).  name is the file,
 * for messages.  Returns 0, or -1 with err naming the file, the field
 * and what was expected.
 */
int verdict_rerule(struct gate_verdict *v, const char *name, char *err);

#endif
