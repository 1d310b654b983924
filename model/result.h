/* SPDX-License-Identifier: MIT */
/*
 * An engine's benchmark result, syncgate-result/1 (docs/result-format.md):
 * latency classes, each a read or a write, with p50 and p99 given or
 * computed from per-operation samples, and optionally the probe of the
 * volume the run wrote to.
 */
#ifndef SYNCGATE_RESULT_H
#define SYNCGATE_RESULT_H

#include <stddef.h>

#include "model/probe_record.h"
#include "model/result_host.h"
#include "model/result_limits.h"
#include "model/samples.h"
#include "model/session.h"

#define RESULT_FORMAT "syncgate-result/1"

/* The limit in force: RESULT_MAX_SAMPLES, lowered by tests to try it. */
extern size_t result_max_samples;

enum class_kind { KIND_READ = 0, KIND_WRITE };

/*
 * A row of a histogram: the next count operations in rank order, each
 * with a latency from lo_ns to hi_ns.  The rows of a class are in rank
 * order, their lows and highs never falling; two rows may overlap where
 * a tool said less than a bucket's edges (model/result_buckets.c).  A low
 * of 0 is unknown: the operations' latencies are bounded above only.
 */
struct result_bucket {
	double lo_ns, hi_ns;
	long long count;
};

struct result_class {
	char *name;
	enum class_kind kind;
	double p50_ns, p99_ns;
	/*
	 * Where a percentile is known only as an interval (LinkBench's
	 * buckets: p50_low/p50_high), its bounds; NaN otherwise.
	 */
	double p50_lo_ns, p50_hi_ns, p99_lo_ns, p99_hi_ns;
	/*
	 * Per-operation latencies: nsamples of them, either built in memory
	 * (syncgate-bench, import), every one in samples_ns, sorted by
	 * result_class_quantiles, or loaded (result_load), held in held
	 * with samples_ns NULL.  result_class_rank reads either.
	 */
	double *samples_ns;
	size_t nsamples;
	struct samples held;
	/*
	 * The samples_file read, as a path with every link resolved (beside
	 * the real file of a linked result), for the commands that must not
	 * write over it; NULL when the samples were inline or absent.
	 */
	char *samples_path;
	long long count;        /* operations, as given or nsamples; -1 unknown */
	/*
	 * Where the latencies are known only as a histogram (histogram_ns):
	 * its rows, counting count operations; NULL if none.  p50 and p99
	 * and their ranges are then the buckets of their type-7 ranks.
	 */
	struct result_bucket *buckets;
	size_t nbuckets;
	/*
	 * Operations that ended in an error (failed) or were never started
	 * because they were already late (skipped: pgbench's
	 * --latency-limit), not among count and not timed; 0: none said.
	 */
	long long failed, skipped;
	/* device flushes an operation (a write class's); NaN: not counted */
	double flushes_per_op;
	/*
	 * A write's mean wait for the writer's turn, outside its latency
	 * (syncgate-bench times each write from its turn); NaN: not given.
	 */
	double turn_wait_ns;
	/* how the samples were chosen, in words; NULL: unsaid (not read) */
	char *sampling;
	/* a write class's raw flush counts; NULL: none (not read) */
	struct result_flush_count *flush_count;
};

/* One disk's flushes around the run's writes (flush_count's "devices"). */
struct result_flush_device {
	char *device;           /* "vda" */
	double flushes, idle_flushes, rounds_flushes;   /* NaN: null */
	char *dropped;          /* why its count was dropped, or NULL */
};

/* The raw counts behind flushes_per_op (docs/result-format.md). */
struct result_flush_count {
	long long ops;
	double ops_s, idle_s;   /* NaN: null */
	struct result_flush_device *devices;
	size_t ndevices;
	char *device;           /* the disk flushes_per_op is of, or NULL */
	double other;           /* NaN: null */
	char *why_none;         /* why flushes_per_op is null, or NULL */
	char *shared;           /* how write classes share the count, or NULL */
};

/*
 * What a run spent its wall time on, in seconds; NAN where it took none
 * of that kind (written as absent).
 */
struct result_spent {
	double probe_s;         /* syncgate-bench: the invocation's probe, 0 when
	                         * it took syncgate run's (SYNCGATE_PROBE) */
	double load_s;          /* syncgate-bench: loading the rows */
	double idle_s;          /* the flush count's idle windows */
	double rounds_s;        /* rounds of probe samples: through the run, or
	                         * syncgate run's brackets and pauses */
	double ops_s;           /* syncgate-bench: the operations, rounds left out */
	double import_s;        /* syncgate run: reading the command's output */
};

/*
 * How syncgate-bench made the run: its "driver" object, which the gate
 * ignores (not read).
 */
struct result_driver {
	long long rows, value_bytes;
	long long ops;          /* --ops; 0: the run was timed */
	double seconds;         /* --seconds, where ops is 0 */
	char *mix;              /* "5:2:3" */
	char *settings;         /* the engine's, in words */
	char *probed;           /* where and when the volume was probed */
	double probe_every_ns;  /* 0: off */
	double elapsed_s;
	long long max_samples, samples_file_over;
	struct result_spent spent;
};

/*
 * How `syncgate run` made the run: its "driver" object, which the gate
 * ignores (not read).
 */
struct result_command {
	char *command;          /* --cmd, run by /bin/sh -c */
	char *import;           /* --import: the format its output was read as */
	char *stdout_file;      /* the command's standard output, kept beside */
	char *stderr_file;      /* ... and its standard error */
	char *output_file;      /* what was imported, when not stdout_file */
	char *probed;           /* where and when the volume was probed */
	double elapsed_s;       /* the command's wall time */
	struct result_spent spent;
};

