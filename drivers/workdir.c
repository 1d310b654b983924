/* SPDX-License-Identifier: MIT */
/*
 * The scratch directory the engine's files live in,
 * DIR/syncgate-bench.ENGINE.PID.XXXXXX, held with a shared flock for as
 * long as it is in use.  The signal handler removes the files it knows
 * the engine makes, then the directory, then hands the signal on to
 * syncgate's own handler (lib/cleanup.c: the -o temporary and the
 * probe's file), which re-raises it.  Every call in the handler is
 * async-signal-safe.  What no handler sees (SIGKILL, the OOM killer)
 * leaves the directory; the next run in DIR removes it once its process
 * is gone and no one holds it.
 */
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

#include "drivers/drivers.h"
#include "lib/cleanup.h"
#include "lib/err.h"

#define MAXFILES 8

static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
#define NSIGS (sizeof sigs / sizeof sigs[0])

static char dir_path[PATH_MAX];
static char file_paths[MAXFILES][PATH_MAX];
static volatile sig_atomic_t live;
static struct sigaction previous[NSIGS];
static int installed;

/* a/b into dst of PATH_MAX bytes; -1 when it does not fit. */
static int
join(char *dst, const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);

	if (na + 1 + nb + 1 > PATH_MAX)
		return -1;
	memcpy(dst, a, na);
	dst[na] = '/';
	memcpy(dst + na + 1, b, nb + 1);
	return 0;
}

