/* SPDX-License-Identifier: MIT */
/*
 * The gate's own rulings, open to a verdict read back from a file: a
 * saved verdict is re-ruled from its figures with the functions the
 * gate rules with, never held to the words it was saved with.
 */
#ifndef SYNCGATE_GATE_VERDICT_RULINGS_H
#define SYNCGATE_GATE_VERDICT_RULINGS_H

#include "gate/verdict.h"

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
