/* SPDX-License-Identifier: MIT */
/* The table of options, and the parser, help and checks that read it. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gate/rules.h"
#include "lib/args.h"
#include "lib/err.h"
#include "lib/path.h"
#include "lib/units.h"
#include "model/noise.h"
#include "runner/options.h"

enum opt_kind {
	K_FLAG,             /* an int set to 1 */
	K_TEXT,             /* a string, the last one given */
	K_COUNT,            /* a whole number in [lo, hi] */
	K_REAL,             /* a number in [lo, hi] */
	K_DURATION,         /* ns in [lo, hi]; a bare number is seconds */
	K_EVERY,            /* as K_DURATION, or off (0) */
	K_RUNS,             /* K or MIN..MAX */
	K_MODE,
	K_LIMIT,            /* one of the gate's limits */
	K_MATCH,
	K_ENGINE,           /* syncgate run: starts an engine */
	K_ENGINE_TEXT,      /* a string of the engine started last, once */
	K_MIX,
	K_SYNC
};

struct opt_row {
	const char *name;       /* the long name; "o" is -o */
	const char *arg;        /* its value in the help, or NULL: a flag */
	unsigned tools;
	enum opt_kind kind;
	double lo, hi;          /* a number's range */
	double dflt;            /* a number's default (syncgate run's) */
	double bench_dflt;      /* syncgate-bench's, where it differs; else NAN */
	size_t at;              /* in struct runner_opts, or run_engine */
	const char *help;
};

#define BOTH (TOOL_RUN | TOOL_BENCH)
#define AT(f) offsetof(struct runner_opts, f)
#define EAT(f) offsetof(struct run_engine, f)
#define NONE NAN, NAN, NAN, NAN

/* The most runs of one engine: a day of one-second runs of two is 43200. */
#define MAX_RUNS 100000

