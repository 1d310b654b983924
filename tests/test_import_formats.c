/* SPDX-License-Identifier: MIT */
/*
 * The importers of import/parse.h over buffers: fio, db_bench, pgbench,
 * go-ycsb, YCSB raw and JSON, hgrm.  What each imports, the intervals its
 * buckets give, and the words of every refusal.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/formats.h"
#include "import/parse.h"
#include "lib/err.h"
#include "tests/testutil.h"

struct bad_case {
	const char *what;
	import_parse_fn parse;
	const char *input;
	const char *message;    /* a part of the error */
};

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

static int
hgrm_us(const char *buf, size_t len, const char *name, struct result *out,
    struct import_notes *notes, char *err)
{
	return import_hgrm_parser("us")(buf, len, name, out, notes, err);
}

/* The row of the table whose parser parse is (hgrm's for us). */
static const struct import_format *
row_of(import_parse_fn parse)
{
	const struct import_format *f;

	for (f = import_formats; f->name != NULL; f++)
		if (f->parse == parse || (f->by_unit != NULL && parse == hgrm_us))
			return f;
	return NULL;
}

static const struct bad_case bad_cases[] = {
	{ "fio empty", import_fio_parse, "", "empty; expected fio's JSON output" },
	{ "fio prose", import_fio_parse, "hello\n", "no line starts a JSON object" },
	{ "fio cut", import_fio_parse, FIO_HEAD "\"write\" : {\n",
	  "truncated at line 1: the JSON object opened at line 1 does not close" },
	{ "fio two documents", import_fio_parse, FIO_OK FIO_OK,
	  "line 2: a second JSON document (the first is lines 1 to 1): fio's "
	  "--status-interval output" },
	{ "fio syntax", import_fio_parse, "{\"fio version\" : x}\n",
	  "not JSON: syntax error at line 1, column 18" },
	{ "fio no version", import_fio_parse, "{\"jobs\" : []}\n",
	  "the JSON has no \"fio version\"" },
	{ "fio client", import_fio_parse,
	  "{\"fio version\" : \"fio-3.33\", \"client_stats\" : []}\n",
	  "client_stats: fio's client/server output (--client)" },
	{ "fio no p50", import_fio_parse,
	  FIO_HEAD FIO_WRITE("\"99.000000\" : 5734400") "}]}\n",
	  "jobs[0] \"j\": write.clat_ns.percentile has no 50.000000; fio prints them "
	  "with its default --percentile_list, or one that holds 50 and 99" },
	{ "fio no percentiles", import_fio_parse,
	  FIO_HEAD "\"write\" : {\"clat_ns\" : {\"N\" : 10}, \"lat_ns\" : {\"N\" : 10}}}]}\n",
	  "write.clat_ns has no percentile object; fio prints it unless run with "
	  "--clat_percentiles=0" },
	{ "fio not a bucket", import_fio_parse,
	  FIO_HEAD FIO_WRITE("\"50.000000\" : 333825, \"99.000000\" : 5734400") "}]}\n",
	  "write.clat_ns.percentile[\"50.000000\"] is not one; expected a latency fio's "
	  "histogram prints" },
	{ "fio negative", import_fio_parse,
	  FIO_HEAD FIO_WRITE("\"50.000000\" : -4640, \"99.000000\" : 5734400") "}]}\n",
	  "percentile[\"50.000000\"] is not one" },
	{ "fio 128 ns", import_fio_parse,
	  FIO_HEAD FIO_WRITE("\"50.000000\" : 128, \"99.000000\" : 5734400") "}]}\n",
	  "percentile[\"50.000000\"] is not one" },
	{ "fio string latency", import_fio_parse,
	  FIO_HEAD FIO_WRITE("\"50.000000\" : \"4640\", \"99.000000\" : 5734400") "}]}\n",
	  "percentile[\"50.000000\"] is a string" },
	{ "fio p99 below p50", import_fio_parse,
	  FIO_HEAD FIO_WRITE("\"50.000000\" : 5734400, \"99.000000\" : 333824") "}]}\n",
	  "a percentile is below one before it" },
	{ "fio error", import_fio_parse,
	  "{\"fio version\" : \"v\", \"jobs\" : [{\"jobname\" : \"j\", \"error\" : 28}]}\n",
	  "jobs[0] \"j\": error is 28; expected 0" },
	{ "fio mixed", import_fio_parse,
	  FIO_HEAD "\"mixed\" : {}}]}\n", "unified_rw_reporting=mixed" },
	{ "fio 2", import_fio_parse,
	  FIO_HEAD "\"write\" : {\"clat\" : {\"N\" : 10}}}]}\n",
	  "write has clat and lat in microseconds, as fio before 3.0 wrote them" },
	{ "fio bins short", import_fio_parse,
	  FIO_HEAD "\"write\" : {\"clat_ns\" : {\"N\" : 10, \"percentile\" : {" FIO_OK_PCT
	  "}, \"bins\" : {\"4640\" : 9}}, \"lat_ns\" : {\"N\" : 10}}}]}\n",
	  "write.clat_ns.bins count 9 latencies, but N is 10" },
	{ "fio bin not a bucket", import_fio_parse,
	  FIO_HEAD "\"write\" : {\"clat_ns\" : {\"N\" : 10, \"percentile\" : {" FIO_OK_PCT
	  "}, \"bins\" : {\"4641\" : 10}}, \"lat_ns\" : {\"N\" : 10}}}]}\n",
	  "bins: the key \"4641\" is not a value fio's latency histogram prints" },
	{ "fio given ycsb", import_fio_parse, "[OVERALL], RunTime(ms), 1\n",
	  "line 1: this looks like YCSB's text output; expected fio's JSON output "
	  "(--output-format=json or json+) (for this file, use syncgate import ycsb)" },
	{ "fio nothing ran", import_fio_parse,
	  FIO_HEAD "\"write\" : {\"clat_ns\" : {\"N\" : 0}, \"lat_ns\" : {\"N\" : 0}}}]}\n",
	  "no job read, wrote, trimmed or synced anything" },
	{ "db empty", import_db_bench_parse, "\n", "empty; expected db_bench's output" },
	{ "db no histogram", import_db_bench_parse,
	  "fillrandom   :    1496.275 micros/op 668 ops/sec\n",
	  "line 1: 1 benchmark report line and no \"Microseconds per OP:\" block: "
	  "db_bench prints one for each kind of operation it timed, so this run "
	  "timed none (--num, --reads or --duration of 0?) or ran without "
	  "--histogram=1" },
	{ "db nothing at all", import_db_bench_parse, "RocksDB:    version 7.8.3\n",
	  "no \"Microseconds per OP:\" block and no benchmark report line" },
	{ "db cut", import_db_bench_parse, DB_HEAD DB_ROW0,
	  "truncated after line 6: the \"Microseconds per write\" block of line 2 "
	  "counts 2 of its 4 operations" },
	{ "db cut line", import_db_bench_parse, DB_HEAD "[       0,  ",
	  "truncated at line 6: the file ends inside a line" },
	{ "db count off", import_db_bench_parse, DB_HEAD DB_ROW0 DB_ROW1
	  "(       2,       3 ]        2  50.000% 100.000% #\n\n",
	  "the \"Microseconds per write\" rows count 6 operations, but its Count is 4" },
	{ "db negative", import_db_bench_parse,
	  DB_HEAD "[       0,      -1 ]        2  50.000%  50.000% #\n",
	  "line 6: \"[       0,      -1 ]        2  50.000%  ...\" in the \"Microseconds "
	  "per write\" block of line 2; expected a bucket row" },
	{ "db out of order", import_db_bench_parse, DB_HEAD DB_ROW1 DB_ROW0 "\n",
	  "expected a bucket above the row before it" },
	{ "db no count", import_db_bench_parse,
	  "Microseconds per read:\n" DB_ROW0 "\n", "has no Count line" },
	{ "db twice", import_db_bench_parse, DB_HEAD DB_ROW0 DB_ROW1 "\n"
	  "Microseconds per write:\nCount: 4\n" DB_ROW0 DB_ROW1 "\n",
	  "line 9: a second fillrandom:write block (the first is at line 2)" },
	{ "db given fio", import_db_bench_parse, FIO_OK,
	  "this looks like fio's JSON output; expected db_bench's output with "
	  "--histogram=1 (for this file, use syncgate import fio)" },
	{ "pg empty", import_pgbench_parse, "", "empty; expected pgbench's per-transaction log" },
	{ "pg prose", import_pgbench_parse, "hello world\n", "line 1: \"hello world\" has 2 "
	  "fields; expected pgbench's per-transaction log (-l)" },
	{ "pg aggregate", import_pgbench_parse,
	  "1796123593 10 8451 9000000 800 1200 0\n",
	  "7 fields, the first 1796123593, a Unix time: pgbench's aggregated log "
	  "(--aggregate-interval)" },
	{ "pg 15 aggregate", import_pgbench_parse,
	  "1796216935 25 764950 34771735932 4013 85555 0 0 0 0 0 0 0 0 0\n",
	  "line 1: 15 fields, the first 1796216935, a Unix time: pgbench's aggregated "
	  "log (--aggregate-interval), which sums each interval's transactions and "
	  "keeps no transaction's latency; expected pgbench's per-transaction log "
	  "(-l): run pgbench with -l and without --aggregate-interval" },
	{ "pg old aggregate", import_pgbench_parse, "1796216935 25 764950 34771735932 "
	  "4013\n", "5 fields, the first 1796216935, a Unix time" },
	{ "pg summary", import_pgbench_parse,
	  "pgbench (15.18 (Debian 15.18-0+deb12u1))\ntransaction type: <builtin: "
	  "TPC-B (sort of)>\nnumber of transactions actually processed: 238\n",
	  "line 3: this looks like pgbench's summary of a run, not its "
	  "per-transaction log (run pgbench with -l" },
	{ "fio errors of two directions", import_fio_parse,
	  FIO_HEAD "\"total_err\" : 3, \"read\" : {\"clat_ns\" : {\"N\" : 4, "
	  "\"percentile\" : {" FIO_OK_PCT "}}, \"lat_ns\" : {\"N\" : 4}}, "
	  "\"write\" : {\"clat_ns\" : {\"N\" : 4, \"percentile\" : {" FIO_OK_PCT
	  "}}, \"lat_ns\" : {\"N\" : 4}}}]}\n",
	  "total_err is 3: fio carried on past errors (continue_on_error) and "
	  "counts them for the job, not for each of its 2 directions" },
	{ "pg cut", import_pgbench_parse, "0 1 8451 0 1796123593 568994\n0 2 10",
	  "truncated at line 2: the file ends inside a line" },
	{ "pg negative", import_pgbench_parse, "0 1 -8451 0 1796123593 568994\n",
	  "line 1: time is \"-8451\"; expected a latency in whole microseconds" },
	{ "pg decimal", import_pgbench_parse, "0 1 84.5 0 1796123593 568994\n",
	  "line 1: time is \"84.5\"; expected a latency in whole microseconds" },
	{ "pg zero", import_pgbench_parse, "0 1 0 0 1796123593 568994\n",
	  "time is \"0\"; expected a latency of at least 1 microsecond" },
	{ "pg hex client", import_pgbench_parse, "0x1 1 5 0 1796123593 568994\n",
	  "client_id is \"0x1\"; expected a whole number" },
	{ "pg two runs", import_pgbench_parse,
	  "0 1 8451 0 1796123593 568994\n0 1 8451 0 1796123593 568994 12\n",
	  "line 2: 7 fields, but line 1 has 6" },
	{ "pg all skipped", import_pgbench_parse,
	  "0 1 skipped 0 1796123593 568994 12\n", "no transaction was timed" },
	{ "pg given hgrm", import_pgbench_parse, HGRM_HEAD HGRM_ROWS HGRM_FOOT,
	  "this looks like HdrHistogram's percentile text (.hgrm)" },
	{ "gy empty", import_go_ycsb_parse, "", "empty; expected go-ycsb's output" },
	{ "gy nothing", import_go_ycsb_parse, "hello\n",
	  "no summary line (\"READ   - Takes(s): ...\") and no CSV header" },
	{ "gy no p99", import_go_ycsb_parse,
	  "READ   - Takes(s): 1.0, Count: 5, 50th(us): 4\n",
	  "line 1: READ has no 99th(us); expected a go-ycsb that prints it" },
	{ "gy unit", import_go_ycsb_parse, "READ   - Takes(s): 1.0, Count: 5, 50th(ns): 4\n",
	  "READ 50th(ns): a unit go-ycsb does not print" },
	{ "gy negative", import_go_ycsb_parse,
	  GY_LINE("READ  ", "1.0", "5", "-4", "9"), "READ 50th(us) is \"-4\"; expected a "
	  "whole number of microseconds" },
	{ "gy interim only", import_go_ycsb_parse,
	  GY_LINE("READ  ", "1.0", "5", "4", "9") GY_LINE("READ  ", "2.0", "9", "4", "9"),
	  "truncated: go-ycsb's banner, or interim summaries, but no \"Run finished\"" },
	{ "gy finished, no summary", import_go_ycsb_parse,
	  GY_LINE("READ  ", "1.0", "5", "4", "9") "Run finished, takes 1s\n",
	  "truncated: no summary after \"Run finished\"" },
	{ "gy csv zero", import_go_ycsb_parse,
	  "operation,timestamp_us,latency_us\nREAD,1796126000000000,0\n",
	  "line 2: READ latency_us is \"0\"; expected a whole number of microseconds "
	  "from 1" },
	{ "gy csv two", import_go_ycsb_parse,
	  "operation,timestamp_us,latency_us\nREAD,1,5\noperation,timestamp_us,latency_us\n",
	  "line 3: a second CSV header (the first is at line 1)" },
	{ "gy csv bad row", import_go_ycsb_parse,
	  "operation,timestamp_us,latency_us\nREAD;1;5\n", "line 2: \"READ;1;5\" is not a "
	  "CSV row" },
	{ "raw empty", import_ycsb_raw_parse, "", "empty; expected YCSB's raw measurements" },
	{ "raw none", import_ycsb_raw_parse, "[READ], Operations, 5\n",
	  "this looks like YCSB's text output" },
	{ "raw zero", import_ycsb_raw_parse, RAW_HEAD "READ,1796127600125,0\n",
	  "line 2: READ latency is \"0\"; expected whole microseconds from 1" },
	{ "raw negative", import_ycsb_raw_parse, RAW_HEAD "READ,1796127600125,-5\n",
	  "READ latency is \"-5\"" },
	{ "raw other op", import_ycsb_raw_parse, RAW_HEAD "UPDATE,1796127600125,5\n",
	  "line 2: \"UPDATE,1796127600125,5\" is not a latency of READ" },
	{ "raw cut", import_ycsb_raw_parse, RAW_HEAD "READ,1796127600125,5",
	  "truncated at line 2" },
	{ "raw total", import_ycsb_raw_parse, RAW_HEAD "READ,1,5\n[READ], Total Operations, 2\n",
	  "line 3: [READ] Total Operations is 2, but 1 latencies follow its header" },
	{ "json empty", import_ycsb_json_parse, "", "empty; expected YCSB's JSON exporter" },
	{ "json text", import_ycsb_json_parse, "[READ], Operations, 5\n",
	  "line 1: this looks like YCSB's text output; expected YCSB's JSON exporter "
	  "output (for this file, use syncgate import ycsb)" },
	{ "json not records", import_ycsb_json_parse, "[1, 2]\n", "line 1: record [0] is not" },
	{ "json no records", import_ycsb_json_parse, "[]\n", "no records" },
	{ "json cut", import_ycsb_json_parse, "[ {\n  \"metric\" : \"READ\",\n",
	  "truncated at line 2: the JSON opened at line 1 does not close; expected "
	  "YCSB's JSON exporter output" },
	{ "json bad name", import_ycsb_json_parse,
	  "{\"metric\" : \"RE]AD\", \"measurement\" : \"Operations\", \"value\" : 5}",
	  "record [0]: a metric or measurement with a control character" },
	{ "json no p99", import_ycsb_json_parse,
	  "{\"metric\" : \"READ\", \"measurement\" : \"Operations\", \"value\" : 5}\n"
	  "{\"metric\" : \"READ\", \"measurement\" : \"50thPercentileLatency(us)\", "
	  "\"value\" : 5}\n", "[READ] (line 1) has no 99th percentile; YCSB prints it only "
	  "when run with -p hdrhistogram.percentiles=50,99" },
	{ "hgrm empty", hgrm_us, "", "empty; expected HdrHistogram's percentile text" },
	{ "hgrm none", hgrm_us, "hello\n", "no \"Value Percentile TotalCount "
	  "1/(1-Percentile)\" header" },
	{ "hgrm cut", hgrm_us, HGRM_HEAD "       1.000 0.000000000000          1           1.00\n",
	  "truncated after line 3: the table ends at percentile 0, before its last row" },
	{ "hgrm no rows", hgrm_us, HGRM_HEAD, "the header has no rows after it" },
	{ "hgrm no footer", hgrm_us, HGRM_HEAD HGRM_ROWS,
	  "and its \"#[Max = ..., Total count = N]\" footer" },
	{ "hgrm total off", hgrm_us, HGRM_HEAD HGRM_ROWS
	  "#[Max     =        4.000, Total count    =           11]\n",
	  "line 7: Total count 11, but the last row (line 6) counts 10" },
	{ "hgrm negative", hgrm_us, HGRM_HEAD "      -1.000 0.000000000000          1\n",
	  "line 3: \"      -1.000 0.000000000000          1\"; expected a row" },
	{ "hgrm decreasing", hgrm_us, HGRM_HEAD "       2.000 0.500000000000          5\n"
	  "       1.000 0.600000000000          6\n", "neither below the row before" },
	{ "hgrm two tables", hgrm_us, HGRM_HEAD HGRM_ROWS HGRM_FOOT HGRM_HEAD,
	  "line 10: a second table (the first is headed at line 1)" },
	{ "hgrm over a day", hgrm_us,
	  HGRM_HEAD "       1.000 0.000000000000          1\n"
	  "  90000000000 1.000000000000          2\n"
	  "#[Max     = 90000000000, Total count    =            2]\n",
	  "a row of 9e+10 microseconds, over a day" },
};

