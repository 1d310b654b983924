/* SPDX-License-Identifier: MIT */
/*
 * YCSB's text output (TextMeasurementsExporter): a `[OPERATION], measurement,
 * value` line a figure, each operation's block starting with Operations.
 * A percentile's name gives its unit: whole microseconds from HdrHistogram
 * ("50thPercentileLatency(us)"), whole milliseconds from the histogram and
 * older versions ("(ms)"), nanoseconds from a fork ("(ns)").  Lines not
 * starting with '[' (banner, status lines from 2>&1) are passed over.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT import_ycsb_what
#define PCT_HINT "YCSB prints it only when run with -p hdrhistogram.percentiles=50,99 " \
	"(and the default measurementtype=hdrhistogram); syncgate does not guess it " \
	"from the other percentiles"

const char import_ycsb_what[] = "YCSB's text output";

/* A percentile's unit, as its measurement's name gives it. */
struct ycsb_unit {
	const char *name, *words;
	int exp10;              /* one is 10^exp10 ns */
};

static const struct ycsb_unit units[] = {
	{ "us", "microseconds", 3 },
	{ "ms", "milliseconds", 6 },
	{ "ns", "nanoseconds", 0 },
};

/* A 50th or 99th percentile: as printed, in its unit, scaled in the text. */
struct ycsb_pct {
	double v, ns;
	char text[SHOWN_LEN];
	const struct ycsb_unit *unit;
	size_t line;
};

static const char *const ranks[] = { "50th", "99th" };

struct ycsb_op {
	char *name;
	long long operations;
	struct ycsb_pct pct[2];  /* the 50th and the 99th */
	size_t ops_line, first_line, last_line;
	int npct;               /* percentile lines of any rank */
	long long not_ok;       /* operations with a Return= other than OK */
};

struct ycsb_parse {
	const char *name;       /* the file, for messages */
	struct ycsb_op *ops;
	size_t nops, cap;
	size_t nlines;          /* measurement lines read */
	char runtime[SHOWN_LEN], throughput[SHOWN_LEN];
	size_t overall_first, overall_last;     /* [OVERALL]'s lines */
	char *block;            /* the operation whose block is being read */
};

/* One `[NAME], MEASUREMENT, VALUE` line split in place. */
struct ycsb_line {
	struct import_field op, meas, value;
};

static const char *const read_ops[] = { "READ", "SCAN", NULL };
static const char *const write_ops[] = { "UPDATE", "INSERT", "READ-MODIFY-WRITE",
	"DELETE", NULL };

/* JVM figures YCSB prints beside the operations: not operations at all. */
static int
jvm_stat(const char *s)
{
	static const char *const names[] = { "MAX_MEM_USED", "MIN_MEM_USED",
		"MAX_THREADS", "MIN_THREADS", "MAX_SYS_LOAD_AVG", "MIN_SYS_LOAD_AVG", NULL };

	return strncmp(s, "TOTAL_GC", 8) == 0 || import_in_list(names, s);
}

static int
split_line(const char *t, size_t n, struct ycsb_line *l)
{
	const char *close, *comma;

	if (n < 2 || t[0] != '[')
		return -1;
	close = memchr(t, ']', n);
	if (close == NULL || close == t + 1 || (size_t)(t + n - close) < 3 ||
	    close[1] != ',' || close[2] != ' ')
		return -1;
	l->op.s = t + 1;
	l->op.n = (size_t)(close - l->op.s);
	l->meas.s = close + 3;
	comma = import_find(l->meas.s, (size_t)(t + n - l->meas.s), ", ");
	if (comma == NULL || comma == l->meas.s)
		return -1;
	l->meas.n = (size_t)(comma - l->meas.s);
	l->value.s = comma + 2;
	l->value.n = (size_t)(t + n - l->value.s);
	while (l->value.n > 0 && isspace((unsigned char)l->value.s[l->value.n - 1]))
		l->value.n--;
	return l->value.n > 0 ? 0 : -1;
}

