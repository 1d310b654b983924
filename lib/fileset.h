/* SPDX-License-Identifier: MIT */
/*
 * The files a command reads and will write, so that no output is an input
 * or another output: each is checked here before anything is written.
 */
#ifndef SYNCGATE_FILESET_H
#define SYNCGATE_FILESET_H

#include <stddef.h>

struct fileset {
	struct fileset_entry *v;
	size_t n, cap;
};

/* Whether -o values a and b name one output (one not looked at is its own). */
int fileset_same_output(const char *a, const char *b);
void fileset_init(struct fileset *s);
/* Frees what s holds (not s); accepts NULL. */
void fileset_free(struct fileset *s);

/*
 * Records path as read, label (NULL: path) naming it in messages.  Only a
 * regular file is kept: writing over a device or nothing loses nothing.
 */
void fileset_input(struct fileset *s, const char *path, const char *label);

/*
 * Records an output (NULL or "-": stdout) naming no input or earlier
 * output, no directory, no missing folder; label names it ("-o v.json"),
 * purpose what it is for ("the verdict").  0, or -1 with err, unrecorded.
 */
int fileset_output(struct fileset *s, const char *path, const char *label,
    const char *purpose, char *err);

#endif
