/* SPDX-License-Identifier: MIT */
/*
 * HdrHistogram's percentile distribution (.hgrm), as AbstractHistogram.
 * outputPercentileDistribution prints it: a header "Value Percentile
 * TotalCount 1/(1-Percentile)", a blank line, rows "%12.Nf %2.12f %10d
 * %14.2f" (value, percentile as a fraction, latencies at or below the
 * value, 1/(1-percentile); the last row, at percentile 1, without the
 * fourth), then "#[Mean = ..., StdDeviation = ...]", "#[Max = ..., Total
 * count = N]" and "#[Buckets = ..., SubBuckets = ...]".  Its CSV form
 * ("Value","Percentile","TotalCount","1/(1-Percentile)") has the same rows
 * and no footer.  A row's value is the highest its histogram bucket holds,
 * divided by the caller's outputValueUnitScalingRatio, so the file does not
 * say its unit.  wrk2 and HdrHistogram's other ports print the same table,
 * with lines of their own around it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT "HdrHistogram's percentile text (.hgrm)"

struct hgrm_row {
	double value, pct, half;        /* half: half a unit of the last digit */
	long long count;
	size_t line;
};

struct hgrm_parse {
	const char *name;
	double unit_ns;
	const char *unit;
	struct hgrm_row *rows;
	size_t nrows, cap;
	size_t header, footer_total_line, before, after;
	long long footer_total;         /* -1: none */
	int csv;
};

struct hgrm_field {
	const char *s;
	size_t n;
};

static size_t
split(const struct import_line *l, int csv, struct hgrm_field *f, size_t max)
{
	size_t nf = 0, i = 0;

	while (i < l->len) {
		size_t start;

		while (!csv && i < l->len && l->text[i] == ' ')
			i++;
		if (i >= l->len)
			break;
		start = i;
		while (i < l->len && l->text[i] != (csv ? ',' : ' '))
			i++;
		if (nf < max) {
			f[nf].s = l->text + start;
			f[nf].n = i - start;
		}
		nf++;
		i += csv;
	}
	return nf;
}

static int
is_header(const struct import_line *l, int *csv)
{
	*csv = l->len > 0 && l->text[0] == '"';
	return import_find(l->text, l->len, "Value") != NULL &&
	    import_find(l->text, l->len, "Percentile") != NULL &&
	    import_find(l->text, l->len, "TotalCount") != NULL;
}

/* Half a unit of the last digit s prints: 0.0005 for "0.017". */
static double
half_digit(const char *s, size_t n)
{
	const char *dot = memchr(s, '.', n);

	return dot == NULL ? 0.5 : 0.5 * pow(10, -(double)(n - (size_t)(dot - s) - 1));
}

static int
bad_row(const struct hgrm_parse *ps, const struct import_line *l,
    const char *expected, char *err)
{
	char shown[SHOWN_LEN];

	return errf(err, "%s: line %zu: \"%s\"; expected %s", ps->name, l->number,
	    import_shown(shown, l->text, l->len), expected);
}

static int
add_row(struct hgrm_parse *ps, const struct import_line *l, char *err)
{
	struct hgrm_field f[5];
	struct hgrm_row r, *prev = ps->nrows > 0 ? &ps->rows[ps->nrows - 1] : NULL;
	size_t nf = split(l, ps->csv, f, 5);

	if (nf < 3 || nf > 4 || decimal_parse(f[0].s, f[0].n, &r.value) < 0 ||
	    decimal_parse(f[1].s, f[1].n, &r.pct) < 0 ||
	    decimal_whole(f[2].s, f[2].n, RESULT_MAX_COUNT, &r.count) < 0)
		return bad_row(ps, l, "a row of a value, a percentile from 0 to 1 and a "
		    "count (\"0.017 0.500000000000 51 2.00\"), the numbers decimal and "
		    "not negative", err);
	if (r.pct > 1 || r.count < 1 || (prev != NULL && (r.value < prev->value ||
	    r.pct < prev->pct || r.count < prev->count)))
		return bad_row(ps, l, "a percentile from 0 to 1 and a count of at least 1, "
		    "neither below the row before", err);
	r.half = half_digit(f[0].s, f[0].n);
	r.line = l->number;
	xgrow(&ps->rows, &ps->cap, ps->nrows + 1, sizeof *ps->rows);
	ps->rows[ps->nrows++] = r;
	return 0;
}

