/* SPDX-License-Identifier: MIT */
/*
 * The formats `syncgate import` reads: a row each.  The usage is built
 * from the rows, and README.md and syncgate.1 carry its synopsis lines
 * word for word (tests/cli_docs.sh).
 */
#include <stdio.h>
#include <string.h>

#include "import/formats.h"
#include "lib/err.h"

const struct import_format import_formats[] = {
	{ "ycsb", "YCSB", import_ycsb_parse, "ycsb", 1,
	  "FILE --engine NAME [--probe FILE] [--workload NAME]\n"
	  "[-o FILE]",
	  "YCSB's text output: [READ] and [SCAN] become read classes;\n"
	  "[UPDATE], [INSERT], [READ-MODIFY-WRITE] and [DELETE] write\n"
	  "classes; microseconds become nanoseconds.  [OVERALL] and the\n"
	  "-FAILED rows are reported, not imported.  Run YCSB with\n"
	  "-p hdrhistogram.percentiles=50,99: a missing percentile is an\n"
	  "error, never a guess." },
	{ "linkbench", "LinkBench", import_linkbench_parse, "linkbench", 0,
	  "FILE --engine NAME [--probe FILE] [-o FILE]",
	  "LinkBench's -csvstats file: request operations become classes\n"
	  "(GET_NODE, COUNT_LINK, MULTIGET_LINK, GET_LINKS_LIST read; the\n"
	  "ADD, UPDATE and DELETE operations write).  Its percentiles are\n"
	  "latency buckets: kept as intervals (p50_range_ns, p99_range_ns)\n"
	  "with the bucket's midpoint as p50_ns and p99_ns." },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL }
};

const struct import_format *
import_format_find(const char *name)
{
	const struct import_format *f;

	for (f = import_formats; f->name != NULL; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

char *
import_format_names(char *buf, size_t len, int workload_only)
{
	const char *names[sizeof import_formats / sizeof import_formats[0]];
	const struct import_format *f;
	size_t n = 0;

	for (f = import_formats; f->name != NULL; f++)
		if (!workload_only || f->takes_workload)
			names[n++] = f->name;
	return err_list(buf, len, names, n, " or ");
}

/* s's lines, each after the first indented to column indent. */
static void
indented(FILE *fp, const char *s, int indent)
{
	const char *nl;

	while ((nl = strchr(s, '\n')) != NULL) {
		fprintf(fp, "%.*s\n%*s", (int)(nl - s), s, indent, "");
		s = nl + 1;
	}
	fprintf(fp, "%s\n", s);
}

void
import_format_synopses(FILE *fp)
{
	const struct import_format *f;

	for (f = import_formats; f->name != NULL; f++) {
		fprintf(fp, "%s%s ", f == import_formats ? "usage: syncgate import " :
		    "       syncgate import ", f->name);
		indented(fp, f->synopsis, 23);
	}
}

void
import_format_abouts(FILE *fp)
{
	const struct import_format *f;

	for (f = import_formats; f->name != NULL; f++) {
		fprintf(fp, "  %-10s ", f->name);
		indented(fp, f->about, 13);
	}
}
