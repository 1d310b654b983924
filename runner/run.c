/* SPDX-License-Identifier: MIT */
/*
 * `syncgate run`: each benchmark command --runs times in a balanced order,
 * each run in a fresh directory, bracketed by probe rounds, the disks'
 * flushes counted over it, its output imported as one syncgate-result.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "import/import.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/path.h"
#include "lib/readfile.h"
#include "lib/stats.h"
#include "lib/units.h"
#include "probe/host.h"
#include "runner/command.h"
#include "model/result_files.h"
#include "runner/options.h"
#include "runner/run.h"
#include "runner/rundir.h"
#include "runner/runner.h"
#include "runner/window.h"

/* Lines of a failed command's standard error repeated on ours. */
#define TAIL_LINES 5
/*
 * A class of more latencies goes to a samples file: cJSON takes about 0.8 us
 * a latency (0.15 s of a 200,000-read result), a file's line tens of ns.
 */
#define RUN_FILE_OVER 1000

/* What every run shares, and what the last one left. */
struct run_ctx {
	const struct runner_opts *a;
	struct probe_record probe;      /* the volume, before the first run */
	char *logs;                     /* the invocation's folder of logs, absolute */
	char *probe_path;               /* probe as a file in logs: SYNCGATE_PROBE */
	int failed;                     /* a command failed or ran out of time */
	/* its last run took none of our windows or rounds: nor will the next */
	unsigned char spare[RUNNER_MAX_ENGINES];
};

void
run_usage(FILE *fp)
{
	fputs(
	    "usage: syncgate run [--runs K|MIN..MAX] [--mode rival|baseline] [--dir DIR]\n"
	    "                    [--max-regression PCT] [--read-speedup X]\n"
	    "                    [--commit-syncs N] [--confidence LEVEL] [--strict]\n"
	    "                    [--match OURS=RIVAL] [--probe-every DURATION|off]\n"
	    "                    [--timeout DURATION] [--grace DURATION] [--plan FILE]\n"
	    "                    -o FILE\n"
	    "                    --engine NAME --import FORMAT [--kind KIND] [--unit UNIT]\n"
	    "                    [--workload NAME] [--setup COMMAND] --cmd COMMAND\n"
	    "                    [--teardown COMMAND]\n"
	    "                    [--engine NAME2 --import FORMAT ... --cmd COMMAND2 ...]\n"
	    "\n"
	    "Runs each engine's benchmark command K times, the engines in a balanced\n"
	    "order, and writes one syncgate-result/1 per run, FILE with the engine\n"
	    "and the run's number before its extension (r.json gives r.NAME.1.json);\n"
	    "the commands' output goes to one folder for the invocation,\n"
	    "FILE's stem with .logs.ID (r.logs.ID/NAME.1.stdout, .stderr, .output,\n"
	    ".setup, .teardown).  DIR's volume is probed once before the first run;\n"
	    "each run has a fresh directory inside DIR, removed afterwards, and rounds\n"
	    "of probe samples on that volume just before, through and just after the\n"
	    "command, the unit of its writes; the disks' flush requests are counted\n"
	    "over the run.  When a command ends, what it left running is ended.\n"
	    "\n", fp);
	runner_opts_help(fp, TOOL_RUN);
	fputs(
	    "\n"
	    "exit status: 0 every run written (with MIN..MAX: the verdict passed, or\n"
	    "could not rule without --strict), 1 the verdict of MIN..MAX failed, 2\n"
	    "trouble (usage, DIR, the probe, an output that does not import, a write\n"
	    "error), 3 the verdict of MIN..MAX could not rule, with --strict, 4 a\n"
	    "command (or its --setup or --teardown) failed or ran past --timeout,\n"
	    "128+N stopped by signal N\n", fp);
}

/* The run's logs, NAME.K.WHAT in the invocation's folder. */
enum { LOG_STDOUT, LOG_STDERR, LOG_OUTPUT, LOG_RESULT, LOG_SETUP, LOG_TEARDOWN,
	NLOGS };
static const char *const log_what[NLOGS] = { "stdout", "stderr", "output",
	"result.json", "setup", "teardown" };

