/* SPDX-License-Identifier: MIT */
/*
 * Block devices as sysfs shows them: names, the disk under a partition,
 * stacked members, loop backing files, attributes and flush counts.
 * Linux only; elsewhere every lookup answers that it does not know.
 */
#ifndef SYNCGATE_PROBE_BLOCKDEV_H
#define SYNCGATE_PROBE_BLOCKDEV_H

#include <limits.h>
#include <sys/types.h>

#define BLOCKDEV_NAME 64        /* longest device name kept, with its NUL */
#define BLOCKDEV_MAX_DEPTH 8    /* depth of a loop or dm chain followed */
#define BLOCKDEV_MAX 8          /* devices kept under one volume */

/* Where sysfs is: "/sys", or a test's tree (copied; NULL restores "/sys"). */
void blockdev_set_sysfs(const char *root);

/*
 * sysfs's names (len bytes each) for dev and for the whole disk it is a
 * partition of (else dev's own), and whether it hangs off a virtio bus;
 * name and virtio may be NULL.  Returns 0, or -1 where sysfs does not
 * know dev.
 */
int blockdev_names(dev_t dev, char *name, char *disk, size_t len, int *virtio);

/* 0 when sysfs knows block device dev, -1 if not (tmpfs, NFS have none). */
int blockdev_known(dev_t dev);

/* The whole disk of /sys/class/block's name, or name; -1 if unlisted. */
int blockdev_disk(const char *name, char *disk, size_t len);

/* disk's attribute ("queue/write_cache"), trailing space cut; 0 or -1. */
int blockdev_attr(const char *disk, const char *attr, char *buf, size_t len);

/* A loop device's backing file; -1 when disk is no loop or has none. */
int blockdev_backing_file(const char *disk, char *path, size_t len);

/* Up to max names of the devices disk is stacked on (sysfs slaves). */
size_t blockdev_slaves(const char *disk, char (*names)[BLOCKDEV_NAME],
    size_t max);

/*
 * The whole disks under a volume, its own first, then depth first the
 * members of a device-mapper or md device and a loop's backing disk, each
 * once; what lies past BLOCKDEV_MAX or the depth is left out.
 */
struct blockdev_stack {
	char name[BLOCKDEV_MAX][BLOCKDEV_NAME];
	size_t n;
	/* the first loop backed by a file on a filesystem without a block
	 * device sysfs knows (tmpfs, NFS, FUSE), and that file; "" if none */
	char loop[BLOCKDEV_NAME];
	char backing[PATH_MAX];
};

/* Fills st for dev; st->n is 0 where sysfs does not know it. */
void blockdev_stack(dev_t dev, struct blockdev_stack *st);

/*
 * Opens disk's flush counter, the 16th field of /sys/block/DISK/stat
 * (Linux 5.5 and later write 17), on a disk with a request queue: a
 * device-mapper, md or RAM disk counts none of what passes through it.
 * Returns a descriptor for blockdev_flush_read, or -1 with why set.
 */
int blockdev_flush_open(const char *disk, char *why, size_t len);

/* The flushes completed so far; -1 (errno, EPROTO if malformed) if gone. */
int blockdev_flush_read(int fd, unsigned long long *count);

#endif
