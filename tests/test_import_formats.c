/* SPDX-License-Identifier: MIT */
/*
 * The importers of import/parse.h over bad buffers: the words of every
 * refusal of fio, db_bench, pgbench, go-ycsb, YCSB raw and JSON and hgrm,
 * and each tool's output named for what it is (test_import_rows.c has
 * what they import).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/formats.h"
#include "import/parse.h"
#include "lib/err.h"
#include "tests/import_inputs.h"
#include "tests/testutil.h"

struct bad_case {
	const char *what;
	import_parse_fn parse;
	const char *input;
	const char *message;    /* a part of the error */
};

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
		cmocka_unit_test(test_import_sniff_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
