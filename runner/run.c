/* SPDX-License-Identifier: MIT */
/*
 * `syncgate run`: any benchmark command run as syncgate-bench runs its
 * engines.  The volume is probed once, before anything runs; then each
 * engine's command runs --runs times in a balanced order, each run in a
 * fresh directory on the volume, bracketed by a round of probe samples
 * just before and just after it (the command not running), with the
 * disks' flush requests counted over it; its output is imported and
 * written as one syncgate-result per run, with the session, the host,
 * the brackets as the probe's series and the writes' flushes a commit.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import/import.h"
#include "lib/args.h"
#include "lib/cleanup.h"
#include "lib/err.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/path.h"
#include "lib/stats.h"
#include "lib/units.h"
#include "probe/host.h"
#include "probe/probe.h"
#include "runner/command.h"
#include "runner/run.h"
#include "runner/runner.h"
#include "runner/sequential.h"
#include "runner/window.h"

#define DEFAULT_RUNS 3
/*
 * A round through the command this often, as syncgate-bench's default:
 * six db_bench runs under a busy neighbour spread 1.21x in syncs with
 * these rounds, 1.91x with the brackets alone (bench/run-engines.sh).
 */
#define DEFAULT_PROBE_EVERY_NS 200e6
#define MAX_RUNS 10000
/* Lines of a failed command's standard error repeated on ours. */
#define TAIL_LINES 5

/* One --engine and what follows it. */
struct engine {
	struct import_request q;
	const char *cmd;
	const char *setup;      /* run before the window opens, or NULL */
	const char *teardown;   /* run after it closes, whatever happened */
	int result;             /* --import result: the command writes one */
};

struct run_args {
	struct engine e[RUNNER_MAX_ENGINES];
	size_t n;
	long long runs;             /* --runs K, or MAX of MIN..MAX */
	long long min_runs;         /* MIN of MIN..MAX; 0: --runs K */
	enum gate_mode mode;        /* --mode: how MIN..MAX gates */
	int mode_given;
	struct runner_limits limits;    /* the gate's limits MIN..MAX rules by */
	const char *dir;
	const char *out;
	double every_ns;        /* --probe-every; 0: brackets only */
};

/* The gate's limits, named as syncgate gate names them. */
enum {
	OPT_COMMIT_SYNCS = 256, OPT_CONFIDENCE, OPT_MAX_REGRESSION, OPT_READ_SPEEDUP
};

/* What every run shares, and what the last one left. */
struct run_ctx {
	const struct run_args *a;
	struct probe_record probe;      /* the volume, before the first run */
	int status;                     /* a command's non-zero status, or 0 */
};

