/* SPDX-License-Identifier: MIT */
/*
 * pgbench's per-transaction log (-l; "Per-Transaction Logging"): a line a
 * transaction, "client_id transaction_no time script_no time_epoch
 * time_us", then schedule_lag (--rate) and retries (--max-tries); the time
 * in microseconds, or "skipped" (--latency-limit), "failed" (or
 * "serialization", "deadlock": --failures-detailed).  Each thread (-j)
 * writes its own file; the aggregated log is another format, refused.
 */
#include <stdio.h>
#include <stdlib.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"

#define WHAT import_pgbench_what
#define MAX_SCRIPTS 128

const char import_pgbench_what[] = "pgbench's per-transaction log (-l)";

struct pg_script {
	size_t cls;             /* its class, + 1; 0 while it has none */
	size_t cap;
	long long skipped, failed;
};

struct pg_parse {
	const char *name;
	struct result *out;
	struct pg_script scripts[MAX_SCRIPTS];
	size_t fields, first_line;
	int foreign;            /* the first line is not a transaction's */
};

static int
bad_field(const struct pg_parse *ps, const struct import_line *l, const char *col,
    const struct import_field *f, const char *expected, char *err)
{
	char shown[SHOWN_LEN];

	return errf(err, "%s: line %zu: %s is \"%s\"; expected %s", ps->name, l->number,
	    col, import_shown(shown, f->s, f->n), expected);
}

/*
 * pgbench's aggregated log (--aggregate-interval): a line an interval, its
 * Unix time then sums (5 fields before PostgreSQL 15, 7 or 8 with --rate
 * and --latency-limit; 15 from 15 on): no latency to take percentiles of.
 */
static int
aggregated(const struct pg_parse *ps, const struct import_line *l,
    const struct import_field *f, size_t nf, char *err)
{
	long long v;

	if (nf < 5 || decimal_whole(f[0].s, f[0].n, RESULT_MAX_COUNT, &v) < 0 ||
	    v < 1000000000)
		return 0;
	return errf(err, "%s: line %zu: %zu fields, the first %lld, a Unix time: "
	    "pgbench's aggregated log (--aggregate-interval), which sums each "
	    "interval's transactions and keeps no transaction's latency; expected "
	    "%s: run pgbench with -l and without --aggregate-interval", ps->name,
	    l->number, nf, v, WHAT);
}

static int
not_a_line(struct pg_parse *ps, const struct import_line *l, size_t nf, char *err)
{
	char shown[SHOWN_LEN];
	struct import_field f[1];

	import_split(l->text, l->len, ' ', f, 1);
	if (aggregated(ps, l, f, nf, err) < 0)
		return -1;
	ps->foreign = ps->first_line == 0;
	return errf(err, "%s: line %zu: \"%s\" has %zu field%s; expected %s, \"client_id "
	    "transaction_no time script_no time_epoch time_us\" and up to two more",
	    ps->name, l->number, import_shown(shown, l->text, l->len), nf,
	    nf == 1 ? "" : "s", WHAT);
}

static int
check_numbers(const struct pg_parse *ps, const struct import_line *l,
    const struct import_field *f, size_t nf, long long *script, char *err)
{
	static const char *const cols[] = { "client_id", "transaction_no", "time",
		"script_no", "time_epoch", "time_us", "the 7th field", "the 8th field" };
	long long v;
	size_t i;

	for (i = 0; i < nf; i++) {
		if (i == 2)
			continue;
		if (decimal_whole(f[i].s, f[i].n, RESULT_MAX_COUNT, &v) < 0)
			return bad_field(ps, l, cols[i], &f[i], "a whole number", err);
		if (i == 0 && v >= 1000000000)
			return aggregated(ps, l, f, nf, err);
		if (i == 3)
			*script = v;
	}
	if (*script >= MAX_SCRIPTS)
		return bad_field(ps, l, "script_no", &f[3], "a script number below 128",
		    err);
	return 0;
}

