/* SPDX-License-Identifier: MIT */
/*
 * syncgate-probe/1 in and out: a full record round-trips through the
 * loader the gate uses, summaries are recomputed rather than trusted,
 * and malformed records are refused with the field named.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/probe_record.h"
#include "tests/testutil.h"

static const double samples[] = { 75000, 71000, 80000, 77000, 74000, 73000,
	76000, 79000, 72000, 78000, 70000, 81000, 75500, 74500, 76500 };

static void
full_record(struct probe_record *p)
{
	size_t n = sizeof samples / sizeof samples[0];

	probe_record_init(p);
	p->host_id = strdup("0123456789abcdef");
	p->host_id_source = strdup("machine-id");
	p->host_name = strdup("ci-runner");
	p->os = strdup("Linux x86_64");
	p->kernel = strdup("6.1.0");
	p->virt = strdup("cpu flag hypervisor; virtio disk");
	p->volume_id = strdup("dev:254:0@/");
	p->volume_id_source = strdup("device-number");
	p->path = strdup("/work/main");
	p->symlink = strdup("/work/link");
	p->fs = strdup("ext4");
	p->mount_point = strdup("/");
	p->mount_options = strdup("rw,relatime");
	p->device = strdup("vda");
	p->model = strdup("QEMU HARDDISK");
	p->write_cache = strdup("write back");
	p->passthrough_backed = strdup("loop0 is backed by /n/img, a file on nfs");
	p->rotational = 1;
	p->method = strdup("fdatasync");
	p->method_detail = strdup("each sample writes 4 KiB ...");
	p->write_bytes = 4096;
	p->warmup = 2;
	p->samples_ns = malloc(sizeof samples);
	memcpy(p->samples_ns, samples, sizeof samples);
	p->nsamples = n;
	p->stopped_by = strdup("precision");
	p->precision = 0.05;
	p->elapsed_s = 0.25;
	p->reaches = REACH_YES;
	probe_record_evidence(p, "the dirty fdatasync (75µs) costs %d times", 500);
	probe_record_evidence(p, "hint: virtualised");
	p->refs.clean_sync_ns = 32000;
	p->refs.null_syscall_ns = 150;
	p->refs.plain_write_ns = 1500;
	p->refs.raw_sync_ns = 76000;
	p->refs.libc_sync_ns = 75000;
	p->group.writers = 2;
	p->group.samples_ns = malloc(4 * sizeof(double));
	p->group.samples_ns[0] = 90000;
	p->group.samples_ns[1] = 95000;
	p->group.samples_ns[2] = 100000;
	p->group.samples_ns[3] = 110000;
	p->group.nsamples = 4;
	p->group.median_ns = 97500;
	p->group.p99_ns = 109700;
	p->created = strdup("2025-01-02T03:04:05Z");
	p->version = strdup("0.1.0");
	p->flushes.present = 1;
	p->flushes.syncs = 15;
	p->flushes.timed_s = 0.003;
	p->flushes.idle_s = 0.1;
	p->flushes.ndev = 2;
	p->flushes.dev = calloc(2, sizeof *p->flushes.dev);
	p->flushes.dev[0].name = strdup("loop0");
	p->flushes.dev[0].write_cache = strdup("write back");
	p->flushes.dev[0].fua = -1;
	p->flushes.dev[0].flushes = 15;
	p->flushes.dev[0].idle_flushes = 0;
	p->flushes.dev[1].name = strdup("vda");
	p->flushes.dev[1].fua = 0;
	p->flushes.dev[1].flushes = NAN;
	p->flushes.dev[1].idle_flushes = NAN;
	p->flushes.dev[1].dropped = strdup("the device vanished during the probe");
	probe_flushes_derive(&p->flushes);
	p->watch.interval_ns = 2e8;
	p->watch.stopped_by = strdup("SIGTERM");
	p->series.present = 1;
	p->series.base_unix_s = 1764444208;
	p->series.n = 3;
	p->series.t_ns = malloc(3 * sizeof(double));
	p->series.samples_ns = malloc(3 * sizeof(double));
	p->series.t_ns[0] = 123456789;
	p->series.t_ns[1] = 323456789;
	p->series.t_ns[2] = 86400e9 + 523456789;
	p->series.samples_ns[0] = 80000;
	p->series.samples_ns[1] = 70000;
	p->series.samples_ns[2] = 90000;
	p->series.window_ns[0] = 123456000;
	p->series.window_ns[1] = 86400e9 + 623456789;
	p->series.ndev = 1;
	p->series.dev = calloc(1, sizeof *p->series.dev);
	p->series.dev[0].name = strdup("vda");
	p->series.dev[0].flushes = 1234;
	p->series.dev[0].fua = -1;
	p->series.rounds.present = 1;
	p->series.rounds.every_ns = 5e8;
	p->series.rounds.per_round = 1;
	p->series.rounds.count = 3;
	p->series.rounds.probing_s = 0.25;
	p->series.rounds.run_s = 10;
	p->series.rounds.ops = malloc(3 * sizeof(double));
	p->series.rounds.ops[0] = 700;
	p->series.rounds.ops[1] = 0;
	p->series.rounds.ops[2] = 300;
	probe_rounds_derive(&p->series.rounds);
	probe_series_summarize(&p->series);
	probe_record_summarize(p, 0.95);
	p->refs.dirty_sync_ns = p->median_ns;
	p->group.syncs_p50 = p->group.median_ns / p->median_ns;
	p->group.syncs_p99 = p->group.p99_ns / p->median_ns;
}

static void
assert_same(const struct probe_record *a, const struct probe_record *b)
{
	size_t i;

	assert_string_equal(a->host_id, b->host_id);
	assert_string_equal(a->host_id_source, b->host_id_source);
	assert_string_equal(a->virt, b->virt);
	assert_string_equal(a->volume_id, b->volume_id);
	assert_string_equal(a->path, b->path);
	assert_string_equal(a->symlink, b->symlink);
	assert_string_equal(a->fs, b->fs);
	assert_string_equal(a->mount_options, b->mount_options);
	assert_string_equal(a->model, b->model);
	assert_string_equal(a->write_cache, b->write_cache);
	assert_string_equal(a->passthrough_backed, b->passthrough_backed);
	assert_int_equal(a->rotational, b->rotational);
	assert_string_equal(a->method, b->method);
	assert_int_equal(a->write_bytes, b->write_bytes);
	assert_int_equal(a->nsamples, b->nsamples);
	for (i = 0; i < a->nsamples; i++)
		assert_near(a->samples_ns[i], b->samples_ns[i], 0);
	assert_near(a->median_ns, b->median_ns, 0);
	assert_near(a->ci_lo_ns, b->ci_lo_ns, 0);
	assert_near(a->ci_hi_ns, b->ci_hi_ns, 0);
	assert_near(a->ci_level, b->ci_level, 1e-12);
	assert_string_equal(a->stopped_by, b->stopped_by);
	assert_near(a->precision, b->precision, 1e-12);
	assert_int_equal(a->reaches, b->reaches);
	assert_int_equal(a->nevidence, b->nevidence);
	for (i = 0; i < a->nevidence; i++)
		assert_string_equal(a->evidence[i], b->evidence[i]);
	assert_near(a->refs.clean_sync_ns, b->refs.clean_sync_ns, 0);
	assert_near(a->refs.null_syscall_ns, b->refs.null_syscall_ns, 0);
	assert_near(a->refs.plain_write_ns, b->refs.plain_write_ns, 0);
	assert_near(a->refs.raw_sync_ns, b->refs.raw_sync_ns, 0);
	assert_near(a->refs.libc_sync_ns, b->refs.libc_sync_ns, 0);
	assert_near(a->refs.dirty_sync_ns, b->refs.dirty_sync_ns, 0);
	assert_int_equal(a->group.writers, b->group.writers);
	assert_int_equal(a->group.nsamples, b->group.nsamples);
	assert_near(a->group.syncs_p50, b->group.syncs_p50, 1e-12);
	assert_near(a->group.syncs_p99, b->group.syncs_p99, 1e-12);
	assert_string_equal(a->created, b->created);
	assert_int_equal(a->flushes.present, b->flushes.present);
	assert_int_equal(a->flushes.syncs, b->flushes.syncs);
	assert_near(a->flushes.timed_s, b->flushes.timed_s, 0);
	assert_near(a->flushes.idle_s, b->flushes.idle_s, 0);
	assert_int_equal(a->flushes.ndev, b->flushes.ndev);
	for (i = 0; i < a->flushes.ndev; i++) {
		const struct probe_flush_device *x = &a->flushes.dev[i];
		const struct probe_flush_device *y = &b->flushes.dev[i];

		assert_string_equal(x->name, y->name);
		assert_int_equal(x->write_cache == NULL, y->write_cache == NULL);
		assert_int_equal(x->fua, y->fua);
		assert_int_equal(isnan(x->flushes), isnan(y->flushes));
		if (!isnan(x->flushes))
			assert_near(x->flushes, y->flushes, 0);
		assert_int_equal(isnan(x->per_sync), isnan(y->per_sync));
		assert_int_equal(x->dropped == NULL, y->dropped == NULL);
	}
	assert_near(b->flushes.dev[0].per_sync, 1, 0);
	assert_near(a->watch.interval_ns, b->watch.interval_ns, 0);
	assert_string_equal(a->watch.stopped_by, b->watch.stopped_by);
	assert_int_equal(b->series.present, 1);
	assert_int_equal(a->series.base_unix_s, b->series.base_unix_s);
	assert_int_equal(a->series.n, b->series.n);
	for (i = 0; i < a->series.n; i++) {
		assert_true(a->series.t_ns[i] == b->series.t_ns[i]);
		assert_true(a->series.samples_ns[i] == b->series.samples_ns[i]);
	}
	assert_near(b->series.median_ns, 80000, 0);
	assert_true(a->series.window_ns[1] == b->series.window_ns[1]);
	assert_int_equal(b->series.ndev, 1);
	assert_near(b->series.dev[0].flushes, 1234, 0);
	assert_int_equal(b->series.rounds.present, a->series.rounds.present);
	if (a->series.rounds.present) {
		assert_int_equal(b->series.rounds.count, 3);
		assert_int_equal(b->series.rounds.per_round, 1);
		assert_near(b->series.rounds.every_ns, 5e8, 0);
		assert_near(b->series.rounds.cost, 0.025, 1e-15);
		assert_near(b->series.rounds.ops[0], 700, 0);
		assert_near(b->series.rounds.ops[2], 300, 0);
	}
}

static void
test_probe_record_round_trip(void **state)
{
	struct probe_record a, b;
	char err[ERRLEN], *text;
	cJSON *j, *back;

	(void)state;
	full_record(&a);
	/* 15 samples: the 4th and 12th smallest, at 96.48% */
	assert_near(a.ci_level, 0.96484375, 1e-6);
	assert_near(a.ci_lo_ns, 73000, 0);
	assert_near(a.ci_hi_ns, 78000, 0);
	j = probe_record_to_json(&a);
	text = cJSON_Print(j);
	back = json_parse_buffer("probe.json", text, strlen(text), err);
	assert_non_null(back);
	assert_int_equal(probe_record_from_json(back, "probe.json", "probe", &b,
	    err), 0);
	assert_same(&a, &b);
	probe_record_free(&b);
	cJSON_Delete(back);
	free(text);
	cJSON_Delete(j);
	probe_record_free(&a);
}

