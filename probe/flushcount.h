/* SPDX-License-Identifier: MIT */
/*
 * The flush requests the disks under a volume complete around each timed
 * sync, and in idle windows the rate of other processes', to subtract.
 */
#ifndef SYNCGATE_PROBE_FLUSHCOUNT_H
#define SYNCGATE_PROBE_FLUSHCOUNT_H

#include <sys/types.h>

#include "lib/err.h"
#include "model/probe_record.h"
#include "probe/blockdev.h"

#define FLUSHCOUNT_IDLE_NS 50e6 /* each idle window */

struct flushcount_dev {
	char name[BLOCKDEV_NAME];
	int fd;                 /* its counter; -1 once dropped */
	unsigned long long mark; /* the reading a bracket or window began at */
	double flushes, idle;
	double skipped;         /* completed in spans left out (flushcount_advance) */
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
 * Opens the counters of the disks under dev (have_block 0: none, for fs).
 * Where none can be, fc->n is 0, fc->unavailable says why, and every
 * other call does nothing.
 */
void flushcount_open(struct flushcount *fc, int have_block, dev_t dev,
    const char *fs);

/* An idle window of window_ns (a signal may cut it short); none for NULL. */
void flushcount_idle(struct flushcount *fc, double window_ns);

/* A bracket around one timed sync: before it, and after it. */
void flushcount_before(struct flushcount *fc);
void flushcount_after(struct flushcount *fc);

/*
 * Counts what each disk gained since the last reading: a window in steps;
 * skipped: into the skipped count, a span whose flushes are another's.
 */
void flushcount_advance(struct flushcount *fc, int skipped);

/* The counts into out (overwritten; freed with the record); closes fc. */
void flushcount_close(struct flushcount *fc, struct probe_flushes *out);

#endif