void
run_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: syncgate run [--runs K|MIN..MAX] [--mode rival|baseline] [--dir DIR]\n"
	    "                    [--max-regression PCT] [--read-speedup X]\n"
	    "                    [--commit-syncs N] [--confidence LEVEL]\n"
	    "                    [--probe-every DURATION|off] -o FILE\n"
	    "                    --engine NAME --import FORMAT [--kind KIND] [--unit UNIT]\n"
	    "                    [--workload NAME] [--setup COMMAND] --cmd COMMAND\n"
	    "                    [--teardown COMMAND]\n"
	    "                    [--engine NAME2 --import FORMAT ... --cmd COMMAND2 ...]\n"
	    "\n"
	    "Runs each engine's benchmark command K times, the engines in a balanced\n"
	    "order (ABBA for two, shuffled rounds for more), and writes one\n"
	    "syncgate-result/1 per run: FILE with the engine and the run's number\n"
	    "before its extension (r.json gives r.NAME.1.json).  DIR's volume is\n"
	    "probed once before the first run; each run has a fresh directory inside\n"
	    "DIR, removed afterwards, and a round of probe samples on that volume just\n"
	    "before and just after the command (which then is not running), the unit\n"
	    "of its writes; the disks' flush requests are counted over the run and\n"
	    "shared out over the write classes' operations (flushes a commit).  Each\n"
	    "result carries the invocation's session, the run's place, start and end,\n"
	    "and the host, so that runs of two invocations never pool as one set.\n"
	    "\n"
	    "  --engine NAME     a name for the engine (letters, digits, '.', '_', '-'),\n"
	    "                    in the results and their file names; the options up to\n"
	    "                    the next --engine are its\n"
	    "  --cmd COMMAND     the benchmark, run by /bin/sh -c with standard input\n"
	    "                    empty and these in its environment:\n"
	    "                      SYNCGATE_DIR     the run's fresh directory, on DIR's\n"
	    "                                       volume, removed afterwards\n"
	    "                      SYNCGATE_OUTPUT  a file the command may write its\n"
	    "                                       tool's output to; if it does not,\n"
	    "                                       its standard output is imported\n"
	    "                      SYNCGATE_RESULT  with --import result: where the\n"
	    "                                       command writes a syncgate-result\n"
	    "                      SYNCGATE_ENGINE  the engine's NAME\n"
	    "                      SYNCGATE_RUN     the run's number, 1 to K\n"
	    "  --setup COMMAND   run before each run's window opens (a server started,\n"
	    "                    a table loaded), in the same directory and environment,\n"
	    "                    its output to FILE's stem with .setup; its writes and\n"
	    "                    flushes are not the run's\n"
	    "  --teardown COMMAND\n"
	    "                    run after the window closes, even when the command\n"
	    "                    failed or a signal came (a server stopped); its output\n"
	    "                    to .teardown\n"
	    "  --import FORMAT   what the output is: an import format (syncgate import\n"
	    "                    --help) or result (a syncgate-result, as syncgate-bench\n"
	    "                    writes: its own probe rounds and flush counts are kept)\n"
	    "  --kind, --unit, --workload\n"
	    "                    as syncgate import takes them, for this engine\n"
	    "  --probe-every DURATION\n"
	    "                    also a round every DURATION through the command (10ms\n"
	    "                    to 3600s; default 200ms; off: the two brackets only),\n"
	    "                    its process group stopped (SIGSTOP) for the round and\n"
	    "                    continued after: an operation in flight then takes\n"
	    "                    the round's few syncs longer, and the time paused is\n"
	    "                    stated\n"
	    "  --runs K          runs of each engine (default %d; 1 to %d)\n",
	    DEFAULT_RUNS, MAX_RUNS);
	fprintf(fp,
	    "  --runs MIN..MAX   runs until decided (two engines, 2 <= MIN <= MAX): after\n"
	    "                    MIN runs of each and after each round past it, the\n"
	    "                    first engine is gated against the second; the runs stop\n"
	    "                    once the verdict is decided (a check fails, or every\n"
	    "                    check passes or fails), or at MAX.  Each look\n"
	    "                    is at its share of --confidence (Lan-DeMets\n"
	    "                    Pocock-type alpha spending), so the error at a limit\n"
	    "                    holds whatever the look that stops.  The verdict goes\n"
	    "                    to FILE's stem with .verdict.json and as text to\n"
	    "                    standard output, with how many runs it took and why\n"
	    "                    it stopped\n"
	    "  --mode MODE       how MIN..MAX gates: rival (default; the first engine\n"
	    "                    is ours, the second the rival) or baseline (the first\n"
	    "                    is new, the second the baseline)\n");
	fprintf(fp,
	    "  --max-regression PCT\n"
	    "                    with MIN..MAX and --mode baseline: the new engine at\n"
	    "                    most PCT slower, as syncgate gate takes it (default 5%%)\n"
	    "  --read-speedup X  with MIN..MAX in rival mode: reads at least X times\n"
	    "                    faster than the rival (default 10)\n"
	    "  --commit-syncs N  with MIN..MAX in rival mode: our write p50 at most N\n"
	    "                    syncs, and at most N device flushes a commit where both\n"
	    "                    sides counted them (default 2)\n"
	    "  --confidence LEVEL\n"
	    "                    with MIN..MAX: the level the looks share (default 95%%)\n");
	fprintf(fp,
	    "  --dir DIR         where the runs' directories go, on the volume to measure\n"
	    "                    (default: the current directory)\n"
	    "  -o FILE           the results' name; beside each result, FILE's stem with\n"
	    "                    .stdout and .stderr (the command's) and .output\n"
	    "                    (SYNCGATE_OUTPUT, where written)\n"
	    "\n"
	    "A command that exits non-zero stops the invocation: its last lines of\n"
	    "standard error are repeated, the results already written stay, a set cut\n"
	    "short (the gate refuses to pool it with another invocation's), and syncgate\n"
	    "run exits with the command's status.  SIGINT, SIGTERM and SIGHUP are passed\n"
	    "to the command, which is waited for, and stop the invocation the same way.\n"
	    "\n"
	    "exit status: 0 every run written (with MIN..MAX: and the verdict passed or\n"
	    "could not rule), 1 the verdict of MIN..MAX failed, 2 trouble (usage, DIR,\n"
	    "the probe, an output that does not import, a write error), a failed\n"
	    "command's own status, 128+N after signal N\n");
}

