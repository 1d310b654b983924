/* SPDX-License-Identifier: MIT */
/*
 * `syncgate gate`: holds one engine's result against a rival's (reads as
 * a speedup, writes in durable syncs) or against its own baseline (every
 * class as a regression), prints the verdict whether it passes or fails,
 * and writes it in as many formats as asked.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gate/gate.h"
#include "gate/rules.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/units.h"
#include "report/outputs.h"
#include "report/report.h"

struct args {
	const char *ours, *rival, *baseline;
	const char *probe, *rival_probe;
	struct gate_opts opts;
	int strict, ascii, summary;
	int speedup_given, syncs_given, regression_given;
	struct outputs outs;
};

void
gate_usage(FILE *fp)
{
	char formats[128];

	fprintf(fp,
	    "usage: syncgate gate OURS.json --rival RIVAL.json [--read-speedup X]\n"
	    "                     [--commit-syncs N] [--probe FILE] [--rival-probe FILE]\n"
	    "                     [--confidence LEVEL] [--strict] [--ascii]\n"
	    "                     [--format FORMAT] [-o FILE] [--summary]\n"
	    "       syncgate gate NEW.json --baseline OLD.json [--max-regression PCT]\n"
	    "                     [--probe FILE] [--rival-probe FILE]\n"
	    "                     [--confidence LEVEL] [--strict] [--ascii]\n"
	    "                     [--format FORMAT] [-o FILE] [--summary]\n"
	    "\n"
	    "Reads are ruled as a speedup (rival / ours) at p50 and p99; writes in\n"
	    "units of one durable sync of the volume, from the results' probes.\n"
	    "\n"
	    "  --ascii               print \"us\" for microseconds and ASCII only\n"
	    "  --baseline OLD.json   rule each class as a regression against OLD.json\n"
	    "  --commit-syncs N      our write p50 at most N syncs (default 2)\n"
	    "  --confidence LEVEL    level of every interval (default 95%%)\n"
	    "  --format FORMAT       %s (default text)\n"
	    "  -h, --help            print this help\n"
	    "  --max-regression PCT  with --baseline: at most PCT slower (default 5%%)\n"
	    "  -o, --output FILE     write the format given before it to FILE (- for\n"
	    "                        standard output); repeat --format F -o FILE for more\n"
	    "  --probe FILE          our volume's probe, over the one OURS.json embeds\n"
	    "  --read-speedup X      reads at least X times faster than the rival (10)\n"
	    "  --rival RIVAL.json    rule against another engine's result\n"
	    "  --rival-probe FILE    the rival's (or baseline's) probe, over its embedded one\n"
	    "  --strict              exit 3 when the gate cannot rule\n"
	    "  --summary             append the Markdown verdict to $GITHUB_STEP_SUMMARY\n"
	    "\n"
	    "exit status: 0 passed (or could not rule, without --strict), 1 failed,\n"
	    "2 trouble (usage, unreadable or malformed input, a write error),\n"
	    "3 could not rule (with --strict)\n",
	    report_format_list(formats, sizeof formats, " or "));
}

enum {
	OPT_ASCII = 256, OPT_BASELINE, OPT_COMMIT_SYNCS, OPT_CONFIDENCE, OPT_FORMAT,
	OPT_MAX_REGRESSION, OPT_PROBE, OPT_READ_SPEEDUP, OPT_RIVAL, OPT_RIVAL_PROBE,
	OPT_STRICT, OPT_SUMMARY
};

static const struct option longopts[] = {
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "commit-syncs", required_argument, NULL, OPT_COMMIT_SYNCS },
	{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "help", no_argument, NULL, 'h' },
	{ "max-regression", required_argument, NULL, OPT_MAX_REGRESSION },
	{ "output", required_argument, NULL, 'o' },
	{ "probe", required_argument, NULL, OPT_PROBE },
	{ "read-speedup", required_argument, NULL, OPT_READ_SPEEDUP },
	{ "rival", required_argument, NULL, OPT_RIVAL },
	{ "rival-probe", required_argument, NULL, OPT_RIVAL_PROBE },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "summary", no_argument, NULL, OPT_SUMMARY },
	{ NULL, 0, NULL, 0 }
};

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
	struct gate_opts *o = &a->opts;

	switch (opt) {
	case OPT_COMMIT_SYNCS:
		a->syncs_given = 1;
		return units_parse_real(s, 0.01, 1e6, &o->commit_syncs, "--commit-syncs", err);
	case OPT_CONFIDENCE:
		return units_parse_percent(s, 0.5, 1, &o->confidence, "--confidence", err);
	case OPT_MAX_REGRESSION:
		a->regression_given = 1;
		return units_parse_percent(s, 0, 10, &o->max_regression, "--max-regression",
		    err);
	default:
		a->speedup_given = 1;
		return units_parse_real(s, 0.01, 1e6, &o->read_speedup, "--read-speedup", err);
	}
}

static int
parse_one(int opt, struct args *a, char *err)
{
	switch (opt) {
	case 1:
		if (a->ours != NULL)
			return errf(err, "unexpected argument %s; expected one result "
			    "file and options", optarg);
		a->ours = optarg;
		return 0;
	case 'o':
		return outputs_add(&a->outs, optarg, err);
	case OPT_ASCII:
		a->ascii = 1;
		return 0;
	case OPT_BASELINE:
		return once(&a->baseline, optarg, "--baseline", err);
	case OPT_FORMAT:
		return outputs_format(&a->outs, optarg, err);
	case OPT_PROBE:
		return once(&a->probe, optarg, "--probe", err);
	case OPT_RIVAL:
		return once(&a->rival, optarg, "--rival", err);
	case OPT_RIVAL_PROBE:
		return once(&a->rival_probe, optarg, "--rival-probe", err);
	case OPT_STRICT:
		a->strict = 1;
		return 0;
	case OPT_SUMMARY:
		a->summary = 1;
		return 0;
	case OPT_COMMIT_SYNCS:
	case OPT_CONFIDENCE:
	case OPT_MAX_REGRESSION:
	case OPT_READ_SPEEDUP:
		return parse_number(opt, optarg, a, err);
	default:
		return errf(err, "unknown option; see syncgate help gate");
	}
}

/* What only makes sense together: one mode, its own thresholds, one result. */
static int
check_args(struct args *a, char *err)
{
	if (a->ours == NULL)
		return errf(err, "no result to gate; expected OURS.json (see syncgate "
		    "help gate)");
	if (a->rival == NULL && a->baseline == NULL)
		return errf(err, "no --rival RIVAL.json or --baseline OLD.json; "
		    "expected one of them");
	if (a->rival != NULL && a->baseline != NULL)
		return errf(err, "--rival and --baseline exclude each other; expected "
		    "one of them");
	if (a->baseline != NULL && (a->speedup_given || a->syncs_given))
		return errf(err, "%s applies with --rival, not --baseline",
		    a->speedup_given ? "--read-speedup" : "--commit-syncs");
	if (a->rival != NULL && a->regression_given)
		return errf(err, "--max-regression applies with --baseline, not --rival");
	if (outputs_end(&a->outs, err) < 0)
		return -1;
	a->opts.mode = a->baseline != NULL ? MODE_BASELINE : MODE_RIVAL;
	return 0;
}

