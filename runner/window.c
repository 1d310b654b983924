/* SPDX-License-Identifier: MIT */
/*
 * A run's window turned into the result's figures.
 */
#include <math.h>
#include <string.h>

#include "lib/err.h"
#include "runner/window.h"

void
runner_window_close(struct runner_window *w, long long ops)
{
	inrun_results(&w->ir, ops, &w->series, &w->count, w->dev);
	window_flushes_per_op(&w->count, &w->per_op);
}

struct result_flush_count *
runner_flush_count(const struct runner_window *w)
{
	const struct window_count *c = &w->count;
	struct result_flush_count *f = xcalloc(1, sizeof *f);
	size_t i;

	f->ops = c->ops;
	f->ops_s = c->ops_s;
	f->idle_s = c->idle_s;
	f->devices = xcalloc(c->ndev > 0 ? c->ndev : 1, sizeof *f->devices);
	f->ndevices = c->ndev;
	for (i = 0; i < c->ndev; i++) {
		struct result_flush_device *d = &f->devices[i];

		d->device = xstrdup(w->ir.fc.dev[i].name);
		d->flushes = c->dev[i].flushes;
		d->idle_flushes = c->dev[i].idle_flushes;
		d->rounds_flushes = w->ir.fc.dev[i].skipped;
		d->dropped = c->dev[i].dropped ? xstrdup(c->dev[i].dropped) : NULL;
	}
	if (c->ndev > 0 && isfinite(w->per_op.per_op))
		f->device = xstrdup(w->ir.fc.dev[w->per_op.dev].name);
	f->other = w->per_op.other;
	f->why_none = w->per_op.why[0] ? xstrdup(w->per_op.why) : NULL;
	return f;
}

long long
runner_write_ops(const struct result *r)
{
	long long n = 0;
	size_t i;

	for (i = 0; i < r->nclasses; i++)
		if (r->classes[i].kind == KIND_WRITE && r->classes[i].count > 0)
			n += r->classes[i].count;
	return n;
}

void
runner_window_apply(const struct runner_window *w, struct result *r)
{
	size_t i, writes = 0;

	for (i = 0; i < r->nclasses; i++)
		writes += r->classes[i].kind == KIND_WRITE;
	for (i = 0; i < r->nclasses; i++) {
		struct result_class *c = &r->classes[i];

		if (c->kind != KIND_WRITE)
			continue;
		c->flushes_per_op = w->per_op.per_op;
		c->flush_count = runner_flush_count(w);
		if (writes > 1)
			c->flush_count->shared = xasprintf("the run's %zu write classes "
			    "share one window: its flushes over all their %lld writes, "
			    "the same figure for each", writes, w->count.ops);
	}
}

void
runner_tell_flushes(const struct runner_window *w)
{
	if (isfinite(w->per_op.per_op))
		err_warn("device flushes a commit: %.2f (%s: %.0f flushes over %lld "
		    "writes, less %.1f expected from other processes)",
		    w->per_op.per_op, w->ir.fc.dev[w->per_op.dev].name,
		    w->count.dev[w->per_op.dev].flushes, w->count.ops,
		    w->per_op.other);
	else
		err_warn("device flushes a commit: not counted: %s", w->per_op.why);
}
