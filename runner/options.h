/* SPDX-License-Identifier: MIT */
/*
 * The options of syncgate run and syncgate-bench: one table (as fio's) that
 * parsing, --help and the ranges read, so no option is kept twice.
 */
#ifndef SYNCGATE_RUNNER_OPTIONS_H
#define SYNCGATE_RUNNER_OPTIONS_H

#include <stdio.h>

#include "gate/evaluate.h"
#include "verdict/types.h"
#include "import/import.h"
#include "runner/runner.h"

enum runner_tool { TOOL_RUN = 1, TOOL_BENCH = 2 };

enum bench_kind { BENCH_POINT = 0, BENCH_RANGE, BENCH_WRITE, BENCH_NKINDS };
enum bench_sync { BENCH_SYNC_OFF = 0, BENCH_SYNC_NORMAL, BENCH_SYNC_FULL };

/* The limits the looks rule at, taken as syncgate gate takes them. */
struct runner_limits {
	struct gate_opts g;
	char given[32];             /* the last limit given, or "" */
	char rival_only[32];        /* the last rival-mode limit given, or "" */
	int regression_given, confidence_given;
};

/* syncgate run: one --engine and the options after it. */
struct run_engine {
	struct import_request q;
	const char *cmd;
	const char *setup;      /* run before the window opens, or NULL */
	const char *teardown;   /* run after it closes, whatever happened */
	int result;             /* --import result: the command writes one */
};

/* What a command line asked for; the table's defaults where it did not. */
struct runner_opts {
	enum runner_tool tool;
	int help;
	/* both tools */
	const char *dir, *out;      /* dir absolute once checked */
	long long runs, min_runs;   /* K, min_runs 0; or MIN..MAX */
	enum gate_mode mode;
	int mode_given;
	struct runner_limits limits;
	int strict, verbose;        /* verbose: the verdict's reasons in full */
	double every_ns;            /* --probe-every; 0: off */
	/* syncgate run */
	const char *plan;           /* --plan: calibrate's noise record */
	int runs_given;
	double plan_ops;            /* the plan's operations a run; NaN: none */
	double timeout_ns, grace_ns;    /* timeout_ns 0: none */
	struct run_engine e[RUNNER_MAX_ENGINES];
	size_t n;
	struct gate_pair match[GATE_MAX_PAIRS];
	size_t nmatch;
	/* syncgate-bench */
	const char *engines;        /* "lmdb" or "lmdb,sqlite" */
	long long rows, value_bytes, ops, concurrency, max_samples, file_over;
	double seconds;
	int mix[BENCH_NKINDS];
	enum bench_sync sqlite_sync;
	int sqlite_sync_given, lmdb_nosync, ops_given;
};

/* argv for tool into o, each value and pairing checked; 0, or -1 with err. */
int runner_opts_parse(struct runner_opts *o, enum runner_tool tool, int argc,
    char **argv, char *err);

/* The option list of tool's --help. */
void runner_opts_help(FILE *fp, enum runner_tool tool);

/* --dir made absolute into buf, -o's folder checked; 0, or -1 with err. */
int runner_opts_place(struct runner_opts *o, char *buf, size_t len, char *err);

#endif
