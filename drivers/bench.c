/* SPDX-License-Identifier: MIT */
/*
 * syncgate-bench: a LinkBench-like mix against SQLite or LMDB inside DIR,
 * written as syncgate-result/1 with DIR's probe, taken first on a quiet volume.
 */
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "drivers/run.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/path.h"
#include "lib/units.h"
#include "lib/utf8.h"
#include "lib/version.h"
#include "probe/host.h"
#include "probe/inrun.h"
#include "probe/volume.h"
#include "model/result_files.h"
#include "runner/rundir.h"
#include "runner/window.h"

static void
usage(FILE *fp)
{
	fputs(
	    "usage: syncgate-bench ENGINE[,ENGINE] --dir DIR [--rows N] [--value-bytes B]\n"
	    "                      [--ops N | --seconds S] [--concurrency C] [--mix R:S:W]\n"
	    "                      [--sqlite-synchronous off|normal|full] [--lmdb-nosync]\n"
	    "                      [--max-samples N] [--samples-file-over N]\n"
	    "                      [--runs K|MIN..MAX] [--mode rival|baseline]\n"
	    "                      [--max-regression PCT] [--read-speedup X]\n"
	    "                      [--commit-syncs N] [--confidence LEVEL] [--strict]\n"
	    "                      [--probe-every DURATION|off] -o FILE\n"
	    "       syncgate-bench --help | --version\n"
	    "\n"
	    "Probes DIR's volume once, before anything is written there (under\n"
	    "syncgate run, takes its probe, SYNCGATE_PROBE, where that is of DIR's\n"
	    "volume); loads N rows into a fresh database in a new directory inside\n"
	    "DIR; runs a mix of point-read (one row by key), range (ten consecutive\n"
	    "rows) and write (one durable single-row commit) at C threads, timing\n"
	    "every operation (writes take turns, each timed from its turn), with\n"
	    "rounds of probe samples through the run while the threads are held;\n"
	    "counts the disks' flush requests over the run (a mix without writes\n"
	    "takes neither rounds nor the count's idle windows); and writes a\n"
	    "syncgate-result/1 file with every latency (a uniform sample past\n"
	    "--max-samples), the write class's flushes a commit and the probe, the\n"
	    "rounds as its series.  The database's directory is removed afterwards.\n"
	    "ENGINE is sqlite or lmdb; two, as lmdb,sqlite, run by run.  An option\n"
	    "syncgate run takes too means the same there.\n"
	    "\n", fp);
	runner_opts_help(fp, TOOL_BENCH);
	fputs(
	    "  --                    end of the options: ENGINE follows\n"
	    "\n"
	    "SQLite runs in WAL mode, one connection per thread; LMDB with one\n"
	    "environment and a read transaction per thread (MDB_NOTLS).\n"
	    "\n"
	    "exit status: 0 the run completed (with --runs MIN..MAX: the verdict\n"
	    "passed, or could not rule without --strict), 1 the verdict failed, 2\n"
	    "trouble (usage, a DIR that cannot be written, a probe or engine error, a\n"
	    "write error), 3 the verdict could not rule, with --strict, 128+N stopped\n"
	    "by signal N\n", fp);
}

/* arg ("lmdb", or two as "lmdb,sqlite") into e, each known, none twice: *n of them. */
static int
bench_engines(const char *arg, const struct engine_ops *e[2], size_t *n,
    char *err)
{
	char buf[64], *name = buf, *next;

	*n = 0;
	if (strlen(arg) >= sizeof buf)
		return errf(err, "%s: unknown engine; expected sqlite, lmdb, or both "
		    "as lmdb,sqlite", arg);
	memcpy(buf, arg, strlen(arg) + 1);
	for (;; name = next) {
		if ((next = strchr(name, ',')) != NULL)
			*next++ = '\0';
		if (*n == 1 && next != NULL)
			return errf(err, "%s: more than two engines; expected one, or "
			    "two as lmdb,sqlite", arg);
		e[*n] = strcmp(name, "sqlite") == 0 ? &sqlite_engine :
		    strcmp(name, "lmdb") == 0 ? &lmdb_engine : NULL;
		if (e[*n] == NULL)
			return errf(err, "%s: unknown engine; expected sqlite or lmdb",
			    name);
		if (++*n == 2 && e[1] == e[0])
			return errf(err, "%s: %s twice; expected two different engines",
			    arg, e[0]->name);
		if (next == NULL)
			return 0;
	}
}

