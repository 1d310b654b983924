/* SPDX-License-Identifier: MIT */
/*
 * Small inputs in each tool's format, shared by the importers' tests
 * (test_import_formats.c, test_import_rows.c).
 */
#ifndef SYNCGATE_TESTS_IMPORT_INPUTS_H
#define SYNCGATE_TESTS_IMPORT_INPUTS_H

#define FIO_HEAD "{\"fio version\" : \"fio-3.33\", \"jobs\" : [{\"jobname\" : \"j\", " \
	"\"groupid\" : 0, \"error\" : 0, "
#define FIO_WRITE(pct) "\"write\" : {\"clat_ns\" : {\"N\" : 10, \"percentile\" : {" pct \
	"}}, \"lat_ns\" : {\"N\" : 10}}"
#define FIO_OK_PCT "\"50.000000\" : 333824, \"99.000000\" : 5734400"
#define FIO_OK FIO_HEAD FIO_WRITE(FIO_OK_PCT) "}]}\n"

#define DB_HEAD "fillrandom   :    1496.275 micros/op 668 ops/sec 29.926 seconds " \
	"4 operations;\nMicroseconds per write:\nCount: 4 Average: 2.0  StdDev: 1.00\n" \
	"Min: 1  Median: 2.0  Max: 3\n" \
	"------------------------------------------------------\n"
#define DB_ROW0 "[       0,       1 ]        2  50.000%  50.000% ##########\n"
#define DB_ROW1 "(       1,       2 ]        2  50.000% 100.000% ##########\n"

#define HGRM_HEAD "       Value     Percentile TotalCount 1/(1-Percentile)\n\n"
#define HGRM_ROWS "       1.000 0.000000000000          1           1.00\n" \
	"       2.000 0.500000000000          5           2.00\n" \
	"       3.000 0.900000000000          9          10.00\n" \
	"       4.000 1.000000000000         10\n"
#define HGRM_FOOT "#[Mean    =        2.000, StdDeviation   =        1.000]\n" \
	"#[Max     =        4.000, Total count    =           10]\n" \
	"#[Buckets =           22, SubBuckets     =         2048]\n"

#define GY_LINE(op, t, n, p50, p99) op " - Takes(s): " t ", Count: " n ", OPS: 1.0, " \
	"Avg(us): 5, Min(us): 1, Max(us): 99, 50th(us): " p50 ", 90th(us): 9, 95th(us): 9, " \
	"99th(us): " p99 ", 99.9th(us): 99, 99.99th(us): 99\n"

#define RAW_HEAD "READ latency raw data: op, timestamp(ms), latency(us)\n"

#endif
