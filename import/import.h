/* SPDX-License-Identifier: MIT */
/* `syncgate import`: other benchmarks' output turned into syncgate-result/1. */
#ifndef SYNCGATE_IMPORT_H
#define SYNCGATE_IMPORT_H

#include <stdio.h>

#include "import/parse.h"
#include "model/result.h"

int import_main(int argc, char **argv);
void import_usage(FILE *fp);

/* What an import is told besides the tool's output. */
struct import_request {
	const char *format;     /* "db_bench", a row of import/formats.c */
	const char *engine;     /* --engine */
	const char *workload;   /* --workload, or NULL: the format's */
	const char *kind;       /* --kind, or NULL */
	const char *unit;       /* --unit, or NULL */
};

/*
 * Checks q as syncgate import checks its options.  Returns 0, or -1 with
 * err ("db_bench: --unit is for hgrm only; ...").
 */
int import_check(const struct import_request *q, char *err);

/* Reads a tool's output at path, as syncgate import bounds it. */
int import_read(const char *path, char **buf, size_t *len, char *err);

/*
 * Parses buf (q->format's output, name in messages) into r with q's engine,
 * workload and kinds, once import_check passed.  Returns 0, or -1 with err.
 */
int import_text(const struct import_request *q, const char *buf, size_t len,
    const char *name, struct result *r, struct import_notes *notes, char *err);

#endif
