/* SPDX-License-Identifier: MIT */
/*
 * `syncgate gate`: holds one engine's result against a rival's or its own
 * baseline's, and writes the verdict in as many formats as asked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/evaluate.h"
#include "gate/gate.h"
#include "gate/rules.h"
#include "verdict/base.h"
#include "lib/args.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/parallel.h"
#include "lib/path.h"
#include "lib/outputs.h"
#include "report/report.h"
#include "report/words.h"

/* The most runs a side: each a result in memory at once. */
#define GATE_MAX_RUNS 1000

struct files {
	const char *v[GATE_MAX_RUNS];
	size_t n;
	const char *flag;       /* the option naming them, or OURS.json */
};

struct args {
	struct files ours, rival, baseline;
	struct gate_pair match[GATE_MAX_PAIRS];
	size_t nmatch;
	const char *probe, *rival_probe, *noise;
	struct gate_opts opts;
	int strict, ascii, summary, annotations, verbose;
	int speedup_given, syncs_given, regression_given;
	struct outputs outs;
};

enum {
	OPT_ASCII = 256, OPT_BASELINE, OPT_COMMIT_SYNCS, OPT_CONFIDENCE, OPT_FORMAT,
	OPT_GITHUB_ANNOTATIONS, OPT_MATCH, OPT_MAX_REGRESSION, OPT_NOISE,
	OPT_OUTPUT, OPT_PART_OK, OPT_PROBE, OPT_READ_SPEEDUP, OPT_RIVAL,
	OPT_RIVAL_PROBE, OPT_SAME_HOST, OPT_SINGLE_RUN_OK, OPT_STRICT, OPT_SUMMARY,
	OPT_VERBOSE
};

/* Sorted by name, as --help lists them. */
static const struct arg_opt options[] = {
	{ .name = "ascii", .id = OPT_ASCII,
	  .help = "print \"us\" for microseconds and ASCII only" },
	{ .name = "baseline", .value = "OLD.json", .id = OPT_BASELINE,
	  .help = "rule each class as a regression against OLD.json (one run; "
	  "repeat it for each run of the baseline)" },
	{ .name = "commit-syncs", .value = "N", .id = OPT_COMMIT_SYNCS,
	  .help = "our write p50 at most N syncs, and at most N device flushes a "
	  "commit where both sides counted them (default 2)" },
	{ .name = "confidence", .value = "LEVEL", .id = OPT_CONFIDENCE,
	  .help = "level of every interval (default 95%)" },
	{ .name = "format", .value = "FORMAT", .id = OPT_FORMAT,
	  .help = "one of the formats below (default text)" },
	{ .name = "github-annotations", .id = OPT_GITHUB_ANNOTATIONS,
	  .help = "print an ::error line for each failed check and a ::warning "
	  "line for each indeterminate one" },
	{ .name = "help", .letter = 'h', .id = ARG_HELP, .help = "print this help" },
	{ .name = "", .help = "end of the options: every word after it is an "
	  "OURS.json (or NEW.json), even one that starts with -" },
	{ .name = "match", .value = "OURS=RIVAL", .id = OPT_MATCH,
	  .help = "hold our class OURS against the other side's class RIVAL, "
	  "named differently by another tool (write=fillrandom:write); "
	  "repeatable; each pair is named in a note of every output" },
	{ .name = "max-regression", .value = "PCT", .id = OPT_MAX_REGRESSION,
	  .help = "with --baseline: at most PCT slower (default 5%)" },
	{ .name = "noise", .value = "FILE", .id = OPT_NOISE,
	  .help = "the runner's run-to-run noise (syncgate calibrate), pooled "
	  "with the runs of the engine it measured" },
	OUTPUTS_OPTION(OPT_OUTPUT),
	{ .name = "part-ok", .id = OPT_PART_OK,
	  .help = "rule runs that are part of a set (some runs of an invocation "
	  "left out), naming what was left out (default: refused)" },
	{ .name = "probe", .value = "FILE", .id = OPT_PROBE,
	  .help = "our volume's probe, over the one OURS.json embeds" },
	{ .name = "read-speedup", .value = "X", .id = OPT_READ_SPEEDUP,
	  .help = "reads at least X times faster than the rival (10)" },
	{ .name = "rival", .value = "RIVAL.json", .id = OPT_RIVAL,
	  .help = "rule against another engine's result (one run; repeat it for "
	  "each run of the rival)" },
	{ .name = "rival-probe", .value = "FILE", .id = OPT_RIVAL_PROBE,
	  .help = "the rival's (or baseline's) probe, over its embedded one" },
	{ .name = "same-host", .id = OPT_SAME_HOST,
	  .help = "read checks indeterminate unless every run's result records "
	  "one host (default: a note where they differ)" },
	{ .name = "single-run-ok", .id = OPT_SINGLE_RUN_OK,
	  .help = "one run a side: rule on the runs' sampling alone, which fails "
	  "28% to 47% of checks on their limit where runs spread 5% to 25% "
	  "(default: a stated spread between runs is added, 0.20 on the log "
	  "scale at p50 and 0.30 at p99)" },
	{ .name = "strict", .id = OPT_STRICT,
	  .help = "exit 3 when the gate cannot rule" },
	{ .name = "summary", .id = OPT_SUMMARY,
	  .help = "append the Markdown verdict to $GITHUB_STEP_SUMMARY" },
	{ .name = "verbose", .id = OPT_VERBOSE,
	  .help = "each check's reason in full sentences, in the text and "
	  "Markdown, where a column of short words is the default" },
};

