/* SPDX-License-Identifier: MIT */
/*
 * The volume under a directory: its filesystem (statfs), mount
 * (mountinfo), block device (sysfs) and UUID (/dev/disk/by-uuid, else
 * the filesystem's own), each where this system can tell.
 */
#define _DARWIN_C_SOURCE /* gethostuuid, statfs names under _POSIX_C_SOURCE */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/ioctl.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#else
#include <sys/mount.h>
#include <sys/param.h>
#endif

#include "lib/err.h"
#include "lib/path.h"
#include "probe/blockdev.h"
#include "probe/fstype.h"
#include "probe/identity.h"
#include "probe/memdev.h"
#include "probe/volume.h"

struct mount_entry {
	char *point, *fstype, *source, *options;
	char *root;             /* the directory of the filesystem mounted there */
	unsigned major, minor;
};

/* Where no UUID is read: the device number and the root mount. */
static void
device_number_id(dev_t st_dev, const char *mp, struct probe_record *out)
{
	out->volume_id = xasprintf("dev:%u:%u@%s", (unsigned)major(st_dev),
	    (unsigned)minor(st_dev), mp ? mp : "?");
	out->volume_id_source = xstrdup("device-number");
}

#ifdef __linux__
static int
holds(const char *mp, const char *path)
{
	size_t n = strlen(mp);

	return strcmp(mp, "/") == 0 || (strncmp(path, mp, n) == 0 &&
	    (path[n] == '\0' || path[n] == '/'));
}

/* Mount and super options in one list, without repeats. */
static char *
merge_options(const char *a, const char *b)
{
	struct xlist out = { NULL, 0, 0 };
	char *copy = xstrdup(b), *tok, *save = NULL;

	xlist_add(&out, ",", a);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!fstype_has_option(out.s, tok))
			xlist_add(&out, ",", tok);
	free(copy);
	return out.s;
}

/* Splits one mountinfo line; 0 on success. */
static int
parse_line(char *line, struct mount_entry *e)
{
	char *f[6], *sep = strstr(line, " - "), *rest, *save = NULL;
	int i;

	if (sep == NULL)
		return -1;
	*sep = '\0';
	rest = sep + 3;
	for (i = 0; i < 6; i++) {
		f[i] = strtok_r(i == 0 ? line : NULL, " ", &save);
		if (f[i] == NULL)
			return -1;
	}
	if (sscanf(f[2], "%u:%u", &e->major, &e->minor) != 2)
		return -1;
	e->root = f[3];
	e->point = f[4];
	e->options = f[5];
	save = NULL;
	e->fstype = strtok_r(rest, " \n", &save);
	e->source = strtok_r(NULL, " \n", &save);
	if (e->fstype == NULL || e->source == NULL)
		return -1;
	rest = strtok_r(NULL, " \n", &save);
	e->options = merge_options(e->options, rest ? rest : "");
	path_unoctal(e->root);
	path_unoctal(e->point);
	path_unoctal(e->source);
	return 0;
}

static void
free_entry(struct mount_entry *e)
{
	free(e->point);
	free(e->fstype);
	free(e->source);
	free(e->options);
}

static void
copy_entry(struct mount_entry *dst, const struct mount_entry *src)
{
	free_entry(dst);
	dst->root = NULL;
	dst->point = identity_clean_path(src->point);
	dst->fstype = identity_clean(src->fstype, 64);
	dst->source = identity_clean(src->source, IDENTITY_MAX);
	dst->options = identity_clean(src->options, IDENTITY_MAX);
	dst->major = src->major;
	dst->minor = src->minor;
}

/*
 * Where the filesystem's root is mounted: one name for the volume however
 * it is reached (a bind mount names a subdirectory).  Of several, the
 * shortest, then the first in byte order, so every probe picks the same.
 */
static void
root_mount(const struct mount_entry *e, dev_t dev, char **canon)
{
	size_t n = strlen(e->point);

	if (e->major != major(dev) || e->minor != minor(dev) ||
	    strcmp(e->root, "/") != 0)
		return;
	if (*canon != NULL && (strlen(*canon) < n ||
	    (strlen(*canon) == n && strcmp(*canon, e->point) <= 0)))
		return;
	free(*canon);
	*canon = identity_clean_path(e->point);
}

/*
 * The mount holding path: of the same device first, the deepest, the
 * last among equals (it hides the others), or best zeroed where none
 * does; *canon as root_mount says.
 */
