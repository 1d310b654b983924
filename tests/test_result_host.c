/* SPDX-License-Identifier: MIT */
/*
 * A result's host object: read with every key, refused in one line
 * naming the file and the field for each wrong kind or figure, written
 * back as read; a probe record's hardware; the machine gathered here.
 */
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/probe_record.h"
#include "model/result.h"
#include "model/result_host.h"
#include "probe/host.h"
#include "tests/testutil.h"

#define GOOD_HOST "{\"cpu_model\": \"AMD EPYC 7B13\", \"cores\": 8, " \
	"\"memory_bytes\": 34359738368, \"kernel\": \"6.1.0-18-amd64\", " \
	"\"machine_id\": \"3f9a1c2b7d4e5f60\", \"id_source\": \"machine-id\"}"

/* A result with host text ht (NULL: none) read from its JSON. */
static int
load_with_host(const char *ht, struct result *r, char *err)
{
	char text[2048];
	cJSON *root;
	int rc;

	snprintf(text, sizeof text, "{\"format\": \"syncgate-result/1\", "
	    "\"engine\": \"e\", %s%s%s\"classes\": [{\"name\": \"c\", \"kind\": "
	    "\"read\", \"p50_ns\": 1000, \"p99_ns\": 2000}]}", ht ? "\"host\": " :
	    "", ht ? ht : "", ht ? ", " : "");
	root = json_parse_buffer("r.json", text, strlen(text), err);
	assert_non_null(root);
	rc = result_from_json(root, "r.json", r, err);
	cJSON_Delete(root);
	return rc;
}

static void
test_result_host_read(void **state)
{
	struct result r;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(load_with_host(GOOD_HOST, &r, err), 0);
	assert_non_null(r.host);
	assert_string_equal(r.host->cpu_model, "AMD EPYC 7B13");
	assert_int_equal(r.host->cores, 8);
	assert_true(r.host->memory_bytes == 34359738368LL);
	assert_string_equal(r.host->kernel, "6.1.0-18-amd64");
	assert_string_equal(r.host->machine_id, "3f9a1c2b7d4e5f60");
	assert_string_equal(r.host->id_source, "machine-id");
	assert_true(result_host_id_usable(r.host));
	result_free(&r);
	/* an older result has none, and is still a result */
	assert_int_equal(load_with_host(NULL, &r, err), 0);
	assert_null(r.host);
	result_free(&r);
}

static void
test_result_host_nulls(void **state)
{
	struct result r;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(load_with_host("{\"cpu_model\": null, \"cores\": null, "
	    "\"memory_bytes\": null, \"kernel\": null, \"machine_id\": null, "
	    "\"id_source\": null}", &r, err), 0);
	assert_null(r.host->cpu_model);
	assert_int_equal(r.host->cores, -1);
	assert_int_equal(r.host->memory_bytes, -1);
	assert_false(result_host_id_usable(r.host));
	result_free(&r);
}