static void
test_import_formats_bad_inputs(void **state)
{
	size_t i, failed = 0;

	(void)state;
	for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		const struct bad_case *c = &bad_cases[i];
		struct result r;
		struct import_notes notes = { NULL, 0, 0 };
		char err[ERRLEN] = "";
		int rc = import_format_parse(row_of(c->parse), c->parse, c->input,
		    strlen(c->input), "f.txt", &r, &notes, err);

		if (rc != -1 || strstr(err, c->message) == NULL ||
		    strncmp(err, "f.txt: ", 7) != 0) {
			print_error("case \"%s\": got \"%s\"\nexpected \"%s\"\n", c->what,
			    rc == -1 ? err : "(imported)", c->message);
			failed++;
		} else {
			assert_int_equal(r.nclasses, 0);
			assert_null(r.classes);
		}
		if (rc == 0)
			result_free(&r);
		import_notes_free(&notes);
	}
	assert_int_equal(failed, 0);
}

static int
has_note(const struct import_notes *notes, const char *part)
{
	size_t i;

	for (i = 0; i < notes->n; i++)
		if (strstr(notes->lines[i], part) != NULL)
			return 1;
	return 0;
}

/* Type 7's two order statistics, each in its bucket. */
static void
test_result_buckets_quantile_ranks(void **state)
{
	static const struct result_bucket b[] = {
		{ 10, 19, 2 }, { 20, 29, 2 }, { 30, 39, 1 },
	};
	double lo, hi;

	(void)state;
	/* n 5, p 0.5: h = 2, rank 2 alone, in the second bucket */
	result_buckets_quantile(b, 3, 5, 0.5, &lo, &hi);
	assert_near(lo, 20, 0);
	assert_near(hi, 29, 0);
	/* p 0.3: h = 1.2, ranks 1 and 2, across the first two buckets */
	result_buckets_quantile(b, 3, 5, 0.3, &lo, &hi);
	assert_near(lo, 10, 0);
	assert_near(hi, 29, 0);
	/* p 0.99: h = 3.96, ranks 3 and 4 */
	result_buckets_quantile(b, 3, 5, 0.99, &lo, &hi);
	assert_near(lo, 20, 0);
	assert_near(hi, 39, 0);
	result_buckets_quantile(b, 1, 1, 0.99, &lo, &hi);
	assert_near(lo, 10, 0);
	assert_near(hi, 19, 0);
}

