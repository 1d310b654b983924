/* SPDX-License-Identifier: MIT */
/*
 * Option bounds, and how many slots of the scratch file the samples, the
 * reference rounds and group commit need.
 */
#include <math.h>

#include "lib/err.h"
#include "probe/measure.h"
#include "probe/options.h"
#include "probe/scratch.h"
#include "probe/watch.h"

int
probe_options_check(const struct probe_options *o, const struct probe_method *m,
    char *err)
{
	if (o->dir == NULL || o->dir[0] == '\0')
		return errf(err, "--dir: expected a directory, got nothing");
	if (o->samples < 1 || o->samples > PROBE_MAX_SAMPLES)
		return errf(err, "--samples: %ld is out of range; expected 1 to %d",
		    o->samples, PROBE_MAX_SAMPLES);
	if (o->write_bytes < 1 || o->write_bytes > SCRATCH_MAX_WRITE)
		return errf(err, "--write-size: %lld is out of range; expected 1 to "
		    "%lld bytes", o->write_bytes, SCRATCH_MAX_WRITE);
	if (m->direct && o->write_bytes % 512 != 0)
		return errf(err, "--write-size: %lld is not a multiple of 512, "
		    "which --method %s needs", o->write_bytes, m->name);
	if (o->warmup < 0 || o->warmup > PROBE_MAX_WARMUP)
		return errf(err, "warm-up: %d is out of range; expected 0 to %d",
		    o->warmup, PROBE_MAX_WARMUP);
	if (!isnan(o->precision) && !(o->precision > 0 && o->precision < 0.5))
		return errf(err, "--precision: %g%% is out of range; expected more "
		    "than 0%% and less than 50%%", o->precision * 100);
	if (!isnan(o->precision) && (o->max_samples < o->samples ||
	    o->max_samples > PROBE_MAX_SAMPLES))
		return errf(err, "--max-samples: %ld is out of range; expected %ld "
		    "(--samples) to %d", o->max_samples, o->samples,
		    PROBE_MAX_SAMPLES);
	if (!(o->max_time_s > 0 && o->max_time_s <= PROBE_MAX_TIME_S))
		return errf(err, "--max-time: %g is out of range; expected more than "
		    "0 and at most %g seconds", o->max_time_s, PROBE_MAX_TIME_S);
	if (o->watch_interval_ns != 0 &&
	    !(o->watch_interval_ns >= WATCH_MIN_INTERVAL_NS &&
	    o->watch_interval_ns <= WATCH_MAX_INTERVAL_NS))
		return errf(err, "--interval: %gns is out of range; expected 1ms to "
		    "3600s", o->watch_interval_ns);
	if (!(o->watch_max_s > 0))
		return errf(err, "--max-time: %g is out of range; expected more than "
		    "0 seconds", o->watch_max_s);
	if (o->concurrency < 0 || o->concurrency > PROBE_MAX_CONCURRENCY)
		return errf(err, "--concurrency: %d is out of range; expected 1 to %d",
		    o->concurrency, PROBE_MAX_CONCURRENCY);
	return 0;
}

long long
probe_options_slots(const struct probe_options *o, char *err)
{
	long long want = measure_slots_wanted(o), min = 2;

	if (o->concurrency > 0) {
		long long group = (long long)o->concurrency * (o->samples + 1);

		want = want > group ? want : group;
		min = 2LL * o->concurrency;
	}
	return scratch_slots(o->write_bytes, want, min, err);
}
