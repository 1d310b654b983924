/* SPDX-License-Identifier: MIT */
/*
 * Block devices as sysfs shows them: a device's name and the whole disk
 * a partition is on, the devices a device-mapper or md device is stacked
 * on, a loop device's backing file, a disk's attributes, every device
 * under a volume, and the flush requests a disk has completed.  Linux
 * only; elsewhere every lookup answers that it does not know.
 */
#ifndef SYNCGATE_PROBE_BLOCKDEV_H
#define SYNCGATE_PROBE_BLOCKDEV_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

/* Longest device name kept, with its NUL. */
#define BLOCKDEV_NAME 64
/* How deep a loop-on-loop or device-mapper chain is followed. */
#define BLOCKDEV_MAX_DEPTH 8
/* At most this many devices are kept under one volume. */
#define BLOCKDEV_MAX 8

/*
 * Where sysfs is: "/sys" unless a test points the module at a tree of
 * its own (root is copied; NULL restores "/sys").
 */
void blockdev_set_sysfs(const char *root);

/*
 * sysfs's names (each at most len bytes) for block device dev and for the
 * whole disk it is a partition of (the same name when it is none), and in
 * *virtio whether it hangs off a virtio bus.  Returns 0, or -1 where sysfs
 * does not know dev.
 */
int blockdev_names(dev_t dev, char *name, char *disk, size_t len, int *virtio);

/*
 * Whether sysfs knows a block device numbered dev (0), or not (-1): a
 * filesystem without a device of its own (tmpfs, NFS) has none.
 */
int blockdev_known(dev_t dev);

/*
 * The whole disk (len bytes) that the device called name in
 * /sys/class/block is a partition of, or name itself.  Returns 0, or -1
 * when sysfs does not list name.
 */
int blockdev_disk(const char *name, char *disk, size_t len);

/*
 * The disk's attribute attr ("queue/write_cache") into buf (len bytes),
 * trailing white space cut.  Returns 0, or -1 when it cannot be read.
 */
int blockdev_attr(const char *disk, const char *attr, char *buf, size_t len);

/*
 * A loop device's backing file into path (len bytes).  Returns 0, or -1
 * when disk is no loop device or has no backing file.
 */
int blockdev_backing_file(const char *disk, char *path, size_t len);

/*
 * The names of the devices disk is stacked on (sysfs slaves: partitions
 * or disks), at most max of them; returns how many, 0 for none.
 */
size_t blockdev_slaves(const char *disk, char (*names)[BLOCKDEV_NAME],
    size_t max);

/*
 * The whole disks under a volume whose block device is dev, the volume's
 * own first: a partition's disk, then depth first the members of a
 * device-mapper or md device and the disk holding a loop device's
 * backing file, each once.
 */
struct blockdev_stack {
	char name[BLOCKDEV_MAX][BLOCKDEV_NAME];
	size_t n;               /* what lies past BLOCKDEV_MAX or the depth: left out */
	/*
	 * The first loop device whose backing file is on a filesystem with no
	 * block device sysfs knows (tmpfs, NFS, FUSE), and that file; "" if none.
	 */
	char loop[BLOCKDEV_NAME];
	char backing[PATH_MAX];
};

/* Fills st for the block device dev; st->n is 0 where sysfs does not know it. */
void blockdev_stack(dev_t dev, struct blockdev_stack *st);

/*
 * Opens disk's flush counter: /sys/block/DISK/stat, whose 16th field
 * counts the flush requests the disk completed (Linux 5.5 and later,
 * which write 17 fields), on a disk with a request queue (blk-mq; a
 * device-mapper, md or RAM disk counts none however many pass through
 * it).  Returns a descriptor for blockdev_flush_read, or -1 with why
 * (len bytes) saying why the count cannot be had.
 */
int blockdev_flush_open(const char *disk, char *why, size_t len);

/*
 * The flush requests completed so far, read afresh through fd.  Returns
 * 0, or -1 (errno set, or EPROTO for a malformed line) when the device
 * has gone.
 */
int blockdev_flush_read(int fd, unsigned long long *count);

#endif
