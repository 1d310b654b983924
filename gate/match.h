/* SPDX-License-Identifier: MIT */
/*
 * The classes both sides ran, matched by name, and the names that would
 * print alike (gate/match.c).
 */
#ifndef SYNCGATE_GATE_MATCH_H
#define SYNCGATE_GATE_MATCH_H

#include <stddef.h>

#include "verdict/types.h"
#include "model/result.h"

/* The classes both results ran, matched by name (gate/match.c). */
struct gate_match {
	const struct result_class **rival_of;   /* per class of ours: the rival's, or NULL */
	unsigned char *has_ours;        /* per class of the rival's: 1 when ours ran it too */
	size_t n;                       /* classes both ran */
};

/* Matches ours' classes with rival's; free m with gate_match_free. */
void gate_match(struct gate_match *m, const struct result *ours,
    const struct result *rival);
/* Frees what m holds (not m); accepts NULL. */
void gate_match_free(struct gate_match *m);

/*
 * Notes in v each group of different class names (of either side) that
 * would print alike (lib/alike.h), and two engine names that would,
 * naming them with their bytes: they are matched by bytes, so a reader
 * must be told they are not one name.  Call after gate_rule, which
 * fills the side labels the notes use.
 */
void gate_note_alike(struct gate_verdict *v, const struct result *ours,
    const struct result *rival);

#endif