static void
test_result_host_refusals(void **state)
{
	static const struct {
		const char *host, *msg;
	} cases[] = {
		{ "[]", "r.json: host is an array; expected an object (cpu_model, "
		    "cores, memory_bytes, kernel, machine_id, id_source)" },
		{ "\"x\"", "r.json: host is a string; expected an object" },
		{ "{\"cores\": 8}", "r.json: host.cpu_model is missing; expected a "
		    "non-empty string, or null" },
		{ "{\"cpu_model\": 5, \"cores\": 8}", "r.json: host.cpu_model is a "
		    "number; expected a non-empty string, or null" },
		{ "{\"cpu_model\": \" \", \"cores\": 8}", "r.json: host.cpu_model is "
		    "only white space" },
		{ "{\"cpu_model\": \"x\", \"cores\": \"8\"}", "r.json: host.cores is a "
		    "string; expected a whole number of cores from 1 to 1000000, or null" },
		{ "{\"cpu_model\": \"x\", \"cores\": -2}", "r.json: host.cores is -2; "
		    "expected a whole number of cores from 1 to 1000000, or null" },
		{ "{\"cpu_model\": \"x\", \"cores\": 0}", "r.json: host.cores is 0; "
		    "expected a whole number" },
		{ "{\"cpu_model\": \"x\", \"cores\": 2.5}", "r.json: host.cores is 2.5; "
		    "expected a whole number" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": -1}",
		    "r.json: host.memory_bytes is -1; expected a whole number of bytes "
		    "from 1 to 2^53, or null" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1e300}",
		    "r.json: host.memory_bytes is 1e+300; expected a whole number of "
		    "bytes" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": true}",
		    "r.json: host.memory_bytes is a boolean" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1, "
		    "\"kernel\": [], \"machine_id\": null, \"id_source\": null}",
		    "r.json: host.kernel is an array; expected a non-empty string, or "
		    "null" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1, "
		    "\"kernel\": \"k\", \"id_source\": null}",
		    "r.json: host.machine_id is missing" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1, "
		    "\"kernel\": \"k\", \"machine_id\": \"3f9a1c2b7d4e5f60\"}",
		    "r.json: host.id_source is missing" },
		/* the raw /etc/machine-id is never what a result holds */
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1, "
		    "\"kernel\": \"k\", \"machine_id\": \"3f9a1c2b7d4e5f603f9a1c2b7d4e5f60\", "
		    "\"id_source\": \"machine-id\"}",
		    "r.json: host.machine_id is \"3f9a1c2b7d4e5f603f9a1c2b7d4e5f60\"; "
		    "expected 16 lowercase hex digits" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1, "
		    "\"kernel\": \"k\", \"machine_id\": \"3F9A1C2B7D4E5F60\", "
		    "\"id_source\": \"machine-id\"}",
		    "r.json: host.machine_id is \"3F9A1C2B7D4E5F60\"" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1, "
		    "\"kernel\": \"k\", \"machine_id\": 12, \"id_source\": \"machine-id\"}",
		    "r.json: host.machine_id is a number" },
		{ "{\"cpu_model\": \"x\", \"cores\": 8, \"memory_bytes\": 1, "
		    "\"kernel\": \"k\", \"machine_id\": \"3f9a1c2b7d4e5f60\", "
		    "\"id_source\": null}",
		    "r.json: host.id_source is null but machine_id is not; expected "
		    "where the id came from" },
	};
	struct result r;
	char err[ERRLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = '\0';
		if (load_with_host(cases[i].host, &r, err) == 0)
			fail_msg("case %zu (%s) was accepted", i, cases[i].host);
		if (strstr(err, cases[i].msg) == NULL)
			fail_msg("case %zu: \"%s\" lacks \"%s\"", i, err, cases[i].msg);
		assert_null(strchr(err, '\n'));
		assert_null(r.host);
	}
}

static void
test_result_host_round_trip(void **state)
{
	struct result r, back;
	char err[ERRLEN];
	cJSON *tree;
	char *a, *b;

	(void)state;
	assert_int_equal(load_with_host(GOOD_HOST, &r, err), 0);
	tree = result_to_json(&r, NULL);
	a = cJSON_PrintUnformatted(tree);
	assert_int_equal(result_reload(tree, "w.json", &back, err), 0);
	cJSON_Delete(tree);
	tree = result_to_json(&back, NULL);
	b = cJSON_PrintUnformatted(tree);
	assert_string_equal(a, b);
	assert_non_null(strstr(a, "\"host\":{\"cpu_model\":\"AMD EPYC 7B13\","
	    "\"cores\":8,\"memory_bytes\":34359738368,\"kernel\":\"6.1.0-18-amd64\","
	    "\"machine_id\":\"3f9a1c2b7d4e5f60\",\"id_source\":\"machine-id\"}"));
	cJSON_Delete(tree);
	free(a);
	free(b);
	result_free(&r);
	result_free(&back);
}

static void
test_result_host_id_ok(void **state)
{
	(void)state;
	assert_true(result_host_id_ok("0123456789abcdef"));
	assert_false(result_host_id_ok("0123456789abcde"));
	assert_false(result_host_id_ok("0123456789abcdef0"));
	assert_false(result_host_id_ok("0123456789abcdeg"));
	assert_false(result_host_id_ok(""));
}

