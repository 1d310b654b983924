/* SPDX-License-Identifier: MIT */
/*
 * go-ycsb's output (pkg/measurement).  The histogram measurement prints
 * every --interval and once more after "Run finished, takes ..." a line an
 * operation ("READ   - Takes(s): 10.0, Count: 4987, ..., 50th(us): 287,
 * ..., 99th(us): 887, ..."), whole microseconds from an HdrHistogram of 3
 * significant digits; only the last set is the whole run.
 * measurementtype=csv (or raw) writes "operation,timestamp_us,latency_us"
 * lines instead.  Failed operations are timed as OP_ERROR.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT import_go_ycsb_what
#define CSV_HEADER "operation,timestamp_us,latency_us"
#define MAX_OPS 64

const char import_go_ycsb_what[] = "go-ycsb's output";

static const char *const read_ops[] = { "READ", "BATCH_READ", "SCAN", NULL };
static const char *const write_ops[] = { "UPDATE", "BATCH_UPDATE", "INSERT",
	"BATCH_INSERT", "DELETE", "BATCH_DELETE", "READ_MODIFY_WRITE", NULL };

/* One summary line's operation, or one CSV operation. */
struct gy_op {
	char name[64];
	size_t line;            /* where it was last seen */
	long long count;
	double p50_ns, p99_ns;  /* as printed in us, scaled; NaN when not printed */
	size_t cap;             /* CSV: the class's samples */
	size_t cls;             /* CSV: its class, + 1 */
};

struct gy_parse {
	const char *name;
	struct result *out;
	struct import_notes *notes;
	struct gy_op ops[MAX_OPS];
	size_t nops;
	size_t finished;        /* the last "Run finished" line */
	size_t banner;          /* go-ycsb's properties banner */
	size_t total;           /* summary lines */
};

/* The kind of op's class; -1 when syncgate imports none such. */
static int
kind_of(const char *op)
{
	return import_in_list(read_ops, op) ? KIND_READ :
	    import_in_list(write_ops, op) ? KIND_WRITE : -1;
}

static struct gy_op *
find_op(struct gy_parse *ps, const char *s, size_t n, size_t line, char *err)
{
	size_t i;

	for (i = 0; i < ps->nops; i++)
		if (strlen(ps->ops[i].name) == n && memcmp(ps->ops[i].name, s, n) == 0)
			return &ps->ops[i];
	if (ps->nops == MAX_OPS || n >= sizeof ps->ops[0].name)
		return errf(err, "%s: line %zu: more than %d operations, or a name of "
		    "64 bytes or more; expected go-ycsb's", ps->name, line, MAX_OPS), NULL;
	memset(&ps->ops[ps->nops], 0, sizeof ps->ops[0]);
	memcpy(ps->ops[ps->nops].name, s, n);
	import_clean(ps->ops[ps->nops].name);
	return &ps->ops[ps->nops++];
}

/* "KEY: VALUE" of a summary line into op. */
static int
summary_pair(struct gy_parse *ps, struct gy_op *op, const char *p, size_t n,
    size_t line, char *err)
{
	const char *colon = import_find(p, n, ": ");
	char shown[SHOWN_LEN];
	size_t k;
	double v;

	if (colon == NULL)
		return errf(err, "%s: line %zu: %s: \"%s\"; expected \"KEY: VALUE\"",
		    ps->name, line, op->name, import_shown(shown, p, n));
	k = (size_t)(colon - p);
	colon += 2;
	if (memchr(p, '(', k) != NULL && !(k > 4 && memcmp(p + k - 4, "(us)", 4) == 0) &&
	    !(k == 8 && memcmp(p, "Takes(s)", 8) == 0))
		return errf(err, "%s: line %zu: %s %.*s: a unit go-ycsb does not print; "
		    "expected microseconds, (us)", ps->name, line, op->name, (int)k, p);
	if (k == 5 && memcmp(p, "Count", 5) == 0) {
		if (decimal_whole(colon, n - k - 2, RESULT_MAX_COUNT, &op->count) < 0)
			goto bad;
	} else if ((k == 8 && memcmp(p, "50th(us)", 8) == 0) ||
	    (k == 8 && memcmp(p, "99th(us)", 8) == 0)) {
		/* scaled in the text: "1.1" us is 1100 ns, not 1.1 * 1e3 */
		if (decimal_parse_scaled(colon, n - k - 2, 3, &v) < 0 || v > 86400e9)
			goto bad;
		*(p[0] == '5' ? &op->p50_ns : &op->p99_ns) = v;
	}
	return 0;
bad:
	return errf(err, "%s: line %zu: %s %.*s is \"%s\"; expected a whole number%s",
	    ps->name, line, op->name, (int)k, p, import_shown(shown, colon,
	    n - k - 2), k == 5 ? " of operations" : " of microseconds, at most a day");
}

