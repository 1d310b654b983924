/* SPDX-License-Identifier: MIT */
/* The filesystems syncgate knows by statfs's magic number and by name. */
#include <stddef.h>
#include <string.h>

#include "probe/fstype.h"

#ifdef __linux__
static const struct {
	unsigned long magic;
	const char *name;
} magics[] = {
	{ 0xEF53, "ext2/ext3/ext4" }, { 0x58465342, "xfs" },
	{ 0x9123683E, "btrfs" }, { 0x01021994, "tmpfs" },
	{ 0x858458F6, "ramfs" }, { 0x958458F6, "hugetlbfs" },
	{ 0x794C7630, "overlay" }, { 0x61756673, "aufs" },
	{ 0x6969, "nfs" }, { 0x517B, "smbfs" }, { 0xFE534D42, "smb2" },
	{ 0xFF534D42, "cifs" }, { 0x65735546, "fuse" }, { 0x01021997, "9p" },
	{ 0x2FC12FC1, "zfs" }, { 0xF2F52010, "f2fs" }, { 0x4D44, "vfat" },
	{ 0x2011BAB0, "exfat" }, { 0x5346544E, "ntfs" }, { 0x00C36400, "ceph" },
	{ 0xCA451A4E, "bcachefs" }, { 0x3153464A, "jfs" },
	{ 0x52654973, "reiserfs" }, { 0x3434, "nilfs2" },
	{ 0x73717368, "squashfs" }, { 0x15013346, "udf" },
	{ 0x4244, "hfs" }, { 0x482B, "hfsplus" },
};
#endif

const char *
fstype_name(unsigned long m)
{
#ifdef __linux__
	size_t i;

	for (i = 0; i < sizeof magics / sizeof magics[0]; i++)
		if (magics[i].magic == m)
			return magics[i].name;
#else
	(void)m;
#endif
	return NULL;
}

static int
in_list(const char *fs, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(fs, *list) == 0)
			return 1;
	return 0;
}

int
fstype_memory(const char *fs)
{
	static const char *const l[] = { "tmpfs", "ramfs", "devtmpfs",
	    "hugetlbfs", "shm", NULL };

	return fs != NULL && in_list(fs, l);
}

int
fstype_passthrough(const char *fs)
{
	static const char *const l[] = { "overlay", "overlayfs", "aufs", "9p",
	    "v9fs", "virtiofs", "fuse", "fuseblk", "nfs", "nfs4", "cifs", "smb",
	    "smb2", "smb3", "smbfs", "ceph", "glusterfs", "lustre", "gpfs",
	    "afs", "vboxsf", "vmhgfs", "prl_fs", "drvfs", "davfs", "webdav",
	    "sshfs", NULL };

	return fs != NULL && (in_list(fs, l) || strncmp(fs, "fuse.", 5) == 0);
}

int
fstype_block(const char *fs)
{
	static const char *const l[] = { "ext2", "ext3", "ext4", "ext2/ext3/ext4",
	    "xfs", "btrfs", "f2fs", "zfs", "jfs", "reiserfs", "bcachefs",
	    "nilfs2", "vfat", "msdos", "exfat", "ntfs", "ntfs3", "hfs",
	    "hfsplus", "apfs", "ufs", "udf", NULL };

	return fs != NULL && in_list(fs, l);
}

int
fstype_has_option(const char *opts, const char *opt)
{
	size_t n = strlen(opt);
	const char *p = opts;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, opt, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return 1;
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return 0;
}