static int
read_line(void *ctx, const struct import_line *l, char *err)
{
	struct pg_parse *ps = ctx;
	struct import_field f[8];
	struct pg_script *s;
	char cname[32];
	long long script = 0, us = 0;
	size_t nf = import_split(l->text, l->len, ' ', f, 8);
	int rc;

	if (nf < 6 || nf > 8)
		return not_a_line(ps, l, nf, err);
	if (ps->fields == 0) {
		ps->fields = nf;
		ps->first_line = l->number;
	} else if (nf != ps->fields) {
		return errf(err, "%s: line %zu: %zu fields, but line %zu has %zu; expected "
		    "one run's log (logs of runs with other options concatenated?)",
		    ps->name, l->number, nf, ps->first_line, ps->fields);
	}
	if (check_numbers(ps, l, f, nf, &script, err) < 0)
		return -1;
	s = &ps->scripts[script];
	if (import_field_is(&f[2], "skipped")) {
		s->skipped++;
		return 0;
	}
	if (import_field_is(&f[2], "failed") ||
	    import_field_is(&f[2], "serialization") ||
	    import_field_is(&f[2], "deadlock")) {
		s->failed++;
		return 0;
	}
	rc = decimal_whole(f[2].s, f[2].n, 86400000000LL, &us);
	if (rc < 0 || us < 1)
		return bad_field(ps, l, "time", &f[2], us < 1 && rc == 0 ?
		    "a latency of at least 1 microsecond (pgbench's resolution)" :
		    "a latency in whole microseconds (at most a day), skipped or failed",
		    err);
	snprintf(cname, sizeof cname, "script%lld", script);
	import_sample(ps->out, cname, KIND_WRITE, &s->cls, &s->cap, (double)us * 1e3);
	return 0;
}

static void
note_untimed(const struct pg_parse *ps, struct import_notes *notes)
{
	size_t i;

	for (i = 0; i < MAX_SCRIPTS; i++) {
		const struct pg_script *s = &ps->scripts[i];

		if (s->skipped > 0)
			import_note(notes, "script%zu: %lld transaction%s skipped (late "
			    "under --rate with --latency-limit): kept as skipped, never "
			    "timed", i, s->skipped, s->skipped == 1 ? "" : "s");
		if (s->failed > 0)
			import_note(notes, "script%zu: %lld transaction%s failed "
			    "(serialization or deadlock errors): kept as failed, never "
			    "timed", i, s->failed, s->failed == 1 ? "" : "s");
		if (s->cls == 0 && (s->skipped > 0 || s->failed > 0))
			import_note(notes, "script%zu: no transaction timed, not imported",
			    i);
	}
}

/* Classes script0, script1..., whatever order the log met them in. */
static void
in_script_order(struct pg_parse *ps)
{
	struct result_class *c = xcalloc(ps->out->nclasses, sizeof *c);
	size_t i, n = 0;

	import_samples_done(ps->out);
	for (i = 0; i < MAX_SCRIPTS; i++) {
		if (ps->scripts[i].cls == 0)
			continue;
		c[n] = ps->out->classes[ps->scripts[i].cls - 1];
		c[n].failed = ps->scripts[i].failed;
		c[n++].skipped = ps->scripts[i].skipped;
	}
	free(ps->out->classes);
	ps->out->classes = c;
}

/* pgbench's log: six to eight fields, all whole numbers but the time. */
int
import_pgbench_line(const char *t, size_t n)
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

int
import_pgbench_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	struct pg_parse ps = { .name = name, .out = out };

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	if (import_each_line(buf, len, name, WHAT, read_line, &ps, err) < 0)
		goto bad;
	if (out->nclasses == 0) {
		errf(err, "%s: no transaction was timed (all skipped or failed); "
		    "nothing to import", name);
		goto bad;
	}
	in_script_order(&ps);
	note_untimed(&ps, notes);
	import_note(notes, "pgbench's log does not name its scripts: they are "
	    "script0, script1... in the order -b and -f gave them, each a write "
	    "class unless --kind says otherwise");
	return 0;
bad:
	result_free(out);
	return ps.foreign ? IMPORT_FOREIGN : -1;
}
