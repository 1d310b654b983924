/* SPDX-License-Identifier: MIT */
/*
 * The YCSB and LinkBench parsers over buffers: what they import, what
 * they only report, and the words of every refusal (empty, binary,
 * truncated, another format, a missing percentile).
 */
#include <stdlib.h>
#include <string.h>

#include "import/formats.h"
#include "import/import.h"
#include "import/parse.h"
#include "lib/err.h"
#include "tests/testutil.h"

typedef int (*parse_fn)(const char *, size_t, const char *, struct result *,
    struct import_notes *, char *);

struct bad_case {
	const char *what;
	parse_fn parse;
	const char *input;
	const char *message;    /* a part of the error */
};

#define LB_HEADER "op,count,p25_low,p25_high,p50_low,p50_high,p75_low,p75_high," \
	"p95_low,p95_high,p99_low,p99_high,max,mean\n"

static const char ycsb_ok[] =
    "[OVERALL], RunTime(ms), 10421\n"
    "[OVERALL], Throughput(ops/sec), 959.59\n"
    "[TOTAL_GCs], Count, 5\n"
    "[READ], Operations, 5012\n"
    "[READ], AverageLatency(us), 412.49\n"
    "[READ], 50thPercentileLatency(us), 377\n"
    "[READ], 99thPercentileLatency(us), 1021\n"
    "[READ], Return=OK, 5012\n"
    "[UPDATE], Operations, 4988\n"
    "[UPDATE], 50thPercentileLatency(us), 1347\n"
    "[UPDATE], 99thPercentileLatency(us), 4211\n"
    "[UPDATE], Return=OK, 4988\n";

