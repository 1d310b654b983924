/* SPDX-License-Identifier: MIT */
/*
 * `syncgate import`: the file is read here and parsed purely (import/parse.h),
 * so what is said about a file does not depend on how it was read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/formats.h"
#include "import/import.h"
#include "import/parse.h"
#include "lib/args.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/readfile.h"
#include "lib/utf8.h"
#include "lib/outputs.h"
#include "report/report.h"

/* Above any summary; a per-operation log (pgbench -l) of ~2 million ops. */
#define IMPORT_MAX_BYTES (64UL * 1024 * 1024)

struct import_args {
	const struct import_format *fmt;
	struct import_request q;
	const char *file;
	const char *probe;
	struct outputs outs;    /* -o FILE, once; else standard output */
};

/* What --workload replaces: the formats' one workload, or each its own. */
static const char *
default_workload(void)
{
	const struct import_format *f, *one = NULL;

	for (f = import_formats; f->name != NULL; f++) {
		if (!f->takes_workload)
			continue;
		if (one != NULL && strcmp(one->workload, f->workload) != 0)
			return "each format's own";
		one = f;
	}
	return one != NULL ? one->workload : "none";
}

enum { OPT_ENGINE = 256, OPT_KIND, OPT_OUTPUT, OPT_PROBE, OPT_UNIT,
	OPT_WORKLOAD };

/* --kind, --unit and --workload: "FORMATS only: " before their text. */
static const struct arg_opt options[] = {
	{ .name = "engine", .value = "NAME", .id = OPT_ENGINE,
	  .help = "the engine the benchmark ran against" },
	{ .name = "kind", .value = "KIND", .id = OPT_KIND,
	  .help = "read or write, what was timed" },
	{ .name = "probe", .value = "FILE", .id = OPT_PROBE,
	  .help = "a syncgate probe --json of the volume the run wrote to, "
	  "embedded so the gate can rule writes in syncs" },
	{ .name = "unit", .value = "UNIT", .id = OPT_UNIT,
	  .help = "the unit of the file's values" },
	{ .name = "workload", .value = "NAME", .id = OPT_WORKLOAD,
	  .help = "the workload's name" },
	{ .letter = 'o', .value = "FILE", .id = OPT_OUTPUT,
	  .help = "write the result to FILE, atomically" },
	{ .name = "", .help = "end of the options: FILE after it may start with -" },
	{ .name = "help", .letter = 'h', .id = ARG_HELP },
};

void
import_usage(FILE *fp)
{
	char names[256];
	size_t i;

	import_format_synopses(fp);
	fprintf(fp, "\n"
	    "Turns a benchmark's output into a syncgate-result/1 file (standard output\n"
	    "without -o) for syncgate gate.\n"
	    "\n");
	import_format_abouts(fp);
	fprintf(fp, "\n");
	for (i = 0; i < sizeof options / sizeof options[0]; i++) {
		unsigned takes = 0;
		char tail[64] = "", *text;

		switch (options[i].id) {
		case OPT_KIND: takes = IMPORT_TAKES_KIND; break;
		case OPT_UNIT: takes = IMPORT_TAKES_UNIT; break;
		case OPT_WORKLOAD:
			takes = IMPORT_TAKES_WORKLOAD;
			snprintf(tail, sizeof tail, " (default: %s)", default_workload());
			break;
		}
		if (options[i].help == NULL)
			continue;
		text = takes == 0 ? xstrdup(options[i].help) :
		    xasprintf("%s only: %s%s", import_format_names(names,
		    sizeof names, takes, " and "), options[i].help, tail);
		args_help_one(fp, &options[i], text);
		free(text);
	}
	fprintf(fp, "\n"
	    "exit status: 0 imported, 2 trouble (usage, an unreadable, truncated, empty\n"
	    "or other-format file, a write error)\n");
}

/* The i-th kind of --kind's list ("write,read"), or its one; -1 if none. */
static int
kind_at(const char *list, size_t i)
{
	const char *p = list, *pick = NULL;
	size_t n = 0, k;

	for (;;) {
		k = strcspn(p, ",");
		if (!(k == 4 && strncmp(p, "read", 4) == 0) &&
		    !(k == 5 && strncmp(p, "write", 5) == 0))
			return -1;
		if (n++ == i)
			pick = p;
		if (p[k] == '\0')
			break;
		p += k + 1;
	}
	if (n == 1)
		pick = list;
	return pick == NULL ? -1 : pick[0] == 'r' ? KIND_READ : KIND_WRITE;
}

/* Each class the kind of the number ending its name (scriptN), or the first. */
static int
apply_kind(struct result *r, const char *kind, char *err)
{
	size_t i, n;
	int k;

	for (i = 0; kind != NULL && i < r->nclasses; i++) {
		if (sscanf(r->classes[i].name, "script%zu", &n) != 1)
			n = 0;
		if ((k = kind_at(kind, n)) < 0)
			return errf(err, "--kind %s gives no kind for %s; expected one a "
			    "script, script0 first", kind, r->classes[i].name);
		r->classes[i].kind = (enum class_kind)k;
	}
	return 0;
}

