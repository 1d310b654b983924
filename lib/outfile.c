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
#include "lib/path.h"

/*
 * A path that exists and is not a regular file (/dev/null, a FIFO, a
 * terminal) cannot be replaced by a rename without destroying it: write
 * to it directly.  A symlink is followed, so the file it names is the
 * one replaced and the link stays.
 */
static int
open_direct(struct outfile *o, const char *path, char *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC, 0666);

	if (fd < 0)
		return errf(err, "%s:", path);
	o->fp = fdopen(fd, "w");
	if (o->fp == NULL) {
		close(fd);
		return errf(err, "%s:", path);
	}
	o->path = xstrdup(path);
	return 0;
}

int
outfile_open(struct outfile *o, const char *path, char *err)
{
	struct stat st;
	sigset_t old;
	char *real = NULL;
	mode_t mask, mode;
	int fd;

	memset(o, 0, sizeof *o);
	o->slot = -1;
	if (path == NULL || strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode))
			return errf(err, "%s: is a directory; expected a file to write", path);
		return open_direct(o, path, err);
	}
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		real = realpath(path, NULL);
		if (real == NULL)   /* a dangling link: create what it names */
			return open_direct(o, path, err);
		path = real;
	}
	o->path = xstrdup(path);
	free(real);
	o->tmp = xmalloc(strlen(o->path) + 16);
	sprintf(o->tmp, "%s.tmp.XXXXXX", o->path);
	cleanup_install();
	cleanup_hold(&old);
	fd = mkstemp(o->tmp);
	if (fd >= 0)
		o->slot = cleanup_register(o->tmp);
	cleanup_release(&old);
	if (fd < 0) {
		errf(err, "%s:", o->path);
		goto fail;
	}
	/*
	 * mkstemp makes 0600.  A file that is replaced keeps its mode and,
	 * where we may set them, its owner and group, as `>` would keep
	 * them; a new file gets the mode a plain creat would.
	 */
	if (stat(o->path, &st) == 0) {
		mode = st.st_mode & 0777;   /* never set-id bits */
		if ((st.st_uid != getuid() || st.st_gid != getgid()) &&
		    fchown(fd, st.st_uid, st.st_gid) < 0)
			(void)fchown(fd, (uid_t)-1, st.st_gid);
	} else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) < 0) {
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

/*
 * Makes the rename itself durable: the directory holding path is synced,
 * as a crash right after a rename may otherwise leave the old file.  A
 * directory that cannot be opened or synced (no read permission, a
 * filesystem that refuses) keeps the rename, which has happened.
 */
static int
sync_parent(const char *path, char *err)
{
	char *dir;
	int fd, bad = 0;

	dir = path_dir(path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		if (fsync(fd) < 0 && errno != EINVAL && errno != EROFS &&
		    errno != EBADF) {
			errf(err, "%s: syncing the directory after the rename:", dir);
			bad = 1;
		}
		close(fd);
	}
	free(dir);
	return bad ? -1 : 0;
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
	if (!bad && o->tmp != NULL && fsync(fileno(o->fp)) < 0 &&
	    errno != EINVAL && errno != EROFS) {
		errf(err, "%s:", o->path);
		bad = 1;
	}
	if (fclose(o->fp) != 0 && !bad) {
		errf(err, "%s:", o->path);
		bad = 1;
	}
	if (!bad && o->tmp != NULL && rename(o->tmp, o->path) < 0) {
		errf(err, "%s:", o->path);
		bad = 1;
	}
	if (bad && o->tmp != NULL)
		unlink(o->tmp);
	cleanup_forget(o->slot);
	if (!bad && o->tmp != NULL && sync_parent(o->path, err) < 0)
		bad = 1;
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
	if (o->tmp != NULL)
		unlink(o->tmp);
	cleanup_forget(o->slot);
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof *o);
}

int
outfile_shut(FILE *fp, const char *name)
{
	if (fflush(fp) == 0 && !ferror(fp))
		return EXIT_PASS;
	err_warn("%s:", name);
	return EXIT_TROUBLE;
}
