/* SPDX-License-Identifier: MIT */
/*
 * Memory-backed block devices, from sysfs: RAM disks by name, loop
 * devices by backing file, stacked devices by their members.  Timing
 * cannot tell these from a fast disk with power-loss protection.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/statfs.h>
#else
#include <sys/mount.h>
#include <sys/param.h>
#endif

#include "probe/blockdev.h"
#include "probe/fstype.h"
#include "probe/identity.h"
#include "probe/memdev.h"

#define MEMDEV_MAX_SLAVES 64

static int check_disk(const char *disk, char *why, size_t len, int depth);

/* prefix followed by a unit number. */
static int
named(const char *disk, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(disk, prefix, n) == 0 && isdigit((unsigned char)disk[n]);
}

/* A loop device's backing file on a memory filesystem or device. */
static int
check_loop(const char *disk, char *why, size_t len, int depth)
{
	char p[BLOCKDEV_NAME], file[PATH_MAX], inner[512], *clean;
	const char *fs;
	struct statfs sf;
	struct stat st;
	int mem = 0;

	if (blockdev_backing_file(disk, file, sizeof file) < 0)
		return 0;
	clean = identity_clean(file, 200);
	fs = statfs(file, &sf) == 0 ? fstype_name((unsigned long)sf.f_type) : NULL;
	if (fstype_memory(fs)) {
		snprintf(why, len, "%s is backed by %s, a file on %s", disk, clean,
		    fs);
		mem = 1;
	} else if (depth < BLOCKDEV_MAX_DEPTH && stat(file, &st) == 0 &&
	    blockdev_names(st.st_dev, NULL, p, sizeof p, NULL) == 0 &&
	    check_disk(p, inner, sizeof inner, depth + 1)) {
		snprintf(why, len, "%s is backed by %s on %s; %s", disk, clean, p,
		    inner);
		mem = 1;
	}
	free(clean);
	return mem;
}

/* A stacked device: memory when all beneath it are (a partition's disk). */
static int
check_slaves(const char *disk, char *why, size_t len, int depth)
{
	char slaves[MEMDEV_MAX_SLAVES][BLOCKDEV_NAME], inner[512] = "";
	char first[BLOCKDEV_NAME] = "";
	size_t n, i;
	int mem = 1;

	if (depth >= BLOCKDEV_MAX_DEPTH)
		return 0;
	/* a full table may have left members out: all of them are not known */
	n = blockdev_slaves(disk, slaves, MEMDEV_MAX_SLAVES);
	if (n == MEMDEV_MAX_SLAVES)
		return 0;
	for (i = 0; mem && i < n; i++) {
		char one[512] = "", whole[BLOCKDEV_NAME];

		if (blockdev_disk(slaves[i], whole, sizeof whole) < 0)
			memcpy(whole, slaves[i], sizeof whole);
		mem = check_disk(whole, one, sizeof one, depth + 1);
		if (mem && i == 0) {
			snprintf(inner, sizeof inner, "%s", one);
			memcpy(first, slaves[i], sizeof first);
		}
	}
	if (!mem || n == 0)
		return 0;
	snprintf(why, len, "%s sits on %s%s; %s", disk, first,
	    n > 1 ? " and others like it" : "", inner);
	return 1;
}

static int
check_disk(const char *disk, char *why, size_t len, int depth)
{
	if (named(disk, "zram"))
		snprintf(why, len, "%s is a compressed RAM disk (zram)", disk);
	else if (named(disk, "ram"))
		snprintf(why, len, "%s is a RAM disk (brd)", disk);
	else if (named(disk, "nullb"))
		snprintf(why, len, "%s is a null_blk device, which keeps data in "
		    "memory or nowhere", disk);
	else if (named(disk, "loop"))
		return check_loop(disk, why, len, depth);
	else
		return check_slaves(disk, why, len, depth);
	return 1;
}

int
memdev_check(dev_t dev, char *why, size_t len)
{
	char disk[BLOCKDEV_NAME];

	return blockdev_names(dev, NULL, disk, sizeof disk, NULL) == 0 &&
	    check_disk(disk, why, len, 0);
}

int
memdev_check_disk(const char *disk, char *why, size_t len)
{
	return check_disk(disk, why, len, 0);
}