/* "#[Max     = 335.000, Total count    =       100000]": its count. */
static int
footer(struct hgrm_parse *ps, const struct import_line *l, char *err)
{
	const char *k = import_find(l->text, l->len, "Total count"), *p, *end;

	if (k == NULL)
		return 0;
	end = l->text + l->len;
	for (p = k + 11; p < end && (*p == ' ' || *p == '='); p++)
		;
	while (end > p && (end[-1] == ']' || end[-1] == ' '))
		end--;
	if (decimal_whole(p, (size_t)(end - p), RESULT_MAX_COUNT, &ps->footer_total) < 0)
		return bad_row(ps, l, "\"#[Max = VALUE, Total count = N]\"", err);
	ps->footer_total_line = l->number;
	return 0;
}

static int
read_line(struct hgrm_parse *ps, const struct import_line *l, char *err)
{
	int csv;

	if (ps->header == 0) {
		if (is_header(l, &csv)) {
			ps->header = l->number;
			ps->csv = csv;
		} else {
			ps->before++;
		}
		return 0;
	}
	if (is_header(l, &csv))
		return errf(err, "%s: line %zu: a second table (the first is headed at "
		    "line %zu); expected one histogram's", ps->name, l->number,
		    ps->header);
	if (l->text[0] == '#')
		return footer(ps, l, err);
	if (ps->footer_total_line != 0 || (ps->nrows > 0 &&
	    ps->rows[ps->nrows - 1].pct == 1)) {
		ps->after++;
		return 0;
	}
	return add_row(ps, l, err);
}

/* The first row counting more than r latencies (r < the last row's count). */
static size_t
row_above(const struct hgrm_parse *ps, long long r)
{
	size_t i;

	for (i = 0; i + 1 < ps->nrows && ps->rows[i].count <= r; i++)
		;
	return i;
}

/*
 * A row says how many latencies were at or below its value, so the one
 * of rank r lies above the value of the row before the first that
 * counts more than r, and at or below that row's; each value as printed
 * is true to half its last digit.
 */
static void
quantile(const struct hgrm_parse *ps, double p, double *lo, double *hi, int *open)
{
	long long n = ps->rows[ps->nrows - 1].count;
	double h = (double)(n - 1) * p;
	long long r = (long long)floor(h);
	size_t a = row_above(ps, r);
	size_t b = row_above(ps, h > (double)r && r + 1 < n ? r + 1 : r);

	*open = a == 0;
	*lo = a == 0 ? 0 : (ps->rows[a - 1].value - ps->rows[a - 1].half) * ps->unit_ns;
	*hi = (ps->rows[b].value + ps->rows[b].half) * ps->unit_ns;
	if (*lo < RESULT_MIN_NS)
		*lo = RESULT_MIN_NS;
}