void
gate_usage(FILE *fp)
{
	char formats[128];

	fprintf(fp,
	    "usage: syncgate gate OURS.json... --rival RIVAL.json... [--read-speedup X]\n"
	    "                     [--commit-syncs N] [--probe FILE] [--rival-probe FILE]\n"
	    "                     [--noise FILE] [--same-host] [--single-run-ok]\n"
	    "                     [--confidence LEVEL] [--strict] [--ascii]\n"
	    "                     [--format FORMAT] [-o FILE] [--summary]\n"
	    "                     [--github-annotations] [--match OURS=RIVAL] [--part-ok]\n"
	    "                     [--verbose]\n"
	    "       syncgate gate NEW.json... --baseline OLD.json... [--max-regression PCT]\n"
	    "                     [--probe FILE] [--rival-probe FILE] [--noise FILE]\n"
	    "                     [--same-host] [--single-run-ok] [--confidence LEVEL]\n"
	    "                     [--strict] [--ascii] [--format FORMAT] [-o FILE]\n"
	    "                     [--summary] [--github-annotations] [--match OURS=RIVAL]\n"
	    "                     [--part-ok] [--verbose]\n"
	    "\n"
	    "Reads are ruled as a speedup (rival / ours) at p50 and p99; writes in\n"
	    "units of one durable sync of the volume, from the results' probes.\n"
	    "Each file is one run; give several runs a side (--rival and --baseline\n"
	    "once for each) and the intervals carry the variation between runs.\n"
	    "\n");
	args_help(fp, options, sizeof options / sizeof options[0]);
	fprintf(fp, "\n"
	    "formats: %s\n"
	    "\n"
	    "exit status: 0 passed (or could not rule, without --strict), 1 failed,\n"
	    "2 trouble (usage, unreadable or malformed input, a write error),\n"
	    "3 could not rule (with --strict)\n",
	    report_format_list(formats, sizeof formats, " or "));
}

static int
add_run(struct files *f, const char *path, char *err)
{
	if (f->n == GATE_MAX_RUNS)
		return errf(err, "%s: more than %d runs; expected at most %d a side",
		    f->flag, GATE_MAX_RUNS, GATE_MAX_RUNS);
	f->v[f->n++] = path;
	return 0;
}

/* One file-naming option given once: a second is a mistake, not an override. */
static int
once(const char **slot, const char *value, const char *name, char *err)
{
	if (*slot != NULL)
		return errf(err, "%s is given twice; expected it once", name);
	*slot = value;
	return 0;
}

static int
parse_number(int opt, const char *s, struct args *a, char *err)
{
	a->syncs_given |= opt == OPT_COMMIT_SYNCS;
	a->regression_given |= opt == OPT_MAX_REGRESSION;
	a->speedup_given |= opt == OPT_READ_SPEEDUP;
	return gate_limit_parse(&a->opts, opt == OPT_COMMIT_SYNCS ? "--commit-syncs" :
	    opt == OPT_CONFIDENCE ? "--confidence" : opt == OPT_MAX_REGRESSION ?
	    "--max-regression" : "--read-speedup", s, err);
}

