/* SPDX-License-Identifier: MIT */
/* A run's window turned into the result's figures. */
#include <math.h>

#include "lib/err.h"
#include "model/result.h"
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
	struct result_flush_count *f = xmalloc(sizeof *f);
	size_t i;

	*f = (struct result_flush_count){ .ops = c->ops, .ops_s = c->ops_s,
	    .idle_s = c->idle_s, .other = w->per_op.other, .ndevices = c->ndev,
	    .devices = xcalloc(c->ndev > 0 ? c->ndev : 1, sizeof *f->devices),
	    .why_none = w->per_op.why[0] ? xstrdup(w->per_op.why) : NULL };
	for (i = 0; i < c->ndev; i++)
		f->devices[i] = (struct result_flush_device){
		    .device = xstrdup(w->ir.fc.dev[i].name),
		    .flushes = c->dev[i].flushes,
		    .idle_flushes = c->dev[i].idle_flushes,
		    .rounds_flushes = w->ir.fc.dev[i].skipped,
		    .dropped = c->dev[i].dropped ? xstrdup(c->dev[i].dropped) : NULL };
	if (c->ndev > 0 && isfinite(w->per_op.per_op))
		f->device = xstrdup(w->ir.fc.dev[w->per_op.dev].name);
	return f;
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
