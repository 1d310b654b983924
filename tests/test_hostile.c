/* SPDX-License-Identifier: MIT */
/*
 * Hostile input at the library's level: messages that quote escape
 * sequences, JSON nested past the limit, numbers out of range, samples
 * files that are devices, FIFOs, folders, huge or outside the result's
 * folder, names that would steer a terminal, and a million classes
 * (refused by count).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gate/verdict_load.h"
#include "lib/err.h"
#include "lib/json.h"
#include "model/probe_record.h"
#include "model/result.h"
#include "report/escape.h"
#include "report/report.h"
#include "report/words.h"
#include "tests/testutil.h"

static char dir[] = "/tmp/syncgate-hostile.XXXXXX";

/* Every escape a hostile name may carry: OSC title, clear screen, C1 CSI, bidi. */
#define NASTY "\x1b]0;pwned\x07\x1b[2J\xc2\x9b" "31m\xe2\x80\xae\r\b\xff\xed\xa0\x80"

/* Fails on a character a terminal would act on or a malformed sequence. */
static void
assert_printable(const char *s, size_t len)
{
	const char *end = s + len;
	uint32_t cp;

	while (s < end) {
		size_t n = utf8_decode(s, &cp);

		if (cp != '\n' && cp != '\t' && utf8_hidden(cp)) {
			print_error("hidden character U+%04x (byte 0x%02x) at \"%.20s\"\n",
			    (unsigned)cp, (unsigned)(unsigned char)*s, s);
			fail();
		}
		s += n;
	}
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = xmalloc(65536);

	assert_non_null(fp);
	*len = fread(buf, 1, 65535, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

static void
test_warn_hides_controls(void **state)
{
	char path[512];
	size_t len;
	char *got;
	int saved, fd;

	(void)state;
	snprintf(path, sizeof path, "%s/stderr", dir);
	fflush(stderr);
	saved = dup(2);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 2);
	close(fd);
	err_setprog("syncgate test");
	err_warn("classes[0] \"%s\"\tµs", "a" NASTY "z");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	got = slurp(path, &len);
	/* each byte of a hidden character is one '?' */
	assert_string_equal(got, "syncgate test: classes[0] \"a?]0;pwned??[2J??31m?????????z\"\tµs\n");
	assert_printable(got, len);
	free(got);
}

static void
test_json_nesting_refused_past_limit(void **state)
{
	static const size_t depths[] = { 1001, 10000, 1000000 };
	char err[ERRLEN];
	size_t i, k, d;
	cJSON *root;
	char *buf;

	(void)state;
	buf = xmalloc(2 * 1000000 + 16);
	for (k = 0; k < sizeof depths / sizeof depths[0]; k++) {
		d = depths[k];
		for (i = 0; i < d; i++) {
			buf[i] = '[';
			buf[d + i] = ']';
		}
		root = json_parse_buffer("deep.json", buf, 2 * d, err);
		assert_null(root);
		assert_non_null(strstr(err, "deep.json: arrays and objects nested more "
		    "than 1000 deep at line 1, column 1001"));
	}
	/* exactly at the limit is JSON */
	root = json_parse_buffer("deep.json", buf + 1000000 - 1000, 2000, err);
	assert_non_null(root);
	cJSON_Delete(root);
	free(buf);
}

/* A one-class result whose class carries the JSON text fields. */
static int
load_class(const char *path, const char *fields, struct result *r, char *err)
{
	char text[1024];
	cJSON *root;
	int rc;

	snprintf(text, sizeof text, "{\"format\": \"syncgate-result/1\", \"engine\": "
	    "\"e\", \"classes\": [{\"name\": \"c\", \"kind\": \"read\", %s}]}", fields);
	root = json_parse_buffer(path, text, strlen(text), err);
	if (root == NULL)
		return -1;
	rc = result_from_json(root, path, r, err);
	cJSON_Delete(root);
	return rc;
}

/*
 * A key given twice is refused wherever it stands: cJSON would answer
 * with the first, while another reader may take the last.
 */
static void
test_json_duplicate_keys_refused(void **state)
{
	static const char *const bad[] = {
		"{\"p50_ns\": 1, \"p50_ns\": 2}",
		"{\"classes\": [{\"name\": \"a\", \"kind\": \"read\", \"name\": \"b\"}]}",
		"[[{\"x\": {\"y\": 1, \"z\": 2, \"y\": 3}}]]",
	};
	static const char *const good = "{\"a\": {\"a\": 1}, \"b\": [{\"a\": 1}, {\"a\": 2}]}";
	char err[ERRLEN];
	cJSON *root;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		root = json_parse_buffer("dup.json", bad[i], strlen(bad[i]), err);
		assert_null(root);
		assert_non_null(strstr(err, "dup.json: the key \""));
		assert_non_null(strstr(err, "\" appears twice in one object; expected "
		    "each key once"));
	}
	root = json_parse_buffer("ok.json", good, strlen(good), err);
	assert_non_null(root);
	cJSON_Delete(root);
}

