/* SPDX-License-Identifier: MIT */
/*
 * Whether the sync time held still.  A disk swinging between two speeds
 * (a throttled cloud volume, a busy host) can give a tight interval round
 * a median that stands for neither, and the next run twenty times off.
 * Never the verdict: a hint and a record key, to measure longer.
 */
#ifndef SYNCGATE_PROBE_STABILITY_H
#define SYNCGATE_PROBE_STABILITY_H

#include <stddef.h>

#define STABILITY_MIN_SAMPLES 6 /* fewer are not judged */
#define STABILITY_HALVES 2.0    /* halves' medians this far apart: unstable */
#define STABILITY_CLUSTERS 5.0  /* two groups this far apart: unstable */

struct probe_stability {
	int judged;             /* 0: too few samples; the rest is unset */
	int stable;
	double half_ns[2];      /* medians of the first and the second half */
	size_t half_n[2];       /* samples in each (the second has the odd one) */
	double clusters_ratio;  /* slow group's median over the fast one's, or NaN */
	double cluster_ns[2];   /* the fast and the slow group's medians */
	size_t cluster_n[2];
};

/*
 * Judges x[n] in the order measured, untouched: halves split mid-run,
 * groups at the widest ratio of sorted neighbours, each of at least 2
 * samples and a tenth of them.  Pure.
 */
void probe_stability(const double *x, size_t n, struct probe_stability *st);

/* A "hint: ..." for an unstable run into buf: 1, or 0 and buf untouched. */
int probe_stability_hint(const struct probe_stability *st, char *buf,
    size_t len);

#endif
