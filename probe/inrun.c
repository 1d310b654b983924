/* SPDX-License-Identifier: MIT */
/*
 * Rounds of the probe's own samples through a benchmark's run, back to
 * back, the counters read at their edges to keep their flushes apart.
 * Each round first syncs once untimed: the first sync after the engine's
 * writes meets what they left (on a virtio disk 1.4 times the next ones
 * mid-run, four or more just after the load), and would lift the unit.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/err.h"
#include "probe/inrun.h"
#include "probe/measure.h"
#include "probe/volume.h"

int
inrun_open(struct inrun *ir, const char *dir, const char *method,
    double every_ns, char *err)
{
	struct probe_record tmp;
	struct volume_block vb;
	int rc;

	memset(ir, 0, sizeof *ir);
	probe_series_free(&ir->ser);
	ir->every_ns = every_ns;
	ir->idle_ns = INRUN_IDLE_NS;
	/* the disks under dir's volume, found as the probe finds them */
	probe_record_init(&tmp);
	rc = volume_identify_dir(dir, &tmp, &vb, err);
	if (rc == 0)
		flushcount_open(&ir->fc, vb.known, vb.dev, tmp.fs);
	probe_record_free(&tmp);
	if (rc < 0 || !(every_ns > 0))
		return rc;
	if ((ir->m = probe_method_find(method, err)) == NULL)
		return -1;
	return scratch_open(&ir->s, dir, ir->m, 4096, INRUN_SCRATCH_BYTES / 4096,
	    err);
}

void
inrun_begin(struct inrun *ir)
{
	if (ir->idle_ns > 0)
		flushcount_idle(&ir->fc, ir->idle_ns);
	flushcount_before(&ir->fc);
	ir->ser.present = ir->every_ns > 0;
	ir->ser.base_unix_s = (long long)clock_unix().tv_sec;
	ir->ser.window_ns[0] = measure_wall_ns(ir->ser.base_unix_s);
	ir->begin_ns = clock_monotonic_ns();
}

double
inrun_round(struct inrun *ir, double ops, char *err)
{
	double t0 = clock_monotonic_ns(), ns;
	int i;

	xgrow(&ir->ops_at, &ir->ops_cap, (size_t)ir->rounds + 1, sizeof *ir->ops_at);
	ir->ops_at[ir->rounds] = ops;
	flushcount_advance(&ir->fc, 0);
	if (measure_dirty_sync(&ir->s, ir->m, 0, &ns, NULL, err) < 0)
		return -1;
	for (i = 0; i < INRUN_PER_ROUND; i++)
		if (measure_series_take(&ir->s, ir->m, &ir->ser, &ir->cap, err) < 0)
			return -1;
	flushcount_advance(&ir->fc, 1);
	ir->rounds++;
	ns = clock_monotonic_ns() - t0;
	ir->probing_ns += ns;
	return ns / 1e9;
}

void
inrun_end(struct inrun *ir, double ops)
{
	ir->ops_end = ops;
	flushcount_advance(&ir->fc, 0);
	ir->end_ns = clock_monotonic_ns();
	ir->ser.window_ns[1] = measure_wall_ns(ir->ser.base_unix_s);
	if (ir->idle_ns > 0)
		flushcount_idle(&ir->fc, ir->idle_ns);
}

void
inrun_results(struct inrun *ir, long long ops, struct probe_series *out,
    struct window_count *c, struct window_flushes *dev)
{
	struct probe_series *s = &ir->ser;
	struct probe_rounds *r = &s->rounds;
	size_t i;

	memset(c, 0, sizeof *c);
	c->ops = ops;
	c->ops_s = (ir->end_ns - ir->begin_ns - ir->probing_ns) / 1e9;
	c->idle_s = ir->fc.idle_ns / 1e9;
	c->unavailable = ir->fc.unavailable[0] ? ir->fc.unavailable : NULL;
	c->dev = dev;
	c->ndev = ir->fc.n;
	for (i = 0; i < ir->fc.n; i++) {
		dev[i].flushes = ir->fc.dev[i].flushes;
		dev[i].idle_flushes = ir->fc.dev[i].idle;
		dev[i].dropped = ir->fc.dev[i].dropped[0] ? ir->fc.dev[i].dropped :
		    NULL;
	}
	if (s->present) {
		r->present = 1;
		r->every_ns = ir->every_ns;
		r->per_round = INRUN_PER_ROUND;
		r->count = ir->rounds;
		r->probing_s = ir->probing_ns / 1e9;
		r->run_s = (ir->end_ns - ir->begin_ns) / 1e9;
		probe_rounds_derive(r);
		r->ops = xcalloc((size_t)ir->rounds + 1, sizeof *r->ops);
		for (i = 0; i < (size_t)ir->rounds; i++)
			r->ops[i] = (i + 1 < (size_t)ir->rounds ? ir->ops_at[i + 1] :
			    ir->ops_end) - ir->ops_at[i];
		s->dev = ir->fc.n ? xcalloc(ir->fc.n, sizeof *s->dev) : NULL;
		for (i = 0; i < ir->fc.n; i++) {
			struct flushcount_dev *d = &ir->fc.dev[i];

			s->dev[i].name = xstrdup(d->name);
			s->dev[i].flushes = d->flushes + d->skipped;
			s->dev[i].idle_flushes = s->dev[i].other = NAN;
			s->dev[i].per_sync = NAN;
			s->dev[i].dropped = d->dropped[0] ? xstrdup(d->dropped) : NULL;
		}
		s->ndev = ir->fc.n;
		if (ir->fc.unavailable[0])
			s->flushes_unavailable = xstrdup(ir->fc.unavailable);
		probe_series_summarize(s);
	}
	*out = *s;
	memset(s, 0, sizeof *s);
	probe_series_free(s);
}

void
inrun_close(struct inrun *ir)
{
	size_t i;

	if (ir->m != NULL)
		scratch_close(&ir->s);
	ir->m = NULL;
	for (i = 0; i < ir->fc.n; i++)
		if (ir->fc.dev[i].fd >= 0)
			close(ir->fc.dev[i].fd);
	ir->fc.n = 0;
	probe_series_free(&ir->ser);
	free(ir->ops_at);
	ir->ops_at = NULL;
	ir->ops_cap = 0;
}