/* A name that is safe inside a file name and in a table's column. */
static int
check_name(const char *s, char *err)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == '_' ||
		    s[i] == '-'))
			break;
	if (i == 0 || s[i] != '\0' || s[0] == '.' || i > 64)
		return errf(err, "--engine %s; expected a name of 1 to 64 letters, "
		    "digits, '.', '_' or '-', not starting with '.'", s);
	return 0;
}

/* The engine the options given so far belong to. */
static struct engine *
current(struct run_args *a, const char *opt, char *err)
{
	if (a->n == 0) {
		errf(err, "%s comes before any --engine; expected --engine NAME "
		    "first, then its --import and --cmd", opt);
		return NULL;
	}
	return &a->e[a->n - 1];
}

static int
once(const char **slot, const char *v, const char *engine, const char *opt,
    char *err)
{
	if (*slot != NULL)
		return errf(err, "%s given twice for engine %s; expected one", opt,
		    engine);
	*slot = v;
	return 0;
}

static int
take(int c, const char *v, struct run_args *a, char *err)
{
	struct engine *e;

	switch (c) {
	case 'E':
		if (a->n == RUNNER_MAX_ENGINES)
			return errf(err, "more than %d engines", RUNNER_MAX_ENGINES);
		if (check_name(v, err) < 0)
			return -1;
		a->e[a->n++].q.engine = v;
		return 0;
	case 'R':
		return runner_parse_runs(v, MAX_RUNS, &a->min_runs, &a->runs, err);
	case 'M':
		a->mode_given = 1;
		return runner_parse_mode(v, &a->mode, err);
	case OPT_COMMIT_SYNCS:
		return runner_parse_limit(&a->limits, "--commit-syncs", v, err);
	case OPT_CONFIDENCE:
		return runner_parse_limit(&a->limits, "--confidence", v, err);
	case OPT_MAX_REGRESSION:
		return runner_parse_limit(&a->limits, "--max-regression", v, err);
	case OPT_READ_SPEEDUP:
		return runner_parse_limit(&a->limits, "--read-speedup", v, err);
	case 'P':
		a->every_ns = 0;
		if (strcmp(v, "off") == 0)
			return 0;
		if (units_parse_duration(v, INRUN_MIN_EVERY_NS, INRUN_MAX_EVERY_NS, 1e9,
		    &a->every_ns, "--probe-every", err) < 0)
			return errf(err, "--probe-every: %s; expected a duration from 10ms "
			    "to 3600s, such as 200ms, or off", v);
		return 0;
	case 'd':
		a->dir = v;
		return 0;
	case 'o':
		a->out = v;
		return 0;
	}
	if ((e = current(a, c == 'c' ? "--cmd" : c == 'i' ? "--import" :
	    c == 'k' ? "--kind" : c == 'u' ? "--unit" : c == 'S' ? "--setup" :
	    c == 'T' ? "--teardown" : "--workload", err)) == NULL)
		return -1;
	switch (c) {
	case 'S':
		return once(&e->setup, v, e->q.engine, "--setup", err);
	case 'T':
		return once(&e->teardown, v, e->q.engine, "--teardown", err);
	case 'c':
		return once(&e->cmd, v, e->q.engine, "--cmd", err);
	case 'i':
		return once(&e->q.format, v, e->q.engine, "--import", err);
	case 'k':
		return once(&e->q.kind, v, e->q.engine, "--kind", err);
	case 'u':
		return once(&e->q.unit, v, e->q.engine, "--unit", err);
	default:
		return once(&e->q.workload, v, e->q.engine, "--workload", err);
	}
}

