/* SPDX-License-Identifier: MIT */
/*
 * Parsers for other benchmarks' output, as pure functions over a buffer
 * (no files, no exits), so they can be tested and fuzzed directly.  Each
 * fills a struct result with the classes it imported (result_add_class)
 * and collects, as notes, what it saw and did not import.  Then what the
 * parsers share: lines, notes, buckets and samples.  import/formats.h
 * lists them for the command, with the marks of each tool's output.
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

/* Appends a formatted line to notes. */
void import_note(struct import_notes *notes, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Frees what notes holds (not notes); accepts NULL. */
void import_notes_free(struct import_notes *notes);

/*
 * YCSB's text output (`[READ], 50thPercentileLatency(us), 412`).  [READ]
 * and [SCAN] become read classes, [UPDATE], [INSERT],
 * [READ-MODIFY-WRITE] and [DELETE] write classes, with p50 and p99
 * converted from microseconds to nanoseconds and the operation count.
 * [OVERALL], failed operations and anything else are noted, not
 * imported.  A class without its 50th or 99th percentile is an error
 * (never a guess).  name labels messages.  On success out holds the
 * classes (out->engine and the rest are left NULL for the caller) and
 * returns 0; else -1 with err set and out empty.  The caller frees out
 * with result_free and notes with import_notes_free.
 */
int import_ycsb_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * A parser of one benchmark's output, as import_ycsb_parse.  A parser
 * that finds nothing of its format returns IMPORT_FOREIGN with its own
 * message in err, which import_format_parse (import/formats.h) replaces
 * with what the buffer looks like when it recognises another tool's.
 */
#define IMPORT_FOREIGN (-2)
typedef int (*import_parse_fn)(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * The other formats' parsers, as import_ycsb_parse: the head of each
 * one's file says what the tool prints, and the table of formats
 * (import/formats.c), which the usage is built from, what is imported.
 */

/* LinkBench's -csvstats file. */
int import_linkbench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/* fio's --output-format=json or json+ (fio 3). */
int import_fio_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/* RocksDB db_bench's output with --histogram=1. */
int import_db_bench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/* pgbench's per-transaction log (-l). */
int import_pgbench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/* go-ycsb's final summary lines, or its per-operation CSV. */
int import_go_ycsb_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/* YCSB's raw measurements (measurementtype=raw). */
int import_ycsb_raw_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/* YCSB's JSON exporters, their records read as the text ones. */
int import_ycsb_json_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * HdrHistogram's percentile text (.hgrm, or its CSV form), which does
 * not say its values' unit: the parser for values in unit ("ns", "us",
 * "ms" or "s"), or NULL for another unit.
 */
import_parse_fn import_hgrm_parser(const char *unit);

/* What the parsers share. */

/*
 * One line of a text buffer: its text without the line ending (a
 * trailing '\r' is dropped too), its 1-based number, and whether a
 * newline ended it (0 for a last line that the file cut off).
 */
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
 * Up to 40 bytes of s (n long) for a message, control characters shown
 * as '?' so a hostile file cannot steer the terminal; "..." marks a cut.
 * Returns buf (of SHOWN_LEN bytes).
 */
#define SHOWN_LEN 48
const char *import_shown(char *buf, const char *s, size_t n);

/* Whether a line holds only blanks. */
int import_line_blank(const struct import_line *line);

/*
 * Each line of buf that is not blank, in turn, to fn, until it returns
 * -1; a line the file cut off is refused first (import_truncated, of
 * what).  Returns 0, or -1 with err set.
 */
int import_each_line(const char *buf, size_t len, const char *name,
    const char *what, int (*fn)(void *ctx, const struct import_line *l,
    char *err), void *ctx, char *err);

/* A field of a line: its bytes, not NUL-terminated. */
struct import_field {
	const char *s;
	size_t n;
};

/*
 * t (n bytes) cut at every sep into fields, the first max of them into
 * f; returns how many there are (an empty t is one empty field).
 */
size_t import_split(const char *t, size_t n, char sep, struct import_field *f,
    size_t max);

/* Whether f is s. */
int import_field_is(const struct import_field *f, const char *s);

/* s's control characters made '?', so a hostile name cannot steer the terminal. */
void import_clean(char *s);

/*
 * What every import starts with: out emptied (its concurrency unknown),
 * then the checks of the text, an empty buffer (or only blanks), a NUL
 * byte or bytes not UTF-8.  what names the expected format ("YCSB's text
 * output").  Returns 0, or -1 with err set.
 */
int import_begin(const char *buf, size_t len, const char *name,
    const char *what, struct result *out, char *err);

/* The message of a file cut inside line (of what): returns -1. */
int import_truncated(char *err, const char *name, size_t line, const char *what);

/*
 * The number of a last line that has text but no newline: the tools end
 * every line they print with one, so such a line was cut off, perhaps
 * inside a number.  0 when the buffer ends cleanly.
 */
size_t import_cut_line(const char *buf, size_t len);

/* Whether s is one of the NULL-terminated list's strings. */
int import_in_list(const char *const *list, const char *s);

/*
 * A class's latencies as a histogram (model/result.h): takes rows (nrows
 * of them, allocated), sets the count to theirs and p50 and p99 to the
 * midpoints of the rows their type-7 ranks fall in, so the gate bounds
 * them with the same order-statistic ranks as samples.
 */
void import_histogram(struct result_class *c, struct result_bucket *rows,
    size_t nrows);

/*
 * What a tool says of a rank without the buckets' counts: the latency
 * of 1-based rank `rank` is at least ns (above 0) or at most ns (above 1).
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
 * the rank the tool took is floor(p n) or the next (ceil, round, or a
 * product that fell a hair over a whole number), so rank floor(p n) is
 * at most hi and the next at least lo.
 */
void import_bound_percentile(struct import_bounds *b, long long n, double p,
    double lo, double hi);

/* One bound, as above. */
void import_bound_add(struct import_bounds *b, long long rank, double ns,
    int above);

/*
 * The histogram the bounds allow for n latencies (n >= 1): for each run
 * of ranks, the highest low and the lowest high said of them (0 and a day
 * where nothing was), into a class as import_histogram.  Returns 0, or
 * -1 when the bounds contradict each other (a low above a high).
 */
int import_bounds_histogram(struct import_bounds *b, long long n,
    struct result_class *c);

/* Frees what b holds (not b). */
void import_bounds_free(struct import_bounds *b);

/*
 * The tool's own p50 and p99 (NaN: none) as c's points, where they lie
 * within what the histogram allows: a histogram built from bounds has
 * wide runs between the ranks a tool pinned, and their midpoint is no
 * estimate.
 */
void import_points(struct result_class *c, double p50, double p99);

/*
 * What each parser expects, as its messages say: "YCSB's text output".
 * The table of formats gives them to the message naming another tool's.
 */
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

/* Appends v to a class's samples (growing them). */
void import_sample(struct result_class *c, size_t *cap, double v);

/* Every class of out's samples sorted, and its count theirs. */
void import_samples_done(struct result *out);

#endif
