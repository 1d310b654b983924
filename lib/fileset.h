/* SPDX-License-Identifier: MIT */
/*
 * The files one command reads and the files it will write, so that no
 * output is one of its inputs or another of its outputs: every command
 * that writes checks each output here before it writes anything.
 */
#ifndef SYNCGATE_FILESET_H
#define SYNCGATE_FILESET_H

#include <stddef.h>
#include <sys/types.h>


/* What a name denotes, as far as "is this one file" goes. */
enum file_id_kind {
	FILE_ID_FD = 0,         /* NULL or "-" (descriptor 1), or a name that
	                         * reaches a descriptor (/dev/stdout, /dev/fd/3) */
	FILE_ID_FILE,           /* an existing regular file: dev, ino */
	FILE_ID_OTHER,          /* a device or a FIFO: dev, ino */
	FILE_ID_NEW             /* a file yet to be made: its folder's dev, ino and its name */
};

struct file_id {
	enum file_id_kind kind;
	dev_t dev;
	ino_t ino;
	char *base;             /* FILE_ID_NEW: the name it will get; else NULL */
	int fd;                 /* FILE_ID_FD: the descriptor */
	int known;              /* dev and ino are what the name (or the
	                         * descriptor) holds: not for FILE_ID_NEW, nor
	                         * a descriptor fstat cannot look at */
	int regular;            /* what it holds is a regular file */
	int null;               /* the null device, which takes any number */
};

struct fileset_entry {
	char *label;            /* how messages name it: "-o v.json", "ours.json" */
	int output;
	struct file_id id;
};

struct fileset {
	struct fileset_entry *v;
	size_t n, cap;
};

/*
 * Whether -o values a and b name one output, as file_id_same judges; a
 * name that cannot be looked at is taken as its own.  Returns 1 or 0.
 */
int fileset_same_output(const char *a, const char *b);

void fileset_init(struct fileset *s);
/* Frees what s holds (not s); accepts NULL. */
void fileset_free(struct fileset *s);

/*
 * Records path as read by the command; label names it in messages (NULL:
 * the path itself).  Only an existing regular file is kept: nothing can
 * be lost by writing over a device or a name that is not there.
 */
void fileset_input(struct fileset *s, const char *path, const char *label);


/*
 * Records an output after checking it: path (NULL or "-": standard
 * output) must not name a recorded input or an earlier output, nor be a
 * directory or a name in a missing folder.  label names it ("-o v.json",
 * "GITHUB_STEP_SUMMARY s.md") and purpose what it is for ("the verdict").
 * Returns 0, or -1 with err saying which output, which file it names and
 * what was expected; nothing is recorded then.
 */
int fileset_output(struct fileset *s, const char *path, const char *label,
    const char *purpose, char *err);

#endif
