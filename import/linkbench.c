/* SPDX-License-Identifier: MIT */
/*
 * LinkBench's -csvstats file (LatencyStats.printCSVStats): a header
 * `op,count,p25_low,p25_high,...,max,mean`, then a row an operation type,
 * in milliseconds.  Its buckets are 0.1 ms wide below 1 ms, 1 ms to 100 ms,
 * coarser above: a percentile is known only as its bucket, [low, high).
 * A run of both phases writes the load table, then the request table.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT import_linkbench_what
#define MAXCOLS 64
#define NRANKS 5

const char import_linkbench_what[] = "a LinkBench -csvstats file";

static const char *const read_ops[] = { "GET_NODE", "COUNT_LINK", "MULTIGET_LINK",
	"GET_LINKS_LIST", NULL };
static const char *const write_ops[] = { "ADD_NODE", "UPDATE_NODE", "DELETE_NODE",
	"ADD_LINK", "DELETE_LINK", "UPDATE_LINK", NULL };

/* The percentiles whose buckets syncgate reads, p50 and p99 required. */
static const struct {
	const char *name;
	double p;
} ranks[NRANKS] = { { "p50", 0.5 }, { "p99", 0.99 }, { "p25", 0.25 },
	{ "p75", 0.75 }, { "p95", 0.95 } };

/* Where the columns syncgate reads are, from the last header. */
struct lb_header {
	size_t line;            /* 0: none read yet */
	size_t ncols;
	int col[2 + 2 * NRANKS];        /* op, count, each rank's low and high */
	size_t rows;            /* rows read under it */
};

struct lb_parse {
	const char *name;
	struct lb_header h;
	struct result *out;
	struct import_notes *notes;
	size_t *class_lines;    /* the line each class came from */
	size_t load_rows;
	size_t request_header;  /* the header over the request phase's rows */
};

static int
is_header(const char *t, size_t n)
{
	return n >= 9 && memcmp(t, "op,count,", 9) == 0;
}

static int
read_header(struct lb_parse *ps, const struct import_line *line, char *err)
{
	/* the first six are required; p25, p75 and p95 are read where there */
	static const char *const names[] = { "op", "count", "p50_low", "p50_high",
		"p99_low", "p99_high", "p25_low", "p25_high", "p75_low", "p75_high",
		"p95_low", "p95_high" };
	struct import_field f[MAXCOLS];
	int *at = ps->h.col;
	size_t nf = import_split(line->text, line->len, ',', f, MAXCOLS), i, k;

	if (nf > MAXCOLS)
		return errf(err, "%s: line %zu: %zu columns; expected %s, whose header "
		    "has 14", ps->name, line->number, nf, WHAT);
	for (k = 0; k < sizeof names / sizeof names[0]; k++) {
		at[k] = -1;
		for (i = 0; i < nf; i++)
			if (import_field_is(&f[i], names[k]))
				at[k] = (int)i;
		if (k < 6 && at[k] < 0)
			return errf(err, "%s: line %zu: the header has no %s column; "
			    "expected %s", ps->name, line->number, names[k], WHAT);
	}
	ps->h.line = line->number;
	ps->h.ncols = nf;
	ps->h.rows = 0;
	return 0;
}

/*
 * A latency in ms into ns.  The finest buckets are 0.1 ms wide, the first
 * from 0: a bound between 0 and 0.1 ms is below what LinkBench resolves.
 */
static int
ms_field(const struct lb_parse *ps, const struct import_field *f, const char *col,
    const char *op, size_t line, double *ns, char *err)
{
	char shown[SHOWN_LEN];
	double v;

	/* scaled in the text, so "0.3" ms is 300000 ns, not 0.3 * 1e6 */
	if (decimal_parse_scaled(f->s, f->n, 6, &v) < 0 || !(v <= 86400e9))
		return errf(err, "%s: line %zu: %s %s is \"%s\"; expected a latency in "
		    "milliseconds", ps->name, line, op, col,
		    import_shown(shown, f->s, f->n));
	if (v > 0 && v < 1e5)
		return errf(err, "%s: line %zu: %s %s is \"%s\" ms: below LinkBench's "
		    "0.1 ms resolution (its finest bucket); expected 0 or at least "
		    "0.1", ps->name, line, op, col, import_shown(shown, f->s, f->n));
	*ns = round(v);
	return 0;
}

static int
count_field(const struct lb_parse *ps, const struct import_field *f, const char *op,
    size_t line, long long *out, char *err)
{
	char shown[SHOWN_LEN];
	int rc = decimal_whole(f->s, f->n, RESULT_MAX_COUNT, out);

	if (rc == 0 && *out >= 1)
		return 0;
	return errf(err, "%s: line %zu: %s count is \"%s\"; expected a whole number "
	    "of operations, at least 1%s", ps->name, line, op,
	    import_shown(shown, f->s, f->n), rc == -2 ? " and at most "
	    "9007199254740991 (2^53 - 1), the largest whole number a JSON number "
	    "holds exactly" : "");
}