static void
on_signal(int sig)
{
	size_t i;

	if (live) {
		for (i = 0; i < MAXFILES; i++)
			if (file_paths[i][0] != '\0')
				unlink(file_paths[i]);
		rmdir(dir_path);
	}
	for (i = 0; i < NSIGS; i++) {
		if (sigs[i] != sig)
			continue;
		/* all signals are blocked here, so a re-raise waits for our return */
		if (previous[i].sa_handler != SIG_DFL && previous[i].sa_handler != SIG_IGN)
			previous[i].sa_handler(sig);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
install(void)
{
	struct sigaction sa;
	size_t i;

	if (installed)
		return;
	installed = 1;
	cleanup_install();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < NSIGS; i++) {
		if (sigaction(sigs[i], NULL, &previous[i]) < 0)
			continue;
		/* a signal the parent ignores (nohup) stays ignored */
		if (previous[i].sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

/*
 * The engine and pid a name of the pattern gives, or NULL: the prefix,
 * a known engine, a pid in digits, and mkdtemp's six characters.
 */
static const struct engine_ops *
parse_name(const char *name, long *pid)
{
	static const char prefix[] = WORKDIR_PREFIX;
	const struct engine_ops *e;
	const char *p = name + sizeof prefix - 1, *dot;
	char engine[16], *end;

	if (strncmp(name, prefix, sizeof prefix - 1) != 0 ||
	    (dot = strchr(p, '.')) == NULL || (size_t)(dot - p) >= sizeof engine)
		return NULL;
	memcpy(engine, p, (size_t)(dot - p));
	engine[dot - p] = '\0';
	if ((e = bench_engine_named(engine)) == NULL || dot[1] < '1' ||
	    dot[1] > '9')
		return NULL;
	errno = 0;
	*pid = strtol(dot + 1, &end, 10);
	if (errno != 0 || *pid <= 0 || *end != '.' || strlen(end + 1) != 6)
		return NULL;
	return e;
}

/*
 * Removes the engine's files (and a probe's scratch file a death left
 * before its unlink) from the stale directory fd names as name in dir,
 * then the directory.  Anything else in it keeps it, said so.
 */
static void
remove_stale(int dirfd, const char *dir, const char *name, int fd,
    const struct engine_ops *e, long pid)
{
	struct dirent *d;
	DIR *dp;
	size_t i;
	int dfd = dup(fd);

	if (dfd < 0 || (dp = fdopendir(dfd)) == NULL) {
		if (dfd >= 0)
			close(dfd);
		return;
	}
	while ((d = readdir(dp)) != NULL) {
		for (i = 0; e->files[i] != NULL; i++)
			if (strcmp(d->d_name, e->files[i]) == 0)
				break;
		if (e->files[i] != NULL ||
		    strncmp(d->d_name, ".syncgate-probe.", 16) == 0)
			unlinkat(fd, d->d_name, 0);
	}
	closedir(dp);
	if (unlinkat(dirfd, name, AT_REMOVEDIR) == 0)
		err_warn("removed %s/%s, left by syncgate-bench process %ld, which "
		    "is gone", dir, name, pid);
	else
		err_warn("%s/%s: left by syncgate-bench process %ld, which is gone, "
		    "but holds files it did not make (%s); left as it is", dir,
		    name, pid, strerror(errno));
}

/*
 * A directory of the pattern in dir whose process is gone (no such pid
 * here) and that no one holds (an exclusive flock is granted) is a
 * death's leftover: removed, and said so.  A pid still alive, even
 * another program's, or a lock held (a run on another machine sharing
 * the folder) leaves it alone, and so does any doubt.
 */
static void
sweep(const char *dir)
{
	const struct engine_ops *e;
	struct dirent *d;
	struct stat st;
	DIR *dp;
	long pid;
	int fd;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL) {
		if ((e = parse_name(d->d_name, &pid)) == NULL ||
		    (pid_t)pid == getpid() || kill((pid_t)pid, 0) == 0 ||
		    errno != ESRCH)
			continue;
		fd = openat(dirfd(dp), d->d_name, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && st.st_uid == geteuid() &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0)
			remove_stale(dirfd(dp), dir, d->d_name, fd, e, pid);
		close(fd);
	}
	closedir(dp);
}

int
workdir_make(struct workdir *w, const char *dir, const struct engine_ops *e,
    char *err)
{
	size_t i, n;

	w->path = NULL;
	w->fd = -1;
	n = strlen(dir) + strlen(e->name) + 64;
	if (n >= PATH_MAX)
		return errf(err, "%s: path too long", dir);
	install();
	sweep(dir);
	w->path = xmalloc(n);
	snprintf(w->path, n, "%s/" WORKDIR_PREFIX "%s.%ld.XXXXXX", dir, e->name,
	    (long)getpid());
	if (mkdtemp(w->path) == NULL) {
		errf(err, "%s: cannot make the database's directory there:", dir);
		free(w->path);
		w->path = NULL;
		return -1;
	}
	/* held while in use: a sweep by another run never takes it for a leftover */
	w->fd = open(w->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (w->fd >= 0)
		flock(w->fd, LOCK_SH);
	memcpy(dir_path, w->path, strlen(w->path) + 1);
	for (i = 0; i < MAXFILES; i++)
		file_paths[i][0] = '\0';
	for (i = 0; i < MAXFILES && e->files[i] != NULL; i++)
		if (join(file_paths[i], w->path, e->files[i]) < 0)
			file_paths[i][0] = '\0';
	live = 1;
	return 0;
}

int
workdir_remove(struct workdir *w, char *err)
{
	struct dirent *d;
	DIR *dp;
	char path[PATH_MAX];
	int rc = 0;

	if (w->path == NULL)
		return 0;
	dp = opendir(w->path);
	if (dp == NULL) {
		rc = errf(err, "%s:", w->path);
		goto out;
	}
	/* the directory is ours, made by mkdtemp: whatever is in it is the engine's */
	while ((d = readdir(dp)) != NULL) {
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		if (join(path, w->path, d->d_name) < 0) {
			if (rc == 0)
				rc = errf(err, "%s/%s: path too long", w->path, d->d_name);
			continue;
		}
		if (unlink(path) < 0 && rc == 0)
			rc = errf(err, "%s:", path);
	}
	closedir(dp);
	if (rmdir(w->path) < 0 && rc == 0)
		rc = errf(err, "%s:", w->path);
out:
	live = 0;
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	free(w->path);
	w->path = NULL;
	return rc;
}
