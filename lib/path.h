/* SPDX-License-Identifier: MIT */
/*
 * Paths as text, and the two questions about one that need the file
 * system: where a link points, and which open descriptor a name such as
 * /dev/stdout reaches.
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

/*
 * Where the link path points, joined to the link's folder when the
 * target is relative (the caller frees); NULL when path is not a link.
 */
char *path_link_target(const char *path);

/*
 * The descriptor of this process that path reaches: /dev/stdout,
 * /dev/stderr, /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N with our own
 * PID, or a link (through any number of links, up to 40) to one of
 * them.  Such a name is the file the shell opened for `>`, `>>` or
 * `3>`, to be written through that descriptor, never replaced.  Returns
 * the descriptor's number, or -1 when path reaches none (whether or not
 * the descriptor is open is not looked at).
 */
int path_descriptor(const char *path);

/*
 * Decodes in place the \ooo escapes /proc/self/mountinfo writes for a
 * space, a tab, a newline and a backslash in a path.
 */
void path_unoctal(char *s);

#endif
