/* SPDX-License-Identifier: MIT */
/*
 * Output whole or absent: -o FILE goes to a temporary renamed over it once
 * every byte is out, standard output is checked at close (a full disk is
 * an error).  A symlink is followed; a device, a FIFO or a name reaching
 * our descriptor (/dev/stdout: lib/path.h) is written in place.
 */
#ifndef SYNCGATE_OUTFILE_H
#define SYNCGATE_OUTFILE_H

#include <stdio.h>

/*
 * A temporary's name, then six random characters, beside its file: short
 * enough for any folder, and recognisable.  SIGKILL may leave one, its
 * file untouched; it may be removed once no syncgate writes there.
 */
#define OUTFILE_TMP_PREFIX ".syncgate-tmp."

/*
 * Files closed without their syncs, made durable together later: each is
 * whole under its final name and outlives the process, but a crash of the
 * machine may leave it empty or absent until outfile_later_sync.
 */
struct outfile_later {
	char **path;
	size_t n, cap;
};

struct outfile {
	FILE *fp;       /* write here */
	char *path;     /* the final name; NULL for standard output ("-") */
	char *tmp;      /* the temporary; NULL when written in place */
	int slot;       /* cleanup slot of tmp */
	int borrowed;   /* fp is stdout or stderr: flushed, never closed */
	struct outfile_later *later;    /* set after opening: closed unsynced */
};

/* Opens path ("-" or NULL: standard output); 0, or -1 with err set. */
int outfile_open(struct outfile *o, const char *path, char *err);

/*
 * Flushes, checks, syncs, renames into place and syncs the directory.
 * Returns 0, or -1 with err set and nothing left behind (but for a failed
 * directory sync, after the rename).  One already closed returns 0.
 */
int outfile_close(struct outfile *o, char *err);

/* Discards an open output, but what was written in place; closed: no-op. */
void outfile_abort(struct outfile *o);
/* sbase's fshut, after --help: "name: reason" on a write error; exit status. */
int outfile_shut(FILE *fp, const char *name);

/*
 * Syncs l's files (passing over one removed since), then their folders,
 * and empties l.  Returns 0, or -1 with err set for the first failure.
 */
int outfile_later_sync(struct outfile_later *l, char *err);
/* Frees what l holds, without syncing it; accepts NULL. */
void outfile_later_free(struct outfile_later *l);

/*
 * outfile_close; *placed: the file is in place after it, also when the
 * directory's sync failed.  A path written directly is never placed.
 */
int outfile_close_placed(struct outfile *o, int *placed, char *err);

#endif