/* Each engine whole: a command, and an output syncgate can import. */
static int
check_engines(struct run_args *a, char *err)
{
	char why[ERRLEN];
	size_t i;

	if (a->n == 0)
		return errf(err, "no --engine given; expected --engine NAME --import "
		    "FORMAT --cmd COMMAND for each engine; see syncgate run --help");
	for (i = 0; i < a->n; i++) {
		struct engine *e = &a->e[i];

		if (e->cmd == NULL || e->q.format == NULL)
			return errf(err, "engine %s: %s is required; expected --engine "
			    "NAME --import FORMAT --cmd COMMAND", e->q.engine,
			    e->cmd == NULL ? "--cmd COMMAND" : "--import FORMAT");
		e->result = strcmp(e->q.format, "result") == 0;
		if (e->result && (e->q.kind || e->q.unit || e->q.workload))
			return errf(err, "engine %s: --kind, --unit and --workload are "
			    "for an import format; a result says them itself",
			    e->q.engine);
		if (!e->result && import_check(&e->q, why) < 0)
			return errf(err, "engine %s: --import %s", e->q.engine, why);
	}
	return 0;
}

static int
parse_args(int argc, char **argv, struct run_args *a, int *help, char *err)
{
	static const struct option longopts[] = {
		{ "cmd", required_argument, NULL, 'c' },
		{ "commit-syncs", required_argument, NULL, OPT_COMMIT_SYNCS },
		{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
		{ "dir", required_argument, NULL, 'd' },
		{ "engine", required_argument, NULL, 'E' },
		{ "help", no_argument, NULL, 'h' },
		{ "import", required_argument, NULL, 'i' },
		{ "kind", required_argument, NULL, 'k' },
		{ "max-regression", required_argument, NULL, OPT_MAX_REGRESSION },
		{ "mode", required_argument, NULL, 'M' },
		{ "probe-every", required_argument, NULL, 'P' },
		{ "read-speedup", required_argument, NULL, OPT_READ_SPEEDUP },
		{ "runs", required_argument, NULL, 'R' },
		{ "setup", required_argument, NULL, 'S' },
		{ "teardown", required_argument, NULL, 'T' },
		{ "unit", required_argument, NULL, 'u' },
		{ "workload", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 }
	};
	char word[3];
	int c;

	memset(a, 0, sizeof *a);
	a->runs = DEFAULT_RUNS;
	a->every_ns = DEFAULT_PROBE_EVERY_NS;
	a->dir = ".";
	runner_limits_init(&a->limits);
	*help = 0;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		if (c == 'h') {
			*help = 1;
			return 0;
		}
		if (c == ':')
			return errf(err, "%s needs a value; see syncgate run --help",
			    argv[optind - 1]);
		if (c == '?')
			return errf(err, "unknown option %s; see syncgate run --help",
			    args_unknown(argv, optind, word));
		if (args_check_value(argv, optind, optarg, ":ho:", longopts, err) < 0 ||
		    take(c, optarg, a, err) < 0)
			return -1;
	}
	if (optind != argc)
		return errf(err, "%s: unexpected; the commands go in --cmd; see "
		    "syncgate run --help", argv[optind]);
	if (a->out == NULL)
		return errf(err, "-o FILE is required: the results' name");
	if (strcmp(a->out, "-") == 0 || path_descriptor(a->out) >= 0)
		return errf(err, "-o %s: each run is a file of its own; expected -o "
		    "FILE, numbered for each run", a->out);
	if (a->min_runs > 0 && a->n != 2)
		return errf(err, "--runs %lld..%lld gates the first engine against "
		    "the second; expected two engines, %zu given", a->min_runs,
		    a->runs, a->n);
	if (a->mode_given && a->min_runs == 0)
		return errf(err, "--mode is how --runs MIN..MAX gates; expected "
		    "--runs MIN..MAX with it");
	if (runner_check_limits(&a->limits, a->min_runs, a->mode, err) < 0)
		return -1;
	return check_engines(a, err);
}


/* A run's files and directory. */
struct run_files {
	char *dir, *stdout_path, *stderr_path, *output, *result, *setup, *teardown;
};

