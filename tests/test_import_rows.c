/* SPDX-License-Identifier: MIT */
/*
 * What the importers of import/parse.h import from good buffers: the
 * rows, buckets and samples of fio, db_bench, pgbench, go-ycsb, YCSB raw
 * and JSON and hgrm, and the intervals their buckets give.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/err.h"
#include "tests/import_inputs.h"
#include "tests/testutil.h"

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
 * The point within the rows: each row's operations spread evenly across
 * it, so a count moved from one row to the next moves the point a little,
 * where the rows' midpoint would jump a whole row.
 */
static void
test_result_buckets_point_moves(void **state)
{
	struct result_bucket b[] = { { 1000, 2000, 30 }, { 2000, 3000, 70 } };
	double before, after;

	(void)state;
	/* n 100, p 0.5: h 49.5, ranks 50 and 51, the 20th and 21st of 70 */
	before = result_buckets_point(b, 2, 100, 0.5);
	assert_near(before, 2000 + 1000 * 20.0 / 70, 0.01);
	/* one operation more in the first row: rank 50 is the 19th of 69 */
	b[0].count = 31;
	b[1].count = 69;
	after = result_buckets_point(b, 2, 100, 0.5);
	assert_near(after, 2000 + 1000 * 19.0 / 69, 0.01);
	assert_true(after < before && before - after < 1000 / 69.0);
	/* within its range, and a whole h takes one rank: n 3, rank 2 */
	assert_near(result_buckets_point(b, 1, 3, 0.5), 1000 + 1000 * 1.5 / 31, 0.01);
	/* rows a microsecond wider either side, as db_bench's: never falling */
	{
		static const struct result_bucket o[] = {
			{ 4000, 6000, 10 }, { 5000, 7000, 10 }, { 6000, 8000, 10 },
		};
		double prev = 0;
		long long k;

		for (k = 1; k <= 30; k++) {
			double x = result_buckets_rank(o, 3, k);

			assert_true(x > prev);
			prev = x;
		}
		/* the middle row spans 5500 to 6500: its first and last */
		assert_near(result_buckets_rank(o, 3, 11), 5500 + 1000 * 0.05, 1e-9);
		assert_near(result_buckets_rank(o, 3, 20), 5500 + 1000 * 0.95, 1e-9);
	}
	/* one operation: the row's middle */
	b[0].count = 1;
	assert_near(result_buckets_point(b, 1, 1, 0.99), 1500, 0);
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
	/* each a row's middle (one operation in each), 0.96 of the way */
	assert_near(r.classes[0].p99_ns, 30 + 0.96 * (55 - 30), 0.01);
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
	/* the second of 4640's two, and 333824's one, halfway */
	assert_near(r.classes[0].p50_ns, (4608 + 63 * 0.75 + (331776 + 335871) / 2.0) / 2,
	    0.01);
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_result_buckets_quantile_ranks),
		cmocka_unit_test(test_result_buckets_point_moves),
		cmocka_unit_test(test_result_histogram_load),
		cmocka_unit_test(test_result_buckets_bounds_ranks),
		cmocka_unit_test(test_import_fio_buckets),
		cmocka_unit_test(test_import_fio_bins_and_sync),
		cmocka_unit_test(test_import_db_bench_rows),
		cmocka_unit_test(test_import_fio_total_err),
		cmocka_unit_test(test_import_ycsb_raw_failed),
		cmocka_unit_test(test_import_fio_zero_bin),
		cmocka_unit_test(test_import_pgbench_scripts),
		cmocka_unit_test(test_import_go_ycsb_last_summary),
		cmocka_unit_test(test_import_hgrm_rows),
		cmocka_unit_test(test_import_hgrm_exact_ns),
		cmocka_unit_test(test_import_scaled_exact_ns),
		cmocka_unit_test(test_import_ycsb_json_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
