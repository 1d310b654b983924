/* SPDX-License-Identifier: MIT */
/*
 * An engine's benchmark result, syncgate-result/1 (docs/result-format.md):
 * read and write latency classes, p50 and p99 given or computed from
 * samples, and optionally the probe of the volume the run wrote to.
 */
#ifndef SYNCGATE_RESULT_H
#define SYNCGATE_RESULT_H

#include <stddef.h>

#include "model/probe_record.h"
#include "model/result_limits.h"
#include "model/samples.h"
#include "model/session.h"

#define RESULT_FORMAT "syncgate-result/1"

/* The limit in force: RESULT_MAX_SAMPLES, lowered by tests to try it. */
extern size_t result_max_samples;

enum class_kind { KIND_READ = 0, KIND_WRITE };

/*
 * A histogram row: the next count operations in rank order, each from
 * lo_ns to hi_ns.  Lows and highs never fall; rows may overlap where a
 * tool said less than a bucket's edges.  A low of 0: bounded above only.
 */
struct result_bucket {
	double lo_ns, hi_ns;
	long long count;
};

struct result_class {
	char *name;
	enum class_kind kind;
	double p50_ns, p99_ns;
	/* a percentile known only as an interval (LinkBench's); NaN: not */
	double p50_lo_ns, p50_hi_ns, p99_lo_ns, p99_hi_ns;
	/* built in samples_ns, or loaded in held with samples_ns NULL */
	double *samples_ns;
	size_t nsamples;
	struct samples held;
	char *samples_path;     /* samples_file read, links resolved: kept from writes */
	long long count;        /* operations, as given or nsamples; -1 unknown */
	struct result_bucket *buckets;  /* histogram_ns; p50, p99 from its rows */
	size_t nbuckets;
	long long failed;       /* ended in an error: not in count, untimed */
	long long skipped;      /* never started, late (--latency-limit); 0: none */
	double flushes_per_op;  /* a write's device flushes an op; NaN: uncounted */
	double turn_wait_ns;    /* a write's mean wait for its turn, untimed; NaN */
	char *sampling;         /* how samples were chosen; NULL: unsaid (not read) */
	struct result_flush_count *flush_count; /* a write's; NULL (not read) */
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

/* A run's wall time by kind, in seconds; NAN (written absent): none. */
struct result_spent {
	double probe_s;         /* bench's own probe; 0: syncgate run's (SYNCGATE_PROBE) */
	double load_s;          /* syncgate-bench: loading the rows */
	double idle_s;          /* the flush count's idle windows */
	double rounds_s;        /* probe rounds: through the run, or run's brackets */
	double ops_s;           /* syncgate-bench: the operations, rounds left out */
	double import_s;        /* syncgate run: reading the command's output */
};

/* syncgate-bench's "driver" object (not read: the gate ignores it). */
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

/* `syncgate run`'s "driver" object (not read either). */
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

/* The low of the row holding 1-based rank lo_rank, the high of hi_rank's. */
void result_buckets_ranks(const struct result_bucket *b, size_t nb,
    long long lo_rank, long long hi_rank, double *lo, double *hi);

/*
 * The rows holding the type-7 p-quantile of the n operations b counts
 * (order statistics floor(h) and floor(h) + 1, h = (n - 1) p).
 */
void result_buckets_quantile(const struct result_bucket *b, size_t nb,
    long long n, double p, double *lo, double *hi);

/*
 * Rank r's latency, a row's c operations spread evenly: the k-th at
 * (k - 1/2) / c of its width, overlapping rows split at the middle.
 */
double result_buckets_rank(const struct result_bucket *b, size_t nb,
    long long r);

/*
 * The type-7 p-quantile's point, rows spread evenly (as RocksDB
 * interpolates): it moves with the counts, where a midpoint jumps rows.
 */
double result_buckets_point(const struct result_bucket *b, size_t nb,
    long long n, double p);

/*
 * stats_order_bounds over the rows: the p-quantile's bounds, each missing
 * with at most tail; an end too few operations (or a low of 0) cannot
 * bound is open: 0 below, infinity above.
 */
void result_buckets_bounds(const struct result_bucket *b, size_t nb,
    long long n, double p, double tail, double *lo, double *hi);

/* "read" or "write", each at its kind. */
extern const char *const class_kind_names[KIND_WRITE + 1];
const char *class_kind_name(enum class_kind k);

/*
 * Loads and validates a result file, or the caller's tree (path anchors
 * samples_file); samples are held unsorted with the order statistics
 * p50, p99 (type 7) and their intervals read.  Returns 0, or -1 with err
 * naming file, JSON path and what was expected.
 */
int result_load(const char *path, struct result *r, char *err);
int result_from_json(const cJSON *root, const char *path, struct result *r,
    char *err);

/* Sorts c's samples_ns and sets p50_ns and p99_ns from them. */
void result_class_quantiles(struct result_class *c);

/* c's k-th smallest sample (1-based); off the loaded ranks a selection. */
double result_class_rank(const struct result_class *c, size_t k);

/* Frees what r holds (not r); accepts NULL. */
void result_free(struct result *r);

struct fileset;
/* Records in s r's file and every samples_file it read. */
void fileset_result(struct fileset *s, const struct result *r);

/* The class named name, or NULL. */
const struct result_class *result_find(const struct result *r, const char *name);

/* r's classes by name, in file order within one name; the caller frees it. */
const struct result_class **result_by_name(const struct result *r);

/* Appends a class, figures NaN and count -1; valid until the next append. */
struct result_class *result_add_class(struct result *r, const char *name,
    enum class_kind kind);

/*
 * r as a syncgate-result/1 tree for cJSON_Delete.  A class's samples go
 * inline, or as samples_file files[i] where files and files[i] are not
 * NULL (written by the caller); count says when they are a sample.
 */
cJSON *result_to_json(const struct result *r, const char *const *files);

/*
 * Reads root back as the gate will, so a result it would refuse is never
 * written.  Returns 0, the result in *r (NULL: dropped), or -1 with err.
 */
int result_reload(const cJSON *root, const char *name, struct result *r,
    char *err);

#endif