/*
 * JSON is UTF-8 text: a Latin-1 byte would reach every output raw (and
 * make the JSON and JUnit written from it invalid), and \u0000 would
 * silently cut a name short.  Escapes that decode to valid text load.
 */
static void
test_json_text_must_be_utf8(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "{\"engine\": \"caf\xe9\"}", "t.json: not UTF-8: byte 0xe9 at line 1, column 16" },
		{ "{\n \"e\": \"\xc0\xaf\"}", "t.json: not UTF-8: byte 0xc0 at line 2, column 8" },
		{ "{\"e\": \"\xed\xa0\x80\"}", "t.json: not UTF-8: byte 0xed at line 1, column 8" },
		{ "{\"e\": \"x\xe6\x97\"}", "t.json: not UTF-8: byte 0xe6 at line 1, column 9" },
		{ "{\"e\": \"a\\u0000b\"}", "t.json: a \\u0000 escape at line 1, column 9" },
		{ "{\"\\u0000\": 1}", "t.json: a \\u0000 escape at line 1, column 3" },
		/* a byte order mark is read past: it takes no column */
		{ "\xef\xbb\xbf{\"e\": \"caf\xe9\"}",
		  "t.json: not UTF-8: byte 0xe9 at line 1, column 11" },
		{ "\xef\xbb\xbf", "t.json: empty file; expected JSON" },
	};
	static const char *const good[] = {
		"{\"e\": \"caf\xc3\xa9 \xe6\x97\xa5\"}",
		"{\"e\": \"a\\\\u0000b\"}",      /* an escaped backslash, then text */
		"{\"e\": \"\\u00e9\\ud83d\\ude80\"}",
		"\xef\xbb\xbf{\"e\": 1}",
	};
	char err[ERRLEN];
	cJSON *root;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		root = json_parse_buffer("t.json", cases[i].text,
		    strlen(cases[i].text), err);
		assert_null(root);
		if (strstr(err, cases[i].message) == NULL)
			fail_msg("case %zu: %s", i, err);
	}
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		root = json_parse_buffer("t.json", good[i], strlen(good[i]), err);
		assert_non_null(root);
		cJSON_Delete(root);
	}
}

static void
test_result_numbers_refused(void **state)
{
	static const struct {
		const char *fields, *message;
	} cases[] = {
		{ "\"p50_ns\": 1e999, \"p99_ns\": 2", "p50_ns is a number out of range; expected" },
		{ "\"p50_ns\": -1e999, \"p99_ns\": 2", "p50_ns is a number out of range; expected" },
		{ "\"p50_ns\": -0, \"p99_ns\": 2", "p50_ns is -0; expected a positive" },
		{ "\"p50_ns\": 1, \"p99_ns\": -0.0", "p99_ns is -0; expected a positive" },
		{ "\"p50_ns\": \"NaN\", \"p99_ns\": 2", "p50_ns is a string; expected" },
		{ "\"p50_ns\": NaN, \"p99_ns\": 2", "not JSON: syntax error" },
		{ "\"p50_ns\": Infinity, \"p99_ns\": 2", "not JSON: syntax error" },
		{ "\"p50_ns\": 1e-999, \"p99_ns\": 2", "p50_ns is 0; expected a positive" },
		{ "\"samples_ns\": [1, 1e999]", "samples_ns[1] is a number out of range" },
		{ "\"samples_ns\": [-0]", "samples_ns[0] is -0; expected a positive" },
		{ "\"samples_ns\": [\"NaN\"]", "samples_ns[0] is a string; expected" },
		{ "\"p50_ns\": 1, \"p99_ns\": 2, \"count\": 1e999", "count is a number out of range" },
	};
	char path[512], err[ERRLEN];
	struct result r;
	size_t i;

	(void)state;
	snprintf(path, sizeof path, "%s/r.json", dir);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = '\0';
		if (load_class(path, cases[i].fields, &r, err) == 0) {
			print_error("%s: loaded\n", cases[i].fields);
			result_free(&r);
			fail();
		}
		if (strstr(err, cases[i].message) == NULL) {
			print_error("%s: \"%s\"; expected \"%s\"\n", cases[i].fields, err,
			    cases[i].message);
			fail();
		}
	}
}