struct run_files {
	struct rundir dir;
	char *log[NLOGS];
};

/* The run's result: imported, or the command's own renamed for the run. */
static int
load_output(const struct run_engine *e, const struct run_files *f,
    struct result *r, int *own_output, char *err)
{
	struct import_notes notes = { NULL, 0, 0 };
	struct stat st;
	const char *from;
	char *buf = NULL, why[ERRLEN];
	size_t len, i;
	int rc;

	if (e->result) {
		if (result_load(f->log[LOG_RESULT], r, err) < 0)
			return -1;
		free(r->engine);
		r->engine = xstrdup(e->q.engine);
		*own_output = 1;
		return 0;
	}
	*own_output = stat(f->log[LOG_OUTPUT], &st) == 0;
	from = *own_output ? f->log[LOG_OUTPUT] : f->log[LOG_STDOUT];
	if (import_read(from, &buf, &len, err) < 0)
		return -1;
	rc = import_text(&e->q, buf, len, from, r, &notes, why);
	for (i = 0; rc == 0 && i < notes.n; i++)
		err_warn("%s: %s", from, notes.lines[i]);
	free(buf);
	import_notes_free(&notes);
	if (rc < 0 && !*own_output)
		return errf(err, "%s (the command wrote nothing to $SYNCGATE_OUTPUT, "
		    "%s, so its standard output was imported)", why,
		    f->log[LOG_OUTPUT]);
	if (rc < 0)
		memcpy(err, why, ERRLEN);
	return rc;
}

/* r's write classes; with counted, those with their own flush count. */
static size_t
write_classes(const struct result *r, int counted)
{
	size_t i, n = 0;

	for (i = 0; i < r->nclasses; i++)
		n += r->classes[i].kind == KIND_WRITE && (!counted ||
		    r->classes[i].flush_count != NULL ||
		    !isnan(r->classes[i].flushes_per_op));
	return n;
}

static long long
write_ops(const struct result *r)
{
	long long n = 0;
	size_t i;

	for (i = 0; i < r->nclasses; i++)
		if (r->classes[i].kind == KIND_WRITE && r->classes[i].count > 0)
			n += r->classes[i].count;
	return n;
}

/* Several write classes share the window: each the whole mix's figure. */
static void
window_apply(const struct runner_window *w, struct result *r)
{
	size_t i, writes = write_classes(r, 0);

	for (i = 0; i < r->nclasses; i++) {
		struct result_class *c = &r->classes[i];

		if (c->kind != KIND_WRITE)
			continue;
		c->flushes_per_op = w->per_op.per_op;
		c->flush_count = runner_flush_count(w);
		if (writes > 1)
			c->flush_count->shared = xasprintf("the run's %zu write classes "
			    "share one window: its flushes over all their %lld writes, "
			    "the same figure for each", writes, w->count.ops);
	}
}

/* A log's name as the result names it: relative to the result's folder. */
static char *
relative(const struct run_ctx *x, const char *path)
{
	return xasprintf("%s/%s", path_base(x->logs), path_base(path));
}

/*
 * What the runner adds: our probe and rounds and the flushes a write (unless
 * the result brought its own), the host, the session, how the run was made.
 * Rounds through the command are evenly spaced: each sample counts once.
 */
