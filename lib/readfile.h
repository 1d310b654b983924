/* SPDX-License-Identifier: MIT */
/*
 * Reading an input file whole within a limit: a regular file over it is
 * refused by its size, a pipe or a device read at most a byte past it.
 */
#ifndef SYNCGATE_READFILE_H
#define SYNCGATE_READFILE_H

#include <stddef.h>

/*
 * Reads path into *buf (*len bytes and a NUL; the caller frees); expected
 * ("a JSON file") and what ("JSON input") word messages.  0, or -1 and err.
 */
int read_bounded(const char *path, size_t limit, const char *expected,
    const char *what, char **buf, size_t *len, char *err);
/* A sysfs attribute into buf, trailing newlines and spaces cut; 0 or -1. */
int read_small(const char *path, char *buf, size_t len);
/* The last n lines (4 KiB at most) of path into buf (len bytes); "" if none. */
char *read_tail(const char *path, int n, char *buf, size_t len);

#endif
