/* SPDX-License-Identifier: MIT */
/*
 * Reading an input file whole, within a size limit: a regular file over
 * the limit is refused by its size before anything is read, and a pipe
 * or a device is read at most one byte past it.
 */
#ifndef SYNCGATE_READFILE_H
#define SYNCGATE_READFILE_H

#include <stddef.h>

/*
 * Reads path into *buf (*len bytes, NUL-terminated past them; the caller
 * frees).  expected names what path should be ("a JSON file"), and what
 * the limit is for ("JSON input"), in messages.  Returns 0, or -1 with
 * err set and *buf NULL.
 */
int read_bounded(const char *path, size_t limit, const char *expected,
    const char *what, char **buf, size_t *len, char *err);

/*
 * Reads a small file (a sysfs attribute) whole into buf (len bytes),
 * trailing newlines and spaces cut.  Returns 0, or -1 if unreadable.
 */
int read_small(const char *path, char *buf, size_t len);

/* The last n lines (4 KiB at most) of path into buf (len bytes); "" if none. */
char *read_tail(const char *path, int n, char *buf, size_t len);

#endif
