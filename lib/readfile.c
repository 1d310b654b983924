/* SPDX-License-Identifier: MIT */
/* Bounded whole-file reads, and the one-line files of sysfs and procfs. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/readfile.h"
#include "lib/units.h"

/* Reads fd to its end into *buf, never more than one byte past limit. */
static int
read_all(int fd, const char *path, size_t limit, char **buf, size_t *len,
    char *err)
{
	size_t cap = 0;

	for (;;) {
		ssize_t r;

		if (*len == cap) {
			if (cap > limit)
				break;
			cap = cap ? cap * 2 : 65536;
			if (cap > limit)
				cap = limit + 1;
			*buf = xrealloc(*buf, cap + 1);
		}
		r = read(fd, *buf + *len, cap - *len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errf(err, "%s:", path);
		if (r == 0)
			break;
		*len += (size_t)r;
	}
	(*buf)[*len] = '\0';
	return 0;
}

int
read_bounded(const char *path, size_t limit, const char *expected,
    const char *what, char **buf, size_t *len, char *err)
{
	struct stat st;
	char lim[DURLEN];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY), rc = -1;

	*buf = NULL;
	*len = 0;
	if (fd < 0)
		return errf(err, "%s:", path);
	units_fmt_bytes(lim, sizeof lim, (double)limit);
	if (fstat(fd, &st) < 0)
		errf(err, "%s:", path);
	else if (S_ISDIR(st.st_mode))
		errf(err, "%s: is a directory; expected %s", path, expected);
	else if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > limit)
		errf(err, "%s: %lld bytes is over the %s limit for %s", path,
		    (long long)st.st_size, lim, what);
	else if ((rc = read_all(fd, path, limit, buf, len, err)) == 0 &&
	    *len > limit)
		rc = errf(err, "%s: over the %s limit for %s", path, lim, what);
	close(fd);
	if (rc < 0) {
		free(*buf);
		*buf = NULL;
		*len = 0;
	}
	return rc;
}

int
read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

char *
read_tail(const char *path, int n, char *buf, size_t len)
{
	char tmp[4096];
	ssize_t got = 0;
	off_t size;
	size_t k;
	int fd = open(path, O_RDONLY | O_CLOEXEC), lines = 0;

	buf[0] = '\0';
	if (fd < 0)
		return buf;
	if ((size = lseek(fd, 0, SEEK_END)) > 0)
		got = pread(fd, tmp, sizeof tmp, size > (off_t)sizeof tmp ?
		    size - (off_t)sizeof tmp : 0);
	close(fd);
	if (got <= 0)
		return buf;
	k = (size_t)got;
	while (k > 0 && tmp[k - 1] == '\n')
		k--;
	for (; k > 0; k--)
		if (tmp[k - 1] == '\n' && ++lines == n)
			break;
	snprintf(buf, len, "%.*s", (int)((size_t)got - k), tmp + k);
	k = strlen(buf);
	while (k > 0 && buf[k - 1] == '\n')
		buf[--k] = '\0';
	return buf;
}
