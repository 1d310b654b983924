/* SPDX-License-Identifier: MIT */
/*
 * The syncgate-result/1 writer: intervals and samples as the format has
 * them, samples_file names in place of samples, and the read-back that
 * keeps a result the gate would refuse from being written.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "model/result.h"
#include "lib/version.h"
#include "tests/testutil.h"

static void
start(struct result *r)
{
	memset(r, 0, sizeof *r);
	r->concurrency = -1;
	r->engine = xstrdup("e");
}

static void
add_samples(struct result_class *c, double a, double b)
{
	c->samples_ns = xmalloc(2 * sizeof *c->samples_ns);
	c->samples_ns[0] = a;
	c->samples_ns[1] = b;
	c->nsamples = 2;
}

/* r written with files is the JSON want, to the byte. */
static void
assert_json(const struct result *r, const char *const *files, const char *want)
{
	cJSON *o = result_to_json(r, files);
	char *text = cJSON_PrintUnformatted(o);

	assert_string_equal(text, want);
	free(text);
	cJSON_Delete(o);
}

static void
test_result_to_json_ranges_and_samples(void **state)
{
	struct result r;
	struct result_class *c;

	(void)state;
	start(&r);
	c = result_add_class(&r, "GET_NODE", KIND_READ);
	c->p50_ns = 50000;
	c->p99_ns = 2500000;
	c->p50_lo_ns = 0;
	c->p50_hi_ns = 100000;
	c->p99_lo_ns = 2e6;
	c->p99_hi_ns = 3e6;
	c->count = 7;
	c = result_add_class(&r, "write", KIND_WRITE);
	add_samples(c, 1500, 2500);
	assert_json(&r, NULL, "{\"format\":\"syncgate-result/1\",\"engine\":\"e\","
	    "\"classes\":[{\"name\":\"GET_NODE\",\"kind\":\"read\",\"p50_ns\":50000,"
	    "\"p99_ns\":2500000,\"p50_range_ns\":[0,100000],"
	    "\"p99_range_ns\":[2000000,3000000],\"count\":7},"
	    "{\"name\":\"write\",\"kind\":\"write\","
	    "\"samples_ns\":[1500,2500],\"count\":2}]}");
	/* a write's flushes and wait for the writer's turn, where taken */
	c->flushes_per_op = 2;
	c->turn_wait_ns = 0;
	r.classes[0].flushes_per_op = NAN;
	assert_json(&r, NULL, "{\"format\":\"syncgate-result/1\",\"engine\":\"e\","
	    "\"classes\":[{\"name\":\"GET_NODE\",\"kind\":\"read\",\"p50_ns\":50000,"
	    "\"p99_ns\":2500000,\"p50_range_ns\":[0,100000],"
	    "\"p99_range_ns\":[2000000,3000000],\"count\":7},"
	    "{\"name\":\"write\",\"kind\":\"write\","
	    "\"samples_ns\":[1500,2500],\"count\":2,\"flushes_per_op\":2,"
	    "\"turn_wait_ns\":0}]}");
	result_free(&r);
}

/*
 * A class named in files is written as its samples_file; a sample of the
 * operations keeps their count; the others stay inline.
 */
static void
test_result_to_json_samples_files(void **state)
{
	const char *files[2] = { "r.read.txt", NULL };
	struct result r;
	struct result_class *c;

	(void)state;
	start(&r);
	r.workload = xstrdup("w");
	r.concurrency = 4;
	c = result_add_class(&r, "read", KIND_READ);
	add_samples(c, 1000, 2000);
	c->count = 1000;
	c = result_add_class(&r, "write", KIND_WRITE);
	add_samples(c, 3000, 4000);
	assert_json(&r, files, "{\"format\":\"syncgate-result/1\",\"engine\":\"e\","
	    "\"workload\":\"w\",\"concurrency\":4,\"classes\":["
	    "{\"name\":\"read\",\"kind\":\"read\",\"samples_file\":\"r.read.txt\","
	    "\"count\":1000},"
	    "{\"name\":\"write\",\"kind\":\"write\",\"samples_ns\":[3000,4000],"
	    "\"count\":2}]}");
	result_free(&r);
}

/*
 * What syncgate-bench adds, written once by the writer: each class's
 * sampling, the write class's flush counts (a flushes_per_op without a
 * figure null beside them), the session and the driver, in the order
 * the result has always had them.
 */
