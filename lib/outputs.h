/* SPDX-License-Identifier: MIT */
/*
 * The --format F -o FILE pairs of gate, report, probe and import, checked
 * against the inputs (lib/fileset.h), written whole (lib/outfile.h).  A
 * failed output is said, the others still written, then exit 2: a CI job
 * keeps its JUnit file when the HTML failed.  The caller's format 0 is
 * the default.
 */
#ifndef SYNCGATE_LIB_OUTPUTS_H
#define SYNCGATE_LIB_OUTPUTS_H

#include <stddef.h>
#include <stdio.h>

#include "lib/fileset.h"
#include "lib/outfile.h"

#define OUTPUTS_MAX 16

/* The -o row of a command's table of options (lib/args.h), its id opt. */
#define OUTPUTS_OPTION(opt) { .name = "output", .letter = 'o', .value = "FILE", \
	.id = (opt), .help = "write the format given before it to FILE (- for " \
	"standard output); repeat --format F -o FILE for more" }

/* The name of format i, or NULL past the last: the formats, in order. */
typedef const char *outputs_name_fn(size_t i);

struct output {
	size_t format;          /* the format's number: 0, the default, first */
	const char *path;       /* NULL: standard output */
};

struct outputs {
	struct output v[OUTPUTS_MAX];
	size_t n;
	size_t max;             /* -o given more often is refused */
	outputs_name_fn *name;  /* the formats */
	size_t format;          /* the last --format, for the next -o */
	int pending;            /* a --format that no -o has taken yet */
};

/* No outputs yet; at most max (1 to OUTPUTS_MAX) -o, of name's formats. */
void outputs_init(struct outputs *o, size_t max, outputs_name_fn *name);
/* --format NAME, for the next -o or standard output; 0, or -1 with err. */
int outputs_format(struct outputs *o, const char *name, char *err);
/* -o PATH ("-": stdout); -1 with err past max or for an output given twice. */
int outputs_add(struct outputs *o, const char *path, char *err);
/* Without -o, stdout; -1 with err for a --format after the last -o. */
int outputs_end(struct outputs *o, char *err);
/* Records each output in fs; -1 with err at the first refused. */
int outputs_check(const struct outputs *o, struct fileset *fs,
    const char *purpose, char *err);
/* Refuses a format but text on stdout, where --github-annotations writes. */
int outputs_check_annotations(const struct outputs *o, char *err);

/* Writes arg to fp in out->format; 0, or -1 (write errors come at close). */
typedef int output_render_fn(FILE *fp, const struct output *out,
    const void *arg, char *err);
/* Renders into of, opened for out, and closes it, or aborts it; 0 or -1. */
int output_finish(struct outfile *of, const struct output *out,
    output_render_fn *render, const void *arg, char *err);
/* Opens out, then as output_finish. */
int output_write(const struct output *out, output_render_fn *render,
    const void *arg, char *err);
/* Writes every output; each failure said on stderr.  -1 when any failed. */
int outputs_write(const struct outputs *o, output_render_fn *render,
    const void *arg);

#endif
