/* SPDX-License-Identifier: MIT */
/*
 * The probe's rules on figures made up here, without a disk: its option
 * refusals, the adaptive stop, the reference rounds' schedule, the
 * stability check, the bounds on strings from the system and the names
 * of RAM disks.  tests/test_probe.c runs the probe on real volumes.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "model/probe_record.h"
#include "probe/identity.h"
#include "probe/measure.h"
#include "probe/memdev.h"
#include "probe/options.h"
#include "probe/probe.h"
#include "probe/stability.h"
#include "tests/testutil.h"

struct refusal {
	const char *method;
	long samples;
	long long write_bytes;
	double precision;
	int concurrency;
	const char *dir;
	const char *message;
};

static const struct refusal refusals[] = {
	{ NULL, 0, 4096, NAN, 0, ".", "--samples: 0 is out of range" },
	{ NULL, 15, 0, NAN, 0, ".", "--write-size: 0 is out of range" },
	{ NULL, 15, 65LL << 20, NAN, 0, ".", "--write-size: 68157440 is out of range" },
	{ "direct-dsync", 15, 1000, NAN, 0, ".",
	  "--write-size: 1000 is not a multiple of 512" },
	{ "nosuch", 15, 4096, NAN, 0, ".", "--method nosuch: unknown" },
#ifndef __APPLE__
	{ "full", 15, 4096, NAN, 0, ".", "--method full: F_FULLFSYNC is a macOS call" },
	{ "barrier", 15, 4096, NAN, 0, ".", "F_BARRIERFSYNC is a macOS call" },
#endif
	{ NULL, 15, 4096, 0.5, 0, ".", "--precision: 50% is out of range" },
	{ NULL, 15, 4096, NAN, -1, ".", "--concurrency: -1 is out of range" },
	{ NULL, 15, 4096, NAN, 0, "/nonexistent-syncgate",
	  "/nonexistent-syncgate: No such file or directory" },
	{ NULL, 15, 4096, NAN, 0, "/etc/hostname", "/etc/hostname: Not a directory" },
	{ NULL, 15, 64LL << 20, NAN, 5, ".",
	  "10 writes of 64 MiB at once need 640 MiB of scratch space; at most 256 MiB" },
	{ NULL, 15, 4096, NAN, 0, "", "--dir: expected a directory" },
};

static void
test_probe_refuses_bad_options(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
		const struct refusal *r = &refusals[i];
		struct probe_options o;
		struct probe_record p;
		char err[ERRLEN] = "";

		probe_options_default(&o);
		o.method = r->method;
		o.samples = r->samples;
		o.write_bytes = r->write_bytes;
		o.precision = r->precision;
		o.concurrency = r->concurrency;
		o.dir = r->dir;
		if (probe_run(&o, &p, err) != -1 || strstr(err, r->message) == NULL) {
			print_error("case %zu: got \"%s\", want \"%s\"\n", i, err,
			    r->message);
			fail();
		}
		assert_null(p.samples_ns);
		assert_null(p.host_id);
	}
}

/* Each reason the adaptive probe stops for, on samples made up here. */
static void
test_probe_stop_reasons(void **state)
{
	struct probe_options o;
	double flat[40], wild[40];
	size_t i, next = 0;

	(void)state;
	for (i = 0; i < 40; i++) {
		flat[i] = 1000 + (double)(i % 5);   /* within ±0.5% */
		wild[i] = (i % 2) ? 1000 : 3000 + 100 * (double)i;
	}
	probe_options_default(&o);
	assert_string_equal(measure_stop_reason(&o, flat, 15, 0, &next), "samples");
	assert_null(measure_stop_reason(&o, flat, 14, 0, &next));
	o.precision = 0.05;
	o.max_samples = 40;
	next = 0;
	assert_null(measure_stop_reason(&o, flat, 14, 0, &next));
	next = 0;
	assert_string_equal(measure_stop_reason(&o, flat, 15, 0, &next),
	    "precision");
	next = 0;
	assert_null(measure_stop_reason(&o, wild, 39, 0, &next));
	assert_string_equal(measure_stop_reason(&o, wild, 40, 0, &next),
	    "max-samples");
	next = 0;
	assert_string_equal(measure_stop_reason(&o, wild, 20, o.max_time_s, &next),
	    "max-time");
	/*
	 * Samples counted in whole ticks tie where a sync takes a few: the
	 * median's interval is then zero wide and meets any precision, so
	 * no real run can be counted on to reach its time limit.
	 */
	for (i = 0; i < 40; i++)
		wild[i] = 95 + (double)(i % 7 == 0);
	o.precision = 1e-9;
	next = 0;
	assert_string_equal(measure_stop_reason(&o, wild, 20, 0, &next),
	    "precision");
	/* the fixed count is cut short by the time limit too */
	o.precision = NAN;
	assert_string_equal(measure_stop_reason(&o, flat, 3, 61, &next), "max-time");
}

