/* SPDX-License-Identifier: MIT */
/*
 * The formats `syncgate import` reads, in one table: the name the
 * command line gives, the parser, the marks that tell its files from
 * other tools', what the options may say that the file does not
 * (workload, kind, unit) and the format's lines in the usage.  A new
 * format is a row in formats.c, its parser (import/parse.h) and its tests.
 */
#ifndef SYNCGATE_IMPORT_FORMATS_H
#define SYNCGATE_IMPORT_FORMATS_H

#include <stddef.h>
#include <stdio.h>

#include "import/parse.h"

/* What --kind may say of a format's classes. */
enum import_kind_option {
	IMPORT_KIND_NONE,       /* nothing: the file says each class's kind */
	IMPORT_KIND_EACH,       /* read or write, or a list of them, the Nth for
	                           the class whose name ends in N (pgbench's
	                           scriptN); without it the parser's kinds */
	IMPORT_KIND_REQUIRED    /* read or write, required: the file cannot say */
};

/* Units --unit may name, at most; marks a format has, at most. */
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
	/*
	 * The parser; or, where the file does not say the unit of its
	 * values, by_unit gives the parser for --unit's, which is then
	 * required and one of units (NULL-terminated).
	 */
	import_parse_fn parse;
	import_parse_fn (*by_unit)(const char *unit);
	const char *units[IMPORT_MAX_UNITS + 1];
	const char *workload;   /* the result's workload... */
	int takes_workload;     /* ...which --workload NAME may replace */
	enum import_kind_option kind;
	const char *unsaid;     /* why --unit or --kind is required */
	/*
	 * The synopsis after "syncgate import NAME ", and the paragraph
	 * beside the name; '\n' separates lines, which the usage indents.
	 * A row without a synopsis shares the lines of the row above
	 * ("syncgate import fio|db_bench FILE ...").
	 */
	const char *synopsis;
	const char *about;
	/*
	 * A check of the file among its neighbours before it is read, or
	 * NULL: 0, or -1 with err set.
	 */
	int (*check_file)(const char *path, char *err);
};

/*
 * Refuses one thread's pgbench log (PREFIX.PID, PREFIX.PID.N) while the
 * run's other threads' lie beside it (import/pgbench_files.c).
 */
int import_pgbench_siblings(const char *path, char *err);

/* The table, ended by a row whose name is NULL. */
extern const struct import_format import_formats[];

/* The format named name, or NULL. */
const struct import_format *import_format_find(const char *name);

/* Which formats import_format_names lists. */
enum import_format_filter {
	IMPORT_ALL,             /* every format */
	IMPORT_TAKES_WORKLOAD,  /* those --workload is for */
	IMPORT_TAKES_KIND,      /* those --kind is for */
	IMPORT_TAKES_UNIT       /* those --unit is for */
};

/*
 * The names of the formats filter keeps, as a list ending in last
 * (" or ": "a, b or c") into buf (len bytes).  Returns buf.
 */
char *import_format_names(char *buf, size_t len, enum import_format_filter filter,
    const char *last);

/*
 * fmt's units into buf (len bytes, cut if need be), sep between them and
 * last before the last one: "ns, us, ms or s" (", ", " or "), "ns|us|ms|s"
 * ("|", "|").  Returns buf.
 */
char *import_format_units(char *buf, size_t len, const struct import_format *fmt,
    const char *sep, const char *last);

/*
 * The parser of fmt for unit (NULL when fmt takes no --unit): NULL when
 * unit is not one of fmt's units.
 */
import_parse_fn import_format_parser(const struct import_format *fmt,
    const char *unit);

/*
 * Runs parse (fmt's parser) on buf as import_ycsb_parse describes.  Where
 * the parser finds nothing of fmt's and the buffer is recognisably
 * another tool's output, err says so instead: "NAME: line N: this looks
 * like WHAT; expected EXPECTED (for this file, use syncgate import
 * FORMAT)".  Returns 0 or -1.
 */
int import_format_parse(const struct import_format *fmt, import_parse_fn parse,
    const char *buf, size_t len, const char *name, struct result *out,
    struct import_notes *notes, char *err);

/*
 * What a buffer looks like, by the first mark found: a description
 * ("fio's JSON output") and the import format that reads it ("fio"), or
 * NULL for both when nothing is recognised.  format may be NULL where no
 * importer reads that output as it is (fio's normal output).
 */
struct import_sniffed {
	const char *what, *format;
	size_t line;            /* where it was recognised */
};
struct import_sniffed import_sniff(const char *buf, size_t len);

/* fmt's synopsis: its own, or the one it shares. */
const char *import_format_synopsis(const struct import_format *fmt);

/* Each format's synopsis lines, then (after a blank line) its paragraph. */
void import_format_synopses(FILE *fp);
void import_format_abouts(FILE *fp);

#endif
