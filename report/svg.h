/* SPDX-License-Identifier: MIT */
/*
 * Inline SVG charts for the HTML report: per class both sides' p50 and p99
 * with intervals behind; reads on a log axis, writes in syncs with the
 * ceiling and band.  CSS classes colour it, so it follows dark mode.
 */
#ifndef SYNCGATE_SVG_H
#define SYNCGATE_SVG_H

#include <stdio.h>

#include "verdict/types.h"
#include "report/report.h"

void svg_reads(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);

/* The write classes in syncs, or latency where there is no unit. */
void svg_writes(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);

#endif