static void
test_probe_record_copy_is_deep(void **state)
{
	struct probe_record a, b;

	(void)state;
	full_record(&a);
	probe_record_copy(&b, &a);
	assert_same(&a, &b);
	assert_ptr_not_equal(a.samples_ns, b.samples_ns);
	assert_ptr_not_equal(a.symlink, b.symlink);
	probe_record_free(&a);
	assert_string_equal(b.evidence[1], "hint: virtualised");
	probe_record_free(&b);
	probe_record_free(NULL);
}

/* Unmeasured figures are null in JSON and NaN again when read back. */
static void
test_probe_record_nulls_round_trip(void **state)
{
	struct probe_record a, b;
	char err[ERRLEN];
	cJSON *j;

	(void)state;
	full_record(&a);
	a.refs.raw_sync_ns = a.refs.libc_sync_ns = NAN;
	free(a.symlink);
	a.symlink = NULL;
	a.rotational = -1;
	a.write_bytes = 0;      /* a probe that did not say */
	j = probe_record_to_json(&a);
	assert_true(cJSON_IsNull(json_member(j, "write_bytes")));
	assert_true(cJSON_IsNull(json_member(json_member(j, "reference_ns"),
	    "raw_sync")));
	assert_int_equal(probe_record_from_json(j, "p.json", "probe", &b, err), 0);
	assert_true(isnan(b.refs.raw_sync_ns));
	assert_null(b.symlink);
	assert_int_equal(b.rotational, -1);
	assert_int_equal(b.write_bytes, 0);
	probe_record_free(&b);
	cJSON_Delete(j);
	probe_record_free(&a);
}