/* The block being read (ps->block)'s operation, made on first sight. */
static struct ycsb_op *
find_op(struct ycsb_parse *ps, size_t line)
{
	struct ycsb_op *op;
	size_t i;

	for (i = 0; i < ps->nops; i++)
		if (strcmp(ps->ops[i].name, ps->block) == 0)
			return &ps->ops[i];
	xgrow(&ps->ops, &ps->cap, ps->nops + 1, sizeof *ps->ops);
	op = &ps->ops[ps->nops++];
	memset(op, 0, sizeof *op);
	op->name = xstrdup(ps->block);
	op->first_line = line;
	return op;
}

/* A figure met twice in one block: two runs pasted into one file. */
static int
twice(const struct ycsb_parse *ps, const struct ycsb_op *op, const char *what,
    size_t first, size_t line, char *err)
{
	return errf(err, "%s: line %zu: a second [%s] %s (the first is at line %zu); "
	    "expected the output of one YCSB run", ps->name, line, op->name, what, first);
}

static int
bad_value(const struct ycsb_parse *ps, const struct ycsb_op *op,
    const struct ycsb_line *l, size_t line, const char *expected, char *err)
{
	char m[SHOWN_LEN], v[SHOWN_LEN];

	return errf(err, "%s: line %zu: [%s] %s is %s; expected %s", ps->name,
	    line, op->name, import_shown(m, l->meas.s, l->meas.n),
	    import_shown(v, l->value.s, l->value.n), expected);
}

/* The unit in "...PercentileLatency(UNIT)" and its length; NULL if none. */
static const char *
pct_unit(const struct ycsb_line *l, size_t *len)
{
	static const char key[] = "PercentileLatency(";
	const char *m = l->meas.s, *end = l->meas.s + l->meas.n, *p;

	for (p = m; p + sizeof key - 1 < end; p++)
		if (memcmp(p, key, sizeof key - 1) == 0 && end[-1] == ')') {
			*len = (size_t)(end - 1 - (p + sizeof key - 1));
			return p + sizeof key - 1;
		}
	return NULL;
}

/* The 50th or 99th percentile, others counted; "(us,corrected)" passed over. */
static int
take_percentile(struct ycsb_parse *ps, struct ycsb_op *op,
    const struct ycsb_line *l, size_t line, char *err)
{
	const struct ycsb_unit *u = NULL;
	struct ycsb_pct *pc;
	const char *unit;
	char m[SHOWN_LEN], expected[64];
	size_t ulen, i;
	int p50 = l->meas.n > 4 && memcmp(l->meas.s, "50thP", 5) == 0;

	if (!p50 && !(l->meas.n > 4 && memcmp(l->meas.s, "99thP", 5) == 0))
		return 0;
	unit = pct_unit(l, &ulen);
	if (memchr(unit, ',', ulen) != NULL)
		return 0;
	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strlen(units[i].name) == ulen && memcmp(units[i].name, unit, ulen) == 0)
			u = &units[i];
	if (u == NULL)
		return errf(err, "%s: line %zu: [%s] %s gives its latency in \"%.*s\"; "
		    "expected us, ms or ns", ps->name, line, op->name,
		    import_shown(m, l->meas.s, l->meas.n), (int)(ulen < 16 ? ulen : 16),
		    unit);
	pc = &op->pct[!p50];
	if (pc->line)
		return twice(ps, op, p50 ? "50th percentile" : "99th percentile",
		    pc->line, line, err);
	snprintf(expected, sizeof expected, "a latency in %s", u->words);
	/* the value whole, a finite decimal number (lib/decimal.h) */
	if (decimal_parse(l->value.s, l->value.n, &pc->v) < 0 || !isfinite(pc->v) ||
	    decimal_parse_scaled(l->value.s, l->value.n, u->exp10, &pc->ns) < 0 ||
	    pc->ns > RESULT_MAX_NS)
		return bad_value(ps, op, l, line, expected, err);
	import_shown(pc->text, l->value.s, l->value.n);
	pc->unit = u;
	pc->line = line;
	return 0;
}

