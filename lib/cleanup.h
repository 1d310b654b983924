/* SPDX-License-Identifier: MIT */
/*
 * Files to remove if syncgate is interrupted (the probe's scratch file,
 * -o's temporaries): on SIGINT, SIGTERM or SIGHUP each registered path is
 * unlinked, then the process dies of the same signal.
 */
#ifndef SYNCGATE_CLEANUP_H
#define SYNCGATE_CLEANUP_H

#include <signal.h>

/* Installs the handlers; idempotent. */
void cleanup_install(void);
/* Makes handler the three's, all blocked in it; one ignored (nohup) stays so. */
void cleanup_catch(void (*handler)(int));
/* Registers path (copied); a slot for cleanup_forget, or -1 past 16 at once. */
int cleanup_register(const char *path);

/*
 * Holds the three back, then lets them through: a file made and registered
 * between is never on disk but not in the table.
 */
void cleanup_hold(sigset_t *old);
void cleanup_release(const sigset_t *old);
/* Unlinks every registered path; async-signal-safe, for a handler of its own. */
void cleanup_now(void);
/* Forgets a slot (after the file was removed or renamed); -1 is a no-op. */
void cleanup_forget(int slot);

#endif
