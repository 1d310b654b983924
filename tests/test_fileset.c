/* SPDX-License-Identifier: MIT */
/*
 * The set of a command's inputs and outputs: an output naming an input or
 * another output, by any name (a link, "./x", a file yet to be made), is
 * refused before anything is written.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/fileset.h"
#include "model/result.h"
#include "tests/testutil.h"

static char dir[] = "/tmp/syncgate-fileset.XXXXXX";

/* dir/name, into buf. */
static const char *
at(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
	return buf;
}

static void
write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

/* Whether output path is refused by s, with part in the message. */
static void
refused(struct fileset *s, const char *path, const char *part)
{
	char err[ERRLEN];

	err[0] = '\0';
	assert_int_equal(fileset_output(s, path, "-o X", "the verdict", err), -1);
	if (strstr(err, part) == NULL)
		fail_msg("\"%s\" lacks \"%s\"", err, part);
}

static void
accepted(struct fileset *s, const char *path)
{
	char err[ERRLEN];

	if (fileset_output(s, path, "-o X", "the verdict", err) != 0)
		fail_msg("%s refused: %s", path != NULL ? path : "-", err);
}

static void
test_fileset_output_naming_input_refused(void **state)
{
	char in[512], hard[512], soft[512], other[512];
	struct fileset s;

	(void)state;
	write_file(at(in, sizeof in, "in.json"), "{}\n");
	assert_int_equal(link(in, at(hard, sizeof hard, "hard.json")), 0);
	assert_int_equal(symlink("in.json", at(soft, sizeof soft, "soft.json")), 0);
	fileset_init(&s);
	fileset_input(&s, in, "ours.json");
	refused(&s, in, "-o X names the input ours.json; expected another file for "
	    "the verdict");
	refused(&s, hard, "names the input ours.json");
	refused(&s, soft, "names the input ours.json");
	accepted(&s, at(other, sizeof other, "other.json"));
	fileset_free(&s);
	write_file(in, "{}\n");         /* the input is untouched by the checks */
}

static void
test_fileset_outputs_one_file_refused(void **state)
{
	char a[512], b[512], link_new[512];
	struct fileset s;

	(void)state;
	fileset_init(&s);
	accepted(&s, at(a, sizeof a, "new.txt"));
	/* a file yet to be made, by another name of its folder */
	refused(&s, at(b, sizeof b, "./new.txt"), "-o X names the same file as -o X");
	/* a dangling link creates the file it names */
	assert_int_equal(symlink("new.txt", at(link_new, sizeof link_new,
	    "dangling")), 0);
	refused(&s, link_new, "names the same file");
	accepted(&s, at(b, sizeof b, "new2.txt"));
	accepted(&s, NULL);
	refused(&s, "-", "names the same file");
	fileset_free(&s);
	assert_int_equal(fileset_same_output("-", NULL), 1);
	assert_int_equal(fileset_same_output(a, b), 0);
	assert_int_equal(fileset_same_output("/dev/null", "/dev/null"), 0);
}

static void
test_fileset_output_directory_or_missing_folder_refused(void **state)
{
	char d[512], p[512];
	struct fileset s;

	(void)state;
	fileset_init(&s);
	refused(&s, dir, "-o X: is a directory; expected a file to write");
	refused(&s, at(p, sizeof p, "no/such/v.txt"), "-o X: its folder");
	refused(&s, at(p, sizeof p, "no/such/v.txt"), "No such file or directory");
	write_file(at(d, sizeof d, "plain"), "x\n");
	refused(&s, at(p, sizeof p, "plain/v.txt"), "-o X:");
	assert_int_equal(s.n, 0);
	fileset_free(&s);
}

static void
test_fileset_devices_and_non_regular_inputs_ignored(void **state)
{
	struct fileset s;

	(void)state;
	fileset_init(&s);
	fileset_input(&s, "/dev/null", NULL);
	fileset_input(&s, "/no/such/file", NULL);
	fileset_input(&s, NULL, NULL);
	assert_int_equal(s.n, 0);
	accepted(&s, "/dev/null");
	accepted(&s, "/dev/null");
	fileset_free(&s);
}

/* Standard output redirected into an input (`>> ours.json`) is refused too. */
static void
test_fileset_stdout_into_input_refused(void **state)
{
	char in[512], err[ERRLEN];
	struct fileset s;
	int saved, fd, rc;

	(void)state;
	write_file(at(in, sizeof in, "appended.json"), "{}\n");
	fileset_init(&s);
	fileset_input(&s, in, NULL);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	fd = open(in, O_WRONLY | O_APPEND);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	rc = fileset_output(&s, NULL, "standard output", "the verdict", err);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err, "standard output names the input"));
	fileset_free(&s);
}

