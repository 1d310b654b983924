/* SPDX-License-Identifier: MIT */
/*
 * The scratch directory the engine's files live in.  The signal handler
 * removes the files it knows the engine makes, then the directory, then
 * hands the signal on to syncgate's own handler (lib/cleanup.c: the -o
 * temporary and the probe's file), which re-raises it.  Every call in the
 * handler is async-signal-safe.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int
workdir_make(struct workdir *w, const char *dir, const struct engine_ops *e,
    char *err)
{
	size_t i, n;

	w->path = NULL;
	n = strlen(dir) + strlen(e->name) + 32;
	if (n >= PATH_MAX)
		return errf(err, "%s: path too long", dir);
	install();
	w->path = xmalloc(n);
	snprintf(w->path, n, "%s/syncgate-bench.%s.XXXXXX", dir, e->name);
	if (mkdtemp(w->path) == NULL) {
		errf(err, "%s: cannot make the database's directory there:", dir);
		free(w->path);
		w->path = NULL;
		return -1;
	}
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
	free(w->path);
	w->path = NULL;
	return rc;
}