/* "OP     - Takes(s): ..., Count: N, ...": -1 when l is not one. */
static int
summary_line(struct gy_parse *ps, const struct import_line *l, char *err)
{
	const char *dash = import_find(l->text, l->len, " - Takes(s): "), *p, *end;
	struct gy_op *op;
	size_t n;

	if (dash == NULL || dash == l->text)
		return 1;
	for (n = (size_t)(dash - l->text); n > 0 && l->text[n - 1] == ' '; n--)
		;
	if ((op = find_op(ps, l->text, n, l->number, err)) == NULL)
		return -1;
	ps->total++;
	op->line = l->number;
	op->count = -1;
	op->p50_ns = op->p99_ns = NAN;
	p = dash + 3;
	end = l->text + l->len;
	while (p < end) {
		const char *comma = import_find(p, (size_t)(end - p), ", ");
		const char *stop = comma != NULL ? comma : end;

		if (summary_pair(ps, op, p, (size_t)(stop - p), l->number, err) < 0)
			return -1;
		p = comma != NULL ? comma + 2 : end;
	}
	return 0;
}

static int
add_summary_op(struct gy_parse *ps, const struct gy_op *op, char *err)
{
	struct result_class *c;
	int k = kind_of(op->name);

	if (k < 0) {
		import_note(ps->notes, "%s (line %zu): %lld operations, not imported: %s",
		    op->name, op->line, op->count, strstr(op->name, "_ERROR") != NULL ?
		    "failed operations" : "not an operation syncgate imports");
		return 0;
	}
	if (op->count < 0)
		return errf(err, "%s: line %zu: %s has no Count; expected go-ycsb's "
		    "summary line", ps->name, op->line, op->name);
	if (op->count == 0)
		return 0;
	if (isnan(op->p50_ns) || isnan(op->p99_ns))
		return errf(err, "%s: line %zu: %s has no %s; expected a go-ycsb that "
		    "prints it, or its per-operation CSV (-p measurementtype=csv)",
		    ps->name, op->line, op->name, isnan(op->p50_ns) ? "50th(us)" : "99th(us)");
	if (op->p50_ns < 1e3 || op->p99_ns < op->p50_ns)
		return errf(err, "%s: line %zu: %s 50th(us) %g and 99th(us) %g; expected "
		    "at least 1 us (go-ycsb's resolution) and p99 >= p50", ps->name,
		    op->line, op->name, op->p50_ns / 1e3, op->p99_ns / 1e3);
	c = result_add_class(ps->out, op->name, (enum class_kind)k);
	c->p50_ns = op->p50_ns;
	c->p99_ns = op->p99_ns;
	c->count = op->count;
	return 0;
}

static int
read_summaries(struct gy_parse *ps, const char *buf, size_t len, char *err)
{
	struct import_lines it;
	struct import_line line;
	size_t i, final = 0, interim;
	int rc;

	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		if (line.len >= 13 && memcmp(line.text, "Run finished,", 13) == 0) {
			ps->finished = line.number;
			continue;
		}
		if (line.len >= 12 && memcmp(line.text, "************", 12) == 0 &&
		    import_find(line.text, line.len, " properties ") != NULL)
			ps->banner = line.number;
		if ((rc = summary_line(ps, &line, err)) < 0)
			return -1;
		if (rc == 0 && !line.ended)
			return import_truncated(err, ps->name, line.number, WHAT);
	}
	if (ps->nops == 0)
		return 1;
	for (i = 0; i < ps->nops; i++)
		final += ps->ops[i].line > ps->finished;
	/* a run's output, banner and all, ends with "Run finished" and its summary */
	if (final == 0 || (ps->finished == 0 && (ps->total > ps->nops || ps->banner)))
		return errf(err, "%s: truncated: %s; expected go-ycsb's whole output, "
		    "whose last summary, after \"Run finished\", is the run's", ps->name,
		    final == 0 ? "no summary after \"Run finished\"" : "go-ycsb's "
		    "banner, or interim summaries, but no \"Run finished\" line");
	interim = ps->total - final;
	for (i = 0; i < ps->nops; i++)
		if (ps->ops[i].line > ps->finished &&
		    add_summary_op(ps, &ps->ops[i], err) < 0)
			return -1;
	if (interim > 0)
		import_note(ps->notes, "%zu interim summary line%s (every --interval) "
		    "passed over: the last summary, after \"Run finished\" (line %zu), is "
		    "the run's", interim, interim == 1 ? "" : "s", ps->finished);
	import_note(ps->notes, "go-ycsb's percentiles are whole microseconds from an "
	    "HdrHistogram of three significant digits, taken as exact");
	return 0;
}

