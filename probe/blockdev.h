/* SPDX-License-Identifier: MIT */
/*
 * Block devices as sysfs shows them: a device's name and the whole disk
 * a partition is on, the devices a device-mapper or md device is stacked
 * on, a loop device's backing file and a disk's attributes.  Linux only;
 * elsewhere every lookup answers that it does not know.
 */
#ifndef SYNCGATE_PROBE_BLOCKDEV_H
#define SYNCGATE_PROBE_BLOCKDEV_H

#include <stddef.h>
#include <sys/types.h>

/* Longest device name kept, with its NUL. */
#define BLOCKDEV_NAME 64
/* How deep a loop-on-loop or device-mapper chain is followed. */
#define BLOCKDEV_MAX_DEPTH 8

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

#endif
