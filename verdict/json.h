/* SPDX-License-Identifier: MIT */
/* syncgate-verdict/1's fields, as gate/verdict_load.c reads them and as written. */
#ifndef SYNCGATE_VERDICT_JSON_H
#define SYNCGATE_VERDICT_JSON_H

#include <cjson/cJSON.h>

#include "lib/json_fields.h"
#include "verdict/types.h"

/* Of a struct gate_verdict: its own fields, the sides and the unit; each half's. */
extern const struct json_field verdict_top_fields[], verdict_half_fields[2][6];
/* Of a struct verdict_row (after its position), check and unmatched class. */
extern const struct json_field verdict_row_fields[], verdict_check_fields[],
    verdict_unmatched_fields[];

/* What the gate noted, as codes; an older verdict keeps its words as NOTE_SAVED. */
int verdict_get_noted(const cJSON *root, struct gate_verdict *v,
    const struct json_at *at);

/* The verdict as syncgate-verdict/1 (docs/verdict-format.md); the caller frees it. */
cJSON *verdict_to_json(const struct gate_verdict *v);

#endif
