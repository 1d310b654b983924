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
 * Sets half h of v (reads or writes, by kind) to the worst of its rows'
 * rulings and its reason to the gate's words for them (the old reason is
 * the caller's to free).
 */
void gate_rule_half(struct gate_verdict *v, enum class_kind kind,
    struct verdict_half *h);

/* Sets v->ceiling_note (the old one is the caller's to free). */
void gate_ceiling_note(struct gate_verdict *v);

#endif