/*
 * A result reached through a link reads its samples beside the file the
 * link names; that file, not the one beside the link, is an input.
 */
static void
test_fileset_result_samples_through_link(void **state)
{
	char real[512], other[512], path[512], err[ERRLEN];
	struct fileset s;
	struct result r;

	(void)state;
	assert_int_equal(mkdir(at(real, sizeof real, "real"), 0700), 0);
	assert_int_equal(mkdir(at(other, sizeof other, "other"), 0700), 0);
	write_file(at(path, sizeof path, "real/s.txt"), "100\n200\n");
	write_file(at(path, sizeof path, "other/s.txt"), "unrelated\n");
	write_file(at(path, sizeof path, "real/r.json"),
	    "{\"format\": \"syncgate-result/1\", \"engine\": \"e\", \"classes\": "
	    "[{\"name\": \"w\", \"kind\": \"write\", \"samples_file\": \"s.txt\"}, "
	    "{\"name\": \"r\", \"kind\": \"read\", \"p50_ns\": 5, \"p99_ns\": 9}]}\n");
	assert_int_equal(symlink("../real/r.json", at(path, sizeof path,
	    "other/r.json")), 0);
	if (result_load(path, &r, err) < 0)
		fail_msg("%s", err);
	assert_non_null(r.classes[0].samples_path);
	assert_null(r.classes[1].samples_path);
	assert_non_null(strstr(r.classes[0].samples_path, "/real/s.txt"));
	fileset_init(&s);
	fileset_result(&s, &r);
	assert_int_equal(s.n, 2);
	refused(&s, at(path, sizeof path, "real/s.txt"), "names the input ");
	refused(&s, at(path, sizeof path, "real/s.txt"), "r.json's samples_file ");
	refused(&s, at(path, sizeof path, "real/r.json"), "names the input ");
	accepted(&s, at(path, sizeof path, "other/s.txt"));
	fileset_free(&s);
	result_free(&r);
}

/*
 * Outputs that reach one destination are one output: standard output
 * and /dev/stdout, a descriptor and the file it is open on, a descriptor
 * and its dup (one pipe: they would run together), a FIFO named twice.
 * The null device takes any number.
 */
static void
test_fileset_descriptors_one_output(void **state)
{
	char file[512], fifo[512], name[64], other[64];
	struct fileset s;
	int fd, p[2], saved;

	(void)state;
	write_file(at(file, sizeof file, "summary.md"), "kept\n");
	fd = open(file, O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
	assert_int_equal(fileset_same_output(name, file), 1);
	assert_int_equal(fileset_same_output(file, name), 1);
	snprintf(other, sizeof other, "/dev/fd/%d", fd);
	assert_int_equal(fileset_same_output(name, other), 1);
	close(fd);
	assert_int_equal(pipe(p), 0);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	assert_true(saved >= 0);
	dup2(p[1], STDOUT_FILENO);
	snprintf(name, sizeof name, "/dev/fd/%d", p[1]);
	fileset_init(&s);
	accepted(&s, "-");
	refused(&s, "/dev/stdout", "names the same file as -o X");
	refused(&s, name, "names the same file as -o X");
	accepted(&s, "/dev/null");
	accepted(&s, "/dev/null");
	fileset_free(&s);
	assert_int_equal(fileset_same_output("-", "/dev/stdout"), 1);
	assert_int_equal(fileset_same_output("-", "/proc/self/fd/1"), 1);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(p[0]);
	close(p[1]);
	assert_int_equal(mkfifo(at(fifo, sizeof fifo, "fifo"), 0600), 0);
	assert_int_equal(fileset_same_output(fifo, fifo), 1);
	assert_int_equal(fileset_same_output("/dev/null", "/dev/null"), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fileset_output_naming_input_refused),
		cmocka_unit_test(test_fileset_outputs_one_file_refused),
		cmocka_unit_test(test_fileset_output_directory_or_missing_folder_refused),
		cmocka_unit_test(test_fileset_devices_and_non_regular_inputs_ignored),
		cmocka_unit_test(test_fileset_stdout_into_input_refused),
		cmocka_unit_test(test_fileset_result_samples_through_link),
		cmocka_unit_test(test_fileset_descriptors_one_output),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
