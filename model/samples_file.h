/* SPDX-License-Identifier: MIT */
/*
 * A class's samples_file: one latency in ns a line, beside the result.
 * A result must not make syncgate read arbitrary files, so only a
 * regular file inside the result's folder is read.
 */
#ifndef SYNCGATE_SAMPLES_FILE_H
#define SYNCGATE_SAMPLES_FILE_H

#include <stddef.h>

struct samples;

/*
 * Reads rel, relative to result_path's folder, into s (for samples_free):
 * latencies in file order, at most max_count.  where begins messages.
 * *real, where not NULL, gets the path read, links resolved, to free.
 * Returns 0, or -1 with err set and s empty.
 */
int samples_file_read(const char *result_path, const char *rel,
    const char *where, size_t max_count, struct samples *s, char **real,
    char *err);

#endif
