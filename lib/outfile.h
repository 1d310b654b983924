/* SPDX-License-Identifier: MIT */
/*
 * Output that is whole or absent: -o FILE is written to a temporary name
 * beside FILE and renamed over it only once every byte is out, and
 * standard output is checked when it is closed, so a full disk or a
 * closed pipe is an error rather than a silently short report.
 */
#ifndef SYNCGATE_OUTFILE_H
#define SYNCGATE_OUTFILE_H

#include <stdio.h>

struct outfile {
	FILE *fp;       /* write here */
	char *path;     /* the final name; NULL for standard output */
	char *tmp;      /* the temporary name while open */
	int slot;       /* cleanup slot of tmp */
};

/*
 * Opens path for writing ("-" or NULL: standard output).  Returns 0, or
 * -1 with err set.  Close with outfile_close or outfile_abort.
 */
int outfile_open(struct outfile *o, const char *path, char *err);

/*
 * Flushes, checks for write errors, and renames the temporary file into
 * place.  Returns 0, or -1 with err set and nothing left behind.
 */
int outfile_close(struct outfile *o, char *err);

/* Discards an open output: the temporary file is removed. */
void outfile_abort(struct outfile *o);

#endif