/* Strings from the system: bounded, controls shown escaped, UTF-8 kept whole. */
static void
test_identity_uuid_forms(void **state)
{
	static const unsigned char v4[16] = {
		0xfc, 0x42, 0xc4, 0x16, 0x5b, 0xae, 0x4f, 0x36,
		0xa0, 0xbe, 0xdc, 0x52, 0x44, 0xf4, 0x0e, 0x45,
	};
	static const unsigned char zero[16];
	static const unsigned char serial[4] = { 0x12, 0x34, 0xab, 0xcd };
	char *s;

	(void)state;
	s = identity_uuid(v4, sizeof v4);
	assert_string_equal(s, "fc42c416-5bae-4f36-a0be-dc5244f40e45");
	free(s);
	s = identity_uuid(serial, sizeof serial);   /* FAT's volume serial */
	assert_string_equal(s, "1234abcd");
	free(s);
	/* an unset UUID names no volume: cloned images all share it */
	assert_null(identity_uuid(zero, sizeof zero));
	assert_null(identity_uuid(v4, 0));
}

static void
test_identity_clean_bounds(void **state)
{
	static const struct {
		const char *in;
		size_t max;
		const char *want;
	} cases[] = {
		{ "  disk\x1b[2Jmodel\n", 64, "disk\\x1b[2Jmodel" },
		{ "caf\xc3\xa9 \xff\xfe.", 64, "caf\xc3\xa9 \\xff\\xfe." },
		{ "ab\xc3\xa9", 3, "ab" },     /* é would not fit whole */
		{ "abcdef", 4, "abcd" },
		{ "ab\x1b", 5, "ab" },          /* nor would \x1b */
		/* a model name's own '?' is kept; only white space is trimmed */
		{ "DISK?\n", 64, "DISK?" },
		/* C1 controls (CSI as UTF-8) and DEL are controls too */
		{ "a\xc2\x9b" "31mb\x7f", 64, "a\\u009b31mb\\x7f" },
		/* overlong, surrogate and beyond U+10FFFF: malformed */
		{ "\xe0\x80\xaf|\xed\xa0\x80|\xf4\x90", 64,
		  "\\xe0\\x80\\xaf|\\xed\\xa0\\x80|\\xf4\\x90" },
		{ "\xe2\x82\xac \xf0\x9f\x92\xbe", 64, "\xe2\x82\xac \xf0\x9f\x92\xbe" },
	};
	size_t i;
	char *s;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = identity_clean(cases[i].in, cases[i].max);
		if (strcmp(s, cases[i].want) != 0) {
			print_error("case %zu: got \"%s\"\n", i, s);
			fail();
		}
		free(s);
	}
	assert_int_equal(identity_fnv1a(IDENTITY_FNV, "a", 1),
	    0xaf63dc4c8601ec8cULL);
}

/*
 * A path is kept whole, escapes and all: a cut or trimmed path names
 * another directory, and escaping can make one four times its length.
 */
static void
test_identity_clean_path_whole(void **state)
{
	char in[3002], *s;
	size_t i;

	(void)state;
	s = identity_clean_path("/tmp/a dir \x1b[2J\xc2\x9b ");
	assert_string_equal(s, "/tmp/a dir \\x1b[2J\\u009b ");
	free(s);
	in[0] = '/';
	for (i = 1; i < 3000; i++)
		in[i] = i % 2 ? '\x1b' : '\xff';
	in[3000] = ' ';
	in[3001] = '\0';
	s = identity_clean_path(in);
	assert_int_equal(strlen(s), 1 + 2999 * 4 + 1);
	assert_string_equal(s + strlen(s) - 9, "\\xff\\x1b ");
	free(s);
}

/*
 * Reference rounds spread over the whole run: nine over a fixed count,
 * the last after the last sample; an open-ended run halves the rounds
 * kept whenever it doubles its horizon, so they still span it.
 */
