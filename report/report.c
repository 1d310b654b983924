/* SPDX-License-Identifier: MIT */
/*
 * `syncgate report FILE`: a saved verdict, result or probe record, by its
 * "format" key, in each format asked; each -o written whole or not at all.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/verdict_load.h"
#include "report/words.h"
#include "lib/args.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "model/probe_record.h"
#include "model/result.h"
#include "lib/outputs.h"
#include "report/report.h"

#define HELP (-1)

struct options {
	const char *file;
	int ascii, verbose, summary, annotations;
	struct outputs outs;
};

enum kind { IS_VERDICT, IS_RESULT, IS_PROBE };

struct input {
	enum kind kind;
	struct gate_verdict verdict;
	struct result result;
	struct probe_record probe;
};

void
report_usage(FILE *fp)
{
	char formats[128];

	fprintf(fp,
	    "usage: syncgate report FILE [--ascii] [--format FORMAT] [-o FILE]... [--summary]\n"
	    "                       [--github-annotations] [--verbose]\n"
	    "\n"
	    "Renders a saved verdict (syncgate-verdict/1) in any format, sums up one\n"
	    "engine's result (syncgate-result/1) as text, markdown or json, or prints\n"
	    "a probe's record (syncgate-probe/1) as text or json; the file's \"format\"\n"
	    "says which it is.\n"
	    "\n"
	    "  --ascii            print \"us\" for microseconds, and no symbols\n"
	    "  --format FORMAT    one of the formats below (default text)\n"
	    "  --github-annotations\n"
	    "                     print a verdict's ::error line for each failed check\n"
	    "                     and ::warning line for each indeterminate one\n"
	    "  -h, --help         print this help\n"
	    "  --                 end of the options: FILE after it may start with -\n"
	    "  -o, --output FILE  write the format given before it to FILE (- for\n"
	    "                     standard output); repeat --format F -o FILE for more\n"
	    "  --summary          append the Markdown to $GITHUB_STEP_SUMMARY\n"
	    "  --verbose          a verdict's checks with their reasons in full\n"
	    "                     sentences, in the text and Markdown\n"
	    "\n"
	    "formats: %s\n"
	    "\n"
	    "exit status: 0 rendered (a verdict: it passed or could not rule), 1 a\n"
	    "rendered verdict that failed, 2 trouble (usage, unreadable or malformed\n"
	    "input, a write error)\n", report_format_list(formats, sizeof formats, " or "));
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int
usage_error(const char *fmt, ...)
{
	char msg[ERRLEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	err_warn("%s; see syncgate help report", msg);
	return EXIT_TROUBLE;
}

/* Without -o, standard output; a --format after the last -o names no file. */
static int
finish(int argc, char **argv, struct options *op)
{
	char err[ERRLEN];

	if (optind == argc)
		return usage_error("no FILE to report on; expected one");
	if (optind < argc - 1)
		return usage_error("unexpected argument %s; expected one FILE",
		    argv[optind + 1]);
	op->file = argv[optind];
	if (outputs_end(&op->outs, err) < 0 || (op->annotations &&
	    outputs_check_annotations(&op->outs, err) < 0)) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	return 0;
}

/* Returns 0, HELP, or EXIT_TROUBLE after saying what was wrong. */
static int
parse(int argc, char **argv, struct options *op)
{
	enum { OPT_FORMAT = 256 };
	/* the switches set their fields themselves: getopt_long returns 0 */
	const struct option longs[] = {
		{ "ascii", no_argument, &op->ascii, 1 },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "github-annotations", no_argument, &op->annotations, 1 },
		{ "help", no_argument, NULL, 'h' },
		{ "output", required_argument, NULL, 'o' },
		{ "summary", no_argument, &op->summary, 1 },
		{ "verbose", no_argument, &op->verbose, 1 },
		{ NULL, 0, NULL, 0 }
	};
	char opt[3], err[ERRLEN];
	int c;

	memset(op, 0, sizeof *op);
	outputs_init(&op->outs, OUTPUTS_MAX, report_format_nth);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:", longs, NULL)) != -1) {
		if (c != ':' && args_check_value(argv, optind, optarg, ":ho:", longs,
		    err) < 0)
			return usage_error("%s", err);
		switch (c) {
		case 0:
			break;
		case OPT_FORMAT:
			if (outputs_format(&op->outs, optarg, err) < 0)
				return usage_error("%s", err);
			break;
		case 'h':
			return HELP;
		case 'o':
			if (outputs_add(&op->outs, optarg, err) < 0)
				return usage_error("%s", err);
			break;
		case ':':
			return usage_error("%s needs a value", argv[optind - 1]);
		default:
			return usage_error("unknown option %s", args_unknown(argv, optind,
			    opt));
		}
	}
	return finish(argc, argv, op);
}

