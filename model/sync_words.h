/* SPDX-License-Identifier: MIT */
/*
 * The durable-sync methods in words, with no system call: a record from
 * another system is rendered from these, and probe/method.c's table of
 * calls is built on the same rows.
 */
#ifndef SYNCGATE_LIB_SYNC_WORDS_H
#define SYNCGATE_LIB_SYNC_WORDS_H

/* The one list of methods: name, word, write_timed, direct (struct below). */
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
	int direct;             /* 1: O_DIRECT (writes a multiple of 512) */
	const char *carries;    /* what the sync writes beyond the data, in words */
};

/* The method called name, whatever system has it; NULL when unknown. */
const struct sync_words *sync_words_lookup(const char *name);

/* Every method's name, comma-separated, for messages. */
const char *sync_words_names(void);

/* w->carries, or for O_DIRECT that did not bypass the cache, that said. */
const char *sync_words_carries(const struct sync_words *w, int cached);

/*
 * The clean sync a record of w on os (NULL: unknown) made: w's own, or
 * for a write that is the sync fdatasync (fsync on macOS, which lacks it).
 */
const char *sync_words_clean(const struct sync_words *w, const char *os);

#endif