static int
take_measurement(struct ycsb_parse *ps, struct ycsb_op *op,
    const struct ycsb_line *l, size_t line, char *err)
{
	size_t ulen;
	long long v;
	int rc;

	op->last_line = line;
	if (import_field_is(&l->meas, "Operations")) {
		if (op->ops_line)
			return twice(ps, op, "Operations", op->ops_line, line, err);
		rc = decimal_whole(l->value.s, l->value.n, RESULT_MAX_COUNT,
		    &op->operations);
		if (rc < 0)
			return bad_value(ps, op, l, line, rc == -1 ? "a count of "
			    "operations" : "a count of operations of at most "
			    "9007199254740991 (2^53 - 1), the largest whole number a JSON "
			    "number holds exactly", err);
		op->ops_line = line;
	} else if (pct_unit(l, &ulen) != NULL) {
		op->npct++;
		return take_percentile(ps, op, l, line, err);
	} else if (l->meas.n > 7 && memcmp(l->meas.s, "Return=", 7) == 0 &&
	    !import_field_is(&l->meas, "Return=OK")) {
		if (decimal_whole(l->value.s, l->value.n, RESULT_MAX_COUNT, &v) == 0)
			op->not_ok = v > RESULT_MAX_COUNT - op->not_ok ? RESULT_MAX_COUNT :
			    op->not_ok + v;
	}
	return 0;
}

/*
 * YCSB prints an operation's figures as one block, [OVERALL] first: a block
 * that starts again is a second run (a load's then a run's, or a paste).
 */
static int
check_block(struct ycsb_parse *ps, const struct ycsb_line *l, size_t line,
    char *err)
{
	char *name = xasprintf("%.*s", (int)l->op.n, l->op.s);
	size_t first = 0, last = 0, i;

	import_clean(name);
	if (ps->block != NULL && strcmp(name, ps->block) == 0) {
		free(name);
		return 0;
	}
	if (strcmp(name, "OVERALL") == 0 && ps->overall_first) {
		first = ps->overall_first;
		last = ps->overall_last;
	}
	for (i = 0; i < ps->nops; i++)
		if (strcmp(ps->ops[i].name, name) == 0) {
			first = ps->ops[i].first_line;
			last = ps->ops[i].last_line;
		}
	free(ps->block);
	ps->block = name;
	if (first == 0)
		return 0;
	return errf(err, "%s: line %zu: a second [%s] block (the first is lines %zu "
	    "to %zu); expected the output of one YCSB run, not two (a load's "
	    "output followed by a run's?): import each run's output alone",
	    ps->name, line, name, first, last);
}

static int
not_ycsb(const struct ycsb_parse *ps, const struct import_line *first, char *err)
{
	const char *t = first->text;
	size_t n = first->len;
	char shown[SHOWN_LEN];

	for (; n > 0 && (*t == ' ' || *t == '\t'); n--)
		t++;
	if (n > 0 && (*t == '{' || (*t == '[' && (n == 1 || t[1] == '{' || t[1] == ' '))))
		return errf(err, "%s: line %zu: JSON, perhaps from YCSB's JSON exporter; "
		    "expected %s (its default TextMeasurementsExporter; for this file, "
		    "use syncgate import ycsb-json)", ps->name, first->number, WHAT);
	if (n >= 9 && memcmp(t, "op,count,", 9) == 0)
		return errf(err, "%s: line %zu: a LinkBench -csvstats header; expected %s "
		    "(for this file, use syncgate import linkbench)", ps->name,
		    first->number, WHAT);
	return errf(err, "%s: line %zu: \"%s\" is not a YCSB measurement; expected "
	    "%s, lines such as \"[READ], 50thPercentileLatency(us), 412\"", ps->name,
	    first->number, import_shown(shown, first->text, first->len), WHAT);
}

