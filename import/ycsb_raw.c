/* SPDX-License-Identifier: MIT */
/*
 * YCSB's measurementtype=raw (OneMeasurementRaw): a header an operation,
 * "READ latency raw data: op, timestamp(ms), latency(us)", lines
 * "READ,<epoch ms>,<whole us>", then "[READ], Total Operations, N" and a
 * summary, among YCSB's other lines or in measurement.raw.output_file,
 * which YCSB appends to: a second header for one operation is a second run.
 */
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT import_ycsb_raw_what
#define HEADER IMPORT_YCSB_RAW_HEADER
#define MAX_OPS 64

const char import_ycsb_raw_what[] =
    "YCSB's raw measurements (measurementtype=raw)";

static const char *const read_ops[] = { "READ", "SCAN", NULL };
static const char *const write_ops[] = { "UPDATE", "INSERT", "READ-MODIFY-WRITE",
	"DELETE", NULL };

struct raw_op {
	char name[64];
	size_t header;          /* its header's line */
	long long lines, total; /* data lines; "Total Operations" (-1: none) */
	size_t total_line;
	size_t cls, cap;        /* its class, + 1, and the samples' room */
};

struct raw_parse {
	const char *name;
	struct result *out;
	struct raw_op ops[MAX_OPS];
	size_t nops;
	struct raw_op *cur;     /* the operation whose header came last */
};

static struct raw_op *
find_op(struct raw_parse *ps, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < ps->nops; i++)
		if (strlen(ps->ops[i].name) == n && memcmp(ps->ops[i].name, s, n) == 0)
			return &ps->ops[i];
	return NULL;
}

static int
header(struct raw_parse *ps, const struct import_line *l, char *err)
{
	size_t n = l->len - (sizeof HEADER - 1);
	struct raw_op *op = find_op(ps, l->text, n);

	if (op != NULL)
		return errf(err, "%s: line %zu: a second \"%s" HEADER "\" (the first is at "
		    "line %zu): YCSB appends to measurement.raw.output_file, so this is "
		    "two runs; expected one run's: import each alone", ps->name,
		    l->number, op->name, op->header);
	if (ps->nops == MAX_OPS || n == 0 || n >= sizeof op->name)
		return errf(err, "%s: line %zu: more than %d operations, or a name of 64 "
		    "bytes or more; expected YCSB's", ps->name, l->number, MAX_OPS);
	op = &ps->ops[ps->nops++];
	memset(op, 0, sizeof *op);
	memcpy(op->name, l->text, n);
	import_clean(op->name);
	op->header = l->number;
	op->total = -1;
	ps->cur = op;
	return 0;
}

/* "OP,MS,US": a latency of the operation whose header came last. */
static int
data_line(struct raw_parse *ps, const struct import_line *l, const char *c1,
    char *err)
{
	const char *end = l->text + l->len, *c2 = memchr(c1 + 1, ',', (size_t)(end - c1 - 1));
	struct raw_op *op = ps->cur;
	char shown[SHOWN_LEN];
	long long v;
	int reads;

	if (strlen(op->name) != (size_t)(c1 - l->text) ||
	    memcmp(op->name, l->text, (size_t)(c1 - l->text)) != 0)
		return errf(err, "%s: line %zu: \"%s\" is not a latency of %s; expected "
		    "each operation's lines under its header", ps->name, l->number,
		    import_shown(shown, l->text, l->len), op->name);
	if (c2 == NULL || decimal_whole(c1 + 1, (size_t)(c2 - c1 - 1), RESULT_MAX_COUNT,
	    &v) < 0)
		return errf(err, "%s: line %zu: \"%s\"; expected \"%s,<timestamp in ms>,"
		    "<latency in us>\"", ps->name, l->number,
		    import_shown(shown, l->text, l->len), op->name);
	if (decimal_whole(c2 + 1, (size_t)(end - c2 - 1), 86400000000LL, &v) < 0 || v < 1)
		return errf(err, "%s: line %zu: %s latency is \"%s\"; expected whole "
		    "microseconds from 1 (YCSB's resolution) to a day", ps->name,
		    l->number, op->name, import_shown(shown, c2 + 1, (size_t)(end - c2 - 1)));
	op->lines++;
	reads = import_in_list(read_ops, op->name);
	if (reads || import_in_list(write_ops, op->name))
		import_sample(ps->out, op->name, reads ? KIND_READ : KIND_WRITE,
		    &op->cls, &op->cap, (double)v * 1e3);
	return 0;
}

