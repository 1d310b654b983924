/* SPDX-License-Identifier: MIT */
/*
 * syncgate-bench: runs a small LinkBench-like mix against SQLite or LMDB
 * in a fresh directory inside the user's DIR and writes the result, every
 * operation's latency and the probe of DIR's volume, as syncgate-result/1.
 * The probe runs first, before the load, on a quiet volume.
 */
#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drivers/drivers.h"
#include "lib/args.h"
#include "lib/cleanup.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/path.h"
#include "lib/stats.h"
#include "lib/units.h"
#include "lib/utf8.h"
#include "lib/version.h"
#include "probe/host.h"
#include "probe/inrun.h"
#include "probe/probe.h"
#include "runner/sequential.h"
#include "runner/window.h"

#define DEFAULT_ROWS 10000
#define DEFAULT_VALUE_BYTES 100
#define DEFAULT_OPS 3000
#define DEFAULT_CONCURRENCY 2
/*
 * Latencies kept a kind: 16 MB of doubles, a samples_file of about 10 MB
 * that the gate reads in a fraction of a second, and a p99 whose interval
 * is a small fraction of a percent wide.
 */
#define DEFAULT_MAX_SAMPLES 2000000
/* Past this, a kind's latencies go to a samples_file rather than JSON. */
#define DEFAULT_FILE_OVER 100000
/*
 * A round of samples through the run this often: at 500ms a round caught
 * in one of the disk's spikes spoke for too many writes, and six runs
 * under a busy neighbour spread 1.11 to 1.78 times in syncs, against
 * 1.09 to 1.30 at 200ms, for 1.5% of the run's time at the median.
 */
#define DEFAULT_PROBE_EVERY_NS 200e6