static int
check_kind(const struct import_format *fmt, const char *kind, char *err)
{
	char names[256];

	if (fmt->kind == IMPORT_KIND_NONE)
		return errf(err, "%s: --kind is for %s only; a %s file says what each "
		    "operation is", fmt->name, import_format_names(names, sizeof names,
		    IMPORT_TAKES_KIND, " and "), fmt->tool);
	if (kind_at(kind, 0) < 0 ||
	    (fmt->kind == IMPORT_KIND_REQUIRED && strchr(kind, ',') != NULL))
		return errf(err, "%s: --kind %s; expected read or write%s", fmt->name,
		    kind, fmt->kind == IMPORT_KIND_REQUIRED ? "" : ", or one of them a "
		    "script, in script order, between commas (write,read)");
	return 0;
}

/* --kind and --unit say what a file does not: what was timed, and its unit. */
int
import_check(const struct import_request *q, char *err)
{
	const struct import_format *fmt = import_format_find(q->format);
	char names[256], units[64];

	if (fmt == NULL)
		return errf(err, "%s: unknown format; expected %s", q->format,
		    import_format_names(names, sizeof names, IMPORT_ALL, " or "));
	if (q->kind != NULL && check_kind(fmt, q->kind, err) < 0)
		return -1;
	if (q->unit != NULL && fmt->by_unit == NULL)
		return errf(err, "%s: --unit is for %s only; a %s file says its unit",
		    fmt->name, import_format_names(names, sizeof names,
		    IMPORT_TAKES_UNIT, " and "), fmt->tool);
	if (fmt->by_unit != NULL && q->unit == NULL)
		return errf(err, "%s: --unit %s is required: %s", fmt->name,
		    import_format_units(units, sizeof units, fmt, "|", "|"), fmt->unsaid);
	if (fmt->kind == IMPORT_KIND_REQUIRED && q->kind == NULL)
		return errf(err, "%s: --kind read|write is required: %s", fmt->name,
		    fmt->unsaid);
	if (import_format_parser(fmt, q->unit) == NULL)
		return errf(err, "%s: --unit %s; expected %s", fmt->name, q->unit,
		    import_format_units(units, sizeof units, fmt, ", ", " or "));
	if (q->workload != NULL && !fmt->takes_workload)
		return errf(err, "%s: --workload is for %s only; a %s run's workload "
		    "is %s", fmt->name, import_format_names(names, sizeof names,
		    IMPORT_TAKES_WORKLOAD, " and "), fmt->tool, fmt->workload);
	return 0;
}

static int
import_check_names(const struct import_request *q, char *err)
{
	const char *v = q->engine;

	if (v == NULL || v[0] == '\0')
		return errf(err, "%s: --engine NAME is required: the engine the "
		    "benchmark ran against", q->format);
	if (!utf8_blank(v))
		v = q->workload;
	/* the gate labels its columns with the engine: a blank one labels nothing */
	if (v == NULL || !utf8_blank(v))
		return 0;
	return errf(err, "%s: %s is %s; expected a name with something to show",
	    q->format, v == q->engine ? "--engine" : "--workload",
	    v[0] == '\0' ? "empty" : "only white space");
}

static int
take(void *ctx, int id, const char *v, char *err)
{
	struct import_args *a = ctx;

	switch (id) {
	case OPT_ENGINE: a->q.engine = v; break;
	case OPT_KIND: a->q.kind = v; break;
	case OPT_OUTPUT: return outputs_add(&a->outs, v, err);
	case OPT_PROBE: a->probe = v; break;
	case OPT_UNIT: a->q.unit = v; break;
	case OPT_WORKLOAD: a->q.workload = v; break;
	default:
		if (a->file != NULL)
			return errf(err, "one FILE at a time; see syncgate help import");
		a->file = v;
	}
	return 0;
}

/* 1 at --help, 0, or -1 after saying what was wrong. */
static int
parse_args(int argc, char **argv, const struct import_format *fmt,
    struct import_args *a)
{
	static const struct arg_cmd cmd = ARG_CMD("syncgate help import",
	    options, take);
	char err[ERRLEN];
	int rc;

	*a = (struct import_args){ .fmt = fmt, .q.format = fmt->name };
	outputs_init(&a->outs, 1, report_format_nth);
	if ((rc = args_parse(&cmd, a, argc, argv, err)) < 0)
		goto bad;
	if (rc > 0)
		return rc;
	if (a->file == NULL) {
		err_warn("%s: no FILE given; see syncgate help import", fmt->name);
		return -1;
	}
	if (import_check_names(&a->q, err) < 0 || import_check(&a->q, err) < 0) {
		err_warn("%s", err);
		return -1;
	}
	/* the one output: standard output without -o */
	if (outputs_end(&a->outs, err) == 0)
		return 0;
bad:
	err_warn("%s: %s", fmt->name, err);
	return -1;
}