/* samples_file name beside a result at path must be refused with message. */
static void
refuses_samples(const char *path, const char *name, const char *message)
{
	char fields[256], err[ERRLEN];
	struct result r;

	snprintf(fields, sizeof fields, "\"samples_file\": \"%s\"", name);
	err[0] = '\0';
	alarm(10);      /* a FIFO opened for reading would block: fail, not hang */
	assert_int_equal(load_class(path, fields, &r, err), -1);
	alarm(0);
	if (strstr(err, message) == NULL) {
		print_error("samples_file %s: \"%s\"; expected \"%s\"\n", name, err, message);
		fail();
	}
}

/*
 * One samples_file named by many classes cannot multiply the memory it
 * takes: the result's classes together hold at most result_max_samples
 * (lowered here to 25, so four classes of ten pass it).
 */
static void
test_result_samples_total_capped(void **state)
{
	char path[512], text[2048], err[ERRLEN];
	struct result r;
	cJSON *root;
	FILE *fp;
	size_t i, at = 0;
	int rc;

	(void)state;
	snprintf(path, sizeof path, "%s/ten.txt", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	for (i = 1; i <= 10; i++)
		fprintf(fp, "%zu000\n", i);
	fclose(fp);
	snprintf(path, sizeof path, "%s/many.json", dir);
	at += (size_t)snprintf(text + at, sizeof text - at, "{\"format\": "
	    "\"syncgate-result/1\", \"engine\": \"e\", \"classes\": [");
	for (i = 0; i < 4; i++)
		at += (size_t)snprintf(text + at, sizeof text - at, "%s{\"name\": "
		    "\"c%zu\", \"kind\": \"read\", \"samples_file\": \"ten.txt\"}",
		    i ? ", " : "", i);
	snprintf(text + at, sizeof text - at, "]}");
	root = json_parse_buffer(path, text, strlen(text), err);
	assert_non_null(root);
	result_max_samples = 25;
	rc = result_from_json(root, path, &r, err);
	result_max_samples = RESULT_MAX_SAMPLES;
	assert_int_equal(rc, -1);
	if (strstr(err, "classes[2] \"c2\": samples_file ten.txt holds more than 5 "
	    "latencies; expected at most that many (the classes before it hold 20 "
	    "of the 25 a result may)") == NULL)
		fail_msg("%s", err);
	result_free(&r);
	result_max_samples = 20;
	rc = result_from_json(root, path, &r, err);
	result_max_samples = RESULT_MAX_SAMPLES;
	assert_int_equal(rc, -1);
	if (strstr(err, "classes[2] \"c2\": the classes before it already hold 20 "
	    "latencies; expected at most that many in one result") == NULL)
		fail_msg("%s", err);
	result_free(&r);
	cJSON_Delete(root);
}

/* A size limit is said exactly: 1000 bytes are not "the 0 MiB limit". */
static void
test_json_limit_said_exactly(void **state)
{
	char path[128], err[ERRLEN], want[ERRLEN];
	FILE *fp;

	(void)state;
	snprintf(path, sizeof path, "%s/limit.json", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "[%01998d]", 0);
	assert_int_equal(fclose(fp), 0);
	assert_null(json_load_file(path, 1000, err));
	snprintf(want, sizeof want, "%s: 2000 bytes is over the 1000 B limit for "
	    "JSON input", path);
	assert_string_equal(err, want);
}

/* Each JSON value costs cJSON about 64 bytes: a file of "0," is counted. */
static void
test_json_values_capped(void **state)
{
	size_t n = 2 * (JSON_MAX_VALUES + 2), i;
	char *buf = malloc(n + 2), err[ERRLEN];

	(void)state;
	assert_non_null(buf);
	buf[0] = '[';
	for (i = 1; i + 1 < n; i += 2) {
		buf[i] = '0';
		buf[i + 1] = ',';
	}
	buf[i - 1] = ']';
	assert_null(json_parse_buffer("wide.json", buf, i, err));
	/* 12000000 commas (the last is the bracket), the bracket, and one */
	assert_non_null(strstr(err, "wide.json: about 12000002 values; expected at "
	    "most 12000000 (give millions of samples as a samples_file)"));
	free(buf);
}

static void
test_result_samples_special_files_refused(void **state)
{
	char path[512], p[600];
	int fd;

	(void)state;
	snprintf(path, sizeof path, "%s/r.json", dir);
	snprintf(p, sizeof p, "%s/fifo", dir);
	assert_int_equal(mkfifo(p, 0600), 0);
	refuses_samples(path, "fifo", "samples_file fifo is a FIFO; expected a regular file");
	snprintf(p, sizeof p, "%s/sub", dir);
	assert_int_equal(mkdir(p, 0700), 0);
	refuses_samples(path, "sub", "samples_file sub is a directory; expected a regular file");
	/* a device inside the result's folder: a result in /dev */
	refuses_samples("/dev/r.json", "zero", "samples_file zero is a device; expected a regular file");
	refuses_samples("/dev/r.json", "null", "samples_file null is a device; expected a regular file");
	snprintf(p, sizeof p, "%s/zero", dir);
	assert_int_equal(symlink("/dev/zero", p), 0);
	refuses_samples(path, "zero", "samples_file zero leads out of the result file's folder");
	snprintf(p, sizeof p, "%s/up", dir);
	assert_int_equal(symlink("/etc", p), 0);
	refuses_samples(path, "up/passwd", "leads out of the result file's folder");
	refuses_samples(path, "../etc/passwd", "climbs out of the result file's folder");
	refuses_samples(path, "/etc/passwd", "is an absolute path");
	/* a sparse file past the limit is refused by its size, unread */
	snprintf(p, sizeof p, "%s/huge.txt", dir);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)2 << 30), 0);
	close(fd);
	refuses_samples(path, "huge.txt", "samples_file huge.txt is 2147483648 bytes, "
	    "over the 1024 MiB limit");
}