static void
complete(struct run_ctx *x, const struct run_engine *e, const struct run_files *f,
    const struct command_outcome *oc, struct runner_window *w,
    const struct result_session *s, int own_output, struct result *r)
{
	int own_rounds = r->probe != NULL && r->probe->series.rounds.present;
	struct probe_rounds *rd;

	if (!own_rounds) {
		probe_record_free(r->probe);
		free(r->probe);
		r->probe = xmalloc(sizeof *r->probe);
		probe_record_copy(r->probe, &x->probe);
		probe_series_free(&r->probe->series);
		r->probe->series = w->series;
		memset(&w->series, 0, sizeof w->series);
		rd = &r->probe->series.rounds;
		rd->placement = oc->pauses ? ROUNDS_PAUSED : ROUNDS_BRACKETS;
		rd->every_ns = oc->pauses ? x->a->every_ns :
		    fmax(1, oc->elapsed_s * 1e9);
		if (oc->pauses) {
			free(rd->ops);
			rd->ops = NULL;
		}
	}
	if (!write_classes(r, 1))
		window_apply(w, r);
	result_host_free(r->host);
	free(r->host);
	r->host = xmalloc(sizeof *r->host);
	host_gather(r->host);
	r->session = *s;
	r->command = xmalloc(sizeof *r->command);
	*r->command = (struct result_command){ .command = xstrdup(e->cmd),
	    .import = xstrdup(e->q.format), .elapsed_s = oc->elapsed_s,
	    .stdout_file = relative(x, f->log[LOG_STDOUT]),
	    .stderr_file = relative(x, f->log[LOG_STDERR]),
	    .output_file = own_output ? relative(x,
	    f->log[e->result ? LOG_RESULT : LOG_OUTPUT]) : NULL };
	r->command->probed = xstrdup(own_rounds ? "by the command's own harness "
	    "(its probe and rounds kept); the runner's brackets not used" :
	    w->ir.every_ns > 0 ? "once in --dir before the first run; and in a "
	    "round just before and one just after the command, in the run's "
	    "directory (probe.series)" : "once in --dir before the first run, "
	    "the unit of any write; no rounds in this run, as the engine's run "
	    "before imported no write class");
}

/*
 * The result in path, atomically; its syncs wait for runner_later's: a file's
 * and a rename's were 4 flushes a run, 2 to 18 ms behind the neighbours'.
 */
static int
emit(const char *path, const struct result *r, char *err)
{
	struct outfile out;

	if (outfile_open(&out, path, err) < 0)
		return -1;
	out.later = runner_later();
	if (result_write_files(&out, r, RUN_FILE_OVER, RESULT_INLINE_MAX, err) < 0) {
		outfile_abort(&out);
		return -1;
	}
	return 0;
}