static const struct bad_case bad_cases[] = {
	{ "ycsb empty", import_ycsb_parse, "", "empty; expected YCSB's text output" },
	{ "ycsb blanks", import_ycsb_parse, "\n  \n\t\n", "empty" },
	{ "ycsb NUL", import_ycsb_parse, "[READ], Operations, 1\n\0\n", "line 2: a NUL byte" },
	{ "ycsb Latin-1", import_ycsb_parse, "[READ], Operations, 1\n[R\xc9" "AD], Operations, 1\n",
	  "line 2: not UTF-8: byte 0xc9; expected" },
	{ "linkbench Latin-1", import_linkbench_parse, "op,count\n\xe9,1\n",
	  "line 2: not UTF-8: byte 0xe9; expected" },
	{ "ycsb cut line", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 3",
	  "truncated at line 2: the file ends inside a line" },
	{ "ycsb cut block", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 3\n"
	  "[READ], 99thPercentileLatency(us), 9\n[UPDATE], Operations, 5\n"
	  "[UPDATE], MaxLatency(us), 99\n",
	  "truncated after line 5: [UPDATE] ends before its percentiles" },
	{ "ycsb no p50", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 95thPercentileLatency(us), 3\n"
	  "[READ], 99thPercentileLatency(us), 9\n",
	  "[READ] (line 1) has no 50th percentile; YCSB prints it only when run with "
	  "-p hdrhistogram.percentiles=50,99" },
	{ "ycsb no p99", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 3\n",
	  "has no 99th percentile" },
	{ "ycsb timeseries", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], AverageLatency(us), 3.5\n[READ], 0, 3.5\n",
	  "has no 50th percentile" },
	{ "ycsb json", import_ycsb_parse, "[\n{\n  \"metric\" : \"OVERALL\"\n}\n]\n",
	  "line 1: JSON, perhaps from YCSB's JSON exporter" },
	{ "ycsb json object", import_ycsb_parse, "{\"metric\" : \"READ\"}\n", "line 1: JSON" },
	{ "ycsb given linkbench", import_ycsb_parse, LB_HEADER,
	  "a LinkBench -csvstats header; expected YCSB's text output (for this file, "
	  "use syncgate import linkbench)" },
	{ "ycsb escape", import_ycsb_parse, "\x1b[2J\x1b]0;owned\x07\n",
	  "line 1: \"?[2J?]0;owned?\" is not a YCSB measurement" },
	{ "ycsb long line", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ] 0123456789012345678901234567890123456789xyz\n",
	  "line 2: \"[READ] 012345678901234567890123456789012...\" is not" },
	{ "ycsb prose", import_ycsb_parse, "hello\nworld\n",
	  "line 1: \"hello\" is not a YCSB measurement" },
	{ "ycsb bad line later", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ] 50th 3\n", "line 2: \"[READ] 50th 3\" is not a YCSB" },
	{ "ycsb twice", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 3\n"
	  "[READ], 99thPercentileLatency(us), 9\n[READ], 50thPercentileLatency(us), 4\n",
	  "line 4: a second [READ] 50th percentile (the first is at line 2)" },
	{ "ycsb load then run", import_ycsb_parse,
	  "[OVERALL], RunTime(ms), 2210\n[INSERT], Operations, 1000\n"
	  "[INSERT], 50thPercentileLatency(us), 1482\n"
	  "[INSERT], 99thPercentileLatency(us), 6183\n"
	  "[OVERALL], RunTime(ms), 10421\n[READ], Operations, 5\n"
	  "[READ], 50thPercentileLatency(us), 3\n[READ], 99thPercentileLatency(us), 9\n",
	  "line 5: a second [OVERALL] block (the first is lines 1 to 1); expected the "
	  "output of one YCSB run, not two (a load's output followed by a run's?): "
	  "import each run's output alone" },
	{ "ycsb two runs without [OVERALL]", import_ycsb_parse,
	  "[INSERT], Operations, 1000\n[INSERT], 50thPercentileLatency(us), 1482\n"
	  "[INSERT], 99thPercentileLatency(us), 6183\n[READ], Operations, 5\n"
	  "[READ], 50thPercentileLatency(us), 3\n[READ], 99thPercentileLatency(us), 9\n"
	  "[INSERT], Operations, 7\n",
	  "line 7: a second [INSERT] block (the first is lines 1 to 3)" },
	{ "ycsb p99 below p50", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 30\n"
	  "[READ], 99thPercentileLatency(us), 9\n",
	  "line 3: [READ] 99th percentile 9 us is below its 50th, 30 us" },
	{ "ycsb zero", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 0\n"
	  "[READ], 99thPercentileLatency(us), 9\n",
	  "line 2: [READ] 50th percentile is 0 us: below YCSB's one-microsecond resolution" },
	{ "ycsb not a number", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), fast\n",
	  "line 2: [READ] 50thPercentileLatency(us) is fast; expected a latency in "
	  "microseconds" },
	{ "ycsb negative", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), -3\n",
	  "expected a latency in microseconds" },
	{ "ycsb unit seconds", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(s), 3\n",
	  "line 2: [READ] 50thPercentileLatency(s) gives its latency in \"s\"; expected "
	  "us, ms or ns" },
	{ "ycsb under a nanosecond", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(ns), 0.5\n"
	  "[READ], 99thPercentileLatency(ns), 9\n",
	  "line 2: [READ] 50th percentile is 0.5 ns: below YCSB's one-nanosecond "
	  "resolution" },
	{ "ycsb negative ms", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 99thPercentileLatency(ms), -3\n",
	  "[READ] 99thPercentileLatency(ms) is -3; expected a latency in milliseconds" },
	{ "ycsb over a day in ms", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 99thPercentileLatency(ms), 86400001\n",
	  "expected a latency in milliseconds" },
	{ "ycsb p99 below p50 across units", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(ms), 2\n"
	  "[READ], 99thPercentileLatency(us), 900\n",
	  "line 3: [READ] 99th percentile 900 us is below its 50th, 2 ms (line 2)" },
	{ "ycsb twice in two units", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 3\n"
	  "[READ], 50thPercentileLatency(ms), 3\n",
	  "line 3: a second [READ] 50th percentile (the first is at line 2)" },
	{ "ycsb bad count", import_ycsb_parse, "[READ], Operations, 2.5\n",
	  "[READ] Operations is 2.5; expected a count of operations" },
	{ "ycsb hexadecimal count", import_ycsb_parse, "[READ], Operations, 0x10\n",
	  "[READ] Operations is 0x10; expected a count of operations" },
	{ "ycsb count as exponent", import_ycsb_parse, "[READ], Operations, 1e3\n",
	  "[READ] Operations is 1e3; expected a count of operations" },
	{ "ycsb count past 2^53", import_ycsb_parse,
	  "[READ], Operations, 9007199254740993\n",
	  "[READ] Operations is 9007199254740993; expected a count of operations of "
	  "at most 9007199254740991 (2^53 - 1), the largest whole number a JSON "
	  "number holds exactly" },
	{ "ycsb hexadecimal", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 0x10\n",
	  "line 2: [READ] 50thPercentileLatency(us) is 0x10; expected a latency in "
	  "microseconds" },
	{ "ycsb hexadecimal float", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 0x1p3\n",
	  "line 2: [READ] 50thPercentileLatency(us) is 0x1p3; expected a latency in "
	  "microseconds" },
	{ "ycsb infinity", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 99thPercentileLatency(us), inf\n",
	  "line 2: [READ] 99thPercentileLatency(us) is inf; expected a latency" },
	{ "ycsb leading blank", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 99thPercentileLatency(us),  7\n",
	  "line 2: [READ] 99thPercentileLatency(us) is  7; expected a latency" },
	{ "ycsb a thousandth of a microsecond", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 1e-3\n"
	  "[READ], 99thPercentileLatency(us), 9\n",
	  "line 2: [READ] 50th percentile is 1e-3 us: below YCSB's one-microsecond "
	  "resolution; expected at least 1 us" },
	{ "ycsb half a microsecond", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(us), 1\n"
	  "[READ], 99thPercentileLatency(us), 0.5\n",
	  "line 3: [READ] 99th percentile is 0.5 us: below YCSB's one-microsecond "
	  "resolution; expected at least 1 us" },
	{ "ycsb under a millisecond", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(ms), 0.377\n"
	  "[READ], 99thPercentileLatency(ms), 2\n",
	  "line 2: [READ] 50th percentile is 0.377 ms: below YCSB's one-millisecond "
	  "resolution; expected at least 1 ms, or 0 for under a millisecond" },
	{ "ycsb p99 below p50 by a digit %g hides", import_ycsb_parse,
	  "[READ], Operations, 5\n[READ], 50thPercentileLatency(ns), 1000000.4\n"
	  "[READ], 99thPercentileLatency(ns), 1000000.3\n",
	  "line 3: [READ] 99th percentile 1000000.3 ns is below its 50th, 1000000.4 ns" },
	{ "ycsb no operations line", import_ycsb_parse,
	  "[READ], 50thPercentileLatency(us), 3\n[READ], 99thPercentileLatency(us), 9\n",
	  "[READ] (line 1) has no Operations line" },
	{ "ycsb nothing to import", import_ycsb_parse,
	  "[OVERALL], RunTime(ms), 10\n[CLEANUP], Operations, 1\n",
	  "no READ, SCAN, UPDATE, INSERT, READ-MODIFY-WRITE or DELETE operations" },
	{ "lb empty", import_linkbench_parse, "", "empty; expected a LinkBench -csvstats file" },
	{ "lb given ycsb", import_linkbench_parse, ycsb_ok,
	  "line 1: a YCSB measurement; expected a LinkBench -csvstats file (for this "
	  "file, use syncgate import ycsb)" },
	{ "lb prose", import_linkbench_parse, "count,op\n",
	  "line 1: \"count,op\" is not the -csvstats header" },
	{ "lb header only", import_linkbench_parse, LB_HEADER,
	  "truncated after line 1: the header there has no rows after it" },
	{ "lb cut row", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4",
	  "truncated at line 2: the file ends inside a line" },
	{ "lb short row", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0.2,0.3\n",
	  "line 2: 6 fields, but the header at line 1 has 14" },
	{ "lb decimal comma", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0,1,0,2,0,2,0,3,0,3,0,4,0,7,0,8,2,3,4,5,0,3\n",
	  "24 fields, but the header at line 1 has 14 (a decimal comma" },
	{ "lb header lacks p99", import_linkbench_parse, "op,count,p50_low,p50_high\n",
	  "line 1: the header has no p99_low column" },
	{ "lb bad bucket", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0.3,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: GET_NODE p50 bucket is [0.3, 0.3]; expected p50_low below p50_high" },
	{ "lb p99 below p50", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,2,3,0.3,0.4,0.7,0.8,0.2,0.3,4,1\n",
	  "line 2: GET_NODE p99 bucket starts below its p50 bucket" },
	{ "lb bad latency", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,x,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: GET_NODE p50_low is \"x\"; expected a latency in milliseconds" },
	{ "lb hexadecimal", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0x1p-3,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: GET_NODE p50_low is \"0x1p-3\"; expected a latency in milliseconds" },
	{ "lb below a tenth", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0,1e-7,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: GET_NODE p50_high is \"1e-7\" ms: below LinkBench's 0.1 ms "
	  "resolution (its finest bucket); expected 0 or at least 0.1" },
	{ "lb hexadecimal count", import_linkbench_parse,
	  LB_HEADER "GET_NODE,0x10,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: GET_NODE count is \"0x10\"; expected a whole number" },
	{ "lb count past 2^53", import_linkbench_parse,
	  LB_HEADER "GET_NODE,9007199254740992,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: GET_NODE count is \"9007199254740992\"; expected a whole number of "
	  "operations, at least 1 and at most 9007199254740991 (2^53 - 1)" },
	{ "lb zero count", import_linkbench_parse,
	  LB_HEADER "GET_NODE,0,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: GET_NODE count is \"0\"; expected a whole number of operations" },
	{ "lb escape", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,\x1b[31m,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "GET_NODE p50_low is \"?[31m\"; expected a latency" },
	{ "lb bad op", import_linkbench_parse,
	  LB_HEADER "<b>,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 2: operation \"<b>\"; expected a LinkBench operation name" },
	{ "lb twice", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n"
	  "GET_NODE,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 3: a second GET_NODE row (the first is at line 2)" },
	{ "lb two runs", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n"
	  LB_HEADER "ADD_LINK,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 4: ADD_LINK in a second table after the request phase's (headed at "
	  "line 1); expected one LinkBench run's statistics, not two" },
	{ "lb load after the requests", import_linkbench_parse,
	  LB_HEADER "GET_NODE,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n"
	  LB_HEADER "LOAD_NODE_BULK,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "line 4: LOAD_NODE_BULK in a second table after the request phase's" },
	{ "lb load only", import_linkbench_parse,
	  LB_HEADER "LOAD_LINKS_BULK,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n",
	  "no request operations" },
};

static void
test_import_bad_inputs(void **state)
{
	size_t i, failed = 0;

	(void)state;
	/* every case is tried, so a run names all that fail, not the first */
	for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		const struct bad_case *c = &bad_cases[i];
		struct result r;
		struct import_notes notes = { NULL, 0, 0 };
		char err[ERRLEN] = "";
		/* the NUL case holds a NUL inside, so its length is counted by hand */
		size_t len = strcmp(c->what, "ycsb NUL") == 0 ? 24 : strlen(c->input);
		int rc = c->parse(c->input, len, "f.txt", &r, &notes, err);

		if (rc != -1 || strstr(err, c->message) == NULL ||
		    strncmp(err, "f.txt: ", 7) != 0) {
			print_error("case \"%s\": got \"%s\"\nexpected \"%s\"\n", c->what,
			    rc == -1 ? err : "(imported)", c->message);
			failed++;
		} else {
			assert_int_equal(r.nclasses, 0);
			assert_null(r.classes);
		}
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

static void
test_import_ycsb_classes_in_ns(void **state)
{
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(import_ycsb_parse(ycsb_ok, strlen(ycsb_ok), "a.txt", &r, &notes,
	    err), 0);
	assert_int_equal(r.nclasses, 2);
	assert_string_equal(r.classes[0].name, "READ");
	assert_int_equal(r.classes[0].kind, KIND_READ);
	assert_near(r.classes[0].p50_ns, 377000, 0);
	assert_near(r.classes[0].p99_ns, 1021000, 0);
	assert_int_equal(r.classes[0].count, 5012);
	assert_true(isnan(r.classes[0].p50_lo_ns));
	assert_string_equal(r.classes[1].name, "UPDATE");
	assert_int_equal(r.classes[1].kind, KIND_WRITE);
	assert_near(r.classes[1].p99_ns, 4211000, 0);
	assert_true(has_note(&notes, "[OVERALL]: RunTime(ms) 10421, "
	    "Throughput(ops/sec) 959.59; reported, not imported"));
	/* JVM figures are not operations and are not mentioned */
	assert_false(has_note(&notes, "TOTAL_GC"));
	import_notes_free(&notes);
	result_free(&r);
}

/*
 * Percentiles in each unit YCSB prints: whole milliseconds become an
 * interval a millisecond either side (never under 1 ns); the others,
 * and fractional milliseconds, are exact.  Decimal exponents are
 * numbers too, as in samples files.
 */
static void
test_import_ycsb_units(void **state)
{
	static const struct {
		const char *p50, *p99;  /* "(unit), value" */
		double p50_ns, p50_lo, p50_hi, p99_ns, p99_lo, p99_hi;
	} cases[] = {
		{ "(us), 377", "(us), 1021", 377e3, NAN, NAN, 1021e3, NAN, NAN },
		{ "(ms), 3", "(ms), 12", 3e6, 2e6, 4e6, 12e6, 11e6, 13e6 },
		{ "(ms), 0", "(ms), 1", 0.5e6, 1, 1e6, 1e6, 1, 2e6 },
		{ "(ms), 1.377", "(ms), 2.021", 1377e3, NAN, NAN, 2021e3, NAN, NAN },
		{ "(us), 3.77e2", "(us), 1E3", 377e3, NAN, NAN, 1e6, NAN, NAN },
		{ "(us), 1", "(us), 1.5", 1e3, NAN, NAN, 1.5e3, NAN, NAN },
		{ "(ns), 377000", "(ns), 1021000.4", 377e3, NAN, NAN, 1021e3, NAN, NAN },
		{ "(us), 377", "(ms), 2", 377e3, NAN, NAN, 2e6, 1e6, 3e6 },
		{ "(ns), 1", "(ns), 1", 1, NAN, NAN, 1, NAN, NAN },
		/* a day in whole milliseconds: the interval stops at a day */
		{ "(ms), 86399999", "(ms), 86400000", 86399999e6, 86399998e6,
		  86400000e6, 86400000e6, 86399999e6, 86400000e6 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct result r;
		struct import_notes notes = { NULL, 0, 0 };
		char in[256], err[ERRLEN];
		const struct result_class *c;

		snprintf(in, sizeof in, "[READ], Operations, 9\n"
		    "[READ], 50thPercentileLatency%s\n[READ], 99thPercentileLatency%s\n",
		    cases[i].p50, cases[i].p99);
		if (import_ycsb_parse(in, strlen(in), "u.txt", &r, &notes, err) != 0)
			fail_msg("case %zu: %s", i, err);
		c = &r.classes[0];
		assert_near(c->p50_ns, cases[i].p50_ns, 0);
		assert_near(c->p99_ns, cases[i].p99_ns, 0);
		if (isnan(cases[i].p50_lo)) {
			assert_true(isnan(c->p50_lo_ns) && isnan(c->p50_hi_ns));
		} else {
			assert_near(c->p50_lo_ns, cases[i].p50_lo, 0);
			assert_near(c->p50_hi_ns, cases[i].p50_hi, 0);
		}
		if (isnan(cases[i].p99_lo)) {
			assert_true(isnan(c->p99_lo_ns) && isnan(c->p99_hi_ns));
		} else {
			assert_near(c->p99_lo_ns, cases[i].p99_lo, 0);
			assert_near(c->p99_hi_ns, cases[i].p99_hi, 0);
		}
		assert_int_equal(has_note(&notes, "kept as intervals a millisecond "
		    "either side"), !isnan(cases[i].p50_lo) || !isnan(cases[i].p99_lo));
		import_notes_free(&notes);
		result_free(&r);
	}
}

static void
test_import_ycsb_reports_failed_and_others(void **state)
{
	static const char in[] =
	    "YCSB Client 0.17.0\r\n"
	    "Loading workload...\r\n"
	    "2024-03-14 09:26:51:098 10 sec: 18731 operations; [READ: Count=1]\r\n"
	    "[READ], Operations, 10\r\n"
	    "[READ], 50thPercentileLatency(us), 20\r\n"
	    "[READ], 99thPercentileLatency(us), 90\r\n"
	    "[READ], Return=OK, 10\r\n"
	    "[READ], Return=NOT_FOUND, 2\r\n"
	    "[READ-FAILED], Operations, 2\r\n"
	    "[READ-FAILED], 50thPercentileLatency(us), 11\r\n"
	    "[Intended-READ], Operations, 10\r\n"
	    "[CLEANUP], Operations, 1\r\n"
	    "[BATCH], Operations, 4\r\n"
	    "[SCAN], Operations, 0\r\n"
	    "[READ-MODIFY-WRITE], Operations, 3\r\n"
	    "[READ-MODIFY-WRITE], 50thPercentileLatency(us), 1500\r\n"
	    "[READ-MODIFY-WRITE], 99thPercentileLatency(us), 1500\r\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(import_ycsb_parse(in, strlen(in), "f.txt", &r, &notes, err), 0);
	assert_int_equal(r.nclasses, 2);
	assert_string_equal(r.classes[1].name, "READ-MODIFY-WRITE");
	assert_int_equal(r.classes[1].kind, KIND_WRITE);
	assert_near(r.classes[1].p50_ns, 1500000, 0);
	assert_true(has_note(&notes, "[READ-FAILED]: 2 operations, not imported: "
	    "failed operations"));
	assert_true(has_note(&notes, "[READ]: 2 operations did not return OK, kept "
	    "as failed"));
	assert_string_equal(r.classes[0].name, "READ");
	assert_int_equal(r.classes[0].failed, 2);
	assert_int_equal(r.classes[1].failed, 0);
	assert_true(has_note(&notes, "[Intended-READ]: 10 operations, not imported: "
	    "latency from the intended start time"));
	assert_true(has_note(&notes, "[CLEANUP]: 1 operation, not imported"));
	assert_true(has_note(&notes, "[BATCH]: 4 operations, not imported: not an "
	    "operation syncgate imports"));
	assert_true(has_note(&notes, "[SCAN]: no operations, not imported"));
	import_notes_free(&notes);
	result_free(&r);
}

static void
test_import_linkbench_keeps_buckets(void **state)
{
	static const char in[] =
	    LB_HEADER
	    "LOAD_NODE_BULK,977,3,4,4,5,5,6,9,10,17,18,41.3,4.61\n"
	    LB_HEADER
	    "ADD_LINK,8976,1,2,1,2,2,3,5,6,11,12,60.8,2.09\n"
	    "GET_NODE,12935,0,0.1,0,0.1,0.3,0.4,0.7,0.8,2,3,25.12,0.33\n"
	    "RANGE_SIZE,3,0,0.1,0,0.1,0.3,0.4,0.7,0.8,2,3,25.12,0.33\n";
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char err[ERRLEN];
	double lo, hi;

	(void)state;
	assert_int_equal(import_linkbench_parse(in, strlen(in), "lb.csv", &r, &notes,
	    err), 0);
	assert_int_equal(r.nclasses, 2);
	assert_string_equal(r.classes[0].name, "ADD_LINK");
	assert_int_equal(r.classes[0].kind, KIND_WRITE);
	/*
	 * The buckets pin ranks 4488 and 4489 (p50) and 8886 and 8887 (p99)
	 * of 8976, and p25's, p75's and p95's theirs; the ranks between are
	 * bounded by those around them alone: rank 4400 lies between p25's
	 * low and p50's high, 4600 between p50's low and p75's high.
	 */
	assert_near(r.classes[0].p50_ns, 1.5e6, 0);
	assert_near(r.classes[0].p99_ns, 11.5e6, 0);
	result_buckets_ranks(r.classes[0].buckets, r.classes[0].nbuckets, 4489, 4488,
	    &lo, &hi);
	assert_near(lo, 1e6, 0);
	assert_near(hi, 2e6, 0);
	result_buckets_ranks(r.classes[0].buckets, r.classes[0].nbuckets, 4400, 4600,
	    &lo, &hi);
	assert_near(lo, 1e6, 0);
	assert_near(hi, 3e6, 0);
	result_buckets_ranks(r.classes[0].buckets, r.classes[0].nbuckets, 100, 8976,
	    &lo, &hi);
	assert_near(lo, 0, 0);
	assert_near(hi, RESULT_MAX_NS, 0);
	assert_int_equal(r.classes[0].count, 8976);
	/* the lowest bucket starts at zero: its midpoint from 1 ns, its low unknown */
	assert_string_equal(r.classes[1].name, "GET_NODE");
	assert_int_equal(r.classes[1].kind, KIND_READ);
	assert_near(r.classes[1].p50_ns, (1 + 100000) / 2.0, 0);
	result_buckets_ranks(r.classes[1].buckets, r.classes[1].nbuckets, 6468, 6467,
	    &lo, &hi);
	assert_near(lo, 0, 0);
	assert_near(hi, 100000, 0);
	assert_true(has_note(&notes, "1 load-phase rows (LOAD_*), not imported"));
	assert_true(has_note(&notes, "RANGE_SIZE (line 6): 3, not imported"));
	assert_true(has_note(&notes, "kept as histogram_ns, what the p25, p50, p75, "
	    "p95 and p99 buckets say of their ranks"));
	import_notes_free(&notes);
	result_free(&r);
}

/*
 * A byte order mark, as editors on Windows save text, is read past: the
 * file imports as it does without one, its first line included, and its
 * line numbers are unchanged.  A file of nothing else is empty.
 */
static void
test_import_bom_skipped(void **state)
{
	static const char lb[] = LB_HEADER
	    "GET_NODE,5,0.1,0.2,0.2,0.3,0.3,0.4,0.7,0.8,2,3,4,1\n";
	static const char ycsb_first[] = "[READ], Operations, 5\n"
	    "[READ], 50thPercentileLatency(us), 3\n[READ], 99thPercentileLatency(us), 9\n";
	static const struct {
		parse_fn parse;
		const char *text;
		size_t classes;
	} cases[] = {
		{ import_ycsb_parse, ycsb_ok, 2 },
		{ import_ycsb_parse, ycsb_first, 1 },
		{ import_linkbench_parse, lb, 1 },
	};
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char in[1024], err[ERRLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(in, sizeof in, "\xef\xbb\xbf%s", cases[i].text);
		if (cases[i].parse(in, strlen(in), "b.txt", &r, &notes, err) != 0)
			fail_msg("case %zu: %s", i, err);
		assert_int_equal(r.nclasses, cases[i].classes);
		if (i == 0)
			assert_true(has_note(&notes, "[OVERALL]: RunTime(ms) 10421, "
			    "Throughput(ops/sec) 959.59"));
		import_notes_free(&notes);
		result_free(&r);
	}
	snprintf(in, sizeof in, "\xef\xbb\xbf[READ], Operations, 5\n"
	    "[READ], 50thPercentileLatency(us), x\n");
	assert_int_equal(import_ycsb_parse(in, strlen(in), "b.txt", &r, &notes, err), -1);
	assert_non_null(strstr(err, "b.txt: line 2: [READ] 50thPercentileLatency(us) "
	    "is x"));
	assert_int_equal(import_ycsb_parse("\xef\xbb\xbf\n", 4, "b.txt", &r, &notes,
	    err), -1);
	assert_string_equal(err, "b.txt: empty; expected YCSB's text output");
	import_notes_free(&notes);
}

/* A note is kept whole however long the name in it: its end says why. */
static void
test_import_note_whole(void **state)
{
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	char in[4096], name[2001], err[ERRLEN];

	(void)state;
	memset(name, 'Q', 2000);
	name[2000] = '\0';
	snprintf(in, sizeof in, "%s[%s], Operations, 3\n", ycsb_ok, name);
	assert_int_equal(import_ycsb_parse(in, strlen(in), "n.txt", &r, &notes, err), 0);
	assert_true(has_note(&notes, name));
	assert_true(has_note(&notes, "Q]: 3 operations, not imported: not an operation "
	    "syncgate imports"));
	import_notes_free(&notes);
	result_free(&r);
}

/*
 * A format's name in the usage's synopsis: after "syncgate import " or
 * '|', before ' ' or '|' (rows of one synopsis share its lines).
 */
static int
in_synopsis(const char *usage, const char *name)
{
	const char *p = usage, *end;
	size_t n = strlen(name);

	while ((p = strstr(p, name)) != NULL) {
		end = p + n;
		if ((p[-1] == '|' || (p - usage >= 16 &&
		    strncmp(p - 16, "syncgate import ", 16) == 0)) &&
		    (*end == ' ' || *end == '|') && strstr(end, "FILE ") != NULL)
			return 1;
		p = end;
	}
	return 0;
}

/*
 * Every row of the format table is whole, its parser (for each unit, if
 * --unit picks it) refuses an empty file by the format's own words, and
 * the usage lists it.
 */
static void
test_import_formats_table(void **state)
{
	const struct import_format *f;
	struct result r;
	struct import_notes notes = { NULL, 0, 0 };
	import_parse_fn parse;
	char err[ERRLEN], line[256], *usage = NULL;
	size_t len = 0, n = 0, u;
	FILE *fp;

	(void)state;
	fp = open_memstream(&usage, &len);
	assert_non_null(fp);
	import_usage(fp);
	assert_int_equal(fclose(fp), 0);
	for (f = import_formats; f->name != NULL; f++, n++) {
		assert_non_null(f->tool);
		/* a parser, or one for each of its units, never both */
		assert_true((f->parse != NULL) != (f->by_unit != NULL));
		assert_true((f->by_unit != NULL) == (f->units[0] != NULL));
		assert_non_null(f->workload);
		assert_true((f->unsaid != NULL) ==
		    (f->by_unit != NULL || f->kind == IMPORT_KIND_REQUIRED));
		assert_non_null(import_format_synopsis(f));
		assert_non_null(f->about);
		assert_ptr_equal(import_format_find(f->name), f);
		for (u = 0; u == 0 || f->units[u] != NULL; u++) {
			parse = import_format_parser(f, f->units[u]);
			assert_non_null(parse);
			memset(&r, 0, sizeof r);
			assert_int_equal(parse("", 0, "f", &r, &notes, err), -1);
			assert_non_null(strstr(err, "f: empty; expected "));
			import_notes_free(&notes);
			result_free(&r);
			if (f->units[u] == NULL)
				break;
		}
		assert_true(in_synopsis(usage, f->name));
		snprintf(line, sizeof line, "\n  %-10s ", f->name);
		assert_non_null(strstr(usage, line));
	}
	assert_true(n >= 2);
	assert_null(import_format_find("csv"));
	assert_null(import_format_find(""));
	free(usage);
}

/* Every line of the usage fits 79 columns, the options' lines wrapped. */
static void
test_import_usage_width(void **state)
{
	char *usage = NULL, *p, *nl;
	size_t len = 0;
	FILE *fp;

	(void)state;
	fp = open_memstream(&usage, &len);
	assert_non_null(fp);
	import_usage(fp);
	assert_int_equal(fclose(fp), 0);
	for (p = usage; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		assert_in_range(nl - p, 0, 79);
	assert_non_null(strstr(usage, "\n  --workload NAME       ycsb, go-ycsb, ycsb-raw and "
	    "ycsb-json only: the\n                        workload's name (default: ycsb)\n"));
	assert_non_null(strstr(usage, "\n       syncgate import fio|db_bench FILE "));
	free(usage);
}

/* The lists messages and the usage name the formats and units by. */
static void
test_import_format_names(void **state)
{
	char buf[256], tiny[8];

	(void)state;
	assert_string_equal(import_format_names(buf, sizeof buf, IMPORT_ALL, " or "),
	    "ycsb, linkbench, fio, db_bench, pgbench, go-ycsb, ycsb-raw, ycsb-json "
	    "or hgrm");
	assert_string_equal(import_format_names(buf, sizeof buf,
	    IMPORT_TAKES_WORKLOAD, " and "), "ycsb, go-ycsb, ycsb-raw and ycsb-json");
	assert_string_equal(import_format_names(buf, sizeof buf, IMPORT_TAKES_KIND,
	    " and "), "pgbench and hgrm");
	assert_string_equal(import_format_names(buf, sizeof buf, IMPORT_TAKES_UNIT,
	    " and "), "hgrm");
	assert_string_equal(import_format_units(buf, sizeof buf,
	    import_format_find("hgrm"), ", ", " or "), "ns, us, ms or s");
	assert_string_equal(import_format_units(buf, sizeof buf,
	    import_format_find("hgrm"), "|", "|"), "ns|us|ms|s");
	assert_string_equal(import_format_units(buf, sizeof buf,
	    import_format_find("fio"), "|", "|"), "");
	/* cut, never overrun */
	assert_string_equal(import_format_names(tiny, sizeof tiny, IMPORT_ALL, " or "),
	    "ycsb, l");
	assert_string_equal(import_format_units(tiny, 4, import_format_find("hgrm"),
	    ", ", " or "), "ns,");
}

/* --unit picks a parser among the format's units, and only there. */
static void
test_import_format_parser(void **state)
{
	const struct import_format *hgrm = import_format_find("hgrm");
	const struct import_format *ycsb = import_format_find("ycsb");

	(void)state;
	assert_ptr_equal(import_format_parser(ycsb, NULL), import_ycsb_parse);
	assert_ptr_equal(import_format_parser(hgrm, "ms"), import_hgrm_parser("ms"));
	assert_null(import_format_parser(hgrm, NULL));
	assert_null(import_format_parser(hgrm, "min"));
	assert_null(import_format_parser(hgrm, ""));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_import_bad_inputs),
		cmocka_unit_test(test_import_ycsb_classes_in_ns),
		cmocka_unit_test(test_import_ycsb_units),
		cmocka_unit_test(test_import_ycsb_reports_failed_and_others),
		cmocka_unit_test(test_import_linkbench_keeps_buckets),
		cmocka_unit_test(test_import_bom_skipped),
		cmocka_unit_test(test_import_note_whole),
		cmocka_unit_test(test_import_formats_table),
		cmocka_unit_test(test_import_usage_width),
		cmocka_unit_test(test_import_format_names),
		cmocka_unit_test(test_import_format_parser),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