static int
check_options(struct runner_opts *o, const struct engine_ops *const *e,
    size_t n, char *err)
{
	int round = o->mix[0] + o->mix[1] + o->mix[2];
	int sqlite = e[0] == &sqlite_engine || (n > 1 && e[1] == &sqlite_engine);
	int lmdb = e[0] == &lmdb_engine || (n > 1 && e[1] == &lmdb_engine);

	if (o->ops_given && o->seconds > 0)
		return errf(err, "--ops and --seconds: give one or the other");
	if (o->seconds > 0)
		o->ops = 0;
	if (o->ops > 0 && o->ops < o->concurrency * round)
		return errf(err, "--ops %lld is too few for --mix %d:%d:%d at --concurrency "
		    "%lld: each thread runs whole rounds of %d; expected at least %lld",
		    o->ops, o->mix[0], o->mix[1], o->mix[2], o->concurrency, round,
		    o->concurrency * round);
	if (o->sqlite_sync_given && !sqlite)
		return errf(err, "--sqlite-synchronous is for sqlite, not %s",
		    e[0]->name);
	if (o->lmdb_nosync && !lmdb)
		return errf(err, "--lmdb-nosync is for lmdb, not %s", e[0]->name);
	if (o->min_runs > 0 && n != 2)
		return errf(err, "--runs %lld..%lld: runs until decided gate one engine "
		    "against another; expected two engines, as lmdb,sqlite",
		    o->min_runs, o->runs);
	return 0;
}

/*
 * Standard output or a device keeps every kind inline, in what syncgate
 * reads of a JSON document: refused before the run rather than after it.
 */
static int
check_inline(const struct runner_opts *o, const struct outfile *out, char *err)
{
	long long most = 0;
	int k;

	for (k = 0; k < NOPS; k++)
		if (o->mix[k] > 0)
			most += o->max_samples;
	if (o->ops > 0 && o->ops < most)
		most = o->ops;
	if (out->tmp != NULL || most <= (long long)RESULT_INLINE_MAX)
		return 0;
	return errf(err, "--max-samples %lld: -o %s keeps every kind in the JSON, up "
	    "to %lld latencies, more than the %zu a result may hold inline (syncgate "
	    "reads at most %lu JSON values); expected -o FILE, where kinds past that "
	    "go to samples files, or a smaller --max-samples", o->max_samples,
	    o->out, most, RESULT_INLINE_MAX, JSON_MAX_VALUES);
}

/*
 * The result and every samples file it may name are distinct files, none
 * a directory: through a link, the result would name samples that another
 * file overwrote.
 */
static int
add_outputs(struct fileset *fs, const struct runner_opts *o, const char *path,
    int files, char *err)
{
	char label[ERRLEN], purpose[64], *sp;
	int k, rc;

	snprintf(label, sizeof label, "-o %s", path);
	rc = fileset_output(fs, path, label, "the result", err);
	for (k = 0; k < NOPS && rc == 0 && files; k++) {
		if (o->mix[k] == 0)
			continue;
		sp = result_samples_path(path, op_name((enum op_kind)k));
		snprintf(label, sizeof label, "the samples file %s", sp);
		snprintf(purpose, sizeof purpose, "the %s samples",
		    op_name((enum op_kind)k));
		rc = fileset_output(fs, sp, label, purpose, err);
		free(sp);
	}
	return rc;
}

/*
 * path's files (files: its samples files too), or every run's of a plan,
 * checked before an hour of runs rather than after it.
 */
static int
check_outputs(const struct runner_opts *o, const struct runner_plan *plan,
    const char *path, int files, char *err)
{
	struct fileset fs;
	size_t i;
	int rc = 0;

	fileset_init(&fs);
	for (i = 0; i < (plan != NULL ? plan->n : 1) && rc == 0; i++)
		rc = add_outputs(&fs, o, plan != NULL ? plan->job[i].out : path,
		    plan != NULL || files, err);
	fileset_free(&fs);
	return rc;
}