static int
take(void *ctx, int opt, const char *v, char *err)
{
	struct args *a = ctx;
	/* the options that set a flag alone */
	int *const flag[OPT_VERBOSE - OPT_ASCII + 1] = {
		[OPT_ASCII - OPT_ASCII] = &a->ascii,
		[OPT_GITHUB_ANNOTATIONS - OPT_ASCII] = &a->annotations,
		[OPT_PART_OK - OPT_ASCII] = &a->opts.part_ok,
		[OPT_SAME_HOST - OPT_ASCII] = &a->opts.same_host,
		[OPT_SINGLE_RUN_OK - OPT_ASCII] = &a->opts.single_run_ok,
		[OPT_STRICT - OPT_ASCII] = &a->strict,
		[OPT_SUMMARY - OPT_ASCII] = &a->summary,
		[OPT_VERBOSE - OPT_ASCII] = &a->verbose,
	};

	if (opt >= OPT_ASCII && opt <= OPT_VERBOSE && flag[opt - OPT_ASCII]) {
		*flag[opt - OPT_ASCII] = 1;
		return 0;
	}
	switch (opt) {
	case ARG_WORD:
		return add_run(&a->ours, v, err);
	case OPT_OUTPUT:
		return outputs_add(&a->outs, v, err);
	case OPT_BASELINE:
		return add_run(&a->baseline, v, err);
	case OPT_NOISE:
		return once(&a->noise, v, "--noise", err);
	case OPT_FORMAT:
		return outputs_format(&a->outs, v, err);
	case OPT_MATCH:
		return gate_pair_add(a->match, &a->nmatch, v, err);
	case OPT_PROBE:
		return once(&a->probe, v, "--probe", err);
	case OPT_RIVAL:
		return add_run(&a->rival, v, err);
	case OPT_RIVAL_PROBE:
		return once(&a->rival_probe, v, "--rival-probe", err);
	case OPT_COMMIT_SYNCS:
	case OPT_CONFIDENCE:
	case OPT_MAX_REGRESSION:
	case OPT_READ_SPEEDUP:
		return parse_number(opt, v, a, err);
	}
	return errf(err, "unknown option; see syncgate help gate");
}

static const struct files *
other(const struct args *a)
{
	return a->rival.n > 0 ? &a->rival : &a->baseline;
}

/* What only makes sense together: one mode, its own thresholds, runs a side. */
static int
check_args(struct args *a, char *err)
{
	if (a->ours.n == 0)
		return errf(err, "no result to gate; expected OURS.json (see syncgate "
		    "help gate)");
	if (a->rival.n == 0 && a->baseline.n == 0)
		return errf(err, "no --rival RIVAL.json or --baseline OLD.json; "
		    "expected one of them");
	if (a->rival.n > 0 && a->baseline.n > 0)
		return errf(err, "--rival and --baseline exclude each other; expected "
		    "one of them");
	if (a->baseline.n > 0 && (a->speedup_given || a->syncs_given))
		return errf(err, "%s applies with --rival, not --baseline",
		    a->speedup_given ? "--read-speedup" : "--commit-syncs");
	if (a->rival.n > 0 && a->regression_given)
		return errf(err, "--max-regression applies with --baseline, not --rival");
	if (a->probe != NULL && a->ours.n > 1)
		return errf(err, "--probe with %zu runs of ours: each run's writes are "
		    "put in syncs by its own probe; expected --probe with one run",
		    a->ours.n);
	if (a->rival_probe != NULL && other(a)->n > 1)
		return errf(err, "--rival-probe with %zu runs of %s: each run's writes "
		    "are put in syncs by its own probe; expected --rival-probe with one "
		    "run", other(a)->n, other(a)->flag);
	if (outputs_end(&a->outs, err) < 0 ||
	    (a->annotations && outputs_check_annotations(&a->outs, err) < 0))
		return -1;
	a->opts.mode = a->baseline.n > 0 ? MODE_BASELINE : MODE_RIVAL;
	return 0;
}

