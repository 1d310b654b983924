/* SPDX-License-Identifier: MIT */
/*
 * The importers of fio, db_bench, pgbench, go-ycsb, YCSB's raw and JSON
 * output and HdrHistogram's percentile text (parsers as import/parse.h's),
 * and what they share: percentiles of latencies counted into buckets,
 * samples, and telling one tool's output from another's.
 */
#ifndef SYNCGATE_IMPORT_FORMATS_H
#define SYNCGATE_IMPORT_FORMATS_H

#include <stddef.h>

#include "import/parse.h"

/*
 * fio's --output-format=json or json+ (fio 3): each job's read, write,
 * trim and sync latencies become classes "JOB:read" (a read), "JOB:write",
 * "JOB:trim" and "JOB:sync" (writes), p50 and p99 kept as the buckets of
 * fio's latency histogram they fell in, computed from json+'s bins where
 * the file has them.  Lines before the JSON (fio's notes, terse output)
 * and text after it are passed over and noted; a second JSON document, a
 * job that failed, a job name used twice and fio's client/server output
 * are refused.
 */
int import_fio_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * RocksDB db_bench's output with --histogram=1: each "Microseconds per
 * OP:" block becomes the class "BENCHMARK:OP" (read, seek and multiscan
 * reads; write, delete, merge and update writes), p50 and p99 kept as the
 * interval of the histogram's buckets their ranks fell in.  The benchmark's
 * micros/op and ops/sec line is noted.
 */
int import_db_bench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * pgbench's per-transaction log (-l): each script becomes a write class
 * "script0", "script1"... holding every transaction's latency as a
 * sample; skipped and failed transactions are counted in the notes, never
 * timed.
 */
int import_pgbench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * go-ycsb's output: its final summary lines ("READ   - Takes(s): ...,
 * 50th(us): ..., 99th(us): ...") as p50 and p99, or, where the file holds
 * its per-operation CSV (measurementtype=csv or raw), every latency as a
 * sample.  READ, BATCH_READ and SCAN are reads; UPDATE, INSERT, DELETE and
 * their BATCH_ forms writes.
 */
int import_go_ycsb_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * YCSB's raw measurements (measurementtype=raw): "READ,<ms>,<us>" lines,
 * every latency a sample, under a "READ latency raw data" header.
 */
int import_ycsb_raw_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * YCSB's JSON exporters (JSONMeasurementsExporter, JSONArrayMeasurements-
 * Exporter): the records read as import_ycsb_parse reads the text ones,
 * messages naming the line each record starts on.
 */
int import_ycsb_json_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * HdrHistogram's percentile distribution text (.hgrm, or its CSV form):
 * one class, "latency", a write until the caller says otherwise, p50 and
 * p99 kept as the interval between the rows around their ranks.  The file
 * does not say its values' unit: the parser for values in unit ("ns",
 * "us", "ms" or "s"), or NULL for another unit.
 */
import_parse_fn import_hgrm_parser(const char *unit);

/* A latency bucket: every latency counted in it lies in [lo, hi] ns. */
struct import_bucket {
	double lo, hi;
	long long count;
};

/*
 * The interval holding the p-quantile of the n latencies counted in b
 * (nb buckets in ascending order, counts summing to n >= 1), by the
 * definition lib/stats.h applies to samples (type 7: between order
 * statistics floor(h) and floor(h) + 1, h = (n - 1) p): from the low of
 * the bucket holding the first to the high of the one holding the second.
 */
void import_bucket_quantile(const struct import_bucket *b, size_t nb,
    long long n, double p, double *lo, double *hi);

/*
 * What a buffer looks like, for the message refusing it: a description
 * ("fio's JSON output") and the import format that reads it ("fio"), or
 * NULL for both when nothing is recognised.  format may be NULL where no
 * importer reads that output as it is (fio's normal output).
 */
struct import_sniffed {
	const char *what, *format;
	size_t line;            /* where it was recognised */
};
struct import_sniffed import_sniff(const char *buf, size_t len);

/*
 * The refusal of a file that is not format's: when import_sniff
 * recognises another tool's output, "NAME: line N: WHAT; expected
 * EXPECTED (for this file, use syncgate import FORMAT)" into err and -1;
 * else 0 and err untouched.
 */
int import_other_format(const char *buf, size_t len, const char *name,
    const char *format, const char *expected, char *err);

/* The first needle within s[0..n), or NULL. */
const char *import_find(const char *s, size_t n, const char *needle);

/* Appends v to a class's samples (growing them). */
void import_sample(struct result_class *c, size_t *cap, double v);

#endif