/* The gate's limits the looks of --runs MIN..MAX rule by, as syncgate gate names them. */
enum {
	OPT_COMMIT_SYNCS = 256, OPT_CONFIDENCE, OPT_MAX_REGRESSION, OPT_READ_SPEEDUP
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: syncgate-bench ENGINE[,ENGINE] --dir DIR [--rows N] [--value-bytes B]\n"
	    "                      [--ops N | --seconds S] [--concurrency C] [--mix R:S:W]\n"
	    "                      [--sqlite-synchronous off|normal|full] [--lmdb-nosync]\n"
	    "                      [--max-samples N] [--samples-file-over N]\n"
	    "                      [--runs K|MIN..MAX] [--mode rival|baseline]\n"
	    "                      [--max-regression PCT] [--read-speedup X]\n"
	    "                      [--commit-syncs N] [--confidence LEVEL]\n"
	    "                      [--probe-every DURATION|off] -o FILE\n"
	    "       syncgate-bench --help | --version\n"
	    "\n"
	    "Probes DIR's volume first, before anything is written there; loads N rows\n"
	    "into a fresh database in a new directory inside DIR; runs a mix of\n"
	    "point-read (one row by key), range (ten consecutive rows) and write (one\n"
	    "durable single-row commit) at C threads, timing every operation (writes\n"
	    "take turns, each timed from its turn), with rounds of probe samples\n"
	    "through the run while the threads are held; counts the disks' flush\n"
	    "requests over the run; and writes a syncgate-result/1 file with every\n"
	    "latency (a uniform sample past --max-samples), the write class's flushes\n"
	    "a commit and the probe, the rounds as its series.  The database's\n"
	    "directory is removed afterwards.  ENGINE is sqlite or lmdb; two, as\n"
	    "lmdb,sqlite, run by run.\n"
	    "\n"
	    "  --dir DIR               where to run, on the volume to measure (required)\n"
	    "  --rows N                rows loaded before the run (default %d)\n"
	    "  --value-bytes B         bytes of each row's value (default %d)\n"
	    "  --ops N                 operations in all, split across the threads\n"
	    "                          (default %d)\n"
	    "  --seconds S             run for S seconds instead of a number of operations\n"
	    "  --concurrency C         threads, each with its own connection (default %d);\n"
	    "                          writes take turns\n"
	    "  --mix R:S:W             weights of point-read, range and write (default\n"
	    "                          5:2:3)\n"
	    "  --sqlite-synchronous M  SQLite's synchronous in WAL mode: off, normal or\n"
	    "                          full (default full: every commit synced)\n"
	    "  --lmdb-nosync           open LMDB with MDB_NOSYNC: commits are not synced\n"
	    "  --max-samples N         latencies kept of each kind, at most (default\n"
	    "                          %d); past it each operation is kept at\n"
	    "                          random, the same chance for all, and count says\n"
	    "                          how many ran\n"
	    "  --samples-file-over N   a kind with more than N latencies (default %d;\n"
	    "                          0: every kind) is written to FILE.KIND.txt, one\n"
	    "                          a line, named in the result as its samples_file\n"
	    "                          (beside the file written: if FILE is a symlink,\n"
	    "                          beside its target); so are the largest kinds\n"
	    "                          while those left inline would number more than\n"
	    "                          %zu, as syncgate reads at most %lu JSON\n"
	    "                          values; with -o - every kind stays in the JSON,\n"
	    "                          and a --max-samples that could pass that is\n"
	    "                          refused\n"
	    "  -o FILE                 write the result to FILE, atomically (- for\n"
	    "                          standard output); with several results, FILE\n"
	    "                          with the engine (two engines) and the run's\n"
	    "                          number (--runs) before its extension:\n"
	    "                          r.json gives r.1.json, or r.lmdb.1.json\n",
	    DEFAULT_ROWS, DEFAULT_VALUE_BYTES, DEFAULT_OPS, DEFAULT_CONCURRENCY,
	    DEFAULT_MAX_SAMPLES, DEFAULT_FILE_OVER, BENCH_INLINE_MAX, JSON_MAX_VALUES);
	fputs(
	    "  --probe-every DURATION  a round of 5 write+sync samples (after one\n"
	    "                          not kept) on a 1 MiB scratch file in the\n"
	    "                          run's directory at the start, at the end of\n"
	    "                          a batch each time DURATION has passed\n"
	    "                          (default 200ms; 10ms to 3600s; a bare number\n"
	    "                          is seconds), and at the end; the threads\n"
	    "                          wait, and --seconds is extended by the rounds'\n"
	    "                          time; off: none, the unit from the probe\n"
	    "                          before the run\n"
	    "  --runs K                K runs of each engine, each a result of its\n"
	    "                          own with its own probe, the engines in turn\n"
	    "                          (lmdb sqlite sqlite lmdb ...) so a slow\n"
	    "                          minute of the machine falls on both (default 1)\n"
	    "  --runs MIN..MAX         two engines: MIN runs of each, then a round at a\n"
	    "                          time until the gate decides the verdict (a\n"
	    "                          check fails, or every check passes or fails)\n"
	    "                          or MAX, each look paid for (as syncgate run --runs\n"
	    "                          MIN..MAX); the verdict to FILE's stem with\n"
	    "                          .verdict.json and as text to standard output\n"
	    "  --mode rival|baseline   with --runs MIN..MAX: the first engine against\n"
	    "                          the second as a rival (default) or a baseline\n"
	    "  --max-regression PCT    with --runs MIN..MAX and --mode baseline: the\n"
	    "                          first at most PCT slower (default 5%)\n"
	    "  --read-speedup X        with --runs MIN..MAX in rival mode: reads at\n"
	    "                          least X times faster than the second's (10)\n"
	    "  --commit-syncs N        with --runs MIN..MAX in rival mode: the first's\n"
	    "                          write p50 at most N syncs, and at most N device\n"
	    "                          flushes a commit (default 2)\n"
	    "  --confidence LEVEL      with --runs MIN..MAX: the level the looks share\n"
	    "                          (default 95%); these four as syncgate gate\n"
	    "                          takes them\n"
	    "  --                      end of the options: ENGINE follows\n"
	    "\n"
	    "SQLite runs in WAL mode, one connection per thread; LMDB with one\n"
	    "environment and a read transaction per thread (MDB_NOTLS).\n"
	    "\n"
	    "exit status: 0 the run completed (with --runs MIN..MAX: the verdict\n"
	    "passed or could not rule), 1 the verdict failed, 2 trouble (usage, a DIR\n"
	    "that cannot be written, a probe or engine error, a write error)\n", fp);
}