static void
args_free(struct args *a)
{
	gate_pairs_free(a->match, a->nmatch);
	a->nmatch = 0;
}

static int
parse_args(int argc, char **argv, struct args *a, char *err)
{
	static const struct arg_cmd cmd = ARG_CMD("syncgate help gate", options,
	    take);
	int rc;

	memset(a, 0, sizeof *a);
	a->ours.flag = "OURS.json";
	a->rival.flag = "--rival";
	a->baseline.flag = "--baseline";
	gate_opts_init(&a->opts, MODE_RIVAL);
	outputs_init(&a->outs, OUTPUTS_MAX, report_format_nth);
	if ((rc = args_parse(&cmd, a, argc, argv, err)) != 0)
		return rc;
	return check_args(a, err);
}

/* One side loaded: its results, and the probe overriding the first's. */
struct side {
	struct result *r;
	struct gate_run_in *runs;
	size_t n;
	struct probe_record probe;
};

/* Everything loaded from disk, freed together. */
struct loaded {
	struct side ours, rival;
	struct noise noise;
};

static void
loaded_free(struct loaded *l)
{
	struct side *s[2] = { &l->ours, &l->rival };
	size_t i, k;

	for (k = 0; k < 2; k++) {
		for (i = 0; i < s[k]->n; i++)
			result_free(&s[k]->r[i]);
		free(s[k]->r);
		free(s[k]->runs);
		probe_record_free(&s[k]->probe);
	}
	noise_free(&l->noise);
}

static int
not_stdin(const char *path, const char *what, char *err)
{
	/* a result names its samples files relative to its folder: it must be a file */
	if (path != NULL && strcmp(path, "-") == 0)
		return errf(err, "-: reading a %s from standard input is not "
		    "supported; expected a file (./- for a file named -)", what);
	return 0;
}

/*
 * One file twice would rule a run against itself (a baseline passes, a
 * rival fails, neither says anything), or count one run as two and
 * narrow the interval by nothing measured.
 */
static int
check_files(const struct args *a, char *err)
{
	const struct files *o = &a->ours, *r = other(a);
	const char *flag = r->flag;
	size_t i, j;

	for (i = 0; i < o->n + r->n; i++)
		if (not_stdin(i < o->n ? o->v[i] : r->v[i - o->n], "result", err) < 0)
			return -1;
	if (not_stdin(a->probe, "probe", err) < 0 ||
	    not_stdin(a->rival_probe, "probe", err) < 0 ||
	    not_stdin(a->noise, "noise file", err) < 0)
		return -1;
	for (i = 0; i < o->n; i++)
		for (j = 0; j < r->n; j++)
			if (path_same_file(o->v[i], r->v[j]))
				return errf(err, "%s and %s %s are one file; expected two "
				    "runs' results", o->v[i], flag, r->v[j]);
	for (i = 0; i < o->n; i++)
		for (j = 0; j < i; j++)
			if (path_same_file(o->v[i], o->v[j]))
				return errf(err, "%s and %s are one file; expected each run "
				    "of ours once", o->v[j], o->v[i]);
	for (i = 0; i < r->n; i++)
		for (j = 0; j < i; j++)
			if (path_same_file(r->v[i], r->v[j]))
				return errf(err, "%s %s and %s %s are one file; expected each "
				    "run once", flag, r->v[j], flag, r->v[i]);
	return 0;
}

/*
 * An output written over an input would replace the user's result, probe
 * or samples with the verdict, and the step summary appended to an -o
 * file would spoil it: each is refused before anything is written.
 */
static int
check_outputs(const struct args *a, const struct loaded *l, char *err)
{
	struct fileset fs;
	size_t i;
	int rc;

	fileset_init(&fs);
	for (i = 0; i < l->ours.n + l->rival.n; i++)
		fileset_result(&fs, i < l->ours.n ? &l->ours.r[i] :
		    &l->rival.r[i - l->ours.n]);
	fileset_input(&fs, a->probe, NULL);
	fileset_input(&fs, a->rival_probe, NULL);
	fileset_input(&fs, a->noise, NULL);
	rc = outputs_check(&a->outs, &fs, "the verdict", err);
	if (rc == 0 && a->summary)
		rc = report_summary_check(&fs, err);
	fileset_free(&fs);
	return rc;
}

