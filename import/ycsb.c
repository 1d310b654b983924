/* SPDX-License-Identifier: MIT */
/*
 * YCSB's text output, as its TextMeasurementsExporter prints it at the end
 * of a run: one `[OPERATION], measurement, value` line per figure, the
 * operation's block starting with Operations and holding the percentiles
 * the run asked for (`-p hdrhistogram.percentiles=...`).  Latencies are
 * whole microseconds.  Lines that do not start with '[' (the client's
 * banner, status lines captured with 2>&1) are passed over.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/err.h"

#define WHAT "YCSB's text output"
#define PCT_HINT "YCSB prints it only when run with -p hdrhistogram.percentiles=50,99 " \
	"(and the default measurementtype=hdrhistogram); syncgate does not guess it " \
	"from the other percentiles"

/* What one operation's block held. */
struct ycsb_op {
	char *name;
	long long operations;
	double p50_us, p99_us;
	size_t ops_line, p50_line, p99_line, first_line, last_line;
	int npct;               /* percentile lines of any rank */
	long long not_ok;       /* operations with a Return= other than OK */
};

struct ycsb_parse {
	const char *name;       /* the file, for messages */
	struct ycsb_op *ops;
	size_t nops, cap;
	size_t nlines;          /* measurement lines read */
	char runtime[SHOWN_LEN], throughput[SHOWN_LEN];
};

/* One `[NAME], MEASUREMENT, VALUE` line split in place (as lengths). */
struct ycsb_line {
	const char *op, *meas, *value;
	size_t op_len, meas_len, value_len;
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
	l->op = t + 1;
	l->op_len = (size_t)(close - l->op);
	l->meas = close + 3;
	comma = NULL;
	for (const char *p = l->meas; p + 1 < t + n; p++)
		if (p[0] == ',' && p[1] == ' ') {
			comma = p;
			break;
		}
	if (comma == NULL || comma == l->meas)
		return -1;
	l->meas_len = (size_t)(comma - l->meas);
	l->value = comma + 2;
	l->value_len = (size_t)(t + n - l->value);
	while (l->value_len > 0 && isspace((unsigned char)l->value[l->value_len - 1]))
		l->value_len--;
	return l->value_len > 0 ? 0 : -1;
}

/* A copy of n bytes as a string. */
static char *
copy_n(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Parses a whole value as a finite number; -1 if it is not one. */
static int
number(const char *s, size_t n, double *out)
{
	char buf[64], *end;

	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*out = strtod(buf, &end);
	if (*end != '\0' || end == buf || !isfinite(*out))
		return -1;
	return 0;
}

/* The operation's block, made on first sight; control characters become '?'. */
static struct ycsb_op *
find_op(struct ycsb_parse *ps, const char *name, size_t n, size_t line)
{
	struct ycsb_op *op;
	char *clean = copy_n(name, n);
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)clean[i] < 0x20 || clean[i] == 0x7f)
			clean[i] = '?';
	for (i = 0; i < ps->nops; i++)
		if (strcmp(ps->ops[i].name, clean) == 0) {
			free(clean);
			return &ps->ops[i];
		}
	xgrow(&ps->ops, &ps->cap, ps->nops + 1, sizeof *ps->ops);
	op = &ps->ops[ps->nops++];
	memset(op, 0, sizeof *op);
	op->name = clean;
	op->first_line = line;
	return op;
}

static int
meas_is(const struct ycsb_line *l, const char *s)
{
	return strlen(s) == l->meas_len && memcmp(l->meas, s, l->meas_len) == 0;
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
	    line, op->name, import_shown(m, l->meas, l->meas_len),
	    import_shown(v, l->value, l->value_len), expected);
}

/* One measurement of an operation's block. */
static int
take_measurement(struct ycsb_parse *ps, struct ycsb_op *op,
    const struct ycsb_line *l, size_t line, char *err)
{
	double v;

	op->last_line = line;
	if (meas_is(l, "Operations")) {
		if (op->ops_line)
			return twice(ps, op, "Operations", op->ops_line, line, err);
		if (number(l->value, l->value_len, &v) < 0 || v < 0 || v != floor(v) ||
		    v > 9e18)
			return bad_value(ps, op, l, line, "a count of operations", err);
		op->operations = (long long)v;
		op->ops_line = line;
	} else if (l->meas_len > 21 &&
	    memcmp(l->meas + l->meas_len - 21, "PercentileLatency(us)", 21) == 0) {
		op->npct++;
		if (meas_is(l, "50thPercentileLatency(us)") ||
		    meas_is(l, "99thPercentileLatency(us)")) {
			int p50 = l->meas[0] == '5';
			size_t *at = p50 ? &op->p50_line : &op->p99_line;

			if (*at)
				return twice(ps, op, p50 ? "50th percentile" :
				    "99th percentile", *at, line, err);
			if (number(l->value, l->value_len, &v) < 0 || v < 0 || v > 86400e6)
				return bad_value(ps, op, l, line,
				    "a latency in microseconds", err);
			*(p50 ? &op->p50_us : &op->p99_us) = v;
			*at = line;
		}
	} else if (l->meas_len > 7 && memcmp(l->meas, "Return=", 7) == 0 &&
	    !meas_is(l, "Return=OK")) {
		if (number(l->value, l->value_len, &v) == 0 && v > 0 && v < 9e18)
			op->not_ok += (long long)v;
	}
	return 0;
}

