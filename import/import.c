/* SPDX-License-Identifier: MIT */
/*
 * `syncgate import`: another benchmark's output turned into a
 * syncgate-result/1 file.  The file is read here; the parsing is pure
 * (import/parse.h), so what is said about a file does not depend on how
 * it was read.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import/formats.h"
#include "import/import.h"
#include "import/parse.h"
#include "import/result_json.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/readfile.h"
#include "lib/utf8.h"

/*
 * Larger than any summary, even with verbose histograms; a per-operation
 * log (pgbench -l, YCSB raw) of about two million operations.
 */
#define IMPORT_MAX_BYTES (64UL * 1024 * 1024)

struct import_args {
	const char *tool;       /* "ycsb", "linkbench", "fio"... */
	const char *file;
	const char *engine;
	const char *probe;
	const char *workload;
	const char *out;
	const char *kind;       /* pgbench, hgrm: "read" or "write" */
	const char *unit;       /* hgrm */
};

void
import_usage(FILE *fp)
{
	fprintf(fp,
	    "usage: syncgate import ycsb FILE --engine NAME [--probe FILE] [--workload NAME]\n"
	    "                       [-o FILE]\n"
	    "       syncgate import linkbench FILE --engine NAME [--probe FILE] [-o FILE]\n"
	    "       syncgate import fio|db_bench FILE --engine NAME [--probe FILE] [-o FILE]\n"
	    "       syncgate import pgbench FILE --engine NAME [--kind KIND] [--probe FILE]\n"
	    "                       [-o FILE]\n"
	    "       syncgate import go-ycsb|ycsb-raw|ycsb-json FILE --engine NAME\n"
	    "                       [--probe FILE] [--workload NAME] [-o FILE]\n"
	    "       syncgate import hgrm FILE --unit UNIT --kind KIND --engine NAME\n"
	    "                       [--probe FILE] [-o FILE]\n"
	    "\n"
	    "Turns a benchmark's output into a syncgate-result/1 file (standard output\n"
	    "without -o) for syncgate gate.\n"
	    "\n"
	    "  ycsb       YCSB's text output: [READ] and [SCAN] become read classes;\n"
	    "             [UPDATE], [INSERT], [READ-MODIFY-WRITE] and [DELETE] write\n"
	    "             classes; microseconds become nanoseconds.  [OVERALL] and the\n"
	    "             -FAILED rows are reported, not imported.  Run YCSB with\n"
	    "             -p hdrhistogram.percentiles=50,99: a missing percentile is an\n"
	    "             error, never a guess.\n"
	    "  linkbench  LinkBench's -csvstats file: request operations become classes\n"
	    "             (GET_NODE, COUNT_LINK, MULTIGET_LINK, GET_LINKS_LIST read; the\n"
	    "             ADD, UPDATE and DELETE operations write).  Its percentiles are\n"
	    "             latency buckets: kept as intervals (p50_range_ns, p99_range_ns)\n"
	    "             with the bucket's midpoint as p50_ns and p99_ns.\n"
	    "  fio        fio's --output-format=json or json+: each job's read, write,\n"
	    "             trim and sync become JOB:read (a read), JOB:write, JOB:trim\n"
	    "             and JOB:sync (writes), p50 and p99 kept as the buckets of\n"
	    "             fio's histogram (json+'s bins where given).\n"
	    "  db_bench   RocksDB db_bench --histogram=1: each \"Microseconds per OP\"\n"
	    "             block becomes BENCHMARK:OP (read, seek: reads; write, delete,\n"
	    "             merge, update: writes), p50 and p99 as bucket intervals.\n"
	    "  pgbench    pgbench's per-transaction log (-l): each script a class,\n"
	    "             script0, script1..., of every transaction's latency; writes\n"
	    "             unless --kind read.  Skipped and failed ones are counted.\n"
	    "  go-ycsb    go-ycsb's final summary lines, or its per-operation CSV.\n"
	    "  ycsb-raw   YCSB's measurementtype=raw lines, every latency a sample.\n"
	    "  ycsb-json  YCSB's JSON exporters' output, read as ycsb reads the text.\n"
	    "  hgrm       HdrHistogram's percentile text: one class, latency, p50 and\n"
	    "             p99 kept as the interval between the rows around them.\n"
	    "\n"
	    "  --engine NAME    the engine the benchmark ran against\n"
	    "  --kind KIND      pgbench, hgrm: read or write, what was timed (required\n"
	    "                   for hgrm; pgbench's default is write)\n"
	    "  --probe FILE     a syncgate probe --json of the volume the run wrote to,\n"
	    "                   embedded so the gate can rule writes in syncs\n"
	    "  --unit UNIT      hgrm only, required: ns, us, ms or s, the values' unit\n"
	    "  --workload NAME  the YCSB formats only: the workload's name (default: ycsb)\n"
	    "  -o FILE          write the result to FILE, atomically\n"
	    "\n"
	    "exit status: 0 imported, 2 trouble (usage, an unreadable, truncated, empty\n"
	    "or other-format file, a write error)\n");
}