/*
 * histogram_ns read back: rows in rank order, their sum the count, p50
 * and p99 the rows of their type-7 ranks; each kind of bad row refused
 * with the field named.
 */
static void
test_result_histogram_load(void **state)
{
	static const struct {
		const char *rows, *extra, *want;
	} bad[] = {
		{ "[[10, 20, 1], [5, 30, 1]]", "", "histogram_ns[1] is" },
		{ "[[10, 20, 1], [15, 19, 1]]", "", "histogram_ns[1] is" },
		{ "[[10, 20, 0]]", "", "histogram_ns[0] is" },
		{ "[[10, 20, 1.5]]", "", "histogram_ns[0] is" },
		{ "[[30, 20, 1]]", "", "histogram_ns[0] is" },
		{ "[[10, 20]]", "", "histogram_ns[0] is" },
		{ "[]", "", "histogram_ns is empty" },
		{ "[[10, 20, 2]]", ", \"count\": 3", "count is 3, but histogram_ns counts 2" },
		{ "[[10, 20, 2]]", ", \"p50_range_ns\": [10, 20]", "a percentile range beside "
		  "histogram_ns" },
		{ "[[10, 20, 2]]", ", \"p50_ns\": 25", "p50_ns is 25, outside [10, 20]" },
		{ "[[10, 20, 2]]", ", \"samples_ns\": [12]", "both samples and histogram_ns" },
		{ "[[10, 20, 2]]", ", \"failed\": -1", "failed is -1" },
	};
	char in[512], err[ERRLEN];
	struct result r;
	cJSON *root;
	size_t i;

	(void)state;
	snprintf(in, sizeof in, "{\"format\": \"syncgate-result/1\", \"engine\": \"e\", "
	    "\"classes\": [{\"name\": \"w\", \"kind\": \"write\", \"histogram_ns\": "
	    "[[0, 20, 3], [20, 40, 1], [50, 60, 1]], \"skipped\": 7}]}");
	root = cJSON_Parse(in);
	if (result_from_json(root, "r.json", &r, err) != 0)
		fail_msg("%s", err);
	cJSON_Delete(root);
	assert_int_equal(r.classes[0].count, 5);
	assert_int_equal(r.classes[0].nbuckets, 3);
	assert_int_equal(r.classes[0].skipped, 7);
	assert_int_equal(r.classes[0].failed, 0);
	/* h = 2: rank 3, in the first row, whose low of 0 is kept as 1 ns */
	assert_near(r.classes[0].p50_lo_ns, 1, 0);
	assert_near(r.classes[0].p50_hi_ns, 20, 0);
	/* h = 3.96: ranks 4 and 5 */
	assert_near(r.classes[0].p99_lo_ns, 20, 0);
	assert_near(r.classes[0].p99_hi_ns, 60, 0);
	assert_near(r.classes[0].p99_ns, 40, 0);
	result_free(&r);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(in, sizeof in, "{\"format\": \"syncgate-result/1\", \"engine\": "
		    "\"e\", \"classes\": [{\"name\": \"w\", \"kind\": \"write\", "
		    "\"histogram_ns\": %s%s}]}", bad[i].rows, bad[i].extra);
		root = cJSON_Parse(in);
		assert_int_equal(result_from_json(root, "r.json", &r, err), -1);
		cJSON_Delete(root);
		if (strstr(err, bad[i].want) == NULL)
			fail_msg("case %zu: got \"%s\", expected \"%s\"", i, err, bad[i].want);
	}
}

