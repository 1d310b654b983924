/* SPDX-License-Identifier: MIT */
/* syncgate-bench's engines: each a table of functions, so the runner knows none. */
#ifndef SYNCGATE_DRIVERS_H
#define SYNCGATE_DRIVERS_H

#include <stddef.h>
#include <stdint.h>

#include "runner/options.h"

enum op_kind { OP_POINT = BENCH_POINT, OP_RANGE = BENCH_RANGE,
	OP_WRITE = BENCH_WRITE, NOPS = BENCH_NKINDS };

#define RANGE_ROWS 10
#define LOAD_BATCH 1000     /* rows a commit, loading */

/* One run of one engine: the options both tools share, its file and session. */
struct bench_options {
	const struct runner_opts *a;
	const char *out;
	struct result_session *session;     /* numbered for the run; NULL: none */
	const struct probe_record *probe;   /* DIR's, before the first run */
	int inherited;                      /* probe: syncgate run's (SYNCGATE_PROBE) */
	double probe_s;                     /* the probe's seconds; 0 inherited */
};

/*
 * An engine, its database in a directory made for it, a connection used by
 * one thread at a time.  Functions returning int give 0, or -1 with err
 * set to the engine's own message.
 */
struct engine_ops {
	const char *name;
	const char *(*version)(void);   /* the library's: "3.40.1" */
	/* how durability is set, in words, for the result */
	const char *(*settings)(const struct bench_options *o);
	void *(*open)(const struct bench_options *o, const char *dir, char *err);
	/* loads keys 0..rows-1 with values of value_bytes from rng */
	int (*load)(void *db, const struct bench_options *o, uint64_t *rng, char *err);
	void *(*conn_open)(void *db, char *err);
	/* one operation on key; val and vlen: a write's new value */
	int (*op)(void *conn, enum op_kind k, uint64_t key, const unsigned char *val,
	    size_t vlen, char *err);
	void (*conn_close)(void *conn);
	void (*close)(void *db);
};

extern const struct engine_ops sqlite_engine;
extern const struct engine_ops lmdb_engine;

#endif
