/* SPDX-License-Identifier: MIT */
/*
 * Whether a durable sync reaches a device, from timings of one run
 * compared with each other and the volume's facts.  No absolute threshold:
 * the fastest real flushes sit near the slowest fake ones, and a constant
 * calibrated on one class of hardware misfires on another.
 */
#ifndef SYNCGATE_PROBE_CLASSIFY_H
#define SYNCGATE_PROBE_CLASSIFY_H

#include <stddef.h>

#include "model/probe_record.h"
#include "probe/method.h"

/* Ratios of timings taken in the same run, and of flushes counted. */
#define CLASSIFY_NEAR_NULL 4.0  /* within this many empty syscalls: kernel */
#define CLASSIFY_FAR_NULL 10.0  /* empty syscalls a device round trip costs */
#define CLASSIFY_NEAR_WRITE 2.0 /* a timed write within this many plain */
#define CLASSIFY_FAR_WRITE 2.0  /* plain writes a flush carrying data costs */
#define CLASSIFY_FAR_WRITE_TIMED 4.0 /* ... and a write that is its own sync */
/*
 * ... up to this size; beyond it the factor shrinks with the square root
 * of the size, to no less than these floors: copying a large write into
 * memory costs nearly what moving it to a fast device does.
 */
#define CLASSIFY_WRITE_SCALE_FROM 4096.0
#define CLASSIFY_FAR_WRITE_FLOOR 1.25
#define CLASSIFY_FAR_WRITE_TIMED_FLOOR 2.5
#define CLASSIFY_INTERCEPT 10.0 /* raw syscall over libc's sync: interception */
#define CLASSIFY_INTERCEPT_PAIRS 5 /* ... in every pair, of at least this many */
#define CLASSIFY_DATA 2.0       /* dirty over clean sync: data was carried out */
/* Counted flushes per sync, other processes' taken off. */
#define CLASSIFY_FLUSHES_REACHED 0.5 /* at least: reached */
#define CLASSIFY_FLUSHES_NONE 0.2 /* at most: none reached */
#define CLASSIFY_FLUSHES_NOISE 0.25 /* others' expected beyond this: untold */
#define CLASSIFY_FLUSHES_MIN_SYNCS 3 /* fewer bracketed syncs decide nothing */

#define CLASSIFY_MAX_EVIDENCE 12
#define CLASSIFY_LINE 512

/* What the decision may use; NaN or NULL where not measured or unknown. */
struct probe_facts {
	const char *sync_name;  /* "fdatasync", "O_DSYNC write": in evidence */
	const char *clean_name; /* the clean sync's name: "fdatasync" */
	int write_timed;        /* the timed call is a write that is its own sync */
	long long write_bytes;
	double dirty_ns;        /* median of the samples */
	double clean_ns;        /* the same sync with nothing dirty */
	double clean_raw_ns;    /* ... as a raw system call, past libc */
	double null_ns;         /* an empty system call */
	double write_ns;        /* the same write without a sync */
	double raw_ns;          /* the dirty sync past libc */
	double libc_ns;         /* the dirty sync through libc, beside raw_ns */
	int flags_dropped;      /* O_DSYNC asked at open and missing after it */
	size_t pairs;           /* raw and libc dirty syncs timed side by side */
	double pair_ratio_min;  /* the least raw/libc ratio among the pairs */
	int direct_cached;      /* O_DIRECT accepted, yet the page cache kept the write */
	const char *fs;         /* "ext4", "tmpfs", "fuse.sshfs" ... */
	const char *mount_options;
	const char *write_cache; /* "write back", "write through" */
	int rotational;         /* 1, 0, -1 unknown */
	const char *memory_device; /* why the block device is memory, or NULL */
	const char *passthrough_device; /* a loop's file out of sight, or NULL */
	const char *virt;       /* a virtualisation hint */
	int direct;             /* O_DIRECT: a FUA write needs no flush */
	const struct probe_flushes *flushes; /* counted around the syncs, or NULL */
};

/* Why, in sentences with the figures compared: the deciding one first. */
struct probe_evidence {
	char line[CLASSIFY_MAX_EVIDENCE][CLASSIFY_LINE];
	size_t n;
};

/* Whether the flush reaches a device: pure; clears and fills ev. */
enum reach probe_classify(const struct probe_facts *f, struct probe_evidence *ev);

/* What the scratch file's descriptors and the reference pairs showed. */
struct probe_observed {
	int flags_dropped;      /* O_DSYNC asked at open and missing after it */
	int direct_cached;      /* O_DIRECT accepted, yet the page cache kept the write */
	size_t pairs;           /* raw and libc pairs of dirty syncs */
	double pair_ratio_min;  /* the least raw/libc ratio among them, or NaN */
};

/* Sets out->reaches, its evidence and stability from out and seen. */
void probe_judge(struct probe_record *out, const struct probe_method *m,
    const struct probe_observed *seen);

#endif