/* "R:S:W", three whole numbers that do not all vanish. */
static int
parse_mix(const char *s, int mix[NOPS], char *err)
{
	char buf[64], *parts[NOPS], *p;
	long long v;
	int k, sum = 0;

	if (strlen(s) >= sizeof buf)
		goto bad;
	memcpy(buf, s, strlen(s) + 1);
	p = buf;
	for (k = 0; k < NOPS; k++) {
		parts[k] = p;
		p = strchr(p, ':');
		if ((p == NULL) != (k == NOPS - 1))
			goto bad;
		if (p != NULL)
			*p++ = '\0';
	}
	for (k = 0; k < NOPS; k++) {
		if (units_parse_count(parts[k], 0, 1000, &v, "--mix", err) < 0)
			return errf(err, "--mix: %s: %s is not a whole number from 0 to 1000",
			    s, parts[k]);
		mix[k] = (int)v;
		sum += mix[k];
	}
	if (sum == 0)
		return errf(err, "--mix: %s sums to zero; expected at least one kind of "
		    "operation", s);
	return 0;
bad:
	return errf(err, "--mix: %s is not R:S:W, three whole numbers such as 5:2:3", s);
}

static int
parse_sync(const char *s, enum sqlite_sync *out, char *err)
{
	static const char *const names[] = { "off", "normal", "full" };
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(s, names[i]) == 0) {
			*out = (enum sqlite_sync)i;
			return 0;
		}
	return errf(err, "--sqlite-synchronous: %s; expected off, normal or full", s);
}

/* One option's value; returns -1 with err set. */
static int
take(int c, const char *arg, struct bench_options *o, int *ops_given, char *err)
{
	long long v;

	switch (c) {
	case 'b':
		return units_parse_count(arg, 1, 1 << 20, &o->value_bytes, "--value-bytes", err);
	case 'c':
		if (units_parse_count(arg, 1, 64, &v, "--concurrency", err) < 0)
			return -1;
		o->concurrency = (int)v;
		return 0;
	case 'd':
		o->dir = arg;
		return 0;
	case 'F':
		return units_parse_count(arg, 0, SAMPLES_FILE_MAX_COUNT, &o->file_over,
		    "--samples-file-over", err);
	case 'L':
		o->lmdb_nosync = 1;
		return 0;
	case 'M':
		return units_parse_count(arg, 1000, SAMPLES_FILE_MAX_COUNT, &o->max_samples,
		    "--max-samples", err);
	case 'm':
		return parse_mix(arg, o->mix, err);
	case 'n':
		*ops_given = 1;
		return units_parse_count(arg, 1, 1000000000, &o->ops, "--ops", err);
	case 'o':
		o->out = arg;
		return 0;
	case 'P':
		if (strcmp(arg, "off") == 0) {
			o->probe_every_ns = 0;
			return 0;
		}
		if (units_parse_duration(arg, INRUN_MIN_EVERY_NS, INRUN_MAX_EVERY_NS, 1e9,
		    &o->probe_every_ns, "--probe-every", err) < 0)
			return errf(err, "--probe-every: %s; expected a duration from 10ms "
			    "to 3600s, such as 500ms, or off", arg);
		return 0;
	case 'R':
		return runner_parse_runs(arg, BENCH_MAX_RUNS, &o->min_runs, &o->runs,
		    err);
	case 'X':
		o->mode_given = 1;
		return runner_parse_mode(arg, &o->mode, err);
	case OPT_COMMIT_SYNCS:
		return runner_parse_limit(&o->limits, "--commit-syncs", arg, err);
	case OPT_CONFIDENCE:
		return runner_parse_limit(&o->limits, "--confidence", arg, err);
	case OPT_MAX_REGRESSION:
		return runner_parse_limit(&o->limits, "--max-regression", arg, err);
	case OPT_READ_SPEEDUP:
		return runner_parse_limit(&o->limits, "--read-speedup", arg, err);
	case 'r':
		return units_parse_count(arg, RANGE_ROWS, 100000000, &o->rows, "--rows", err);
	case 's':
		return units_parse_real(arg, 0.01, 86400, &o->seconds, "--seconds", err);
	case 'y':
		return parse_sync(arg, &o->sqlite_sync, err);
	}
	return errf(err, "unknown option; see syncgate-bench --help");
}

