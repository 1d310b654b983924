/* SPDX-License-Identifier: MIT */
/*
 * A run's result written (syncgate-bench, syncgate run), big classes in
 * samples files beside it so what stays inline is within what syncgate
 * reads back (docs/result-format.md).
 */
#ifndef SYNCGATE_MODEL_RESULT_FILES_H
#define SYNCGATE_MODEL_RESULT_FILES_H

#include <stddef.h>

#include "lib/json.h"
#include "lib/outfile.h"
#include "model/result.h"

/* Latencies inline: JSON_MAX_VALUES less room for the rest (a few hundred). */
#define RESULT_INLINE_MAX ((size_t)JSON_MAX_VALUES - 100000)

/*
 * tofile[i] 1 for each class of more than over latencies, then for the
 * largest left while those inline number more than budget.
 */
void result_files_plan(const size_t *nsamples, size_t n, long long over,
    size_t budget, int *tofile);

/* FILE.KIND.txt: where a class's samples go beside out (the caller frees). */
char *result_samples_path(const char *out, const char *kind);

/*
 * Writes r into out (the caller aborts it on failure), classes chosen as
 * result_files_plan does to FILE.KIND.txt beside a regular file, then the
 * files renamed in and the result last; a failure leaves no samples file
 * the result does not name.  With out->later, their syncs are noted there.
 * Returns 0, or -1 with err set.
 */
int result_write_files(struct outfile *out, const struct result *r, long long over,
    size_t budget, char *err);

#endif
