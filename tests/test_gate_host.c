/* SPDX-License-Identifier: MIT */
/*
 * The hosts of a verdict (gate/host.c): the rule that makes them same,
 * different, unknown or unrecorded, case by case; the note on reads
 * across two hosts; --same-host making reads, and only reads,
 * indeterminate; and a saved verdict held to its hosts and same_host.
 */
#include <string.h>

#include "gate/rules.h"
#include "gate/verdict.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "lib/json.h"
#include "report/report.h"
#include "verdict/json.h"
#include "report/phrases.h"
#include "report/words.h"
#include "tests/gatetest.h"
#include "tests/testutil.h"
#include "gate/host.h"

/* The hosts' strings, writable as struct result_host has them. */
static char s0[] = "AMD EPYC 7B13";
static char s1[] = "6.1.0-18-amd64";
static char s2[] = "3f9a1c2b7d4e5f60";
static char s3[] = "machine-id";
static char s4[] = "Intel Xeon 8272CL";
static char s5[] = "a07b5e91c2d3f4e8";
static char s6[] = "6.5.0-1";
static char s7[] = "1111111111111111";
static char s8[] = "hostname";
static char s9[] = "2222222222222222";

static const struct result_host A = { s0, 8, 34359738368LL,
	s1, s2, s3 };
static const struct result_host A2 = { s0, 8, 34359738368LL,
	s1, s2, s3 };
static const struct result_host B = { s4, 8, 34359738368LL,
	s1, s5, s3 };
static const struct result_host A_KERNEL = { s0, 8, 34359738368LL,
	s6, s2, s3 };
static const struct result_host A_MEMORY = { s0, 8, 17179869184LL,
	s1, s2, s3 };
static const struct result_host A_CORES = { s0, 4, 34359738368LL,
	s1, s2, s3 };
static const struct result_host A_NAME = { s0, 8, 34359738368LL,
	s1, s7, s8 };
static const struct result_host A_NAME2 = { s0, 8, 34359738368LL,
	s1, s9, s8 };
static const struct result_host B_NAME = { s4, 8, 34359738368LL,
	s1, s9, s8 };
static const struct result_host A_NOCPU = { NULL, 8, 34359738368LL,
	s1, s2, s3 };
static const struct result_host A_NOID = { s0, 8, 34359738368LL,
	s1, NULL, NULL };
static const struct result_host B_NOCPU = { NULL, -1, -1, NULL,
	s5, s3 };

static void
test_gate_host_compare(void **state)
{
	static const struct {
		const struct result_host *h[3];
		size_t n;
		enum verdict_hosts want;
		unsigned differs;
	} cases[] = {
		{ { NULL }, 0, HOSTS_UNRECORDED, 0 },
		{ { NULL, NULL }, 2, HOSTS_UNRECORDED, 0 },
		{ { &A }, 1, HOSTS_SAME, 0 },
		{ { &A, &A2 }, 2, HOSTS_SAME, 0 },
		{ { &A, &A2, &A }, 3, HOSTS_SAME, 0 },
		{ { &A, &B }, 2, HOSTS_DIFFERENT, GATE_HOST_ID | GATE_HOST_CPU },
		{ { &A, &A_KERNEL }, 2, HOSTS_DIFFERENT, GATE_HOST_KERNEL },
		{ { &A, &A_MEMORY }, 2, HOSTS_DIFFERENT, GATE_HOST_MEMORY },
		{ { &A, &A_CORES }, 2, HOSTS_DIFFERENT, GATE_HOST_CORES },
		/* a run without a host: not known to be one machine */
		{ { &A, NULL }, 2, HOSTS_UNKNOWN, 0 },
		{ { NULL, &A }, 2, HOSTS_UNKNOWN, 0 },
		/* ...unless what is known already differs */
		{ { &A, NULL, &B }, 3, HOSTS_DIFFERENT, GATE_HOST_ID | GATE_HOST_CPU },
		/* an id from the host name names no machine: never same... */
		{ { &A_NAME }, 1, HOSTS_UNKNOWN, 0 },
		{ { &A, &A_NAME }, 2, HOSTS_UNKNOWN, 0 },
		/* ...and two of them differing prove nothing (two containers) */
		{ { &A_NAME, &A_NAME2 }, 2, HOSTS_UNKNOWN, 0 },
		/* the hardware still does */
		{ { &A_NAME, &B_NAME }, 2, HOSTS_DIFFERENT, GATE_HOST_CPU },
		{ { &A, &A_NOID }, 2, HOSTS_UNKNOWN, 0 },
		/* a field left null is unknown, not a difference */
		{ { &A, &A_NOCPU }, 2, HOSTS_UNKNOWN, 0 },
		{ { &A_NOCPU, &B_NOCPU }, 2, HOSTS_DIFFERENT, GATE_HOST_ID },
		{ { &A_NOCPU, &B_NOCPU, &B }, 3, HOSTS_DIFFERENT, GATE_HOST_ID },
		{ { &B_NOCPU, &A_NOCPU, &A }, 3, HOSTS_DIFFERENT, GATE_HOST_ID },
	};
	size_t i;
	unsigned d;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		enum verdict_hosts got = gate_hosts_compare(cases[i].h, cases[i].n, &d);

		if (got != cases[i].want || d != cases[i].differs)
			fail_msg("case %zu: %s (differs %#x); expected %s (%#x)", i,
			    verdict_hosts_name(got), d, verdict_hosts_name(cases[i].want),
			    cases[i].differs);
	}
}

