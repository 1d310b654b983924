/* SPDX-License-Identifier: MIT */
/*
 * The sides the gate is handed, each one run or several (a result and
 * its probe each): whether a side's runs stand together, whether the
 * sides are whole sets, and the level a set taken until decided is ruled at.
 */
#ifndef SYNCGATE_GATE_SIDES_H
#define SYNCGATE_GATE_SIDES_H

#include <stddef.h>

#include "verdict/types.h"
#include "model/session.h"

struct gate_run_in {
	const struct result *r;
	const struct probe_record *probe;   /* NULL: the volume is unprobed */
	const char *file;                   /* the result file as given */
};

/* One side: one run, or several of one engine on one workload. */
struct gate_side_in {
	const struct result *r;             /* the first run */
	const struct probe_record *probe;   /* the first run's; NULL: unprobed */
	const char *file;                   /* the first run's file as given */
	const char *probe_file;             /* --probe FILE, or NULL: embedded */
	const struct gate_run_in *runs;     /* every run; NULL: r alone */
	size_t nruns;                       /* 0 or 1: one run */
};

/* The runs of a side (nruns, or 1), and run i's result. */
size_t gate_side_runs(const struct gate_side_in *s);
const struct result *gate_side_result(const struct gate_side_in *s, size_t i);

/*
 * Checks that a side's runs have one engine, workload and set of classes;
 * flag names the side ("--rival").  Returns 0, or -1 with err set.
 */
int gate_side_check(const struct gate_side_in *s, const char *flag, char *err);

/* A set of runs left out of a part: its engine and session, and which. */
struct gate_left {
	char engine[64];
	char session[SESSION_ID_LEN + 1];
	char runs[128];             /* "2, 4 to 6": the runs left out */
	long long of;               /* the runs the set holds */
};

#define GATE_MAX_LEFT 8

/*
 * Checks that the sides hold whole sets: of each session that wrote
 * several runs of an engine, every run (1 to its runs) once on either
 * side; of a set taken until decided, runs 1 to n, at least its first
 * look.  A part lets whoever chose the files choose the verdict.
 * Returns 0; with part_ok, the sets given in part (the first
 * GATE_MAX_LEFT in left); else -1 with err set.
 */
int gate_sides_whole(const struct gate_side_in *ours,
    const struct gate_side_in *rival, int part_ok, struct gate_left *left,
    char *err);

/*
 * The level these sides are ruled at: a set taken until decided at its
 * look's level of the plan (the highest where several carry one), else
 * confidence; *n gets that look's runs a side, 0 without a plan.
 */
double gate_sides_level(const struct gate_side_in *ours,
    const struct gate_side_in *rival, enum gate_mode mode, double confidence,
    long long *n);

#endif
