/* SPDX-License-Identifier: MIT */
/*
 * The orchestrator of runs, shared by syncgate-bench's --runs and
 * `syncgate run`: which engine runs when (a balanced order), the file
 * each run is written to, the invocation's session stamped on every
 * result with the run's place and wall-clock times, progress on standard
 * error, and a set cut short by a failure or a signal said as such.  What
 * a run does is the caller's: a function called once a run.
 */
#ifndef SYNCGATE_RUNNER_H
#define SYNCGATE_RUNNER_H

#include <signal.h>
#include <stddef.h>

#include "model/session.h"

/* The most engines one invocation runs. */
#define RUNNER_MAX_ENGINES 16

/* One run: which engine, its number among that engine's runs, its file. */
struct runner_job {
	size_t engine;              /* index into the plan's names */
	const char *name;           /* the engine's name */
	long long index;            /* 1 to runs */
	char *out;
};

/*
 * Each engine runs times, in a balanced order: with two, ABBA blocks (A
 * B, B A, A B, ...), so that neither goes first more often and a drift
 * of the machine falls on both alike; with more, each round of one run
 * an engine in an order drawn at random from the session's id, so the
 * order is written down by the session and repeats for it.
 */
struct runner_plan {
	size_t nengines;
	long long runs;
	struct runner_job *job;
	size_t n;                   /* runs * nengines */
	struct result_session session;
};

/*
 * Plans names[0..n) (distinct, each a file-name word) for runs runs
 * each, written to out, or with several results to out with the
 * engine's name (several engines, or always_name) and the run's number
 * (several runs) before its extension: r.json gives r.1.json, or
 * r.lmdb.1.json.  Draws the session.  Returns 0, or -1 with err set
 * (then free p).  Free p with runner_plan_free.
 */
int runner_plan_make(struct runner_plan *p, const char *const *names, size_t n,
    long long runs, const char *out, int always_name, char *err);
void runner_plan_free(struct runner_plan *p);

/* out without its extension, then suffix: r.db.1.json gives r.db.1.stdout. */
char *runner_beside(const char *out, const char *suffix);

/*
 * One run: s is the plan's session, numbered for the job (run, order)
 * and its started_s stamped; the function calls runner_ended(s) when
 * the run's measured part ends, writes its result to j->out, and
 * returns 0, or -1 with err set.
 */
typedef int (*runner_fn)(void *ctx, const struct runner_job *j,
    struct result_session *s, char *err);

/* Stamps s's ended_s with the wall clock. */
void runner_ended(struct result_session *s);

/*
 * A look at the runs written so far, n of each engine (a whole round):
 * returns 1 to stop there, 0 to go on, or -1 with err set.
 */
typedef int (*runner_look_fn)(void *ctx, const struct runner_plan *p,
    long long n, char *err);

/*
 * Runs p's jobs in turn, each with the session stamped, saying on
 * standard error (prog first) which run of how many, the engine, the
 * time gone and an estimate of the time left.  A run that fails, or a
 * SIGINT, SIGTERM or SIGHUP noted in runner_signal between or during
 * runs, stops the rest; the results already written are whole and stay,
 * and err says which run, and that their set is cut short.  Unless look
 * is NULL, after each whole round from min runs of each engine on, calls
 * look; it stops the plan early when look says so, the results then
 * whole and numbered within the set's planned runs, which the session
 * records (a part of a set pools as one: model/runs.h).  Returns 0, or -1
 * with err set.
 */
int runner_go_looking(struct runner_plan *p, runner_fn fn, void *ctx,
    long long min, runner_look_fn look, void *lctx, char *err);

/*
 * Writes v as syncgate-verdict/1 JSON to path (atomically) and as text
 * to standard output, each check's reason in full with verbose.  Returns
 * 0, or -1 with err set.
 */
struct gate_verdict;
int runner_verdict_write(struct gate_verdict *v, const char *path,
    int verbose, char *err);

/*
 * The signal that asked the invocation to stop, 0 while none has; set by
 * runner_catch's handler.
 */
extern volatile sig_atomic_t runner_signal;

/*
 * Installs a handler for SIGINT, SIGTERM and SIGHUP that notes the
 * signal in runner_signal and passes it to the process group in
 * runner_child (while that is above 0), instead of dying at once: the
 * run in progress is stopped and cleaned up by the caller, and the
 * results before it stay.  A signal the parent ignores stays ignored.
 */
void runner_catch(void);

/*
 * On a terminal, the progress line updated in place with the time gone,
 * at most once a second: called while a run waits.
 */
void runner_tick(void);

/*
 * Where a runner_fn notes the results it closed without their syncs
 * (outfile.later): runner_go_looking makes them durable together at
 * least every 10 seconds of runs and before it returns, however the runs
 * ended.  Between, a result is whole under its name and outlives the
 * process, but not a crash of the machine.
 */
struct outfile_later;
struct outfile_later *runner_later(void);

/* "SIGTERM", "SIGINT", "SIGHUP": the name of a signal runner_catch notes. */
const char *runner_signal_name(int sig);
extern volatile sig_atomic_t runner_child;

/*
 * The one probing policy of both tools: dir's volume probed once, before
 * the first run (each run then takes rounds of its own through it), a
 * signal noted in runner_signal stopping it.  Returns 0, or -1 with err
 * set.  Free rec with probe_record_free.
 */
struct probe_record;
int runner_probe(const char *dir, struct probe_record *rec, char *err);

#endif