static void
files_free(struct run_files *f)
{
	free(f->dir);
	free(f->stdout_path);
	free(f->stderr_path);
	free(f->output);
	free(f->result);
	free(f->setup);
	free(f->teardown);
}

/* The fresh directory of the run, DIR/syncgate-run.NAME.PID.XXXXXX. */
static int
make_dir(struct run_files *f, const char *dir, const char *name, char *err)
{
	f->dir = xasprintf("%s/syncgate-run.%s.%ld.XXXXXX", dir, name,
	    (long)getpid());
	if (mkdtemp(f->dir) == NULL) {
		errf(err, "--dir %s: cannot make the run's directory there:", dir);
		free(f->dir);
		f->dir = NULL;
		return -1;
	}
	return 0;
}

/*
 * The output of the run as a result: the imported one, or the one the
 * command wrote (its engine named as the run names it).
 */
static int
load_output(const struct engine *e, const struct run_files *f,
    struct result *r, int *own_output, char *err)
{
	struct import_notes notes = { NULL, 0, 0 };
	struct stat st;
	const char *from;
	char *buf = NULL;
	size_t len, i;
	int rc;

	if (e->result) {
		if (result_load(f->result, r, err) < 0)
			return -1;
		free(r->engine);
		r->engine = xstrdup(e->q.engine);
		*own_output = 1;
		return 0;
	}
	*own_output = stat(f->output, &st) == 0;
	from = *own_output ? f->output : f->stdout_path;
	if (import_read(from, &buf, &len, err) < 0)
		return -1;
	rc = import_text(&e->q, buf, len, from, r, &notes, err);
	for (i = 0; rc == 0 && i < notes.n; i++)
		err_warn("%s: %s", from, notes.lines[i]);
	free(buf);
	import_notes_free(&notes);
	return rc;
}

/* Whether the result's write classes carry their own flush counts. */
static int
has_counts(const struct result *r)
{
	size_t i;

	for (i = 0; i < r->nclasses; i++)
		if (r->classes[i].kind == KIND_WRITE &&
		    (r->classes[i].flush_count != NULL ||
		    !isnan(r->classes[i].flushes_per_op)))
			return 1;
	return 0;
}

/*
 * The rounds' placement: the brackets alone, spaced by the command's
 * length; or with rounds through it, the command paused, spaced as
 * --probe-every says.  With rounds through it, the writes each round
 * stands for are not known (only their total): each sample counts once,
 * the rounds being evenly spaced in time.
 */
static void
place_rounds(struct probe_rounds *r, const struct command_outcome *oc,
    double every_ns)
{
	if (oc->pauses == 0) {
		r->placement = ROUNDS_BRACKETS;
		r->every_ns = fmax(1, oc->elapsed_s * 1e9);
		return;
	}
	r->placement = ROUNDS_PAUSED;
	r->every_ns = every_ns;
	free(r->ops);
	r->ops = NULL;
}

/*
 * What the runner adds: the probe before the runs with the brackets as
 * its series (unless the result brought its own rounds), the flushes a
 * write (unless it counted its own), the host, the session and how the
 * run was made.
 */
static void
complete(struct run_ctx *x, const struct engine *e, const struct run_files *f,
    const struct command_outcome *oc, struct runner_window *w,
    const struct result_session *s, int own_output, struct result *r)
{
	int own_rounds = r->probe != NULL && r->probe->series.rounds.present;

	if (!own_rounds) {
		if (r->probe != NULL) {
			probe_record_free(r->probe);
			free(r->probe);
		}
		r->probe = xmalloc(sizeof *r->probe);
		probe_record_copy(r->probe, &x->probe);
		probe_series_free(&r->probe->series);
		r->probe->series = w->series;
		memset(&w->series, 0, sizeof w->series);
		place_rounds(&r->probe->series.rounds, oc, x->a->every_ns);
	}
	if (!has_counts(r))
		runner_window_apply(w, r);
	if (r->host != NULL) {
		result_host_free(r->host);
		free(r->host);
	}
	r->host = xmalloc(sizeof *r->host);
	host_gather(r->host);
	r->session = *s;
	r->command = xcalloc(1, sizeof *r->command);
	r->command->command = xstrdup(e->cmd);
	r->command->import = xstrdup(e->q.format);
	r->command->stdout_file = xstrdup(path_base(f->stdout_path));
	r->command->stderr_file = xstrdup(path_base(f->stderr_path));
	if (own_output)
		r->command->output_file = xstrdup(path_base(e->result ? f->result :
		    f->output));
	r->command->probed = xstrdup(own_rounds ? "by the command's own harness "
	    "(its probe and rounds kept); the runner's brackets not used" :
	    "once in --dir before the first run; and in a round just before and "
	    "one just after the command, in the run's directory (probe.series)");
	r->command->elapsed_s = oc->elapsed_s;
}

