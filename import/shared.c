/* SPDX-License-Identifier: MIT */
/*
 * What the importers of import/parse.h share: percentiles of latencies
 * counted into buckets, samples, and telling one tool's output from
 * another's, so a file given to the wrong importer is named for what it is.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/err.h"

/* The bucket holding the latency of 0-based rank r. */
static size_t
bucket_of(const struct import_bucket *b, size_t nb, long long r)
{
	long long seen = 0;
	size_t i;

	for (i = 0; i < nb; i++) {
		seen += b[i].count;
		if (r < seen)
			return i;
	}
	return nb - 1;
}

void
import_bucket_quantile(const struct import_bucket *b, size_t nb, long long n,
    double p, double *lo, double *hi)
{
	double h = (double)(n - 1) * p;
	long long r = (long long)floor(h);

	*lo = b[bucket_of(b, nb, r)].lo;
	/* a whole h weighs the next order statistic by zero */
	*hi = b[bucket_of(b, nb, h > (double)r && r + 1 < n ? r + 1 : r)].hi;
}

const char *
import_find(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i;

	for (i = 0; i + k <= n; i++)
		if (s[i] == needle[0] && memcmp(s + i, needle, k) == 0)
			return s + i;
	return NULL;
}

void
import_sample(struct result_class *c, size_t *cap, double v)
{
	xgrow(&c->samples_ns, cap, c->nsamples + 1, sizeof *c->samples_ns);
	c->samples_ns[c->nsamples++] = v;
}

/* The line of the first occurrence of s in buf, or 0. */
static size_t
line_of(const char *buf, size_t len, const char *s)
{
	size_t n = strlen(s), line = 1, i;

	for (i = 0; i + n <= len; i++) {
		if (buf[i] == '\n')
			line++;
		else if (buf[i] == s[0] && memcmp(buf + i, s, n) == 0)
			return line;
	}
	return 0;
}

/* The first line that starts (after blanks) with s, or 0. */
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

/*
 * Marks each tool prints, most telling first: a JSON key only its
 * output has, a header line, a line's start.
 */
static const struct {
	const char *mark;
	int start;              /* the mark starts a line */
	const char *what, *format;
} marks[] = {
	{ "\"fio version\"", 0, "fio's JSON output", "fio" },
	{ "\"syncgate-result/1\"", 0, "a syncgate result (give it to syncgate gate as "
	  "it is)", NULL },
	{ "\"syncgate-probe/1\"", 0, "a syncgate probe record (give it to --probe)",
	  NULL },
	{ "\"measurement\" : ", 0, "YCSB's JSON exporter output", "ycsb-json" },
	{ " latency raw data: op, timestamp(ms), latency(us)", 0, "YCSB's raw "
	  "measurements (measurementtype=raw)", "ycsb-raw" },
	{ "[OVERALL], ", 1, "YCSB's text output", "ycsb" },
	{ "op,count,p25_low,", 1, "a LinkBench -csvstats file", "linkbench" },
	{ "Microseconds per ", 1, "db_bench's --histogram=1 output", "db_bench" },
	{ "operation,timestamp_us,latency_us", 1, "go-ycsb's per-operation CSV",
	  "go-ycsb" },
	{ " - Takes(s): ", 0, "go-ycsb's summary", "go-ycsb" },
	{ "Value     Percentile TotalCount 1/(1-Percentile)", 0,
	  "HdrHistogram's percentile text (.hgrm)", "hgrm" },
	{ "\"Value\",\"Percentile\",\"TotalCount\"", 1,
	  "HdrHistogram's percentile text in CSV (.hgrm)", "hgrm" },
	{ "), jobs=", 0, "fio's normal output (run fio with --output-format=json "
	  "or json+)", NULL },
	{ "3;fio-", 1, "fio's terse output (run fio with --output-format=json or "
	  "json+)", NULL },
	{ "[READ], ", 1, "YCSB's text output", "ycsb" },
	{ "[UPDATE], ", 1, "YCSB's text output", "ycsb" },
	{ "[INSERT], ", 1, "YCSB's text output", "ycsb" },
};

/* pgbench's log: six to eight fields, all whole numbers but the time. */
static int
pgbench_line(const char *t, size_t n)
{
	size_t fields = 0, i = 0;

	while (i < n) {
		size_t start = i;

		while (i < n && t[i] != ' ')
			i++;
		if (i == start)
			return 0;
		fields++;
		for (size_t k = start; fields != 3 && k < i; k++)
			if (t[k] < '0' || t[k] > '9')
				return 0;
		i++;
	}
	return fields >= 6 && fields <= 8;
}

struct import_sniffed
import_sniff(const char *buf, size_t len)
{
	struct import_sniffed s = { NULL, NULL, 0 };
	size_t i, line, n;

	for (i = 0; i < sizeof marks / sizeof marks[0]; i++) {
		line = marks[i].start ? line_starting(buf, len, marks[i].mark) :
		    line_of(buf, len, marks[i].mark);
		if (line) {
			s.what = marks[i].what;
			s.format = marks[i].format;
			s.line = line;
			return s;
		}
	}
	n = memchr(buf, '\n', len) != NULL ? (size_t)((const char *)memchr(buf,
	    '\n', len) - buf) : len;
	if (pgbench_line(buf, n)) {
		s.what = "pgbench's per-transaction log (-l)";
		s.format = "pgbench";
		s.line = 1;
	}
	return s;
}

int
import_other_format(const char *buf, size_t len, const char *name,
    const char *format, const char *expected, char *err)
{
	struct import_sniffed s = import_sniff(buf, len);
	char use[64] = "";

	if (s.what == NULL || (s.format != NULL && strcmp(s.format, format) == 0))
		return 0;
	if (s.format != NULL)
		snprintf(use, sizeof use, " (for this file, use syncgate import %s)",
		    s.format);
	return errf(err, "%s: line %zu: this looks like %s; expected %s%s", name,
	    s.line, s.what, expected, use);
}