/* The bucket of ranks[r] in the row's fields f. */
static int
bucket(const struct lb_parse *ps, const struct import_field *f, size_t r,
    const char *op, size_t line, double *lo, double *hi, char *err)
{
	const char *rank = ranks[r].name;
	char clo[16], chi[16], slo[SHOWN_LEN], shi[SHOWN_LEN];
	int ilo = ps->h.col[2 + 2 * r], ihi = ps->h.col[3 + 2 * r];

	snprintf(clo, sizeof clo, "%s_low", rank);
	snprintf(chi, sizeof chi, "%s_high", rank);
	if (ms_field(ps, &f[ilo], clo, op, line, lo, err) < 0 ||
	    ms_field(ps, &f[ihi], chi, op, line, hi, err) < 0)
		return -1;
	if (!(*hi > *lo))
		return errf(err, "%s: line %zu: %s %s bucket is [%s, %s]; expected "
		    "%s below %s", ps->name, line, op, rank,
		    import_shown(slo, f[ilo].s, f[ilo].n),
		    import_shown(shi, f[ihi].s, f[ihi].n), clo, chi);
	return 0;
}

static int
check_name(const struct lb_parse *ps, const struct import_field *f, size_t line, char *err)
{
	char shown[SHOWN_LEN];
	size_t i;

	for (i = 0; i < f->n && f->n <= 64; i++)
		if (!isupper((unsigned char)f->s[i]) && !isdigit((unsigned char)f->s[i]) &&
		    f->s[i] != '_')
			break;
	if (f->n > 0 && i == f->n)
		return 0;
	return errf(err, "%s: line %zu: operation \"%s\"; expected a LinkBench "
	    "operation name such as GET_NODE", ps->name, line,
	    import_shown(shown, f->s, f->n));
}

static void
skip_row(struct lb_parse *ps, const char *op, long long count, size_t line)
{
	if (strncmp(op, "LOAD_", 5) == 0) {
		ps->load_rows++;
		return;
	}
	import_note(ps->notes, "%s (line %zu): %lld, not imported: not a request "
	    "operation (reads: GET_NODE, COUNT_LINK, MULTIGET_LINK, GET_LINKS_LIST; "
	    "writes: ADD_NODE, UPDATE_NODE, DELETE_NODE, ADD_LINK, DELETE_LINK, "
	    "UPDATE_LINK)", op, line, count);
}

static int
add_row(struct lb_parse *ps, const char *op, const struct import_field *f, size_t line,
    char *err)
{
	struct import_bounds b = { NULL, 0, 0 };
	double lo[NRANKS], hi[NRANKS];
	long long count;
	struct result_class *c;
	int reads = import_in_list(read_ops, op);
	size_t i, k;

	if (count_field(ps, &f[ps->h.col[1]], op, line, &count, err) < 0)
		return -1;
	if (!reads && !import_in_list(write_ops, op)) {
		skip_row(ps, op, count, line);
		return 0;
	}
	if (bucket(ps, f, 0, op, line, &lo[0], &hi[0], err) < 0 ||
	    bucket(ps, f, 1, op, line, &lo[1], &hi[1], err) < 0)
		return -1;
	if (lo[1] < lo[0])
		return errf(err, "%s: line %zu: %s p99 bucket starts below its p50 bucket; "
		    "expected p99 >= p50", ps->name, line, op);
	for (i = 0; i < ps->out->nclasses; i++)
		if (strcmp(ps->out->classes[i].name, op) == 0)
			return errf(err, "%s: line %zu: a second %s row (the first is at "
			    "line %zu); expected one run's statistics", ps->name, line, op,
			    ps->class_lines[i]);
	c = result_add_class(ps->out, op, reads ? KIND_READ : KIND_WRITE);
	/* the buckets bound their percentiles' ranks, nothing finer between */
	for (k = 0; k < NRANKS; k++) {
		if (ps->h.col[2 + 2 * k] < 0 || ps->h.col[3 + 2 * k] < 0)
			continue;
		if (k >= 2 && bucket(ps, f, k, op, line, &lo[k], &hi[k], err) < 0) {
			import_bounds_free(&b);
			return -1;
		}
		import_bound_percentile(&b, count, ranks[k].p, lo[k], hi[k]);
	}
	if (import_bounds_histogram(&b, count, c) < 0)
		return errf(err, "%s: line %zu: %s p99 bucket ends below its p50 bucket; "
		    "expected p99 >= p50", ps->name, line, op);
	import_points(c, (fmax(lo[0], RESULT_MIN_NS) + hi[0]) / 2,
	    (fmax(lo[1], RESULT_MIN_NS) + hi[1]) / 2);
	ps->class_lines = xrealloc(ps->class_lines,
	    ps->out->nclasses * sizeof *ps->class_lines);
	ps->class_lines[ps->out->nclasses - 1] = line;
	return 0;
}

