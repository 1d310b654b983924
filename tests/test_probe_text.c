/* SPDX-License-Identifier: MIT */
/*
 * A probe record as text, against golden files: each
 * fixtures/probe/NAME.json renders to fixtures/probe/NAME.expected.txt
 * (UTF-8) and, where one exists, NAME.ascii.expected.txt (ASCII).  Run
 * with SYNCGATE_REGEN=1 to rewrite the golden files after a deliberate
 * change, and read the diff.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/json.h"
#include "model/probe_record.h"
#include "model/sync_words.h"
#include "report/report.h"
#include "tests/testutil.h"

static const char *const cases[] = {
	"disk-fdatasync", "disk-dsync", "disk-direct-dsync", "tmpfs",
	"eatmydata", "group-commit", "adaptive", "disk-fsync", "hostile-strings",
	"loop-on-tmpfs", "watch",
};

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	if (fp == NULL)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

static char *
render(const struct probe_record *p, int ascii, size_t *len)
{
	struct render_opts o = { .ascii = ascii };
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);

	assert_non_null(fp);
	assert_int_equal(report_probe_text(fp, p, &o), 0);
	fclose(fp);
	return buf;
}

/* Compares with the golden file, or writes it when regolding. */
static void
check_golden(const char *path, const char *got, size_t len)
{
	size_t wlen = 0;
	char *want;

	if (getenv("SYNCGATE_REGEN") != NULL && strcmp(getenv("SYNCGATE_REGEN"), "1") == 0) {
		FILE *fp = fopen(path, "wb");

		assert_non_null(fp);
		fwrite(got, 1, len, fp);
		fclose(fp);
		return;
	}
	want = slurp(path, &wlen);
	if (want == NULL) {
		print_error("%s: missing\n", path);
		fail();
	}
	if (wlen != len || memcmp(want, got, len) != 0) {
		print_error("%s differs; got:\n%s\n", path, got);
		free(want);
		fail();
	}
	free(want);
}

/* No line of text wider than 120 characters (UTF-8 counted by character). */
static void
assert_narrow(const char *text, const char *path)
{
	size_t w = 0, line = 1;
	const char *p;

	for (p = text; *p != '\0'; p++) {
		if (*p == '\n') {
			w = 0;
			line++;
			continue;
		}
		w += ((unsigned char)*p & 0xC0) != 0x80;
		if (w > 120)
			fail_msg("%s: line %zu is wider than 120 characters", path, line);
	}
}

static void
test_probe_text_golden(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct probe_record p;
		char path[256], err[ERRLEN], *text;
		size_t len;
		FILE *ascii;

		snprintf(path, sizeof path, "fixtures/probe/%s.json", cases[i]);
		if (probe_record_load(path, &p, err) < 0) {
			print_error("%s\n", err);
			fail();
		}
		text = render(&p, 0, &len);
		snprintf(path, sizeof path, "fixtures/probe/%s.expected.txt", cases[i]);
		check_golden(path, text, len);
		assert_narrow(text, path);
		free(text);
		snprintf(path, sizeof path, "fixtures/probe/%s.ascii.expected.txt",
		    cases[i]);
		ascii = fopen(path, "rb");
		if (ascii != NULL) {
			fclose(ascii);
			text = render(&p, 1, &len);
			check_golden(path, text, len);
			free(text);
		}
		probe_record_free(&p);
	}
}

/* Nothing from a record reaches the terminal as a control byte. */
static void
test_probe_text_strips_controls(void **state)
{
	struct probe_record p;
	char err[ERRLEN], *text;
	size_t len, i;

	(void)state;
	assert_int_equal(probe_record_load("fixtures/probe/hostile-strings.json",
	    &p, err), 0);
	text = render(&p, 0, &len);
	for (i = 0; i < len; i++)
		assert_true(text[i] == '\n' || (unsigned char)text[i] >= 0x20);
	assert_null(strstr(text, "\xc2\x9b"));     /* the C1 CSI, as UTF-8 */
	assert_non_null(strstr(text, "caf\xc3\xa9"));
	free(text);
	text = render(&p, 1, &len);
	for (i = 0; i < len; i++)
		assert_true(text[i] == '\n' ||
		    ((unsigned char)text[i] >= 0x20 && (unsigned char)text[i] < 0x7f));
	assert_non_null(strstr(text, "us x +/- ~ - and ?"));
	free(text);
	probe_record_free(&p);
}

/* Each reason the probe stopped sampling is printed as itself. */
static void
test_probe_text_says_why_sampling_stopped(void **state)
{
	static const struct {
		const char *why;
		const char *phrase;
	} reasons[] = {
		{ "samples", "; a fixed count of 20 samples; " },
		{ "precision", "; stopped when the interval was within \xc2\xb1" "5% of "
		  "the median; " },
		{ "max-samples", "; stopped at --max-samples before the interval was "
		  "within \xc2\xb1" "5%; " },
		{ "max-time", "; stopped at --max-time; " },
	};
	struct probe_record p;
	char err[ERRLEN], *text;
	size_t i, len;

	(void)state;
	assert_int_equal(probe_record_load("fixtures/probe/adaptive.json", &p,
	    err), 0);
	for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++) {
		free(p.stopped_by);
		p.stopped_by = strdup(reasons[i].why);
		text = render(&p, 0, &len);
		if (strstr(text, reasons[i].phrase) == NULL) {
			print_error("%s: %s\n", reasons[i].why, text);
			fail();
		}
		free(text);
	}
	probe_record_free(&p);
}

