/* SPDX-License-Identifier: MIT */
/*
 * The sides the gate is handed (gate/sides.c): each one run or several,
 * each run a result and its probe; whether a side's runs stand together,
 * whether the sides are whole sets, and the level a set taken until
 * decided is ruled at.
 */
#ifndef SYNCGATE_GATE_SIDES_H
#define SYNCGATE_GATE_SIDES_H

#include <stddef.h>

#include "verdict/types.h"
#include "model/probe_record.h"
#include "model/result.h"
#include "model/session.h"

/* One run of a side: a result and the probe its writes are put in syncs by. */
struct gate_run_in {
	const struct result *r;
	const struct probe_record *probe;   /* NULL: the volume is unprobed */
	const char *file;                   /* the result file as given */
};

/*
 * One side as the command line gave it: one run, or several runs of one
 * engine on one workload (each a result with its own probe).
 */
struct gate_side_in {
	const struct result *r;             /* the first run */
	const struct probe_record *probe;   /* the first run's; NULL: unprobed */
	const char *file;                   /* the first run's file as given */
	const char *probe_file;             /* --probe FILE, or NULL: embedded */
	const struct gate_run_in *runs;     /* every run; NULL: r alone */
	size_t nruns;                       /* 0 or 1: one run */
};

/* The runs of a side: nruns, or 1. */
size_t gate_side_runs(const struct gate_side_in *s);

/* Run i's result, i below gate_side_runs(s). */
const struct result *gate_side_result(const struct gate_side_in *s, size_t i);

/*
 * Checks that the runs of one side can stand together: one engine, one
 * workload and one set of classes (names and kinds) in every run.  flag
 * names the side in messages ("--rival").  Returns 0, or -1 with err
 * naming the run's file and what differs.
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
 * Checks that the sides hand the gate whole sets: of each session that
 * set out to write several runs of an engine, every run of that engine
 * (1 to its runs), on one side or the other, each once; of a set taken
 * until decided (session.plan), runs 1 to n, n at least its first look,
 * the runs of one look.  A part of a set lets whoever chose the files
 * choose the verdict (dropping the one run that failed).  Returns 0;
 * with part_ok, the number of sets given in part, their first
 * GATE_MAX_LEFT in left; else -1 with err naming the file, the runs left
 * out and what was expected.
 */
int gate_sides_whole(const struct gate_side_in *ours,
    const struct gate_side_in *rival, int part_ok, struct gate_left *left,
    char *err);

/*
 * The level a gate of these sides rules at: a set taken until decided
 * (session.plan) is ruled as the look its runs a side make was, at that
 * look's level of the plan (gate/sequential.h), the highest where
 * several runs carry one; else confidence.  *n gets that look's runs a
 * side, 0 without a plan.
 */
double gate_sides_level(const struct gate_side_in *ours,
    const struct gate_side_in *rival, enum gate_mode mode, double confidence,
    long long *n);

#endif