/* Settings that make no sense together, or for this engine. */
static int
check_options(struct bench_options *o, const struct bench_plan *plan,
    int ops_given, int sync_given, char *err)
{
	int round = o->mix[0] + o->mix[1] + o->mix[2];

	if (ops_given && o->seconds > 0)
		return errf(err, "--ops and --seconds: give one or the other");
	if (o->seconds > 0)
		o->ops = 0;
	if (o->ops > 0 && o->ops < (long long)o->concurrency * round)
		return errf(err, "--ops %lld is too few for --mix %d:%d:%d at --concurrency "
		    "%d: each thread runs whole rounds of %d; expected at least %lld",
		    o->ops, o->mix[0], o->mix[1], o->mix[2], o->concurrency, round,
		    (long long)o->concurrency * round);
	if (sync_given && !bench_plan_has(plan, &sqlite_engine))
		return errf(err, "--sqlite-synchronous is for sqlite, not %s",
		    plan->engines[0]->name);
	if (o->lmdb_nosync && !bench_plan_has(plan, &lmdb_engine))
		return errf(err, "--lmdb-nosync is for lmdb, not %s",
		    plan->engines[0]->name);
	return 0;
}

/*
 * Whether -o FILE can stand for several numbered results: a name that
 * reaches a descriptor (/dev/stdout) or a device would be numbered into
 * new files beside it, /dev/stdout.1 in /dev.
 */
static int
numbered_ok(const char *out)
{
	struct stat st;

	if (path_descriptor(out) >= 0)
		return 0;
	return stat(out, &st) < 0 || S_ISREG(st.st_mode);
}

static int
parse_args(int argc, char **argv, struct bench_options *o,
    struct bench_plan *plan, char *err)
{
	static const struct option longopts[] = {
		{ "commit-syncs", required_argument, NULL, OPT_COMMIT_SYNCS },
		{ "concurrency", required_argument, NULL, 'c' },
		{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
		{ "dir", required_argument, NULL, 'd' },
		{ "lmdb-nosync", no_argument, NULL, 'L' },
		{ "max-regression", required_argument, NULL, OPT_MAX_REGRESSION },
		{ "max-samples", required_argument, NULL, 'M' },
		{ "mix", required_argument, NULL, 'm' },
		{ "mode", required_argument, NULL, 'X' },
		{ "ops", required_argument, NULL, 'n' },
		{ "probe-every", required_argument, NULL, 'P' },
		{ "read-speedup", required_argument, NULL, OPT_READ_SPEEDUP },
		{ "rows", required_argument, NULL, 'r' },
		{ "runs", required_argument, NULL, 'R' },
		{ "samples-file-over", required_argument, NULL, 'F' },
		{ "seconds", required_argument, NULL, 's' },
		{ "sqlite-synchronous", required_argument, NULL, 'y' },
		{ "value-bytes", required_argument, NULL, 'b' },
		{ NULL, 0, NULL, 0 }
	};
	char word[3];
	int c, ops_given = 0, sync_given = 0;

	memset(o, 0, sizeof *o);
	o->rows = DEFAULT_ROWS;
	o->value_bytes = DEFAULT_VALUE_BYTES;
	o->ops = DEFAULT_OPS;
	o->concurrency = DEFAULT_CONCURRENCY;
	o->mix[OP_POINT] = 5;
	o->mix[OP_RANGE] = 2;
	o->mix[OP_WRITE] = 3;
	o->sqlite_sync = BENCH_SYNC_FULL;
	o->max_samples = DEFAULT_MAX_SAMPLES;
	o->file_over = DEFAULT_FILE_OVER;
	o->runs = 1;
	o->probe_every_ns = DEFAULT_PROBE_EVERY_NS;
	runner_limits_init(&o->limits);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
		if (c == ':')
			return errf(err, "%s needs a value; see syncgate-bench --help",
			    argv[optind - 1]);
		if (c == '?')
			return errf(err, "unknown option %s; see syncgate-bench --help",
			    args_unknown(argv, optind, word));
		sync_given |= c == 'y';
		if (args_check_value(argv, optind, optarg, ":o:", longopts, err) < 0 ||
		    take(c, optarg, o, &ops_given, err) < 0)
			return -1;
	}
	if (optind != argc - 1)
		return errf(err, "expected one engine, sqlite or lmdb, or two as "
		    "lmdb,sqlite; see syncgate-bench --help");
	if (o->dir == NULL)
		return errf(err, "--dir DIR is required: the directory to run in");
	if (o->out == NULL)
		return errf(err, "-o FILE is required: where the result goes");
	if (bench_plan_make(plan, argv[optind], o->runs, o->out, err) < 0)
		return -1;
	if (plan->runs.n > 1 && !numbered_ok(o->out))
		return errf(err, "-o %s: %zu results cannot share one descriptor, "
		    "device or FIFO, nor be numbered beside it; expected -o FILE, "
		    "numbered for each run", o->out, plan->runs.n);
	if (o->min_runs > 0 && plan->nengines != 2)
		return errf(err, "--runs %lld..%lld: runs until decided gate one engine "
		    "against another; expected two engines, as lmdb,sqlite",
		    o->min_runs, o->runs);
	if (o->mode_given && o->min_runs == 0)
		return errf(err, "--mode is for --runs MIN..MAX, which gates the runs "
		    "as they come");
	if (runner_check_limits(&o->limits, o->min_runs, o->mode, err) < 0)
		return -1;
	return check_options(o, plan, ops_given, sync_given, err);
}