/* A request or load table after the request table is a second run. */
static int
check_phase(struct lb_parse *ps, const char *op, size_t line, char *err)
{
	int load = strncmp(op, "LOAD_", 5) == 0;

	if (ps->request_header == 0 || ps->request_header == ps->h.line) {
		if (!load)
			ps->request_header = ps->h.line;
		return 0;
	}
	return errf(err, "%s: line %zu: %s in a second table after the request "
	    "phase's (headed at line %zu); expected one LinkBench run's statistics, "
	    "not two: import each run's alone", ps->name, line, op,
	    ps->request_header);
}

static int
read_row(struct lb_parse *ps, const struct import_line *line, char *err)
{
	struct import_field f[MAXCOLS];
	char op[65];
	size_t nf = import_split(line->text, line->len, ',', f, MAXCOLS);

	if (nf != ps->h.ncols)
		return errf(err, "%s: line %zu: %zu fields, but the header at line %zu has "
		    "%zu%s", ps->name, line->number, nf, ps->h.line, ps->h.ncols,
		    nf > ps->h.ncols ? " (a decimal comma, from a run in a locale that "
		    "writes one?)" : "");
	if (check_name(ps, &f[ps->h.col[0]], line->number, err) < 0)
		return -1;
	snprintf(op, sizeof op, "%.*s", (int)f[ps->h.col[0]].n, f[ps->h.col[0]].s);
	if (check_phase(ps, op, line->number, err) < 0)
		return -1;
	ps->h.rows++;
	return add_row(ps, op, f, line->number, err);
}

static int
not_linkbench(const struct lb_parse *ps, const struct import_line *line, char *err)
{
	const char *t = line->text;
	size_t n = line->len;
	char shown[SHOWN_LEN];

	if (n > 0 && t[0] == '[' && memchr(t, ']', n) != NULL && n > 1 && t[1] != '{')
		return errf(err, "%s: line %zu: a YCSB measurement; expected %s (for this "
		    "file, use syncgate import ycsb)", ps->name, line->number, WHAT);
	return errf(err, "%s: line %zu: \"%s\" is not the -csvstats header; expected "
	    "%s, starting \"op,count,p25_low,p25_high,...\"", ps->name, line->number,
	    import_shown(shown, t, n), WHAT);
}

static int
read_lines(struct lb_parse *ps, const char *buf, size_t len, char *err)
{
	struct import_lines it;
	struct import_line line;

	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		if (import_line_blank(&line))
			continue;
		if (ps->h.line == 0 && !is_header(line.text, line.len))
			return not_linkbench(ps, &line, err);
		if (!line.ended)
			return import_truncated(err, ps->name, line.number, WHAT);
		if (is_header(line.text, line.len)) {
			if (ps->h.line != 0 && ps->h.rows == 0)
				import_note(ps->notes, "the table headed at line %zu has no "
				    "rows", ps->h.line);
			if (read_header(ps, &line, err) < 0)
				return -1;
			continue;
		}
		if (read_row(ps, &line, err) < 0)
			return -1;
	}
	if (ps->h.rows == 0)
		return errf(err, "%s: truncated after line %zu: the header there has no "
		    "rows after it (or that phase ran no operations)", ps->name, ps->h.line);
	if (ps->out->nclasses == 0)
		return errf(err, "%s: no request operations (GET_NODE, ADD_LINK, ...); "
		    "nothing to import", ps->name);
	return 0;
}

int
import_linkbench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	struct lb_parse ps = { .name = name, .out = out, .notes = notes };
	int rc;

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	if ((rc = read_lines(&ps, buf, len, err)) == 0 && ps.load_rows > 0)
		import_note(notes, "%zu load-phase rows (LOAD_*), not imported: the "
		    "load is not the workload", ps.load_rows);
	if (rc == 0)
		import_note(notes, "LinkBench reports each percentile as the latency "
		    "bucket it fell in, not the buckets' counts: kept as histogram_ns, "
		    "what the p25, p50, p75, p95 and p99 buckets say of their ranks and "
		    "the ranks between them, so the gate bounds p50 and p99 by as many "
		    "operations as ran");
	free(ps.class_lines);
	if (rc < 0)
		result_free(out);
	return rc;
}
