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

#include "model/result.h"
#include "runner/options.h"

enum op_kind { OP_POINT = BENCH_POINT, OP_RANGE = BENCH_RANGE,
	OP_WRITE = BENCH_WRITE, NOPS = BENCH_NKINDS };

#define RANGE_ROWS 10

/*
 * One run of one engine: the command line's options (runner/options.h,
 * the table both tools share), the file the result goes to, and the
 * invocation's session, numbered for the run.
 */
struct bench_options {
	const struct runner_opts *a;
	const char *out;
	struct result_session *session;     /* NULL: none written */
	const struct probe_record *probe;   /* DIR's, before the first run */
	int inherited;                      /* probe: syncgate run's (SYNCGATE_PROBE) */
	double probe_s;                     /* the probe's seconds; 0 inherited */
};

/*
 * An engine.  A database lives in a directory the driver made for it; a
 * connection is used by one thread at a time.  Functions returning int
 * give 0, or -1 with err set to the engine's own message.
 */
struct engine_ops {
	const char *name;
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

#endif
