/* SPDX-License-Identifier: MIT */
/* The classes both sides ran, matched by name, and names that print alike. */
#ifndef SYNCGATE_GATE_MATCH_H
#define SYNCGATE_GATE_MATCH_H

#include <stddef.h>

#include "verdict/types.h"
#include "model/result.h"

struct gate_match {
	const struct result_class **rival_of;   /* per class of ours: the rival's, or NULL */
	unsigned char *has_ours;        /* per class of the rival's: 1 when ours ran it too */
	size_t n;                       /* classes both ran */
};

/* Matches ours' classes with rival's; free m with gate_match_free (NULL too). */
void gate_match(struct gate_match *m, const struct result *ours,
    const struct result *rival);
void gate_match_free(struct gate_match *m);

/*
 * Notes each group of different class names, and two engine names, that
 * would print alike (lib/alike.h): matched by bytes, a reader must be
 * told they are not one name.  Call after gate_rule (the side labels).
 */
void gate_note_alike(struct gate_verdict *v, const struct result *ours,
    const struct result *rival);

#endif
