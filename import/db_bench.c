/* SPDX-License-Identifier: MIT */
/*
 * RocksDB db_bench --histogram=1, as db_bench_tool.cc's Stats::Report and
 * histogram.cc's HistogramStat::ToString print it: after a benchmark's
 * "NAME : X micros/op ..." line, a "Microseconds per OP:" block an
 * operation timed: Count, Min/Median/Max and Percentiles lines, a rule,
 * then a row a bucket that counted: "[ 0, 1 ]", then "( LEFT, RIGHT ]",
 * count and two percentages.  A bucket holds whole microseconds LEFT + 1
 * to RIGHT: two clock readings cut to the microsecond, so the true latency
 * lies within a microsecond more either side.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT import_db_bench_what

const char import_db_bench_what[] = "db_bench's output with --histogram=1";

static const char *const read_ops[] = { "read", "seek", "multiscan", NULL };
static const char *const write_ops[] = { "write", "delete", "merge", "update", NULL };

struct db_parse {
	const char *name;
	struct result *out;
	struct import_notes *notes;
	char bench[128];        /* the benchmark whose report line came last */
	size_t reports, first_report;   /* report lines, and the first's line */
	size_t *class_lines;
	struct result_bucket *b;
	size_t nb, cap, blocks;
};

struct db_block {
	size_t line;
	char op[64];
	long long count;        /* -1 until its Count line */
};

static const char *
skip_blanks(const char *p, const char *end)
{
	while (p < end && *p == ' ')
		p++;
	return p;
}

/* Digits at p as a whole number; the end of them, or NULL. */
static const char *
whole_at(const char *p, const char *end, long long *v)
{
	const char *q = p;

	while (q < end && *q >= '0' && *q <= '9')
		q++;
	return decimal_whole(p, (size_t)(q - p), RESULT_MAX_COUNT, v) < 0 ? NULL : q;
}

/* "NAME : 1.234 micros/op 5678 ops/sec ...": the benchmark's name. */
static void
report_line(struct db_parse *ps, const struct import_line *l)
{
	const char *colon = import_find(l->text, l->len, " : "), *end = l->text + l->len, *p;
	size_t n;

	if (colon == NULL || colon == l->text || l->len > 400 ||
	    import_find(colon, (size_t)(end - colon), " micros/op ") == NULL)
		return;
	for (n = (size_t)(colon - l->text); n > 0 && l->text[n - 1] == ' '; n--)
		;
	snprintf(ps->bench, sizeof ps->bench, "%.*s", (int)(n < 100 ? n : 100),
	    l->text);
	p = skip_blanks(colon + 3, end);
	while (end > p && (end[-1] == ' ' || end[-1] == ';'))
		end--;
	import_note(ps->notes, "%s (line %zu): %.*s; reported, not imported",
	    ps->bench, l->number, (int)(end - p > 200 ? 200 : end - p), p);
	if (ps->reports++ == 0)
		ps->first_report = l->number;
}

/* "Microseconds per OP:": the operation, or -1 when l is not such a line. */
static int
block_header(const struct import_line *l, struct db_block *blk)
{
	static const char key[] = "Microseconds per ";
	size_t k = sizeof key - 1;

	if (l->len <= k + 1 || memcmp(l->text, key, k) != 0 ||
	    l->text[l->len - 1] != ':' || l->len - k - 1 >= sizeof blk->op)
		return -1;
	*blk = (struct db_block){ .line = l->number, .count = -1 };
	snprintf(blk->op, sizeof blk->op, "%.*s", (int)(l->len - k - 1), l->text + k);
	return 0;
}

/* "[ 0, 1 ] COUNT PCT% CUM% ###" or "( LEFT, RIGHT ] ...", else -1. */
static int
bucket_row(const struct import_line *l, long long *left, long long *right,
    long long *count)
{
	const char *p = l->text, *end = l->text + l->len;

	if (l->len < 2 || (*p != '[' && *p != '('))
		return -1;
	if ((p = whole_at(skip_blanks(p + 1, end), end, left)) == NULL ||
	    p >= end || *p != ',')
		return -1;
	if ((p = whole_at(skip_blanks(p + 1, end), end, right)) == NULL ||
	    (p = skip_blanks(p, end)) >= end || *p != ']')
		return -1;
	if ((p = whole_at(skip_blanks(p + 1, end), end, count)) == NULL ||
	    (p < end && *p != ' '))
		return -1;
	/* the percentages: two numbers ending in '%' */
	return import_find(p, (size_t)(end - p), "%") == NULL ? -1 : 0;
}