/* A probe file; a result given in its place is named as such. */
static int
load_probe(const char *path, const char *flag, struct probe_record *p,
    char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	const cJSON *f;
	int rc;

	probe_record_init(p);
	if (root == NULL)
		return -1;
	f = json_member(root, "format");
	if (cJSON_IsString(f) && strcmp(f->valuestring, RESULT_FORMAT) == 0)
		rc = errf(err, "%s: a %s result, not a probe; expected %s FILE to be "
		    "what syncgate probe --json prints (%s)", path, RESULT_FORMAT,
		    flag, PROBE_FORMAT);
	else
		rc = probe_record_from_json(root, path, "probe", p, err);
	cJSON_Delete(root);
	return rc;
}

struct load_job {
	const char *path;
	struct result *r;
	int rc;
	char err[ERRLEN];
};

static void
load_one(void *arg, size_t i)
{
	struct load_job *j = (struct load_job *)arg + i;

	j->rc = result_load(j->path, j->r, j->err);
}

/*
 * Every run of both sides, each on a core of its own: reading samples is
 * most of a gate's time.  The caller reports the first error in the
 * order one at a time would have met it.
 */
static struct load_job *
load_runs(const struct files *ours, const struct files *rival, struct side *o,
    struct side *r)
{
	struct load_job *j = xcalloc(ours->n + rival->n, sizeof *j);
	size_t i;

	o->r = xcalloc(ours->n, sizeof *o->r);
	r->r = xcalloc(rival->n, sizeof *r->r);
	for (i = 0; i < ours->n + rival->n; i++) {
		j[i].path = i < ours->n ? ours->v[i] : rival->v[i - ours->n];
		j[i].r = i < ours->n ? &o->r[i] : &r->r[i - ours->n];
	}
	parallel_for(ours->n + rival->n, load_one, j);
	/* each result is whole or empty: loaded_free frees them all */
	o->n = ours->n;
	r->n = rival->n;
	return j;
}

/* A side's runs, loaded into jobs, and its probe file where one was given. */
static int
load_side(const struct files *f, const struct load_job *jobs,
    const char *probe, const char *probe_flag, struct side *s, char *err)
{
	size_t i;

	s->runs = xcalloc(f->n, sizeof *s->runs);
	for (i = 0; i < f->n; i++) {
		if (jobs[i].rc < 0) {
			snprintf(err, ERRLEN, "%s", jobs[i].err);
			return -1;
		}
		s->runs[i].r = &s->r[i];
		s->runs[i].probe = s->r[i].probe;
		s->runs[i].file = f->v[i];
	}
	if (probe == NULL)
		return 0;
	if (load_probe(probe, probe_flag, &s->probe, err) < 0)
		return -1;
	s->runs[0].probe = &s->probe;
	return 0;
}

/*
 * A noise file answers for a side of one run: it must be of one of the
 * sides' engines and workloads, and hold every class that side ran.
 */
static int
check_noise(const struct args *a, const struct loaded *l, char *err)
{
	const struct noise *n = &l->noise;
	const struct side *sides[2] = { &l->ours, &l->rival };
	const struct result *r = NULL;
	char q[80];
	size_t k, i;

	for (k = 0; k < 2 && r == NULL; k++)
		if (strcmp(sides[k]->r[0].engine, n->engine) == 0)
			r = &sides[k]->r[0];
	if (r == NULL)
		return errf(err, "--noise %s: measured engine \"%s\", but the sides "
		    "are \"%s\" and \"%s\"; expected the noise of one of them",
		    a->noise, err_quote(q, sizeof q, n->engine), l->ours.r[0].engine,
		    l->rival.r[0].engine);
	if (n->workload && r->workload && strcmp(n->workload, r->workload) != 0)
		return errf(err, "--noise %s: measured workload \"%s\", but %s ran "
		    "\"%s\"; expected the noise of the same workload", a->noise,
		    n->workload, r->path, r->workload);
	for (i = 0; i < r->nclasses; i++)
		if (noise_find(n, r->classes[i].name) == NULL)
			return errf(err, "--noise %s: has no class \"%s\", which %s ran; "
			    "expected the noise of every class", a->noise,
			    err_quote(q, sizeof q, r->classes[i].name), r->path);
	return 0;
}