static void
take_overall(struct ycsb_parse *ps, const struct ycsb_line *l)
{
	char *dst = NULL;

	if (meas_is(l, "RunTime(ms)"))
		dst = ps->runtime;
	else if (meas_is(l, "Throughput(ops/sec)"))
		dst = ps->throughput;
	if (dst != NULL)
		import_shown(dst, l->value, l->value_len);
}

/* Says what the file is when it is not YCSB's text output. */
static int
not_ycsb(const struct ycsb_parse *ps, const struct import_line *first, char *err)
{
	const char *t = first->text;
	size_t n = first->len;
	char shown[SHOWN_LEN];

	while (n > 0 && (*t == ' ' || *t == '\t')) {
		t++;
		n--;
	}
	if (n > 0 && (*t == '{' || (*t == '[' && (n == 1 || t[1] == '{' || t[1] == ' '))))
		return errf(err, "%s: line %zu: JSON, perhaps from YCSB's JSON exporter; "
		    "expected %s (its default TextMeasurementsExporter)", ps->name,
		    first->number, WHAT);
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

	import_lines_init(&it, buf, len);
	while (import_lines_next(&it, &line)) {
		if (import_line_blank(&line))
			continue;
		if (first.text == NULL)
			first = line;
		if (line.text[0] != '[')
			continue;
		if (!line.ended)
			return errf(err, "%s: truncated at line %zu: the file ends inside a "
			    "line; expected %s, whose every line ends in a newline",
			    ps->name, line.number, WHAT);
		if (split_line(line.text, line.len, &l) < 0) {
			if (ps->nlines == 0)
				return not_ycsb(ps, &line, err);
			return errf(err, "%s: line %zu: \"%s\" is not a YCSB measurement; "
			    "expected \"[OPERATION], measurement, value\"", ps->name,
			    line.number, import_shown(shown, line.text, line.len));
		}
		ps->nlines++;
		if (l.op_len == 7 && memcmp(l.op, "OVERALL", 7) == 0) {
			take_overall(ps, &l);
			continue;
		}
		if (take_measurement(ps, find_op(ps, l.op, l.op_len, line.number), &l,
		    line.number, err) < 0)
			return -1;
	}
	if (ps->nlines == 0)
		return not_ycsb(ps, &first, err);
	return 0;
}

/* Notes an operation that is reported but not imported, and why. */
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

/*
 * A block with no percentile at all, last in a file whose other blocks
 * have theirs, was cut off; otherwise the run did not ask for them.
 */
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

static int
check_op(const struct ycsb_parse *ps, const struct ycsb_op *op, char *err)
{
	if (!op->ops_line)
		return errf(err, "%s: [%s] (line %zu) has no Operations line; expected "
		    "YCSB's whole output, whose every block starts with one", ps->name,
		    op->name, op->first_line);
	if (op->operations == 0)
		return 0;
	if (!op->p50_line)
		return missing(ps, op, "50th", err);
	if (!op->p99_line)
		return missing(ps, op, "99th", err);
	if (op->p50_us == 0 || op->p99_us == 0)
		return errf(err, "%s: line %zu: [%s] %s percentile is 0 us: below YCSB's "
		    "one-microsecond resolution; syncgate needs a positive latency",
		    ps->name, op->p50_us == 0 ? op->p50_line : op->p99_line, op->name,
		    op->p50_us == 0 ? "50th" : "99th");
	if (op->p99_us < op->p50_us)
		return errf(err, "%s: line %zu: [%s] 99th percentile %g us is below its "
		    "50th, %g us (line %zu); expected p99 >= p50", ps->name, op->p99_line,
		    op->name, op->p99_us, op->p50_us, op->p50_line);
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
		c = import_add_class(out, op->name, reads ? KIND_READ : KIND_WRITE);
		c->p50_ns = round(op->p50_us * 1000);
		c->p99_ns = round(op->p99_us * 1000);
		c->count = op->operations;
		if (op->not_ok > 0)
			import_note(notes, "[%s]: %lld operations did not return OK; their "
			    "latencies are in YCSB's [%s-FAILED] rows, not in these", op->name,
			    op->not_ok, op->name);
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
	struct ycsb_parse ps;
	size_t i, cut;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->concurrency = -1;
	memset(&ps, 0, sizeof ps);
	ps.name = name;
	if (import_check_text(buf, len, name, WHAT, err) < 0)
		return -1;
	if (read_lines(&ps, buf, len, err) < 0)
		goto out;
	cut = import_cut_line(buf, len);
	if (cut) {
		errf(err, "%s: truncated at line %zu: the file ends inside a line; "
		    "expected %s, whose every line ends in a newline", name, cut, WHAT);
		goto out;
	}
	if (build(&ps, out, notes, err) < 0)
		goto out;
	if (ps.runtime[0] || ps.throughput[0])
		import_note(notes, "[OVERALL]: RunTime(ms) %s, Throughput(ops/sec) %s; "
		    "reported, not imported", ps.runtime[0] ? ps.runtime : "-",
		    ps.throughput[0] ? ps.throughput : "-");
	rc = 0;
out:
	for (i = 0; i < ps.nops; i++)
		free(ps.ops[i].name);
	free(ps.ops);
	if (rc < 0)
		result_free(out);
	return rc;
}