/* The engine in its own directory, rounds by method and flush counts into win. */
static int
run_engine(const struct engine_ops *e, const struct bench_options *o,
    const char *method, struct runner_window *win, struct bench_samples s[NOPS],
    double *elapsed_s, struct result_spent *sp, char *err)
{
	struct rundir w;
	char rerr[ERRLEN];
	uint64_t rng = 0x10adULL;
	void *db = NULL;
	double t0;
	int opened, rc = -1;

	if (rundir_make(&w, o->a->dir, RUNDIR_BENCH, e->name, err) < 0)
		return -1;
	opened = inrun_open(&win->ir, w.path, method, o->a->every_ns, err) == 0;
	/* no commit: no flush count for other processes' flushes to sway */
	if (o->a->mix[OP_WRITE] == 0)
		win->ir.idle_ns = 0;
	if (opened && (db = e->open(o, w.path, err)) != NULL) {
		t0 = clock_monotonic_ns();
		rc = e->load(db, o, &rng, err);
		sp->load_s = (clock_monotonic_ns() - t0) / 1e9;
	}
	if (rc == 0 && (rc = bench_run(e, db, o, &win->ir, s, elapsed_s, err)) == 0) {
		runner_window_close(win, s[OP_WRITE].ops);
		sp->probe_s = o->probe_s;
		sp->idle_s = win->count.idle_s;
		sp->rounds_s = win->ir.probing_ns / 1e9;
		sp->ops_s = win->count.ops_s;
		rc = runner_signal != 0 ? errf(err, "stopped by %s",
		    runner_signal_name(runner_signal)) : 0;
	}
	inrun_close(&win->ir);
	if (db != NULL)
		e->close(db);
	/* what cannot be removed is said, and fails no run */
	if (rundir_remove(&w, rerr) < 0)
		err_warn("%s", rerr);
	return rc;
}

/* What the result cannot say in its own keys: how the run was made. */
static struct result_driver *
driver(const struct engine_ops *e, const struct bench_options *o,
    double elapsed_s, const struct result_spent *sp)
{
	struct result_driver *d = xmalloc(sizeof *d);

	*d = (struct result_driver){ .rows = o->a->rows,
	    .value_bytes = o->a->value_bytes, .ops = o->a->ops,
	    .seconds = o->a->seconds, .probe_every_ns = o->a->every_ns,
	    .elapsed_s = elapsed_s, .max_samples = o->a->max_samples,
	    .samples_file_over = o->a->file_over, .spent = *sp };
	d->mix = xasprintf("%d:%d:%d", o->a->mix[0], o->a->mix[1], o->a->mix[2]);
	d->settings = xstrdup(e->settings(o));
	d->probed = xasprintf("%s%s", o->inherited ? "by syncgate run before its "
	    "first run, in --dir (SYNCGATE_PROBE)" : "before the load, in --dir",
	    o->a->every_ns > 0 ? "; and in rounds through the run, in its "
	    "directory (probe.series)" : "");
	return d;
}

/* The run as r: a class per kind that ran, owning the samples. */
static int
to_result(const struct engine_ops *e, const struct bench_options *o,
    struct bench_samples s[NOPS], struct probe_record *rec, struct runner_window *win,
    double elapsed_s, const struct result_spent *sp, struct result *r, char *err)
{
	int k;

	*r = (struct result){ .engine = xstrdup(e->name),
	    .version = xstrdup(e->version()), .concurrency = (int)o->a->concurrency,
	    .workload = xasprintf("syncgate-bench %d:%d:%d", o->a->mix[0],
	    o->a->mix[1], o->a->mix[2]), .driver = driver(e, o, elapsed_s, sp) };
	probe_series_free(&rec->series);
	rec->series = win->series;
	memset(&win->series, 0, sizeof win->series);
	r->probe = xmalloc(sizeof *r->probe);
	*r->probe = *rec;
	probe_record_init(rec);
	/* the machine, gathered for the result itself, probe or not */
	r->host = xmalloc(sizeof *r->host);
	host_gather(r->host);
	if (o->session != NULL)
		r->session = *o->session;
	for (k = 0; k < NOPS; k++) {
		struct result_class *c;

		if (o->a->mix[k] == 0)
			continue;
		if (s[k].n == 0)
			return errf(err, "the run ended before any %s operation; give it "
			    "more --seconds", op_name((enum op_kind)k));
		if (s[k].n < 2 && s[k].ops > 1)
			return errf(err, "%lld %s operations kept %zu latencies; expected "
			    "a larger --max-samples", s[k].ops, op_name((enum op_kind)k),
			    s[k].n);
		c = result_add_class(r, op_name((enum op_kind)k),
		    k == OP_WRITE ? KIND_WRITE : KIND_READ);
		c->samples_ns = s[k].ns;
		c->nsamples = s[k].n;
		c->count = s[k].ops;
		c->sampling = s[k].shift == 0 ? xstrdup("every operation") :
		    xasprintf("each operation kept at random with probability 1/%.0f, "
		    "to stay within --max-samples %lld", ldexp(1, (int)s[k].shift),
		    o->a->max_samples);
		if (k == OP_WRITE) {
			c->flushes_per_op = win->per_op.per_op;
			c->flush_count = runner_flush_count(win);
			/* a mean wait for the turn; one thread waits for no one */
			if (o->a->concurrency > 1)
				c->turn_wait_ns = s[k].wait_ns / (double)s[k].ops;
		}
		s[k].ns = NULL;
	}
	return 0;
}

