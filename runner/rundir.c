/* SPDX-License-Identifier: MIT */
/* Run directories, removed by lib/tree.h's walk, which never enters a mount. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/tree.h"
#include "runner/rundir.h"

int
rundir_remove(struct rundir *d, char *err)
{
	int rc;

	if (d->path == NULL)
		return 0;
	rc = tree_remove(d->path, err);
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
	free(d->path);
	d->path = NULL;
	return rc;
}

/* A run directory's pid, or 0; read from the right, as NAME may hold dots. */
static long
parse_name(const char *name)
{
	static const char *const prefixes[] = { RUNDIR_RUN, RUNDIR_BENCH };
	const char *end = name + strlen(name), *p;
	size_t i, n;

	for (i = 0; i < 2; i++)
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			break;
	if (i == 2 || end - name < 9 || end[-7] != '.')
		return 0;
	for (p = end - 8; p > name && *p >= '0' && *p <= '9'; p--)
		;
	n = (size_t)(end - 8 - p);
	if (*p != '.' || n == 0 || n > 9 || p[1] == '0' ||
	    p < name + strlen(prefixes[i]) + 1)
		return 0;
	return strtol(p + 1, NULL, 10);
}

void
rundir_sweep(const char *dir)
{
	struct dirent *e;
	struct stat st;
	char path[PATH_MAX], why[ERRLEN];
	DIR *dp;
	long pid;
	int fd;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		if ((pid = parse_name(e->d_name)) == 0 || (pid_t)pid == getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if ((fd = openat(dirfd(dp), e->d_name, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC)) < 0)
			continue;
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) <
		    sizeof path && fstat(fd, &st) == 0 && st.st_uid == geteuid() &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0) {
			const char *tool = strncmp(e->d_name, RUNDIR_RUN,
			    strlen(RUNDIR_RUN)) == 0 ? "syncgate run" : "syncgate-bench";

			if (tree_remove(path, why) == 0)
				err_warn("removed %s, left by %s process %ld, which is gone",
				    path, tool, pid);
			else
				err_warn("%s (left by %s process %ld, which is gone)", why,
				    tool, pid);
		}
		close(fd);
	}
	closedir(dp);
}

int
rundir_make(struct rundir *d, const char *dir, const char *prefix,
    const char *name, char *err)
{
	d->fd = -1;
	rundir_sweep(dir);
	d->path = xasprintf("%s/%s%s.%ld.XXXXXX", dir, prefix, name,
	    (long)getpid());
	if (strlen(d->path) >= PATH_MAX || mkdtemp(d->path) == NULL) {
		errf(err, "--dir %s: cannot make the run's directory there:", dir);
		free(d->path);
		d->path = NULL;
		return -1;
	}
	/* held while in use: a sweep by another run never takes it for a leftover */
	d->fd = open(d->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (d->fd >= 0)
		flock(d->fd, LOCK_SH);
	return 0;
}