/* "OP,START_US,LATENCY_US": one operation's latency as a sample. */
static int
csv_row(struct gy_parse *ps, const struct import_line *l, char *err)
{
	const char *c1 = memchr(l->text, ',', l->len), *c2;
	struct gy_op *op;
	char shown[SHOWN_LEN];
	long long ts, us;
	size_t rest;

	if (c1 == NULL || c1 == l->text ||
	    (c2 = memchr(c1 + 1, ',', (size_t)(l->text + l->len - c1 - 1))) == NULL)
		return errf(err, "%s: line %zu: \"%s\" is not a CSV row; expected "
		    "\"OPERATION,TIMESTAMP_US,LATENCY_US\"", ps->name, l->number,
		    import_shown(shown, l->text, l->len));
	rest = (size_t)(l->text + l->len - c2 - 1);
	if ((op = find_op(ps, l->text, (size_t)(c1 - l->text), l->number, err)) == NULL)
		return -1;
	if (decimal_whole(c1 + 1, (size_t)(c2 - c1 - 1), RESULT_MAX_COUNT, &ts) < 0)
		return errf(err, "%s: line %zu: %s timestamp_us is \"%s\"; expected a "
		    "whole number of microseconds", ps->name, l->number, op->name,
		    import_shown(shown, c1 + 1, (size_t)(c2 - c1 - 1)));
	if (decimal_whole(c2 + 1, rest, 86400000000LL, &us) < 0 || us < 1)
		return errf(err, "%s: line %zu: %s latency_us is \"%s\"; expected a "
		    "whole number of microseconds from 1 (go-ycsb's resolution) to a day",
		    ps->name, l->number, op->name, import_shown(shown, c2 + 1, rest));
	op->count++;
	op->line = l->number;
	if (kind_of(op->name) >= 0)
		import_sample(ps->out, op->name, (enum class_kind)kind_of(op->name),
		    &op->cls, &op->cap, (double)us * 1e3);
	return 0;
}

/* The operations after go-ycsb's CSV header; 1 when there is none. */
static int
read_csv(struct gy_parse *ps, const char *buf, size_t len, char *err)
{
	struct import_lines it;
	struct import_line line;
	size_t i, header = 0;
	int is_header;

	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		is_header = line.len == sizeof CSV_HEADER - 1 &&
		    memcmp(line.text, CSV_HEADER, line.len) == 0;
		if (header == 0) {
			header = is_header ? line.number : 0;
			continue;
		}
		if (import_line_blank(&line))
			continue;
		if (!line.ended)
			return import_truncated(err, ps->name, line.number, "go-ycsb's CSV");
		if (is_header)
			return errf(err, "%s: line %zu: a second CSV header (the first is at "
			    "line %zu); expected one run's operations", ps->name,
			    line.number, header);
		if (csv_row(ps, &line, err) < 0)
			return -1;
	}
	if (header == 0)
		return 1;
	for (i = 0; i < ps->nops; i++)
		if (ps->ops[i].cls == 0)
			import_note(ps->notes, "%s: %lld operations, not imported: %s",
			    ps->ops[i].name, ps->ops[i].count,
			    strstr(ps->ops[i].name, "_ERROR") != NULL ? "failed operations" :
			    "not an operation syncgate imports");
	import_samples_done(ps->out);
	return 0;
}

/* Operations that returned an error, OP_ERROR apart from OP, kept as failed. */
static void
keep_errors(struct gy_parse *ps)
{
	char name[80];
	size_t i, k;

	for (i = 0; i < ps->out->nclasses; i++) {
		struct result_class *c = &ps->out->classes[i];

		snprintf(name, sizeof name, "%.60s_ERROR", c->name);
		for (k = 0; k < ps->nops; k++)
			if (strcmp(ps->ops[k].name, name) == 0 && ps->ops[k].count > 0) {
				c->failed = ps->ops[k].count;
				import_note(ps->notes, "%s: %lld operation%s failed (%s), "
				    "kept as failed", c->name, c->failed, c->failed == 1 ? "" :
				    "s", name);
			}
	}
}

int
import_go_ycsb_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	struct gy_parse ps = { .name = name, .out = out, .notes = notes };
	int rc;

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	if ((rc = read_csv(&ps, buf, len, err)) > 0 &&
	    (rc = read_summaries(&ps, buf, len, err)) > 0) {
		errf(err, "%s: no summary line (\"READ   - Takes(s): ...\") and no "
		    "CSV header (\"%s\"); expected %s", name, CSV_HEADER, WHAT);
		rc = IMPORT_FOREIGN;
	}
	if (rc == 0 && out->nclasses == 0)
		rc = errf(err, "%s: no READ, SCAN, UPDATE, INSERT or DELETE operations "
		    "with latencies; nothing to import", name);
	else if (rc == 0)
		keep_errors(&ps);
	if (rc < 0)
		result_free(out);
	return rc;
}
