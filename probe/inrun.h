/* SPDX-License-Identifier: MIT */
/*
 * The probe inside a benchmark's run (syncgate-bench): rounds of samples
 * taken while the benchmark's threads are held, and the disks' flushes
 * over the run, the rounds' own left out, with idle windows around it.
 */
#ifndef SYNCGATE_PROBE_INRUN_H
#define SYNCGATE_PROBE_INRUN_H

#include "model/probe_record.h"
#include "model/probe_window.h"
#include "probe/flushcount.h"
#include "probe/scratch.h"

#define INRUN_PER_ROUND 5       /* samples a round */
#define INRUN_SCRATCH_BYTES (1024LL * 1024) /* its writes wrap around in it */
#define INRUN_IDLE_NS 250e6     /* each idle window, before and after */

struct inrun {
	double every_ns;        /* 0: no rounds, flushes counted alone */
	double idle_ns;         /* 0: none, for a run with no write to divide */
	struct scratch s;
	const struct probe_method *m; /* NULL: no scratch file to close */
	struct flushcount fc;
	struct probe_series ser;
	size_t cap;
	double begin_ns, end_ns; /* the run's window, monotonic */
	double probing_ns;       /* inside the rounds */
	long rounds;
	double *ops_at;          /* write operations done at each round's start */
	size_t ops_cap;
	double ops_end;          /* ... and at the run's end */
};

/*
 * Opens the counters of the disks under dir and, unless every_ns is 0,
 * the scratch file for method.  Returns 0, or -1 with err set; ir needs
 * inrun_close either way.
 */
int inrun_open(struct inrun *ir, const char *dir, const char *method,
    double every_ns, char *err);

/* The idle window before the run, then the run's window opens. */
void inrun_begin(struct inrun *ir);

/*
 * One round, after ops writes of the run: a settling sync, then the
 * samples, its flushes left out of the run's.  Returns its seconds, or
 * -1 with err set.
 */
double inrun_round(struct inrun *ir, double ops, char *err);

/* The run's window closes after ops write operations, then the idle window. */
void inrun_end(struct inrun *ir, double ops);

/*
 * Once, after inrun_end: the rounds as a series into out (not present
 * without rounds), and the run's flush counts into c and dev (room for
 * BLOCKDEV_MAX; c points into dev and ir).
 */
void inrun_results(struct inrun *ir, long long ops, struct probe_series *out,
    struct window_count *c, struct window_flushes *dev);

/* Removes the scratch file and closes the counters; safe to call twice. */
void inrun_close(struct inrun *ir);

#endif
