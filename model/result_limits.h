/* SPDX-License-Identifier: MIT */
/*
 * What a syncgate-result/1 file may hold (docs/result-format.md,
 * docs/security.md): the bounds its readers, the result's and the
 * samples_file's, both hold it to.
 */
#ifndef SYNCGATE_RESULT_LIMITS_H
#define SYNCGATE_RESULT_LIMITS_H

#include "lib/json.h"

/*
 * The longest latency a result may hold: a day, in ns; beyond it is
 * garbage.  And the shortest: no operation is timed in less than a
 * nanosecond, and a ratio over a smaller one would be garbage too.
 */
#define RESULT_MAX_NS 86400e9
#define RESULT_MIN_NS 1.0
/*
 * Most classes a result may hold.  A benchmark has a handful; the verdict
 * grows with them (its JSON by about 1.3 KB a class), and a result from a
 * source one does not trust must not make the gate hold gigabytes.
 */
#define RESULT_MAX_CLASSES 10000
/*
 * The largest count: 2^53 - 1, the largest whole number every JSON
 * reader (a double) holds exactly; 2^53 + 1 reads as 2^53.
 */
#define RESULT_MAX_COUNT 9007199254740991LL
/* A samples_file is refused beyond this size (checked before reading)... */
#define SAMPLES_FILE_MAX_BYTES (1024UL * 1024 * 1024)
/* ...or beyond this many latencies (800 MB as doubles)... */
#define SAMPLES_FILE_MAX_COUNT 100000000UL
/*
 * ...and a result's classes together hold at most this many, so one file
 * named by many classes cannot multiply the memory it takes.
 */
#define RESULT_MAX_SAMPLES 100000000UL
/*
 * Most rows a class's histogram_ns may hold: fio's histogram has 1856
 * buckets, db_bench's 109, an .hgrm a few hundred rows.
 */
#define RESULT_MAX_BUCKETS 100000
#define RESULT_MAX_BUCKETS_TEXT "100000"

/* Latencies as every format holds them: 1ns to a day. */
extern const struct json_span json_span_latency;

#endif
