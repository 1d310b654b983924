/* SPDX-License-Identifier: MIT */
/*
 * Output that is whole or absent: -o FILE is written to a temporary name
 * beside FILE and renamed over it only once every byte is out, and
 * standard output is checked when it is closed, so a full disk or a
 * closed pipe is an error rather than a silently short report.  A path
 * that is a symlink is followed (the link stays; the file it names is
 * replaced, keeping its mode); one that is a device or a FIFO is written
 * in place.
 */
#ifndef SYNCGATE_OUTFILE_H
#define SYNCGATE_OUTFILE_H

#include <stdio.h>

struct outfile {
	FILE *fp;       /* write here */
	char *path;     /* the final name; NULL for standard output */
	char *tmp;      /* the temporary name while open; NULL when path is
	                 * not a regular file (/dev/null, a FIFO) and is
	                 * written directly */
	int slot;       /* cleanup slot of tmp */
};

/*
 * Opens path for writing ("-" or NULL: standard output).  Returns 0, or
 * -1 with err set.  Close with outfile_close or outfile_abort.
 */
int outfile_open(struct outfile *o, const char *path, char *err);

/*
 * Flushes, checks for write errors, syncs the file, renames it into
 * place and syncs its directory.  Returns 0, or -1 with err set and
 * nothing left behind (a failed directory sync is reported, though the
 * file is already in place).
 */
int outfile_close(struct outfile *o, char *err);

/* Discards an open output: the temporary file is removed. */
void outfile_abort(struct outfile *o);

/*
 * For a command's main, after it printed to fp (its --help, its
 * --version), as sbase's fshut: flushes fp and checks it for a write
 * error, which is said as "name: reason" on standard error, so that
 * `syncgate --help > /dev/full` is trouble.  Returns EXIT_PASS or
 * EXIT_TROUBLE (lib/err.h).
 */
int outfile_shut(FILE *fp, const char *name);

#endif