static int
build(struct hgrm_parse *ps, struct result *out, struct import_notes *notes,
    char *err)
{
	const struct hgrm_row *last = &ps->rows[ps->nrows - 1];
	struct result_class *c;
	int open50, open99;

	if (ps->footer_total_line == 0 && (!ps->csv || last->pct != 1))
		return errf(err, "%s: truncated after line %zu: the table ends at "
		    "percentile %g, before its last row (percentile 1)%s; expected "
		    "HdrHistogram's whole table", ps->name, last->line, last->pct,
		    ps->csv ? "" : " and its \"#[Max = ..., Total count = N]\" footer");
	if (ps->footer_total_line != 0 && ps->footer_total != last->count)
		return errf(err, "%s: line %zu: Total count %lld, but the last row (line "
		    "%zu) counts %lld; expected the same (a table cut off?)", ps->name,
		    ps->footer_total_line, ps->footer_total, last->line, last->count);
	c = result_add_class(out, "latency", KIND_WRITE);
	quantile(ps, 0.5, &c->p50_lo_ns, &c->p50_hi_ns, &open50);
	quantile(ps, 0.99, &c->p99_lo_ns, &c->p99_hi_ns, &open99);
	if (c->p99_hi_ns > RESULT_MAX_NS)
		return errf(err, "%s: line %zu: the 99th percentile's row is %g %s, over "
		    "a day; expected latencies (is --unit %s right?)", ps->name, last->line,
		    last->value, ps->unit, ps->unit);
	c->p50_ns = (c->p50_lo_ns + c->p50_hi_ns) / 2;
	c->p99_ns = (c->p99_lo_ns + c->p99_hi_ns) / 2;
	c->count = last->count;
	if (open50 || open99)
		import_note(notes, "latency: the %s percentile lies in the table's first "
		    "row, which has no row below it: its low is written as 1 ns",
		    open50 ? "50th" : "99th");
	import_note(notes, "HdrHistogram's rows say how many latencies lie at or "
	    "below each value: p50 and p99 are kept as the interval between the rows "
	    "around their ranks (p50_range_ns, p99_range_ns), the values read as %s "
	    "(--unit)", ps->unit);
	return 0;
}

static int
hgrm_parse(const char *buf, size_t len, const char *name, double unit_ns,
    const char *unit, struct result *out, struct import_notes *notes, char *err)
{
	struct hgrm_parse ps;
	struct import_lines it;
	struct import_line l;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->concurrency = -1;
	memset(&ps, 0, sizeof ps);
	ps.name = name;
	ps.unit_ns = unit_ns;
	ps.unit = unit;
	ps.footer_total = -1;
	if (import_check_text(buf, len, name, WHAT, err) < 0)
		return -1;
	import_lines_init(&it, buf, len);
	while (import_lines_next(&it, &l)) {
		if (import_line_blank(&l))
			continue;
		if (!l.ended) {
			errf(err, "%s: truncated at line %zu: the file ends inside a line; "
			    "expected %s, whose every line ends in a newline", name, l.number,
			    WHAT);
			goto out;
		}
		if (read_line(&ps, &l, err) < 0)
			goto out;
	}
	if (ps.header == 0) {
		if (import_other_format(buf, len, name, "hgrm", WHAT, err) == 0)
			errf(err, "%s: no \"Value Percentile TotalCount 1/(1-Percentile)\" "
			    "header; expected %s", name, WHAT);
		goto out;
	}
	if (ps.nrows == 0) {
		errf(err, "%s: truncated after line %zu: the header has no rows after it",
		    name, ps.header);
		goto out;
	}
	if (build(&ps, out, notes, err) < 0)
		goto out;
	if (ps.before > 0 || ps.after > 0)
		import_note(notes, "%zu line%s before the table and %zu after it, passed "
		    "over", ps.before, ps.before == 1 ? "" : "s", ps.after);
	rc = 0;
out:
	free(ps.rows);
	if (rc < 0)
		result_free(out);
	return rc;
}

#define UNIT_PARSER(fn, unit, ns) \
static int \
fn(const char *buf, size_t len, const char *name, struct result *out, \
    struct import_notes *notes, char *err) \
{ \
	return hgrm_parse(buf, len, name, ns, unit, out, notes, err); \
}

UNIT_PARSER(hgrm_ns, "nanoseconds", 1)
UNIT_PARSER(hgrm_us, "microseconds", 1e3)
UNIT_PARSER(hgrm_ms, "milliseconds", 1e6)
UNIT_PARSER(hgrm_s, "seconds", 1e9)

import_parse_fn
import_hgrm_parser(const char *unit)
{
	if (unit == NULL)
		return NULL;
	if (strcmp(unit, "ns") == 0)
		return hgrm_ns;
	if (strcmp(unit, "us") == 0)
		return hgrm_us;
	if (strcmp(unit, "ms") == 0)
		return hgrm_ms;
	if (strcmp(unit, "s") == 0)
		return hgrm_s;
	return NULL;
}
