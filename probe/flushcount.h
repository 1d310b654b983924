/* SPDX-License-Identifier: MIT */
/*
 * Counting the flush requests the disks under a volume complete while
 * the probe's timed syncs run: each sync is bracketed by readings of
 * every counter, and idle windows before and after the samples give the
 * rate at which other processes' flushes arrive, to subtract.
 */
#ifndef SYNCGATE_PROBE_FLUSHCOUNT_H
#define SYNCGATE_PROBE_FLUSHCOUNT_H

#include <sys/types.h>

#include "lib/err.h"
#include "model/probe_record.h"
#include "probe/blockdev.h"

/* Each idle window lasts this long. */
#define FLUSHCOUNT_IDLE_NS 50e6

struct flushcount_dev {
	char name[BLOCKDEV_NAME];
	int fd;                 /* its counter; -1 once dropped */
	unsigned long long mark; /* the reading a bracket or window began at */
	double flushes, idle;
	double skipped;         /* completed in spans left out (flushcount_skip) */
	char write_cache[32];   /* "" when unknown */
	int fua;                /* 1, 0, -1 unknown */
	char dropped[256];      /* why the count was dropped, or "" */
};

struct flushcount {
	struct flushcount_dev dev[BLOCKDEV_MAX];
	size_t n;
	char unavailable[ERRLEN]; /* why nothing is counted, or "" */
	long syncs;
	double timed_ns, idle_ns;
	double t0;              /* when the open bracket began */
};

/*
 * Opens the counters of the disks under block device dev (have_block 0:
 * the volume has none; fs names the filesystem for saying so).  Where
 * none can be counted, fc->n is 0 and fc->unavailable says why; every
 * other call is then a no-op.
 */
void flushcount_open(struct flushcount *fc, int have_block, dev_t dev,
    const char *fs);

/* An idle window of window_ns (shorter if a signal cuts the sleep). */
void flushcount_idle(struct flushcount *fc, double window_ns);

/* A bracket around one timed sync: before it, and after it. */
void flushcount_before(struct flushcount *fc);
void flushcount_after(struct flushcount *fc);

/*
 * Adds to each disk's count what it gained since the last reading, sync
 * or not: a window counted in steps, so a reset is seen at the step.
 */
void flushcount_advance(struct flushcount *fc);

/*
 * Adds what each disk gained since the last reading to its skipped
 * count, not its flushes: a span whose flushes are someone else's (the
 * rounds of samples inside a benchmark's run).
 */
void flushcount_skip(struct flushcount *fc);

/*
 * The counts as the record keeps them (out is overwritten; the caller
 * frees it with the record), and the counters closed.
 */
void flushcount_close(struct flushcount *fc, struct probe_flushes *out);

#endif
