/* SPDX-License-Identifier: MIT */
/*
 * Filesystem types: statfs's magic numbers' names, and whether one keeps
 * files in memory, hands syncs out of this kernel's sight (network, FUSE,
 * overlay), or sits on a local block device.
 */
#ifndef SYNCGATE_PROBE_FSTYPE_H
#define SYNCGATE_PROBE_FSTYPE_H

/* The name of statfs's f_type (Linux), or NULL when unknown. */
const char *fstype_name(unsigned long magic);

/* Each false for NULL. */
int fstype_memory(const char *fs);
int fstype_passthrough(const char *fs);
int fstype_block(const char *fs);

/* Whether a comma-separated list (or NULL) holds opt as a whole token. */
int fstype_has_option(const char *opts, const char *opt);

#endif