static void
test_probe_ref_schedule(void **state)
{
	static const struct {
		size_t samples;
		size_t at[MEASURE_REF_ROUNDS];
	} fixed[] = {
		{ 15, { 2, 4, 5, 7, 9, 10, 12, 14, 15 } },
		{ 9, { 1, 2, 3, 4, 5, 6, 7, 8, 9 } },
		{ 100, { 12, 23, 34, 45, 56, 67, 78, 89, 100 } },
		{ 3, { 1, 2, 3 } },
	};
	double at[MEASURE_REF_ROUNDS];
	size_t i, n, k, h;
	int thin;

	(void)state;
	for (i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
		h = fixed[i].samples;
		for (n = 1, k = 0; n <= fixed[i].samples; n++) {
			if (!measure_ref_due(n, &h, &thin))
				continue;
			assert_true(k < MEASURE_REF_ROUNDS);
			assert_int_equal(n, fixed[i].at[k++]);
			assert_false(thin);
		}
		assert_true(k == MEASURE_REF_ROUNDS || fixed[i].at[k] == 0);
	}
	/* open-ended from 15: never more than nine kept, spanning the run */
	h = 15;
	for (n = 1, k = 0; n <= 1000; n++) {
		int due = measure_ref_due(n, &h, &thin);

		if (thin)
			k = measure_thin(at, k, 1);
		if (due) {
			assert_true(k < MEASURE_REF_ROUNDS);
			at[k++] = (double)n;
		}
	}
	assert_int_equal(h, 1920);
	assert_true(k >= 4);
	/*
	 * Which call of a libc/raw pair leads: over open-ended runs of every
	 * length to 4000, the rounds kept hold each order within one of the
	 * other (a plain alternation kept raw-first rounds only: 4 to 0).
	 */
	for (i = 1; i <= 4000; i++) {
		double led[MEASURE_REF_ROUNDS];
		size_t raw;

		h = 15;
		for (n = 1, k = 0; n <= i; n++) {
			int due = measure_ref_due(n, &h, &thin);

			if (thin)
				k = measure_thin(led, k, 1);
			if (due) {
				led[k] = measure_raw_first(led, k);
				k++;
			}
		}
		for (n = 0, raw = 0; n < k; n++)
			raw += led[n] != 0;
		assert_true(raw + 1 >= k - raw && k - raw + 1 >= raw);
	}
	assert_true(at[0] <= 1000 / 4.0);
	assert_true(at[k - 1] >= 1000 - 1920 / 9.0);
	for (i = 1; i < k; i++)
		assert_true(at[i] - at[i - 1] <= 1920 / 9.0 + 1);
}

static void
test_probe_thin(void **state)
{
	double x[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	double y[6] = { 0, 1, 2, 3, 4, 5 };

	(void)state;
	assert_int_equal(measure_thin(x, 9, 1), 4);
	assert_near(x[0], 1, 0);
	assert_near(x[3], 7, 0);
	assert_int_equal(measure_thin(y, 6, 3), 3);
	assert_near(y[0], 3, 0);
	assert_near(y[2], 5, 0);
	assert_int_equal(measure_thin(y, 1, 1), 0);
	assert_int_equal(measure_thin(y, 0, 1), 0);
}

/* Samples made up for the stability check: n values of a pattern. */
struct stab_case {
	const char *name;
	size_t n;
	double slow;            /* the slow value; the rest are 100000 */
	const char *where;      /* which samples are slow: "second", "odd", "last2"... */
	int judged, stable;
	const char *phrase;     /* in the hint; NULL: no hint */
};

static int
is_slow(const struct stab_case *c, size_t i)
{
	if (strcmp(c->where, "second") == 0)
		return i >= c->n / 2;
	if (strcmp(c->where, "odd") == 0)
		return i % 2 == 1;
	if (strcmp(c->where, "last1") == 0)
		return i == c->n - 1;
	if (strcmp(c->where, "first2") == 0)
		return i < 2;
	if (strcmp(c->where, "first3") == 0)
		return i < 3;
	return 0;
}

/*
 * A run is unstable when its halves' medians lie twice apart or more, or
 * its samples fall in two groups five times apart or more, each holding
 * two samples and a tenth of them; one outlier is no group.
 */
static void
test_stability_table(void **state)
{
	static const struct stab_case cases[] = {
		{ "flat", 15, 100000, "none", 1, 1, NULL },
		{ "too few", 5, 4000000, "second", 0, 1, NULL },
		{ "fast then slow", 15, 4000000, "second", 1, 0,
		  "first 7 samples' median is 100µs and the last 8 samples' 4ms "
		  "(40.0 times)" },
		{ "halves exactly twice apart", 16, 200000, "second", 1, 0,
		  "(2.0 times)" },
		{ "halves just under twice", 16, 199000, "second", 1, 1, NULL },
		{ "two speeds interleaved", 16, 1000000, "odd", 1, 0,
		  "two groups 10 times apart (8 near 100µs, 8 near 1ms)" },
		{ "one outlier", 15, 10000000, "last1", 1, 1, NULL },
		{ "two outliers", 15, 10000000, "first2", 1, 0, "two groups" },
		{ "groups just under five apart", 15, 499000, "first2", 1, 1, NULL },
		{ "three outliers in 40", 40, 10000000, "first3", 1, 1, NULL },
	};
	struct probe_stability st;
	double x[64];
	char hint[1024];
	size_t i, k;
	int h;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (k = 0; k < cases[i].n; k++)
			x[k] = is_slow(&cases[i], k) ? cases[i].slow : 100000;
		probe_stability(x, cases[i].n, &st);
		hint[0] = '\0';
		h = probe_stability_hint(&st, hint, sizeof hint);
		if (st.judged != cases[i].judged || (st.judged &&
		    st.stable != cases[i].stable) || h != (cases[i].phrase != NULL) ||
		    (h && (strstr(hint, cases[i].phrase) == NULL ||
		    strstr(hint, "--precision") == NULL ||
		    strncmp(hint, "hint: ", 6) != 0))) {
			print_error("case \"%s\": judged %d stable %d: %s\n",
			    cases[i].name, st.judged, st.stable, hint);
			fail();
		}
	}
}

