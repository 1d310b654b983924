/* SPDX-License-Identifier: MIT */
/*
 * The durable-sync methods the probe can time and which this system has:
 * one it lacks is an error naming the system, never a substitute.
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

/* The method called name (NULL: the default), or NULL with err set. */
const struct probe_method *probe_method_find(const char *name, char *err);

/*
 * The sync for nothing dirty: the method's own flush, or fdatasync (else
 * fsync) where the write is the sync; raw: past libc, or NULL if none.
 */
int (*probe_method_clean(const struct probe_method *m, int raw))(int);

/* What the sync writes beyond the data, in words: sync_words_carries. */
const char *probe_method_carries(const struct probe_method *m, int cached);

/* That sync's name: "fdatasync". */
const char *probe_method_clean_name(const struct probe_method *m);

#endif
