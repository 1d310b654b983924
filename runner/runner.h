/* SPDX-License-Identifier: MIT */
/*
 * The runs of syncgate-bench's --runs and `syncgate run`: their order and
 * files, the session stamped on each, progress, a set cut short said; and
 * runs until decided (--runs MIN..MAX): after each round from MIN on, the
 * first engine gated against the second at the look's spending level.
 */
#ifndef SYNCGATE_RUNNER_H
#define SYNCGATE_RUNNER_H

#include <signal.h>
#include <stddef.h>

#include "model/session.h"

#define RUNNER_MAX_ENGINES 16

struct runner_job {
	size_t engine;              /* index into the plan's names */
	const char *name;
	long long index;            /* its number among the engine's runs, 1 on */
	char *out;
};

/*
 * Balanced: two engines in ABBA blocks, so a drift falls on both alike;
 * more, each round shuffled from the session's id, so the order repeats.
 */
struct runner_plan {
	size_t nengines;
	long long runs;
	struct runner_job *job;
	size_t n;                   /* runs * nengines */
	struct result_session session;
};

/*
 * Plans names[0..n) runs times each, to out, or with the engine (several
 * engines, or always_name) and run (several runs) before its extension:
 * r.lmdb.1.json.  Returns 0, or -1 with err set; free p either way.
 */
int runner_plan_make(struct runner_plan *p, const char *const *names, size_t n,
    long long runs, const char *out, int always_name, char *err);
void runner_plan_free(struct runner_plan *p);

/* out without its extension, then suffix: r.db.1.json gives r.db.1.stdout. */
char *runner_beside(const char *out, const char *suffix);

/* One run, s stamped for j: calls runner_ended(s), writes j->out; 0 or -1. */
typedef int (*runner_fn)(void *ctx, const struct runner_job *j,
    struct result_session *s, char *err);

/* Stamps s's ended_s with the wall clock. */
void runner_ended(struct result_session *s);

/*
 * p's runs by fn; with a->min_runs above 0 (two engines: callers refuse
 * others), until a look decides, rules nothing or reaches MAX, each session
 * carrying the plan so that a later gate rules at its look's level.  The
 * last verdict goes to verdict and standard output, its exit status to
 * *status.  Returns 0, or -1.
 */
struct runner_opts;
int runner_seq_go(const struct runner_opts *a, struct runner_plan *p,
    runner_fn fn, void *ctx, const char *verdict, int *status, char *err);

/* The signal that asked the invocation to stop, or 0. */
extern volatile sig_atomic_t runner_signal;

/*
 * SIGINT, SIGTERM and SIGHUP noted in runner_signal and passed on to the
 * group runner_child (above 0); one the parent ignores stays ignored.
 */
void runner_catch(void);

/* On a terminal, the progress line redrawn at most once a second. */
void runner_tick(void);

/* Results closed unsynced (outfile.later): synced every 10 s and at the end. */
struct outfile_later;
struct outfile_later *runner_later(void);

/* "SIGTERM", "SIGINT", "SIGHUP": the name of a signal runner_catch notes. */
const char *runner_signal_name(int sig);
extern volatile sig_atomic_t runner_child;

/* dir's volume probed before the runs; 0, or -1.  Free rec with its free. */
struct probe_record;
int runner_probe(const char *dir, struct probe_record *rec, char *err);

#endif