static void
find_mount(const char *path, dev_t dev, struct mount_entry *best, char **canon)
{
	FILE *fp = fopen("/proc/self/mountinfo", "re");
	char *line = NULL;
	size_t cap = 0, best_len = 0;
	int best_dev = -1;

	memset(best, 0, sizeof *best);
	*canon = NULL;
	if (fp == NULL)
		return;
	while (getline(&line, &cap, fp) > 0) {
		struct mount_entry e;
		size_t n;
		int same;

		if (parse_line(line, &e) < 0)
			continue;
		n = strlen(e.point);
		same = e.major == major(dev) && e.minor == minor(dev);
		if (holds(e.point, path) && (same > best_dev ||
		    (same == best_dev && n >= best_len))) {
			copy_entry(best, &e);
			best_len = n;
			best_dev = same;
		}
		root_mount(&e, dev, canon);
		free(e.options);
	}
	free(line);
	fclose(fp);
}

/* The kernel's word for the path wins, unless mountinfo says it finer. */
static char *
pick_fs(const char *statfs_name, const char *mount_type)
{
	if (mount_type == NULL)
		return statfs_name ? xstrdup(statfs_name) : NULL;
	if (statfs_name == NULL || strcmp(statfs_name, mount_type) == 0 ||
	    (strcmp(statfs_name, "ext2/ext3/ext4") == 0 &&
	    strncmp(mount_type, "ext", 3) == 0) ||
	    (strcmp(statfs_name, "fuse") == 0 && (strncmp(mount_type, "fuse", 4) == 0 ||
	    strcmp(mount_type, "virtiofs") == 0)) ||
	    (strcmp(statfs_name, "vfat") == 0 && strcmp(mount_type, "msdos") == 0) ||
	    ((strcmp(statfs_name, "cifs") == 0 || strcmp(statfs_name, "smb2") == 0) &&
	    (strcmp(mount_type, "cifs") == 0 || strcmp(mount_type, "smb3") == 0)))
		return xstrdup(mount_type);
	return xstrdup(statfs_name);
}

/* The block device number behind a mount: st_dev, or the source's node. */
static int
block_dev(dev_t st_dev, const char *source, dev_t *out)
{
	struct stat st;

	if (blockdev_known(st_dev) == 0)
		*out = st_dev;
	else if (source != NULL && strncmp(source, "/dev/", 5) == 0 &&
	    stat(source, &st) == 0 && S_ISBLK(st.st_mode))
		*out = st.st_rdev;
	else
		return -1;
	return 0;
}

static char *
sys_attr(const char *disk, const char *attr, size_t max)
{
	char buf[256];

	if (blockdev_attr(disk, attr, buf, sizeof buf) < 0 || buf[0] == '\0')
		return NULL;
	return identity_clean(buf, max);
}

/* A loop device backed by a file on NFS, FUSE...: its flushes end there. */
static void
passthrough_backing(dev_t dev, struct probe_record *out)
{
	struct blockdev_stack st;
	struct statfs sf;
	const char *fs;
	char why[512], *clean;

	blockdev_stack(dev, &st);
	if (st.loop[0] == '\0' || statfs(st.backing, &sf) != 0)
		return;
	fs = fstype_name((unsigned long)sf.f_type);
	if (!fstype_passthrough(fs))
		return;
	clean = identity_clean(st.backing, 200);
	snprintf(why, sizeof why, "%s is backed by %s, a file on %s", st.loop,
	    clean, fs);
	free(clean);
	out->passthrough_backed = identity_clean(why, 400);
}

static void
device_facts(dev_t dev, struct probe_record *out)
{
	char name[BLOCKDEV_NAME], disk[BLOCKDEV_NAME], why[512], *rot;
	int virtio = 0;

	if (blockdev_names(dev, name, disk, sizeof name, &virtio) < 0)
		return;
	out->device = identity_clean(name, 64);
	out->model = sys_attr(disk, "device/model", 128);
	out->write_cache = sys_attr(disk, "queue/write_cache", 32);
	rot = sys_attr(disk, "queue/rotational", 8);
	if (rot != NULL && (strcmp(rot, "0") == 0 || strcmp(rot, "1") == 0))
		out->rotational = rot[0] == '1';
	free(rot);
	if (virtio)
		identity_add_virt(&out->virt, "virtio disk");
	if (memdev_check(dev, why, sizeof why))
		out->memory_backed = identity_clean(why, 400);
	else
		passthrough_backing(dev, out);
}