/* A probe record's hardware becomes a result's host; an older record's does not. */
static void
test_result_host_from_probe(void **state)
{
	static const char probe[] = "{\"format\": \"syncgate-probe/1\", \"host\": "
	    "{\"id\": \"%s\", \"id_source\": \"machine-id\", \"kernel\": \"6.1\"%s}, "
	    "\"volume\": {\"id\": \"v\"}, \"method\": \"fdatasync\", "
	    "\"samples_ns\": [3000000], \"reaches_device\": \"yes\", "
	    "\"evidence\": [\"x\"]}";
	struct probe_record p;
	struct result_host h;
	char text[1024], err[ERRLEN];
	cJSON *root;

	(void)state;
	snprintf(text, sizeof text, probe, "3f9a1c2b7d4e5f60", ", \"cpu_model\": "
	    "\"Xeon\", \"cores\": 4, \"memory_bytes\": 8589934592");
	root = json_parse_buffer("p.json", text, strlen(text), err);
	assert_non_null(root);
	assert_int_equal(probe_record_from_json(root, "p.json", "", &p, err), 0);
	cJSON_Delete(root);
	assert_int_equal(probe_record_host(&p, &h), 0);
	assert_string_equal(h.cpu_model, "Xeon");
	assert_int_equal(h.cores, 4);
	assert_string_equal(h.kernel, "6.1");
	assert_string_equal(h.machine_id, "3f9a1c2b7d4e5f60");
	assert_string_equal(h.id_source, "machine-id");
	result_host_free(&h);
	probe_record_free(&p);
	/* a record without the hardware gives no host; an id not hashed gives none */
	snprintf(text, sizeof text, probe, "m4-laptop", "");
	root = json_parse_buffer("p.json", text, strlen(text), err);
	assert_int_equal(probe_record_from_json(root, "p.json", "", &p, err), 0);
	cJSON_Delete(root);
	assert_int_equal(probe_record_host(&p, &h), -1);
	probe_record_free(&p);
	snprintf(text, sizeof text, probe, "m4-laptop", ", \"cpu_model\": null, "
	    "\"cores\": null, \"memory_bytes\": null");
	root = json_parse_buffer("p.json", text, strlen(text), err);
	assert_int_equal(probe_record_from_json(root, "p.json", "", &p, err), 0);
	cJSON_Delete(root);
	assert_int_equal(probe_record_host(&p, &h), 0);
	assert_null(h.machine_id);
	assert_null(h.id_source);
	result_host_free(&h);
	probe_record_free(&p);
	snprintf(text, sizeof text, probe, "m4-laptop", ", \"cpu_model\": \"x\", "
	    "\"cores\": \"4\"");
	root = json_parse_buffer("p.json", text, strlen(text), err);
	assert_int_equal(probe_record_from_json(root, "p.json", "", &p, err), -1);
	assert_non_null(strstr(err, "p.json: host.cores is a string; expected a "
	    "whole number of cores"));
	cJSON_Delete(root);
}

/* What this machine says: the id hashed, never the raw id; no figure made up. */
static void
test_result_host_gather(void **state)
{
	struct result_host h;

	(void)state;
	host_gather(&h);
	assert_non_null(h.machine_id);
	assert_true(result_host_id_ok(h.machine_id));
	assert_non_null(h.id_source);
	assert_true(h.cores == -1 || h.cores >= 1);
	assert_true(h.memory_bytes == -1 || h.memory_bytes >= 1);
	assert_true(h.cpu_model == NULL || h.cpu_model[0] != '\0');
#ifdef __linux__
	assert_non_null(h.kernel);
	assert_true(h.cores >= 1);
	assert_true(h.memory_bytes >= 1);
#endif
	result_host_free(&h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_result_host_read),
		cmocka_unit_test(test_result_host_nulls),
		cmocka_unit_test(test_result_host_refusals),
		cmocka_unit_test(test_result_host_round_trip),
		cmocka_unit_test(test_result_host_id_ok),
		cmocka_unit_test(test_result_host_from_probe),
		cmocka_unit_test(test_result_host_gather),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
