/* SPDX-License-Identifier: MIT */
/*
 * Text broken at TEXT_WIDTH characters (report/wrap.c): a renderer writes
 * to the stream wrap_begin gives, and wrap_end writes what it wrote to
 * the real one, each line wider than TEXT_WIDTH broken at spaces, the
 * lines after the first indented two past its leading spaces.  Colours'
 * escapes ("\033[32m") take no width.  A word wider than a line stands
 * alone.
 */
#ifndef SYNCGATE_REPORT_WRAP_H
#define SYNCGATE_REPORT_WRAP_H

#include <stdio.h>

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

#endif
