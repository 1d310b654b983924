/* SPDX-License-Identifier: MIT */
/*
 * Output files: whole or absent, links kept, devices written in place,
 * and standard output's errors reported.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/outfile.h"
#include "tests/testutil.h"

static char dir[] = "/tmp/syncgate-outfile.XXXXXX";

static size_t
entries(void)
{
	char cmd[256];
	FILE *p;
	size_t n = 0;
	int c;

	snprintf(cmd, sizeof cmd, "ls -A '%s'", dir);
	p = popen(cmd, "r");
	while ((c = fgetc(p)) != EOF)
		n += c == '\n';
	pclose(p);
	return n;
}

static void
slurp(const char *path, char *buf, size_t len)
{
	FILE *fp = fopen(path, "r");
	size_t n;

	assert_non_null(fp);
	n = fread(buf, 1, len - 1, fp);
	buf[n] = '\0';
	fclose(fp);
}

static void
test_outfile_replaces_whole(void **state)
{
	char path[512], buf[64], err[ERRLEN];
	struct outfile o;
	FILE *fp;

	(void)state;
	snprintf(path, sizeof path, "%s/out.txt", dir);
	fp = fopen(path, "w");
	fputs("old\n", fp);
	fclose(fp);
	assert_int_equal(outfile_open(&o, path, err), 0);
	fputs("new\n", o.fp);
	/* until closed, the old content is what a reader sees */
	slurp(path, buf, sizeof buf);
	assert_string_equal(buf, "old\n");
	assert_int_equal(outfile_close(&o, err), 0);
	slurp(path, buf, sizeof buf);
	assert_string_equal(buf, "new\n");
	assert_int_equal(entries(), 1);
}

/* A replaced file keeps its mode: a private file stays private. */
static void
test_outfile_keeps_mode(void **state)
{
	char path[512], err[ERRLEN];
	struct outfile o;
	struct stat st;
	FILE *fp;

	(void)state;
	snprintf(path, sizeof path, "%s/private.txt", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fclose(fp);
	assert_int_equal(chmod(path, 0600), 0);
	assert_int_equal(outfile_open(&o, path, err), 0);
	fputs("secret\n", o.fp);
	assert_int_equal(outfile_close(&o, err), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(chmod(path, 0640), 0);
	assert_int_equal(outfile_open(&o, path, err), 0);
	assert_int_equal(outfile_close(&o, err), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(unlink(path), 0);
}

/* A bare name is written beside the working directory's other files. */
static void
test_outfile_bare_name_in_cwd(void **state)
{
	char buf[64], err[ERRLEN], *cwd = getcwd(NULL, 0);
	size_t before = entries();
	struct outfile o;

	(void)state;
	assert_non_null(cwd);
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(outfile_open(&o, "bare.txt", err), 0);
	fputs("bare\n", o.fp);
	assert_int_equal(outfile_close(&o, err), 0);
	slurp("bare.txt", buf, sizeof buf);
	assert_string_equal(buf, "bare\n");
	assert_int_equal(unlink("bare.txt"), 0);
	assert_int_equal(entries(), before);
	assert_int_equal(chdir(cwd), 0);
	free(cwd);
}

static void
test_outfile_abort_leaves_old(void **state)
{
	char path[512], buf[64], err[ERRLEN];
	struct outfile o;

	(void)state;
	snprintf(path, sizeof path, "%s/out.txt", dir);
	assert_int_equal(outfile_open(&o, path, err), 0);
	fputs("half", o.fp);
	outfile_abort(&o);
	slurp(path, buf, sizeof buf);
	assert_string_equal(buf, "new\n");
	assert_int_equal(entries(), 1);
}

static void
test_outfile_follows_symlink(void **state)
{
	char path[512], link[512], buf[64], err[ERRLEN];
	struct outfile o;
	struct stat st;

	(void)state;
	snprintf(path, sizeof path, "%s/out.txt", dir);
	snprintf(link, sizeof link, "%s/link.txt", dir);
	assert_int_equal(symlink("out.txt", link), 0);
	assert_int_equal(outfile_open(&o, link, err), 0);
	fputs("via link\n", o.fp);
	assert_int_equal(outfile_close(&o, err), 0);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	slurp(path, buf, sizeof buf);
	assert_string_equal(buf, "via link\n");
}

static void
test_outfile_device_in_place(void **state)
{
	char err[ERRLEN];
	struct outfile o;
	struct stat st;

	(void)state;
	assert_int_equal(outfile_open(&o, "/dev/null", err), 0);
	fputs("gone\n", o.fp);
	assert_int_equal(outfile_close(&o, err), 0);
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
}

static void
test_outfile_full_disk_is_error(void **state)
{
	char err[ERRLEN];
	struct outfile o;
	int i;

	(void)state;
	if (access("/dev/full", W_OK) != 0)
		skip();
	assert_int_equal(outfile_open(&o, "/dev/full", err), 0);
	for (i = 0; i < 10000; i++)
		fputs("a line that cannot land anywhere\n", o.fp);
	assert_int_equal(outfile_close(&o, err), -1);
	assert_non_null(strstr(err, "/dev/full: No space left on device"));
}

static void
test_outfile_directory_refused(void **state)
{
	char err[ERRLEN];
	struct outfile o;

	(void)state;
	assert_int_equal(outfile_open(&o, dir, err), -1);
	assert_non_null(strstr(err, "is a directory"));
}

/* A stream that could not be written is trouble once flushed; one that was, not. */
static void
test_outfile_shut_checks_the_stream(void **state)
{
	char path[sizeof dir + 16];
	FILE *fp;

	(void)state;
	snprintf(path, sizeof path, "%s/shut", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs("usage\n", fp);
	assert_int_equal(outfile_shut(fp, path), EXIT_PASS);
	fclose(fp);
	if (access("/dev/full", W_OK) != 0)
		skip();
	fp = fopen("/dev/full", "w");
	assert_non_null(fp);
	fputs("usage\n", fp);
	assert_int_equal(outfile_shut(fp, "/dev/full"), EXIT_TROUBLE);
	fclose(fp);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outfile_replaces_whole),
		cmocka_unit_test(test_outfile_keeps_mode),
		cmocka_unit_test(test_outfile_bare_name_in_cwd),
		cmocka_unit_test(test_outfile_abort_leaves_old),
		cmocka_unit_test(test_outfile_follows_symlink),
		cmocka_unit_test(test_outfile_device_in_place),
		cmocka_unit_test(test_outfile_full_disk_is_error),
		cmocka_unit_test(test_outfile_directory_refused),
		cmocka_unit_test(test_outfile_shut_checks_the_stream),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
