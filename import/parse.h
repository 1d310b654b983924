/* SPDX-License-Identifier: MIT */
/*
 * Parsers for other benchmarks' output, as pure functions over a buffer
 * (no files, no exits), so they can be tested and fuzzed directly.  Each
 * fills a struct result with the classes it imported and collects, as
 * notes, what it saw and did not import.
 */
#ifndef SYNCGATE_IMPORT_PARSE_H
#define SYNCGATE_IMPORT_PARSE_H

#include <stddef.h>

#include "lib/result.h"

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
 * The checks every text import starts with: an empty buffer (or only
 * blanks) and a NUL byte (not text).  what names the expected format
 * ("YCSB's text output").  Returns 0, or -1 with err set.
 */
int import_check_text(const char *buf, size_t len, const char *name,
    const char *what, char *err);

/*
 * The number of a last line that has text but no newline: both tools end
 * every line they print with one, so such a line was cut off, perhaps
 * inside a number.  0 when the buffer ends cleanly.
 */
size_t import_cut_line(const char *buf, size_t len);

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

/* A parser of one benchmark's output, as import_ycsb_parse. */
typedef int (*import_parse_fn)(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/*
 * LinkBench's -csvstats file (`op,count,p25_low,p25_high,...`): request
 * operations become classes (GET_NODE, COUNT_LINK, MULTIGET_LINK and
 * GET_LINKS_LIST reads; the ADD, UPDATE and DELETE operations writes).
 * LinkBench reports each percentile as the bucket it fell in, so p50 and
 * p99 are kept as intervals (p50_lo_ns..p50_hi_ns) with the bucket's
 * midpoint as p50_ns.  Load-phase rows are noted, not imported.  As
 * import_ycsb_parse otherwise.
 */
int import_linkbench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err);

/* Whether s is one of the NULL-terminated list's strings. */
int import_in_list(const char *const *list, const char *s);

#endif