struct bad_case {
	const char *json;
	const char *message;
};

#define HEAD "{\"format\":\"syncgate-probe/1\",\"host\":{\"id\":\"h\"}," \
	"\"volume\":{\"id\":\"v\"},\"method\":\"fdatasync\","
static const struct bad_case bad[] = {
	{ "[]", "probe is an array; expected a syncgate-probe/1 object" },
	{ "{\"format\":\"syncgate-probe/2\"}", "probe.format is \"syncgate-probe/2\"" },
	{ HEAD "\"reaches_device\":\"yes\"}", "probe.samples_ns is missing" },
	{ HEAD "\"samples_ns\":[],\"reaches_device\":\"yes\"}",
	  "probe.samples_ns is empty" },
	{ HEAD "\"samples_ns\":[1,0],\"reaches_device\":\"yes\"}",
	  "probe.samples_ns[1] is 0; expected a positive number of nanoseconds, "
	  "from 1 to a day" },
	{ HEAD "\"samples_ns\":[1,\"2\"],\"reaches_device\":\"yes\"}",
	  "probe.samples_ns[1] is a string" },
	{ HEAD "\"samples_ns\":[1e300],\"reaches_device\":\"yes\"}",
	  "probe.samples_ns[0] is 1e+300, over a day" },
	{ HEAD "\"samples_ns\":[300,0.5],\"reaches_device\":\"yes\"}",
	  "probe.samples_ns[1] is 0.5, under 1ns; expected a positive number of "
	  "nanoseconds, from 1 to a day" },
	{ HEAD "\"samples_ns\":[1,2,3],\"median_ns\":3,\"reaches_device\":\"yes\"}",
	  "probe.median_ns is 3 but the median of its 3 samples_ns is 2" },
	/* the tolerance is 0.5 ns + 1e-6 x the median: 1000.5 ns at a second */
	{ HEAD "\"samples_ns\":[1e9],\"median_ns\":1000001001,\"reaches_device\":\"yes\"}",
	  "probe.median_ns is 1000001001 but the median of its 1 samples_ns is 1000000000" },
	{ HEAD "\"samples_ns\":[1,2,3],\"median_ns\":2.501,\"reaches_device\":\"yes\"}",
	  "probe.median_ns is 2.501 but the median of its 3 samples_ns is 2" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"maybe\"}",
	  "probe.reaches_device is \"maybe\"" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"evidence\":[1]}",
	  "probe.evidence[0] is" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"group_commit\":"
	  "{\"writers\":0,\"samples_ns\":[1]}}",
	  "probe.group_commit.writers is 0; expected a whole number from 1 to 4096" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"write_bytes\":4.5}",
	  "probe.write_bytes is 4.5; expected a positive whole number of bytes" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"group_commit\":"
	  "{\"writers\":2,\"median_ns\":5,\"samples_ns\":[1,2,3]}}",
	  "probe.group_commit.median_ns is 5 but the median of its 3 samples_ns is 2" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"warmup\":-1}",
	  "probe.warmup is -1; expected a whole number from 0 to 1000" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"flushes\":[]}",
	  "probe.flushes is an array; expected an object" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"flushes\":"
	  "{\"syncs\":1}}", "probe.flushes.devices is missing; expected an array" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"flushes\":"
	  "{\"syncs\":1.5,\"devices\":[]}}", "probe.flushes.syncs is 1.5; expected a "
	  "whole number" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"flushes\":"
	  "{\"syncs\":1,\"devices\":[{\"flushes\":1}]}}",
	  "probe.flushes.devices[0].device is missing; expected the device's name" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"flushes\":"
	  "{\"syncs\":1,\"devices\":[{\"device\":\"vda\",\"flushes\":-1}]}}",
	  "probe.flushes.devices[0].flushes is -1; expected a whole number from 0 "
	  "to 1e+15, or null" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"flushes\":"
	  "{\"syncs\":1,\"devices\":[{\"device\":\"vda\",\"fua\":1}]}}",
	  "probe.flushes.devices[0].fua is a number; expected true, false or null" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"watch\":"
	  "{\"interval_ns\":0}}", "probe.watch.interval_ns is 0; expected a number of nanoseconds from 1 "
	  "to 3.6e+12" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"watch\":{}}",
	  "probe.watch.interval_ns is missing" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_MONOTONIC\",\"base_unix_s\":1,\"t_ns\":[],"
	  "\"samples_ns\":[]}}", "probe.series.clock is \"CLOCK_MONOTONIC\"; "
	  "expected \"CLOCK_REALTIME\"" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"t_ns\":[],\"samples_ns\":[]}}",
	  "probe.series.base_unix_s is missing" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[1,2],"
	  "\"samples_ns\":[5]}}", "probe.series.t_ns holds 2 times but samples_ns "
	  "1 samples" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[1],"
	  "\"samples_ns\":[0]}}", "probe.series.samples_ns[0] is 0; expected a positive number of "
	  "nanoseconds, from 1 to a day" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[-1],"
	  "\"samples_ns\":[5]}}", "probe.series.t_ns[0] is -1; expected a number of nanoseconds from 0 "
	  "to 9.0072e+15" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[1],"
	  "\"samples_ns\":[5],\"window_ns\":[9,3]}}",
	  "probe.series.window_ns is [9, 3]; expected the low end at most the "
	  "high" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[1],"
	  "\"samples_ns\":[5],\"flushes\":[{\"device\":\"vda\",\"flushes\":"
	  "\"x\"}]}}", "probe.series.flushes[0].flushes is a string" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[1,2],"
	  "\"samples_ns\":[5,6],\"rounds\":{\"every_ns\":5e8,\"per_round\":5,"
	  "\"count\":1,\"probing_s\":0.1,\"run_s\":1}}}",
	  "probe.series.rounds: 1 rounds of 5 samples, but samples_ns holds 2" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[1,2],"
	  "\"samples_ns\":[5,6],\"rounds\":{\"every_ns\":5e8,\"per_round\":1,"
	  "\"count\":2,\"probing_s\":0.1,\"run_s\":1,\"ops\":[3]}}}",
	  "probe.series.rounds.ops holds 1 counts for 2 rounds" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"series\":"
	  "{\"clock\":\"CLOCK_REALTIME\",\"base_unix_s\":1,\"t_ns\":[1],"
	  "\"samples_ns\":[5],\"rounds\":{\"every_ns\":0,\"per_round\":1,"
	  "\"count\":1,\"probing_s\":0.1,\"run_s\":1}}}",
	  "probe.series.rounds.every_ns is 0; expected a number of nanoseconds" },
	{ "{\"format\":\"syncgate-probe/1\",\"host\":{\"id\":\"\"},\"volume\":"
	  "{\"id\":\"v\"}}", "probe.host.id is empty" },
	{ "{\"format\":\"syncgate-probe/1\",\"host\":{\"id\":\"h\"},\"volume\":"
	  "{\"id\":\"\\u2003 \"}}", "probe.volume.id is only white space; expected a "
	  "non-empty string" },
	{ "{\"format\":\"syncgate-probe/1\",\"host\":{\"id\":\"h\"},\"volume\":"
	  "{\"id\":\"v\"},\"method\":\" \"}", "probe.method is only white space" },
	{ "{\"format\":\"syncgate-probe/1\",\"host\":{\"id\":\"h\"},\"volume\":"
	  "{\"id\":\"v\",\"symlink\":7}}", "probe.volume.symlink is" },
	/* garbage where a writer puts true, false or null is not "unknown" */
	{ "{\"format\":\"syncgate-probe/1\",\"host\":{\"id\":\"h\"},\"volume\":"
	  "{\"id\":\"v\",\"rotational\":\"yes\"}}", "probe.volume.rotational is a "
	  "string; expected true, false or null" },
	{ HEAD "\"samples_ns\":[1],\"reaches_device\":\"yes\",\"flushes\":"
	  "{\"syncs\":1,\"devices\":[{\"device\":\" \"}]}}",
	  "probe.flushes.devices[0].device is only white space; expected the "
	  "device's name" },
};