/* The run's lines: the result's own flushes where it brought them. */
static void
tell(const struct result *r, const struct command_outcome *oc,
    const struct runner_window *w, int own_rounds, int own_counts)
{
	const struct probe_series *s = &r->probe->series;
	int ascii = !units_locale_utf8();
	char a[DURLEN], b[DURLEN];
	size_t i;

	err_warn("%s: the command took %.2fs; %zu %s imported", r->engine,
	    oc->elapsed_s, r->nclasses, r->nclasses == 1 ? "class" : "classes");
	err_warn("  spent besides: idle windows %.3fs, rounds %.3fs, import %.3fs",
	    r->command->spent.idle_s, r->command->spent.rounds_s,
	    r->command->spent.import_s);
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
	if (write_ops(r) == 0)
		return;
	if (!own_counts)
		runner_tell_flushes(w);
	for (i = 0; own_counts && i < r->nclasses; i++)
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
	char tail[1024], *line, *save = NULL, g[DURLEN];

	x->failed = 1;
	read_tail(log, TAIL_LINES, tail, sizeof tail);
	for (line = strtok_r(tail, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		err_warn("  %s: %s", path_base(log), line);
	if (oc->timed_out)
		return errf(err, "%s ran past --timeout %s and was ended (its "
		    "output: %s)", what, units_fmt_duration(g, sizeof g,
		    x->a->timeout_ns, 1), log);
	if (oc->signal != 0)
		return errf(err, "%s was ended by signal %d (its output: %s)", what,
		    oc->signal, log);
	return errf(err, "%s exited with status %d (its output: %s)", what,
	    oc->status, log);
}

/* A command of the run: its spec, ready but for what to run and where to. */
static void
spec_init(struct command_spec *c, const struct run_ctx *x, const char *cmd,
    const char *out, const char *errs, const struct command_env *env)
{
	*c = (struct command_spec){ .command = cmd, .stdout_path = out,
	    .stderr_path = errs, .env = env, .timeout_s = x->a->timeout_ns / 1e9,
	    .grace_s = x->a->grace_ns / 1e9 };
}

/* --setup or --teardown (which) into its log; 0, or -1 with err set. */
static int
helper(struct run_ctx *x, const struct run_engine *e, const struct run_files *f,
    int which, const struct command_env *env, char *err)
{
	int shielded = which == LOG_TEARDOWN;
	struct command_spec spec;
	struct command_outcome oc;

	spec_init(&spec, x, shielded ? e->teardown : e->setup, f->log[which],
	    f->log[which], env);
	spec.shielded = shielded;
	/* a server the setup starts is the teardown's to stop */
	spec.leave = !shielded;
	if (command_run(&spec, &oc, err) < 0)
		return -1;
	if (oc.status == 0)
		return 0;
	if (runner_signal != 0 && !shielded)
		return errf(err, "stopped");
	return failed(x, shielded ? "--teardown" : "--setup", f->log[which], &oc,
	    err);
}

/* A round through the command, its process group stopped (command_run). */
static int
pause_round(void *ctx, char *err)
{
	return inrun_round(&((struct runner_window *)ctx)->ir, 0, err) < 0 ? -1 : 0;
}

/*
 * The window: a bracket round, the command with rounds through it, the
 * import, a bracket round; with spare, no windows or rounds (a write then
 * takes the probe as its unit).  Returns 0, or -1 with err set.
 */
static int
measure(struct run_ctx *x, const struct run_engine *e, int spare,
    struct run_files *f, const struct command_env *env, struct runner_window *w,
    struct command_outcome *oc, struct result *r, int *own_output,
    struct result_spent *sp, char *err)
{
	struct command_spec spec;
	long long writes;
	double t0;

	spec_init(&spec, x, e->cmd, f->log[LOG_STDOUT], f->log[LOG_STDERR], env);
	spec.every_ns = spare ? 0 : x->a->every_ns;
	spec.pause = pause_round;
	spec.ctx = w;
	if (inrun_open(&w->ir, f->dir.path, x->probe.method, spare ? 0 : 1,
	    err) < 0)
		return -1;
	if (spare)
		w->ir.idle_ns = 0;
	inrun_begin(&w->ir);
	if ((!spare && inrun_round(&w->ir, 0, err) < 0) || runner_signal != 0 ||
	    command_run(&spec, oc, err) < 0)
		return -1;
	if (runner_signal != 0)
		return errf(err, "stopped");
	if (oc->status != 0 || oc->timed_out)
		return failed(x, "the command", f->log[LOG_STDERR], oc, err);
	if (oc->pause_failed)
		return errf(err, "a round during the command: %s", oc->pause_err);
	t0 = clock_monotonic_ns();
	if (load_output(e, f, r, own_output, err) < 0)
		return -1;
	sp->import_s = (clock_monotonic_ns() - t0) / 1e9;
	writes = write_ops(r);
	/* writes where the last run had none: counted, but with no idle rate */
	if (spare && writes > 0 && !write_classes(r, 1))
		snprintf(w->ir.fc.unavailable, sizeof w->ir.fc.unavailable,
		    "no idle windows: the engine's run before imported no write");
	if (!spare && inrun_round(&w->ir, (double)writes, err) < 0)
		return -1;
	if (writes == 0 || write_classes(r, 1))
		w->ir.idle_ns = 0;
	inrun_end(&w->ir, (double)writes);
	runner_window_close(w, writes);
	sp->idle_s = w->count.idle_s;
	sp->rounds_s = w->ir.probing_ns / 1e9;
	return 0;
}

/* One run; its directory is always removed, a failure to do so only said. */
static int
run_one(void *ctx, const struct runner_job *j, struct result_session *s,
    char *err)
{
	struct run_ctx *x = ctx;
	const struct run_engine *e = &x->a->e[j->engine];
	struct runner_window *w = xcalloc(1, sizeof *w);
	struct run_files f = { 0 };
	struct command_outcome oc;
	struct result r = { .concurrency = -1 };
	char run[32], ops[32], rerr[ERRLEN];
	/* SYNCGATE_RESULT with --import result, SYNCGATE_OPS with --plan */
	struct command_env env[] = {
		{ "SYNCGATE_DIR", NULL }, { "SYNCGATE_OUTPUT", NULL },
		{ "SYNCGATE_ENGINE", e->q.engine }, { "SYNCGATE_RUN", run },
		{ "SYNCGATE_PROBE", x->probe_path }, { NULL, NULL }, { NULL, NULL },
		{ NULL, NULL }
	};
	size_t ne = 5, i;
	struct result_spent sp = { NAN, NAN, NAN, NAN, NAN, NAN };
	int rc = -1, own_output = 0, own_rounds, own_counts, pending = 0;
	double t0 = clock_monotonic_ns(), wall, over;

	snprintf(run, sizeof run, "%lld", j->index);
	for (i = 0; i < NLOGS; i++)
		f.log[i] = xasprintf("%s/%s.%lld.%s", x->logs, e->q.engine,
		    j->index, log_what[i]);
	if (rundir_make(&f.dir, x->a->dir, RUNDIR_RUN, e->q.engine, err) < 0)
		goto out;
	env[0].value = f.dir.path;
	env[1].value = f.log[LOG_OUTPUT];
	if (e->result)
		env[ne++] = (struct command_env){ "SYNCGATE_RESULT",
		    f.log[LOG_RESULT] };
	snprintf(ops, sizeof ops, "%.0f", x->a->plan_ops);
	if (!isnan(x->a->plan_ops))
		env[ne++] = (struct command_env){ "SYNCGATE_OPS", ops };
	pending = e->teardown != NULL;
	if (e->setup != NULL && helper(x, e, &f, LOG_SETUP, env, err) < 0)
		goto out;
	if (measure(x, e, x->spare[j->engine], &f, env, w, &oc, &r, &own_output,
	    &sp, err) < 0)
		goto out;
	runner_ended(s);
	if (pending) {
		pending = 0;
		if (helper(x, e, &f, LOG_TEARDOWN, env, err) < 0)
			goto out;
	}
	own_rounds = r.probe != NULL && r.probe->series.rounds.present;
	own_counts = write_classes(&r, 1);
	x->spare[j->engine] = !write_classes(&r, 0) ||
	    (own_rounds && own_counts);
	complete(x, e, &f, &oc, w, s, own_output, &r);
	r.command->spent = sp;
	if (emit(j->out, &r, err) < 0)
		goto out;
	tell(&r, &oc, w, own_rounds, own_counts);
	rc = 0;
out:
	inrun_close(&w->ir);
	/* a server the setup started is stopped, whatever stopped the run */
	if (pending && f.dir.path != NULL &&
	    helper(x, e, &f, LOG_TEARDOWN, env, rerr) < 0)
		err_warn("%s", rerr);
	probe_series_free(&w->series);
	if (rundir_remove(&f.dir, rerr) < 0)
		err_warn("%s", rerr);
	free(w);
	for (i = 0; i < NLOGS; i++)
		free(f.log[i]);
	result_free(&r);
	if (rc == 0) {
		/* the run's wall time less the command's: setup, windows, import... */
		wall = (clock_monotonic_ns() - t0) / 1e9;
		over = fmax(0, wall - oc.elapsed_s);
		err_warn("  overhead %.3fs, %.1f%% of the run's %.3fs", over,
		    wall > 0 ? 100 * over / wall : 0, wall);
	}
	return rc;
}

/* Each result and the verdict a file of its own, refused before any run. */
static int
check_outputs(const char *out, const struct runner_plan *p, const char *verdict,
    char *err)
{
	struct fileset fs;
	struct stat st;
	char label[ERRLEN];
	size_t i;
	int rc = 0;

	if (stat(out, &st) == 0 && !S_ISREG(st.st_mode))
		return errf(err, "-o %s: not a regular file; expected a name for the "
		    "results, each run a file of its own numbered beside it", out);
	fileset_init(&fs);
	for (i = 0; i <= p->n && rc == 0; i++) {
		const char *path = i < p->n ? p->job[i].out : verdict;

		if (path == NULL)
			continue;
		snprintf(label, sizeof label, "-o %s", path);
		if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
			rc = errf(err, "%s: not a regular file; expected a name for the "
			    "results, each run a file of its own numbered beside it",
			    label);
		else
			rc = fileset_output(&fs, path, label, i < p->n ?
			    "a run's result" : "the verdict", err);
	}
	fileset_free(&fs);
	return rc;
}

/* The invocation's folder of logs, FILE's stem with .logs.ID, made absolute. */
static int
make_logs(struct run_ctx *x, const char *out, const char *id, char *err)
{
	char *dir = path_dir(out), real[PATH_MAX], *stem;
	const char *got = realpath(dir, real);

	free(dir);
	if (got == NULL)
		return errf(err, "-o %s:", out);
	stem = runner_beside(path_base(out), "");
	x->logs = xasprintf("%s/%s.logs.%.8s", real, stem, id);
	free(stem);
	if (mkdir(x->logs, 0777) < 0)
		return errf(err, "%s: cannot make the folder of the commands' logs:",
		    x->logs);
	return 0;
}

/* The probe of --dir before the runs, said with what is to come. */
static int
probe_first(struct run_ctx *x, const struct runner_plan *plan, char *err)
{
	const struct runner_opts *a = x->a;
	struct outfile out;
	char dur[DURLEN];

	if (runner_probe(a->dir, &x->probe, err) < 0)
		return -1;
	/* for a harness that would probe again (syncgate-bench): SYNCGATE_PROBE */
	x->probe_path = xasprintf("%s/probe.json", x->logs);
	if (outfile_open(&out, x->probe_path, err) < 0)
		return -1;
	if (json_print_and_delete(out.fp, probe_record_to_json(&x->probe)) < 0) {
		outfile_abort(&out);
		return errf(err, "%s:", x->probe_path);
	}
	if (outfile_close(&out, err) < 0)
		return -1;
	err_warn("probe of %s before the runs: %s median %s, reaches a device: %s; "
	    "%s%lld runs of each of %zu engines, session %s; the commands' logs "
	    "in %s", a->dir, x->probe.method != NULL ? x->probe.method : "sync",
	    units_fmt_duration(dur, sizeof dur, x->probe.median_ns,
	    !units_locale_utf8()), reach_name(x->probe.reaches),
	    a->min_runs > 0 ? "up to " : "", a->runs, a->n, plan->session.id,
	    x->logs);
	return 0;
}

static int
go(const struct runner_opts *a, char *err)
{
	const char *names[RUNNER_MAX_ENGINES];
	struct runner_plan plan = { 0 };
	struct run_ctx x = { .a = a };
	char *verdict = a->min_runs > 0 ? runner_beside(a->out, ".verdict.json") :
	    NULL;
	size_t i;
	int rc = EXIT_TROUBLE;

	probe_record_init(&x.probe);
	for (i = 0; i < a->n; i++)
		names[i] = a->e[i].q.engine;
	if (runner_plan_make(&plan, names, a->n, a->runs, a->out, 1, err) < 0 ||
	    check_outputs(a->out, &plan, verdict, err) < 0)
		goto out;
	runner_catch();
	if (make_logs(&x, a->out, plan.session.id, err) < 0 ||
	    probe_first(&x, &plan, err) < 0)
		goto out;
	if (runner_seq_go(a, &plan, run_one, &x, verdict, &rc, err) < 0)
		rc = x.failed ? EXIT_COMMAND : EXIT_TROUBLE;
out:
	/* a signal, whenever it came, ends the invocation as 128 + N */
	if (runner_signal != 0) {
		rc = 128 + runner_signal;
		if (err[0] == '\0')
			snprintf(err, ERRLEN, "stopped by signal %d", (int)runner_signal);
	}
	free(verdict);
	free(x.logs);
	free(x.probe_path);
	runner_plan_free(&plan);
	probe_record_free(&x.probe);
	return rc;
}

int
run_main(int argc, char **argv)
{
	struct runner_opts a;
	char err[ERRLEN] = "", dir[PATH_MAX];
	int rc;

	if (runner_opts_parse(&a, TOOL_RUN, argc, argv, err) < 0) {
		rc = EXIT_TROUBLE;
	} else if (a.help) {
		run_usage(stdout);
		rc = outfile_shut(stdout, "standard output");
	} else {
		rc = runner_opts_place(&a, dir, sizeof dir, err) < 0 ? EXIT_TROUBLE :
		    go(&a, err);
	}
	if (err[0] != '\0')
		err_warn("%s", err);
	gate_pairs_free(a.match, a.nmatch);
	return rc;
}
