/* SPDX-License-Identifier: MIT */
/*
 * Two looks a median cannot give: in time (did the first half cost what
 * the second did?) and in value (two groups far apart?).  Either says
 * the probe's one figure is a poor unit for this volume now.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/stats.h"
#include "lib/units.h"
#include "model/probe_record.h"
#include "probe/stability.h"

/* The split of sorted x with the widest ratio between neighbours. */
static void
clusters(const double *sorted, size_t n, struct probe_stability *st)
{
	size_t least = (n + 9) / 10, i, at = 0;
	double widest = 0;

	if (least < 2)
		least = 2;
	for (i = least; i + least <= n; i++) {
		double r = sorted[i] / sorted[i - 1];

		if (r > widest) {
			widest = r;
			at = i;
		}
	}
	if (at == 0)
		return;
	st->cluster_n[0] = at;
	st->cluster_n[1] = n - at;
	st->cluster_ns[0] = stats_quantile_sorted(sorted, at, 0.5);
	st->cluster_ns[1] = stats_quantile_sorted(sorted + at, n - at, 0.5);
	st->clusters_ratio = st->cluster_ns[1] / st->cluster_ns[0];
}

void
probe_stability(const double *x, size_t n, struct probe_stability *st)
{
	double *sorted, hi, lo;

	memset(st, 0, sizeof *st);
	st->clusters_ratio = NAN;
	if (n < STABILITY_MIN_SAMPLES)
		return;
	st->judged = 1;
	st->half_n[0] = n / 2;
	st->half_n[1] = n - n / 2;
	st->half_ns[0] = stats_median(x, st->half_n[0]);
	st->half_ns[1] = stats_median(x + st->half_n[0], st->half_n[1]);
	sorted = probe_doubles_dup(x, n);
	stats_sort(sorted, n);
	clusters(sorted, n, st);
	free(sorted);
	hi = fmax(st->half_ns[0], st->half_ns[1]);
	lo = fmin(st->half_ns[0], st->half_ns[1]);
	st->stable = !(hi >= STABILITY_HALVES * lo) &&
	    !(st->clusters_ratio >= STABILITY_CLUSTERS);
}

int
probe_stability_hint(const struct probe_stability *st, char *buf, size_t len)
{
	char a[DURLEN], b[DURLEN], c[DURLEN], d[DURLEN], what[ERRLEN / 2];
	double rh;

	if (!st->judged || st->stable)
		return 0;
	rh = fmax(st->half_ns[0], st->half_ns[1]) /
	    fmin(st->half_ns[0], st->half_ns[1]);
	if (st->clusters_ratio >= STABILITY_CLUSTERS)
		snprintf(what, sizeof what, "the samples fall in two groups %.0f "
		    "times apart (%zu near %s, %zu near %s)", st->clusters_ratio,
		    st->cluster_n[0], units_fmt_duration(a, sizeof a, st->cluster_ns[0], 0),
		    st->cluster_n[1], units_fmt_duration(b, sizeof b, st->cluster_ns[1], 0));
	else
		what[0] = '\0';
	snprintf(buf, len, "hint: the sync time was unstable in this run: the "
	    "first %zu samples' median is %s and the last %zu samples' %s (%.1f "
	    "times)%s%s; the median may stand for neither, so probe again with "
	    "more --samples or with --precision before taking it as the unit.",
	    st->half_n[0], units_fmt_duration(c, sizeof c, st->half_ns[0], 0),
	    st->half_n[1], units_fmt_duration(d, sizeof d, st->half_ns[1], 0), rh,
	    what[0] ? ", and " : "", what);
	return 1;
}