/*
 * The gate's bounds on a histogram are the samples' ranks: one operation
 * has none at 95%, and many in one bucket bound p50 by that bucket.
 */
static void
test_result_buckets_bounds_ranks(void **state)
{
	static const struct result_bucket one[] = { { 109568, 110591, 1 } };
	static const struct result_bucket many[] = {
		{ 100, 199, 400 }, { 200, 299, 200 }, { 300, 399, 400 },
	};
	double lo, hi;

	(void)state;
	result_buckets_bounds(one, 1, 1, 0.5, 0.025, &lo, &hi);
	assert_near(lo, 0, 0);
	assert_true(isinf(hi));
	result_buckets_bounds(one, 1, 5, 0.5, 0.025, &lo, &hi);
	assert_near(lo, 0, 0);
	assert_true(isinf(hi));
	/* ranks about 469 and 532 of 1000: both in the middle bucket */
	result_buckets_bounds(many, 3, 1000, 0.5, 0.025, &lo, &hi);
	assert_near(lo, 200, 0);
	assert_near(hi, 299, 0);
}

/*
 * fio's printed percentile is its bucket's midpoint: 333824 ns is the
 * bucket of 4096 ns from 331776; under 128 ns a bucket is one value, a
 * point; the last bucket has no upper end but a day.
 */
