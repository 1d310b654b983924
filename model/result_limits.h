/* SPDX-License-Identifier: MIT */
/*
 * What a syncgate-result/1 file may hold (docs/result-format.md,
 * docs/security.md), for the result's and the samples_file's readers.
 */
#ifndef SYNCGATE_RESULT_LIMITS_H
#define SYNCGATE_RESULT_LIMITS_H

#include "lib/json.h"

/*
 * Latencies past a day are garbage; so is one under a nanosecond, which
 * no operation takes and which makes any ratio over it garbage.
 */
#define RESULT_MAX_NS 86400e9
#define RESULT_MIN_NS 1.0
/*
 * A benchmark has a handful of classes; the verdict grows 1.3 KB a
 * class, and an untrusted result must not make the gate hold gigabytes.
 */
#define RESULT_MAX_CLASSES 10000
/* 2^53 - 1: the largest whole number a JSON double holds exactly. */
#define RESULT_MAX_COUNT 9007199254740991LL
/* A samples_file is refused beyond this size (checked before reading)... */
#define SAMPLES_FILE_MAX_BYTES (1024UL * 1024 * 1024)
/* ...or beyond this many latencies (800 MB as doubles)... */
#define SAMPLES_FILE_MAX_COUNT 100000000UL
/* ...and all classes this many, lest many classes name one file. */
#define RESULT_MAX_SAMPLES 100000000UL
/* histogram_ns rows: fio has 1856, db_bench 109, an .hgrm a few hundred. */
#define RESULT_MAX_BUCKETS 100000
#define RESULT_MAX_BUCKETS_TEXT "100000"

/* Latencies as every format holds them: 1ns to a day. */
extern const struct json_span json_span_latency;

#endif
