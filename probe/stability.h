/* SPDX-License-Identifier: MIT */
/*
 * Whether the sync time held still during the run.  A disk that swings
 * between two speeds (a throttled cloud volume, a busy host) can give a
 * tight interval around a median that stands for neither speed, and the
 * next run twenty times off.  This never changes the verdict: it adds a
 * hint and a record key, so the reader knows to measure longer.
 */
#ifndef SYNCGATE_PROBE_STABILITY_H
#define SYNCGATE_PROBE_STABILITY_H

#include <stddef.h>

/* Fewer samples than this are not judged. */
#define STABILITY_MIN_SAMPLES 6
/* The halves' medians this many times apart: unstable. */
#define STABILITY_HALVES 2.0
/* Two groups of samples this many times apart: unstable. */
#define STABILITY_CLUSTERS 5.0

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
 * Judges the n samples x, in the order measured (x is left as it is).
 * The halves are split in the middle of the run; the groups at the
 * widest ratio between neighbours in sorted order, each holding at
 * least 2 samples and a tenth of them.  Pure; fills st.
 */
void probe_stability(const double *x, size_t n, struct probe_stability *st);

/*
 * A "hint: ..." sentence for an unstable run into buf (len bytes), with
 * the figures; returns 1, or 0 (buf untouched) when st is stable or not
 * judged.
 */
int probe_stability_hint(const struct probe_stability *st, char *buf,
    size_t len);

#endif