static int
load(const char *path, struct input *in, char *err)
{
	cJSON *root = json_load_file(path, JSON_MAX_BYTES, err);
	const cJSON *f;
	int rc = -1;

	if (root == NULL)
		return -1;
	f = json_member(root, "format");
	if (!cJSON_IsString(f)) {
		errf(err, "%s: format is %s; expected \"%s\", \"%s\" or \"%s\"", path,
		    json_kind(f), VERDICT_FORMAT, RESULT_FORMAT, PROBE_FORMAT);
	} else if (strncmp(f->valuestring, VERDICT_FORMAT,
	    sizeof VERDICT_FORMAT - 2) == 0) {
		/* any syncgate-verdict/N: the loader says which versions it reads */
		in->kind = IS_VERDICT;
		rc = verdict_from_json(root, path, &in->verdict, err);
		if (rc == 0)
			report_words(&in->verdict);
	} else if (strcmp(f->valuestring, RESULT_FORMAT) == 0) {
		in->kind = IS_RESULT;
		rc = result_from_json(root, path, &in->result, err);
	} else if (strcmp(f->valuestring, PROBE_FORMAT) == 0) {
		in->kind = IS_PROBE;
		rc = probe_record_from_json(root, path, "probe", &in->probe, err);
	} else {
		errf(err, "%s: format is \"%.40s\"; expected \"%s\", \"%s\" or \"%s\"",
		    path, f->valuestring, VERDICT_FORMAT, RESULT_FORMAT, PROBE_FORMAT);
	}
	cJSON_Delete(root);
	return rc;
}

static int
supports(const struct input *in, const struct report_format *f)
{
	return in->kind == IS_VERDICT || (in->kind == IS_RESULT ? f->result != NULL :
	    f->probe != NULL);
}

static int
render(FILE *fp, const struct input *in, const struct report_format *f,
    const struct render_opts *o)
{
	if (in->kind == IS_VERDICT)
		return f->verdict(fp, &in->verdict, o);
	if (in->kind == IS_RESULT)
		return f->result(fp, &in->result, o);
	return f->probe(fp, &in->probe, o);
}

struct rendering {
	const char *file;
	const struct input *in;
	int ascii, verbose;
};

static int
render_output(FILE *fp, const struct output *out, const void *arg, char *err)
{
	const struct rendering *r = arg;
	struct render_opts o;
	char why[512];

	render_opts_detect(&o, fp, r->ascii);
	o.verbose = r->verbose;
	if (r->in->kind == IS_VERDICT &&
	    report_history_why(&r->in->verdict, &report_formats[out->format], why, sizeof why))
		return errf(err, "%s: cannot render the verdict as %s: %s", r->file,
		    report_format_nth(out->format), why);
	if (render(fp, r->in, &report_formats[out->format], &o) < 0)
		return errf(err, "%s: cannot render the %s as %s", r->file,
		    r->in->kind == IS_PROBE ? "probe" : r->in->kind == IS_RESULT ?
		    "result" : "verdict", report_format_nth(out->format));
	return 0;
}