static int
row_error(const struct db_parse *ps, const struct import_line *l,
    const struct db_block *blk, const char *expected, char *err)
{
	char shown[SHOWN_LEN];

	return errf(err, "%s: line %zu: \"%s\" in the \"Microseconds per %s\" block "
	    "of line %zu; expected %s", ps->name, l->number,
	    import_shown(shown, l->text, l->len), blk->op, blk->line, expected);
}

/* One bucket row into ps->b, in ns, checked against the row before. */
static int
add_bucket(struct db_parse *ps, const struct import_line *l,
    const struct db_block *blk, char *err)
{
	long long left, right, count;
	int first = ps->nb == 0;

	if (bucket_row(l, &left, &right, &count) < 0)
		return row_error(ps, l, blk, "a bucket row such as \"(       1,       2 ]"
		    "    45678  45.678%  58.023% ##\"", err);
	if (right <= left || count < 1 || (l->text[0] == '[') != (left == 0) ||
	    right > 86400000000LL || (!first && left < ps->b[ps->nb - 1].hi_ns / 1e3 - 1))
		return row_error(ps, l, blk, "a bucket above the row before it, with "
		    "RIGHT above LEFT and a count of at least 1", err);
	xgrow(&ps->b, &ps->cap, ps->nb + 1, sizeof *ps->b);
	/* whole microseconds LEFT + 1 to RIGHT, each true to a microsecond */
	ps->b[ps->nb++] = (struct result_bucket){ left > 0 ? (double)left * 1e3 :
	    RESULT_MIN_NS, fmin(((double)right + 1) * 1e3, RESULT_MAX_NS), count };
	return 0;
}

static int
finish_block(struct db_parse *ps, const struct db_block *blk, size_t last,
    int at_end, char *err)
{
	struct result_class *c;
	char cname[200];
	long long sum = 0;
	size_t i;
	int reads = import_in_list(read_ops, blk->op);

	for (i = 0; i < ps->nb; i++)
		sum += ps->b[i].count;
	ps->blocks++;
	if (blk->count < 0)
		return errf(err, "%s: line %zu: \"Microseconds per %s\" has no Count "
		    "line; expected HistogramStat's \"Count: N Average: ...\"", ps->name,
		    blk->line, blk->op);
	if (at_end && sum < blk->count)
		return errf(err, "%s: truncated after line %zu: the \"Microseconds per "
		    "%s\" block of line %zu counts %lld of its %lld operations", ps->name,
		    last, blk->op, blk->line, sum, blk->count);
	if (sum != blk->count)
		return errf(err, "%s: line %zu: the \"Microseconds per %s\" rows count "
		    "%lld operations, but its Count is %lld; expected the same number",
		    ps->name, blk->line, blk->op, sum, blk->count);
	snprintf(cname, sizeof cname, "%s%s%s", ps->bench, ps->bench[0] ? ":" : "",
	    blk->op);
	if (!reads && !import_in_list(write_ops, blk->op)) {
		import_note(ps->notes, "%s (line %zu): %lld operations, not imported: "
		    "not a storage operation syncgate imports (reads: read, seek, "
		    "multiscan; writes: write, delete, merge, update)", cname, blk->line,
		    blk->count);
		return 0;
	}
	if (blk->count == 0) {
		import_note(ps->notes, "%s (line %zu): no operations, not imported",
		    cname, blk->line);
		return 0;
	}
	for (i = 0; i < ps->out->nclasses; i++)
		if (strcmp(ps->out->classes[i].name, cname) == 0)
			return errf(err, "%s: line %zu: a second %s block (the first is at "
			    "line %zu); expected one run of each benchmark (db_bench "
			    "--benchmarks=NAME[X2] runs one twice): import each run alone",
			    ps->name, blk->line, cname, ps->class_lines[i]);
	c = result_add_class(ps->out, cname, reads ? KIND_READ : KIND_WRITE);
	import_histogram(c, ps->b, ps->nb);
	ps->b = NULL;
	ps->nb = ps->cap = 0;
	ps->class_lines = xrealloc(ps->class_lines, ps->out->nclasses *
	    sizeof *ps->class_lines);
	ps->class_lines[ps->out->nclasses - 1] = blk->line;
	return 0;
}

