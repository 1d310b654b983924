/* SPDX-License-Identifier: MIT */
/*
 * Whether a block device keeps its data in memory (RAM disks, null_blk,
 * loop or stacked devices on those or on a memory filesystem): it answers
 * flushes, may say "write through", yet nothing survives a power cut.
 */
#ifndef SYNCGATE_PROBE_MEMDEV_H
#define SYNCGATE_PROBE_MEMDEV_H

#include <sys/types.h>

/* 1 with why set when dev keeps its data in memory, else 0 (or untold). */
int memdev_check(dev_t dev, char *why, size_t len);

/* The same for a whole disk named as in /sys/block ("loop0", "zram0"). */
int memdev_check_disk(const char *disk, char *why, size_t len);

#endif