static void
tell_rounds(const struct probe_record *p, int reads_only, int ascii)
{
	struct window_unit u;
	char a[DURLEN], b[DURLEN], c[DURLEN], ev[DURLEN];

	window_unit(p, &u);
	if (u.thin)
		err_warn("rounds through the run: %ld %s of %zu %s in all, too few "
		    "to bound a median (%d or more): the unit is the probe's before "
		    "the run", u.thin_rounds, u.thin_rounds == 1 ? "round" : "rounds",
		    u.thin, u.thin == 1 ? "sample" : "samples", WINDOW_MIN_SAMPLES);
	else if (!u.from_rounds)
		err_warn("no rounds through the run (%s): the unit is the probe's "
		    "before the run", reads_only ? "the mix has no writes" :
		    "--probe-every off");
	else
		err_warn("rounds through the run: %ld %s of %ld samples, one at the "
		    "start, then every %s at the end of a batch, and one at the end; "
		    "median %s (rounds' medians %s to %s); they took %.3fs of the "
		    "run's %.3fs (%.1f%%)", u.rounds->count,
		    u.rounds->count == 1 ? "round" : "rounds", u.rounds->per_round,
		    units_fmt_duration(ev, sizeof ev, u.rounds->every_ns, ascii),
		    units_fmt_duration(a, sizeof a, u.ns, ascii),
		    units_fmt_duration(b, sizeof b, u.lo_ns, ascii),
		    units_fmt_duration(c, sizeof c, u.hi_ns, ascii),
		    u.rounds->probing_s, u.rounds->run_s, 100 * u.rounds->cost);
}

