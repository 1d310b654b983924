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

/*
 * Rules v's halves from its rows' rulings and the whole from its halves,
 * as the gate does, and makes their words: the halves' reasons and the
 * ceiling note (a rival with write classes), freeing what they held.
 */
void gate_rule_whole(struct gate_verdict *v);

/*
 * Check i of v as a kind of check the gate makes for its class (its
 * statistic, value_unit and comparison), its limit its half's threshold:
 * the kind, or NULL with err naming the field.  name is the file.
 */
const struct gate_check_kind *verdict_check_kind(const struct gate_verdict *v,
    size_t i, const char *name, char *err);

/*
 * Check i's value and interval of kind k as the figures of its class's
 * row give them: 0, or -1 with err naming the field.
 */
int verdict_check_value(const struct gate_verdict *v, size_t i,
    const struct gate_check_kind *k, const struct verdict_row *row,
    const char *name, char *err);

/*
 * A loaded verdict re-ruled: its figures held to each other
 * (verdict_check), each check ruled again from its value, interval and
 * limit, each class, half and the whole combined as the gate combines
 * them, and the words that follow from the rulings (a reason whose
 * ruling changed, the halves' reasons, the ceiling note)
 * made again by the gate.  name is the file, for messages.  Returns 0,
 * or -1 with err naming the file, the field and what was expected.
 */
int verdict_rerule(struct gate_verdict *v, const char *name, char *err);

#endif
