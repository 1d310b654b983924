/* SPDX-License-Identifier: MIT */
/*
 * HdrHistogram's outputPercentileDistribution (.hgrm): a header "Value
 * Percentile TotalCount 1/(1-Percentile)", rows "%12.Nf %2.12f %10d %14.2f"
 * (value, percentile as a fraction, latencies at or below the value; the
 * last row, at 1, without the fourth), then "#[Mean = ...]", "#[Max = ...,
 * Total count = N]" and "#[Buckets = ...]".  The CSV form has the same rows,
 * no footer.  A value is its bucket's highest divided by the caller's
 * outputValueUnitScalingRatio: the file does not say its unit.  wrk2 and
 * other ports print the same table among lines of their own.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT import_hgrm_what

const char import_hgrm_what[] = "HdrHistogram's percentile text (.hgrm)";

struct hgrm_row {
	double value, pct;
	double lo_ns, hi_ns;            /* value true to half its last digit */
	long long count;
	size_t line;
};

struct hgrm_parse {
	const char *name;
	int unit_exp10;                 /* a unit is 10^unit_exp10 ns */
	const char *unit;
	struct hgrm_row *rows;
	size_t nrows, cap;
	size_t header, footer_total_line, before, after;
	long long footer_total;         /* -1: none */
	int csv;
};

static size_t
split(const struct import_line *l, int csv, struct import_field *f, size_t max)
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
	struct import_field f[5];
	struct hgrm_row r, *prev = ps->nrows > 0 ? &ps->rows[ps->nrows - 1] : NULL;
	size_t nf = split(l, ps->csv, f, 5);

	/* the bounds scaled in the text: "8.287" ms is 8286500 to 8287500 ns */
	if (nf < 3 || nf > 4 || decimal_parse(f[0].s, f[0].n, &r.value) < 0 ||
	    decimal_bounds_scaled(f[0].s, f[0].n, ps->unit_exp10, &r.lo_ns,
	    &r.hi_ns) < 0 || decimal_parse(f[1].s, f[1].n, &r.pct) < 0 ||
	    decimal_whole(f[2].s, f[2].n, RESULT_MAX_COUNT, &r.count) < 0)
		return bad_row(ps, l, "a row of a value, a percentile from 0 to 1 and a "
		    "count (\"0.017 0.500000000000 51 2.00\"), the numbers decimal and "
		    "not negative", err);
	if (r.pct > 1 || r.count < 1 || (prev != NULL && (r.value < prev->value ||
	    r.pct < prev->pct || r.count < prev->count)))
		return bad_row(ps, l, "a percentile from 0 to 1 and a count of at least 1, "
		    "neither below the row before", err);
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
read_line(void *ctx, const struct import_line *l, char *err)
{
	struct hgrm_parse *ps = ctx;
	int csv;

	if (ps->header == 0) {
		if (is_header(l, &ps->csv))
			ps->header = l->number;
		else
			ps->before++;
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

/*
 * A row's count of latencies at or below its value: that rank's latency is
 * at most the value, the next one's above, true to half its last digit.
 */
static int
histogram(const struct hgrm_parse *ps, struct result_class *c)
{
	struct import_bounds b = { NULL, 0, 0 };
	long long n = ps->rows[ps->nrows - 1].count;
	size_t i;

	for (i = 0; i < ps->nrows; i++) {
		const struct hgrm_row *r = &ps->rows[i];

		import_bound_add(&b, r->count, fmin(r->hi_ns, RESULT_MAX_NS), 1);
		if (r->count < n)
			import_bound_add(&b, r->count + 1, r->lo_ns, 0);
	}
	return import_bounds_histogram(&b, n, c);
}

static int
build(struct hgrm_parse *ps, struct result *out, struct import_notes *notes,
    char *err)
{
	const struct hgrm_row *last = &ps->rows[ps->nrows - 1];
	struct result_class *c;
	size_t i;

	if (ps->footer_total_line == 0 && (!ps->csv || last->pct != 1))
		return errf(err, "%s: truncated after line %zu: the table ends at "
		    "percentile %g, before its last row (percentile 1)%s; expected "
		    "HdrHistogram's whole table", ps->name, last->line, last->pct,
		    ps->csv ? "" : " and its \"#[Max = ..., Total count = N]\" footer");
	if (ps->footer_total_line != 0 && ps->footer_total != last->count)
		return errf(err, "%s: line %zu: Total count %lld, but the last row (line "
		    "%zu) counts %lld; expected the same (a table cut off?)", ps->name,
		    ps->footer_total_line, ps->footer_total, last->line, last->count);
	for (i = 0; i < ps->nrows; i++)
		if (ps->rows[i].lo_ns > RESULT_MAX_NS)
			return errf(err, "%s: line %zu: a row of %g %s, over a day; expected "
			    "latencies (is --unit %s right?)", ps->name, ps->rows[i].line,
			    ps->rows[i].value, ps->unit, ps->unit);
	c = result_add_class(out, "latency", KIND_WRITE);
	if (histogram(ps, c) < 0)
		return errf(err, "%s: line %zu: the rows' values and counts contradict "
		    "each other; expected HdrHistogram's table", ps->name, last->line);
	import_note(notes, "HdrHistogram's rows say how many latencies lie at or "
	    "below each value: kept as histogram_ns, the ranks between two rows "
	    "bounded by their values, read as %s (--unit), so the gate bounds p50 "
	    "and p99 by as many operations as ran", ps->unit);
	return 0;
}

static int
hgrm_parse(const char *buf, size_t len, const char *name, int unit_exp10,
    const char *unit, struct result *out, struct import_notes *notes, char *err)
{
	struct hgrm_parse ps = { .name = name, .unit_exp10 = unit_exp10, .unit = unit,
		.footer_total = -1 };
	int rc;

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	if (import_each_line(buf, len, name, WHAT, read_line, &ps, err) < 0) {
		rc = -1;
	} else if (ps.header == 0) {
		errf(err, "%s: no \"Value Percentile TotalCount 1/(1-Percentile)\" "
		    "header; expected %s", name, WHAT);
		rc = IMPORT_FOREIGN;
	} else if (ps.nrows == 0) {
		rc = errf(err, "%s: truncated after line %zu: the header has no rows "
		    "after it", name, ps.header);
	} else if ((rc = build(&ps, out, notes, err)) == 0 &&
	    (ps.before > 0 || ps.after > 0)) {
		import_note(notes, "%zu line%s before the table and %zu after it, passed "
		    "over", ps.before, ps.before == 1 ? "" : "s", ps.after);
	}
	free(ps.rows);
	if (rc < 0)
		result_free(out);
	return rc;
}

#define UNIT_PARSER(fn, unit, exp10) \
static int \
fn(const char *buf, size_t len, const char *name, struct result *out, \
    struct import_notes *notes, char *err) \
{ \
	return hgrm_parse(buf, len, name, exp10, unit, out, notes, err); \
}

UNIT_PARSER(hgrm_ns, "nanoseconds", 0)
UNIT_PARSER(hgrm_us, "microseconds", 3)
UNIT_PARSER(hgrm_ms, "milliseconds", 6)
UNIT_PARSER(hgrm_s, "seconds", 9)

import_parse_fn
import_hgrm_parser(const char *unit)
{
	static const char *const names[] = { "ns", "us", "ms", "s" };
	static const import_parse_fn parsers[] = { hgrm_ns, hgrm_us, hgrm_ms, hgrm_s };
	size_t i;

	for (i = 0; unit != NULL && i < sizeof names / sizeof names[0]; i++)
		if (strcmp(unit, names[i]) == 0)
			return parsers[i];
	return NULL;
}