static int
block_line(struct db_parse *ps, const struct import_line *l, struct db_block *blk,
    char *err)
{
	const char *end = l->text + l->len;

	if (l->len > 7 && memcmp(l->text, "Count: ", 7) == 0)
		return whole_at(l->text + 7, end, &blk->count) == NULL ?
		    row_error(ps, l, blk, "\"Count: N\", N a count", err) : 0;
	if ((l->len > 5 && memcmp(l->text, "Min: ", 5) == 0) ||
	    (l->len > 13 && memcmp(l->text, "Percentiles: ", 13) == 0) ||
	    (l->len > 3 && memcmp(l->text, "---", 3) == 0))
		return 0;
	return add_bucket(ps, l, blk, err);
}

static int
ends_block(const struct import_line *l)
{
	struct db_block other;

	return import_line_blank(l) || block_header(l, &other) == 0 ||
	    (l->text[0] != '[' && l->text[0] != '(' &&
	    !(l->len > 5 && (memcmp(l->text, "Count", 5) == 0 ||
	    memcmp(l->text, "Min: ", 5) == 0 || memcmp(l->text, "Perce", 5) == 0 ||
	    memcmp(l->text, "---", 3) == 0)));
}

static int
read_lines(struct db_parse *ps, const char *buf, size_t len, char *err)
{
	struct import_lines it;
	struct import_line line;
	struct db_block blk;
	size_t last = 0;
	int in_block = 0;

	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		if (in_block && ends_block(&line)) {
			if (finish_block(ps, &blk, last, 0, err) < 0)
				return -1;
			in_block = 0;
		}
		if (in_block) {
			if (block_line(ps, &line, &blk, err) < 0)
				return -1;
			last = line.number;
		} else if (block_header(&line, &blk) == 0) {
			in_block = 1;
			ps->nb = 0;
			last = line.number;
		} else {
			report_line(ps, &line);
		}
	}
	return in_block ? finish_block(ps, &blk, last, 1, err) : 0;
}

int
import_db_bench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	struct db_parse ps = { .name = name, .out = out, .notes = notes };
	int rc = -1;

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	if (import_each_line(buf, len, name, WHAT, NULL, NULL, err) < 0 ||
	    read_lines(&ps, buf, len, err) < 0)
		goto out;
	if (ps.blocks == 0) {
		rc = IMPORT_FOREIGN;
		if (ps.reports > 0)
			errf(err, "%s: line %zu: %zu benchmark report line%s and no "
			    "\"Microseconds per OP:\" block: db_bench prints one for each "
			    "kind of operation it timed, so this run timed none (--num, "
			    "--reads or --duration of 0?) or ran without --histogram=1; "
			    "expected %s of a run that timed operations", name,
			    ps.first_report, ps.reports, ps.reports == 1 ? "" : "s", WHAT);
		else
			errf(err, "%s: no \"Microseconds per OP:\" block and no benchmark "
			    "report line; expected %s", name, WHAT);
		goto out;
	}
	if (out->nclasses == 0) {
		errf(err, "%s: no read, seek, write, delete, merge or update operations; "
		    "nothing to import", name);
		goto out;
	}
	import_note(notes, "db_bench counts latencies in whole microseconds into "
	    "buckets: kept with their counts as histogram_ns, each a microsecond "
	    "wider either side, so the gate bounds p50 and p99 by as many "
	    "operations as ran");
	rc = 0;
out:
	free(ps.b);
	free(ps.class_lines);
	if (rc < 0)
		result_free(out);
	return rc;
}
