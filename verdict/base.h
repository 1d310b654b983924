/* SPDX-License-Identifier: MIT */
/* The verdict's lifetime, its values' names, its sides' labels: calls only lib/. */
#ifndef SYNCGATE_VERDICT_BASE_H
#define SYNCGATE_VERDICT_BASE_H

#include "verdict/types.h"

/*
 * Each enum's words, a table sized by its count so that a value without
 * words fails to build; the loader reads them back through the same
 * tables.  Out of range, a name function gives the first value's.
 */
extern const char *const ruling_names[];
const char *ruling_name(enum ruling r);
extern const char *const gate_mode_names[];
const char *gate_mode_name(enum gate_mode m);
extern const char *const verdict_scope_names[];
const char *verdict_scope_name(enum verdict_scope s);
extern const char *const verdict_hosts_names[];
const char *verdict_hosts_name(enum verdict_hosts h);
const char *verdict_apart_name(enum verdict_apart a);
extern const char *const verdict_settle_names[];
extern const char *const verdict_shift_names[];
extern const char *const unit_source_names[];
const char *unit_source_name(enum unit_source s);

extern const char *const unit_unusable_names[];
extern const char *const unit_window_names[];
extern const char *const unit_two_names[];
extern const char *const unit_pick_names[];

/* Zeroes v, with NaN in every figure; frees all v holds (not v), NULL too. */
void verdict_init(struct gate_verdict *v);
void verdict_free(struct gate_verdict *v);

/* EXIT_FAIL if v failed; else EXIT_PASS, or unpassed with strict EXIT_INDETERMINATE. */
int verdict_exit_status(const struct gate_verdict *v, int strict);

/*
 * Appends what the gate noticed, a code of side (-1 neither), its fields
 * zero, its figures NaN: the caller fills those the code uses.
 */
struct verdict_note *verdict_noted(struct gate_verdict *v,
    enum verdict_note_code code, int side);

/* A note code's JSON name and its fields' (NULL: unused; side 1: used). */
struct verdict_note_fields {
	const char *name;
	int side;
	const char *cls;
	const char *s[2];
	const char *n[6];
	const char *x[4];
};

extern const struct verdict_note_fields verdict_note_fields[];

/* A value with no interval. */
struct verdict_value verdict_point(double v);

/*
 * A side's label, else the engine's name ("ours", "rival" when absent),
 * or in baseline mode "new" and "baseline".
 */
const char *verdict_ours_label(const struct gate_verdict *v);
const char *verdict_rival_label(const struct gate_verdict *v);

/* Whether reads are held indeterminate: --same-host, hosts not known to be one. */
int verdict_host_holds(const struct gate_verdict *v);

#endif
