/* SPDX-License-Identifier: MIT */
/*
 * Timing durable syncs on the scratch file: the samples, the reference
 * timings they are compared with, and group commit.
 */
#ifndef SYNCGATE_PROBE_MEASURE_H
#define SYNCGATE_PROBE_MEASURE_H

#include "model/probe_record.h"
#include "probe/flushcount.h"
#include "probe/method.h"
#include "probe/probe.h"
#include "probe/scratch.h"

/* Reference rounds: at most this many, spread across the samples. */
#define MEASURE_REF_ROUNDS 9
/* ... and at least this many, taken after the samples if they were fewer. */
#define MEASURE_REF_MIN 5

/*
 * Single-writer slots a probe with options o may use (warm-up, samples up
 * to its cap, and the reference rounds' writes).
 */
long long measure_slots_wanted(const struct probe_options *o);

/* What probe_measure is given beside the record, and finds beside it. */
struct measure_extras {
	struct flushcount *fc;  /* in: counts the kept samples' flushes, or NULL */
	size_t pairs;           /* out: raw and libc pairs of dirty syncs kept */
	double pair_ratio_min;  /* out: the least raw/libc ratio of a pair; NaN if none */
};

/*
 * Takes o->warmup discarded samples, then samples until o says stop
 * (a fixed count, a precision, or a cap), with reference rounds between
 * the first ones.  Fills out's method, method_detail, write_bytes,
 * warmup, samples_ns, stopped_by, precision and refs (dirty_sync_ns is
 * left for the caller, as the median).  start_ns is when the probe began,
 * for --max-time.  x (or NULL): its flush counter, unless NULL, counts
 * the flushes of the kept samples' syncs, with an idle window before the
 * first and after the last reference round; and the pairs are described
 * there.  Returns 0, or -1 with err set (a failed sync is an error, never
 * a sample).
 */
int probe_measure(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start_ns, struct measure_extras *x,
    struct probe_record *out, char *err);

/* What group commit is asked to do. */
struct group_plan {
	int writers;            /* threads syncing at once */
	long per_writer;        /* kept syncs each, after one warm-up */
	double unit_ns;         /* the single-writer median: the unit */
	double deadline_ns;     /* clock_monotonic_ns after which no writer goes on */
};

/*
 * Why sampling stops after the n samples in x, elapsed_s into the probe:
 * "signal" (*o->stop was set), "samples" (the fixed count), "precision"
 * (the median's 95% interval within ±o->precision of it), "max-samples"
 * or "max-time"; NULL to go on.  *next_check, 0 at first, spaces out the interval's recomputation.
 */
const char *measure_stop_reason(const struct probe_options *o, const double *x,
    size_t n, double elapsed_s, size_t *next_check);

/*
 * Whether a reference round follows the nth sample (counted from 1), so
 * that MEASURE_REF_ROUNDS rounds spread evenly over *horizon samples
 * (--samples at first).  Once n passes the horizon it doubles and *thin
 * is set: the rounds kept so far are halved (measure_thin) before this
 * one, so an open-ended run keeps rounds from its start to its end.
 */
int measure_ref_due(size_t n, size_t *horizon, int *thin);

/*
 * Keeps the odd-numbered groups of per values (the 2nd, 4th...) of the n
 * in x, in order; returns how many values are left.
 */
size_t measure_thin(double *x, size_t n, size_t per);

/*
 * Whether the next reference round times the raw call of each libc/raw
 * pair first, given led[0..k) (1 where a kept round's raw call led):
 * chosen so that the rounds kept hold each order within one of the other,
 * however often measure_thin halves them.
 */
int measure_raw_first(const double *led, size_t k);

/*
 * One sample outside a probe's run: fresh data written at the next slot
 * and the sync through libc timed into *ns.  Returns 0, or -1 with err set.
 */
int measure_dirty_sync(struct scratch *s, const struct probe_method *m,
    double *ns, char *err);

/*
 * One such sample appended to ser, stamped with the wall clock before its
 * write; *cap is the room ser's arrays have.  Returns 0, or -1 with err set.
 */
int measure_series_take(struct scratch *s, const struct probe_method *m,
    struct probe_series *ser, size_t *cap, char *err);

/* Wall-clock nanoseconds since base_s, exact while under 2^53 (104 days). */
double measure_wall_ns(long long base_s);

#endif
