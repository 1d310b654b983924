/* SPDX-License-Identifier: MIT */
/* Paths as text, where a link points, and which descriptor a name reaches. */
#ifndef SYNCGATE_PATH_H
#define SYNCGATE_PATH_H

/* What precedes path's last '/', "." or "/" (the caller frees). */
char *path_dir(const char *path);
/* The name after path's last '/' (path itself when it has none). */
const char *path_base(const char *path);
/* Whether a and b both exist and are one file (a link, "./x" and "x"). */
int path_same_file(const char *a, const char *b);
/* Where link path points, joined to its folder (the caller frees); or NULL. */
char *path_link_target(const char *path);

/*
 * The descriptor of ours path reaches (/dev/stdout, /dev/fd/N, our
 * /proc/PID/fd/N, through up to 40 links), open or not, to write through:
 * what the shell opened for `>` or `3>`.  -1 when none.
 */
int path_descriptor(const char *path);
/* Decodes in place the \ooo escapes of /proc/self/mountinfo. */
void path_unoctal(char *s);

#endif
