/* SPDX-License-Identifier: MIT */
/*
 * Output that is whole or absent: -o FILE is written to a temporary name
 * beside FILE and renamed over it only once every byte is out, and
 * standard output is checked when it is closed, so a full disk or a
 * closed pipe is an error rather than a silently short report.  A path
 * that is a symlink is followed (the link stays; the file it names is
 * replaced, keeping its mode); one that is a device or a FIFO is written
 * in place; one that reaches a descriptor of this process (/dev/stdout,
 * /dev/fd/3: lib/path.h) is written through that descriptor, where the
 * shell's `>` or `>>` left it.
 */
#ifndef SYNCGATE_OUTFILE_H
#define SYNCGATE_OUTFILE_H

#include <stdio.h>

/*
 * Every temporary is this followed by six random characters, in the
 * folder of the file it will replace, whatever that file's name: short
 * enough for any legal name, and recognisable.  A process killed by
 * SIGKILL (or a crash of the machine) may leave one; the file it was
 * for is then untouched, and the temporary may be removed once no
 * syncgate writes in that folder.
 */
#define OUTFILE_TMP_PREFIX ".syncgate-tmp."

/*
 * Files closed without their syncs, to be made durable together later
 * (outfile_later_sync), for a program that writes file after file and
 * knows when they must be on disk.  Until then each is whole to every
 * reader, under its final name, and outlives the process (a signal, a
 * crash, SIGKILL); a crash of the machine may leave it empty or absent.
 */
struct outfile_later {
	char **path;
	size_t n, cap;
};

struct outfile {
	FILE *fp;       /* write here */
	char *path;     /* the final name, or the name given for a
	                 * descriptor; NULL for standard output ("-") */
	char *tmp;      /* the temporary name while open; NULL when the
	                 * output is written in place (a device, a FIFO, a
	                 * descriptor, standard output) */
	int slot;       /* cleanup slot of tmp */
	int borrowed;   /* fp is stdout or stderr: flushed, never closed */
	/* set after outfile_open, or NULL: the file is closed and renamed
	 * without its syncs, and noted here for outfile_later_sync */
	struct outfile_later *later;
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
 * file is already in place).  One already closed returns 0.
 */
int outfile_close(struct outfile *o, char *err);

/*
 * Discards an open output: the temporary file is removed.  What was
 * already written to an output written in place stays.  One already
 * closed (by outfile_close, whatever it returned) is left alone.
 */
void outfile_abort(struct outfile *o);

/*
 * For a command's main, after it printed to fp (its --help, its
 * --version), as sbase's fshut: flushes fp and checks it for a write
 * error, which is said as "name: reason" on standard error, so that
 * `syncgate --help > /dev/full` is trouble.  Returns EXIT_PASS or
 * EXIT_TROUBLE (lib/err.h).
 */
int outfile_shut(FILE *fp, const char *name);

/*
 * Syncs each file l notes, then each folder holding one (the renames),
 * and empties l; a file removed since is passed over.  Returns 0, or -1
 * with err set for the first that failed (the others are synced).
 */
int outfile_later_sync(struct outfile_later *l, char *err);

/* Frees what l holds, without syncing it; accepts NULL. */
void outfile_later_free(struct outfile_later *l);

/*
 * outfile_close, telling in *placed whether o's file is in place after it:
 * always on success, and on a failure that came after the rename (the
 * directory's sync).  A path written directly is never "placed".
 */
int outfile_close_placed(struct outfile *o, int *placed, char *err);

#endif
