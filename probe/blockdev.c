/* SPDX-License-Identifier: MIT */
/*
 * /sys/dev/block/MAJOR:MINOR links to a device's directory, a partition's
 * inside its disk's; /sys/block holds whole disks, /sys/class/block
 * partitions too.  Without sysfs every lookup fails: unknown.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/sysmacros.h>
#endif

#include "lib/readfile.h"
#include "probe/blockdev.h"

static char sysfs[256] = "/sys";

void
blockdev_set_sysfs(const char *root)
{
	snprintf(sysfs, sizeof sysfs, "%s", root != NULL ? root : "/sys");
}

/* A path under sysfs; -1 when it does not fit. */
static int __attribute__((format(printf, 3, 4)))
sys_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n, m;

	n = snprintf(buf, len, "%s/", sysfs);
	if (n < 0 || (size_t)n >= len)
		return -1;
	va_start(ap, fmt);
	m = vsnprintf(buf + n, len - (size_t)n, fmt, ap);
	va_end(ap);
	return m < 0 || (size_t)m >= len - (size_t)n ? -1 : 0;
}

int
blockdev_known(dev_t dev)
{
	char p[PATH_MAX];

	if (sys_path(p, sizeof p, "dev/block/%u:%u", major(dev), minor(dev)) < 0)
		return -1;
	return access(p, F_OK) == 0 ? 0 : -1;
}

/* blockdev_names for the sysfs link p: a partition has a partition file. */
static int
name_and_disk(const char *p, char *name, char *disk, size_t len, int *virtio)
{
	char part[PATH_MAX], link[PATH_MAX], *base;
	ssize_t n;

	if ((size_t)snprintf(part, sizeof part, "%s/partition", p) >= sizeof part ||
	    (n = readlink(p, link, sizeof link - 1)) < 0)
		return -1;
	link[n] = '\0';
	if (virtio != NULL)
		*virtio = strstr(link, "/virtio") != NULL;
	base = strrchr(link, '/');
	snprintf(disk, len, "%s", base ? base + 1 : link);
	if (name != NULL)
		snprintf(name, len, "%s", disk);
	if (access(part, F_OK) == 0 && base != NULL) {
		*base = '\0';
		base = strrchr(link, '/');
		if (base != NULL)
			snprintf(disk, len, "%s", base + 1);
	}
	return 0;
}

int
blockdev_names(dev_t dev, char *name, char *disk, size_t len, int *virtio)
{
	char p[PATH_MAX];

	if (sys_path(p, sizeof p, "dev/block/%u:%u", major(dev), minor(dev)) < 0)
		return -1;
	return name_and_disk(p, name, disk, len, virtio);
}

int
blockdev_disk(const char *name, char *disk, size_t len)
{
	char p[PATH_MAX];

	if (strchr(name, '/') != NULL || name[0] == '.' ||
	    sys_path(p, sizeof p, "class/block/%s", name) < 0)
		return -1;
	return name_and_disk(p, NULL, disk, len, NULL);
}

int
blockdev_attr(const char *disk, const char *attr, char *buf, size_t len)
{
	char p[PATH_MAX];

	if (sys_path(p, sizeof p, "block/%s/%s", disk, attr) < 0)
		return -1;
	return read_small(p, buf, len);
}

int
blockdev_backing_file(const char *disk, char *path, size_t len)
{
	return blockdev_attr(disk, "loop/backing_file", path, len) < 0 ||
	    path[0] == '\0' ? -1 : 0;
}

size_t
blockdev_slaves(const char *disk, char (*names)[BLOCKDEV_NAME], size_t max)
{
	char p[PATH_MAX];
	DIR *d;
	struct dirent *e;
	size_t n = 0;

	if (sys_path(p, sizeof p, "block/%s/slaves", disk) < 0 ||
	    (d = opendir(p)) == NULL)
		return 0;
	while (n < max && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(names[n++], BLOCKDEV_NAME, "%.*s", BLOCKDEV_NAME - 1, e->d_name);
	}
	closedir(d);
	return n;
}

static void
walk(const char *disk, int depth, struct blockdev_stack *st)
{
	char slaves[BLOCKDEV_MAX][BLOCKDEV_NAME], whole[BLOCKDEV_NAME];
	char file[PATH_MAX];
	struct stat sb;
	size_t n, i;

	for (i = 0; i < st->n; i++)
		if (strcmp(st->name[i], disk) == 0)
			return;
	if (st->n == BLOCKDEV_MAX || depth > BLOCKDEV_MAX_DEPTH)
		return;
	snprintf(st->name[st->n++], BLOCKDEV_NAME, "%s", disk);
	n = blockdev_slaves(disk, slaves, BLOCKDEV_MAX);
	for (i = 0; i < n; i++)
		if (blockdev_disk(slaves[i], whole, sizeof whole) == 0)
			walk(whole, depth + 1, st);
	if (blockdev_backing_file(disk, file, sizeof file) < 0)
		return;
	if (stat(file, &sb) == 0 &&
	    blockdev_names(sb.st_dev, NULL, whole, sizeof whole, NULL) == 0)
		walk(whole, depth + 1, st);
	else if (st->loop[0] == '\0') {
		snprintf(st->loop, sizeof st->loop, "%s", disk);
		snprintf(st->backing, sizeof st->backing, "%s", file);
	}
}

void
blockdev_stack(dev_t dev, struct blockdev_stack *st)
{
	char disk[BLOCKDEV_NAME];

	memset(st, 0, sizeof *st);
	if (blockdev_names(dev, NULL, disk, sizeof disk, NULL) == 0)
		walk(disk, 0, st);
}

/* The fields of a stat line, at most max; how many there were. */
static size_t
stat_fields(const char *line, unsigned long long *v, size_t max)
{
	size_t n = 0;
	char *end;

	while (n < max) {
		while (*line == ' ' || *line == '\t')
			line++;
		if (*line < '0' || *line > '9')
			break;
		v[n++] = strtoull(line, &end, 10);
		line = end;
	}
	return n;
}

#define STAT_FIELDS 17
#define STAT_FLUSHES 15         /* 0-based: the 16th field */

int
blockdev_flush_read(int fd, unsigned long long *count)
{
	char buf[512];
	unsigned long long v[STAT_FIELDS];
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);

	if (n < 0)
		return -1;
	buf[n] = '\0';
	if (stat_fields(buf, v, STAT_FIELDS) < STAT_FIELDS) {
		errno = EPROTO;
		return -1;
	}
	*count = v[STAT_FLUSHES];
	return 0;
}

int
blockdev_flush_open(const char *disk, char *why, size_t len)
{
	char p[PATH_MAX], buf[512];
	unsigned long long v[STAT_FIELDS + 1];
	size_t n;
	int fd;

	if (sys_path(p, sizeof p, "block/%s/mq", disk) < 0 || access(p, F_OK) != 0) {
		snprintf(why, len, "%s has no request queue (device-mapper, md and "
		    "RAM disks pass flushes on uncounted)", disk);
		return -1;
	}
	if (sys_path(p, sizeof p, "block/%s/stat", disk) < 0 ||
	    read_small(p, buf, sizeof buf) < 0 ||
	    (fd = open(p, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(why, len, "%s's statistics cannot be read", disk);
		return -1;
	}
	n = stat_fields(buf, v, STAT_FIELDS + 1);
	if (n < STAT_FIELDS) {
		close(fd);
		snprintf(why, len, "the kernel writes %zu fields to /sys/block/%s/stat, "
		    "and counts flushes only from Linux 5.5, which writes %d", n,
		    disk, STAT_FIELDS);
		return -1;
	}
	return fd;
}