static void
tell(const struct engine_ops *e, const struct result *r, const struct bench_options *o,
    const struct runner_window *win, double elapsed_s)
{
	const struct probe_record *p = r->probe;
	const struct result_spent *sp = &r->driver->spent;
	const struct result_class *w;
	int ascii = !units_locale_utf8();
	char a[DURLEN], b[DURLEN], kept[64];
	/* the widths the columns had: a class name of 10, 6 digits, 8 columns */
	size_t i, nw = 10, cw = 6, pw = 8;

	err_warn("%s %s (%s): %lld rows; %s in %.2fs at concurrency %lld", r->engine,
	    r->version, e->settings(o), o->a->rows, r->workload, elapsed_s,
	    o->a->concurrency);
	err_warn("spent: probe %.3fs%s, load %.3fs, idle windows %.3fs, rounds "
	    "%.3fs, operations %.3fs", sp->probe_s, o->inherited ?
	    " (syncgate run's)" : "", sp->load_s, sp->idle_s, sp->rounds_s,
	    sp->ops_s);
	err_warn("probe of %s%s: %s median %s, reaches a device: %s", o->a->dir,
	    o->inherited ? " (syncgate run's, SYNCGATE_PROBE)" : "",
	    p->method != NULL ? p->method : "sync",
	    units_fmt_duration(a, sizeof a, p->median_ns, ascii), reach_name(p->reaches));
	/* each column as wide as its widest cell: a million ops is 7 digits */
	for (i = 0; i < r->nclasses; i++) {
		const struct result_class *c = &r->classes[i];

		snprintf(kept, sizeof kept, "%lld", c->count);
		nw = text_width(c->name) > nw ? text_width(c->name) : nw;
		cw = strlen(kept) > cw ? strlen(kept) : cw;
		units_fmt_duration(a, sizeof a, c->p50_ns, ascii);
		pw = text_width(a) > pw ? text_width(a) : pw;
	}
	for (i = 0; i < r->nclasses; i++) {
		const struct result_class *c = &r->classes[i];

		kept[0] = '\0';
		if (c->count > (long long)c->nsamples)
			snprintf(kept, sizeof kept, "  (%zu latencies kept, at random)",
			    c->nsamples);
		units_fmt_duration(a, sizeof a, c->p50_ns, ascii);
		units_fmt_duration(b, sizeof b, c->p99_ns, ascii);
		/* p50 padded to pw columns: µ is one column in two bytes */
		err_warn("  %-*s %*lld ops  p50 %-*s  p99 %s%s", (int)nw, c->name,
		    (int)cw, c->count, (int)(pw + strlen(a) - text_width(a)), a, b,
		    kept);
	}
	tell_rounds(p, o->a->mix[OP_WRITE] == 0, ascii);
	if (o->a->mix[OP_WRITE] == 0)
		return;
	if ((w = result_find(r, op_name(OP_WRITE))) != NULL && !isnan(w->turn_wait_ns))
		err_warn("writes one at a time: each waited %s for its turn on "
		    "average, outside its latency",
		    units_fmt_duration(a, sizeof a, w->turn_wait_ns, ascii));
	runner_tell_flushes(win);
}

static int
bench(const struct engine_ops *e, const struct bench_options *o, char *err)
{
	struct bench_samples s[NOPS] = { { 0 } };
	struct probe_record rec;
	struct outfile out;
	struct result r = { 0 };
	struct runner_window *win;
	struct result_spent sp = { NAN, NAN, NAN, NAN, NAN, NAN };
	double elapsed_s = NAN;
	size_t i;
	int k, rc = -1;

	if (outfile_open(&out, o->out, err) < 0)
		return -1;
	win = xcalloc(1, sizeof *win);
	probe_record_copy(&rec, o->probe);
	if (check_inline(o->a, &out, err) == 0 &&
	    check_outputs(o->a, NULL, o->out, out.tmp != NULL, err) == 0 &&
	    run_engine(e, o, rec.method, win, s, &elapsed_s, &sp, err) == 0) {
		if (o->session != NULL)
			runner_ended(o->session);
		if (to_result(e, o, s, &rec, win, elapsed_s, &sp, &r, err) == 0 &&
		    result_write_files(&out, &r, o->a->file_over, RESULT_INLINE_MAX,
		    err) == 0)
			rc = 0;
	}
	if (rc == 0) {
		/* written as kept; sorted for the summary's p50 and p99 */
		for (i = 0; i < r.nclasses; i++)
			result_class_quantiles(&r.classes[i]);
		tell(e, &r, o, win, elapsed_s);
	} else {
		outfile_abort(&out);
	}
	for (k = 0; k < NOPS; k++)
		free(s[k].ns);
	probe_record_free(&rec);
	probe_series_free(&win->series);
	free(win);
	result_free(&r);
	return rc;
}

struct bench_ctx {
	const struct runner_opts *a;
	const struct engine_ops *const *engines;
	struct probe_record probe;
	int inherited;
	double probe_s;         /* the probe's seconds, 0 when inherited */
};

static int
bench_one(void *ctx, const struct runner_job *j, struct result_session *s,
    char *err)
{
	const struct bench_ctx *x = ctx;
	struct bench_options o = { x->a, j->out, s, &x->probe, x->inherited,
		x->probe_s };

	return bench(x->engines[j->engine], &o, err);
}

