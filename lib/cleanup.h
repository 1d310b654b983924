/* SPDX-License-Identifier: MIT */
/*
 * Files to remove if syncgate is interrupted: the probe's scratch file
 * and the temporary names of -o outputs.  On SIGINT, SIGTERM or SIGHUP
 * the handler unlinks every registered path, then dies of the
 * same signal.
 */
#ifndef SYNCGATE_CLEANUP_H
#define SYNCGATE_CLEANUP_H

#include <signal.h>

/* Installs the handlers; idempotent. */
void cleanup_install(void);

/*
 * Makes handler SIGINT's, SIGTERM's and SIGHUP's, every signal blocked
 * while it runs; a signal the parent ignores (nohup, a shell's
 * background job) stays ignored.
 */
void cleanup_catch(void (*handler)(int));

/*
 * Registers a path (copied) to unlink on a signal; returns a slot for
 * cleanup_forget, or -1 when the table is full (at most 16 at once).
 */
int cleanup_register(const char *path);

/*
 * Holds SIGINT, SIGTERM and SIGHUP back, saving the old mask in *old,
 * and lets them through again.  A file is created and registered between
 * the two, so no signal finds it on disk but not in the table.
 */
void cleanup_hold(sigset_t *old);
void cleanup_release(const sigset_t *old);

/* Unlinks every registered path; async-signal-safe, for a handler of its own. */
void cleanup_now(void);

/* Forgets a slot (after the file was removed or renamed); -1 is a no-op. */
void cleanup_forget(int slot);

#endif
