/* SPDX-License-Identifier: MIT */
/*
 * Output files: whole or absent, links kept, devices written in place,
 * descriptors written through, temporaries of one short recognisable
 * name, and standard output's errors reported.
 */
#include <dirent.h>
#include <fcntl.h>
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
	/* once closed, an abort (as after a failed close) touches nothing */
	outfile_abort(&o);
	assert_int_equal(outfile_open(&o, path, err), 0);
	fputs("new\n", o.fp);
	assert_int_equal(outfile_close(&o, err), 0);
	outfile_abort(&o);
	assert_int_equal(outfile_close(&o, err), 0);
	assert_int_equal(outfile_open(&o, "-", err), 0);
	assert_int_equal(outfile_close(&o, err), 0);
	outfile_abort(&o);
	assert_int_equal(outfile_close(&o, err), 0);
	slurp(path, buf, sizeof buf);
	assert_string_equal(buf, "new\n");
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

/* Files in dir whose name starts with the temporaries' prefix. */
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

/*
 * A name of 255 bytes, the most NAME_MAX allows, is written: the
 * temporary's name is short and fixed whatever the final name's length,
 * in the final name's folder, and starts with the documented prefix.
 */
static void
test_outfile_longest_name(void **state)
{
	char name[256], path[sizeof dir + 300], buf[64], err[ERRLEN];
	struct outfile o;
	int len;

	(void)state;
	for (len = 254; len <= 255; len++) {
		memset(name, 'n', (size_t)len);
		name[len] = '\0';
		snprintf(path, sizeof path, "%s/%s", dir, name);
		assert_int_equal(outfile_open(&o, path, err), 0);
		assert_non_null(o.tmp);
		assert_memory_equal(o.tmp, dir, strlen(dir));
		assert_int_equal(strlen(o.tmp), strlen(dir) + 1 +
		    strlen(OUTFILE_TMP_PREFIX) + 6);
		assert_memory_equal(o.tmp + strlen(dir) + 1, OUTFILE_TMP_PREFIX,
		    strlen(OUTFILE_TMP_PREFIX));
		assert_int_equal(temporaries(), 1);
		fputs("long\n", o.fp);
		assert_int_equal(outfile_close(&o, err), 0);
		slurp(path, buf, sizeof buf);
		assert_string_equal(buf, "long\n");
		assert_int_equal(temporaries(), 0);
		assert_int_equal(unlink(path), 0);
	}
}

/* fd opened on dir/name with flags, holding "kept\n"; returns the fd. */
static int
open_kept(const char *name, int flags, char *path, size_t len)
{
	int fd;

	snprintf(path, len, "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "kept\n", 5), 5);
	close(fd);
	fd = open(path, flags);
	assert_true(fd >= 3);
	if (!(flags & O_APPEND))
		assert_int_equal(lseek(fd, 5, SEEK_SET), 5);
	return fd;
}

/*
 * A name that reaches one of our descriptors (as `-o /dev/stdout >>
 * summary.md` does) is written through it where the shell left it: what
 * `>>` kept stays, the file is not replaced (same inode), nothing is
 * truncated, and no temporary is made.  /dev/fd/N, /proc/self/fd/N and
 * a link to one alike.
 */
static void
test_outfile_descriptor_written_in_place(void **state)
{
	char path[sizeof dir + 32], name[64], link[sizeof dir + 32], buf[64],
	    err[ERRLEN];
	struct stat before, after;
	struct outfile o;
	size_t i;
	int fd;

	(void)state;
	for (i = 0; i < 3; i++) {
		fd = open_kept("summary.md", i == 1 ? O_WRONLY : O_WRONLY | O_APPEND,
		    path, sizeof path);
		assert_int_equal(fstat(fd, &before), 0);
		if (i == 1)
			snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
		else
			snprintf(name, sizeof name, "/dev/fd/%d", fd);
		if (i == 2) {
			snprintf(link, sizeof link, "%s/link", dir);
			assert_int_equal(symlink(name, link), 0);
			snprintf(name, sizeof name, "%s", link);
		}
		assert_int_equal(outfile_open(&o, name, err), 0);
		assert_null(o.tmp);
		assert_int_equal(temporaries(), 0);
		fputs("verdict\n", o.fp);
		assert_int_equal(outfile_close(&o, err), 0);
		slurp(path, buf, sizeof buf);
		assert_string_equal(buf, "kept\nverdict\n");
		assert_int_equal(stat(path, &after), 0);
		assert_int_equal(after.st_ino, before.st_ino);
		/* the descriptor is still the caller's, at the end of what was written */
		assert_int_equal(lseek(fd, 0, SEEK_CUR), 13);
		assert_int_equal(close(fd), 0);
		if (i == 2)
			assert_int_equal(unlink(link), 0);
		assert_int_equal(unlink(path), 0);
	}
}

/* A descriptor that is not open, or open for reading only, is refused. */
static void
test_outfile_descriptor_refused(void **state)
{
	char path[sizeof dir + 32], name[64], err[ERRLEN];
	struct outfile o;
	int fd;

	(void)state;
	fd = open_kept("read-only", O_RDONLY, path, sizeof path);
	snprintf(name, sizeof name, "/dev/fd/%d", fd);
	assert_int_equal(outfile_open(&o, name, err), -1);
	assert_non_null(strstr(err, "is open for reading only; expected one open "
	    "for writing"));
	assert_int_equal(close(fd), 0);
	assert_int_equal(outfile_open(&o, name, err), -1);
	assert_non_null(strstr(err, "is not open; expected one the shell opened"));
	assert_int_equal(unlink(path), 0);
	assert_int_equal(outfile_open(&o, "", err), -1);
	assert_string_equal(err, "-o: the name is empty; expected a file to write");
}

/*
 * With later set, close renames the file into place whole and notes it
 * instead of syncing; outfile_later_sync syncs what is noted, passes
 * over a file removed since, and empties the list.
 */
static void
test_outfile_later(void **state)
{
	struct outfile_later later = { NULL, 0, 0 };
	char a[512], b[512], buf[64], err[ERRLEN];
	struct outfile o;

	(void)state;
	snprintf(a, sizeof a, "%s/later-a.txt", dir);
	snprintf(b, sizeof b, "%s/later-b.txt", dir);
	assert_int_equal(outfile_open(&o, a, err), 0);
	o.later = &later;
	fputs("a\n", o.fp);
	assert_int_equal(outfile_close(&o, err), 0);
	assert_int_equal(outfile_open(&o, b, err), 0);
	o.later = &later;
	fputs("b\n", o.fp);
	assert_int_equal(outfile_close(&o, err), 0);
	assert_int_equal(later.n, 2);
	assert_string_equal(later.path[0], a);
	slurp(a, buf, sizeof buf);
	assert_string_equal(buf, "a\n");
	assert_int_equal(unlink(b), 0);
	assert_int_equal(outfile_later_sync(&later, err), 0);
	assert_int_equal(later.n, 0);
	assert_null(later.path);
	/* an output that is aborted is not noted */
	assert_int_equal(outfile_open(&o, b, err), 0);
	o.later = &later;
	outfile_abort(&o);
	assert_int_equal(later.n, 0);
	assert_int_equal(unlink(a), 0);
	outfile_later_free(&later);
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
		cmocka_unit_test(test_outfile_longest_name),
		cmocka_unit_test(test_outfile_descriptor_written_in_place),
		cmocka_unit_test(test_outfile_descriptor_refused),
		cmocka_unit_test(test_outfile_later),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
