/* SPDX-License-Identifier: MIT */
/* Atomic file output and checked standard output (outfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/cleanup.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/path.h"

/* Writes to fd, just opened for path (-1: not opened); 0, or -1 with err. */
static int
adopt(struct outfile *o, int fd, const char *path, char *err)
{
	if (fd < 0 || (o->fp = fdopen(fd, "w")) == NULL) {
		if (fd >= 0)
			close(fd);
		return errf(err, "%s:", path);
	}
	o->path = xstrdup(path);
	return 0;
}

/* A device, a FIFO or a terminal is written to: a rename would destroy it. */
static int
open_direct(struct outfile *o, const char *path, char *err)
{
	return adopt(o, open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY |
	    O_CLOEXEC, 0666), path, err);
}

/*
 * A name that reaches our descriptor is what the shell opened, `>>` too:
 * written through it, never truncated; stdout and stderr through their
 * streams, keeping the order of what else goes there.
 */
static int
open_descriptor(struct outfile *o, const char *path, int fd, char *err)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return errf(err, "%s: descriptor %d is not open; expected one the "
		    "shell opened for writing (>FILE, >>FILE, %d>FILE)", path, fd, fd);
	if ((fl & O_ACCMODE) == O_RDONLY)
		return errf(err, "%s: descriptor %d is open for reading only; "
		    "expected one open for writing", path, fd);
	if (fd != STDOUT_FILENO && fd != STDERR_FILENO)
		return adopt(o, fcntl(fd, F_DUPFD_CLOEXEC, 3), path, err);
	o->fp = fd == STDOUT_FILENO ? stdout : stderr;
	o->borrowed = 1;
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
		o->borrowed = 1;
		return 0;
	}
	if (path[0] == '\0')
		return errf(err, "-o: the name is empty; expected a file to write");
	if ((fd = path_descriptor(path)) >= 0)
		return open_descriptor(o, path, fd, err);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode))
			return errf(err, "%s: is a directory; expected a file to write", path);
		return open_direct(o, path, err);
	}
	/* a dangling link: create what it names */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) &&
	    (real = realpath(path, NULL)) == NULL)
		return open_direct(o, path, err);
	o->path = real != NULL ? real : xstrdup(path);
	real = path_dir(o->path);
	o->tmp = xasprintf("%s/%sXXXXXX", real, OUTFILE_TMP_PREFIX);
	free(real);
	cleanup_install();
	cleanup_hold(&old);
	if ((fd = mkstemp(o->tmp)) >= 0)
		o->slot = cleanup_register(o->tmp);
	cleanup_release(&old);
	if (fd < 0) {
		errf(err, "%s:", o->path);
		goto fail;
	}
	/*
	 * mkstemp makes 0600: a replaced file keeps its mode, owner and group
	 * where we may, as with `>`; a new one gets what creat would give.
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
	if (fchmod(fd, mode) == 0 && (o->fp = fdopen(fd, "w")) != NULL)
		return 0;
	errf(err, "%s:", o->tmp);
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
 * Syncs path, or with dir its folder: a crash right after a rename may
 * leave the old file.  A file gone since is passed over; a folder that
 * cannot be opened, or refuses, keeps the rename.  0, or -1 with err set.
 */
static int
sync_path(const char *path, int dir, char *err)
{
	char *name = dir ? path_dir(path) : xstrdup(path);
	int fd = open(name, O_RDONLY | O_NOCTTY | O_CLOEXEC |
	    (dir ? O_DIRECTORY : 0)), bad = 0;

	if (fd < 0 && !dir && errno != ENOENT)
		bad = errf(err, "%s:", name);
	if (fd >= 0 && fsync(fd) < 0 && errno != EINVAL && errno != EROFS &&
	    (!dir || errno != EBADF))
		bad = dir ? errf(err, "%s: syncing the directory after the "
		    "rename:", name) : errf(err, "%s:", name);
	if (fd >= 0)
		close(fd);
	free(name);
	return bad;
}

int
outfile_close(struct outfile *o, char *err)
{
	int bad = 0;

	if (o->fp == NULL)      /* closed already */
		return 0;
	if (fflush(o->fp) != 0 || ferror(o->fp))
		bad = errf(err, "%s:", o->path != NULL ? o->path : "standard output");
	/* stdout or stderr stays open; in place or borrowed: no tmp, slot -1 */
	if (!bad && o->tmp != NULL && o->later == NULL &&
	    fsync(fileno(o->fp)) < 0 && errno != EINVAL && errno != EROFS)
		bad = errf(err, "%s:", o->path);
	if (!o->borrowed && fclose(o->fp) != 0 && !bad)
		bad = errf(err, "%s:", o->path);
	if (!bad && o->tmp != NULL && rename(o->tmp, o->path) < 0)
		bad = errf(err, "%s:", o->path);
	if (bad && o->tmp != NULL)
		unlink(o->tmp);
	cleanup_forget(o->slot);
	if (!bad && o->tmp != NULL && o->later != NULL) {
		xgrow(&o->later->path, &o->later->cap, o->later->n + 1,
		    sizeof *o->later->path);
		o->later->path[o->later->n++] = o->path;
		o->path = NULL;
	} else if (!bad && o->tmp != NULL) {
		bad = sync_path(o->path, 1, err);
	}
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof *o);
	return bad;
}

int
outfile_later_sync(struct outfile_later *l, char *err)
{
	char why[ERRLEN];
	size_t i, k;
	int rc = 0;

	for (i = 0; i < l->n; i++)
		if (sync_path(l->path[i], 0, why) < 0 && rc == 0)
			rc = errf(err, "%s", why);
	/* each folder once: the files of a run sit side by side */
	for (i = 0; i < l->n; i++) {
		size_t len = (size_t)(path_base(l->path[i]) - l->path[i]);

		for (k = 0; k < i; k++)
			if ((size_t)(path_base(l->path[k]) - l->path[k]) == len &&
			    strncmp(l->path[k], l->path[i], len) == 0)
				break;
		if (k == i && sync_path(l->path[i], 1, why) < 0 && rc == 0)
			rc = errf(err, "%s", why);
	}
	outfile_later_free(l);
	return rc;
}

void
outfile_later_free(struct outfile_later *l)
{
	if (l == NULL)
		return;
	strv_free(l->path, l->n);
	memset(l, 0, sizeof *l);
}

void
outfile_abort(struct outfile *o)
{
	if (o->fp == NULL)      /* closed already, or never opened */
		return;
	if (o->borrowed)
		fflush(o->fp);
	else
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

int
outfile_close_placed(struct outfile *o, int *placed, char *err)
{
	struct stat tmp, now;
	char *path;
	int rc, known;

	*placed = 0;
	if (o->tmp == NULL)
		return outfile_close(o, err);
	known = fstat(fileno(o->fp), &tmp) == 0;
	path = xstrdup(o->path);
	rc = outfile_close(o, err);
	/* the contract's one failure after the rename: the directory sync */
	*placed = rc == 0 || (known && stat(path, &now) == 0 &&
	    now.st_dev == tmp.st_dev && now.st_ino == tmp.st_ino);
	free(path);
	return rc;
}
