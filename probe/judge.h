/* SPDX-License-Identifier: MIT */
/*
 * From what was measured to the verdict in the record: the classifier's
 * facts gathered from the record and the scratch file's descriptors, its
 * evidence kept, and the stability hint beside it.
 */
#ifndef SYNCGATE_PROBE_JUDGE_H
#define SYNCGATE_PROBE_JUDGE_H

#include "model/probe_record.h"
#include "probe/method.h"

/* What the scratch file's descriptors and the reference pairs showed. */
struct probe_observed {
	int flags_dropped;      /* O_DSYNC asked at open and missing after it */
	int direct_cached;      /* O_DIRECT accepted, yet the page cache kept the write */
	size_t pairs;           /* raw and libc pairs of dirty syncs */
	double pair_ratio_min;  /* the least raw/libc ratio among them, or NaN */
};

/*
 * Classifies the flush from out's timings, flush counts and volume
 * facts, and what seen says: sets out->reaches and out->evidence, and
 * judges the samples' stability.
 */
void probe_judge(struct probe_record *out, const struct probe_method *m,
    const struct probe_observed *seen);

#endif
