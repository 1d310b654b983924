/* SPDX-License-Identifier: MIT */
/*
 * Atomic file output and checked standard output.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/cleanup.h"
#include "lib/err.h"
#include "lib/outfile.h"

int
outfile_open(struct outfile *o, const char *path, char *err)
{
	mode_t mask;
	int fd;

	memset(o, 0, sizeof *o);
	o->slot = -1;
	if (path == NULL || strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
	o->path = xstrdup(path);
	o->tmp = xmalloc(strlen(path) + 16);
	sprintf(o->tmp, "%s.tmp.XXXXXX", path);
	cleanup_install();
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		errf(err, "%s:", path);
		goto fail;
	}
	o->slot = cleanup_register(o->tmp);
	/* mkstemp makes 0600; give the file the mode a plain creat would */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) < 0) {
		errf(err, "%s:", o->tmp);
		goto fail_fd;
	}
	o->fp = fdopen(fd, "w");
	if (o->fp == NULL) {
		errf(err, "%s:", o->tmp);
		goto fail_fd;
	}
	return 0;
fail_fd:
	close(fd);
	unlink(o->tmp);
	cleanup_forget(o->slot);
fail:
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof *o);
	return -1;
}

int
outfile_close(struct outfile *o, char *err)
{
	int bad;

	if (o->path == NULL) {
		bad = fflush(stdout) != 0 || ferror(stdout);
		if (bad)
			return errf(err, "standard output:");
		return 0;
	}
	bad = fflush(o->fp) != 0 || ferror(o->fp);
	if (bad)
		errf(err, "%s:", o->path);
	if (!bad && fsync(fileno(o->fp)) < 0 && errno != EINVAL && errno != EROFS) {
		errf(err, "%s:", o->path);
		bad = 1;
	}
	if (fclose(o->fp) != 0 && !bad) {
		errf(err, "%s:", o->path);
		bad = 1;
	}
	if (!bad && rename(o->tmp, o->path) < 0) {
		errf(err, "%s:", o->path);
		bad = 1;
	}
	if (bad)
		unlink(o->tmp);
	cleanup_forget(o->slot);
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof *o);
	return bad ? -1 : 0;
}

void
outfile_abort(struct outfile *o)
{
	if (o->path == NULL) {
		fflush(stdout);
		return;
	}
	fclose(o->fp);
	unlink(o->tmp);
	cleanup_forget(o->slot);
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof *o);
}
