/* SPDX-License-Identifier: MIT */
/*
 * The verdict's lifetime, the names of its values and the labels its
 * sides go by (verdict/base.c): the bottom of verdict/, calling
 * only lib/.
 */
#ifndef SYNCGATE_VERDICT_BASE_H
#define SYNCGATE_VERDICT_BASE_H

#include "verdict/types.h"

/*
 * Each enum's words, one table indexed by it and sized by its count, so
 * that a new value without words fails to build (each definition holds
 * a _Static_assert); the loader reads the words back through the same
 * tables.  Each name function gives, out of range, the first value's.
 */
extern const char *const ruling_names[VERDICT_NRULINGS];
const char *ruling_name(enum ruling r);
extern const char *const gate_mode_names[GATE_NMODES];
const char *gate_mode_name(enum gate_mode m);
extern const char *const verdict_scope_names[VERDICT_NSCOPES];
const char *verdict_scope_name(enum verdict_scope s);
extern const char *const verdict_hosts_names[VERDICT_NHOSTS];
const char *verdict_hosts_name(enum verdict_hosts h);
extern const char *const verdict_apart_names[VERDICT_NAPART];
const char *verdict_apart_name(enum verdict_apart a);
extern const char *const verdict_settle_names[VERDICT_NSETTLES];
const char *verdict_settle_name(enum verdict_settle s);
extern const char *const verdict_shift_names[VERDICT_NSHIFTS];
const char *verdict_shift_name(enum verdict_shift s);
extern const char *const unit_source_names[UNIT_NSOURCES];
const char *unit_source_name(enum unit_source s);

/* The words of what a unit was taken from (docs/verdict-format.md). */
extern const char *const unit_unusable_names[UNIT_NUNUSABLE];
extern const char *const unit_window_names[UNIT_NWINDOWS];
extern const char *const unit_two_names[UNIT_NTWO];
extern const char *const unit_pick_names[UNIT_NPICKS];

/* Zeroes v, with NaN in every figure. */
void verdict_init(struct gate_verdict *v);

/* Frees everything v holds (not v); accepts NULL. */
void verdict_free(struct gate_verdict *v);

/*
 * The exit status v's ruling gives, whoever rules or renders it:
 * EXIT_FAIL when it failed, EXIT_PASS when it passed or could not rule,
 * EXIT_INDETERMINATE for that with strict.
 */
int verdict_exit_status(const struct gate_verdict *v, int strict);

/*
 * Appends what the gate noticed, a code of side (-1 neither), its fields
 * zero, its figures NaN: the caller fills those the code uses.
 */
struct verdict_note *verdict_noted(struct gate_verdict *v,
    enum verdict_note_code code, int side);

/*
 * A note code's name in the verdict's JSON and the names of the fields it
 * uses, each NULL where unused: side (1: used), the class, the strings a
 * and b, the counts n[] and the figures x[].
 */
struct verdict_note_fields {
	const char *name;
	int side;
	const char *cls;
	const char *s[2];
	const char *n[6];
	const char *x[4];
};

extern const struct verdict_note_fields verdict_note_fields[VERDICT_NNOTES];

/* A value with no interval. */
struct verdict_value verdict_point(double v);

/*
 * The labels the two sides go by: the gate's (side.label), else what a
 * renderer prints for a file without one: the engines' names against a
 * rival ("ours" and "rival" when absent), "new" and "baseline" in
 * baseline mode.
 */
const char *verdict_ours_label(const struct gate_verdict *v);
const char *verdict_rival_label(const struct gate_verdict *v);

/*
 * Whether v's read checks are indeterminate for --same-host: it was given
 * and the hosts are not known to be one.
 */
int verdict_host_holds(const struct gate_verdict *v);

#endif