static int
parse_args(int argc, char **argv, struct args *a, char *err)
{
	int opt;

	memset(a, 0, sizeof *a);
	gate_opts_init(&a->opts, MODE_RIVAL);
	outputs_init(&a->outs, OUTPUTS_MAX);
	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "-:ho:", longopts, NULL)) != -1) {
		if (opt == 'h')
			return 1;
		if (opt == '?' && optopt != 0)
			return errf(err, "unknown option -%c; see syncgate help gate",
			    optopt);
		if (opt == '?')
			return errf(err, "unknown option %s; see syncgate help gate",
			    argv[optind - 1]);
		if (opt == ':')
			return errf(err, "%s needs a value; see syncgate help gate",
			    argv[optind - 1]);
		if (parse_one(opt, a, err) < 0)
			return -1;
	}
	return check_args(a, err);
}

/* Everything loaded from disk, freed together. */
struct loaded {
	struct result ours, rival;
	struct probe_record probe, rival_probe;
	int have_probe, have_rival_probe;
};

static void
loaded_free(struct loaded *l)
{
	result_free(&l->ours);
	result_free(&l->rival);
	if (l->have_probe)
		probe_record_free(&l->probe);
	if (l->have_rival_probe)
		probe_record_free(&l->rival_probe);
}

/* Whether a and b name one file: the same device and inode. */
static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	    sa.st_ino == sb.st_ino;
}

/*
 * One file on both sides would rule a run against itself (a baseline
 * passes, a rival fails, neither says anything).
 */
