/* SPDX-License-Identifier: MIT */
/*
 * syncgate-result/1 out (docs/result-format.md): what `syncgate import`
 * and the drivers write.  Classes with samples are written as samples_ns
 * (or, for the drivers, named in a samples_file);
 * the others as p50_ns and p99_ns, with p50_range_ns and p99_range_ns
 * where a percentile is known only as an interval.
 */
#ifndef SYNCGATE_IMPORT_RESULT_JSON_H
#define SYNCGATE_IMPORT_RESULT_JSON_H

#include <cjson/cJSON.h>

#include "lib/result.h"

/*
 * The result as a syncgate-result/1 object (its probe included when it
 * has one).  The caller may add keys of its own, and frees it with
 * cJSON_Delete.
 */
cJSON *import_result_to_json(const struct result *r);

/*
 * As import_result_to_json, but a class with samples whose files[i] is
 * not NULL names that samples_file (a path relative to the result file's
 * folder, written by the caller) where its samples_ns would be.  A class
 * whose count exceeds its samples (a sample of the operations) says so
 * in count.  files may be NULL.
 */
cJSON *import_result_to_json_files(const struct result *r,
    const char *const *files);

/*
 * Reads root back as the gate will (result_from_json), so a result that
 * the gate would refuse is never written.  name labels messages.  Returns
 * 0, or -1 with err set.
 */
int import_check_result(const cJSON *root, const char *name, char *err);

/*
 * Writes root, formatted, to path atomically ("-" or NULL: standard
 * output).  Returns 0, or -1 with err set and nothing left behind.
 */
int import_write_json(const cJSON *root, const char *path, char *err);

#endif
