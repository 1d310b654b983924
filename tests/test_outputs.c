/* SPDX-License-Identifier: MIT */
/*
 * The outputs of one command (lib/outputs.c): --format F -o FILE
 * pairs, their refusals, their checks against the inputs, and the one
 * rule for a failed output: the others are still written.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/outputs.h"
#include "report/report.h"
#include "tests/testutil.h"

static char dir[] = "/tmp/syncgate-outputs.XXXXXX";

/* dir/name, in one of a few static buffers. */
static const char *
at(const char *name)
{
	static char buf[4][sizeof dir + 64];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

/* Each -o takes the --format before it, or text; none is standard output. */
static void
test_outputs_pairs(void **state)
{
	struct outputs o;
	char err[ERRLEN];

	(void)state;
	outputs_init(&o, OUTPUTS_MAX, report_format_nth);
	assert_int_equal(outputs_add(&o, "a.txt", err), 0);
	assert_int_equal(outputs_format(&o, "junit", err), 0);
	assert_int_equal(outputs_add(&o, "a.xml", err), 0);
	assert_int_equal(outputs_add(&o, "-", err), 0);
	assert_int_equal(outputs_end(&o, err), 0);
	assert_int_equal(o.n, 3);
	assert_string_equal(report_format_nth(o.v[0].format), "text");
	assert_string_equal(report_format_nth(o.v[1].format), "junit");
	assert_string_equal(o.v[1].path, "a.xml");
	assert_string_equal(report_format_nth(o.v[2].format), "text");
	assert_null(o.v[2].path);

	outputs_init(&o, OUTPUTS_MAX, report_format_nth);
	assert_int_equal(outputs_format(&o, "html", err), 0);
	assert_int_equal(outputs_end(&o, err), 0);
	assert_int_equal(o.n, 1);
	assert_string_equal(report_format_nth(o.v[0].format), "html");
	assert_null(o.v[0].path);
}

static void
test_outputs_refusals(void **state)
{
	static char names[OUTPUTS_MAX][16];
	struct outputs o;
	char err[ERRLEN];
	int i;

	(void)state;
	outputs_init(&o, OUTPUTS_MAX, report_format_nth);
	assert_int_equal(outputs_format(&o, "yaml", err), -1);
	assert_string_equal(err, "--format: yaml is not one of text, markdown, json, "
	    "junit, html, benchmark-action, bencher");
	assert_int_equal(outputs_add(&o, "v.md", err), 0);
	/* a file yet to be made is known by its folder and name */
	assert_int_equal(outputs_add(&o, "./v.md", err), -1);
	assert_string_equal(err, "-o ./v.md is given twice; expected one file a "
	    "format (-o v.md is the same output)");
	assert_int_equal(outputs_add(&o, "-", err), 0);
	assert_int_equal(outputs_add(&o, "-", err), -1);
	assert_string_equal(err, "-o - is given twice; expected one file a format");
	assert_int_equal(outputs_format(&o, "json", err), 0);
	assert_int_equal(outputs_end(&o, err), -1);
	assert_string_equal(err, "--format json after the last -o has no file; "
	    "expected -o FILE after it (- for standard output)");

	outputs_init(&o, OUTPUTS_MAX, report_format_nth);
	for (i = 0; i < OUTPUTS_MAX; i++) {
		snprintf(names[i], sizeof names[i], "o%d", i);
		assert_int_equal(outputs_add(&o, names[i], err), 0);
	}
	assert_int_equal(outputs_add(&o, "one-more", err), -1);
	assert_string_equal(err, "-o: more than 16 outputs; expected at most 16");

	outputs_init(&o, 1, report_format_nth);
	assert_int_equal(outputs_add(&o, "a", err), 0);
	assert_int_equal(outputs_add(&o, "b", err), -1);
	assert_string_equal(err, "-o is given twice; expected it once");
}

/* Each output is checked against the inputs, labelled as the user named it. */
static void
test_outputs_check_labels(void **state)
{
	struct outputs o;
	struct fileset fs;
	char err[ERRLEN], in[sizeof dir + 16];
	FILE *fp;

	(void)state;
	snprintf(in, sizeof in, "%s", at("in.json"));
	fp = fopen(in, "w");
	assert_non_null(fp);
	fclose(fp);
	outputs_init(&o, OUTPUTS_MAX, report_format_nth);
	assert_int_equal(outputs_add(&o, at("v.txt"), err), 0);
	assert_int_equal(outputs_add(&o, in, err), 0);
	assert_int_equal(outputs_end(&o, err), 0);
	fileset_init(&fs);
	fileset_input(&fs, in, "in.json");
	assert_int_equal(outputs_check(&o, &fs, "the verdict", err), -1);
	assert_non_null(strstr(err, "/in.json names the input in.json; expected "
	    "another file for the verdict"));
	assert_memory_equal(err, "-o /tmp/", 8);
	fileset_free(&fs);
}

/* Files in dir by a temporary name, as an output is written under. */
static size_t
temporaries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		n += strncmp(e->d_name, OUTFILE_TMP_PREFIX,
		    strlen(OUTFILE_TMP_PREFIX)) == 0;
	closedir(d);
	return n;
}

/* Writes the format's name; html cannot be rendered. */
static int
render(FILE *fp, const struct output *out, const void *arg, char *err)
{
	(void)arg;
	if (strcmp(report_format_nth(out->format), "html") == 0)
		return errf(err, "%s: cannot render html", out->path);
	fprintf(fp, "%s\n", report_format_nth(out->format));
	return 0;
}

/*
 * A failed output, at any step, stops none of the others, and leaves
 * nothing behind.
 */
static void
test_outputs_write_each(void **state)
{
	struct outputs o;
	char err[ERRLEN], buf[64];
	struct stat st;
	FILE *fp;
	size_t n;

	(void)state;
	outputs_init(&o, OUTPUTS_MAX, report_format_nth);
	assert_int_equal(outputs_add(&o, at("none/v.txt"), err), 0);
	assert_int_equal(outputs_format(&o, "html", err), 0);
	assert_int_equal(outputs_add(&o, at("v.html"), err), 0);
	assert_int_equal(outputs_format(&o, "junit", err), 0);
	assert_int_equal(outputs_add(&o, at("v.xml"), err), 0);
	assert_int_equal(outputs_end(&o, err), 0);
	assert_int_equal(outputs_write(&o, render, NULL), -1);
	assert_int_equal(stat(at("v.html"), &st), -1);
	fp = fopen(at("v.xml"), "r");
	assert_non_null(fp);
	n = fread(buf, 1, sizeof buf - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	assert_string_equal(buf, "junit\n");
	assert_int_equal(temporaries(), 0);

	outputs_init(&o, OUTPUTS_MAX, report_format_nth);
	assert_int_equal(outputs_add(&o, at("v.txt"), err), 0);
	assert_int_equal(outputs_end(&o, err), 0);
	assert_int_equal(outputs_write(&o, render, NULL), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outputs_pairs),
		cmocka_unit_test(test_outputs_refusals),
		cmocka_unit_test(test_outputs_check_labels),
		cmocka_unit_test(test_outputs_write_each),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
