/* SPDX-License-Identifier: MIT */
/*
 * The gate's rules: two results (and their probes) in, a filled verdict
 * out.  Reads are ruled as a speedup ratio against the rival; writes in
 * units of one durable sync of the volume; in baseline mode every class
 * as a regression against the old run.  Every word a report prints is
 * made here or in the verdict's words (report/phrases.h); report/ only
 * lays it out.
 */
#ifndef SYNCGATE_GATE_RULES_H
#define SYNCGATE_GATE_RULES_H

#include "gate/interval.h"
#include "verdict/types.h"
#include "model/noise.h"
#include "model/probe_record.h"
#include "model/result.h"
#include "model/runs.h"

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

struct gate_opts {
	enum gate_mode mode;
	double read_speedup;        /* MODE_RIVAL: reads at least this many times faster */
	double commit_syncs;        /* MODE_RIVAL: our p50 at most this many syncs */
	double max_regression;      /* MODE_BASELINE: at most this fraction slower */
	double confidence;          /* 0.95 */
	/*
	 * A runner's run-to-run noise (syncgate calibrate), for a side of one
	 * run; NULL: none.
	 */
	const struct noise *noise;
	int single_run_ok;          /* one run a side: the sampling alone; fails as such */
	/*
	 * One run a side without a noise record: 1 (the default) takes
	 * GATE_DEFAULT_SPREAD_P50 and _P99 as the spread between runs; 0
	 * rules on the sampling alone (--single-run-ok sets it, and tests of
	 * the sampling rule).
	 */
	int one_run_spread;
	int same_host;              /* reads across two hosts are indeterminate */
	/* --part-ok: a part of a set is ruled, named (gate_sides_whole) */
	int part_ok;
};

#define GATE_DEFAULT_READ_SPEEDUP 10.0
#define GATE_DEFAULT_COMMIT_SYNCS 2.0
#define GATE_DEFAULT_MAX_REGRESSION 0.05
#define GATE_DEFAULT_CONFIDENCE 0.95
/*
 * One run a side without --noise or --single-run-ok: the run-to-run
 * spread each figure is taken to have, a standard deviation of its log
 * (docs/result-format.md, "One run a side"), at p50 and at p99; the
 * syncs take their latency's.
 */
#define GATE_DEFAULT_SPREAD_P50 0.20
#define GATE_DEFAULT_SPREAD_P99 0.30
/*
 * Sides whose runs came apart (gate/turns.h) without a noise record over
 * sessions: the shift between sessions each side's figures are taken to
 * carry, a standard deviation of its log (docs/result-format.md,
 * "Sides apart"), at p50 and at p99; the syncs take their latency's.
 */
#define GATE_DEFAULT_SESSION_P50 0.10
#define GATE_DEFAULT_SESSION_P99 0.25

/* Sets the defaults above for mode. */
void gate_opts_init(struct gate_opts *o, enum gate_mode mode);

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


/*
 * The hosts of n runs (h[i] NULL: run i records none): unrecorded when
 * none records one; different when a field known in two of them differs
 * (the machine id counting only where it names a machine: from
 * machine-id or hostuuid); same when every run records a host with every
 * field known, usable ids included, all alike; else unknown.  *differs
 * (when not NULL) gets the GATE_HOST_* bits of the fields that differ.
 */
enum verdict_hosts gate_hosts_compare(const struct result_host *const *h,
    size_t n, unsigned *differs);

/* Sets v->hosts over every run of both sides, and v->same_host from o. */
void gate_hosts(const struct gate_side_in *ours,
    const struct gate_side_in *rival, const struct gate_opts *o,
    struct gate_verdict *v);

/*
 * Notes, where v has a read class and its hosts are different or
 * unknown, which hosts and why.  Call once the rows are in v.
 */
void gate_note_hosts(struct gate_verdict *v, const struct gate_side_in *ours,
    const struct gate_side_in *rival);

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
/*
 * The same over whole runs: each run's writes in its own probe's unit,
 * UNIT_PER_RUN; none where any run's probe cannot give one.
 */
void gate_unit_choose_runs(const struct gate_side_in *ours,
    const struct gate_side_in *rival, struct gate_verdict *v,
    struct gate_unit *u);
/* Frees what u holds (not u); accepts NULL. */
void gate_unit_free(struct gate_unit *u);

#endif