/*
 * A record without warmup (older, or written by another tool) does not
 * say 0 samples were discarded: it says the count was not recorded, and
 * writes it back as null.
 */
static void
test_probe_text_warmup_as_recorded(void **state)
{
	static const struct {
		int warmup;
		const char *phrase;
	} counts[] = {
		{ -1, "\n  warm-up not recorded; stopped" },
		{ 0, "\n  0 warm-up samples discarded; " },
		{ 1, "\n  1 warm-up sample discarded; " },
		{ 2, "\n  2 warm-up samples discarded; " },
	};
	struct probe_record p;
	char err[ERRLEN], *text;
	cJSON *root, *back;
	size_t i, len;

	(void)state;
	root = json_load_file("fixtures/probe/adaptive.json", JSON_MAX_BYTES, err);
	assert_non_null(root);
	cJSON_DeleteItemFromObjectCaseSensitive(root, "warmup");
	assert_int_equal(probe_record_from_json(root, "a.json", "probe", &p, err), 0);
	assert_int_equal(p.warmup, -1);
	back = probe_record_to_json(&p);
	assert_true(cJSON_IsNull(json_member(back, "warmup")));
	cJSON_Delete(back);
	for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		p.warmup = counts[i].warmup;
		text = render(&p, 0, &len);
		if (strstr(text, counts[i].phrase) == NULL) {
			print_error("warmup %d: %s\n", counts[i].warmup, text);
			fail();
		}
		free(text);
	}
	probe_record_free(&p);
	cJSON_Delete(root);
}

/* A record with no samples cannot be rendered: an error, not a garbage line. */
static void
test_probe_text_refuses_empty(void **state)
{
	struct probe_record p;
	struct render_opts o = { 0 };

	(void)state;
	probe_record_init(&p);
	assert_int_equal(report_probe_text(stdout, &p, &o), -1);
}

/*
 * Every method is named in the text as its words say: the call timed, and
 * the clean sync beside it, as the record's system made it whatever
 * system renders it (F_FULLFSYNC for a full sync measured on macOS; fsync,
 * not fdatasync, beside a macOS O_DSYNC write).
 */
static void
test_probe_text_names_calls_from_the_method_table(void **state)
{
	static const struct { const char *name, *os, *clean; } mac[] = {
		{ "full", "Darwin arm64", "F_FULLFSYNC" },
		{ "barrier", "Darwin arm64", "F_BARRIERFSYNC" },
		{ "dsync", "Darwin arm64", "fsync" },
		{ "dsync", "Linux x86_64", "fdatasync" },
	};
	struct probe_record p;
	char err[ERRLEN], *names, *name, *save = NULL, *text, want[256];
	size_t len, n = 0, i;

	(void)state;
	assert_int_equal(probe_record_load("fixtures/probe/disk-dsync.json", &p,
	    err), 0);
	names = strdup(sync_words_names());
	for (name = strtok_r(names, ", ", &save); name != NULL;
	    name = strtok_r(NULL, ", ", &save), n++) {
		const struct sync_words *w = sync_words_lookup(name);

		assert_non_null(w);
		free(p.method);
		p.method = strdup(name);
		text = render(&p, 0, &len);
		snprintf(want, sizeof want, "%s %s 4 KiB", w->word,
		    w->write_timed ? "of" : "after a");
		assert_non_null(strstr(text, want));
		snprintf(want, sizeof want, "\n  %s with nothing dirty ",
		    sync_words_clean(w, p.os));
		if (strstr(text, want) == NULL) {
			print_error("%s: no \"%s\" in:\n%s\n", name, want, text);
			fail();
		}
		free(text);
	}
	assert_int_equal(n, 6);
	free(names);
	for (i = 0; i < sizeof mac / sizeof mac[0]; i++) {
		free(p.method);
		free(p.os);
		p.method = strdup(mac[i].name);
		p.os = strdup(mac[i].os);
		text = render(&p, 0, &len);
		snprintf(want, sizeof want, "\n  %s with nothing dirty ",
		    mac[i].clean);
		if (strstr(text, want) == NULL) {
			print_error("%s on %s: no \"%s\" in:\n%s\n", mac[i].name,
			    mac[i].os, want, text);
			fail();
		}
		free(text);
	}
	probe_record_free(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe_text_golden),
		cmocka_unit_test(test_probe_text_strips_controls),
		cmocka_unit_test(test_probe_text_says_why_sampling_stopped),
		cmocka_unit_test(test_probe_text_warmup_as_recorded),
		cmocka_unit_test(test_probe_text_refuses_empty),
		cmocka_unit_test(test_probe_text_names_calls_from_the_method_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