/* Sorted by name, as --help lists them with each number's range and default. */
static const struct opt_row rows[] = {
	{ "cmd", "COMMAND", TOOL_RUN, K_ENGINE_TEXT, NONE, EAT(cmd),
	  "the benchmark, run by /bin/sh -c with standard input empty and "
	  "SYNCGATE_DIR (the run's fresh directory on "
	  "DIR's volume, removed afterwards), SYNCGATE_OUTPUT (a file the "
	  "command may write its tool's output to; if it does not, its "
	  "standard output is imported), SYNCGATE_RESULT (with --import "
	  "result: where it writes a syncgate-result), SYNCGATE_ENGINE and "
	  "SYNCGATE_RUN (1 to K) in its environment, every path absolute" },
	{ "commit-syncs", "N", BOTH, K_LIMIT, NONE, 0,
	  "with --runs MIN..MAX in rival mode: the first engine's write p50 at "
	  "most N syncs, and at most N device flushes a commit where both "
	  "sides counted them (default 2), as syncgate gate takes it" },
	{ "concurrency", "C", TOOL_BENCH, K_COUNT, 1, 64, 2, NAN, AT(concurrency),
	  "threads, each with its own connection; writes take turns" },
	{ "confidence", "LEVEL", BOTH, K_LIMIT, NONE, 0,
	  "with --runs MIN..MAX: the level the looks share (default 95%)" },
	{ "dir", "DIR", BOTH, K_TEXT, NONE, AT(dir),
	  "where the runs' directories go, on the volume to measure (syncgate "
	  "run: default the current directory; syncgate-bench: required)" },
	{ "engine", "NAME", TOOL_RUN, K_ENGINE, NONE, 0,
	  "a name for the engine (1 to 64 letters, digits, '.', '_', '-'; two "
	  "engines' names differ in more than case), in the results and their "
	  "file names; the options up to the next --engine are its" },
	{ "grace", "DURATION", TOOL_RUN, K_DURATION, 1e6, 3600e9, 10e9, NAN,
	  AT(grace_ns), "from TERM to KILL: when a command ends, what it left in "
	  "its process tree gets TERM, then KILL this long after; so does a "
	  "command past --timeout, or after a signal, and a --teardown after a "
	  "signal gets this long before its TERM" },
	{ "import", "FORMAT", TOOL_RUN, K_ENGINE_TEXT, NONE, EAT(q.format),
	  "what the output is: an import format (syncgate import --help) or "
	  "result (a syncgate-result, as syncgate-bench writes: its own probe "
	  "rounds and flush counts are kept)" },
	{ "kind", "KIND", TOOL_RUN, K_ENGINE_TEXT, NONE, EAT(q.kind),
	  "as syncgate import takes it, for this engine" },
	{ "lmdb-nosync", NULL, TOOL_BENCH, K_FLAG, NONE, AT(lmdb_nosync),
	  "open LMDB with MDB_NOSYNC: commits are not synced" },
	{ "match", "OURS=RIVAL", TOOL_RUN, K_MATCH, NONE, 0,
	  "with --runs MIN..MAX: the looks hold the first engine's class OURS "
	  "against the second's class RIVAL, as syncgate gate --match does; "
	  "repeat it for each pair" },
	{ "max-regression", "PCT", BOTH, K_LIMIT, NONE, 0,
	  "with --runs MIN..MAX and --mode baseline: the first engine at most "
	  "PCT slower (default 5%)" },
	{ "max-samples", "N", TOOL_BENCH, K_COUNT, 1000, SAMPLES_FILE_MAX_COUNT,
	  2000000, NAN, AT(max_samples),
	  "latencies kept of each kind, at most; past it each operation is kept at "
	  "random, the same chance for all, and count says how many ran" },
	{ "mix", "R:S:W", TOOL_BENCH, K_MIX, NONE, 0,
	  "weights of point-read, range and write (default 5:2:3)" },
	{ "mode", "MODE", BOTH, K_MODE, NONE, 0,
	  "how --runs MIN..MAX gates: rival (default; the first engine is "
	  "ours, the second the rival) or baseline (the first is new, the "
	  "second the baseline)" },
	{ "o", "FILE", BOTH, K_TEXT, NONE, AT(out),
	  "the results' name: FILE with the engine (several engines, and "
	  "always with syncgate run) and the run's number (several runs) "
	  "before its extension, r.json giving r.NAME.1.json; syncgate-bench "
	  "writes one result to FILE itself, or to standard output with -" },
	{ "ops", "N", TOOL_BENCH, K_COUNT, 1, 1e9, 3000, NAN, AT(ops),
	  "operations in all, split across the threads" },
	{ "plan", "FILE", TOOL_RUN, K_TEXT, NONE, AT(plan),
	  "the plan in FILE, a noise record of syncgate calibrate: --runs "
	  "3..RUNS (its runs a side), --mode baseline, its limit and confidence "
	  "unless given, and SYNCGATE_OPS (its operations a run) in each "
	  "command's environment" },
	{ "probe-every", "DURATION|off", BOTH, K_EVERY, 10e6, 3600e9, 200e6, NAN,
	  AT(every_ns), "a round of 5 write+sync samples (after one not kept) "
	  "through the run every DURATION, besides one at its start and one at its "
	  "end: syncgate-bench holds its threads at the end of a batch and extends "
	  "--seconds by the rounds' time; syncgate run stops the command's process "
	  "group (SIGSTOP) for the round and continues it after; off keeps the "
	  "start's and end's rounds alone in syncgate run, and none in "
	  "syncgate-bench, whose unit is then the probe's before the run" },
	{ "read-speedup", "X", BOTH, K_LIMIT, NONE, 0,
	  "with --runs MIN..MAX in rival mode: reads at least X times faster "
	  "than the second engine's (default 10)" },
	{ "rows", "N", TOOL_BENCH, K_COUNT, 10, 1e8, 10000, NAN, AT(rows),
	  "rows loaded before the run" },
	{ "runs", "K|MIN..MAX", BOTH, K_RUNS, 1, MAX_RUNS, 3, 1, AT(runs),
	  "K runs of each engine, in a balanced order (ABBA for two), each a "
	  "result of its own; MIN..MAX (two engines, 2 <= MIN <= MAX): MIN "
	  "runs of each, then a round at a time until the first engine, gated "
	  "against the second after each round with each look paid for "
	  "(Hwang-Shih-DeCani spending, gamma -4), is decided (a check fails, or "
	  "every check passes or fails) or rules nothing, or MAX; the verdict "
	  "to FILE's stem with .verdict.json and as text to standard output" },
	{ "samples-file-over", "N", TOOL_BENCH, K_COUNT, 0, SAMPLES_FILE_MAX_COUNT,
	  100000, NAN, AT(file_over), "a kind with more than N latencies (0: every "
	  "kind) is written to FILE.KIND.txt, one a line, named in the result as "
	  "its samples_file (beside the file written: if FILE is a symlink, beside "
	  "its target); so are the largest kinds while those left inline would "
	  "number more than 11900000, as syncgate reads at most 12000000 JSON "
	  "values; with -o - every kind stays in the JSON, and a --max-samples "
	  "that could pass that is refused" },
	{ "seconds", "S", TOOL_BENCH, K_REAL, 0.01, 86400, 0, NAN, AT(seconds),
	  "run for S seconds instead of a number of operations" },
	{ "setup", "COMMAND", TOOL_RUN, K_ENGINE_TEXT, NONE, EAT(setup),
	  "run before each run's window opens (a server started, a table "
	  "loaded), in the same directory and environment; its writes and "
	  "flushes are not the run's" },
	{ "sqlite-synchronous", "M", TOOL_BENCH, K_SYNC, NONE, 0,
	  "SQLite's synchronous in WAL mode: off, normal or full (default "
	  "full: every commit synced)" },
	{ "strict", NULL, BOTH, K_FLAG, NONE, AT(strict),
	  "with --runs MIN..MAX: a verdict that could not rule (indeterminate, "
	  "or nothing to rule) exits 3, as syncgate gate --strict" },
	{ "teardown", "COMMAND", TOOL_RUN, K_ENGINE_TEXT, NONE, EAT(teardown),
	  "run after the window closes, even when the command failed or a "
	  "signal came (a server stopped): signals are not passed to it, and "
	  "after one it has --grace before its TERM" },
	{ "timeout", "DURATION", TOOL_RUN, K_DURATION, 1e6, 864000e9, 0, NAN,
	  AT(timeout_ns), "the most one command (or --setup, or --teardown) may "
	  "run: past it, its process group gets TERM, KILL --grace later, and the "
	  "invocation stops as for a failed command; none by default" },
	{ "unit", "UNIT", TOOL_RUN, K_ENGINE_TEXT, NONE, EAT(q.unit),
	  "as syncgate import takes it, for this engine" },
	{ "value-bytes", "B", TOOL_BENCH, K_COUNT, 1, 1 << 20, 100, NAN,
	  AT(value_bytes), "bytes of each row's value" },
	{ "verbose", NULL, BOTH, K_FLAG, NONE, AT(verbose),
	  "with --runs MIN..MAX: the verdict's checks with their reasons in "
	  "full sentences, as syncgate gate --verbose" },
	{ "workload", "NAME", TOOL_RUN, K_ENGINE_TEXT, NONE, EAT(q.workload),
	  "as syncgate import takes it, for this engine" },
};
#define NROWS (sizeof rows / sizeof rows[0])

