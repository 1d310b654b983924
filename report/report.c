/* SPDX-License-Identifier: MIT */
/*
 * `syncgate report FILE`: a saved verdict, result or probe record, by its
 * "format" key, in each format asked; each -o written whole or not at all.
 */
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

enum { OPT_ASCII = 256, OPT_FORMAT, OPT_GITHUB_ANNOTATIONS, OPT_OUTPUT,
	OPT_SUMMARY, OPT_VERBOSE };

static const struct arg_opt options[] = {
	{ .name = "ascii", .id = OPT_ASCII,
	  .help = "print \"us\" for microseconds, and no symbols" },
	{ .name = "format", .value = "FORMAT", .id = OPT_FORMAT,
	  .help = "one of the formats below (default text)" },
	{ .name = "github-annotations", .id = OPT_GITHUB_ANNOTATIONS,
	  .help = "print a verdict's ::error line for each failed check and "
	  "::warning line for each indeterminate one" },
	{ .name = "help", .letter = 'h', .id = ARG_HELP, .help = "print this help" },
	{ .name = "", .help = "end of the options: FILE after it may start with -" },
	OUTPUTS_OPTION(OPT_OUTPUT),
	{ .name = "summary", .id = OPT_SUMMARY,
	  .help = "append the Markdown to $GITHUB_STEP_SUMMARY" },
	{ .name = "verbose", .id = OPT_VERBOSE,
	  .help = "a verdict's checks with their reasons in full sentences, in "
	  "the text and Markdown" },
};

void
report_usage(FILE *fp)
{
	char formats[128];

	fputs(
	    "usage: syncgate report FILE [--ascii] [--format FORMAT] [-o FILE]... [--summary]\n"
	    "                       [--github-annotations] [--verbose]\n"
	    "\n"
	    "Renders a saved verdict (syncgate-verdict/1) in any format, sums up one\n"
	    "engine's result (syncgate-result/1) as text, markdown or json, or prints\n"
	    "a probe's record (syncgate-probe/1) as text or json; the file's \"format\"\n"
	    "says which it is.\n"
	    "\n", fp);
	args_help(fp, options, sizeof options / sizeof options[0]);
	fprintf(fp, "\n"
	    "formats: %s\n"
	    "\n"
	    "exit status: 0 rendered (a verdict: it passed or could not rule), 1 a\n"
	    "rendered verdict that failed, 2 trouble (usage, unreadable or malformed\n"
	    "input, a write error)\n", report_format_list(formats, sizeof formats, " or "));
}

static int
take(void *ctx, int id, const char *v, char *err)
{
	struct options *op = ctx;

	switch (id) {
	case OPT_ASCII: op->ascii = 1; break;
	case OPT_GITHUB_ANNOTATIONS: op->annotations = 1; break;
	case OPT_SUMMARY: op->summary = 1; break;
	case OPT_VERBOSE: op->verbose = 1; break;
	case OPT_FORMAT: return outputs_format(&op->outs, v, err);
	case OPT_OUTPUT: return outputs_add(&op->outs, v, err);
	default:
		if (op->file != NULL)
			return errf(err, "unexpected argument %s; expected one FILE; see "
			    "syncgate help report", v);
		op->file = v;
	}
	return 0;
}

/*
 * Returns 0, HELP, or EXIT_TROUBLE after saying what was wrong.  Without
 * -o, standard output; a --format after the last -o names no file.
 */
static int
parse(int argc, char **argv, struct options *op)
{
	static const struct arg_cmd cmd = ARG_CMD("syncgate help report",
	    options, take);
	char err[ERRLEN];
	int rc;

	memset(op, 0, sizeof *op);
	outputs_init(&op->outs, OUTPUTS_MAX, report_format_nth);
	if ((rc = args_parse(&cmd, op, argc, argv, err)) > 0)
		return HELP;
	if (rc == 0 && op->file == NULL)
		rc = errf(err, "no FILE to report on; expected one; see syncgate "
		    "help report");
	if (rc < 0 || outputs_end(&op->outs, err) < 0 || (op->annotations &&
	    outputs_check_annotations(&op->outs, err) < 0)) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	return 0;
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

	render_opts_detect(&o, fp, r->ascii);
	o.verbose = r->verbose;
	if (r->in->kind == IS_VERDICT)
		return report_verdict_to(fp, &r->in->verdict, out->format, &o, r->file,
		    err);
	if (render(fp, r->in, &report_formats[out->format], &o) < 0)
		return errf(err, "%s: cannot render the %s as %s", r->file,
		    r->in->kind == IS_PROBE ? "probe" : "result",
		    report_format_nth(out->format));
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
