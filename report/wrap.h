/* SPDX-License-Identifier: MIT */
/*
 * Text broken at TEXT_WIDTH characters (report/wrap.c): a renderer writes
 * to the stream wrap_begin gives, and wrap_end writes what it wrote to
 * the real one, each line wider than TEXT_WIDTH broken at spaces, the
 * lines after the first indented two past its leading spaces.  Colours'
 * escapes ("\033[32m") take no width.  A word wider than a line stands
 * alone.  And the text reports' tables, laid out to fit (grid).
 */
#ifndef SYNCGATE_REPORT_WRAP_H
#define SYNCGATE_REPORT_WRAP_H

#include <stdio.h>

#include "report/escape.h"

/* The widest line of text output, in characters. */
#define TEXT_WIDTH 120

struct wrap {
	FILE *out;      /* the real stream */
	FILE *mem;      /* what the renderer writes to; NULL: out itself */
	char *buf;
	size_t len;
};

/* The stream to render to: a buffer, or fp itself where none can be had. */
FILE *wrap_begin(struct wrap *w, FILE *fp);

/* What was rendered, out to the real stream broken at TEXT_WIDTH; rc passed on. */
int wrap_end(struct wrap *w, int rc);

/*
 * s cut to at most width characters, its end marked by an ellipsis ("..."
 * with ascii) where it was cut.  The caller frees it.
 */
char *wrap_clip(const char *s, size_t width, int ascii);

/* A table of escaped cells, row-major; row 0 is the header. */
struct grid {
	char **cells;           /* nrows * ncols, owned */
	size_t nrows, ncols, cap;
};

/* Adds a row of g->ncols cells, each as esc writes it. */
void grid_add(struct grid *g, const char *const *row, escape_fn *esc);

/*
 * The header, a rule under it, then the rows, each column as wide as its
 * widest cell; with narrow, the widest columns narrowed (none below 12)
 * and their cells clipped until a line fits TEXT_WIDTH.  Frees the cells.
 */
void grid_print(FILE *fp, struct grid *g, int narrow);

#endif
