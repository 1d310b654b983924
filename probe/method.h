/* SPDX-License-Identifier: MIT */
/*
 * The durable-sync methods the probe can time: each one's calls, and
 * which of them this system has.  A method the system lacks is an error
 * naming the system, never a substitute.  The words of each, which a
 * record's text names, are model/sync_words.h's rows.
 */
#ifndef SYNCGATE_PROBE_METHOD_H
#define SYNCGATE_PROBE_METHOD_H

/* The first four fields are a SYNC_ROW_ of model/sync_words.h. */
struct probe_method {
	const char *name;       /* as given to --method */
	const char *word;       /* the call in words: "fdatasync", "O_DSYNC write" */
	int write_timed;        /* 1: the write is the sync, so the write is timed */
	int direct;             /* 1: O_DIRECT, write sizes a multiple of 512 */
	int open_flags;         /* flags of the timed descriptor (O_DSYNC...) */
	int (*sync)(int fd);    /* the flush through libc; NULL when write_timed */
	int (*raw_sync)(int fd); /* the same flush past libc; NULL where none */
	const char *missing;    /* why this system lacks it; NULL if it has it */
};

/*
 * The method called name (NULL: this system's default).  Returns NULL
 * with err set when the name is unknown or this system lacks it.
 */
const struct probe_method *probe_method_find(const char *name, char *err);

/*
 * The call that syncs with nothing dirty, for the reference timing and
 * for cleaning up after an untimed write: the method's own flush, or
 * fdatasync (fsync where that is missing) for methods whose write is the
 * sync; with raw, the same as a raw system call past any LD_PRELOAD, or
 * NULL where this system has no raw path.
 */
int (*probe_method_clean(const struct probe_method *m, int raw))(int);

/* What the sync writes beyond the data, in words: sync_words_carries. */
const char *probe_method_carries(const struct probe_method *m, int cached);

/* The call probe_method_clean gives, in words: "fdatasync". */
const char *probe_method_clean_name(const struct probe_method *m);

#endif