/* The result in j->out, atomically, every class inline. */
static int
emit(const char *path, const struct result *r, char *err)
{
	struct outfile out;

	if (outfile_open(&out, path, err) < 0)
		return -1;
	if (json_print_and_delete(out.fp, result_to_json(r, NULL)) < 0) {
		errf(err, "%s:", path);
		outfile_abort(&out);
		return -1;
	}
	return outfile_close(&out, err);
}

/*
 * The run's lines on standard error: time, classes, brackets, flushes
 * (the result's own where it brought them: the window's then spans the
 * harness's load and probe too).
 */
static void
tell(const struct result *r, const struct command_outcome *oc,
    const struct runner_window *w, int own_rounds, int own_counts)
{
	size_t i;

	const struct probe_series *s = &r->probe->series;
	int ascii = !units_locale_utf8();
	char a[DURLEN], b[DURLEN];

	err_warn("%s: the command took %.2fs; %zu classes imported", r->engine,
	    oc->elapsed_s, r->nclasses);
	if (!own_rounds && s->n >= 2 * INRUN_PER_ROUND)
		err_warn("  brackets: a sync before the run %s, after it %s (medians "
		    "of %d samples each)", units_fmt_duration(a, sizeof a,
		    stats_median(s->samples_ns, INRUN_PER_ROUND), ascii),
		    units_fmt_duration(b, sizeof b, stats_median(s->samples_ns +
		    s->n - INRUN_PER_ROUND, INRUN_PER_ROUND), ascii), INRUN_PER_ROUND);
	if (!own_rounds && oc->pauses > 0)
		err_warn("  %ld rounds through the command, every %s; all rounds' median %s: "
		    "the command was paused %.3fs of its %.3fs (%.1f%%)", oc->pauses,
		    units_fmt_duration(a, sizeof a, s->rounds.every_ns, ascii),
		    units_fmt_duration(b, sizeof b, s->median_ns, ascii), oc->paused_s,
		    oc->elapsed_s, 100 * oc->paused_s / oc->elapsed_s);
	if (runner_write_ops(r) == 0)
		return;
	if (!own_counts) {
		runner_tell_flushes(w);
		return;
	}
	for (i = 0; i < r->nclasses; i++)
		if (r->classes[i].kind == KIND_WRITE && isnan(r->classes[i].flushes_per_op))
			err_warn("device flushes a commit: %s not counted (its result "
			    "says why)", r->classes[i].name);
		else if (r->classes[i].kind == KIND_WRITE)
			err_warn("device flushes a commit: %s %.2f, the command's own "
			    "count", r->classes[i].name, r->classes[i].flushes_per_op);
}