static int
read_lines(struct ycsb_parse *ps, const char *buf, size_t len, char *err)
{
	struct import_lines it;
	struct import_line line, first = { NULL, 0, 0, 0 };
	struct ycsb_line l;
	char shown[SHOWN_LEN];

	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		if (import_line_blank(&line))
			continue;
		if (first.text == NULL)
			first = line;
		if (line.text[0] != '[')
			continue;
		if (!line.ended)
			return import_truncated(err, ps->name, line.number, WHAT);
		if (split_line(line.text, line.len, &l) < 0) {
			if (ps->nlines == 0)
				return not_ycsb(ps, &line, err);
			return errf(err, "%s: line %zu: \"%s\" is not a YCSB measurement; "
			    "expected \"[OPERATION], measurement, value\"", ps->name,
			    line.number, import_shown(shown, line.text, line.len));
		}
		ps->nlines++;
		if (check_block(ps, &l, line.number, err) < 0)
			return -1;
		if (import_field_is(&l.op, "OVERALL")) {
			if (!ps->overall_first)
				ps->overall_first = line.number;
			ps->overall_last = line.number;
			if (import_field_is(&l.meas, "RunTime(ms)"))
				import_shown(ps->runtime, l.value.s, l.value.n);
			else if (import_field_is(&l.meas, "Throughput(ops/sec)"))
				import_shown(ps->throughput, l.value.s, l.value.n);
			continue;
		}
		if (take_measurement(ps, find_op(ps, line.number), &l, line.number,
		    err) < 0)
			return -1;
	}
	return ps->nlines == 0 ? not_ycsb(ps, &first, err) : 0;
}

static void
note_skipped(const struct ycsb_op *op, struct import_notes *notes)
{
	const char *why;
	size_t n = strlen(op->name);

	if (jvm_stat(op->name))
		return;
	if (n > 7 && strcmp(op->name + n - 7, "-FAILED") == 0)
		why = "failed operations";
	else if (strncmp(op->name, "Intended-", 9) == 0)
		why = "latency from the intended start time";
	else if (strcmp(op->name, "CLEANUP") == 0)
		why = "the client's shutdown, not a workload operation";
	else
		why = "not an operation syncgate imports (reads: READ, SCAN; writes: "
		    "UPDATE, INSERT, READ-MODIFY-WRITE, DELETE)";
	if (op->ops_line)
		import_note(notes, "[%s]: %lld operation%s, not imported: %s", op->name,
		    op->operations, op->operations == 1 ? "" : "s", why);
	else
		import_note(notes, "[%s]: not imported: %s", op->name, why);
}

/* A last block without percentiles, where others have them, was cut off. */
static int
missing(const struct ycsb_parse *ps, const struct ycsb_op *op, const char *rank,
    char *err)
{
	size_t i;
	int others = 0, last = 1;

	for (i = 0; i < ps->nops; i++) {
		if (&ps->ops[i] == op)
			continue;
		if (ps->ops[i].npct > 0)
			others = 1;
		if (ps->ops[i].first_line > op->first_line && !jvm_stat(ps->ops[i].name))
			last = 0;
	}
	if (op->npct == 0 && others && last)
		return errf(err, "%s: truncated after line %zu: [%s] ends before its "
		    "percentiles", ps->name, op->last_line, op->name);
	return errf(err, "%s: [%s] (line %zu) has no %s percentile; %s", ps->name,
	    op->name, op->first_line, rank, PCT_HINT);
}

/* Whole ms (histogram buckets, HdrHistogram's cut to ms) are intervals. */
static int
ms_whole(const struct ycsb_pct *pc)
{
	return pc->unit->exp10 == 6 && pc->v == floor(pc->v);
}

/*
 * A percentile in ns.  Whole milliseconds lie within one of the true value,
 * below or above as the version rounded: kept as that interval (never under
 * 1 ns), the point the printed value, or half a millisecond for 0.
 */
static void
to_ns(const struct ycsb_pct *pc, double *point, double *lo, double *hi)
{
	if (!ms_whole(pc)) {
		*point = round(pc->ns);
		return;
	}
	*lo = pc->v >= 2 ? (pc->v - 1) * 1e6 : RESULT_MIN_NS;
	*hi = fmin((pc->v + 1) * 1e6, RESULT_MAX_NS);   /* a day at most */
	*point = pc->v >= 1 ? pc->v * 1e6 : 0.5e6;
}