/*
 * Standard output or a device keeps every kind inline, so the most
 * latencies the run may keep must fit what syncgate reads of a JSON
 * document: refused before the run rather than after it.
 */
static int
check_inline(const struct bench_options *o, const struct outfile *out, char *err)
{
	long long most = 0;
	int k;

	if (out->tmp != NULL)
		return 0;
	for (k = 0; k < NOPS; k++)
		if (o->mix[k] > 0)
			most += o->max_samples;
	if (o->ops > 0 && o->ops < most)
		most = o->ops;
	if (most <= (long long)BENCH_INLINE_MAX)
		return 0;
	return errf(err, "--max-samples %lld: -o %s keeps every kind in the JSON, up "
	    "to %lld latencies, more than the %zu a result may hold inline (syncgate "
	    "reads at most %lu JSON values); expected -o FILE, where kinds past that "
	    "go to samples files, or a smaller --max-samples", o->max_samples,
	    o->out, most, BENCH_INLINE_MAX, JSON_MAX_VALUES);
}

/*
 * The result and every samples file the run may write (one a kind of the
 * mix, beside the file out replaces) must be distinct files, none a
 * directory: a link from one to another would leave the result naming
 * samples that another file overwrote.  Checked before the run, so a
 * refusal costs nothing.
 */
static int
add_outputs(struct fileset *fs, const struct bench_options *o, const char *path,
    int files, char *err)
{
	char label[ERRLEN], purpose[64], *sp;
	int k, rc;

	snprintf(label, sizeof label, "-o %s", path);
	rc = fileset_output(fs, path, label, "the result", err);
	for (k = 0; k < NOPS && rc == 0 && files; k++) {
		if (o->mix[k] == 0)
			continue;
		sp = sample_file_path(path, op_name((enum op_kind)k));
		snprintf(label, sizeof label, "the samples file %s", sp);
		snprintf(purpose, sizeof purpose, "the %s samples",
		    op_name((enum op_kind)k));
		rc = fileset_output(fs, sp, label, purpose, err);
		free(sp);
	}
	return rc;
}

static int
check_outputs(const struct bench_options *o, const struct outfile *out,
    char *err)
{
	struct fileset fs;
	int rc;

	fileset_init(&fs);
	rc = add_outputs(&fs, o, o->out, out->tmp != NULL, err);
	fileset_free(&fs);
	return rc;
}

/*
 * Every run's result and samples files, before the first run: a name
 * two runs would share (through a link) is refused before an hour of
 * runs, not after it.
 */
static int
check_plan(const struct bench_options *o, const struct bench_plan *plan,
    char *err)
{
	struct fileset fs;
	size_t i;
	int rc = 0;

	if (plan->runs.n == 1)
		return 0;
	fileset_init(&fs);
	for (i = 0; i < plan->runs.n && rc == 0; i++)
		rc = add_outputs(&fs, o, plan->runs.job[i].out, 1, err);
	fileset_free(&fs);
	return rc;
}

/* Probes the volume of DIR, before anything of ours is written there. */
static int
probe_dir(const struct bench_options *o, struct probe_record *rec, char *err)
{
	struct probe_options po;
	char perr[ERRLEN];

	probe_options_default(&po);
	po.dir = o->dir;
	if (probe_run(&po, rec, perr) < 0)
		return errf(err, "probe: %s", perr);
	return 0;
}