static void
test_result_to_json_bench_keys(void **state)
{
	struct result r;
	struct result_class *c;
	struct result_flush_count *f;

	(void)state;
	start(&r);
	c = result_add_class(&r, "write", KIND_WRITE);
	add_samples(c, 1500, 2500);
	c->turn_wait_ns = 7;
	c->sampling = xstrdup("every operation");
	f = c->flush_count = xcalloc(1, sizeof *f);
	f->ops = 2;
	f->ops_s = 0.5;
	f->idle_s = NAN;
	f->devices = xcalloc(1, sizeof *f->devices);
	f->ndevices = 1;
	f->devices[0].device = xstrdup("vda");
	f->devices[0].flushes = 4;
	f->devices[0].idle_flushes = 0;
	f->devices[0].rounds_flushes = NAN;
	f->devices[0].dropped = xstrdup("reset");
	f->other = 0;
	f->why_none = xstrdup("dropped");
	strcpy(r.session.id, "3f0c9a6e1b2d4c5f8a7e6d5c4b3a2910");
	r.session.run = 2;
	r.session.runs = 3;
	r.driver = xcalloc(1, sizeof *r.driver);
	r.driver->rows = 10;
	r.driver->value_bytes = 100;
	r.driver->seconds = 1.5;
	r.driver->mix = xstrdup("0:0:1");
	r.driver->settings = xstrdup("s");
	r.driver->probed = xstrdup("p");
	r.driver->elapsed_s = 1.75;
	r.driver->max_samples = 9;
	r.driver->samples_file_over = 8;
	/* the kinds of time not taken are left out, not written as 0 */
	r.driver->spent = (struct result_spent){ .probe_s = 0, .load_s = 0.25,
	    .idle_s = NAN, .rounds_s = NAN, .ops_s = 1.5, .import_s = NAN };
	assert_json(&r, NULL, "{\"format\":\"syncgate-result/1\",\"engine\":\"e\","
	    "\"classes\":[{\"name\":\"write\",\"kind\":\"write\","
	    "\"samples_ns\":[1500,2500],\"count\":2,\"turn_wait_ns\":7,"
	    "\"sampling\":\"every operation\",\"flushes_per_op\":null,"
	    "\"flush_count\":{\"ops\":2,\"ops_s\":0.5,\"idle_s\":null,"
	    "\"devices\":[{\"device\":\"vda\",\"flushes\":4,\"idle_flushes\":0,"
	    "\"rounds_flushes\":null,\"dropped\":\"reset\"}],\"device\":null,"
	    "\"other\":0,\"why_none\":\"dropped\"}}],"
	    "\"session\":{\"id\":\"3f0c9a6e1b2d4c5f8a7e6d5c4b3a2910\",\"run\":2,"
	    "\"runs\":3},"
	    "\"driver\":{\"program\":\"syncgate-bench\",\"syncgate_version\":\""
	    SYNCGATE_VERSION "\",\"rows\":10,\"value_bytes\":100,\"seconds\":1.5,"
	    "\"mix\":\"0:0:1\",\"settings\":\"s\",\"probed\":\"p\","
	    "\"probe_every_ns\":\"off\",\"elapsed_s\":1.75,\"max_samples\":9,"
	    "\"samples_file_over\":8,\"spent\":{\"probe_s\":0,\"load_s\":0.25,"
	    "\"ops_s\":1.5}}}");
	result_free(&r);
}

static void
test_result_reload_refuses_what_the_gate_would(void **state)
{
	struct result r, back;
	struct result_class *c;
	cJSON *o;
	char err[ERRLEN];

	(void)state;
	start(&r);
	c = result_add_class(&r, "READ", KIND_READ);
	c->p50_ns = 2000;
	c->p99_ns = 1000;
	o = result_to_json(&r, NULL);
	assert_int_equal(result_reload(o, "f.txt", NULL, err), -1);
	assert_non_null(strstr(err, "the result would not load back: f.txt"));
	assert_non_null(strstr(err, "p99_ns"));
	cJSON_Delete(o);
	r.classes[0].p99_ns = 3000;
	o = result_to_json(&r, NULL);
	assert_int_equal(result_reload(o, "f.txt", NULL, err), 0);
	/* kept when asked for, as the gate would hold it */
	assert_int_equal(result_reload(o, "f.txt", &back, err), 0);
	assert_string_equal(back.engine, "e");
	assert_int_equal(back.nclasses, 1);
	assert_near(back.classes[0].p99_ns, 3000, 0);
	result_free(&back);
	cJSON_Delete(o);
	result_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_result_to_json_ranges_and_samples),
		cmocka_unit_test(test_result_to_json_samples_files),
		cmocka_unit_test(test_result_to_json_bench_keys),
		cmocka_unit_test(test_result_reload_refuses_what_the_gate_would),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
