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
	{ .name = "ycsb", .tool = "YCSB", .parse = import_ycsb_parse,
	  .expected = import_ycsb_what,
	  .marks = { { "[OVERALL], ", 1, "YCSB's text output", 0 },
	    { "[READ], ", 1, "YCSB's text output", 0 },
	    { "[UPDATE], ", 1, "YCSB's text output", 0 },
	    { "[INSERT], ", 1, "YCSB's text output", 0 } },
	  .workload = "ycsb", .takes_workload = 1,
	  .synopsis = "FILE --engine NAME [--probe FILE] [--workload NAME]\n"
	  "[-o FILE]",
	  .about = "YCSB's text output: [READ] and [SCAN] become read classes;\n"
	  "[UPDATE], [INSERT], [READ-MODIFY-WRITE] and [DELETE] write\n"
	  "classes; microseconds become nanoseconds.  [OVERALL] and the\n"
	  "-FAILED rows are reported, not imported.  Run YCSB with\n"
	  "-p hdrhistogram.percentiles=50,99: a missing percentile is an\n"
	  "error, never a guess." },
	{ .name = "linkbench", .tool = "LinkBench", .parse = import_linkbench_parse,
	  .expected = import_linkbench_what,
	  .marks = { { "op,count,p25_low,", 1, "a LinkBench -csvstats file", 0 } },
	  .workload = "linkbench",
	  .synopsis = "FILE --engine NAME [--probe FILE] [-o FILE]",
	  .about = "LinkBench's -csvstats file: request operations become classes\n"
	  "(GET_NODE, COUNT_LINK, MULTIGET_LINK, GET_LINKS_LIST read; the\n"
	  "ADD, UPDATE and DELETE operations write).  Its percentiles are\n"
	  "latency buckets: kept as histogram_ns, what each says of its\n"
	  "rank, with the bucket's midpoint as p50_ns and p99_ns." },
	{ .name = "fio", .tool = "fio", .parse = import_fio_parse, .workload = "fio",
	  .expected = import_fio_what,
	  .marks = { { "\"fio version\"", 0, "fio's JSON output", 0 },
	    { "), jobs=", 0, "fio's normal output (run fio with "
	      "--output-format=json or json+)", 1 },
	    { "3;fio-", 1, "fio's terse output (run fio with --output-format=json "
	      "or json+)", 1 } },
	  .synopsis = "FILE --engine NAME [--probe FILE] [-o FILE]",
	  .about = "fio's --output-format=json or json+: each job's read, write,\n"
	  "trim and sync become JOB:read (a read), JOB:write, JOB:trim\n"
	  "and JOB:sync (writes), kept as histogram_ns: json+'s bins with\n"
	  "their counts, or what fio's percentiles say of their ranks." },
	{ .name = "db_bench", .tool = "db_bench", .parse = import_db_bench_parse,
	  .workload = "db_bench", .expected = import_db_bench_what,
	  .marks = { { "Microseconds per ", 1, "db_bench's --histogram=1 output", 0 } },
	  .about = "RocksDB db_bench --histogram=1: each \"Microseconds per OP\"\n"
	  "block becomes BENCHMARK:OP (read, seek: reads; write, delete,\n"
	  "merge, update: writes), its buckets and counts as histogram_ns." },
	{ .name = "pgbench", .tool = "pgbench", .parse = import_pgbench_parse,
	  .workload = "pgbench", .kind = IMPORT_KIND_EACH,
	  .expected = import_pgbench_what,
	  .marks = { { "number of transactions actually processed: ", 1, "pgbench's "
	      "summary of a run, not its per-transaction log (run pgbench with -l "
	      "and import the pgbench_log files it writes)", 1 } },
	  .first_line = import_pgbench_line,
	  .synopsis = "FILE --engine NAME [--kind KIND] [--probe FILE]\n"
	  "[-o FILE]",
	  .about = "pgbench's per-transaction log (-l): each script a class,\n"
	  "script0, script1..., of every transaction's latency; writes\n"
	  "unless --kind read (or write,read: a kind a script, in order).\n"
	  "Skipped and failed ones are kept as such, never timed.",
	  .check_file = import_pgbench_siblings },
	{ .name = "go-ycsb", .tool = "go-ycsb", .parse = import_go_ycsb_parse,
	  .workload = "ycsb", .takes_workload = 1, .expected = import_go_ycsb_what,
	  .marks = { { "operation,timestamp_us,latency_us", 1, "go-ycsb's "
	      "per-operation CSV", 0 },
	    { " - Takes(s): ", 0, "go-ycsb's summary", 0 } },
	  .synopsis = "FILE --engine NAME\n"
	  "[--probe FILE] [--workload NAME] [-o FILE]",
	  .about = "go-ycsb's final summary lines, or its per-operation CSV." },
	{ .name = "ycsb-raw", .tool = "YCSB", .parse = import_ycsb_raw_parse,
	  .workload = "ycsb", .takes_workload = 1, .expected = import_ycsb_raw_what,
	  .marks = { { IMPORT_YCSB_RAW_HEADER, 0, "YCSB's raw measurements "
	      "(measurementtype=raw)", 0 } },
	  .about = "YCSB's measurementtype=raw lines, every latency a sample." },
	{ .name = "ycsb-json", .tool = "YCSB", .parse = import_ycsb_json_parse,
	  .workload = "ycsb", .takes_workload = 1, .expected = import_ycsb_json_what,
	  .marks = { { "\"measurement\" : ", 0, "YCSB's JSON exporter output", 0 } },
	  .about = "YCSB's JSON exporters' output, read as ycsb reads the text." },
	{ .name = "hgrm", .tool = "HdrHistogram", .by_unit = import_hgrm_parser,
	  .units = { "ns", "us", "ms", "s", NULL }, .workload = "hgrm",
	  .kind = IMPORT_KIND_REQUIRED, .expected = import_hgrm_what,
	  .marks = { { "Value     Percentile TotalCount 1/(1-Percentile)", 0,
	      "HdrHistogram's percentile text (.hgrm)", 0 },
	    { "\"Value\",\"Percentile\",\"TotalCount\"", 1,
	      "HdrHistogram's percentile text in CSV (.hgrm)", 0 } },
	  .unsaid = "an hgrm file says neither its values' unit nor what was timed",
	  .synopsis = "FILE --unit UNIT --kind KIND --engine NAME\n"
	  "[--probe FILE] [-o FILE]",
	  .about = "HdrHistogram's percentile text: one class, latency, its\n"
	  "rows kept as histogram_ns, what each says of its rank.  The\n"
	  "file says neither its values' unit (--unit ns, us, ms or s)\n"
	  "nor what was timed (--kind read or write): both are required." },
	{ .name = NULL }
};

