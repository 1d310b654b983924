/* SPDX-License-Identifier: MIT */
/*
 * The formats `syncgate import` reads, in one table: a new format is a row
 * in formats.c, its parser (import/parse.h) and its tests.
 */
#ifndef SYNCGATE_IMPORT_FORMATS_H
#define SYNCGATE_IMPORT_FORMATS_H

#include <stddef.h>
#include <stdio.h>

#include "import/parse.h"

/* What --kind may say of a format's classes. */
enum import_kind_option {
	IMPORT_KIND_NONE,       /* nothing: the file says each class's kind */
	IMPORT_KIND_EACH,       /* read or write, or a list: the Nth for the
	                           class named ...N (pgbench's scriptN) */
	IMPORT_KIND_REQUIRED    /* read or write, required: the file cannot say */
};

#define IMPORT_MAX_UNITS 8
#define IMPORT_MAX_MARKS 4

/*
 * Text only one tool prints.  Marks found anywhere in a file are tried
 * before those that start a line, which other output may hold too.
 */
struct import_mark {
	const char *text;
	int start;              /* the text starts a line (after blanks) */
	const char *what;       /* what a file with it is: "fio's JSON output" */
	int other;              /* the tool's output this format does not read */
};

struct import_format {
	const char *name;       /* "ycsb": `syncgate import ycsb FILE` */
	const char *tool;       /* "YCSB": how messages name its runs */
	const char *expected;   /* what the parser's messages expect */
	struct import_mark marks[IMPORT_MAX_MARKS + 1];   /* ended by a NULL text */
	/* or where no mark tells it, whether a first line is the format's */
	int (*first_line)(const char *line, size_t n);
	/* the parser; or where the file does not say its unit, --unit's */
	import_parse_fn parse;
	import_parse_fn (*by_unit)(const char *unit);
	const char *units[IMPORT_MAX_UNITS + 1];
	const char *workload;   /* the result's workload... */
	int takes_workload;     /* ...which --workload NAME may replace */
	enum import_kind_option kind;
	const char *unsaid;     /* why --unit or --kind is required */
	/*
	 * The usage's synopsis after "syncgate import NAME " and paragraph,
	 * '\n' between lines.  A row without a synopsis shares the row
	 * above's ("syncgate import fio|db_bench FILE ...").
	 */
	const char *synopsis;
	const char *about;
	/* a check of the file among its neighbours, or NULL: 0, or -1 */
	int (*check_file)(const char *path, char *err);
};

/* Refuses one thread's pgbench log while the run's others lie beside it. */
int import_pgbench_siblings(const char *path, char *err);

/* The table, ended by a row whose name is NULL. */
extern const struct import_format import_formats[];

const struct import_format *import_format_find(const char *name);

enum import_format_filter {
	IMPORT_ALL,
	IMPORT_TAKES_WORKLOAD,
	IMPORT_TAKES_KIND,
	IMPORT_TAKES_UNIT
};

/* The kept formats' names into buf, last before the last: "a, b or c". */
char *import_format_names(char *buf, size_t len, enum import_format_filter filter,
    const char *last);

/*
 * fmt's units into buf (cut if need be), sep between them and last before
 * the last one: "ns, us, ms or s" (", ", " or "), "ns|us|ms|s" ("|", "|").
 */
char *import_format_units(char *buf, size_t len, const struct import_format *fmt,
    const char *sep, const char *last);

/* fmt's parser for unit (NULL without --unit); NULL for a unit not fmt's. */
import_parse_fn import_format_parser(const struct import_format *fmt,
    const char *unit);

/*
 * Runs parse (fmt's) on buf; where it finds nothing of fmt's in another
 * tool's output, err says "NAME: line N: this looks like WHAT; ...".
 */
int import_format_parse(const struct import_format *fmt, import_parse_fn parse,
    const char *buf, size_t len, const char *name, struct result *out,
    struct import_notes *notes, char *err);

/*
 * What a buffer looks like by its first mark ("fio's JSON output"), where,
 * and the format that reads it; NULLs where nothing (no format) fits.
 */
struct import_sniffed {
	const char *what, *format;
	size_t line;
};
struct import_sniffed import_sniff(const char *buf, size_t len);

/* fmt's synopsis: its own, or the one it shares. */
const char *import_format_synopsis(const struct import_format *fmt);

/* Each format's synopsis lines, then (after a blank line) its paragraph. */
void import_format_synopses(FILE *fp);
void import_format_abouts(FILE *fp);

#endif
