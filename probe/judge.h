/* SPDX-License-Identifier: MIT */
/*
 * From what was measured to the verdict in the record: the classifier's
 * facts gathered from the record and the scratch file's descriptors, its
 * evidence kept, and the stability hint beside it.
 */
#ifndef SYNCGATE_PROBE_JUDGE_H
#define SYNCGATE_PROBE_JUDGE_H

#include "lib/probe_record.h"
#include "probe/method.h"

/*
 * Classifies the flush from out's timings and volume facts, and what the
 * scratch file's descriptors showed (O_DSYNC dropped, O_DIRECT that kept
 * the page cache): sets out->reaches and out->evidence, and judges the
 * samples' stability.
 */
void probe_judge(struct probe_record *out, const struct probe_method *m,
    int flags_dropped, int direct_cached);

#endif
