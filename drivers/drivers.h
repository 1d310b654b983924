/* SPDX-License-Identifier: MIT */
/*
 * syncgate-bench: a small LinkBench-like mix (point reads, ten-row range
 * reads, durable single-row writes) run against a real embedded engine,
 * written as a syncgate-result/1 file with the probe of the volume.
 * Each engine is a table of functions; the runner knows none of them.
 */
#ifndef SYNCGATE_DRIVERS_H
#define SYNCGATE_DRIVERS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/json.h"
#include "lib/outfile.h"
#include "model/result.h"
#include "gate/verdict_types.h"
#include "runner/runner.h"
#include "runner/sequential.h"

enum op_kind { OP_POINT = 0, OP_RANGE, OP_WRITE, NOPS };

#define RANGE_ROWS 10

enum sqlite_sync { BENCH_SYNC_OFF = 0, BENCH_SYNC_NORMAL, BENCH_SYNC_FULL };

/* The most --runs: a day of one-second runs of two engines is 43200. */
#define BENCH_MAX_RUNS 100000

struct bench_options {
	const char *engine;         /* "sqlite" or "lmdb" */
	const char *dir;            /* the user's directory */
	long long rows;             /* rows loaded before the run */
	long long value_bytes;      /* bytes of each row's value */
	long long ops;              /* operations in all; 0 with seconds */
	double seconds;             /* run time; 0 with ops */
	int concurrency;            /* threads */
	int mix[NOPS];              /* weights of point-read, range, write */
	enum sqlite_sync sqlite_sync;
	int lmdb_nosync;
	long long max_samples;      /* latencies kept a kind, at most */
	long long file_over;        /* a kind with more goes to a samples_file */
	long long runs;             /* --runs: results of each engine, at most */
	long long min_runs;         /* --runs MIN..MAX: MIN; 0: a fixed K */
	enum gate_mode mode;        /* --mode: what the looks rule */
	int mode_given;
	struct runner_limits limits;    /* the gate's limits the looks rule by */
	const char *out;            /* -o */
	double probe_every_ns;      /* --probe-every; 0: off */
	/* the invocation's session, numbered for the run; NULL: none written */
	struct result_session *session;
};

struct inrun;

/*
 * An engine.  A database lives in a directory the driver made for it; a
 * connection is used by one thread at a time.  Functions returning int
 * give 0, or -1 with err set to the engine's own message.
 */
struct engine_ops {
	const char *name;
	/* files the engine makes in its directory, removed on a signal */
	const char *const *files;
	/* the library's version, "3.40.1" */
	const char *(*version)(void);
	/* how durability is set, in words, for the result */
	const char *(*settings)(const struct bench_options *o);
	void *(*open)(const struct bench_options *o, const char *dir, char *err);
	/* loads keys 0..rows-1 with values of value_bytes from rng */
	int (*load)(void *db, const struct bench_options *o, uint64_t *rng, char *err);
	void *(*conn_open)(void *db, char *err);
	/* one operation on key; val and vlen are the new value of a write */
	int (*op)(void *conn, enum op_kind k, uint64_t key, const unsigned char *val,
	    size_t vlen, char *err);
	void (*conn_close)(void *conn);
	void (*close)(void *db);
};

extern const struct engine_ops sqlite_engine;
extern const struct engine_ops lmdb_engine;

/* The engine named name ("sqlite", "lmdb"), or NULL. */
const struct engine_ops *bench_engine_named(const char *name);

/*
 * What one command line asks for: each engine, runs times, in the
 * runner's balanced order (runner/runner.h), the engines' tables beside
 * their names.
 */
struct bench_plan {
	const struct engine_ops *engines[2];
	size_t nengines;
	struct runner_plan runs;
};

/*
 * Plans engines ("lmdb", or two as "lmdb,sqlite") for runs runs each,
 * written to out, or with several results to out with the engine's name
 * (two engines) and the run's number (several runs) inserted before its
 * extension: r.json gives r.1.json, or r.lmdb.1.json.  Returns 0, or -1
 * with err set (then free p).  Free p with bench_plan_free.
 */
int bench_plan_make(struct bench_plan *p, const char *engines, long long runs,
    const char *out, char *err);
/* Whether p runs engine e. */
int bench_plan_has(const struct bench_plan *p, const struct engine_ops *e);
/* Frees what p holds (not p); accepts NULL. */
void bench_plan_free(struct bench_plan *p);

/*
 * Latencies of one kind, in ns.  Every operation is kept until
 * o->max_samples would be passed; from then on each is kept at random
 * with probability 1 / 2^shift, the kept ones thinned alike, so what is
 * kept is always a uniform sample of all ops operations.
 */
