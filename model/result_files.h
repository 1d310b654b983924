/* SPDX-License-Identifier: MIT */
/*
 * A run's result written, for syncgate-bench and syncgate run alike:
 * the classes of many latencies in samples files beside it, enough of
 * them that what stays inline is within what syncgate reads back
 * (docs/result-format.md), each file under a temporary name until the
 * result naming it is in place.
 */
#ifndef SYNCGATE_MODEL_RESULT_FILES_H
#define SYNCGATE_MODEL_RESULT_FILES_H

#include <stddef.h>

#include "lib/json.h"
#include "lib/outfile.h"
#include "model/result.h"

/*
 * Latencies a result may carry inline: what syncgate reads of a JSON
 * document (JSON_MAX_VALUES), less room for the rest of it (the probe,
 * the classes' keys, the driver's), which is a few hundred values.
 */
#define RESULT_INLINE_MAX ((size_t)JSON_MAX_VALUES - 100000)

/*
 * Which of n classes of nsamples[i] latencies go to samples files:
 * tofile[i] is 1 for each with more than over, then for the largest of
 * the rest while those left inline number more than budget.
 */
void result_files_plan(const size_t *nsamples, size_t n, long long over,
    size_t budget, int *tofile);

/* FILE.KIND.txt: where a class's samples go beside out (the caller frees). */
char *result_samples_path(const char *out, const char *kind);

/*
 * Writes r into out (open, and aborted by the caller on failure): each
 * class of more than over samples, and the largest of the rest while
 * those inline would number more than budget, to FILE.KIND.txt beside
 * out's file (never beside standard output or a device, which keep
 * every class inline), then the result naming them, then the files
 * renamed into place, and the result last.  On failure no samples file
 * is left, unless the result is in place and names them.  With
 * out->later set, the samples files are closed as out is, their syncs
 * noted there for later.  Returns 0, or -1 with err set.
 */
int result_write_files(struct outfile *out, const struct result *r, long long over,
    size_t budget, char *err);

#endif
