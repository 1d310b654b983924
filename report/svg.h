/* SPDX-License-Identifier: MIT */
/*
 * Inline SVG charts for the HTML report: for each class, both sides' p50
 * (filled dot) and p99 (open dot) joined by a line, with the intervals as
 * bars behind them.  Reads on a logarithmic latency axis; writes in
 * syncs on a linear axis with the ceiling drawn as a line and the probe's
 * band of one sync shaded.  Colours come from CSS classes the page
 * defines, so the chart follows the page into print and dark mode.
 */
#ifndef SYNCGATE_SVG_H
#define SYNCGATE_SVG_H

#include <stdio.h>

#include "verdict/types.h"
#include "report/report.h"

/* The read classes' latencies; nothing when there are none. */
void svg_reads(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);

/*
 * The write classes in syncs, or in latency (log axis) when the verdict
 * has no sync unit; nothing when there are no write classes.
 */
void svg_writes(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);

#endif
