/* SPDX-License-Identifier: MIT */
/*
 * Where the probe measured: the volume under a directory (its filesystem
 * UUID, or device number and mount point), the filesystem, its mount
 * options and the block device beneath it.
 */
#ifndef SYNCGATE_PROBE_VOLUME_H
#define SYNCGATE_PROBE_VOLUME_H

#include <sys/types.h>

#include "model/probe_record.h"

/* The block device a volume's filesystem is on, where it has one. */
struct volume_block {
	int known;
	dev_t dev;
};

/*
 * Fills out's volume fields for dir, open as dirfd: path, symlink, fs,
 * mount point and options, device, model, write_cache, rotational,
 * memory_backed, volume id and its source, and adds a virtual disk to
 * out->virt; and vb, the block device found.  Returns 0, or -1 with err
 * set when dir cannot be resolved.
 */
int volume_identify(const char *dir, int dirfd, struct probe_record *out,
    struct volume_block *vb, char *err);

/* volume_identify on dir opened and closed here, into out and vb. */
int volume_identify_dir(const char *dir, struct probe_record *out,
    struct volume_block *vb, char *err);

/*
 * Whether dir lies on the volume p was probed on: both volume ids known,
 * from one source, alike.  Returns 1 or 0, or -1 with err set when dir
 * cannot be resolved.
 */
int volume_same(const char *dir, const struct probe_record *p, char *err);

#endif