/* A hand-made stability object is checked like every other key. */
static void
test_stability_key_checked(void **state)
{
	static const struct {
		const char *json;
		const char *msg;
	} bad[] = {
		{ "5", "probe.stability is a number; expected an object" },
		{ "{\"halves_median_ns\": [1, 2]}",
		  "probe.stability.stable is missing; expected true or false" },
		{ "{\"stable\": true, \"halves_median_ns\": [1]}",
		  "probe.stability.halves_median_ns is not two numbers; expected two" },
		{ "{\"stable\": true, \"halves_median_ns\": [1, -2]}",
		  "probe.stability.halves_median_ns[1] is -2; expected a positive" },
		{ "{\"stable\": false, \"halves_median_ns\": [1, 2], "
		  "\"clusters_ratio\": 0.5}",
		  "probe.stability.clusters_ratio is 0.5; expected 1 or more" },
	};
	FILE *fp = fopen("fixtures/probe/tmpfs.json", "r");
	char text[65536], err[ERRLEN];
	struct probe_record p;
	size_t n, i;
	cJSON *root;

	(void)state;
	if (fp == NULL)
		skip();
	n = fread(text, 1, sizeof text - 1, fp);
	fclose(fp);
	text[n] = '\0';
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		root = cJSON_Parse(text);
		assert_non_null(root);
		cJSON_AddItemToObject(root, "stability", cJSON_Parse(bad[i].json));
		assert_int_equal(probe_record_from_json(root, "t.json", "probe", &p,
		    err), -1);
		if (strstr(err, bad[i].msg) == NULL) {
			print_error("case %zu: %s\n", i, err);
			fail();
		}
		cJSON_Delete(root);
	}
	root = cJSON_Parse(text);
	cJSON_AddItemToObject(root, "stability", cJSON_Parse("{\"stable\": false, "
	    "\"halves_median_ns\": [100, 400], \"clusters_ratio\": null}"));
	assert_int_equal(probe_record_from_json(root, "t.json", "probe", &p, err), 0);
	assert_int_equal(p.stable, 0);
	assert_near(p.halves_ns[1], 400, 0);
	assert_true(isnan(p.clusters_ratio));
	probe_record_free(&p);
	cJSON_Delete(root);
}

/*
 * RAM disks are known by their driver's names; a loop device only by
 * what backs it, and one that sysfs does not list says nothing.
 */
static void
test_memdev_names(void **state)
{
	static const struct {
		const char *disk;
		int memory;
		const char *phrase;
	} cases[] = {
		{ "zram0", 1, "zram0 is a compressed RAM disk" },
		{ "zram12", 1, "(zram)" },
		{ "ram3", 1, "ram3 is a RAM disk (brd)" },
		{ "nullb0", 1, "null_blk" },
		{ "ramdisk", 0, NULL },
		{ "zram", 0, NULL },
		{ "loop-not-a-device", 0, NULL },
		{ "loop987654", 0, NULL },      /* not in /sys/block */
		{ "sda-not-a-device", 0, NULL },
	};
	char why[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		why[0] = '\0';
		if (memdev_check_disk(cases[i].disk, why, sizeof why) !=
		    cases[i].memory || (cases[i].phrase != NULL &&
		    strstr(why, cases[i].phrase) == NULL)) {
			print_error("%s: \"%s\"\n", cases[i].disk, why);
			fail();
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe_refuses_bad_options),
		cmocka_unit_test(test_probe_stop_reasons),
		cmocka_unit_test(test_identity_uuid_forms),
		cmocka_unit_test(test_identity_clean_bounds),
		cmocka_unit_test(test_identity_clean_path_whole),
		cmocka_unit_test(test_probe_ref_schedule),
		cmocka_unit_test(test_probe_thin),
		cmocka_unit_test(test_stability_table),
		cmocka_unit_test(test_stability_key_checked),
		cmocka_unit_test(test_memdev_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