/*
 * Opens, loads, runs and closes the engine in its own directory, with
 * rounds of samples (by method, as the probe before) and flush counts
 * through the run into win.
 */
static int
run_engine(const struct engine_ops *e, const struct bench_options *o,
    const char *method, struct runner_window *win, struct bench_samples s[NOPS],
    double *elapsed_s, char *err)
{
	struct workdir w;
	char rerr[ERRLEN];
	uint64_t rng = 0x10adULL;
	void *db = NULL;
	int rc = -1;

	if (workdir_make(&w, o->dir, e, err) < 0)
		return -1;
	if (inrun_open(&win->ir, w.path, method, o->probe_every_ns, err) == 0 &&
	    (db = e->open(o, w.path, err)) != NULL &&
	    e->load(db, o, &rng, err) == 0 &&
	    bench_run(e, db, o, &win->ir, s, elapsed_s, err) == 0) {
		runner_window_close(win, s[OP_WRITE].ops);
		rc = 0;
	}
	inrun_close(&win->ir);
	if (db != NULL)
		e->close(db);
	if (workdir_remove(&w, rerr) < 0 && rc == 0) {
		memcpy(err, rerr, ERRLEN);
		rc = -1;
	}
	return rc;
}

/* Each operation kept with probability 1 / 2^shift, in words. */
static char *
sampling(unsigned shift, const struct bench_options *o)
{
	if (shift == 0)
		return xstrdup("every operation");
	return xasprintf("each operation kept at random with probability "
	    "1/%.0f, to stay within --max-samples %lld", ldexp(1, (int)shift),
	    o->max_samples);
}

/* What the result cannot say in its own keys: how the run was made. */
static struct result_driver *
driver(const struct engine_ops *e, const struct bench_options *o,
    double elapsed_s)
{
	struct result_driver *d = xcalloc(1, sizeof *d);

	d->rows = o->rows;
	d->value_bytes = o->value_bytes;
	d->ops = o->ops;
	d->seconds = o->seconds;
	d->mix = xasprintf("%d:%d:%d", o->mix[0], o->mix[1], o->mix[2]);
	d->settings = xstrdup(e->settings(o));
	d->probed = xstrdup(o->probe_every_ns > 0 ? "before the load, in --dir; "
	    "and in rounds through the run, in its directory (probe.series)" :
	    "before the load, in --dir");
	d->probe_every_ns = o->probe_every_ns;
	d->elapsed_s = elapsed_s;
	d->max_samples = o->max_samples;
	d->samples_file_over = o->file_over;
	return d;
}

/*
 * The run as a result: a class per kind that ran, owning the samples,
 * each saying how they were chosen; the session and the driver.
 */
static int
to_result(const struct engine_ops *e, const struct bench_options *o,
    struct bench_samples s[NOPS], struct probe_record *rec, struct runner_window *win,
    double elapsed_s, struct result *r, char *err)
{
	int k;

	memset(r, 0, sizeof *r);
	r->engine = xstrdup(e->name);
	r->version = xstrdup(e->version());
	r->workload = xasprintf("syncgate-bench %d:%d:%d", o->mix[0], o->mix[1],
	    o->mix[2]);
	r->concurrency = o->concurrency;
	probe_series_free(&rec->series);
	rec->series = win->series;
	memset(&win->series, 0, sizeof win->series);
	probe_series_free(&win->series);
	r->probe = xmalloc(sizeof *r->probe);
	*r->probe = *rec;
	probe_record_init(rec);
	/* the machine, gathered for the result itself, probe or not */
	r->host = xmalloc(sizeof *r->host);
	host_gather(r->host);
	if (o->session != NULL)
		r->session = *o->session;
	r->driver = driver(e, o, elapsed_s);
	for (k = 0; k < NOPS; k++) {
		struct result_class *c;

		if (o->mix[k] == 0)
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
		c->sampling = sampling(s[k].shift, o);
		if (k == OP_WRITE) {
			c->flushes_per_op = win->per_op.per_op;
			c->flush_count = runner_flush_count(win);
			/* a mean wait for the turn; one thread waits for no one */
			if (o->concurrency > 1)
				c->turn_wait_ns = s[k].wait_ns / (double)s[k].ops;
		}
		s[k].ns = NULL;
	}
	return 0;
}