/* The formats whose runs are of YCSB's workloads. */
static int
ycsb_family(const char *tool)
{
	return strcmp(tool, "ycsb") == 0 || strcmp(tool, "ycsb-raw") == 0 ||
	    strcmp(tool, "ycsb-json") == 0 || strcmp(tool, "go-ycsb") == 0;
}

/*
 * The kind --kind gives the i-th class of its list ("write,read"), or
 * the whole list's one kind; -1 when the list is not read and write
 * words between commas, or is shorter than i + 1.
 */
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

/* Each pgbench script's class (scriptN) gets the kind --kind gives N. */
static int
apply_kind(struct result *r, const char *kind, char *err)
{
	size_t i, n;
	int k;

	for (i = 0; kind != NULL && i < r->nclasses; i++) {
		n = 0;
		if (sscanf(r->classes[i].name, "script%zu", &n) != 1)
			n = 0;
		if ((k = kind_at(kind, n)) < 0)
			return errf(err, "--kind %s gives no kind for %s; expected one a "
			    "script, script0 first", kind, r->classes[i].name);
		r->classes[i].kind = (enum class_kind)k;
	}
	return 0;
}

/*
 * --kind and --unit say what a file does not: what pgbench's scripts
 * and an hgrm's latencies were (an hgrm must say), and an hgrm's unit.
 */
static int
check_kind_unit(const struct import_args *a)
{
	int hgrm = strcmp(a->tool, "hgrm") == 0;

	if (a->kind != NULL && !hgrm && strcmp(a->tool, "pgbench") != 0) {
		err_warn("%s: --kind is for pgbench and hgrm only; a %s file says what "
		    "each operation is", a->tool, a->tool);
		return -1;
	}
	if (a->kind != NULL && (kind_at(a->kind, 0) < 0 ||
	    (hgrm && strchr(a->kind, ',') != NULL))) {
		err_warn("%s: --kind %s; expected read or write%s", a->tool, a->kind,
		    hgrm ? "" : ", or one of them a script, in script order, between "
		    "commas (write,read)");
		return -1;
	}
	if (a->unit != NULL && !hgrm) {
		err_warn("%s: --unit is for hgrm only; a %s file says its unit",
		    a->tool, a->tool);
		return -1;
	}
	if (hgrm && (a->unit == NULL || a->kind == NULL)) {
		err_warn("hgrm: %s is required: an hgrm file says neither its values' "
		    "unit nor what was timed", a->unit == NULL ? "--unit ns|us|ms|s" :
		    "--kind read|write");
		return -1;
	}
	if (hgrm && import_hgrm_parser(a->unit) == NULL) {
		err_warn("hgrm: --unit %s; expected ns, us, ms or s", a->unit);
		return -1;
	}
	return 0;
}

static int
parse_args(int argc, char **argv, struct import_args *a, int *help)
{
	static const struct option longopts[] = {
		{ "engine", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ "kind", required_argument, NULL, 'k' },
		{ "probe", required_argument, NULL, 'p' },
		{ "unit", required_argument, NULL, 'u' },
		{ "workload", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(a, 0, sizeof *a);
	*help = 0;
	a->tool = argv[0];
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'e': a->engine = optarg; break;
		case 'h': *help = 1; return 0;
		case 'k': a->kind = optarg; break;
		case 'o': a->out = optarg; break;
		case 'p': a->probe = optarg; break;
		case 'u': a->unit = optarg; break;
		case 'w': a->workload = optarg; break;
		case ':':
			err_warn("%s needs a value; see syncgate import --help", argv[optind - 1]);
			return -1;
		default:
			err_warn("unknown option %s; see syncgate import --help", argv[optind - 1]);
			return -1;
		}
	}
	if (optind != argc - 1) {
		if (optind >= argc)
			err_warn("%s: no FILE given; see syncgate import --help", a->tool);
		else
			err_warn("%s: one FILE at a time; see syncgate import --help", a->tool);
		return -1;
	}
	a->file = argv[optind];
	if (a->engine == NULL || a->engine[0] == '\0') {
		err_warn("%s: --engine NAME is required: the engine the benchmark ran "
		    "against", a->tool);
		return -1;
	}
	/* the gate labels its columns with the engine: a blank one labels nothing */
	if (utf8_blank(a->engine) || (a->workload != NULL && utf8_blank(a->workload))) {
		const char *v = utf8_blank(a->engine) ? a->engine : a->workload;

		err_warn("%s: %s is %s; expected a name with something to show", a->tool,
		    v == a->engine ? "--engine" : "--workload",
		    v[0] == '\0' ? "empty" : "only white space");
		return -1;
	}
	if (a->workload != NULL && !ycsb_family(a->tool)) {
		err_warn("%s: --workload is for ycsb, ycsb-raw, ycsb-json and go-ycsb "
		    "only; a %s run's workload is %s", a->tool, a->tool, a->tool);
		return -1;
	}
	return check_kind_unit(a);
}

