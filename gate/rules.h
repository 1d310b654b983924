/* SPDX-License-Identifier: MIT */
/*
 * The gate's rules: two results (and their probes) in, a filled verdict
 * out.  Reads are ruled as a speedup ratio against the rival; writes in
 * units of one durable sync of the volume; in baseline mode every class
 * as a regression against the old run.  Every word a report prints is
 * made here or in the verdict's words (gate/verdict.h); report/ only
 * lays it out.
 */
#ifndef SYNCGATE_GATE_RULES_H
#define SYNCGATE_GATE_RULES_H

#include "gate/interval.h"
#include "gate/verdict.h"
#include "lib/probe_record.h"
#include "lib/result.h"

/* One side as the command line gave it. */
struct gate_side_in {
	const struct result *r;
	const struct probe_record *probe;   /* NULL: the volume is unprobed */
	const char *file;                   /* the result file as given */
	const char *probe_file;             /* --probe FILE, or NULL: embedded */
};

struct gate_opts {
	enum gate_mode mode;
	double read_speedup;        /* MODE_RIVAL: reads at least this many times faster */
	double commit_syncs;        /* MODE_RIVAL: our p50 at most this many syncs */
	double max_regression;      /* MODE_BASELINE: at most this fraction slower */
	double confidence;          /* 0.95 */
};

#define GATE_DEFAULT_READ_SPEEDUP 10.0
#define GATE_DEFAULT_COMMIT_SYNCS 2.0
#define GATE_DEFAULT_MAX_REGRESSION 0.05
#define GATE_DEFAULT_CONFIDENCE 0.95

/* Sets the defaults above for mode. */
void gate_opts_init(struct gate_opts *o, enum gate_mode mode);

/*
 * Rules ours against rival into v (which it initialises).  Returns 0, or
 * -1 with err set when the two cannot be compared (a class that is a
 * read on one side and a write on the other); v is then freed.
 */
int gate_rule(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_opts *o, struct gate_verdict *v, char *err);

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

/* The sync unit each side's writes are divided by (gate/unit.c). */
struct gate_unit {
	struct gate_part ours, rival;   /* PART_SAMPLED over probe samples */
	double *ours_x, *rival_x;       /* sorted copies the parts point into */
	int shared;
};

/*
 * Chooses the unit from the two probes and fills v->unit; u's parts are
 * set only when v->unit.source is not UNIT_NONE.  Free u with
 * gate_unit_free.
 */
void gate_unit_choose(const struct gate_side_in *ours,
    const struct gate_side_in *rival, struct gate_verdict *v,
    struct gate_unit *u);
/* Frees what u holds (not u); accepts NULL. */
void gate_unit_free(struct gate_unit *u);

#endif