/*
 * The result in out, its kinds of many latencies in samples_files beside
 * it, enough of them that the rest inline stay within what syncgate
 * reads (never beside standard output or a device: those keep every kind
 * inline, and check_inline saw that they fit).  The files are written
 * under temporary names, then the result naming their final names, then
 * the files renamed, and the result renamed last.  The files sit beside
 * the file written, a link's target when -o is a link, so the result
 * finds them.  On failure out is left for the caller to abort and no
 * samples file is left, unless the result is in place and names them.
 */
static int
emit(const struct bench_options *o, const struct result *r,
    struct outfile *out, char *err)
{
	struct sample_files sf;
	const char *names[NOPS] = { NULL };
	sigset_t old;
	int rc = -1, held = 0, placed = 0, k;

	sample_files_init(&sf);
	if (out->tmp != NULL &&
	    sample_files_write(&sf, r, out->path, o->file_over, err) < 0)
		goto out;
	for (k = 0; k < NOPS; k++)
		if (sf.path[k] != NULL)
			names[k] = path_base(sf.path[k]);
	if (json_print_and_delete(out->fp, result_to_json(r, names)) < 0 ||
	    fflush(out->fp) != 0) {
		errf(err, "%s:", out->path != NULL ? out->path : "standard output");
		goto out;
	}
	if (sample_files_commit(&sf, err) < 0)
		goto out;
	/*
	 * From the result's rename on, the files it names are the user's:
	 * no signal may remove them before their slots are forgotten.
	 */
	cleanup_hold(&old);
	held = 1;
	if (outfile_close_placed(out, &placed, err) == 0)
		rc = 0;
out:
	if (rc < 0 && !placed)
		sample_files_discard(&sf);
	sample_files_free(&sf);
	if (held)
		cleanup_release(&old);
	return rc;
}

/* s padded with blanks to width printed columns (µ is one column, two bytes). */
static const char *
pad(char *buf, size_t len, const char *s, size_t width)
{
	size_t n = strlen(s), w = text_width(s);

	snprintf(buf, len, "%s", s);
	while (w < width && n + 1 < len) {
		buf[n++] = ' ';
		buf[n] = '\0';
		w++;
	}
	return buf;
}

