/* SPDX-License-Identifier: MIT */
/*
 * A class's samples_file (docs/result-format.md): one latency in
 * nanoseconds a line, in a file beside the result that names it.  A
 * result must not make syncgate read arbitrary files, so the path is
 * judged before anything is opened and only a regular file inside the
 * result's folder is read.
 */
#ifndef SYNCGATE_SAMPLES_FILE_H
#define SYNCGATE_SAMPLES_FILE_H

#include <stddef.h>

struct samples;

/*
 * Reads rel, a path relative to the folder of the result file
 * result_path, into s: its latencies in file order, each from
 * RESULT_MIN_NS to RESULT_MAX_NS (model/result_limits.h), held as
 * model/samples.h says, no order found yet; the caller frees s with
 * samples_free.  A file over SAMPLES_FILE_MAX_BYTES is refused from its
 * size, and one of more than max_count latencies when the next is read.
 * where begins every message ("ours.json: classes[1] \"write\"").
 * Where real is not NULL, *real gets the path read, every link resolved
 * (the caller frees it).  Returns 0, or -1 with err set and s empty.
 */
int samples_file_read(const char *result_path, const char *rel,
    const char *where, size_t max_count, struct samples *s, char **real,
    char *err);

#endif