/* A result of n classes named c0, c1, ... */
static cJSON *
many_classes(int n)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	char name[32];
	int i;

	cJSON_AddStringToObject(root, "format", RESULT_FORMAT);
	cJSON_AddStringToObject(root, "engine", "e");
	arr = cJSON_AddArrayToObject(root, "classes");
	for (i = 0; i < n; i++) {
		cJSON *c = cJSON_CreateObject();

		snprintf(name, sizeof name, "c%d", i);
		cJSON_AddStringToObject(c, "name", name);
		cJSON_AddStringToObject(c, "kind", "read");
		cJSON_AddNumberToObject(c, "p50_ns", 1000);
		cJSON_AddNumberToObject(c, "p99_ns", 2000);
		cJSON_AddItemToArray(arr, c);
	}
	return root;
}

/*
 * A million classes are refused by their count before anything is
 * allocated for them; the most a result may hold load, and quickly: a
 * duplicate name is found by sorting, not by comparing each name with
 * every one before it.  SIGALRM fails it if that comes back.  Under the
 * sanitizers a tenth of the million, refused alike: building the tree
 * is nearly all of the test's cost.
 */
static void
test_result_million_classes(void **state)
{
	int many = TEST_TRIALS(1000000, 100000), rc;
	cJSON *root = many_classes(many), *arr;
	char path[512], err[ERRLEN], want[80];
	struct result r;

	(void)state;
	snprintf(path, sizeof path, "%s/r.json", dir);
	rc = result_from_json(root, path, &r, err);
	assert_int_equal(rc, -1);
	snprintf(want, sizeof want, "classes holds %d classes; expected at most 10000",
	    many);
	assert_non_null(strstr(err, want));
	cJSON_Delete(root);
	root = many_classes(RESULT_MAX_CLASSES);
	arr = cJSON_GetObjectItemCaseSensitive(root, "classes");
	alarm(60);
	rc = result_from_json(root, path, &r, err);
	assert_int_equal(rc, 0);
	assert_int_equal(r.nclasses, RESULT_MAX_CLASSES);
	result_free(&r);
	/* the last name repeats the first: found and named */
	cJSON_ReplaceItemInObjectCaseSensitive(arr->child->prev, "name",
	    cJSON_CreateString("c0"));
	rc = result_from_json(root, path, &r, err);
	alarm(0);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err, "classes[9999] \"c0\": the name is also "
	    "classes[0]'s; expected unique class names"));
	cJSON_Delete(root);
}

