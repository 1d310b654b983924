/* SPDX-License-Identifier: MIT */
/*
 * Not nftw: without FTW_MOUNT it deletes a mounted tree, and with it still
 * crosses a bind mount of the same filesystem.  A mount is known by its
 * device and by /proc/self/mountinfo (read once), which names bind mounts.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/path.h"
#include "lib/tree.h"

/* What one removal found it could not remove: the first such, said. */
struct walk {
	char **mounts;          /* strictly below the tree, escapes decoded */
	size_t nmounts;
	dev_t dev;
	char left[ERRLEN];
};

static void
mounts_below(struct walk *w, const char *root)
{
	char line[8192], *f, *save;
	size_t len = strlen(root);
	FILE *fp = fopen("/proc/self/mountinfo", "re");
	int i;

	if (fp == NULL)
		return;
	while (fgets(line, sizeof line, fp) != NULL) {
		/* id parent major:minor root MOUNT-POINT ... */
		for (i = 0, f = strtok_r(line, " ", &save); f != NULL && i < 4; i++)
			f = strtok_r(NULL, " ", &save);
		if (f == NULL)
			continue;
		path_unoctal(f);
		if (strncmp(f, root, len) != 0 || f[len] != '/')
			continue;
		w->mounts = xrealloc(w->mounts, (w->nmounts + 1) * sizeof *w->mounts);
		w->mounts[w->nmounts++] = xstrdup(f);
	}
	fclose(fp);
}

static void
leave(struct walk *w, const char *path, const char *why)
{
	if (w->left[0] == '\0')
		snprintf(w->left, sizeof w->left, "%.900s: %.100s", path, why);
}

static int
is_mount(const struct walk *w, const char *path, const struct stat *st)
{
	size_t i;

	if (st->st_dev != w->dev)
		return 1;
	for (i = 0; i < w->nmounts; i++)
		if (strcmp(w->mounts[i], path) == 0)
			return 1;
	return 0;
}

/* Opens folder name in fd, first to us if left unreadable (it is the run's). */
static int
open_dir(int fd, const char *name)
{
	int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (sub < 0 && errno == EACCES &&
	    fchmodat(fd, name, S_IRWXU, 0) == 0)
		sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	return sub;
}

/* Empties the folder fd (at path), depth first, never into a mount. */
static void
empty(struct walk *w, int fd, const char *path)
{
	char sub_path[PATH_MAX];
	struct dirent *e;
	struct stat st;
	DIR *dp;
	int sub, dfd = dup(fd);

	if (dfd < 0 || (dp = fdopendir(dfd)) == NULL) {
		if (dfd >= 0)
			close(dfd);
		leave(w, path, strerror(errno));
		return;
	}
	while ((e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if ((size_t)snprintf(sub_path, sizeof sub_path, "%s/%s", path,
		    e->d_name) >= sizeof sub_path) {
			leave(w, path, "a name in it is too long to remove");
			continue;
		}
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (!S_ISDIR(st.st_mode)) {
			if (unlinkat(fd, e->d_name, 0) < 0 && errno != ENOENT)
				leave(w, sub_path, strerror(errno));
			continue;
		}
		if (is_mount(w, sub_path, &st)) {
			leave(w, sub_path, "a mount, left as it is with what is on it");
			continue;
		}
		if ((sub = open_dir(fd, e->d_name)) < 0) {
			leave(w, sub_path, strerror(errno));
			continue;
		}
		empty(w, sub, sub_path);
		close(sub);
		if (unlinkat(fd, e->d_name, AT_REMOVEDIR) < 0 && errno != ENOENT)
			leave(w, sub_path, strerror(errno));
	}
	closedir(dp);
}

int
tree_remove(const char *dir, char *err)
{
	struct walk w;
	struct stat st;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0 && errno == ENOENT)
		return 0;
	if (fd < 0 || fstat(fd, &st) < 0) {
		if (fd >= 0)
			close(fd);
		return errf(err, "%s: cannot remove the run's directory:", dir);
	}
	memset(&w, 0, sizeof w);
	w.dev = st.st_dev;
	mounts_below(&w, dir);
	empty(&w, fd, dir);
	close(fd);
	strv_free(w.mounts, w.nmounts);
	if (rmdir(dir) < 0 && errno != ENOENT && w.left[0] == '\0')
		leave(&w, dir, strerror(errno));
	return w.left[0] != '\0' ? errf(err, "%s: left in place: %s", dir, w.left) : 0;
}

