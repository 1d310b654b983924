/* SPDX-License-Identifier: MIT */
/*
 * The probe's scratch file: private (random name, O_EXCL, no symlink),
 * preallocated so a timed flush carries data, not block-map changes, and
 * unlinked once its descriptors are open, whatever ends the process.
 */
#ifndef SYNCGATE_PROBE_SCRATCH_H
#define SYNCGATE_PROBE_SCRATCH_H

#include <stdint.h>

#include "probe/method.h"

#define SCRATCH_MAX_WRITE (64LL * 1024 * 1024)  /* largest write per sample */
#define SCRATCH_MAX_BYTES (256LL * 1024 * 1024) /* largest scratch file */
/* Past this, writes wrap around into blocks allocated and synced already. */
#define SCRATCH_WRAP_BYTES (16LL * 1024 * 1024)
#define SCRATCH_ALIGN 4096      /* of offsets and buffers, for O_DIRECT */

struct scratch {
	const char *dir;        /* as given, for messages */
	int dirfd;
	int fd;                 /* plain read-write descriptor */
	int sync_fd;            /* the timed descriptor: fd, or one with the method's flags */
	int raw_fd;             /* sync_fd's twin opened past libc; -1 if none */
	int slot;               /* cleanup slot of path */
	int created;            /* the name exists and must be removed */
	char name[40];
	char *path;             /* dir/name, for the signal handler */
	long long write_bytes;
	long long stride;       /* write_bytes rounded up to SCRATCH_ALIGN */
	long long nslots;       /* the file holds nslots * stride bytes */
	long long next;         /* the slot the next single writer uses */
	unsigned char *buf;     /* stride bytes, aligned */
	uint64_t seed;          /* makes every write's content fresh */
	int flags_dropped;      /* the timed descriptor lacks O_DSYNC though asked */
	int direct_cached;      /* O_DIRECT accepted, yet the page cache kept the write */
};

/*
 * Slots for want writes: at most what SCRATCH_WRAP_BYTES holds, at least
 * min_slots; -1 with err set when those exceed SCRATCH_MAX_BYTES.
 */
long long scratch_slots(long long write_bytes, long long want,
    long long min_slots, char *err);

/*
 * Creates the file in dir, opens the descriptors m needs (trying O_DIRECT
 * with one aligned transfer), unlinks it and preallocates nslots writes.
 * Returns 0, or -1 with err set; s needs scratch_close either way.
 */
int scratch_open(struct scratch *s, const char *dir, const struct probe_method *m,
    long long write_bytes, long long nslots, char *err);

/* Fresh content at slot's offset through fd, whole; timed into ns if given. */
int scratch_write(const struct scratch *s, int fd, unsigned char *buf,
    uint64_t *seed, long long slot, double *ns, char *err);

/* Removes the file and closes everything; safe to call twice. */
void scratch_close(struct scratch *s);

#endif