static int
load(const struct args *a, struct loaded *l, char *err)
{
	struct load_job *jobs;
	int rc;

	memset(l, 0, sizeof *l);
	if (check_files(a, err) < 0)
		return -1;
	jobs = load_runs(&a->ours, other(a), &l->ours, &l->rival);
	rc = load_side(&a->ours, jobs, a->probe, "--probe", &l->ours, err) < 0 ||
	    load_side(other(a), jobs + a->ours.n, a->rival_probe, "--rival-probe",
	    &l->rival, err) < 0 ? -1 : 0;
	free(jobs);
	if (rc < 0)
		return -1;
	if (a->noise != NULL && (noise_load(a->noise, &l->noise, err) < 0 ||
	    check_noise(a, l, err) < 0))
		return -1;
	if (gate_pairs_apply(a->match, a->nmatch, l->ours.r, l->ours.n,
	    l->rival.r, l->rival.n, err) < 0)
		return -1;
	return check_outputs(a, l, err);
}

static int
rule(const struct args *a, struct loaded *l, struct gate_verdict *v, char *err)
{
	const struct side *s[2] = { &l->ours, &l->rival };
	const char *probe[2] = { a->probe, a->rival_probe };
	struct gate_side_in in[2];
	struct gate_opts opts = a->opts;
	int k;

	for (k = 0; k < 2; k++)
		in[k] = (struct gate_side_in){ .r = &s[k]->r[0],
			.probe = s[k]->runs[0].probe, .file = s[k]->runs[0].file,
			.probe_file = probe[k], .runs = s[k]->runs, .nruns = s[k]->n };
	opts.noise = a->noise != NULL ? &l->noise : NULL;
	return gate_evaluate(&in[0], &in[1], a->match, a->nmatch, &opts, v, err);
}

struct rendering {
	const struct gate_verdict *v;
	int ascii, verbose;
};

static int
render(FILE *fp, const struct output *out, const void *arg, char *err)
{
	const struct rendering *g = arg;
	struct render_opts ro;

	render_opts_detect(&ro, fp, g->ascii);
	ro.verbose = g->verbose;
	return report_verdict_to(fp, g->v, out->format, &ro, out->path ?
	    out->path : "standard output", err);
}

/* The Markdown step summary, as report --summary: over 1 MiB said, not an error. */
static int
write_summary(const struct gate_verdict *v, int ascii)
{
	struct render_opts ro = { .ascii = ascii };
	char err[ERRLEN];
	int rc = report_summary(v, &ro, err);

	if (rc == 1)
		err_warn("--summary: GITHUB_STEP_SUMMARY is not set; no summary written");
	else if (rc != 0)
		err_warn("%s", err);
	return rc < 0 ? -1 : 0;
}

int
gate_main(int argc, char **argv)
{
	struct args a;
	struct loaded l;
	struct gate_verdict v;
	struct rendering g;
	char err[ERRLEN];
	int rc, trouble;

	if ((rc = parse_args(argc, argv, &a, err)) != 0) {
		args_free(&a);
		if (rc > 0) {
			gate_usage(stdout);
			return outfile_shut(stdout, "standard output");
		}
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	verdict_init(&v);
	rc = EXIT_TROUBLE;
	if (load(&a, &l, err) < 0 || rule(&a, &l, &v, err) < 0) {
		err_warn("%s", err);
		goto out;
	}
	report_words(&v);
	g = (struct rendering){ .v = &v, .ascii = a.ascii, .verbose = a.verbose };
	trouble = outputs_write(&a.outs, render, &g) < 0;
	if (a.summary)
		trouble |= write_summary(&v, a.ascii) < 0;
	if (a.annotations) {
		report_annotations(stdout, &v);
		trouble |= outfile_shut(stdout, "standard output") != EXIT_PASS;
	}
	rc = trouble ? EXIT_TROUBLE : verdict_exit_status(&v, a.strict);
out:
	verdict_free(&v);
	loaded_free(&l);
	args_free(&a);
	return rc;
}