static int
check_op(const struct ycsb_parse *ps, const struct ycsb_op *op, char *err)
{
	const struct ycsb_pct *pc = op->pct;
	size_t i;

	if (!op->ops_line)
		return errf(err, "%s: [%s] (line %zu) has no Operations line; expected "
		    "YCSB's whole output, whose every block starts with one", ps->name,
		    op->name, op->first_line);
	if (op->operations == 0)
		return 0;
	for (i = 0; i < 2; i++)
		if (!pc[i].line)
			return missing(ps, op, ranks[i], err);
	/* YCSB resolves one unit: 0.5 us or 1e-3 us say nothing; 0 ms does */
	for (i = 0; i < 2; i++)
		if (!ms_whole(&pc[i]) && pc[i].v < 1)
			return errf(err, "%s: line %zu: [%s] %s percentile is %s %s: below "
			    "YCSB's one-%.*s resolution; expected at least 1 %s%s", ps->name,
			    pc[i].line, op->name, ranks[i], pc[i].text, pc[i].unit->name,
			    (int)strlen(pc[i].unit->words) - 1, pc[i].unit->words,
			    pc[i].unit->name, pc[i].unit->exp10 == 6 ?
			    ", or 0 for under a millisecond" : "");
	if (pc[1].ns < pc[0].ns)
		return errf(err, "%s: line %zu: [%s] 99th percentile %s %s is below its "
		    "50th, %s %s (line %zu); expected p99 >= p50", ps->name, pc[1].line,
		    op->name, pc[1].text, pc[1].unit->name, pc[0].text,
		    pc[0].unit->name, pc[0].line);
	return 0;
}

static int
build(const struct ycsb_parse *ps, struct result *out, struct import_notes *notes,
    char *err)
{
	size_t i;

	for (i = 0; i < ps->nops; i++) {
		const struct ycsb_op *op = &ps->ops[i];
		struct result_class *c;
		int reads = import_in_list(read_ops, op->name);

		if (!reads && !import_in_list(write_ops, op->name)) {
			note_skipped(op, notes);
			continue;
		}
		if (check_op(ps, op, err) < 0)
			return -1;
		if (op->operations == 0) {
			import_note(notes, "[%s]: no operations, not imported", op->name);
			continue;
		}
		c = result_add_class(out, op->name, reads ? KIND_READ : KIND_WRITE);
		to_ns(&op->pct[0], &c->p50_ns, &c->p50_lo_ns, &c->p50_hi_ns);
		to_ns(&op->pct[1], &c->p99_ns, &c->p99_lo_ns, &c->p99_hi_ns);
		if (ms_whole(&op->pct[0]) || ms_whole(&op->pct[1]))
			import_note(notes, "[%s]: percentiles in whole milliseconds (YCSB's "
			    "histogram buckets, or values cut to the millisecond) are kept as "
			    "intervals a millisecond either side", op->name);
		c->count = op->operations;
		c->failed = op->not_ok;
		if (op->not_ok > 0)
			import_note(notes, "[%s]: %lld operations did not return OK, kept as "
			    "failed; their latencies are in YCSB's [%s-FAILED] rows, not in "
			    "these", op->name, op->not_ok, op->name);
	}
	if (out->nclasses == 0)
		return errf(err, "%s: no READ, SCAN, UPDATE, INSERT, READ-MODIFY-WRITE or "
		    "DELETE operations with latencies; nothing to import", ps->name);
	return 0;
}

int
import_ycsb_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	struct ycsb_parse ps = { .name = name };
	size_t i;
	int rc = -1;

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	/* raw measurements come with [OP] summaries that would read as blocks */
	if (import_find(buf, len, IMPORT_YCSB_RAW_HEADER) != NULL) {
		errf(err, "%s: %s; expected %s", name, import_ycsb_raw_what, WHAT);
		return IMPORT_FOREIGN;
	}
	if (read_lines(&ps, buf, len, err) < 0)
		goto out;
	if ((rc = import_each_line(buf, len, name, WHAT, NULL, NULL, err)) == 0)
		rc = build(&ps, out, notes, err);
	if (rc == 0 && (ps.runtime[0] || ps.throughput[0]))
		import_note(notes, "[OVERALL]: RunTime(ms) %s, Throughput(ops/sec) %s; "
		    "reported, not imported", ps.runtime[0] ? ps.runtime : "-",
		    ps.throughput[0] ? ps.throughput : "-");
out:
	for (i = 0; i < ps.nops; i++)
		free(ps.ops[i].name);
	free(ps.ops);
	free(ps.block);
	if (rc < 0)
		result_free(out);
	return rc;
}