static void
test_import_fio_buckets(void **state)
{
	static const struct {
		const char *pct;
		double p50, lo50, hi50, p99, lo99, hi99;
	} cases[] = {
		{ FIO_OK_PCT, 333824, 331776, 335871, 5734400, 5701632, 5767167 },
		{ "\"50.000000\" : 100, \"99.000000\" : 127", 100, NAN, NAN, 127, NAN, NAN },
		{ "\"50.000000\" : 129, \"99.000000\" : 131", 129, 128, 129, 131, 130, 131 },
		{ "\"50.000000\" : 100, \"99.000000\" : 131", 100, 100, 100, 131, 130, 131 },
		{ "\"50.000000\" : 17112760320, \"99.000000\" : 17112760320", 17112760320,
		  17045651456, RESULT_MAX_NS, 17112760320, 17045651456, RESULT_MAX_NS },
	};
	size_t i;
	double lo, hi;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct result r;
		struct import_notes notes = { NULL, 0, 0 };
		char in[1024], err[ERRLEN];
		const struct result_class *c;

		snprintf(in, sizeof in, "%s\"write\" : {\"clat_ns\" : {\"N\" : 10, "
		    "\"percentile\" : {%s}}, \"lat_ns\" : {\"N\" : 10}}}]}\n", FIO_HEAD,
		    cases[i].pct);
		if (import_fio_parse(in, strlen(in), "f.json", &r, &notes, err) != 0)
			fail_msg("case %zu: %s", i, err);
		c = &r.classes[0];
		assert_string_equal(c->name, "j:write");
		assert_int_equal(c->kind, KIND_WRITE);
		assert_int_equal(c->count, 10);
		assert_near(c->p50_ns, cases[i].p50, 0);
		assert_near(c->p99_ns, cases[i].p99, 0);
		/*
		 * fio took rank 5 (or 6) for p50 and 9 (or 10) for p99: rank 5 is
		 * at most p50's bucket's high and rank 6 at least its low; of the
		 * ranks below, nothing is known but that.
		 */
		assert_non_null(c->buckets);
		result_buckets_ranks(c->buckets, c->nbuckets, 6, 5, &lo, &hi);
		assert_near(lo, isnan(cases[i].lo50) ? cases[i].p50 : cases[i].lo50, 0);
		assert_near(hi, isnan(cases[i].hi50) ? cases[i].p50 : cases[i].hi50, 0);
		result_buckets_ranks(c->buckets, c->nbuckets, 10, 9, &lo, &hi);
		assert_near(lo, isnan(cases[i].lo99) ? cases[i].p99 : cases[i].lo99, 0);
		assert_near(hi, isnan(cases[i].hi99) ? cases[i].p99 : cases[i].hi99, 0);
		result_buckets_ranks(c->buckets, c->nbuckets, 1, 10, &lo, &hi);
		assert_near(lo, 0, 0);
		assert_near(hi, RESULT_MAX_NS, 0);
		assert_true(has_note(&notes, "j:write: completion latency (clat_ns)"));
		import_notes_free(&notes);
		result_free(&r);
	}
}

/*
 * json+'s bins: p50 and p99 from the counts, by type 7; total latency
 * (lat_ns) where it has percentiles; a sync direction; text around the
 * JSON passed over and said.
 */
