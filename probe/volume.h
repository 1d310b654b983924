/* SPDX-License-Identifier: MIT */
/*
 * Where the probe measured: the volume under a directory (its filesystem
 * UUID, or device number and mount point), the filesystem, its mount
 * options and the block device beneath it.
 */
#ifndef SYNCGATE_PROBE_VOLUME_H
#define SYNCGATE_PROBE_VOLUME_H

#include "lib/probe_record.h"

/*
 * Fills out's volume fields for dir, open as dirfd: path, symlink, fs,
 * mount point and options, device, model, write_cache, rotational,
 * memory_backed, volume id and its source, and adds a virtual disk to out->virt.
 * Returns 0, or -1 with err set when dir cannot be resolved.
 */
int volume_identify(const char *dir, int dirfd, struct probe_record *out,
    char *err);

#endif
