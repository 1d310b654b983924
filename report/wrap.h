/* SPDX-License-Identifier: MIT */
/*
 * Text broken at TEXT_WIDTH: a renderer writes to wrap_begin's stream and
 * wrap_end breaks each long line at spaces, continuations indented two,
 * colour escapes taking no width.  And the text tables, laid out to fit.
 */
#ifndef SYNCGATE_REPORT_WRAP_H
#define SYNCGATE_REPORT_WRAP_H

#include <stdio.h>

#include "report/escape.h"

#define TEXT_WIDTH 120

struct wrap {
	FILE *out;      /* the real stream */
	FILE *mem;      /* what the renderer writes to; NULL: out itself */
	char *buf;
	size_t len;
};

/* A buffer to render to, or fp itself where none can be had. */
FILE *wrap_begin(struct wrap *w, FILE *fp);

/* What was rendered, out to the real stream broken at TEXT_WIDTH; rc passed on. */
int wrap_end(struct wrap *w, int rc);

/* s cut to width characters, ending in an ellipsis where cut; caller frees. */
char *wrap_clip(const char *s, size_t width, int ascii);

/* A table of escaped cells, row-major; row 0 is the header. */
struct grid {
	char **cells;           /* nrows * ncols, owned */
	size_t nrows, ncols, cap;
};

void grid_add(struct grid *g, const char *const *row, escape_fn *esc);

/*
 * Header, rule, rows, each column as wide as its widest cell; with narrow
 * the widest clipped (not below 12) to fit TEXT_WIDTH.  Frees the cells.
 */
void grid_print(FILE *fp, struct grid *g, int narrow);

#endif
