/* SPDX-License-Identifier: MIT */
/*
 * The watch loop.  Samples are spaced start to start on the monotonic
 * clock, so a slow sync never brings on a burst; each is stamped with the
 * wall clock, as a benchmark's log is matched by time of day.  Counters
 * are read after every sample, so a reset is seen where it happened.
 */
#include <math.h>
#include <signal.h>
#include <time.h>

#include "lib/cleanup.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "probe/measure.h"
#include "probe/watch.h"

static volatile sig_atomic_t stop_signal;

static void
on_stop(int sig)
{
	stop_signal = sig;
}

const volatile sig_atomic_t *
watch_catch_signals(void)
{
	cleanup_catch(on_stop);
	return &stop_signal;
}

/* The signal that stopped the watch, or NULL. */
static const char *
signal_name(const struct probe_options *o)
{
	if (o->stop == NULL || *o->stop == 0)
		return NULL;
	return *o->stop == SIGINT ? "SIGINT" : *o->stop == SIGTERM ? "SIGTERM" :
	    *o->stop == SIGHUP ? "SIGHUP" : "signal";
}

static const char *
stop_reason(const struct probe_options *o, const struct probe_series *ser,
    double deadline_ns)
{
	if (signal_name(o) != NULL)
		return signal_name(o);
	if (clock_monotonic_ns() >= deadline_ns)
		return "max-time";
	if (ser->n >= WATCH_MAX_SAMPLES)
		return "max-samples";
	return NULL;
}

static int
loop(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double deadline_ns, struct flushcount *fc,
    struct probe_series *ser, const char **why, char *err)
{
	size_t cap = 0;
	double next = clock_monotonic_ns(), now;

	while ((*why = stop_reason(o, ser, deadline_ns)) == NULL) {
		now = clock_monotonic_ns();
		if (now < next) {
			/* until the next beat or the deadline, or a signal */
			double ns = fmin(next, deadline_ns) - now;
			struct timespec ts = { (time_t)(ns / 1e9),
			    (long)fmod(ns, 1e9) };

			if (ns > 0)
				nanosleep(&ts, NULL);
			continue;
		}
		if (measure_series_take(s, m, ser, &cap, err) < 0)
			return -1;
		flushcount_advance(fc, 0);
		/* a sample that overran its interval moves the beat, not doubles it */
		next += o->watch_interval_ns;
		if (next < now)
			next = now + o->watch_interval_ns;
	}
	return 0;
}

static void
close_counts(struct flushcount *fc, struct probe_series *ser)
{
	struct probe_flushes fl;

	flushcount_close(fc, &fl);
	ser->dev = fl.dev;
	ser->ndev = fl.ndev;
	ser->flushes_unavailable = fl.unavailable;
	fl.dev = NULL;
	fl.ndev = 0;
	fl.unavailable = NULL;
	probe_flushes_free(&fl);
}

int
probe_watch(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start_ns, struct flushcount *fc,
    struct probe_record *out, char *err)
{
	struct probe_series *ser = &out->series;
	struct timespec t0 = clock_unix();
	const char *why = NULL;
	int rc;

	/* a signal cut the opening probe short: no record is written */
	if (signal_name(o) != NULL)
		return errf(err, "--watch: %s before the opening probe was done, "
		    "after %zu %s; no record written", signal_name(o),
		    out->nsamples, out->nsamples == 1 ? "sample" : "samples");
	/* from here a signal ends the watch with its record */
	err_warn("--watch: the opening probe is done; watching");
	probe_series_free(ser);
	ser->present = 1;
	ser->base_unix_s = (long long)t0.tv_sec;
	flushcount_advance(fc, 0);
	ser->window_ns[0] = measure_wall_ns(ser->base_unix_s);
	rc = loop(s, m, o, start_ns + o->watch_max_s * 1e9, fc, ser, &why, err);
	flushcount_advance(fc, 0);
	ser->window_ns[1] = measure_wall_ns(ser->base_unix_s);
	close_counts(fc, ser);
	if (rc < 0)
		return -1;
	probe_series_summarize(ser);
	out->watch.interval_ns = o->watch_interval_ns;
	out->watch.stopped_by = xstrdup(why);
	return 0;
}