/* "[OP], Total Operations, N" from the text exporter: the count to check. */
static void
total_line(struct raw_parse *ps, const struct import_line *l)
{
	static const char key[] = "], Total Operations, ";
	const char *k = import_find(l->text, l->len, key), *v;
	struct raw_op *op;

	if (k == NULL)
		return;
	op = find_op(ps, l->text + 1, (size_t)(k - l->text - 1));
	v = k + sizeof key - 1;
	if (op != NULL && decimal_whole(v, (size_t)(l->text + l->len - v),
	    RESULT_MAX_COUNT, &op->total) == 0)
		op->total_line = l->number;
}

static int
read_line(void *ctx, const struct import_line *l, char *err)
{
	struct raw_parse *ps = ctx;
	const char *comma = memchr(l->text, ',', l->len);

	if (l->len > sizeof HEADER - 1 && memcmp(l->text + l->len -
	    (sizeof HEADER - 1), HEADER, sizeof HEADER - 1) == 0)
		return header(ps, l, err);
	if (l->text[0] == '[')
		total_line(ps, l);
	/* YCSB's status and banner lines have a blank before any comma */
	else if (comma != NULL && comma > l->text && ps->cur != NULL &&
	    memchr(l->text, ' ', (size_t)(comma - l->text)) == NULL)
		return data_line(ps, l, comma, err);
	return 0;
}

/* OP-FAILED's operations (not OK) are OP's failed ones: 1 for such an op. */
static int
failed_of(struct raw_parse *ps, const struct raw_op *op, struct import_notes *notes)
{
	size_t n = strlen(op->name), i;

	if (n <= 7 || strcmp(op->name + n - 7, "-FAILED") != 0)
		return 0;
	for (i = 0; i < ps->out->nclasses; i++) {
		struct result_class *c = &ps->out->classes[i];

		if (strlen(c->name) == n - 7 && memcmp(c->name, op->name, n - 7) == 0) {
			c->failed = op->lines;
			import_note(notes, "%s: %lld operation%s failed, kept as failed "
			    "of %s; their latencies are not imported", op->name, op->lines,
			    op->lines == 1 ? "" : "s", c->name);
			return 1;
		}
	}
	return 0;
}

static int
finish(struct raw_parse *ps, struct import_notes *notes, char *err)
{
	size_t i;

	for (i = 0; i < ps->nops; i++) {
		const struct raw_op *op = &ps->ops[i];

		if (op->total >= 0 && op->total != op->lines)
			return errf(err, "%s: line %zu: [%s] Total Operations is %lld, but %lld "
			    "latencies follow its header (line %zu); expected all of them (a "
			    "file cut off?)", ps->name, op->total_line, op->name, op->total,
			    op->lines, op->header);
		if (op->cls == 0 && op->lines > 0 && failed_of(ps, op, notes) == 0)
			import_note(notes, "%s: %lld operations, not imported: not an "
			    "operation syncgate imports (reads: READ, SCAN; writes: UPDATE, "
			    "INSERT, READ-MODIFY-WRITE, DELETE)", op->name, op->lines);
	}
	import_samples_done(ps->out);
	return 0;
}

int
import_ycsb_raw_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	struct raw_parse ps = { .name = name, .out = out };

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	if (import_each_line(buf, len, name, WHAT, read_line, &ps, err) < 0 ||
	    finish(&ps, notes, err) < 0)
		goto bad;
	if (ps.nops == 0) {
		errf(err, "%s: no \"OP" HEADER "\" header; expected %s", name, WHAT);
		result_free(out);
		return IMPORT_FOREIGN;
	}
	if (out->nclasses == 0) {
		errf(err, "%s: no READ, SCAN, UPDATE, INSERT, READ-MODIFY-WRITE or DELETE "
		    "latencies; nothing to import", name);
		goto bad;
	}
	import_note(notes, "YCSB's raw latencies are whole microseconds, each a "
	    "sample");
	return 0;
bad:
	result_free(out);
	return -1;
}