/* The rounds through the run: how they were spaced, what they cost. */
static void
tell_rounds(const struct probe_record *p, int ascii)
{
	struct window_unit u;
	char a[DURLEN], b[DURLEN], c[DURLEN], ev[DURLEN];

	window_unit(p, &u);
	if (u.thin) {
		err_warn("rounds through the run: %ld %s of %zu %s in all, too few "
		    "to bound a median (%d or more): the unit is the probe's before "
		    "the run", u.thin_rounds, u.thin_rounds == 1 ? "round" : "rounds",
		    u.thin, u.thin == 1 ? "sample" : "samples", WINDOW_MIN_SAMPLES);
		return;
	}
	if (!u.from_rounds) {
		err_warn("no rounds through the run (--probe-every off): the unit is "
		    "the probe's before the run");
		return;
	}
	err_warn("rounds through the run: %ld %s of %ld samples, one at the start, "
	    "then every %s at the end of a batch, and one at the end; median %s "
	    "(rounds' medians %s to %s); they took %.3fs of the run's %.3fs "
	    "(%.1f%%)", u.rounds->count,
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
	const struct result_class *w;
	int ascii = !units_locale_utf8();
	char a[DURLEN], b[DURLEN], padded[DURLEN], kept[64];
	/* the widths the columns had: a class name of 10, 6 digits, 8 columns */
	size_t i, nw = 10, cw = 6, pw = 8;

	err_warn("%s %s (%s): %lld rows; %s in %.2fs at concurrency %d", r->engine,
	    r->version, e->settings(o), o->rows, r->workload, elapsed_s, o->concurrency);
	err_warn("probe of %s: %s median %s, reaches a device: %s", o->dir,
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
		err_warn("  %-*s %*lld ops  p50 %s  p99 %s%s", (int)nw, c->name,
		    (int)cw, c->count, pad(padded, sizeof padded, a, pw), b, kept);
	}
	tell_rounds(p, ascii);
	if (o->mix[OP_WRITE] == 0)
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
	struct bench_samples s[NOPS];
	struct probe_record rec;
	struct outfile out;
	struct result r;
	struct runner_window *win = xcalloc(1, sizeof *win);
	double elapsed_s = NAN;
	size_t i;
	int k, rc = -1;

	memset(s, 0, sizeof s);
	probe_series_free(&win->series);
	memset(&r, 0, sizeof r);
	probe_record_init(&rec);
	if (runner_check_dir(o->dir, err) < 0 || outfile_open(&out, o->out, err) < 0) {
		free(win);
		return -1;
	}
	if (check_inline(o, &out, err) < 0 || check_outputs(o, &out, err) < 0) {
		outfile_abort(&out);
		free(win);
		return -1;
	}
	if (probe_dir(o, &rec, err) < 0 ||
	    run_engine(e, o, rec.method, win, s, &elapsed_s, err) < 0) {
		outfile_abort(&out);
		goto out;
	}
	if (o->session != NULL)
		runner_ended(o->session);
	if (to_result(e, o, s, &rec, win, elapsed_s, &r, err) < 0 ||
	    emit(o, &r, &out, err) < 0) {
		outfile_abort(&out);
		goto out;
	}
	/* written as kept; sorted for the summary's p50 and p99 */
	for (i = 0; i < r.nclasses; i++)
		result_class_quantiles(&r.classes[i]);
	tell(e, &r, o, win, elapsed_s);
	rc = 0;
out:
	for (k = 0; k < NOPS; k++)
		free(s[k].ns);
	probe_record_free(&rec);
	probe_series_free(&win->series);
	free(win);
	result_free(&r);
	return rc;
}

/* One run of the plan: the engine, its file, the session stamped. */
struct bench_ctx {
	const struct bench_options *given;
	const struct bench_plan *plan;
};

static int
bench_one(void *ctx, const struct runner_job *j, struct result_session *s,
    char *err)
{
	const struct bench_ctx *x = ctx;
	struct bench_options o = *x->given;
	const struct engine_ops *e = x->plan->engines[j->engine];

	o.engine = e->name;
	o.out = j->out;
	o.session = s;
	return bench(e, &o, err);
}

/*
 * The plan's runs in the runner's order, each result carrying the
 * invocation's session and its run's number among its engine's.  A run
 * that fails stops the rest; the results already written are whole and
 * stay, and the message says which run, and that their set is cut short:
 * consumers never pool its runs with another session's (model/runs.h).
 */
static int
bench_all(const struct bench_options *given, struct bench_plan *plan,
    int *status, char *err)
{
	struct bench_ctx x = { given, plan };
	struct runner_seq seq;
	char *verdict;
	long long done;
	int rc;

	*status = EXIT_PASS;
	if (runner_check_dir(given->dir, err) < 0 || check_plan(given, plan, err) < 0)
		return -1;
	if (given->min_runs == 0)
		return runner_go(&plan->runs, bench_one, &x, err);
	/* runs until decided: a look after each round from MIN on */
	runner_seq_init(&seq, given->min_runs, given->runs, given->mode,
	    &given->limits);
	verdict = runner_beside(given->out, ".verdict.json");
	runner_seq_stamp(&seq, &plan->runs.session);
	rc = runner_go_looking(&plan->runs, bench_one, &x, given->min_runs,
	    runner_seq_look, &seq, &done, err) == 0 &&
	    runner_seq_finish(&seq, verdict, status, err) == 0 ? 0 : -1;
	free(verdict);
	runner_seq_free(&seq);
	return rc;
}

int
main(int argc, char **argv)
{
	struct bench_options o;
	struct bench_plan plan;
	char err[ERRLEN];
	int rc = EXIT_PASS;

	setlocale(LC_ALL, "");
	signal(SIGPIPE, SIG_IGN);
	err_setprog("syncgate-bench");
	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		usage(stdout);
		return outfile_shut(stdout, "standard output");
	}
	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf("syncgate-bench %s (SQLite %s, LMDB %s)\n", SYNCGATE_VERSION,
		    sqlite_engine.version(), lmdb_engine.version());
		return outfile_shut(stdout, "standard output");
	}
	memset(&plan, 0, sizeof plan);
	if (parse_args(argc, argv, &o, &plan, err) < 0 ||
	    bench_all(&o, &plan, &rc, err) < 0) {
		err_warn("%s", err);
		rc = EXIT_TROUBLE;
	}
	bench_plan_free(&plan);
	return rc;
}