static void
test_import_fio_bins_and_sync(void **state)
{
	static const char in[] =
	    "note: both iodepth >= 1 and synchronous I/O engine are selected\n"
	    FIO_HEAD "\"read\" : {\"clat_ns\" : {\"N\" : 0}, \"lat_ns\" : {\"N\" : 0}},\n"
	    "\"write\" : {\"clat_ns\" : {\"N\" : 4, \"percentile\" : {" FIO_OK_PCT "}},\n"
	    "\"lat_ns\" : {\"N\" : 4, \"percentile\" : {" FIO_OK_PCT "}, \"bins\" : "
	    "{\"4640\" : 2, \"333824\" : 1, \"5734400\" : 1}}},\n"
	    "\"sync\" : {\"total_ios\" : 0, \"lat_ns\" : {\"N\" : 3, \"percentile\" : {"
	    FIO_OK_PCT "}}}}]}\n"
	    "j: (groupid=0, jobs=1): err= 0: pid=1\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(import_fio_parse(in, strlen(in), "f.json", &r, &notes, err), 0);
	assert_int_equal(r.nclasses, 2);
	assert_string_equal(r.classes[0].name, "j:write");
	/* h = 1.5: ranks 1 and 2, in the buckets of 4640 and 333824 */
	assert_near(r.classes[0].p50_lo_ns, 4608, 0);
	assert_near(r.classes[0].p50_hi_ns, 335871, 0);
	assert_near(r.classes[0].p50_ns, (4608 + 335871) / 2.0, 0);
	/* h = 2.97: ranks 2 and 3 */
	assert_near(r.classes[0].p99_lo_ns, 331776, 0);
	assert_near(r.classes[0].p99_hi_ns, 5767167, 0);
	assert_string_equal(r.classes[1].name, "j:sync");
	assert_int_equal(r.classes[1].kind, KIND_WRITE);
	assert_int_equal(r.classes[1].count, 3);
	assert_false(has_note(&notes, "j:write: completion latency"));
	assert_true(has_note(&notes, "1 line before the JSON"));
	assert_true(has_note(&notes, "1 line after the JSON from line 6"));
	assert_true(has_note(&notes, "kept as histogram_ns, json+'s buckets with "
	    "their counts"));
	assert_int_equal(r.classes[0].nbuckets, 3);
	assert_int_equal(r.classes[0].buckets[0].count, 2);
	import_notes_free(&notes);
	result_free(&r);
}

/* db_bench's rows: whole microseconds, a microsecond either side. */
static void
test_import_db_bench_rows(void **state)
{
	static const char in[] = DB_HEAD DB_ROW0 DB_ROW1 "\n"
	    "Microseconds per crc:\nCount: 1 Average: 2.0  StdDev: 0.00\n"
	    "(       1,       2 ]        1 100.000% 100.000% ####################\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(import_db_bench_parse(in, strlen(in), "d.txt", &r, &notes,
	    err), 0);
	assert_int_equal(r.nclasses, 1);
	assert_string_equal(r.classes[0].name, "fillrandom:write");
	assert_int_equal(r.classes[0].count, 4);
	/* n 4, h = 1.5: ranks 1 and 2, in [0, 1] and (1, 2] */
	assert_near(r.classes[0].p50_lo_ns, 1, 0);
	assert_near(r.classes[0].p50_hi_ns, 3000, 0);
	assert_near(r.classes[0].p99_lo_ns, 1000, 0);
	assert_near(r.classes[0].p99_hi_ns, 3000, 0);
	assert_true(has_note(&notes, "fillrandom (line 1): 1496.275 micros/op 668 "
	    "ops/sec 29.926 seconds 4 operations; reported, not imported"));
	assert_true(has_note(&notes, "fillrandom:crc (line 9): 1 operations, not "
	    "imported"));
	import_notes_free(&notes);
	result_free(&r);
}

/*
 * fio's errors past continue_on_error (total_err) are the failed
 * operations of a job of one direction.
 */
static void
test_import_fio_total_err(void **state)
{
	static const char in[] = FIO_HEAD "\"total_err\" : 3, \"first_error\" : 5, "
	    FIO_WRITE(FIO_OK_PCT) "}]}\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	if (import_fio_parse(in, strlen(in), "f.json", &r, &notes, err) != 0)
		fail_msg("%s", err);
	assert_int_equal(r.classes[0].count, 10);
	assert_int_equal(r.classes[0].failed, 3);
	assert_true(has_note(&notes, "j:write: 3 operations failed (fio's total_err"));
	import_notes_free(&notes);
	result_free(&r);
}

/* YCSB raw's OP-FAILED latencies: the class's failed operations, said. */
static void
test_import_ycsb_raw_failed(void **state)
{
	static const char in[] = RAW_HEAD "READ,1796127600125,5\nREAD,1796127600126,7\n"
	    "READ-FAILED latency raw data: op, timestamp(ms), latency(us)\n"
	    "READ-FAILED,1796127600127,3\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	if (import_ycsb_raw_parse(in, strlen(in), "raw.txt", &r, &notes, err) != 0)
		fail_msg("%s", err);
	assert_int_equal(r.nclasses, 1);
	assert_int_equal(r.classes[0].count, 2);
	assert_int_equal(r.classes[0].failed, 1);
	assert_true(has_note(&notes, "READ-FAILED: 1 operation failed, kept as failed "
	    "of READ"));
	import_notes_free(&notes);
	result_free(&r);
}

/* A json+ bin of 0 ns (under fio's nanosecond) is a latency of at most 1 ns. */
static void
test_import_fio_zero_bin(void **state)
{
	static const char in[] = FIO_HEAD "\"write\" : {\"clat_ns\" : {\"N\" : 2, "
	    "\"percentile\" : {" FIO_OK_PCT "}, \"bins\" : {\"0\" : 1, \"4640\" : 1}}, "
	    "\"lat_ns\" : {\"N\" : 2}}}]}\n";
	struct result r, back;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];
	cJSON *root;

	(void)state;
	if (import_fio_parse(in, strlen(in), "f.json", &r, &notes, err) != 0)
		fail_msg("%s", err);
	assert_int_equal(r.classes[0].nbuckets, 2);
	assert_near(r.classes[0].buckets[0].lo_ns, 0, 0);
	assert_near(r.classes[0].buckets[0].hi_ns, 1, 0);
	r.engine = xstrdup("e");
	root = result_to_json(&r, NULL);
	if (result_reload(root, "f.json", &back, err) != 0)
		fail_msg("%s", err);
	assert_int_equal(back.classes[0].count, 2);
	cJSON_Delete(root);
	result_free(&back);
	import_notes_free(&notes);
	result_free(&r);
}

