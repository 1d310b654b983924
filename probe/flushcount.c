/* SPDX-License-Identifier: MIT */
/*
 * Only the timed syncs are bracketed, not the raw reference calls, so a
 * sync an interposer skips shows as a bracket with no flush.  Brackets are
 * short, so others' flushes rarely land in one; idle windows give their
 * rate, and the record subtracts the share expected.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/clock.h"
#include "probe/flushcount.h"

/* Reads every counter, adding the gain to flushes, idle, skipped (into). */
static void
read_all(struct flushcount *fc, int into)
{
	unsigned long long now = 0;
	size_t i;

	for (i = 0; i < fc->n; i++) {
		struct flushcount_dev *d = &fc->dev[i];
		double *gain[] = { &d->flushes, &d->idle, &d->skipped };

		if (d->fd < 0)
			continue;
		/* dropped is "" while the counter is open */
		if (blockdev_flush_read(d->fd, &now) < 0)
			snprintf(d->dropped, sizeof d->dropped, "the device vanished "
			    "during the probe (its statistics: %s)", strerror(errno));
		else if (into >= 0 && now < d->mark)
			snprintf(d->dropped, sizeof d->dropped, "its counter went "
			    "backwards, from %llu to %llu: the device was reset",
			    d->mark, now);
		if (d->dropped[0] != '\0') {
			close(d->fd);
			d->fd = -1;
			d->flushes = d->idle = d->skipped = NAN;
			continue;
		}
		if (into >= 0)
			*gain[into] += (double)(now - d->mark);
		d->mark = now;
	}
}

/* The first reason a disk cannot be counted is kept in why. */
static void
open_disk(struct flushcount *fc, const char *name, char *why, size_t len)
{
	struct flushcount_dev *d = &fc->dev[fc->n];
	char mine[ERRLEN], buf[32];

	memset(d, 0, sizeof *d);
	if ((d->fd = blockdev_flush_open(name, mine, sizeof mine)) < 0) {
		if (why[0] == '\0')
			snprintf(why, len, "%s", mine);
		return;
	}
	snprintf(d->name, sizeof d->name, "%s", name);
	if (blockdev_attr(name, "queue/write_cache", d->write_cache,
	    sizeof d->write_cache) < 0)
		d->write_cache[0] = '\0';
	d->fua = -1;
	if (blockdev_attr(name, "queue/fua", buf, sizeof buf) == 0 &&
	    (strcmp(buf, "0") == 0 || strcmp(buf, "1") == 0))
		d->fua = buf[0] == '1';
	fc->n++;
}

void
flushcount_open(struct flushcount *fc, int have_block, dev_t dev,
    const char *fs)
{
	struct blockdev_stack st;
	char why[ERRLEN] = "";
	size_t i;

	memset(fc, 0, sizeof *fc);
#ifndef __linux__
	snprintf(fc->unavailable, sizeof fc->unavailable, "this system has no "
	    "/sys/block to count flushes in");
	return;
#endif
	if (!have_block) {
		snprintf(fc->unavailable, sizeof fc->unavailable, "the volume (%s) "
		    "has no block device", fs != NULL ? fs : "its filesystem unknown");
		return;
	}
	blockdev_stack(dev, &st);
	for (i = 0; i < st.n; i++)
		open_disk(fc, st.name[i], why, sizeof why);
	if (fc->n == 0)
		snprintf(fc->unavailable, sizeof fc->unavailable, "%s",
		    why[0] != '\0' ? why : "sysfs does not know the volume's device");
	read_all(fc, -1);
}

void
flushcount_idle(struct flushcount *fc, double window_ns)
{
	struct timespec ts = { (time_t)(window_ns / 1e9),
	    (long)fmod(window_ns, 1e9) };
	double t0;

	if (fc == NULL || fc->n == 0)
		return;
	read_all(fc, -1);
	t0 = clock_monotonic_ns();
	nanosleep(&ts, NULL);
	read_all(fc, 1);
	fc->idle_ns += clock_monotonic_ns() - t0;
}

void
flushcount_before(struct flushcount *fc)
{
	if (fc == NULL || fc->n == 0)
		return;
	read_all(fc, -1);
	fc->t0 = clock_monotonic_ns();
}

void
flushcount_after(struct flushcount *fc)
{
	if (fc == NULL || fc->n == 0)
		return;
	fc->timed_ns += clock_monotonic_ns() - fc->t0;
	read_all(fc, 0);
	fc->syncs++;
}

void
flushcount_advance(struct flushcount *fc, int skipped)
{
	read_all(fc, skipped ? 2 : 0);
}

void
flushcount_close(struct flushcount *fc, struct probe_flushes *out)
{
	size_t i;

	memset(out, 0, sizeof *out);
	out->present = 1;
	out->syncs = fc->syncs;
	out->timed_s = fc->timed_ns / 1e9;
	out->idle_s = fc->idle_ns / 1e9;
	if (fc->unavailable[0] != '\0')
		out->unavailable = xstrdup(fc->unavailable);
	out->dev = fc->n ? xcalloc(fc->n, sizeof *out->dev) : NULL;
	for (i = 0; i < fc->n; i++) {
		struct flushcount_dev *d = &fc->dev[i];
		struct probe_flush_device *o = &out->dev[out->ndev++];

		o->name = xstrdup(d->name);
		o->write_cache = d->write_cache[0] ? xstrdup(d->write_cache) : NULL;
		o->fua = d->fua;
		o->flushes = d->flushes;
		o->idle_flushes = d->idle;
		o->dropped = d->dropped[0] ? xstrdup(d->dropped) : NULL;
		if (d->fd >= 0)
			close(d->fd);
		d->fd = -1;
	}
	fc->n = 0;
	probe_flushes_derive(out);
}