/* The filesystem UUID whose /dev/disk/by-uuid link names dev. */
static char *
fs_uuid(dev_t dev)
{
	DIR *d = opendir("/dev/disk/by-uuid");
	struct dirent *e;
	char *found = NULL;

	if (d == NULL)
		return NULL;
	while (found == NULL && (e = readdir(d)) != NULL) {
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, 0) == 0 &&
		    S_ISBLK(st.st_mode) && st.st_rdev == dev)
			found = identity_clean(e->d_name, 64);
	}
	closedir(d);
	return found;
}

/*
 * FS_IOC_GETFSUUID (Linux 6.5 and later), for systems without udev's
 * /dev/disk/by-uuid, such as containers; older headers lack it.
 */
struct fsuuid_request {
	unsigned char len;
	unsigned char uuid[16];
};
#define GETFSUUID _IOR(0x15, 0, struct fsuuid_request)

static char *
fs_uuid_ioctl(int dirfd)
{
	struct fsuuid_request r;

	memset(&r, 0, sizeof r);
	if (ioctl(dirfd, GETFSUUID, &r) < 0 || r.len > sizeof r.uuid)
		return NULL;
	return identity_uuid(r.uuid, r.len);
}

static void
system_volume(int dirfd, const struct stat *st, struct probe_record *out,
    struct volume_block *vb)
{
	struct statfs sf;
	struct mount_entry m;
	char *canon, *uuid = NULL;

	find_mount(out->path, st->st_dev, &m, &canon);
	out->fs = pick_fs(fstatfs(dirfd, &sf) == 0 ?
	    fstype_name((unsigned long)sf.f_type) : NULL, m.fstype);
	out->mount_point = m.point;
	out->mount_options = m.options;
	vb->dev = 0;
	vb->known = block_dev(st->st_dev, m.source, &vb->dev) == 0;
	if (vb->known) {
		device_facts(vb->dev, out);
		uuid = fs_uuid(vb->dev);
	}
	if (uuid == NULL)
		uuid = fs_uuid_ioctl(dirfd);
	if (uuid == NULL)
		device_number_id(st->st_dev, canon != NULL ? canon :
		    out->mount_point, out);
	else {
		out->volume_id = uuid;
		out->volume_id_source = xstrdup("fs-uuid");
	}
	free(canon);
	free(m.fstype);
	free(m.source);
}
#else
/* macOS and the BSDs: statfs names the filesystem and its mount. */
static void
system_volume(int dirfd, const struct stat *st, struct probe_record *out,
    struct volume_block *vb)
{
	struct statfs sf;

	vb->known = 0;
	if (fstatfs(dirfd, &sf) == 0) {
		out->fs = identity_clean(sf.f_fstypename, 64);
		out->mount_point = identity_clean_path(sf.f_mntonname);
		out->device = identity_clean(sf.f_mntfromname, 64);
	}
	device_number_id(st->st_dev, out->mount_point, out);
}
#endif

/* DIR as given, when it is itself a symbolic link (trailing '/' aside). */
static void
note_symlink(const char *dir, struct probe_record *out)
{
	char *copy = xstrdup(dir);
	size_t n = strlen(copy);
	struct stat st;

	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	if (lstat(copy, &st) == 0 && S_ISLNK(st.st_mode))
		out->symlink = identity_clean_path(dir);
	free(copy);
}

int
volume_identify(const char *dir, int dirfd, struct probe_record *out,
    struct volume_block *vb, char *err)
{
	char *real;
	struct stat st;

	if (fstat(dirfd, &st) < 0 || (real = realpath(dir, NULL)) == NULL)
		return errf(err, "%s:", dir);
	out->path = identity_clean_path(real);
	free(real);
	note_symlink(dir, out);
	system_volume(dirfd, &st, out, vb);
	return 0;
}

int
volume_identify_dir(const char *dir, struct probe_record *out,
    struct volume_block *vb, char *err)
{
	int fd, rc;

	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return errf(err, "%s:", dir);
	rc = volume_identify(dir, fd, out, vb, err);
	close(fd);
	return rc;
}

int
volume_same(const char *dir, const struct probe_record *p, char *err)
{
	struct probe_record here;
	struct volume_block vb;
	int rc;

	probe_record_init(&here);
	rc = volume_identify_dir(dir, &here, &vb, err);
	if (rc == 0)
		rc = here.volume_id != NULL && p->volume_id != NULL &&
		    here.volume_id_source != NULL && p->volume_id_source != NULL &&
		    strcmp(here.volume_id, p->volume_id) == 0 &&
		    strcmp(here.volume_id_source, p->volume_id_source) == 0;
	probe_record_free(&here);
	return rc;
}
