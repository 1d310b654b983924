/* SPDX-License-Identifier: MIT */
/*
 * The run directory (runner/rundir.c, lib/tree.c): removed whole, links not
 * followed, never into a mount a command left inside it (a bind mount of
 * the same filesystem included), gone already or unreadable inside
 * without failing, and a dead run's leftover swept.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/mount.h>
#endif

#include <cmocka.h>

#include "lib/err.h"
#include "lib/tree.h"
#include "runner/rundir.h"

static char top[] = "/tmp/syncgate-rundir.XXXXXX";

static int
setup(void **state)
{
	(void)state;
	return mkdtemp(top) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	char err[ERRLEN];

	(void)state;
	return tree_remove(top, err);
}

static void
touch(const char *dir, const char *name)
{
	char path[512];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	close(fd);
}

static int
exists(const char *dir, const char *name)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return lstat(path, &st) == 0;
}

/* A folder d of top for one test: top/name, made. */
static char *
sub(const char *name)
{
	char *d = xasprintf("%s/%s", top, name);

	assert_int_equal(mkdir(d, 0755), 0);
	return d;
}

/* Folders and files go; a link goes, what it names stays. */
static void
test_rundir_removes_tree(void **state)
{
	char *d = sub("tree"), *keep = sub("keep"), *link, err[ERRLEN], b[512];

	(void)state;
	touch(keep, "precious");
	touch(d, "a");
	snprintf(b, sizeof b, "%s/b", d);
	assert_int_equal(mkdir(b, 0755), 0);
	touch(d, "b/c");
	link = xasprintf("%s/b/link", d);
	assert_int_equal(symlink(keep, link), 0);
	assert_int_equal(tree_remove(d, err), 0);
	assert_false(exists(top, "tree"));
	assert_true(exists(keep, "precious"));
	free(link);
	free(d);
	free(keep);
}

/* A run's directory the command removed itself is removed: no error. */
static void
test_rundir_gone(void **state)
{
	char *d = xasprintf("%s/gone", top), err[ERRLEN];

	(void)state;
	assert_int_equal(tree_remove(d, err), 0);
	free(d);
}

/*
 * A folder the command left unreadable is the run's, and goes: as root
 * it is read anyway, so the removal runs as another user there.
 */
static void
test_rundir_unreadable(void **state)
{
	char *d = sub("locked"), *in = xasprintf("%s/in", d), err[ERRLEN];
	int st;
	pid_t pid;

	(void)state;
	assert_int_equal(mkdir(in, 0755), 0);
	touch(in, "f");
	assert_int_equal(chmod(in, 0), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int rc = 3;

		if (geteuid() != 0 || (chown(top, 65534, 65534) == 0 &&
		    chown(d, 65534, 65534) == 0 && chown(in, 65534, 65534) == 0 &&
		    setgid(65534) == 0 && setuid(65534) == 0))
			rc = tree_remove(d, err) == 0 ? 0 : 1;
		free(in);
		free(d);
		_exit(rc);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	if (geteuid() == 0)
		assert_int_equal(chown(top, 0, 0), 0);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_false(exists(top, "locked"));
	free(in);
	free(d);
}

/*
 * A mount a command left in its directory, a bind mount of a folder on
 * the same filesystem (the same device: FTW_MOUNT would not see it): what
 * is on it stays, and so do the folders above it, said.
 */
static void
test_rundir_never_crosses_mount(void **state)
{
#ifdef __linux__
	char *d = sub("mounted"), *data = sub("data"), *at, err[ERRLEN], deep[512];

	(void)state;
	touch(data, "dataset");
	at = xasprintf("%s/deep/m", d);
	snprintf(deep, sizeof deep, "%s/deep", d);
	assert_int_equal(mkdir(deep, 0755), 0);
	assert_int_equal(mkdir(at, 0755), 0);
	touch(d, "deep/other");
	if (mount(data, at, "none", MS_BIND, NULL) < 0) {
		free(at);
		free(d);
		free(data);
		skip();
	}
	assert_int_equal(tree_remove(d, err), -1);
	assert_non_null(strstr(err, "a mount, left as it is"));
	assert_true(exists(data, "dataset"));
	assert_true(exists(at, "dataset"));
	assert_false(exists(d, "deep/other"));
	assert_int_equal(umount(at), 0);
	assert_int_equal(tree_remove(d, err), 0);
	free(at);
	free(d);
	free(data);
#else
	(void)state;
	skip();
#endif
}

/* A dead run's directory of either tool is swept, a live one's kept. */
static void
test_rundir_sweep(void **state)
{
	char *d = sub("sweep"), *dead_dir, *live_dir;
	pid_t dead = fork();

	(void)state;
	assert_true(dead >= 0);
	if (dead == 0) {
		free(d);
		_exit(0);
	}
	assert_int_equal(waitpid(dead, NULL, 0), dead);
	dead_dir = xasprintf("%s/" RUNDIR_RUN "my.engine.%ld.abcdef", d, (long)dead);
	live_dir = xasprintf("%s/" RUNDIR_BENCH "lmdb.%ld.abcdef", d, (long)getppid());
	assert_int_equal(mkdir(dead_dir, 0700), 0);
	assert_int_equal(mkdir(live_dir, 0700), 0);
	touch(dead_dir, "db");
	rundir_sweep(d);
	assert_int_equal(access(dead_dir, F_OK), -1);
	assert_int_equal(access(live_dir, F_OK), 0);
	free(dead_dir);
	free(live_dir);
	free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rundir_removes_tree),
		cmocka_unit_test(test_rundir_gone),
		cmocka_unit_test(test_rundir_unreadable),
		cmocka_unit_test(test_rundir_never_crosses_mount),
		cmocka_unit_test(test_rundir_sweep),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
