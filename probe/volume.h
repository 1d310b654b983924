/* SPDX-License-Identifier: MIT */
/*
 * Where the probe measured: the volume under a directory, its filesystem,
 * mount options and block device.
 */
#ifndef SYNCGATE_PROBE_VOLUME_H
#define SYNCGATE_PROBE_VOLUME_H

#include <sys/types.h>

#include "model/probe_record.h"

struct volume_block {
	int known;
	dev_t dev;
};

/*
 * Fills out's volume fields for dir, open as dirfd, adds a virtual disk
 * to out->virt, and vb.  Returns 0, or -1 with err set.
 */
int volume_identify(const char *dir, int dirfd, struct probe_record *out,
    struct volume_block *vb, char *err);

/* volume_identify on dir opened and closed here, into out and vb. */
int volume_identify_dir(const char *dir, struct probe_record *out,
    struct volume_block *vb, char *err);

/* Whether dir is on p's volume (both ids known, alike): 1, 0, -1 err. */
int volume_same(const char *dir, const struct probe_record *p, char *err);

#endif