static int
check_files(const struct args *a, char *err)
{
	const char *in[4] = { a->ours, a->rival ? a->rival : a->baseline, a->probe,
		a->rival_probe };
	const char *flag = a->rival ? "--rival" : "--baseline";
	size_t k;

	/* a result names its samples files relative to its folder: it must be a file */
	for (k = 0; k < 4; k++)
		if (in[k] != NULL && strcmp(in[k], "-") == 0)
			return errf(err, "-: reading a %s from standard input is not "
			    "supported; expected a file (./- for a file named -)",
			    k < 2 ? "result" : "probe");
	if (same_file(in[0], in[1]))
		return errf(err, "%s and %s %s are one file; expected two runs' "
		    "results", in[0], flag, in[1]);
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
	int rc;

	fileset_init(&fs);
	fileset_result(&fs, &l->ours);
	fileset_result(&fs, &l->rival);
	fileset_input(&fs, a->probe, NULL);
	fileset_input(&fs, a->rival_probe, NULL);
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

static int
load(const struct args *a, struct loaded *l, char *err)
{
	memset(l, 0, sizeof *l);
	l->ours.concurrency = l->rival.concurrency = -1;
	if (check_files(a, err) < 0 || result_load(a->ours, &l->ours, err) < 0)
		return -1;
	if (a->probe != NULL) {
		if (load_probe(a->probe, "--probe", &l->probe, err) < 0)
			return -1;
		l->have_probe = 1;
	}
	if (result_load(a->rival ? a->rival : a->baseline, &l->rival, err) < 0)
		return -1;
	if (a->rival_probe != NULL) {
		if (load_probe(a->rival_probe, "--rival-probe", &l->rival_probe,
		    err) < 0)
			return -1;
		l->have_rival_probe = 1;
	}
	return check_outputs(a, l, err);
}

static int
rule(const struct args *a, const struct loaded *l, struct gate_verdict *v,
    char *err)
{
	struct gate_side_in ours, rival;

	ours.r = &l->ours;
	ours.file = a->ours;
	ours.probe_file = a->probe;
	ours.probe = l->have_probe ? &l->probe : l->ours.probe;
	rival.r = &l->rival;
	rival.file = a->rival ? a->rival : a->baseline;
	rival.probe_file = a->rival_probe;
	rival.probe = l->have_rival_probe ? &l->rival_probe : l->rival.probe;
	if (gate_rule(&ours, &rival, &a->opts, v, err) < 0)
		return -1;
	gate_note_alike(v, &l->ours, &l->rival);
	return 0;
}

/* What each output renders. */
struct rendering {
	const struct gate_verdict *v;
	int ascii;
};

static int
render(FILE *fp, const struct output *out, const void *arg, char *err)
{
	const struct rendering *g = arg;
	struct render_opts ro;

	render_opts_detect(&ro, fp, g->ascii);
	if (report_render(fp, g->v, out->format, &ro) < 0)
		return errf(err, "%s: cannot render %s", out->path ? out->path :
		    "standard output", report_format_name(out->format));
	return 0;
}

/*
 * The Markdown verdict appended for GitHub Actions, by the rule `syncgate
 * report --summary` follows too: a step summary over 1 MiB is refused
 * whole and said, not an error.
 */
static int
write_summary(const struct gate_verdict *v, int ascii)
{
	struct render_opts ro = { ascii, 0 };
	char err[ERRLEN];
	int rc = report_summary(v, &ro, err);

	if (rc == 1)
		err_warn("--summary: GITHUB_STEP_SUMMARY is not set; no summary written");
	else if (rc != 0)
		err_warn("%s", err);
	return rc < 0 ? -1 : 0;
}

static int
exit_status(const struct gate_verdict *v, int strict)
{
	switch (v->overall) {
	case RULING_PASS:
		return EXIT_PASS;
	case RULING_FAIL:
		return EXIT_FAIL;
	default:
		return strict ? EXIT_INDETERMINATE : EXIT_PASS;
	}
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

	rc = parse_args(argc, argv, &a, err);
	if (rc > 0) {
		gate_usage(stdout);
		return outfile_shut(stdout, "standard output");
	}
	if (rc < 0) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	verdict_init(&v);
	rc = EXIT_TROUBLE;
	if (load(&a, &l, err) < 0 || rule(&a, &l, &v, err) < 0) {
		err_warn("%s", err);
		goto out;
	}
	g.v = &v;
	g.ascii = a.ascii;
	trouble = outputs_write(&a.outs, render, &g) < 0;
	if (a.summary)
		trouble |= write_summary(&v, a.ascii) < 0;
	rc = trouble ? EXIT_TROUBLE : exit_status(&v, a.strict);
out:
	verdict_free(&v);
	loaded_free(&l);
	return rc;
}
