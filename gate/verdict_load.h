/* SPDX-License-Identifier: MIT */
/* A saved verdict read back: its schema and ranges checked, then re-ruled. */
#ifndef SYNCGATE_GATE_VERDICT_LOAD_H
#define SYNCGATE_GATE_VERDICT_LOAD_H

#include <cjson/cJSON.h>

#include "verdict/types.h"

/*
 * Reads a syncgate-verdict/1 tree into v (which it initialises); name
 * labels messages.  Returns 0, or -1 with err set and v freed.
 */
int verdict_from_json(const cJSON *root, const char *name,
    struct gate_verdict *v, char *err);

#endif