static void
test_probe_text_hides_controls(void **state)
{
	struct render_opts o = { 0 };
	struct probe_record p;
	char err[ERRLEN], *buf = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	assert_int_equal(probe_record_load("fixtures/probe/tmpfs.json", &p, err), 0);
	free(p.host_name);
	p.host_name = xstrdup("host" NASTY);
	free(p.fs);
	p.fs = xstrdup("fs" NASTY);
	probe_record_evidence(&p, "evidence%s", NASTY);
	fp = open_memstream(&buf, &len);
	assert_int_equal(report_probe_text(fp, &p, &o), 0);
	fclose(fp);
	assert_non_null(strstr(buf, "host?]0;pwned??[2J??31m?????????"));
	assert_printable(buf, len);
	free(buf);
	probe_record_free(&p);
}

static void
test_text_verdict_hides_controls(void **state)
{
	struct render_opts o = { 0 };
	struct gate_verdict v;
	char err[ERRLEN], *buf = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	assert_int_equal(verdict_load("fixtures/report/split.json", &v, err), 0);
	report_words(&v);
	assert_true(v.nrows > 0);
	free(v.ours.engine);
	v.ours.engine = xstrdup("ours" NASTY);
	free(v.rows[0].name);
	v.rows[0].name = xstrdup("row" NASTY);
	verdict_noted(&v, NOTE_SAVED, -1)->a = xasprintf("note%s", NASTY);
	fp = open_memstream(&buf, &len);
	assert_int_equal(report_text(fp, &v, &o), 0);
	fclose(fp);
	/* shown escaped (\x1b) or replaced ('?'): either way, not acted on */
	assert_true(strstr(buf, "row\\x1b]0;pwned\\x07\\x1b[2J") != NULL ||
	    strstr(buf, "row?]0;pwned??[2J??31m?????????") != NULL);
	assert_printable(buf, len);
	free(buf);
	verdict_free(&v);
}

/* A saved verdict may hold confidence null: no "nan%" in the text. */
static void
test_text_verdict_without_confidence(void **state)
{
	struct render_opts o = { 0 };
	struct gate_verdict v;
	char err[ERRLEN], *buf = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	assert_int_equal(verdict_load("fixtures/report/split.json", &v, err), 0);
	report_words(&v);
	v.confidence = NAN;
	fp = open_memstream(&buf, &len);
	assert_int_equal(report_text(fp, &v, &o), 0);
	fclose(fp);
	assert_null(strstr(buf, "nan"));
	assert_non_null(strstr(buf, "\nChecks:\n"));
	free(buf);
	verdict_free(&v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_warn_hides_controls),
		cmocka_unit_test(test_json_nesting_refused_past_limit),
		cmocka_unit_test(test_json_duplicate_keys_refused),
		cmocka_unit_test(test_json_text_must_be_utf8),
		cmocka_unit_test(test_result_numbers_refused),
		cmocka_unit_test(test_result_samples_special_files_refused),
		cmocka_unit_test(test_result_samples_total_capped),
		cmocka_unit_test(test_json_limit_said_exactly),
		cmocka_unit_test(test_json_values_capped),
		cmocka_unit_test(test_result_million_classes),
		cmocka_unit_test(test_probe_text_hides_controls),
		cmocka_unit_test(test_text_verdict_hides_controls),
		cmocka_unit_test(test_text_verdict_without_confidence),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