/* A result of one read class and one write class, on host ht (NULL: none). */
static void
make_result(struct result *r, const char *engine, const char *ht,
    double read_p50)
{
	char text[2048], err[ERRLEN];
	cJSON *root;

	snprintf(text, sizeof text, "{\"format\": \"syncgate-result/1\", "
	    "\"engine\": \"%s\", %s%s%s\"probe\": {\"format\": \"syncgate-probe/1\", "
	    "\"host\": {\"id\": \"h\"}, \"volume\": {\"id\": \"v\"}, \"method\": "
	    "\"fdatasync\", \"samples_ns\": [3000000, 3010000, 2990000, 3020000, "
	    "2980000, 3005000, 2995000, 3015000, 2985000, 3001000], \"reaches_device\": \"yes\", "
	    "\"evidence\": [\"x\"]}, \"classes\": [{\"name\": \"get\", \"kind\": "
	    "\"read\", \"p50_ns\": %.0f, \"p99_ns\": %.0f}, {\"name\": \"put\", "
	    "\"kind\": \"write\", \"p50_ns\": 4000000, \"p99_ns\": 6000000}]}", engine,
	    ht ? "\"host\": " : "", ht ? ht : "", ht ? ", " : "", read_p50,
	    2 * read_p50);
	root = json_parse_buffer("r.json", text, strlen(text), err);
	assert_non_null(root);
	if (result_from_json(root, engine, r, err) < 0)
		fail_msg("%s", err);
	cJSON_Delete(root);
}

#define HOST_A "{\"cpu_model\": \"AMD EPYC 7B13\", \"cores\": 8, " \
	"\"memory_bytes\": 34359738368, \"kernel\": \"6.1.0-18-amd64\", " \
	"\"machine_id\": \"3f9a1c2b7d4e5f60\", \"id_source\": \"machine-id\"}"
#define HOST_B "{\"cpu_model\": \"Intel Xeon 8272CL\", \"cores\": 8, " \
	"\"memory_bytes\": 34359738368, \"kernel\": \"6.1.0-18-amd64\", " \
	"\"machine_id\": \"a07b5e91c2d3f4e8\", \"id_source\": \"machine-id\"}"

static void
side(struct gate_side_in *in, const struct result *r, const char *file)
{
	memset(in, 0, sizeof *in);
	in->r = r;
	in->probe = r->probe;
	in->file = file;
}

/* ours on host ho, the rival on hr, with or without --same-host. */
static void
rule(const char *ho, const char *hr, int same_host, struct gate_verdict *v)
{
	struct result o, r;
	struct gate_side_in in_o, in_r;
	struct gate_opts opts;
	char err[ERRLEN];

	make_result(&o, "zu", ho, 100000);
	make_result(&r, "ladybug", hr, 5000000);
	side(&in_o, &o, "ours.json");
	side(&in_r, &r, "rival.json");
	gate_opts_init(&opts, MODE_RIVAL);
	/* the one-run sampling rule these tests rule on */
	opts.one_run_spread = 0;
	opts.same_host = same_host;
	opts.commit_syncs = 3;
	assert_int_equal(gate_rule(&in_o, &in_r, &opts, v, err), 0);
	report_words(v);
	if (verdict_check(v, "v.json", err) < 0)
		fail_msg("the gate's own verdict is refused: %s", err);
	result_free(&o);
	result_free(&r);
}

