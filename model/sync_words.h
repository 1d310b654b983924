/* SPDX-License-Identifier: MIT */
/*
 * The durable-sync methods in words: what each call is, whether its write
 * is the sync, and what the sync writes beyond the data.  No system call:
 * a record measured on another system is rendered from these, and the
 * probe's table of calls (probe/method.c) is built on the same rows.
 */
#ifndef SYNCGATE_LIB_SYNC_WORDS_H
#define SYNCGATE_LIB_SYNC_WORDS_H

/*
 * Each method's row: its name as given to --method, the call in words,
 * whether the write is the sync (so the write is timed), and whether it
 * is O_DIRECT (write sizes a multiple of 512).  The one list of them.
 */
#define SYNC_ROW_FDATASYNC    "fdatasync", "fdatasync", 0, 0
#define SYNC_ROW_FSYNC        "fsync", "fsync", 0, 0
#define SYNC_ROW_DSYNC        "dsync", "O_DSYNC write", 1, 0
#define SYNC_ROW_DIRECT_DSYNC "direct-dsync", "O_DIRECT|O_DSYNC write", 1, 1
#define SYNC_ROW_FULL         "full", "F_FULLFSYNC", 0, 0
#define SYNC_ROW_BARRIER      "barrier", "F_BARRIERFSYNC", 0, 0

struct sync_words {
	const char *name;       /* as given to --method */
	const char *word;       /* the call in words: "fdatasync", "O_DSYNC write" */
	int write_timed;        /* 1: the write is the sync, so the write is timed */
	int direct;             /* 1: O_DIRECT */
	const char *carries;    /* what the sync writes beyond the data, in words */
};

/* The method called name, whatever system has it; NULL when unknown. */
const struct sync_words *sync_words_lookup(const char *name);

/* Every method's name, comma-separated, for messages. */
const char *sync_words_names(void);

/*
 * What the sync writes beyond the data (w->carries); for O_DIRECT that the
 * filesystem took without bypassing the page cache (cached), said so
 * instead of "past any page cache".
 */
const char *sync_words_carries(const struct sync_words *w, int cached);

/*
 * The clean sync a record of w measured on os (the record's "os", NULL
 * when unknown) made: the method's own flush, or for a write that is its
 * own sync, fdatasync (fsync on macOS, which lacks it).
 */
const char *sync_words_clean(const struct sync_words *w, const char *os);

#endif
