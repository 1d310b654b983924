/* SPDX-License-Identifier: MIT */
/*
 * Every command that writes checks that it writes over nothing it read and
 * no file twice, comparing files by device and inode, never by name.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/path.h"

/* Links followed to find the name a dangling one would create. */
#define MAX_LINKS 16

/* What a name denotes, as far as "is this one file" goes. */
struct file_id {
	enum {
		FILE_ID_FD = 0, /* "-", or a name that reaches a descriptor */
		FILE_ID_FILE,   /* an existing regular file */
		FILE_ID_OTHER,  /* a device or a FIFO */
		FILE_ID_NEW     /* a file yet to be made: its folder's dev, ino */
	} kind;
	dev_t dev;
	ino_t ino;
	char *base;     /* FILE_ID_NEW: the name it will get; else NULL */
	int fd;         /* FILE_ID_FD: the descriptor */
	int known;      /* dev and ino are what it holds (not FILE_ID_NEW) */
	int regular;    /* what it holds is a regular file */
	int null;       /* the null device, which takes any number */
};

struct fileset_entry {
	char *label;    /* how messages name it: "-o v.json", "ours.json" */
	int output;
	struct file_id id;
};

static void
identify(struct file_id *id, const struct stat *st)
{
	struct stat null;

	id->dev = st->st_dev;
	id->ino = st->st_ino;
	id->known = 1;
	id->regular = S_ISREG(st->st_mode);
	id->null = S_ISCHR(st->st_mode) && stat("/dev/null", &null) == 0 &&
	    S_ISCHR(null.st_mode) && null.st_rdev == st->st_rdev;
}

/* The descriptor "-" or /dev/stdout reaches, which must be open for writing. */
static int
descriptor(struct file_id *id, int fd, const char *label, char *err)
{
	struct stat st;
	int fl = fcntl(fd, F_GETFL);

	id->kind = FILE_ID_FD;
	id->fd = fd;
	if (fl < 0)
		return errf(err, "%s: descriptor %d is not open; expected one the "
		    "shell opened for writing (>FILE, >>FILE, %d>FILE)", label, fd,
		    fd);
	if ((fl & O_ACCMODE) == O_RDONLY)
		return errf(err, "%s: descriptor %d is open for reading only; "
		    "expected one open for writing", label, fd);
	if (fstat(fd, &st) == 0)
		identify(id, &st);
	return 0;
}

/* A file yet to be made at path: its folder's identity and its name. */
static int
new_file(struct file_id *id, const char *path, const char *label, char *err)
{
	struct stat st;
	char *dir = path_dir(path);
	int rc = 0;

	if (stat(dir, &st) < 0)
		rc = errf(err, "%s: its folder %s:", label, dir);
	else if (!S_ISDIR(st.st_mode))
		rc = errf(err, "%s: %s is not a folder; expected a file in one",
		    label, dir);
	else
		*id = (struct file_id){ .kind = FILE_ID_NEW, .dev = st.st_dev,
		    .ino = st.st_ino, .base = xstrdup(path_base(path)) };
	free(dir);
	return rc;
}

/*
 * What path denotes: links followed, a dangling one to what it would
 * create, a file yet to be made by folder and name.  0, or -1 with err.
 */
static int
file_id_of(struct file_id *id, const char *path, const char *label, char *err)
{
	struct stat st;
	char *cur, *next;
	int hops, rc, fd;

	memset(id, 0, sizeof *id);
	if (path == NULL || strcmp(path, "-") == 0) {
		/* standard output closed or read-only fails when written, as ever */
		if (descriptor(id, STDOUT_FILENO, label, err) < 0)
			memset(id, 0, sizeof *id);
		id->fd = STDOUT_FILENO;
		return 0;
	}
	if (path[0] == '\0')
		return errf(err, "%s: the name is empty; expected a file to write",
		    label);
	if ((fd = path_descriptor(path)) >= 0)
		return descriptor(id, fd, label, err);
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return errf(err, "%s: is a directory; expected a file to "
			    "write", label);
		id->kind = S_ISREG(st.st_mode) ? FILE_ID_FILE : FILE_ID_OTHER;
		identify(id, &st);
		return 0;
	}
	if (errno != ENOENT)
		return errf(err, "%s:", label);
	/* a dangling link: the file made is the one it names */
	cur = xstrdup(path);
	for (hops = 0; hops < MAX_LINKS && (next = path_link_target(cur)) != NULL; hops++) {
		free(cur);
		cur = next;
	}
	rc = new_file(id, cur, label, err);
	free(cur);
	return rc;
}

/*
 * One descriptor ("-" and /dev/stdout), one file, FIFO or device by device
 * and inode (links, "./x" and "x", where `>` sent standard output), or one
 * name in one folder yet to be made.  The null device takes any number.
 */
static int
file_id_same(const struct file_id *a, const struct file_id *b)
{
	if (a->kind == FILE_ID_FD && b->kind == FILE_ID_FD && a->fd == b->fd)
		return 1;
	if (a->kind == FILE_ID_NEW || b->kind == FILE_ID_NEW)
		return a->kind == b->kind && a->dev == b->dev && a->ino == b->ino &&
		    strcmp(a->base, b->base) == 0;
	return a->known && b->known && !a->null && a->dev == b->dev &&
	    a->ino == b->ino;
}

int
fileset_same_output(const char *a, const char *b)
{
	struct file_id ia, ib;
	char err[ERRLEN];
	int same;

	if (file_id_of(&ia, a, "-o", err) < 0)
		return 0;
	same = file_id_of(&ib, b, "-o", err) == 0 && file_id_same(&ia, &ib);
	free(ia.base);
	free(ib.base);
	return same;
}

void
fileset_init(struct fileset *s)
{
	memset(s, 0, sizeof *s);
}

void
fileset_free(struct fileset *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->v[i].label);
		free(s->v[i].id.base);
	}
	free(s->v);
	fileset_init(s);
}

static void
add(struct fileset *s, const char *label, int output, const struct file_id *id)
{
	xgrow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n++] = (struct fileset_entry){ .label = xstrdup(label),
	    .output = output, .id = *id };
}

void
fileset_input(struct fileset *s, const char *path, const char *label)
{
	struct file_id id = { .kind = FILE_ID_FILE };
	struct stat st;

	if (path == NULL || stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return;
	identify(&id, &st);
	add(s, label != NULL ? label : path, 0, &id);
}

int
fileset_output(struct fileset *s, const char *path, const char *label,
    const char *purpose, char *err)
{
	struct file_id id;
	size_t i;

	if (file_id_of(&id, path, label, err) < 0)
		return -1;
	for (i = 0; i < s->n; i++) {
		const struct fileset_entry *e = &s->v[i];

		/* an input is one regular file, however reached */
		if (e->output ? file_id_same(&id, &e->id) : id.known && id.regular &&
		    id.dev == e->id.dev && id.ino == e->id.ino) {
			free(id.base);
			return errf(err, "%s names %s %s; expected another file for %s",
			    label, e->output ? "the same file as" : "the input", e->label,
			    purpose);
		}
	}
	add(s, label, 1, &id);
	return 0;
}