/* Fills what the file does not say: engine, workload, the probe. */
static int
complete(struct result *r, const struct import_args *a, char *err)
{
	r->engine = xstrdup(a->engine);
	if (ycsb_family(a->tool))
		r->workload = xstrdup(a->workload != NULL ? a->workload : "ycsb");
	else
		r->workload = xstrdup(a->tool);
	if (apply_kind(r, a->kind, err) < 0)
		return -1;
	if (a->probe == NULL)
		return 0;
	r->probe = xmalloc(sizeof *r->probe);
	if (probe_record_load(a->probe, r->probe, err) < 0) {
		free(r->probe);
		r->probe = NULL;
		return -1;
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
	    r->nclasses, r->nclasses == 1 ? "" : "es", reads, r->nclasses - reads, a->engine,
	    a->out != NULL && strcmp(a->out, "-") != 0 ? " into " : "",
	    a->out != NULL && strcmp(a->out, "-") != 0 ? a->out : "");
	if (r->probe == NULL)
		err_warn("%s: no probe embedded: the gate rules writes in syncs only with "
		    "one (--probe here, or at the gate)", a->file);
}

/* The result written over the benchmark's output or the probe would lose it. */
static int
check_output(const struct import_args *a, char *err)
{
	struct fileset fs;
	char label[ERRLEN];
	int rc;

	fileset_init(&fs);
	fileset_input(&fs, a->file, NULL);
	fileset_input(&fs, a->probe, NULL);
	if (a->out != NULL && strcmp(a->out, "-") != 0)
		snprintf(label, sizeof label, "-o %s", a->out);
	else
		snprintf(label, sizeof label, "standard output");
	rc = fileset_output(&fs, a->out, label, "the result", err);
	fileset_free(&fs);
	return rc;
}

static int
run(const struct import_args *a, import_parse_fn parse)
{
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN], *buf;
	size_t len;
	cJSON *root;
	int rc = EXIT_TROUBLE;

	memset(&r, 0, sizeof r);
	if (check_output(a, err) < 0) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	if (read_bounded(a->file, IMPORT_MAX_BYTES, "a benchmark's output",
	    "a benchmark's output", &buf, &len, err) < 0) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	if (parse(buf, len, a->file, &r, &notes, err) < 0 || complete(&r, a, err) < 0)
		goto out;
	root = import_result_to_json(&r);
	if (import_check_result(root, a->file, err) == 0 &&
	    import_write_json(root, a->out, err) == 0)
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
	if (fflush(stdout) == 0 && !ferror(stdout))
		return EXIT_PASS;
	err_warn("standard output:");
	return EXIT_TROUBLE;
}

int
import_main(int argc, char **argv)
{
	struct import_args a;
	import_parse_fn parse;
	int help;

	if (argc < 2) {
		import_usage(stderr);
		return EXIT_TROUBLE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		return help_out();
	}
	if (strcmp(argv[1], "ycsb") == 0)
		parse = import_ycsb_parse;
	else if (strcmp(argv[1], "linkbench") == 0)
		parse = import_linkbench_parse;
	else if (strcmp(argv[1], "fio") == 0)
		parse = import_fio_parse;
	else if (strcmp(argv[1], "db_bench") == 0)
		parse = import_db_bench_parse;
	else if (strcmp(argv[1], "pgbench") == 0)
		parse = import_pgbench_parse;
	else if (strcmp(argv[1], "go-ycsb") == 0)
		parse = import_go_ycsb_parse;
	else if (strcmp(argv[1], "ycsb-raw") == 0)
		parse = import_ycsb_raw_parse;
	else if (strcmp(argv[1], "ycsb-json") == 0)
		parse = import_ycsb_json_parse;
	else if (strcmp(argv[1], "hgrm") == 0)
		parse = NULL;   /* by --unit, once the options are read */
	else {
		err_warn("%s: unknown format; expected ycsb, linkbench, fio, db_bench, "
		    "pgbench, go-ycsb, ycsb-raw, ycsb-json or hgrm", argv[1]);
		return EXIT_TROUBLE;
	}
	if (parse_args(argc - 1, argv + 1, &a, &help) < 0)
		return EXIT_TROUBLE;
	if (parse == NULL)
		parse = import_hgrm_parser(a.unit);
	if (help) {
		return help_out();
	}
	return run(&a, parse);
}
