/* SPDX-License-Identifier: MIT */
/*
 * The formats `syncgate import` reads, in one table: the name the
 * command line gives, the parser, the workload the result gets and the
 * format's lines in the usage.  A new format is a row in formats.c, its
 * parser and its tests.
 */
#ifndef SYNCGATE_IMPORT_FORMATS_H
#define SYNCGATE_IMPORT_FORMATS_H

#include <stddef.h>
#include <stdio.h>

#include "import/parse.h"

struct import_format {
	const char *name;       /* "ycsb": `syncgate import ycsb FILE` */
	const char *tool;       /* "YCSB": how messages name its runs */
	import_parse_fn parse;
	const char *workload;   /* the result's workload... */
	int takes_workload;     /* ...which --workload NAME may replace */
	/*
	 * The synopsis after "syncgate import NAME ", and the paragraph
	 * beside the name; '\n' separates lines, which the usage indents.
	 */
	const char *synopsis;
	const char *about;
};

/* The table, ended by a row whose name is NULL. */
extern const struct import_format import_formats[];

/* The format named name, or NULL. */
const struct import_format *import_format_find(const char *name);

/*
 * The names of the formats, or of those that take --workload, as a list
 * ("ycsb or linkbench", "a, b or c") into buf (len bytes).  Returns buf.
 */
char *import_format_names(char *buf, size_t len, int workload_only);

/* Each format's synopsis lines, then (after a blank line) its paragraph. */
void import_format_synopses(FILE *fp);
void import_format_abouts(FILE *fp);

#endif