static void
test_gate_host_note(void **state)
{
	struct gate_verdict v;

	(void)state;
	rule(HOST_A, HOST_B, 0, &v);
	assert_int_equal(v.hosts, HOSTS_DIFFERENT);
	assert_int_equal(v.overall, RULING_PASS);
	assert_true(verdict_has_note(&v, "reads were compared across two hosts, which "
	    "differ in machine id and CPU model: zu on the host 3f9a1c2b7d4e5f60 "
	    "(AMD EPYC 7B13, 8 cores, 32.0 GiB of memory, kernel 6.1.0-18-amd64), "
	    "ladybug on the host a07b5e91c2d3f4e8"));
	verdict_free(&v);
	rule(HOST_A, NULL, 0, &v);
	assert_int_equal(v.hosts, HOSTS_UNKNOWN);
	assert_true(verdict_has_note(&v, "reads may have been compared across two hosts: "
	    "rival.json records no host"));
	verdict_free(&v);
	/* one host, or none recorded: nothing to say */
	rule(HOST_A, HOST_A, 0, &v);
	assert_int_equal(v.hosts, HOSTS_SAME);
	assert_false(verdict_has_note(&v, "hosts"));
	verdict_free(&v);
	rule(NULL, NULL, 0, &v);
	assert_int_equal(v.hosts, HOSTS_UNRECORDED);
	assert_false(verdict_has_note(&v, "hosts"));
	verdict_free(&v);
}

/* Several runs a side: every run's host counts, and a side on several is said so. */
static void
test_gate_host_runs(void **state)
{
	struct result o[2], r;
	struct gate_run_in runs[2];
	struct gate_side_in in_o, in_r;
	struct gate_opts opts;
	struct gate_verdict v;
	char err[ERRLEN];
	size_t i;

	(void)state;
	make_result(&o[0], "zu", HOST_A, 100000);
	make_result(&o[1], "zu", HOST_B, 110000);
	make_result(&r, "ladybug", HOST_B, 5000000);
	for (i = 0; i < 2; i++) {
		runs[i].r = &o[i];
		runs[i].probe = o[i].probe;
		runs[i].file = i ? "ours2.json" : "ours1.json";
	}
	side(&in_o, &o[0], "ours1.json");
	in_o.runs = runs;
	in_o.nruns = 2;
	side(&in_r, &r, "rival.json");
	gate_opts_init(&opts, MODE_RIVAL);
	/* the one-run sampling rule these tests rule on */
	opts.one_run_spread = 0;
	opts.commit_syncs = 3;
	assert_int_equal(gate_rule(&in_o, &in_r, &opts, &v, err), 0);
	report_words(&v);
	/* the rival's one host is the second run's: still two hosts in all */
	assert_int_equal(v.hosts, HOSTS_DIFFERENT);
	assert_true(verdict_has_note(&v, "reads were compared across several hosts, which "
	    "differ in machine id and CPU model: zu on more than one host, ladybug "
	    "on the host a07b5e91c2d3f4e8"));
	verdict_free(&v);
	for (i = 0; i < 2; i++)
		result_free(&o[i]);
	result_free(&r);
}

