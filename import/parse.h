/* SPDX-License-Identifier: MIT */
/*
 * Parsers for other benchmarks' output, pure functions over a buffer (no
 * files, no exits) so they can be tested and fuzzed directly; then what
 * they share.  import/formats.h lists them for the command.
 */
#ifndef SYNCGATE_IMPORT_PARSE_H
#define SYNCGATE_IMPORT_PARSE_H

#include <stddef.h>

#include "model/result.h"

/* Lines to tell the user: rows reported but not imported, and caveats. */
struct import_notes {
	char **lines;
	size_t n, cap;
};

void import_note(struct import_notes *notes, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Frees what notes holds (not notes); accepts NULL. */
void import_notes_free(struct import_notes *notes);

/*
 * A parser fills out with the classes it imported (the engine and the rest
 * left to the caller) and notes with what it did not; name labels messages.
 * Returns 0, or -1 with err set and out empty (a class without its p50 or
 * p99 is an error, never a guess), or IMPORT_FOREIGN when it finds nothing
 * of its format.  The caller frees out (result_free) and notes.
 */
#define IMPORT_FOREIGN (-2)
typedef int import_parser(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);
typedef import_parser *import_parse_fn;

import_parser import_ycsb_parse;        /* YCSB's text output */
import_parser import_linkbench_parse;   /* LinkBench's -csvstats file */
import_parser import_fio_parse;         /* fio's JSON or json+ (fio 3) */
import_parser import_db_bench_parse;    /* db_bench with --histogram=1 */
import_parser import_pgbench_parse;     /* pgbench's per-transaction log */
import_parser import_go_ycsb_parse;     /* go-ycsb's summary, or its CSV */
import_parser import_ycsb_raw_parse;    /* YCSB's measurementtype=raw */
import_parser import_ycsb_json_parse;   /* YCSB's JSON exporters */

/*
 * HdrHistogram's percentile text (.hgrm, or CSV), which does not say its
 * unit: the parser for values in unit ("ns", "us", "ms", "s"), else NULL.
 */
import_parse_fn import_hgrm_parser(const char *unit);

/* A line without its ending (nor a '\r'); ended 0 for a last one cut off. */
struct import_line {
	const char *text;
	size_t len;
	size_t number;
	int ended;
};

struct import_lines {
	const char *buf;
	size_t len, pos, number;
};

/* Starts reading buf, past a byte order mark (lib/utf8.h). */
void import_lines_init(struct import_lines *it, const char *buf, size_t len);

/* The next line into *line; returns 0 at the end of the buffer, else 1. */
int import_lines_next(struct import_lines *it, struct import_line *line);

/*
 * Up to 40 bytes of s (n long) into buf for a message, control characters
 * as '?' so a hostile file cannot steer the terminal, "..." for a cut.
 */
#define SHOWN_LEN 48
const char *import_shown(char *buf, const char *s, size_t n);

int import_line_blank(const struct import_line *line);

/*
 * Each line of buf not blank to fn (NULL: none), until it returns -1; a
 * cut line refused, as the tools end every line.
 */
int import_each_line(const char *buf, size_t len, const char *name,
    const char *what, int (*fn)(void *ctx, const struct import_line *l,
    char *err), void *ctx, char *err);

/* A field of a line: its bytes, not NUL-terminated. */
struct import_field {
	const char *s;
	size_t n;
};

/* t cut at every sep, the first max fields into f; returns their number. */
size_t import_split(const char *t, size_t n, char sep, struct import_field *f,
    size_t max);

int import_field_is(const struct import_field *f, const char *s);

/* s's control characters made '?', as import_shown does. */
void import_clean(char *s);

/*
 * What every parser starts with: out emptied, then an empty or blank buffer,
 * a NUL byte or bytes not UTF-8 refused as not what ("YCSB's text output").
 */
int import_begin(const char *buf, size_t len, const char *name,
    const char *what, struct result *out, char *err);

/* The message of a file cut inside line (of what): returns -1. */
int import_truncated(char *err, const char *name, size_t line, const char *what);

/* Whether s is one of the NULL-terminated list's strings. */
int import_in_list(const char *const *list, const char *s);

/*
 * Takes rows (allocated) as c's histogram: the count theirs, p50 and p99
 * the midpoints of the rows their type-7 ranks fall in, as for samples.
 */
void import_histogram(struct result_class *c, struct result_bucket *rows,
    size_t nrows);

/*
 * What a tool says of a rank without the buckets' counts: the latency of
 * 1-based rank `rank` is at least ns (above 0) or at most ns (above 1).
 */
struct import_bound {
	long long rank;
	double ns;
	int above;
};

struct import_bounds {
	struct import_bound *v;
	size_t n, cap;
};

/*
 * A percentile p (0 to 1) of n latencies reported as the bucket [lo, hi]:
 * the tool took rank floor(p n) or the next (ceil, round, or a product a
 * hair over a whole number), so the first is at most hi, the next at least lo.
 */
void import_bound_percentile(struct import_bounds *b, long long n, double p,
    double lo, double hi);

void import_bound_add(struct import_bounds *b, long long rank, double ns,
    int above);

/*
 * The histogram the bounds allow for n >= 1 latencies, into c: each run of
 * ranks the highest low and lowest high said of it.  -1 for a low above a
 * high.  Frees b's bounds either way.
 */
int import_bounds_histogram(struct import_bounds *b, long long n,
    struct result_class *c);

/* Frees what b holds (not b). */
void import_bounds_free(struct import_bounds *b);

/*
 * The tool's p50 and p99 as c's points where the histogram allows: one from
 * bounds has wide runs between pinned ranks, their midpoint no estimate.
 */
void import_points(struct result_class *c, double p50, double p99);

/* What each parser's messages say it expects: "YCSB's text output". */
extern const char import_ycsb_what[], import_linkbench_what[], import_fio_what[],
    import_db_bench_what[], import_pgbench_what[], import_go_ycsb_what[],
    import_ycsb_raw_what[], import_ycsb_json_what[], import_hgrm_what[];

/* The header of YCSB's raw measurements, after the operation's name. */
#define IMPORT_YCSB_RAW_HEADER " latency raw data: op, timestamp(ms), latency(us)"

/* Whether a line (n bytes) reads as one of pgbench's per-transaction log. */
int import_pgbench_line(const char *t, size_t n);

/* The number of the line buf[pos] is on. */
size_t import_line_at(const char *buf, size_t pos);

/* The first needle within s[0..n), or NULL. */
const char *import_find(const char *s, size_t n, const char *needle);

/*
 * Appends v to the samples of out's class *cls - 1 (room for *cap), first
 * adding the class, name of kind, while *cls is 0.
 */
void import_sample(struct result *out, const char *name, enum class_kind kind,
    size_t *cls, size_t *cap, double v);

/* Every class of out's samples sorted, and its count theirs. */
void import_samples_done(struct result *out);

#endif