/* Under syncgate run, its probe (SYNCGATE_PROBE) where of DIR's volume; else our own. */
static int
probe_dir(const char *dir, struct probe_record *p, int *inherited, char *err)
{
	const char *path = getenv("SYNCGATE_PROBE");
	char perr[ERRLEN];
	int same;

	*inherited = 0;
	if (path == NULL || path[0] == '\0')
		return runner_probe(dir, p, err);
	if (probe_record_load(path, p, perr) < 0)
		return errf(err, "SYNCGATE_PROBE: %s", perr);
	if ((same = volume_same(dir, p, err)) < 0)
		return -1;
	if ((*inherited = same) != 0)
		return 0;
	err_warn("SYNCGATE_PROBE %s: another volume's probe than --dir %s's; "
	    "probing --dir", path, dir);
	probe_record_free(p);
	probe_record_init(p);
	return runner_probe(dir, p, err);
}

/*
 * The plan's runs, each result with the session and its run's number; with
 * MIN..MAX a look after each round from MIN on.  A failed run stops the
 * rest; those written stay, a set cut short (model/runs.h).
 */
static int
bench_all(const struct runner_opts *a, const struct engine_ops *const *e,
    struct runner_plan *plan, int *status, char *err)
{
	struct bench_ctx x = { a, e, { 0 }, 0, 0 };
	double t0;
	char *verdict = a->min_runs > 0 ? runner_beside(a->out, ".verdict.json") :
	    NULL;
	int rc = -1;

	probe_record_init(&x.probe);
	if (plan->n == 1 || check_outputs(a, plan, NULL, 1, err) == 0) {
		runner_catch();
		t0 = clock_monotonic_ns();
		rc = probe_dir(a->dir, &x.probe, &x.inherited, err);
		x.probe_s = x.inherited ? 0 : (clock_monotonic_ns() - t0) / 1e9;
		if (rc == 0)
			rc = runner_seq_go(a, plan, bench_one, &x, verdict, status, err);
	}
	free(verdict);
	probe_record_free(&x.probe);
	return rc;
}

/* The command line checked whole, before anything runs. */
static int
parse(struct runner_opts *a, int argc, char **argv,
    const struct engine_ops *e[2], struct runner_plan *plan, char *dir,
    size_t len, char *err)
{
	const char *names[2];
	struct stat st;
	size_t n, k;

	if (runner_opts_parse(a, TOOL_BENCH, argc, argv, err) < 0 || a->help ||
	    bench_engines(a->engines, e, &n, err) < 0 ||
	    check_options(a, e, n, err) < 0)
		return -1;
	/* no commit to divide into syncs: no rounds (nor idle windows) */
	if (a->mix[OP_WRITE] == 0)
		a->every_ns = 0;
	for (k = 0; k < n; k++)
		names[k] = e[k]->name;
	if (runner_plan_make(plan, names, n, a->runs, a->out, 0, err) < 0)
		return -1;
	/* a descriptor (/dev/stdout) or a device would be numbered into /dev/stdout.1 */
	if (plan->n > 1 && (path_descriptor(a->out) >= 0 ||
	    (stat(a->out, &st) == 0 && !S_ISREG(st.st_mode))))
		return errf(err, "-o %s: %zu results cannot share one descriptor, "
		    "device or FIFO, nor be numbered beside it; expected -o FILE, "
		    "numbered for each run", a->out, plan->n);
	return runner_opts_place(a, dir, len, err);
}

int
main(int argc, char **argv)
{
	const struct engine_ops *e[2] = { NULL, NULL };
	struct runner_opts a;
	struct runner_plan plan = { 0 };
	char err[ERRLEN], dir[PATH_MAX];
	int rc = EXIT_PASS;

	setlocale(LC_ALL, "");
	signal(SIGPIPE, SIG_IGN);
	err_setprog("syncgate-bench");
	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf("syncgate-bench %s (SQLite %s, LMDB %s)\n", SYNCGATE_VERSION,
		    sqlite_engine.version(), lmdb_engine.version());
		return outfile_shut(stdout, "standard output");
	}
	if (parse(&a, argc, argv, e, &plan, dir, sizeof dir, err) < 0 && !a.help) {
		err_warn("%s", err);
		rc = EXIT_TROUBLE;
	} else if (a.help) {
		usage(stdout);
		rc = outfile_shut(stdout, "standard output");
	} else if (bench_all(&a, e, &plan, &rc, err) < 0) {
		err_warn("%s", err);
		rc = runner_signal != 0 ? 128 + runner_signal : EXIT_TROUBLE;
	} else if (runner_signal != 0) {
		rc = 128 + runner_signal;
	}
	runner_plan_free(&plan);
	return rc;
}