static void
test_gate_host_same_host(void **state)
{
	static const struct {
		const char *ho, *hr;
		enum verdict_hosts hosts;
	} cases[] = {
		{ HOST_A, HOST_B, HOSTS_DIFFERENT },
		{ HOST_A, NULL, HOSTS_UNKNOWN },
		{ NULL, NULL, HOSTS_UNRECORDED },
	};
	struct gate_verdict v;
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rule(cases[i].ho, cases[i].hr, 1, &v);
		assert_int_equal(v.hosts, cases[i].hosts);
		assert_int_equal(v.reads.ruling, RULING_INDETERMINATE);
		/* writes are in syncs of each side's own probe: ruled as ever */
		assert_int_equal(v.writes.ruling, RULING_PASS);
		for (k = 0; k < v.nchecks; k++) {
			const struct verdict_check *c = &v.checks[k];
			const char *end = words_host_hold(v.hosts);
			size_t n = strlen(c->reason), m = strlen(end);

			if (c->kind == KIND_WRITE) {
				assert_int_equal(c->ruling, RULING_PASS);
				continue;
			}
			assert_int_equal(c->ruling, RULING_INDETERMINATE);
			assert_true(n > m && strcmp(c->reason + n - m, end) == 0);
		}
		verdict_free(&v);
	}
	/* one host known in full: --same-host changes nothing */
	rule(HOST_A, HOST_A, 1, &v);
	assert_int_equal(v.reads.ruling, RULING_PASS);
	assert_int_equal(v.overall, RULING_PASS);
	verdict_free(&v);
}

/*
 * v through JSON with edit applied to the tree; the loader's answer, and
 * the reads' ruling as it re-rules them into *reads.
 */
static int
reload(const struct gate_verdict *v, void (*edit)(cJSON *), enum ruling *reads,
    char *err)
{
	cJSON *made = verdict_to_json(v), *tree;
	struct gate_verdict back;
	char *text = cJSON_Print(made);
	int rc;

	/* numbers are written raw, with their shortest digits: read them back */
	tree = json_parse_buffer("v.json", text, strlen(text), err);
	assert_non_null(tree);
	free(text);
	cJSON_Delete(made);
	if (edit != NULL)
		edit(tree);
	rc = verdict_from_json(tree, "v.json", &back, err);
	if (rc == 0) {
		if (edit == NULL) {
			assert_int_equal(back.hosts, v->hosts);
			assert_int_equal(back.same_host, v->same_host);
		}
		*reads = back.reads.ruling;
		verdict_free(&back);
	}
	cJSON_Delete(tree);
	return rc;
}

static void
drop_same_host(cJSON *t)
{
	cJSON_DeleteItemFromObject(t, "same_host");
}

static void
hosts_same(cJSON *t)
{
	cJSON_ReplaceItemInObject(t, "hosts", cJSON_CreateString("same"));
}

static void
hosts_bad(cJSON *t)
{
	cJSON_ReplaceItemInObject(t, "hosts", cJSON_CreateString("elsewhere"));
}

static void
same_host_false(cJSON *t)
{
	cJSON_AddBoolToObject(t, "same_host", 0);
}

static void
drop_hosts(cJSON *t)
{
	cJSON_DeleteItemFromObject(t, "hosts");
}

static void
test_gate_host_verdict_load(void **state)
{
	struct gate_verdict v;
	enum ruling reads;
	char err[ERRLEN];

	(void)state;
	rule(HOST_A, HOST_B, 1, &v);
	if (reload(&v, NULL, &reads, err) < 0)
		fail_msg("%s", err);
	assert_int_equal(reads, RULING_INDETERMINATE);
	/* the flag dropped, or the hosts called one: re-ruled, the reads pass */
	assert_int_equal(reload(&v, drop_same_host, &reads, err), 0);
	assert_int_equal(reads, RULING_PASS);
	assert_int_equal(reload(&v, hosts_same, &reads, err), 0);
	assert_int_equal(reads, RULING_PASS);
	assert_int_equal(reload(&v, hosts_bad, &reads, err), -1);
	assert_non_null(strstr(err, "v.json: hosts is \"elsewhere\"; expected "
	    "\"same\", \"different\", \"unknown\" or \"unrecorded\""));
	verdict_free(&v);
	rule(HOST_A, HOST_B, 0, &v);
	assert_int_equal(reload(&v, same_host_false, &reads, err), -1);
	assert_non_null(strstr(err, "v.json: same_host is false; expected true, "
	    "or absent"));
	verdict_free(&v);
	/* a verdict from before hosts reads as unrecorded */
	rule(NULL, NULL, 0, &v);
	assert_int_equal(reload(&v, drop_hosts, &reads, err), 0);
	verdict_free(&v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gate_host_compare),
		cmocka_unit_test(test_gate_host_note),
		cmocka_unit_test(test_gate_host_runs),
		cmocka_unit_test(test_gate_host_same_host),
		cmocka_unit_test(test_gate_host_verdict_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
