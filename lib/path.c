/* SPDX-License-Identifier: MIT */
/* Paths as text, where a link points, and which descriptor a name reaches. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/path.h"

/* Links followed, as the kernel's own limit (ELOOP past 40). */
#define MAX_LINKS 40

char *
path_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xasprintf("%.*s", (int)(slash - path), path);
}

const char *
path_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

int
path_same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	    sa.st_ino == sb.st_ino;
}

char *
path_link_target(const char *path)
{
	char buf[PATH_MAX], *dir, *joined;
	ssize_t n = readlink(path, buf, sizeof buf - 1);

	if (n < 0)
		return NULL;
	buf[n] = '\0';
	if (buf[0] == '/')
		return xstrdup(buf);
	dir = path_dir(path);
	joined = xasprintf("%s/%s", dir, buf);
	free(dir);
	return joined;
}

/* Whether dir resolves to our /proc/PID/fd, or /proc/PID/task/TID/fd. */
static int
is_own_fd_dir(const char *dir)
{
	char *real = realpath(dir, NULL), own[64];
	const char *rest;
	size_t n;
	int yes = 0;

	if (real == NULL)
		return 0;
	n = (size_t)snprintf(own, sizeof own, "/proc/%ld/", (long)getpid());
	if (strncmp(real, own, n) == 0) {
		rest = real + n;
		if (strncmp(rest, "task/", 5) == 0) {
			rest += 5;
			rest += strspn(rest, "0123456789");
			rest += *rest == '/';
		}
		yes = strcmp(rest, "fd") == 0;
	}
	free(real);
	return yes;
}

int
path_descriptor(const char *path)
{
	char *cur = xstrdup(path), *next, *dir;
	const char *base;
	size_t n;
	int hops, fd = -1;

	for (hops = 0; hops <= MAX_LINKS; hops++) {
		dir = path_dir(cur);
		base = path_base(cur);
		n = strspn(base, "0123456789");
		/* at most nine digits: an int */
		if (n > 0 && n <= 9 && base[n] == '\0' && is_own_fd_dir(dir))
			fd = atoi(base);
		free(dir);
		if (fd >= 0 || (next = path_link_target(cur)) == NULL)
			break;
		free(cur);
		cur = next;
	}
	free(cur);
	return fd;
}

void
path_unoctal(char *s)
{
	char *o = s;

	while (*s != '\0') {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' &&
		    s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*o++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 4;
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
}