/* pgbench: untimed transactions counted, scripts in order, samples in ns. */
static void
test_import_pgbench_scripts(void **state)
{
	static const char in[] =
	    "1 1 5026 1 1796123593 873928 120\n"
	    "1 2 skipped 1 1796123593 873991 0\n"
	    "0 1 2000 0 1796123593 873991 0\n"
	    "0 2 failed 0 1796123593 873998 0\n"
	    "0 3 1000 0 1796123593 873998 0\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(import_pgbench_parse(in, strlen(in), "p.log", &r, &notes,
	    err), 0);
	assert_int_equal(r.nclasses, 2);
	assert_string_equal(r.classes[0].name, "script0");
	assert_int_equal(r.classes[0].kind, KIND_WRITE);
	assert_int_equal(r.classes[0].nsamples, 2);
	assert_near(r.classes[0].samples_ns[0], 1e6, 0);
	assert_near(r.classes[0].samples_ns[1], 2e6, 0);
	assert_int_equal(r.classes[0].count, 2);
	assert_string_equal(r.classes[1].name, "script1");
	assert_near(r.classes[1].samples_ns[0], 5026e3, 0);
	assert_true(has_note(&notes, "script0: 1 transaction failed"));
	assert_true(has_note(&notes, "script1: 1 transaction skipped"));
	/* kept in the class, not only said */
	assert_int_equal(r.classes[0].failed, 1);
	assert_int_equal(r.classes[0].skipped, 0);
	assert_int_equal(r.classes[1].failed, 0);
	assert_int_equal(r.classes[1].skipped, 1);
	import_notes_free(&notes);
	result_free(&r);
}

/* go-ycsb: the summary after "Run finished" is the run's. */
static void
test_import_go_ycsb_last_summary(void **state)
{
	static const char in[] =
	    "***************** properties *****************\n"
	    GY_LINE("READ  ", "10.0", "5", "4", "9")
	    "**********************************************\n"
	    "Run finished, takes 20.1s\n"
	    GY_LINE("READ  ", "20.1", "10", "40", "90")
	    GY_LINE("UPDATE", "20.1", "10", "400", "900")
	    GY_LINE("UPDATE_ERROR", "20.1", "2", "400", "900");
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(import_go_ycsb_parse(in, strlen(in), "g.txt", &r, &notes,
	    err), 0);
	assert_int_equal(r.nclasses, 2);
	assert_string_equal(r.classes[0].name, "READ");
	assert_int_equal(r.classes[0].kind, KIND_READ);
	assert_near(r.classes[0].p50_ns, 40e3, 0);
	assert_near(r.classes[0].p99_ns, 90e3, 0);
	assert_int_equal(r.classes[0].count, 10);
	assert_int_equal(r.classes[1].kind, KIND_WRITE);
	assert_true(has_note(&notes, "1 interim summary line"));
	assert_true(has_note(&notes, "UPDATE_ERROR (line 7): 2 operations, not "
	    "imported: failed operations"));
	import_notes_free(&notes);
	result_free(&r);
}

/* hgrm: the interval between the rows around each rank, in its unit. */
static void
test_import_hgrm_rows(void **state)
{
	static const char in[] = "wrk2's own lines\n" HGRM_HEAD HGRM_ROWS HGRM_FOOT
	    "Requests/sec: 1000\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_null(import_hgrm_parser("min"));
	assert_null(import_hgrm_parser(NULL));
	assert_int_equal(import_hgrm_parser("ms")(in, strlen(in), "h.hgrm", &r, &notes,
	    err), 0);
	assert_int_equal(r.nclasses, 1);
	assert_string_equal(r.classes[0].name, "latency");
	assert_int_equal(r.classes[0].count, 10);
	/* n 10, h = 4.5: ranks 4 and 5; rank 4 in the row counting 5 (2 ms), above 1 ms */
	assert_near(r.classes[0].p50_lo_ns, 0.9995e6, 1e-3);
	assert_near(r.classes[0].p50_hi_ns, 3.0005e6, 1e-3);
	/* h = 8.91: ranks 8 and 9, rows counting 9 and 10 */
	assert_near(r.classes[0].p99_lo_ns, 1.9995e6, 1e-3);
	assert_near(r.classes[0].p99_hi_ns, 4.0005e6, 1e-3);
	assert_true(has_note(&notes, "1 line before the table and 1 after it"));
	assert_true(has_note(&notes, "read as milliseconds (--unit)"));
	import_notes_free(&notes);
	result_free(&r);
}

/*
 * hgrm in ms: each row's bounds are the figures its text says in ns,
 * 8.287 ms true to half a microsecond is 8286500 to 8287500 ns, where
 * (8.287 + 0.0005) * 1e6 was 8287500.000000002.
 */
static void
test_import_hgrm_exact_ns(void **state)
{
	static const char in[] = HGRM_HEAD
	    "       8.199 0.000000000000          1           1.00\n"
	    "       8.287 0.500000000000          5           2.00\n"
	    "       8.303 1.000000000000         10\n"
	    "#[Max     =        8.303, Total count    =           10]\n";
	static const double want[][2] = {
		{ 0, 8199500 }, { 8198500, 8287500 }, { 8286500, 8303500 },
	};
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];
	size_t i;

	(void)state;
	assert_int_equal(import_hgrm_parser("ms")(in, strlen(in), "h.hgrm", &r, &notes,
	    err), 0);
	assert_int_equal(r.classes[0].nbuckets, 3);
	for (i = 0; i < 3; i++)
		if (r.classes[0].buckets[i].lo_ns != want[i][0] ||
		    r.classes[0].buckets[i].hi_ns != want[i][1])
			fail_msg("bucket %zu: %.17g to %.17g, expected %.17g to %.17g", i,
			    r.classes[0].buckets[i].lo_ns, r.classes[0].buckets[i].hi_ns,
			    want[i][0], want[i][1]);
	import_notes_free(&notes);
	result_free(&r);
}