/* Files of syncgate's own, which no format reads. */
static const struct import_mark own_marks[] = {
	{ "\"syncgate-result/1\"", 0, "a syncgate result (give it to syncgate gate as "
	  "it is)", 1 },
	{ "\"syncgate-probe/1\"", 0, "a syncgate probe record (give it to --probe)", 1 },
	{ NULL, 0, NULL, 0 }
};

static size_t
line_starting(const char *buf, size_t len, const char *s)
{
	size_t i = 0, line = 1, n = strlen(s);

	while (i < len) {
		size_t j = i;

		while (j < len && (buf[j] == ' ' || buf[j] == '\t'))
			j++;
		if (len - j >= n && memcmp(buf + j, s, n) == 0)
			return line;
		while (i < len && buf[i] != '\n')
			i++;
		i++;
		line++;
	}
	return 0;
}

/* The first of marks (of format f, or NULL) that start says, found in buf. */
static int
sniff_marks(const char *buf, size_t len, const struct import_mark *m,
    const struct import_format *f, int start, struct import_sniffed *s)
{
	const char *at;

	for (; m->text != NULL; m++) {
		if (m->start != start)
			continue;
		at = start ? NULL : import_find(buf, len, m->text);
		s->line = start ? line_starting(buf, len, m->text) : at != NULL ?
		    import_line_at(buf, (size_t)(at - buf)) : 0;
		if (s->line) {
			s->what = m->what;
			s->format = f != NULL && !m->other ? f->name : NULL;
			return 1;
		}
	}
	return 0;
}

