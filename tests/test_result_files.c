/* SPDX-License-Identifier: MIT */
/*
 * A run's result written (model/result_files.c), as syncgate-bench and syncgate
 * run both write it: classes past what syncgate reads inline go to
 * samples files, so that what was written is what loads back, a loaded
 * result's held samples as well as a driver's own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/err.h"
#include "lib/outfile.h"
#include "model/result.h"
#include "model/result_files.h"
#include "model/samples.h"

/* Past the budget, the largest classes go to files; under it, none. */
static void
test_emit_plan(void **state)
{
	size_t n[3] = { 50, 80, 10 };
	int tofile[3];

	(void)state;
	result_files_plan(n, 3, 1000, 140, tofile);
	assert_int_equal(tofile[0], 0);
	assert_int_equal(tofile[1], 0);
	result_files_plan(n, 3, 1000, 100, tofile);
	assert_int_equal(tofile[1], 1);
	assert_int_equal(tofile[0] + tofile[2], 0);
	result_files_plan(n, 3, 20, 1000, tofile);
	assert_true(tofile[0] && tofile[1] && !tofile[2]);
}

/*
 * A loaded result (a command's own, --import result) written back with
 * a budget its samples pass: the class goes to a file, and the result
 * loads back with every sample, where inline it would not load.
 */
static void
test_emit_loaded_result(void **state)
{
	char dir[] = "/tmp/syncgate-emit.XXXXXX", *path, *file, err[ERRLEN];
	struct result r, back;
	struct outfile out;
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(result_load("fixtures/gate/samples-intervals/ours.json", &r, err), 0);
	for (i = 0; i < r.nclasses && r.classes[i].nsamples == 0; i++)
		;
	assert_true(i < r.nclasses);
	path = xasprintf("%s/r.json", dir);
	assert_int_equal(outfile_open(&out, path, err), 0);
	assert_int_equal(result_write_files(&out, &r, 1000000000, r.classes[i].nsamples - 1,
	    err), 0);
	assert_int_equal(result_load(path, &back, err), 0);
	assert_int_equal(back.classes[i].nsamples, r.classes[i].nsamples);
	assert_non_null(back.classes[i].samples_path);
	file = xstrdup(back.classes[i].samples_path);
	result_free(&back);
	result_free(&r);
	unlink(file);
	unlink(path);
	rmdir(dir);
	free(file);
	free(path);
}

/* A minimal result of one read class, its samples x[0..n) inline, to path. */
static void
write_result(const char *path, const char *x[], size_t n)
{
	FILE *fp = fopen(path, "w");
	size_t i;

	assert_non_null(fp);
	fputs("{\"format\": \"syncgate-result/1\", \"engine\": \"e\", "
	    "\"classes\": [{\"name\": \"get\", \"kind\": \"read\", "
	    "\"samples_ns\": [", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%s", i ? ", " : "", x[i]);
	fputs("]}]}\n", fp);
	assert_int_equal(fclose(fp), 0);
}

/*
 * Latencies written to a samples file read back as they were, in their
 * order (the gate reads stretches of like latencies from it): whole
 * nanoseconds of every width up to a day, and fractions in their
 * shortest exact digits, never rounded to a whole number.
 */
static void
test_emit_samples_exact(void **state)
{
	const char *x[] = { "120", "1", "4096775", "9", "1234.5", "10",
	    "86400000000000", "7650000.25", "1.5", "86399999999999.5" };
	const double want[] = { 120, 1, 4096775, 9, 1234.5, 10, 86400000000000,
	    7650000.25, 1.5, 86399999999999.5 };
	char dir[] = "/tmp/syncgate-exact.XXXXXX", *src, *path, err[ERRLEN];
	struct result r, back;
	struct outfile out;
	size_t i, n = sizeof want / sizeof want[0];

	(void)state;
	assert_non_null(mkdtemp(dir));
	src = xasprintf("%s/src.json", dir);
	path = xasprintf("%s/r.json", dir);
	write_result(src, x, n);
	if (result_load(src, &r, err) < 0)
		fail_msg("%s", err);
	assert_int_equal(outfile_open(&out, path, err), 0);
	assert_int_equal(result_write_files(&out, &r, 0, 1000, err), 0);
	assert_int_equal(result_load(path, &back, err), 0);
	assert_non_null(back.classes[0].samples_path);
	assert_int_equal(back.classes[0].nsamples, n);
	for (i = 0; i < n; i++)
		assert_true(samples_value(&back.classes[0].held, i) == want[i]);
	unlink(back.classes[0].samples_path);
	result_free(&back);
	result_free(&r);
	unlink(src);
	unlink(path);
	rmdir(dir);
	free(src);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_emit_plan),
		cmocka_unit_test(test_emit_loaded_result),
		cmocka_unit_test(test_emit_samples_exact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
