/* SPDX-License-Identifier: MIT */
/*
 * A saved verdict read back: its schema and ranges checked, then ruled
 * again from its figures by the gate (gate/verdict.h), never held to the
 * words it was saved with.
 */
#ifndef SYNCGATE_GATE_VERDICT_LOAD_H
#define SYNCGATE_GATE_VERDICT_LOAD_H

#include <cjson/cJSON.h>

#include "verdict/types.h"

/*
 * Reads a syncgate-verdict/1 tree back into v (which it initialises).
 * name labels messages ("v.json: reads.classes[2].ours.p50_ns is a
 * string; expected ...").  Returns 0, or -1 with err set and v freed.
 */
int verdict_from_json(const cJSON *root, const char *name,
    struct gate_verdict *v, char *err);

/* Loads a verdict file; as verdict_from_json. */
int verdict_load(const char *path, struct gate_verdict *v, char *err);

#endif