/* Evidence is read back whole, however long: a round trip changes nothing. */
static void
test_probe_record_long_evidence_whole(void **state)
{
	struct probe_record a, b;
	char err[ERRLEN], *line = malloc(5001);
	cJSON *j;

	(void)state;
	assert_non_null(line);
	memset(line, 'e', 5000);
	memcpy(line + 4990, "the end.", 9);
	full_record(&a);
	probe_record_evidence(&a, "%s", line);
	assert_string_equal(a.evidence[a.nevidence - 1], line);
	j = probe_record_to_json(&a);
	assert_int_equal(probe_record_from_json(j, "p.json", "probe", &b, err), 0);
	assert_string_equal(b.evidence[b.nevidence - 1], line);
	probe_record_free(&b);
	cJSON_Delete(j);
	probe_record_free(&a);
	free(line);
}

/* Within the tolerance docs/probe-format.md gives, a stored median loads. */
static void
test_probe_record_median_tolerance(void **state)
{
	static const char *const ok[] = {
		HEAD "\"samples_ns\":[1e9],\"median_ns\":1000000999,\"reaches_device\":\"yes\"}",
		HEAD "\"samples_ns\":[1e9],\"median_ns\":999999000,\"reaches_device\":\"yes\"}",
		HEAD "\"samples_ns\":[1,2,3],\"median_ns\":2.5,\"reaches_device\":\"yes\"}",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		struct probe_record p;
		char err[ERRLEN];
		cJSON *j = cJSON_Parse(ok[i]);

		assert_non_null(j);
		if (probe_record_from_json(j, "x.json", "probe", &p, err) != 0)
			fail_msg("case %zu: %s", i, err);
		probe_record_free(&p);
		cJSON_Delete(j);
	}
}

