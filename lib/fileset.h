/* SPDX-License-Identifier: MIT */
/*
 * The files one command reads and the files it will write, so that no
 * output is one of its inputs or another of its outputs: every command
 * that writes checks each output here before it writes anything.
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
 * Records an output (NULL or "-": standard output) after checking that it
 * names no input or earlier output, no directory and no missing folder.
 * label names it ("-o v.json"), purpose what it is for ("the verdict").
 * Returns 0, or -1 with err set and nothing recorded.
 */
int fileset_output(struct fileset *s, const char *path, const char *label,
    const char *purpose, char *err);

#endif
