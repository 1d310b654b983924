/* SPDX-License-Identifier: MIT */
/* syncgate: picks the subcommand and hands it the rest of the command line. */
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "calibrate/calibrate.h"
#include "gate/gate.h"
#include "import/import.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/version.h"
#include "probe/probe.h"
#include "report/report.h"
#include "runner/run.h"

struct command {
	const char *name, *prog;
	int (*main)(int, char **);
	void (*usage)(FILE *);
	const char *summary;
};

static const struct command commands[] = {
	{ "probe", "syncgate probe", probe_main, probe_usage,
	  "measure a volume's sync cost and whether its flush reaches a device" },
	{ "gate", "syncgate gate", gate_main, gate_usage,
	  "hold one engine's results against a rival's or a baseline's" },
	{ "calibrate", "syncgate calibrate", calibrate_main, calibrate_usage,
	  "measure a runner's run-to-run noise from runs with nothing changed" },
	{ "report", "syncgate report", report_main, report_usage,
	  "render a saved verdict, result or probe" },
	{ "import", "syncgate import", import_main, import_usage,
	  "turn YCSB or LinkBench output into a syncgate result" },
	{ "run", "syncgate run", run_main, run_usage,
	  "run any benchmark command as syncgate-bench runs its engines" },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void
usage(FILE *fp)
{
	size_t i;
	int w = 0;

	/* the names' column as wide as the longest: "calibrate" outgrew 8 */
	for (i = 0; i < NCOMMANDS; i++)
		if ((int)strlen(commands[i].name) > w)
			w = (int)strlen(commands[i].name);
	fprintf(fp, "usage: syncgate COMMAND [ARGS]\n"
	    "       syncgate help COMMAND\n"
	    "       syncgate --help | --version\n\ncommands:\n");
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "  %-*s  %s\n", w, commands[i].name, commands[i].summary);
	fprintf(fp, "\nexit status: 0 passed (or could not rule, without --strict),"
	    " 1 failed,\n2 trouble (usage, bad input, an I/O error), 3 could not rule"
	    " (with --strict)\n");
}

static const struct command *
find(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static int
help(int argc, char **argv)
{
	const struct command *c = argc < 2 ? NULL : find(argv[1]);

	if (argc >= 2 && c == NULL) {
		err_warn("help: no command %s; try syncgate --help", argv[1]);
		return EXIT_TROUBLE;
	}
	(c != NULL ? c->usage : usage)(stdout);
	return outfile_shut(stdout, "standard output");
}

int
main(int argc, char **argv)
{
	const struct command *c;

	setlocale(LC_ALL, "");
	/* numbers in and out are always written with a decimal point */
	setlocale(LC_NUMERIC, "C");
	/* a closed pipe is a write error to report, not a silent death */
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2) {
		usage(stderr);
		return EXIT_TROUBLE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return help(1, argv);
	if (strcmp(argv[1], "--version") == 0) {
		printf("syncgate %s\n", SYNCGATE_VERSION);
		return outfile_shut(stdout, "standard output");
	}
	if (strcmp(argv[1], "help") == 0)
		return help(argc - 1, argv + 1);
	if ((c = find(argv[1])) == NULL) {
		err_warn("no command %s; try syncgate --help", argv[1]);
		return EXIT_TROUBLE;
	}
	err_setprog(c->prog);
	return c->main(argc - 1, argv + 1);
}