static void
test_probe_record_refuses_malformed(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct probe_record p;
		char err[ERRLEN];
		cJSON *j = cJSON_Parse(bad[i].json);

		assert_non_null(j);
		err[0] = '\0';
		if (probe_record_from_json(j, "x.json", "probe", &p, err) != -1 ||
		    strstr(err, bad[i].message) == NULL) {
			print_error("case %zu: %s\n  got: %s\n  want: %s\n", i,
			    bad[i].json, err, bad[i].message);
			fail();
		}
		assert_non_null(strstr(err, "x.json: "));
		assert_null(p.samples_ns);
		cJSON_Delete(j);
	}
}

/*
 * p99 beside p90, with one-sided bounds from order statistics: 15
 * samples bound it from below only (by the 14th smallest); an upper bound
 * needs 368, the fewest with 1 - 0.99^n >= 97.5%.
 */
static void
test_probe_record_p99_bounds(void **state)
{
	static const size_t sizes[] = { 1, 15, 367, 368, 1000 };
	struct probe_record p;
	cJSON *o;
	size_t i, k;

	(void)state;
	assert_int_equal(probe_p99_upper_min(), 368);
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t n = sizes[i];

		probe_record_init(&p);
		p.samples_ns = malloc(n * sizeof(double));
		for (k = 0; k < n; k++)         /* 1000 ns, 2000 ns, ... reversed */
			p.samples_ns[k] = (double)(n - k) * 1000;
		p.nsamples = n;
		probe_record_summarize(&p, 0.95);
		assert_true(p.p90_ns <= p.p99_ns && p.p99_ns <= p.max_ns);
		assert_true(p.p99_lo_ns <= p.p99_ns);
		if (n == 1)
			assert_near(p.p99_lo_ns, 1000, 0);
		if (n == 15)
			assert_near(p.p99_lo_ns, 14000, 0);
		assert_int_equal(isnan(p.p99_hi_ns), n < 368);
		if (n >= 368)
			assert_true(p.p99_hi_ns >= p.p99_ns);
		if (n == 368)
			assert_near(p.p99_hi_ns, 368000, 0);
		o = probe_record_to_json(&p);
		assert_true(cJSON_IsArray(cJSON_GetObjectItem(o, "p99_ci_ns")));
		assert_int_equal(cJSON_IsNull(cJSON_GetArrayItem(cJSON_GetObjectItem(o,
		    "p99_ci_ns"), 1)), n < 368);
		assert_near(cJSON_GetObjectItem(o, "p99_ns")->valuedouble, p.p99_ns, 0);
		cJSON_Delete(o);
		probe_record_free(&p);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe_record_round_trip),
		cmocka_unit_test(test_probe_record_copy_is_deep),
		cmocka_unit_test(test_probe_record_nulls_round_trip),
		cmocka_unit_test(test_probe_record_refuses_malformed),
		cmocka_unit_test(test_probe_record_median_tolerance),
		cmocka_unit_test(test_probe_record_long_evidence_whole),
		cmocka_unit_test(test_probe_record_p99_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
