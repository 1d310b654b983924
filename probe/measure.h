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

#define MEASURE_REF_ROUNDS 9     /* reference rounds spread over the samples */
#define MEASURE_REF_MIN 5        /* ... at least, taken after them if fewer */
#define MEASURE_WARMUP 2         /* dirty syncs discarded before the samples */

/* Single-writer slots a probe with options o may use. */
long long measure_slots_wanted(const struct probe_options *o);

/* probe_measure's counter (idle windows around the samples), and pairs. */
struct measure_extras {
	struct flushcount *fc;  /* in: counts the kept samples' flushes, or NULL */
	size_t pairs;           /* out: raw and libc pairs of dirty syncs kept */
	double pair_ratio_min;  /* out: the least raw/libc ratio of a pair; NaN if none */
};

/*
 * Samples after the warm-up until o says stop, with reference rounds among
 * them, into out (refs but dirty_sync_ns); x, or NULL, as above.  start_ns
 * is for --max-time.  Returns 0, or -1 with err set: never a failed sample.
 */
int probe_measure(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start_ns, struct measure_extras *x,
    struct probe_record *out, char *err);

struct group_plan {
	int writers;            /* threads syncing at once */
	long per_writer;        /* kept syncs each, after one warm-up */
	double unit_ns;         /* the single-writer median: the unit */
	double deadline_ns;     /* clock_monotonic_ns after which no writer goes on */
};

/*
 * Why sampling stops after n samples, elapsed_s in: "signal", "samples",
 * "precision" (the median's 95% interval within ±o->precision of it),
 * "max-samples" or "max-time"; NULL to go on.  *next_check starts at 0.
 */
const char *measure_stop_reason(const struct probe_options *o, const double *x,
    size_t n, double elapsed_s, size_t *next_check);

/*
 * Whether a reference round follows the nth sample (from 1), spreading
 * the rounds over *horizon samples.  Past it the horizon doubles and
 * *thin asks to halve the rounds kept, so an open-ended run keeps rounds
 * from its start to its end.
 */
int measure_ref_due(size_t n, size_t *horizon, int *thin);

/* Keeps the 2nd, 4th... groups of per values of x[n]; returns how many. */
size_t measure_thin(double *x, size_t n, size_t per);

/*
 * Whether the next round times the raw call first, given led[0..k) (1
 * where a kept round's raw call led), so that the rounds kept hold each
 * order within one of the other however often they are halved.
 */
int measure_raw_first(const double *led, size_t k);

/* One sync carrying fresh data, timed; raw: past libc; fc, or NULL, counts. */
int measure_dirty_sync(struct scratch *s, const struct probe_method *m, int raw,
    double *ns, struct flushcount *fc, char *err);

/* One appended to ser, stamped before its write; *cap is ser's room. */
int measure_series_take(struct scratch *s, const struct probe_method *m,
    struct probe_series *ser, size_t *cap, char *err);

/* Wall-clock nanoseconds since base_s, exact while under 2^53 (104 days). */
double measure_wall_ns(long long base_s);

#endif