static int
summary(const struct input *in, int ascii, char *err)
{
	struct render_opts o = { .ascii = ascii };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc;

	if (in->kind == IS_VERDICT) {
		rc = report_summary(&in->verdict, &o, err);
	} else {
		fp = open_memstream(&buf, &len);
		if (fp == NULL)
			return errf(err, "--summary:");
		rc = render(fp, in, report_format_find("markdown"), &o);
		if (fclose(fp) != 0 || rc < 0) {
			free(buf);
			return errf(err, "--summary: cannot render it as markdown");
		}
		rc = report_summary_append(buf, len, err);
		free(buf);
	}
	if (rc == 1)
		err_warn("--summary: GITHUB_STEP_SUMMARY is not set; no summary written");
	else if (rc >= 2)
		err_warn("%s", err);
	return rc < 0 ? -1 : 0;
}

static void
input_free(struct input *in)
{
	if (in->kind == IS_VERDICT)
		verdict_free(&in->verdict);
	else if (in->kind == IS_RESULT)
		result_free(&in->result);
	else
		probe_record_free(&in->probe);
}

/* Refuses a format the file has no form in before writing anything. */
static int
check_formats(const struct options *op, const struct input *in, char *err)
{
	size_t i;

	for (i = 0; i < op->outs.n; i++)
		if (!supports(in, &report_formats[op->outs.v[i].format]))
			return errf(err, "%s: a %s renders as %s, not %s", op->file,
			    in->kind == IS_RESULT ? "result" : "probe",
			    in->kind == IS_RESULT ? "text, markdown or json" : "text or json",
			    report_format_nth(op->outs.v[i].format));
	if (op->annotations && in->kind != IS_VERDICT)
		return errf(err, "--github-annotations: %s: a %s has no checks to "
		    "annotate; expected a verdict", op->file,
		    in->kind == IS_RESULT ? "result" : "probe");
	if (op->summary && !supports(in, report_format_find("markdown")))
		return errf(err, "--summary: %s: a probe has no Markdown form", op->file);
	return 0;
}

/* No output may replace an input, nor the step summary be an -o file. */
static int
check_outputs(const struct options *op, const struct input *in, char *err)
{
	const char *what = in->kind == IS_VERDICT ? "the verdict" :
	    in->kind == IS_RESULT ? "the result's summary" : "the probe record";
	struct fileset fs;
	int rc;

	fileset_init(&fs);
	if (in->kind == IS_RESULT)
		fileset_result(&fs, &in->result);
	else
		fileset_input(&fs, op->file, NULL);
	rc = outputs_check(&op->outs, &fs, what, err);
	if (rc == 0 && op->summary)
		rc = report_summary_check(&fs, err);
	fileset_free(&fs);
	return rc;
}

int
report_main(int argc, char **argv)
{
	struct options op;
	struct input in;
	struct rendering r;
	char err[ERRLEN];
	int rc;

	rc = parse(argc, argv, &op);
	if (rc == HELP) {
		report_usage(stdout);
		return outfile_shut(stdout, "standard output");
	}
	if (rc != 0)
		return rc;
	memset(&in, 0, sizeof in);
	if (load(op.file, &in, err) < 0) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	if (check_formats(&op, &in, err) < 0 || check_outputs(&op, &in, err) < 0) {
		err_warn("%s", err);
		rc = EXIT_TROUBLE;
		goto out;
	}
	r = (struct rendering){ op.file, &in, op.ascii, op.verbose };
	if (outputs_write(&op.outs, render_output, &r) < 0)
		rc = EXIT_TROUBLE;
	if (op.summary && summary(&in, op.ascii, err) < 0) {
		err_warn("%s", err);
		rc = EXIT_TROUBLE;
	}
	if (op.annotations) {
		report_annotations(stdout, &in.verdict);
		if (outfile_shut(stdout, "standard output") != EXIT_PASS)
			rc = EXIT_TROUBLE;
	}
	/* the verdict as the gate rules it again, so a doctored one fails too */
	if (rc == 0 && in.kind == IS_VERDICT)
		rc = verdict_exit_status(&in.verdict, 0);
out:
	input_free(&in);
	return rc;
}