int
import_read(const char *path, char **buf, size_t *len, char *err)
{
	return read_bounded(path, IMPORT_MAX_BYTES, "a benchmark's output",
	    "a benchmark's output", buf, len, err);
}

int
import_text(const struct import_request *q, const char *buf, size_t len,
    const char *name, struct result *r, struct import_notes *notes, char *err)
{
	const struct import_format *fmt = import_format_find(q->format);

	if (import_format_parse(fmt, import_format_parser(fmt, q->unit), buf, len,
	    name, r, notes, err) < 0)
		return -1;
	r->engine = xstrdup(q->engine);
	r->workload = xstrdup(q->workload != NULL ? q->workload : fmt->workload);
	return apply_kind(r, q->kind, err);
}

/* Fills what the file does not say: the probe and its host. */
static int
complete(struct result *r, const struct import_args *a, char *err)
{
	if (a->probe == NULL)
		return 0;
	r->probe = xmalloc(sizeof *r->probe);
	if (probe_record_load(a->probe, r->probe, err) < 0) {
		free(r->probe);
		r->probe = NULL;
		return -1;
	}
	/* measured where the probe ran: the host is the probe's, never ours */
	r->host = xmalloc(sizeof *r->host);
	if (probe_record_host(r->probe, r->host) < 0) {
		result_host_free(r->host);
		free(r->host);
		r->host = NULL;
	}
	return 0;
}

static void
tell(const struct import_args *a, const struct result *r,
    const struct import_notes *notes)
{
	size_t i, reads = 0;

	for (i = 0; i < notes->n; i++)
		err_warn("%s: %s", a->file, notes->lines[i]);
	for (i = 0; i < r->nclasses; i++)
		reads += r->classes[i].kind == KIND_READ;
	err_warn("%s: imported %zu class%s (%zu read, %zu write) for %s%s%s", a->file,
	    r->nclasses, r->nclasses == 1 ? "" : "es", reads, r->nclasses - reads, a->q.engine,
	    a->outs.v[0].path != NULL ? " into " : "",
	    a->outs.v[0].path != NULL ? a->outs.v[0].path : "");
	if (r->probe == NULL)
		err_warn("%s: no probe embedded: the gate rules writes in syncs only with "
		    "one (--probe here, or at the gate)", a->file);
}

/* The result written over the benchmark's output or the probe would lose it. */
static int
check_output(const struct import_args *a, char *err)
{
	struct fileset fs;
	int rc;

	fileset_init(&fs);
	fileset_input(&fs, a->file, NULL);
	fileset_input(&fs, a->probe, NULL);
	rc = outputs_check(&a->outs, &fs, "the result", err);
	fileset_free(&fs);
	return rc;
}

static int
render(FILE *fp, const struct output *out, const void *root, char *err)
{
	return json_print(fp, root) < 0 ? errf(err, "%s:", out->path != NULL ?
	    out->path : "standard output") : 0;
}

static int
run(const struct import_args *a)
{
	struct result r = { 0 };
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN], *buf = NULL;
	size_t len;
	cJSON *root;
	int rc = EXIT_TROUBLE;

	if (check_output(a, err) < 0 ||
	    (a->fmt->check_file != NULL && a->fmt->check_file(a->file, err) < 0) ||
	    import_read(a->file, &buf, &len, err) < 0 ||
	    import_text(&a->q, buf, len, a->file, &r, &notes, err) < 0 ||
	    complete(&r, a, err) < 0)
		goto out;
	root = result_to_json(&r, NULL);
	if (result_reload(root, a->file, NULL, err) == 0 &&
	    output_write(&a->outs.v[0], render, root, err) == 0)
		rc = EXIT_PASS;
	cJSON_Delete(root);
	if (rc == EXIT_PASS)
		tell(a, &r, &notes);
out:
	if (rc != EXIT_PASS)
		err_warn("%s", err);
	free(buf);
	import_notes_free(&notes);
	result_free(&r);
	return rc;
}

/* The usage on standard output, checked: `--help > /dev/full` is trouble. */
static int
help_out(void)
{
	import_usage(stdout);
	return outfile_shut(stdout, "standard output");
}

int
import_main(int argc, char **argv)
{
	struct import_args a;
	const struct import_format *fmt;
	char names[256];
	int help;

	if (argc < 2) {
		import_usage(stderr);
		return EXIT_TROUBLE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return help_out();
	if ((fmt = import_format_find(argv[1])) == NULL) {
		err_warn("%s: unknown format; expected %s", argv[1],
		    import_format_names(names, sizeof names, IMPORT_ALL, " or "));
		return EXIT_TROUBLE;
	}
	if ((help = parse_args(argc - 1, argv + 1, fmt, &a)) < 0)
		return EXIT_TROUBLE;
	return help ? help_out() : run(&a);
}
