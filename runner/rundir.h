/* SPDX-License-Identifier: MIT */
/*
 * A run's directory, the one implementation for syncgate run's commands
 * and syncgate-bench's engines: DIR/PREFIX.NAME.PID.XXXXXX, made fresh,
 * held with a shared flock while in use, removed afterwards without ever
 * crossing into another mount, and the leftovers of processes that are
 * gone swept before a new one is made.
 */
#ifndef SYNCGATE_RUNNER_RUNDIR_H
#define SYNCGATE_RUNNER_RUNDIR_H

#include "lib/err.h"

/* The prefixes of the two tools' directories; a sweep knows both. */
#define RUNDIR_RUN "syncgate-run."
#define RUNDIR_BENCH "syncgate-bench."

struct rundir {
	char *path;                 /* absolute; NULL once removed */
	int fd;                     /* the directory, flocked shared */
};

/*
 * Sweeps dir (see rundir_sweep), then makes dir/PREFIX.NAME.PID.XXXXXX
 * and holds it.  dir should be absolute: the path is handed to commands
 * that may change directory.  Returns 0, or -1 with err set.
 */
int rundir_make(struct rundir *d, const char *dir, const char *prefix,
    const char *name, char *err);

/*
 * Removes the directory and everything under it, links not followed, and
 * never anything below a mount point inside it (a bind mount or a tmpfs
 * a command left there): such a mount and the folders above it stay.
 * A directory already gone (a tidy command removed it) is removed.
 * Returns 0, or -1 with err saying what was left and why; either way d
 * is released.
 */
int rundir_remove(struct rundir *d, char *err);

/*
 * Removes from dir every run directory of either prefix whose process is
 * gone (no such pid here) and that no one holds (an exclusive flock is
 * granted), owned by this user, each said on standard error.
 */
void rundir_sweep(const char *dir);

#endif
