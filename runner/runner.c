/* SPDX-License-Identifier: MIT */
/* The runs of one invocation, in order, each stamped with the session. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "gate/evaluate.h"
#include "gate/rules.h"
#include "gate/sequential.h"
#include "lib/cleanup.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/path.h"
#include "lib/rand.h"
#include "lib/units.h"
#include "probe/probe.h"
#include "report/report.h"
#include "model/result.h"
#include "report/words.h"
#include "runner/options.h"
#include "runner/runner.h"
#include "verdict/base.h"

volatile sig_atomic_t runner_signal;
volatile sig_atomic_t runner_child;

/* The results written since the last sync, made durable this often too. */
#define RUNNER_DURABLE_S 10
static struct outfile_later later;
static double later_t0;

struct outfile_later *
runner_later(void)
{
	return &later;
}

static int
durable(char *err)
{
	char why[ERRLEN];

	later_t0 = clock_monotonic_ns() / 1e9;
	if (later.n == 0 || outfile_later_sync(&later, why) == 0)
		return 0;
	return errf(err, "making the results durable: %s", why);
}

/* A first signal goes on to the command's group; a second ends us at once. */
static void
on_signal(int sig)
{
	if (runner_signal != 0) {
		cleanup_now();
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	runner_signal = sig;
	if (runner_child > 0)
		kill(-(pid_t)runner_child, sig);
}

void
runner_catch(void)
{
	/* in its place: what registers files with it later keeps this handler */
	cleanup_install();
	cleanup_catch(on_signal);
}

/* Where the extension of out's last component starts, or its end. */
static size_t
ext_at(const char *out)
{
	const char *base = path_base(out), *dot = strrchr(base, '.');

	/* ".json" alone is a name, not an extension */
	return dot == NULL || dot == base ? strlen(out) : (size_t)(dot - out);
}

char *
runner_beside(const char *out, const char *suffix)
{
	return xasprintf("%.*s%s", (int)ext_at(out), out, suffix);
}

/* out with ".ENGINE" (unless NULL) and ".RUN" (unless 0) before its extension. */
static char *
runner_path(const char *out, const char *engine, long long run)
{
	size_t at = ext_at(out);
	char num[32] = "";

	if (run > 0)
		snprintf(num, sizeof num, ".%lld", run);
	return xasprintf("%.*s%s%s%s%s", (int)at, out, engine ? "." : "",
	    engine ? engine : "", num, out + at);
}

/* Round i's order of n engines: two in ABBA, more shuffled from state. */
static void
round_order(size_t *at, size_t n, long long i, uint64_t *state)
{
	size_t k, j, t;

	for (k = 0; k < n; k++)
		at[k] = n == 2 ? (size_t)((k + i) % 2) : k;
	for (k = n; k > 1 && n > 2; k--) {
		j = (size_t)(rand_next(state) % k);
		t = at[k - 1];
		at[k - 1] = at[j];
		at[j] = t;
	}
}

int
runner_plan_make(struct runner_plan *p, const char *const *names, size_t n,
    long long runs, const char *out, int always_name, char *err)
{
	size_t at[RUNNER_MAX_ENGINES], k, j;
	uint64_t state;
	long long i;

	*p = (struct runner_plan){ .nengines = n, .runs = runs,
	    .n = (size_t)runs * n };
	if (n == 0 || n > RUNNER_MAX_ENGINES)
		return errf(err, "%zu engines; expected 1 to %d", n, RUNNER_MAX_ENGINES);
	for (k = 0; k < n; k++)
		for (j = 0; j < k; j++)
			if (strcmp(names[j], names[k]) == 0)
				return errf(err, "engine %s named twice; expected a name "
				    "for each engine, such as ours and rival (the same "
				    "command may stand under two names)", names[k]);
			else if (strcasecmp(names[j], names[k]) == 0)
				return errf(err, "engine %s differs from engine %s in case "
				    "only: on a volume that ignores case (macOS's) their "
				    "results would be one file; expected names that differ "
				    "in more than case", names[k], names[j]);
	if (p->n > 1 && strcmp(out, "-") == 0)
		return errf(err, "-o -: %zu results cannot share standard output; "
		    "expected -o FILE, numbered for each run", p->n);
	session_new(&p->session, runs);
	state = strtoull(p->session.id + SESSION_ID_LEN - 16, NULL, 16);
	p->job = xcalloc(p->n, sizeof *p->job);
	for (i = 0; i < runs; i++) {
		round_order(at, n, i, &state);
		for (k = 0; k < n; k++)
			p->job[(size_t)i * n + k] = (struct runner_job){
			    .engine = at[k], .name = names[at[k]], .index = i + 1,
			    .out = p->n == 1 && !always_name ? xstrdup(out) :
			    runner_path(out, n > 1 || always_name ? names[at[k]] :
			    NULL, runs > 1 || always_name ? i + 1 : 0) };
	}
	return 0;
}

void
runner_plan_free(struct runner_plan *p)
{
	size_t i;

	for (i = 0; i < p->n && p->job != NULL; i++)
		free(p->job[i].out);
	free(p->job);
	memset(p, 0, sizeof *p);
}

static double
now_s(void)
{
	struct timespec t = clock_unix();

	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void
runner_ended(struct result_session *s)
{
	s->ended_s = now_s();
}

/* The run in progress, for the progress line. */
static struct {
	const struct runner_plan *p;
	size_t i;
	double t0, last;
	int tty;
} now;

/* On a terminal one line redrawn in place; else a line a run. */
static void
progress(void)
{
	const struct runner_job *j = &now.p->job[now.i];
	double gone = clock_monotonic_ns() / 1e9 - now.t0;
	char left[64] = "", line[256], shown[300];

	if (now.p->n == 1)
		return;
	if (now.i > 0)
		snprintf(left, sizeof left, ", about %.0fs left",
		    gone / (double)now.i * (double)(now.p->n - now.i));
	snprintf(line, sizeof line, "run %zu of %zu: %s, run %lld of %lld, to %s "
	    "(%.0fs gone%s)", now.i + 1, now.p->n, j->name, j->index, now.p->runs,
	    j->out, gone, left);
	if (!now.tty) {
		err_warn("%s", line);
		return;
	}
	now.last = gone;
	snprintf(shown, sizeof shown, "%s: %s", err_prog(), line);
	err_status(shown);
}

void
runner_tick(void)
{
	if (now.p != NULL && now.tty &&
	    clock_monotonic_ns() / 1e9 - now.t0 - now.last >= 1)
		progress();
}

const char *
runner_signal_name(int sig)
{
	return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" :
	    sig == SIGHUP ? "SIGHUP" : "a signal";
}

int
runner_probe(const char *dir, struct probe_record *rec, char *err)
{
	struct probe_options po;
	char perr[ERRLEN];

	probe_options_default(&po);
	po.dir = dir;
	po.stop = &runner_signal;
	if (probe_run(&po, rec, perr) < 0)
		return errf(err, "probe: %s", perr);
	return 0;
}

/*
 * One engine's runs, for the looks of runs until decided.  A look loads
 * only those written since the last: loading each again cost 10 ms a run
 * of 200,000 latencies, a tenth of a second a look at five runs a side.
 */
struct seq_side {
	struct result *r;
	struct gate_run_in *runs;
	size_t n, cap, runs_cap;
	struct gate_side_in in;
};

static void
seq_side_free(struct seq_side *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		result_free(&d->r[i]);
	free(d->r);
	free(d->runs);
	memset(d, 0, sizeof *d);
}

/* The engine's runs up to n in d, the new ones loaded from *from on. */
static int
seq_side_load(struct seq_side *d, const struct runner_plan *p, size_t engine,
    long long n, size_t *from, char *err)
{
	size_t i;

	*from = d->n;
	xgrow(&d->r, &d->cap, (size_t)n, sizeof *d->r);
	xgrow(&d->runs, &d->runs_cap, (size_t)n, sizeof *d->runs);
	for (i = 0; i < p->n; i++) {
		const struct runner_job *j = &p->job[i];

		if (j->engine != engine || j->index > n || j->index <= (long long)*from)
			continue;
		if (result_load(j->out, &d->r[d->n], err) < 0)
			return -1;
		d->runs[d->n].file = j->out;
		d->n++;
	}
	for (i = 0; i < d->n; i++) {
		d->runs[i].r = &d->r[i];
		d->runs[i].probe = d->r[i].probe;
	}
	d->in = (struct gate_side_in){ .r = &d->r[0], .probe = d->runs[0].probe,
	    .file = d->runs[0].file, .runs = d->runs, .nruns = d->n };
	return 0;
}

/* The looks of one invocation and the verdict of the last. */
struct runner_seq {
	struct gate_seq plan;
	const struct runner_opts *a;
	struct gate_verdict v;      /* the last look's */
	long long looked;           /* runs a side at the last look */
	struct seq_side side[2];    /* ours, the rival's: the runs loaded */
};

/* A look at n runs of each engine: 1 to stop, 0 to go on, -1 with err set. */
static int
seq_look(struct runner_seq *s, const struct runner_plan *p, long long n,
    char *err)
{
	struct seq_side *ours = &s->side[0], *rival = &s->side[1];
	struct gate_opts o = s->a->limits.g;
	size_t open, o0, r0;

	verdict_free(&s->v);
	o.mode = s->a->mode;
	o.confidence = gate_seq_level(&s->plan, n);
	/* --match renames the classes of the runs just loaded, each once */
	if (seq_side_load(ours, p, 0, n, &o0, err) < 0 ||
	    seq_side_load(rival, p, 1, n, &r0, err) < 0 ||
	    gate_pairs_apply(s->a->match, s->a->nmatch, ours->r + o0, ours->n - o0,
	    rival->r + r0, rival->n - r0, err) < 0 ||
	    gate_evaluate(&ours->in, &rival->in, s->a->match, s->a->nmatch, &o,
	    &s->v, err) < 0)
		return -1;
	s->looked = n;
	open = gate_seq_undecided(&s->v);
	err_warn("look %lld of %lld at %lld runs a side (level %.4g%%): %zu of %zu "
	    "checks undecided", n - s->plan.min + 1, gate_seq_looks(&s->plan), n,
	    100 * o.confidence, open, s->v.nchecks);
	return gate_seq_decided(&s->v) || s->v.nchecks == 0 || n >= s->plan.max;
}

/*
 * The plan's runs in turn until one fails or a signal comes (err says which
 * run), a look (looks unless NULL) after each whole round from min on.
 */
static int
go_each(struct runner_plan *p, runner_fn fn, void *ctx, long long min,
    struct runner_seq *looks, char *err)
{
	struct result_session *s = &p->session;
	char why[ERRLEN];
	size_t i, written = 0;
	int rc;

	for (i = 0; i < p->n; i++) {
		const struct runner_job *j = &p->job[i];

		if (runner_signal == 0) {
			now.i = i;
			progress();
			s->run = j->index;
			s->order = (long long)i + 1;
			s->started_s = now_s();
			s->ended_s = NAN;
			if (fn(ctx, j, s, why) == 0 && runner_signal == 0) {
				written++;
				if (clock_monotonic_ns() / 1e9 - later_t0 >= RUNNER_DURABLE_S &&
				    durable(err) < 0)
					return -1;
				if ((i + 1) % p->nengines != 0 || looks == NULL ||
				    j->index < min ||
				    (rc = seq_look(looks, p, j->index, err)) == 0)
					continue;
				return rc < 0 ? -1 : 0;
			}
		}
		if (runner_signal != 0)
			snprintf(why, sizeof why, "stopped by %s",
			    runner_signal_name(runner_signal));
		if (p->n == 1)
			memcpy(err, why, ERRLEN);
		else
			errf(err, "run %zu of %zu (%s, %s): %s; the %zu result%s "
			    "before it %s written, a set cut short (session %s)",
			    i + 1, p->n, j->name, j->out, why, written, written == 1 ?
			    "" : "s", written == 1 ? "was" : "were", s->id);
		return -1;
	}
	return 0;
}

/* go_each under the progress line; what it wrote made durable at the end. */
static int
runner_go_looking(struct runner_plan *p, runner_fn fn, void *ctx,
    long long min, struct runner_seq *looks, char *err)
{
	char why[ERRLEN];
	int rc;

	now.p = p;
	now.t0 = later_t0 = clock_monotonic_ns() / 1e9;
	now.tty = isatty(STDERR_FILENO);
	rc = go_each(p, fn, ctx, min, looks, err);
	now.p = NULL;
	err_status(NULL);
	/* however the runs ended, the results written are on disk before we go */
	if (durable(why) < 0) {
		if (rc == 0)
			memcpy(err, why, ERRLEN);
		else
			err_warn("%s", why);
		rc = -1;
	}
	return rc;
}

/* v as JSON to path (atomically) and as text to stdout; 0, or -1 with err. */
static int
runner_verdict_write(struct gate_verdict *v, const char *path, int verbose,
    char *err)
{
	struct render_opts ro;
	struct outfile out;

	if (outfile_open(&out, path, err) < 0)
		return -1;
	report_words(v);
	render_opts_detect(&ro, out.fp, 0);
	if (report_json(out.fp, v, &ro) < 0) {
		outfile_abort(&out);
		return errf(err, "%s: cannot write the verdict", path);
	}
	if (outfile_close(&out, err) < 0)
		return -1;
	render_opts_detect(&ro, stdout, !units_locale_utf8());
	ro.verbose = verbose;
	if (report_text(stdout, v, &ro) < 0 || fflush(stdout) != 0)
		return errf(err, "standard output:");
	return 0;
}

int
runner_seq_go(const struct runner_opts *a, struct runner_plan *p,
    runner_fn fn, void *ctx, const char *verdict, int *status, char *err)
{
	struct runner_seq s = { .a = a, .plan = { .min = a->min_runs,
	    .max = a->runs, .confidence = a->limits.g.confidence } };
	int rc = -1;

	*status = EXIT_PASS;
	if (a->min_runs == 0)
		return runner_go_looking(p, fn, ctx, 0, NULL, err);
	gate_seq_plan(&s.plan, a->mode);
	p->session.plan_min = s.plan.min;
	p->session.plan_max = s.plan.max;
	p->session.plan_confidence = s.plan.confidence;
	if (runner_go_looking(p, fn, ctx, a->min_runs, &s, err) < 0)
		goto out;
	/* a zeroed verdict written would pass unruled: never without a look */
	if (s.looked == 0) {
		errf(err, "no look was made: fewer than %lld runs a side were "
		    "written", s.plan.min);
		goto out;
	}
	gate_seq_note(&s.v, &s.plan, s.looked);
	if (runner_verdict_write(&s.v, verdict, a->verbose, err) < 0)
		goto out;
	*status = verdict_exit_status(&s.v, a->strict);
	rc = 0;
out:
	verdict_free(&s.v);
	seq_side_free(&s.side[0]);
	seq_side_free(&s.side[1]);
	return rc;
}
