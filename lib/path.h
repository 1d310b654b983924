/* SPDX-License-Identifier: MIT */
/*
 * Paths as text.
 */
#ifndef SYNCGATE_PATH_H
#define SYNCGATE_PATH_H

/*
 * The folder part of path (the caller frees): "." for a bare name, "/"
 * for a name in the root, else everything before the last '/'.
 */
char *path_dir(const char *path);

/* The name after path's last '/' (path itself when it has none). */
const char *path_base(const char *path);

#endif