struct import_sniffed
import_sniff(const char *buf, size_t len)
{
	struct import_sniffed s = { NULL, NULL, 0 };
	const struct import_format *f;
	const char *nl = memchr(buf, '\n', len);
	int start;

	for (start = 0; start <= 1; start++) {
		if (sniff_marks(buf, len, own_marks, NULL, start, &s))
			return s;
		for (f = import_formats; f->name != NULL; f++)
			if (sniff_marks(buf, len, f->marks, f, start, &s))
				return s;
	}
	for (f = import_formats; f->name != NULL; f++)
		if (f->first_line != NULL &&
		    f->first_line(buf, nl != NULL ? (size_t)(nl - buf) : len))
			return (struct import_sniffed){ f->expected, f->name, 1 };
	return s;
}

int
import_format_parse(const struct import_format *fmt, import_parse_fn parse,
    const char *buf, size_t len, const char *name, struct result *out,
    struct import_notes *notes, char *err)
{
	struct import_sniffed s;
	char use[64] = "";
	int rc = parse(buf, len, name, out, notes, err);

	if (rc != IMPORT_FOREIGN)
		return rc;
	s = import_sniff(buf, len);
	if (s.what == NULL || (s.format != NULL && strcmp(s.format, fmt->name) == 0))
		return -1;
	if (s.format != NULL)
		snprintf(use, sizeof use, " (for this file, use syncgate import %s)",
		    s.format);
	return errf(err, "%s: line %zu: this looks like %s; expected %s%s", name,
	    s.line, s.what, fmt->expected, use);
}

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
import_format_names(char *buf, size_t len, enum import_format_filter filter,
    const char *last)
{
	const char *names[sizeof import_formats / sizeof import_formats[0]];
	const struct import_format *f;
	size_t n = 0;

	for (f = import_formats; f->name != NULL; f++)
		if (filter == IMPORT_ALL ||
		    (filter == IMPORT_TAKES_WORKLOAD && f->takes_workload) ||
		    (filter == IMPORT_TAKES_KIND && f->kind != IMPORT_KIND_NONE) ||
		    (filter == IMPORT_TAKES_UNIT && f->by_unit != NULL))
			names[n++] = f->name;
	return err_list(buf, len, names, n, last);
}

char *
import_format_units(char *buf, size_t len, const struct import_format *fmt,
    const char *sep, const char *last)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; fmt->units[i] != NULL && used < len; i++) {
		snprintf(buf + used, len - used, "%s%s", i == 0 ? "" :
		    fmt->units[i + 1] == NULL ? last : sep, fmt->units[i]);
		used += strlen(buf + used);
	}
	return buf;
}

import_parse_fn
import_format_parser(const struct import_format *fmt, const char *unit)
{
	if (fmt->by_unit == NULL)
		return fmt->parse;
	return unit != NULL && import_in_list(fmt->units, unit) ? fmt->by_unit(unit) : NULL;
}

const char *
import_format_synopsis(const struct import_format *fmt)
{
	while (fmt->synopsis == NULL && fmt > import_formats)
		fmt--;
	return fmt->synopsis;
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
		if (f == import_formats || f->synopsis != NULL)
			fprintf(fp, "%s syncgate import %s", f == import_formats ? "usage:" :
			    "      ", f->name);
		else
			fprintf(fp, "|%s", f->name);
		if (f[1].name != NULL && f[1].synopsis == NULL)
			continue;
		fputc(' ', fp);
		indented(fp, import_format_synopsis(f), 23);
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