/*
 * Latencies printed in us or ms are scaled in their text: go-ycsb's 16.1 us
 * is 16100 ns (16.1 * 1e3 is 16100.000000000002), YCSB's 2.0035 us rounds
 * to 2004 ns and LinkBench's 0.1250005 ms to 125001 ns (the products fall
 * just under the half and rounded down).
 */
static void
test_import_scaled_exact_ns(void **state)
{
	static const char gy[] = GY_LINE("READ  ", "20.1", "10", "16.1", "32.7");
	static const char ycsb[] = "[READ], Operations, 10\n"
	    "[READ], 50thPercentileLatency(us), 2.0035\n"
	    "[READ], 99thPercentileLatency(us), 2.0075\n";
	static const char lb[] = "op,count,p25_low,p25_high,p50_low,p50_high,p75_low,"
	    "p75_high,p95_low,p95_high,p99_low,p99_high,max,mean\n"
	    "GET_NODE,100,0.1,0.1250005,0.1250005,0.2,0.2,0.3,0.3,0.4,0.4,0.5,1,0.2\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];
	size_t i;
	int seen = 0;

	(void)state;
	assert_int_equal(import_go_ycsb_parse(gy, strlen(gy), "g.txt", &r, &notes,
	    err), 0);
	assert_true(r.classes[0].p50_ns == 16100 && r.classes[0].p99_ns == 32700);
	import_notes_free(&notes);
	result_free(&r);

	assert_int_equal(import_ycsb_parse(ycsb, strlen(ycsb), "y.txt", &r, &notes,
	    err), 0);
	assert_true(r.classes[0].p50_ns == 2004 && r.classes[0].p99_ns == 2008);
	import_notes_free(&notes);
	result_free(&r);

	assert_int_equal(import_linkbench_parse(lb, strlen(lb), "l.csv", &r, &notes,
	    err), 0);
	for (i = 0; i < r.classes[0].nbuckets; i++) {
		const struct result_bucket *b = &r.classes[0].buckets[i];

		assert_true(b->lo_ns == floor(b->lo_ns) && b->hi_ns == floor(b->hi_ns));
		seen |= b->lo_ns == 125001 || b->hi_ns == 125001;
	}
	assert_true(seen);
	import_notes_free(&notes);
	result_free(&r);
}

/* YCSB's JSON records read as the text, messages at the record's line. */
static void
test_import_ycsb_json_lines(void **state)
{
	static const char in[] =
	    "{\n  \"metric\" : \"READ\",\n  \"measurement\" : \"Operations\",\n"
	    "  \"value\" : 5\n} {\n  \"metric\" : \"READ\",\n"
	    "  \"measurement\" : \"50thPercentileLatency(us)\",\n  \"value\" : 0x1\n}";
	static const char ok[] =
	    "[ {\"metric\" : \"READ\", \"measurement\" : \"Operations\", \"value\" : 5},\n"
	    "{\"metric\" : \"READ\", \"measurement\" : \"50thPercentileLatency(us)\", "
	    "\"value\" : 377.0},\n"
	    "{\"metric\" : \"READ\", \"measurement\" : \"99thPercentileLatency(us)\", "
	    "\"value\" : 1.021E3} ]";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(import_ycsb_json_parse(in, strlen(in), "y.json", &r, &notes,
	    err), IMPORT_FOREIGN);
	assert_non_null(strstr(err, "y.json: not JSON: syntax error at line 8"));
	assert_int_equal(import_ycsb_json_parse(ok, strlen(ok), "y.json", &r, &notes,
	    err), 0);
	assert_int_equal(r.nclasses, 1);
	assert_near(r.classes[0].p50_ns, 377e3, 0);
	assert_near(r.classes[0].p99_ns, 1021e3, 0);
	import_notes_free(&notes);
	result_free(&r);
}

/* Each tool's output is named for what it is. */
static void
test_import_sniff_names(void **state)
{
	static const struct {
		const char *text, *format;
	} cases[] = {
		{ FIO_OK, "fio" },
		{ DB_HEAD, "db_bench" },
		{ "0 1 8451 0 1796123593 568994\n", "pgbench" },
		{ GY_LINE("READ  ", "1.0", "5", "4", "9"), "go-ycsb" },
		{ RAW_HEAD, "ycsb-raw" },
		{ "[{\"metric\" : \"READ\", \"measurement\" : \"Operations\"}]", "ycsb-json" },
		{ HGRM_HEAD, "hgrm" },
		{ "[OVERALL], RunTime(ms), 1\n", "ycsb" },
		{ "op,count,p25_low,p25_high\n", "linkbench" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct import_sniffed s = import_sniff(cases[i].text, strlen(cases[i].text));

		if (s.format == NULL || strcmp(s.format, cases[i].format) != 0)
			fail_msg("case %zu: %s, expected %s", i, s.format != NULL ? s.format :
			    "nothing", cases[i].format);
	}
	assert_null(import_sniff("hello\n", 6).what);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_import_formats_bad_inputs),
		cmocka_unit_test(test_result_buckets_quantile_ranks),
		cmocka_unit_test(test_result_histogram_load),
		cmocka_unit_test(test_result_buckets_bounds_ranks),
		cmocka_unit_test(test_import_fio_buckets),
		cmocka_unit_test(test_import_fio_bins_and_sync),
		cmocka_unit_test(test_import_db_bench_rows),
		cmocka_unit_test(test_import_pgbench_scripts),
		cmocka_unit_test(test_import_fio_total_err),
		cmocka_unit_test(test_import_fio_zero_bin),
		cmocka_unit_test(test_import_ycsb_raw_failed),
		cmocka_unit_test(test_import_go_ycsb_last_summary),
		cmocka_unit_test(test_import_hgrm_rows),
		cmocka_unit_test(test_import_hgrm_exact_ns),
		cmocka_unit_test(test_import_scaled_exact_ns),
		cmocka_unit_test(test_import_ycsb_json_lines),
		cmocka_unit_test(test_import_sniff_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