/* A row's id: its index, past the characters. */
#define ID0 256

static void *
field(struct runner_opts *o, size_t at)
{
	return (char *)o + at;
}

/* --runs K (*min 0) or MIN..MAX, 2 <= MIN <= MAX <= cap. */
static int
parse_runs(const char *s, long long cap, long long *min, long long *max,
    char *err)
{
	const char *dots = strstr(s, "..");
	char lo[32];

	if (dots == NULL) {
		*min = 0;
		return units_parse_count(s, 1, cap, max, "--runs", err);
	}
	if ((size_t)(dots - s) >= sizeof lo)
		return errf(err, "--runs %s; expected K or MIN..MAX, such as 3..12", s);
	snprintf(lo, sizeof lo, "%.*s", (int)(dots - s), s);
	if (units_parse_count(lo, 2, cap, min, "--runs", err) < 0 ||
	    units_parse_count(dots + 2, 2, cap, max, "--runs", err) < 0)
		return errf(err, "--runs %s; expected MIN..MAX, two whole numbers "
		    "from 2 to %lld, such as 3..12", s, cap);
	if (*min > *max)
		return errf(err, "--runs %s: MIN above MAX; expected MIN..MAX, such "
		    "as 3..12", s);
	return 0;
}

/* "R:S:W", three whole numbers that do not all vanish. */
static int
parse_mix(const char *s, int mix[BENCH_NKINDS], char *err)
{
	char buf[64], *parts[BENCH_NKINDS], *p;
	long long v;
	int k, sum = 0;

	if ((size_t)snprintf(buf, sizeof buf, "%s", s) >= sizeof buf)
		goto bad;
	for (k = 0, p = buf; k < BENCH_NKINDS; k++) {
		parts[k] = p;
		p = strchr(p, ':');
		if ((p == NULL) != (k == BENCH_NKINDS - 1))
			goto bad;
		if (p != NULL)
			*p++ = '\0';
	}
	for (k = 0; k < BENCH_NKINDS; k++) {
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
parse_sync(const char *s, enum bench_sync *out, char *err)
{
	static const char *const names[] = { "off", "normal", "full" };
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(s, names[i]) == 0) {
			*out = (enum bench_sync)i;
			return 0;
		}
	return errf(err, "--sqlite-synchronous: %s; expected off, normal or full", s);
}

/* An engine's name: safe inside a file name and in a table's column. */
static int
add_engine(struct runner_opts *o, const char *s, char *err)
{
	size_t i = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-");

	if (o->n == RUNNER_MAX_ENGINES)
		return errf(err, "more than %d engines", RUNNER_MAX_ENGINES);
	if (i == 0 || s[i] != '\0' || s[0] == '.' || i > 64)
		return errf(err, "--engine %s; expected a name of 1 to 64 letters, "
		    "digits, '.', '_' or '-', not starting with '.'", s);
	o->e[o->n++].q.engine = s;
	return 0;
}

static int
engine_text(struct runner_opts *o, const struct opt_row *r, const char *v,
    char *err)
{
	const char **slot;

	if (o->n == 0)
		return errf(err, "--%s comes before any --engine; expected --engine "
		    "NAME first, then its --import and --cmd", r->name);
	slot = (const char **)(void *)((char *)&o->e[o->n - 1] + r->at);
	if (*slot != NULL)
		return errf(err, "--%s given twice for engine %s; expected one",
		    r->name, o->e[o->n - 1].q.engine);
	*slot = v;
	return 0;
}

static int
take(struct runner_opts *o, const struct opt_row *r, const char *v, char *err)
{
	char what[32];

	snprintf(what, sizeof what, "--%s", r->name);
	switch (r->kind) {
	case K_FLAG:
		*(int *)field(o, r->at) = 1;
		return 0;
	case K_TEXT:
		*(const char **)field(o, r->at) = v;
		return 0;
	case K_COUNT:
		o->ops_given |= r->at == AT(ops);
		return units_parse_count(v, (long long)r->lo, (long long)r->hi,
		    (long long *)field(o, r->at), what, err);
	case K_REAL:
		return units_parse_real(v, r->lo, r->hi, (double *)field(o, r->at),
		    what, err);
	case K_EVERY:
		if (strcmp(v, "off") == 0) {
			*(double *)field(o, r->at) = 0;
			return 0;
		}
		/* FALLTHROUGH */
	case K_DURATION:
		if (units_parse_duration(v, r->lo, r->hi, 1e9,
		    (double *)field(o, r->at), what, err) < 0) {
			char lo[DURLEN], hi[DURLEN];

			return errf(err, "%s: %s; expected a duration from %s to %s, "
			    "such as 500ms%s", what, v, units_fmt_duration(lo,
			    sizeof lo, r->lo, 1), units_fmt_duration(hi, sizeof hi,
			    r->hi, 1), r->kind == K_EVERY ? ", or off" : "");
		}
		return 0;
	case K_RUNS:
		o->runs_given = 1;
		return parse_runs(v, (long long)r->hi, &o->min_runs, &o->runs, err);
	case K_MODE:
		o->mode_given = 1;
		if (strcmp(v, "rival") != 0 && strcmp(v, "baseline") != 0)
			return errf(err, "--mode %s; expected rival or baseline", v);
		o->mode = strcmp(v, "rival") == 0 ? MODE_RIVAL : MODE_BASELINE;
		return 0;
	case K_LIMIT:
		snprintf(o->limits.given, sizeof o->limits.given, "%s", what);
		o->limits.confidence_given |= strcmp(what, "--confidence") == 0;
		if (strcmp(what, "--max-regression") == 0)
			o->limits.regression_given = 1;
		else if (strcmp(what, "--confidence") != 0)
			memcpy(o->limits.rival_only, what, sizeof what);
		return gate_limit_parse(&o->limits.g, what, v, err);
	case K_MATCH:
		return gate_pair_add(o->match, &o->nmatch, v, err);
	case K_ENGINE:
		return add_engine(o, v, err);
	case K_ENGINE_TEXT:
		return engine_text(o, r, v, err);
	case K_MIX:
		return parse_mix(v, o->mix, err);
	case K_SYNC:
		o->sqlite_sync_given = 1;
		return parse_sync(v, &o->sqlite_sync, err);
	}
	return errf(err, "%s: an option of no kind", what);
}

static void
defaults(struct runner_opts *o, enum runner_tool tool)
{
	size_t i;

	*o = (struct runner_opts){ .tool = tool, .mix = { 5, 2, 3 },
	    .dir = tool == TOOL_RUN ? "." : NULL, .sqlite_sync = BENCH_SYNC_FULL };
	for (i = 0; i < NROWS; i++) {
		const struct opt_row *r = &rows[i];
		double d = tool == TOOL_BENCH && !isnan(r->bench_dflt) ?
		    r->bench_dflt : r->dflt;

		if (!(r->tools & tool) || isnan(d))
			continue;
		if (r->kind == K_COUNT || r->kind == K_RUNS)
			*(long long *)field(o, r->at) = (long long)d;
		else if (r->kind != K_FLAG && r->kind != K_TEXT)
			*(double *)field(o, r->at) = d;
	}
	gate_opts_init(&o->limits.g, MODE_RIVAL);
}

/* Each engine of syncgate run whole: a command, an output we can import. */
static int
check_engines(struct runner_opts *o, char *err)
{
	char why[ERRLEN];
	size_t i;

	if (o->n == 0)
		return errf(err, "no --engine given; expected --engine NAME --import "
		    "FORMAT --cmd COMMAND for each engine; see syncgate run --help");
	for (i = 0; i < o->n; i++) {
		struct run_engine *e = &o->e[i];

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

/* --plan: the runs until decided, baseline mode, limit and confidence. */
static int
take_plan(struct runner_opts *o, char *err)
{
	struct noise n;
	char why[ERRLEN];

	o->plan_ops = NAN;
	if (o->plan == NULL)
		return 0;
	if (o->runs_given)
		return errf(err, "--plan %s sets --runs; expected one of them",
		    o->plan);
	if (o->mode_given && o->mode != MODE_BASELINE)
		return errf(err, "--plan %s is a plan for --mode baseline, not rival",
		    o->plan);
	if (noise_load(o->plan, &n, why) < 0)
		return errf(err, "--plan %s", why);
	if (!n.plan.have || n.plan.runs < 2) {
		errf(err, "--plan %s: %s; expected a plan of syncgate calibrate (a "
		    "larger --max-regression, or runs with less noise)", o->plan,
		    n.plan.have ? "plan.runs is below 2: no plan of up to 200 runs a "
		    "side" : "no plan in it");
		noise_free(&n);
		return -1;
	}
	o->runs = n.plan.runs;
	o->min_runs = n.plan.runs < 3 ? n.plan.runs : 3;
	o->mode = MODE_BASELINE;
	o->mode_given = 1;
	if (!o->limits.regression_given)
		o->limits.g.max_regression = n.plan.limit;
	if (!o->limits.confidence_given)
		o->limits.g.confidence = n.plan.confidence;
	o->plan_ops = n.plan.ops;
	noise_free(&n);
	return 0;
}

/* What no single row can check: options that go together. */
static int
check(struct runner_opts *o, char *err)
{
	if (take_plan(o, err) < 0)
		return -1;
	if (o->tool == TOOL_BENCH && o->dir == NULL)
		return errf(err, "--dir DIR is required: the directory to run in");
	if (o->out == NULL)
		return errf(err, "-o FILE is required: %s", o->tool == TOOL_RUN ?
		    "the results' name" : "where the result goes");
	if (o->mode_given && o->min_runs == 0)
		return errf(err, "--mode is how --runs MIN..MAX gates; expected "
		    "--runs MIN..MAX with it");
	if (o->min_runs == 0 && (o->strict || o->nmatch > 0 || o->verbose))
		return errf(err, "%s is for the verdict of --runs MIN..MAX; expected "
		    "--runs MIN..MAX with it (the runs of --runs K are gated by "
		    "syncgate gate)", o->strict ? "--strict" : o->nmatch > 0 ?
		    "--match" : "--verbose");
	if (o->limits.given[0] != '\0' && o->min_runs == 0)
		return errf(err, "%s is a limit the looks of --runs MIN..MAX rule "
		    "by; expected --runs MIN..MAX with it", o->limits.given);
	if (o->limits.regression_given && o->mode != MODE_BASELINE)
		return errf(err, "--max-regression applies with --mode baseline, not "
		    "rival; expected --mode baseline with it");
	if (o->limits.rival_only[0] != '\0' && o->mode != MODE_RIVAL)
		return errf(err, "%s applies with --mode rival, not baseline",
		    o->limits.rival_only);
	if (o->tool == TOOL_BENCH)
		return 0;
	if (strcmp(o->out, "-") == 0 || path_descriptor(o->out) >= 0)
		return errf(err, "-o %s: each run is a file of its own; expected -o "
		    "FILE, numbered for each run", o->out);
	if (o->min_runs > 0 && o->n != 2)
		return errf(err, "--runs %lld..%lld gates the first engine against "
		    "the second; expected two engines, %zu given", o->min_runs,
		    o->runs, o->n);
	return check_engines(o, err);
}

/* Row i as lib/args.h takes it: "o" is -o. */
static struct arg_opt
arg_of(size_t i)
{
	const struct opt_row *r = &rows[i];
	int letter = r->name[1] == '\0';

	return (struct arg_opt){ .name = letter ? NULL : r->name,
	    .letter = letter ? r->name[0] : 0, .value = r->arg, .id = ID0 + (int)i };
}

static int
take_arg(void *ctx, int id, const char *v, char *err)
{
	struct runner_opts *o = ctx;

	if (id != ARG_WORD)
		return take(o, &rows[id - ID0], v, err);
	if (o->tool == TOOL_RUN)
		return errf(err, "%s: unexpected; the commands go in --cmd; see "
		    "syncgate run --help", v);
	if (o->engines != NULL)
		return errf(err, "%s: unexpected; expected one engine, sqlite or "
		    "lmdb, or two as lmdb,sqlite; see syncgate-bench --help", v);
	o->engines = v;
	return 0;
}

int
runner_opts_parse(struct runner_opts *o, enum runner_tool tool, int argc,
    char **argv, char *err)
{
	struct arg_opt opts[NROWS + 1];
	struct arg_cmd cmd = { tool == TOOL_RUN ? "syncgate run --help" :
	    "syncgate-bench --help", opts, 0, take_arg };
	size_t i;
	int rc;

	defaults(o, tool);
	for (i = 0; i < NROWS; i++)
		if (rows[i].tools & tool)
			opts[cmd.n++] = arg_of(i);
	opts[cmd.n++] = (struct arg_opt){ .name = "help", .letter = 'h',
	    .id = ARG_HELP };
	if ((rc = args_parse(&cmd, o, argc, argv, err)) != 0) {
		o->help = rc > 0;
		return rc > 0 ? 0 : -1;
	}
	if (tool == TOOL_BENCH && o->engines == NULL)
		return errf(err, "expected one engine, sqlite or lmdb, or two as "
		    "lmdb,sqlite; see syncgate-bench --help");
	return check(o, err);
}

/* A number of a row in its own terms: 200ms, 5, 3. */
static const char *
number(char *buf, size_t len, const struct opt_row *r, double v)
{
	if (r->kind == K_DURATION || r->kind == K_EVERY)
		return units_fmt_duration(buf, len, v, 1);
	snprintf(buf, len, "%.15g", v);
	return buf;
}

void
runner_opts_help(FILE *fp, enum runner_tool tool)
{
	char lo[DURLEN], hi[DURLEN], d[DURLEN], *text;
	struct arg_opt opt;
	size_t i;

	for (i = 0; i < NROWS; i++) {
		const struct opt_row *r = &rows[i];
		double dv = tool == TOOL_BENCH && !isnan(r->bench_dflt) ?
		    r->bench_dflt : r->dflt;

		if (!(r->tools & tool))
			continue;
		text = isnan(r->lo) ? xstrdup(r->help) :
		    xasprintf("%s (%s to %s%s%s)", r->help,
		    number(lo, sizeof lo, r, r->lo), number(hi, sizeof hi, r, r->hi),
		    dv > 0 ? "; default " : "",
		    dv > 0 ? number(d, sizeof d, r, dv) : "");
		opt = arg_of(i);
		args_help_one(fp, &opt, text);
		free(text);
	}
}

/* DIR a directory we may write in, checked before anything runs. */
static int
check_dir(const char *dir, char *err)
{
	struct stat st;

	if (stat(dir, &st) < 0)
		return errf(err, "--dir %s:", dir);
	if (!S_ISDIR(st.st_mode))
		return errf(err, "--dir %s: not a directory", dir);
	if (access(dir, W_OK | X_OK) < 0)
		return errf(err, "--dir %s: cannot write there:", dir);
	return 0;
}

int
runner_opts_place(struct runner_opts *o, char *buf, size_t len, char *err)
{
	char *dir, why[ERRLEN];
	int rc;

	if (check_dir(o->dir, err) < 0)
		return -1;
	if (realpath(o->dir, buf) == NULL || strlen(buf) >= len)
		return errf(err, "--dir %s:", o->dir);
	o->dir = buf;
	if (strcmp(o->out, "-") == 0 || path_descriptor(o->out) >= 0)
		return 0;
	dir = path_dir(o->out);
	rc = check_dir(dir, why);
	free(dir);
	if (rc < 0)
		return errf(err, "-o %s: %s", o->out, why + strlen("--dir "));
	return 0;
}