/* After a command that failed: its status and last words. */
static int
failed(struct run_ctx *x, const char *what, const char *log,
    const struct command_outcome *oc, char *err)
{
	char tail[1024], *line, *save = NULL;

	x->status = oc->status;
	command_tail(log, TAIL_LINES, tail, sizeof tail);
	for (line = strtok_r(tail, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		err_warn("  %s: %s", path_base(log), line);
	if (oc->signal != 0)
		return errf(err, "%s was ended by signal %d (its output: %s)", what,
		    oc->signal, log);
	return errf(err, "%s exited with status %d (its output: %s)", what,
	    oc->status, log);
}

/*
 * Runs --setup or --teardown (what, into log) in the run's directory and
 * environment; 0, or -1 with err set when it could not run or failed.
 */
static int
helper(struct run_ctx *x, const char *what, const char *cmd, const char *log,
    const struct command_env *env, int shielded, char *err)
{
	struct command_spec spec = { cmd, log, log, env, shielded, 0, NULL, NULL };
	struct command_outcome oc;

	if (command_run(&spec, &oc, err) < 0)
		return -1;
	if (oc.status == 0)
		return 0;
	if (runner_signal != 0 && !shielded)
		return errf(err, "stopped");
	return failed(x, what, log, &oc, err);
}

/* A round through the command, its process group stopped (command_run). */
static int
pause_round(void *ctx, char *err)
{
	struct runner_window *w = ctx;

	return inrun_round(&w->ir, 0, err) < 0 ? -1 : 0;
}

/*
 * One run of one engine: its directory, --setup, the window (a bracket
 * round, the command, the output imported, a bracket round), --teardown,
 * the result written; the directory removed whatever happened.
 */
static int
run_one(void *ctx, const struct runner_job *j, struct result_session *s,
    char *err)
{
	struct run_ctx *x = ctx;
	const struct engine *e = &x->a->e[j->engine];
	struct runner_window *w = xcalloc(1, sizeof *w);
	struct run_files f;
	struct command_outcome oc;
	struct result r;
	char run[32], rerr[ERRLEN];
	struct command_env env[] = {
		{ "SYNCGATE_DIR", NULL }, { "SYNCGATE_OUTPUT", NULL },
		{ "SYNCGATE_ENGINE", e->q.engine }, { "SYNCGATE_RUN", run },
		{ e->result ? "SYNCGATE_RESULT" : NULL, NULL }, { NULL, NULL }
	};
	struct command_spec spec;
	int rc = -1, own_output = 0, open_w = 0, own_rounds, own_counts, pending = 0;
	long long writes;

	memset(&r, 0, sizeof r);
	memset(&f, 0, sizeof f);
	r.concurrency = -1;
	snprintf(run, sizeof run, "%lld", j->index);
	f.stdout_path = runner_beside(j->out, ".stdout");
	f.stderr_path = runner_beside(j->out, ".stderr");
	f.output = runner_beside(j->out, ".output");
	f.result = runner_beside(j->out, ".output.json");
	f.setup = runner_beside(j->out, ".setup");
	f.teardown = runner_beside(j->out, ".teardown");
	/* a file an earlier invocation left would pass for this run's output */
	if ((unlink(f.output) < 0 && errno != ENOENT) ||
	    (unlink(f.result) < 0 && errno != ENOENT)) {
		errf(err, "%s:", errno == ENOENT ? f.result : f.output);
		goto out;
	}
	if (make_dir(&f, x->a->dir, e->q.engine, err) < 0)
		goto out;
	env[0].value = f.dir;
	env[1].value = f.output;
	env[4].value = f.result;
	pending = e->teardown != NULL;
	if (e->setup != NULL &&
	    helper(x, "--setup", e->setup, f.setup, env, 0, err) < 0)
		goto out;
	spec.command = e->cmd;
	spec.stdout_path = f.stdout_path;
	spec.stderr_path = f.stderr_path;
	spec.env = env;
	spec.shielded = 0;
	spec.every_ns = x->a->every_ns;
	spec.pause = pause_round;
	spec.ctx = w;
	open_w = 1;
	if (inrun_open(&w->ir, f.dir, x->probe.method, 1, err) < 0)
		goto out;
	inrun_begin(&w->ir);
	if (inrun_round(&w->ir, 0, err) < 0 || runner_signal != 0 ||
	    command_run(&spec, &oc, err) < 0)
		goto out;
	if (oc.status != 0 || runner_signal != 0) {
		if (runner_signal == 0)
			failed(x, "the command", f.stderr_path, &oc, err);
		goto out;
	}
	if (oc.pause_failed) {
		errf(err, "a round during the command: %s", oc.pause_err);
		goto out;
	}
	if (load_output(e, &f, &r, &own_output, err) < 0)
		goto out;
	writes = runner_write_ops(&r);
	if (inrun_round(&w->ir, (double)writes, err) < 0)
		goto out;
	runner_ended(s);
	inrun_end(&w->ir, (double)writes);
	runner_window_close(w, writes);
	if (pending) {
		pending = 0;
		if (helper(x, "--teardown", e->teardown, f.teardown, env, 1, err) < 0)
			goto out;
	}
	own_rounds = r.probe != NULL && r.probe->series.rounds.present;
	own_counts = has_counts(&r);
	complete(x, e, &f, &oc, w, s, own_output, &r);
	if (emit(j->out, &r, err) < 0)
		goto out;
	tell(&r, &oc, w, own_rounds, own_counts);
	rc = 0;
out:
	if (open_w)
		inrun_close(&w->ir);
	/* a server the setup started is stopped, whatever stopped the run */
	if (pending &&
	    helper(x, "--teardown", e->teardown, f.teardown, env, 1, rerr) < 0)
		err_warn("%s", rerr);
	probe_series_free(&w->series);
	if (f.dir != NULL && command_remove_tree(f.dir, rerr) < 0 && rc == 0) {
		memcpy(err, rerr, ERRLEN);
		rc = -1;
	}
	free(w);
	files_free(&f);
	result_free(&r);
	return rc;
}

/*
 * -o FILE's directory must take the results and the files beside them,
 * checked before the probe and the first run rather than after a run.
 */
static int
check_out_dir(const char *out, char *err)
{
	char *dir = path_dir(out), why[ERRLEN];
	int rc = 0;

	if (runner_check_dir(dir, why) < 0)
		rc = errf(err, "-o %s: %s", out, why + strlen("--dir "));
	free(dir);
	return rc;
}

static int
go(const struct run_args *a, char *err)
{
	const char *names[RUNNER_MAX_ENGINES];
	struct runner_plan plan;
	struct probe_options po;
	struct run_ctx x;
	struct runner_seq seq;
	char perr[ERRLEN], dur[DURLEN], *verdict = NULL;
	size_t i;
	long long done;
	int rc = EXIT_TROUBLE, ok;

	err[0] = '\0';
	runner_seq_init(&seq, a->min_runs, a->runs, a->mode, &a->limits);
	memset(&x, 0, sizeof x);
	memset(&plan, 0, sizeof plan);
	x.a = a;
	probe_record_init(&x.probe);
	for (i = 0; i < a->n; i++)
		names[i] = a->e[i].q.engine;
	if (runner_check_dir(a->dir, err) < 0 || check_out_dir(a->out, err) < 0 ||
	    runner_plan_make(&plan, names, a->n, a->runs, a->out, 1, err) < 0)
		goto out;
	cleanup_install();
	runner_catch();
	probe_options_default(&po);
	po.dir = a->dir;
	po.stop = &runner_signal;
	if (probe_run(&po, &x.probe, perr) < 0) {
		errf(err, "probe: %s", perr);
		if (runner_signal != 0)
			rc = 128 + runner_signal;
		goto out;
	}
	err_warn("probe of %s before the runs: %s median %s, reaches a device: %s; "
	    "%s%lld runs of each of %zu engines, session %s", a->dir,
	    x.probe.method != NULL ? x.probe.method : "sync",
	    units_fmt_duration(dur, sizeof dur, x.probe.median_ns,
	    !units_locale_utf8()), reach_name(x.probe.reaches),
	    a->min_runs > 0 ? "up to " : "", a->runs, a->n, plan.session.id);
	if (a->min_runs > 0) {
		verdict = runner_beside(a->out, ".verdict.json");
		runner_seq_stamp(&seq, &plan.session);
		ok = runner_go_looking(&plan, run_one, &x, a->min_runs,
		    runner_seq_look, &seq, &done, err) == 0 &&
		    runner_seq_finish(&seq, verdict, &rc, err) == 0;
	} else if ((ok = runner_go(&plan, run_one, &x, err) == 0))
		rc = EXIT_PASS;
	if (!ok)
		rc = runner_signal != 0 ? 128 + runner_signal :
		    x.status != 0 ? x.status : EXIT_TROUBLE;
out:
	free(verdict);
	runner_seq_free(&seq);
	runner_plan_free(&plan);
	probe_record_free(&x.probe);
	return rc;
}

int
run_main(int argc, char **argv)
{
	struct run_args a;
	char err[ERRLEN];
	int help, rc;

	if (parse_args(argc, argv, &a, &help, err) < 0) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	if (help) {
		run_usage(stdout);
		return outfile_shut(stdout, "standard output");
	}
	rc = go(&a, err);
	if (err[0] != '\0')
		err_warn("%s", err);
	return rc;
}