struct result {
	char *path;             /* the file it came from */
	char *engine;
	char *version, *workload;   /* NULL when absent */
	long long concurrency;      /* -1 when absent */
	struct probe_record *probe; /* NULL when the result carries none */
	struct result_host *host;   /* the machine it ran on; NULL: unrecorded */
	struct result_class *classes;
	size_t nclasses;
	struct result_session session;  /* the set it belongs to; id "": none */
	struct result_driver *driver;   /* syncgate-bench's; NULL: none */
	struct result_command *command; /* syncgate run's; NULL: none */
};

/*
 * The rows holding 1-based ranks r of the n operations b counts: the low
 * of the row holding rank lo_rank into *lo and the high of the one
 * holding hi_rank into *hi.
 */
void result_buckets_ranks(const struct result_bucket *b, size_t nb,
    long long lo_rank, long long hi_rank, double *lo, double *hi);

/*
 * The interval holding the p-quantile of the n operations b counts, by
 * the definition lib/stats.h applies to samples (type 7: between order
 * statistics floor(h) and floor(h) + 1, h = (n - 1) p): from the low of
 * the row holding the first to the high of the one holding the second.
 */
void result_buckets_quantile(const struct result_bucket *b, size_t nb,
    long long n, double p, double *lo, double *hi);

/*
 * The latency of 1-based rank r of the operations b counts, each row's
 * operations spread evenly across it: the k-th of a row's c lies at
 * (k - 1/2) / c of its width, where two rows that overlap each keep
 * their side of the overlap's middle.
 */
double result_buckets_rank(const struct result_bucket *b, size_t nb,
    long long r);

/*
 * The p-quantile's point, type 7 as above, each row's operations taken
 * as spread evenly across it (as RocksDB's histogram interpolates): it
 * moves with the counts, where the rows' midpoint jumps a row at a time.
 */
double result_buckets_point(const struct result_bucket *b, size_t nb,
    long long n, double p);

/*
 * As lib/stats.h's stats_order_bounds for samples: the bounds of the
 * p-quantile of the n operations b counts, each missing with at most
 * tail, as the rows holding the order statistics' ranks; an end the
 * ranks cannot bound (too few operations), or a row whose low is 0, is
 * open: 0 below, infinity above.
 */
void result_buckets_bounds(const struct result_bucket *b, size_t nb,
    long long n, double p, double tail, double *lo, double *hi);

/* "read" or "write", each at its kind. */
extern const char *const class_kind_names[KIND_WRITE + 1];
const char *class_kind_name(enum class_kind k);

/*
 * Loads and validates a result file.  Returns 0, or -1 with err naming
 * the file, the JSON path and what was expected (r is then empty).
 * Samples (samples_ns or samples_file) are held in held, unsorted, with
 * the order statistics that the p50, the p99 and their intervals read,
 * and p50_ns and p99_ns computed from them by the type-7 definition of
 * lib/stats.h.
 */
int result_load(const char *path, struct result *r, char *err);

/*
 * As result_load, from a parsed tree; path labels messages and anchors
 * samples_file.  The tree stays the caller's.
 */
int result_from_json(const cJSON *root, const char *path, struct result *r,
    char *err);

/*
 * Sorts c's samples_ns (it has some) and sets its p50_ns and p99_ns
 * from them, as result_load does from what it loads.
 */
void result_class_quantiles(struct result_class *c);

/*
 * The k-th smallest (1-based, 1 <= k <= nsamples) of c's samples, from
 * samples_ns or held: at the ranks of the p50's and the p99's intervals
 * a look-up, elsewhere a selection (model/samples.h).
 */
double result_class_rank(const struct result_class *c, size_t k);

/* Frees what r holds (not r); accepts NULL. */
void result_free(struct result *r);

struct fileset;
/*
 * Records in s r's file and every samples_file it read, each by the path
 * it was read from (struct result_class's samples_path).
 */
void fileset_result(struct fileset *s, const struct result *r);

/* The class named name, or NULL. */
const struct result_class *result_find(const struct result *r, const char *name);

/*
 * Appends a class to r (copying name) with every figure NaN, no samples
 * and count -1, for the caller to fill.  Returns the class, which lives
 * until the next append.
 */
struct result_class *result_add_class(struct result *r, const char *name,
    enum class_kind kind);

/*
 * r as a syncgate-result/1 tree (model/result_write.c), its probe and its
 * host included when it has them.  Classes with samples are written as samples_ns, or,
 * where files is not NULL and files[i] is not NULL, as a samples_file
 * naming files[i] (a path relative to the result file's folder, written
 * by the caller); a class whose count exceeds its samples (a sample of
 * the operations) says so in count.  The others are written as p50_ns
 * and p99_ns, with p50_range_ns and p99_range_ns where a percentile is
 * known only as an interval.  Then the classes' sampling and flush
 * counts, the session and the driver, where r has them.  The caller frees
 * the tree with cJSON_Delete.
 */
cJSON *result_to_json(const struct result *r, const char *const *files);

/*
 * Reads root back as the gate will (result_from_json), so that a result
 * the gate would refuse is never written.  name labels messages.  Returns
 * 0 with what was read in *r (the caller frees it with result_free; r may
 * be NULL to drop it), or -1 with err set.
 */
int result_reload(const cJSON *root, const char *name, struct result *r,
    char *err);

#endif
