/* SPDX-License-Identifier: MIT */
/*
 * The outputs of one command, the same in gate, report, probe and
 * import: the --format F -o FILE pairs, their checks against the files
 * the command reads (lib/fileset.h), and the writing, each output whole
 * or not at all (lib/outfile.h).  One rule for a failed output: every
 * other output is still written, each failure is said on its own line,
 * and the command exits 2, so a CI job keeps its JUnit file when the
 * HTML could not be written.  The formats are the caller's, known here
 * by their names and numbers only, the first the default: the command's
 * front end renders format i as its own table's row i.
 */
#ifndef SYNCGATE_LIB_OUTPUTS_H
#define SYNCGATE_LIB_OUTPUTS_H

#include <stddef.h>
#include <stdio.h>

#include "lib/fileset.h"
#include "lib/outfile.h"

#define OUTPUTS_MAX 16

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

/* No outputs yet; at most max (1 to OUTPUTS_MAX) -o, of the formats name gives. */
void outputs_init(struct outputs *o, size_t max, outputs_name_fn *name);

/*
 * --format NAME: the format of the next -o, or of standard output when
 * no -o follows.  Returns 0, or -1 with err set for a name that is not
 * a format.
 */
int outputs_format(struct outputs *o, const char *name, char *err);

/*
 * -o PATH ("-": standard output), in the --format given before it, or
 * text.  Returns 0, or -1 with err set when there are more than max or
 * when an earlier -o names the same output.
 */
int outputs_add(struct outputs *o, const char *path, char *err);

/*
 * After the options: without -o, standard output in the last --format;
 * a --format after the last -o, naming no file, is refused.  Returns 0,
 * or -1 with err set.
 */
int outputs_end(struct outputs *o, char *err);

/*
 * Records each output in fs after the command's inputs, as
 * fileset_output checks it ("-o FILE" or "standard output", for
 * purpose).  Returns 0, or -1 with err set at the first refused.
 */
int outputs_check(const struct outputs *o, struct fileset *fs,
    const char *purpose, char *err);

/*
 * --github-annotations writes its lines to standard output, where only
 * the text report may go with them: any other format there would hold
 * lines that are not its own.  Returns 0, or -1 with err set.
 */
int outputs_check_annotations(const struct outputs *o, char *err);

/*
 * Writes what arg holds to fp in out->format.  Returns 0, or -1 with err
 * saying what could not be rendered; write errors surface when the
 * output is closed.
 */
typedef int output_render_fn(FILE *fp, const struct output *out,
    const void *arg, char *err);

/*
 * Renders into of, opened for out, and closes it; on failure of is
 * aborted, nothing is left behind and err says why.  Returns 0 or -1.
 */
int output_finish(struct outfile *of, const struct output *out,
    output_render_fn *render, const void *arg, char *err);

/* Opens out, then as output_finish. */
int output_write(const struct output *out, output_render_fn *render,
    const void *arg, char *err);

/*
 * Writes every output, each as output_write; a failure is said on
 * standard error and the others are still written.  Returns 0, or -1
 * when any failed.
 */
int outputs_write(const struct outputs *o, output_render_fn *render,
    const void *arg);

#endif