struct bench_samples {
	double *ns;
	size_t n, cap;
	long long ops;              /* operations of this kind, kept or not */
	double wait_ns;             /* writes: nanoseconds waiting for the writer's turn */
	unsigned shift;
};

/*
 * Runs the mix on db at o->concurrency threads and fills out[k] with the
 * kept latencies, at most o->max_samples a kind.  Unless
 * o->probe_every_ns is 0, ir (opened for rounds) takes a round of samples
 * at the start and, while the threads are held at the end of a batch,
 * each time o->probe_every_ns has passed since the last, and one more
 * once they are done; the --seconds deadline moves on by each round's
 * time.  Writes run one at a time, each timed from its turn, the
 * waits for the turn added up in out[OP_WRITE].wait_ns.  *elapsed_s gets
 * the run's wall time, the rounds included.
 * Returns 0, or -1 with err set (the first thread's error).  The caller
 * frees out[k].ns.
 */
int bench_run(const struct engine_ops *e, void *db, const struct bench_options *o,
    struct inrun *ir, struct bench_samples out[NOPS], double *elapsed_s,
    char *err);

/* The kinds' class names: "point-read", "range", "write". */
const char *op_name(enum op_kind k);

/* Fills buf with n bytes from lib/rand.h's generator. */
void bench_fill(uint64_t *state, unsigned char *buf, size_t n);

/*
 * The scratch directory: a fresh subdirectory of the user's DIR that the
 * engine's files go in, DIR/syncgate-bench.ENGINE.PID.XXXXXX (the
 * process's id, six random characters), removed afterwards and on
 * SIGINT, SIGTERM and SIGHUP, so DIR is left as it was.  A death no
 * handler sees leaves it: the next run in DIR removes it.
 */
#define WORKDIR_PREFIX "syncgate-bench."

struct workdir {
	char *path;
	int fd;                     /* the directory, flocked shared while in use */
};

/*
 * Makes the directory inside dir for engine e, after removing from dir
 * every directory of the pattern whose process is gone and that no one
 * holds, each said on standard error.  Returns 0, or -1 with err.
 */
int workdir_make(struct workdir *w, const char *dir, const struct engine_ops *e,
    char *err);

/* Removes every file in it and the directory.  Returns 0, or -1 with err. */
int workdir_remove(struct workdir *w, char *err);

/*
 * The samples_files of one result, one a class at most: FILE.KIND.txt
 * beside -o FILE.
 */
struct sample_files {
	struct outfile f[NOPS];     /* open until committed */
	char *path[NOPS];           /* NULL where the class stays inline */
	int committed[NOPS];
	int slot[NOPS];             /* cleanup slot of a committed file */
};

/*
 * Latencies a result may carry inline: what syncgate reads of a JSON
 * document (JSON_MAX_VALUES), less room for the rest of it (the probe,
 * the classes' keys, the driver's), which is a few hundred values.
 */
#define BENCH_INLINE_MAX ((size_t)JSON_MAX_VALUES - 100000)

/*
 * Which of n classes of nsamples[i] latencies go to samples files:
 * tofile[i] is 1 for each with more than over, then for the largest of
 * the rest while those left inline number more than budget.
 */
void sample_files_plan(const size_t *nsamples, size_t n, long long over,
    size_t budget, int *tofile);

/*
 * outfile_close, telling in *placed whether o's file is in place after it:
 * always on success, and on a failure that came after the rename (the
 * directory's sync).  A path written directly is never "placed".
 */
int outfile_close_placed(struct outfile *o, int *placed, char *err);

/* FILE.KIND.txt: where a class's samples go beside out (the caller frees). */
char *sample_file_path(const char *out, const char *kind);

/* An empty set, before sample_files_write. */
void sample_files_init(struct sample_files *sf);

/*
 * Writes each of r's classes with more than over samples, and the largest
 * of the rest while those inline would number more than BENCH_INLINE_MAX,
 * to a temporary file beside out (the result's path, a link's target resolved), flushed,
 * and names it in
 * sf->name.  Returns 0, or -1 with err set; either way finish with
 * sample_files_commit or sample_files_discard, then sample_files_free.
 */
int sample_files_write(struct sample_files *sf, const struct result *r,
    const char *out, long long over, char *err);

/*
 * Renames every file into place; sf->name then holds the final names.
 * Returns 0, or -1 with err set.
 */
int sample_files_commit(struct sample_files *sf, char *err);

/* Removes every file, temporary or committed. */
void sample_files_discard(struct sample_files *sf);

/* Frees what sf holds; committed files stay, no longer removed on a signal. */
void sample_files_free(struct sample_files *sf);

#endif
