/* SPDX-License-Identifier: MIT */
/*
 * A run's directory for both tools, DIR/PREFIX.NAME.PID.XXXXXX, flocked
 * while in use, removed without crossing a mount, dead processes' swept.
 */
#ifndef SYNCGATE_RUNNER_RUNDIR_H
#define SYNCGATE_RUNNER_RUNDIR_H

/* The two tools' prefixes; a sweep knows both. */
#define RUNDIR_RUN "syncgate-run."
#define RUNDIR_BENCH "syncgate-bench."

struct rundir {
	char *path;                 /* absolute; NULL once removed */
	int fd;                     /* the directory, flocked shared */
};

/*
 * Sweeps dir, then makes a run directory there and holds it; dir absolute,
 * as commands may change directory.  Returns 0, or -1 with err set.
 */
int rundir_make(struct rundir *d, const char *dir, const char *prefix,
    const char *name, char *err);

/*
 * Removes the directory, links not followed, nothing below a mount in it (a
 * bind mount or tmpfs a command left).  Returns 0 (gone already too), or -1
 * with err saying what was left; either way d is released.
 */
int rundir_remove(struct rundir *d, char *err);

/* Removes dir's run directories of our user whose process is gone, unheld. */
void rundir_sweep(const char *dir);

#endif
