/* SPDX-License-Identifier: MIT */
/*
 * Files removed on SIGINT, SIGTERM or SIGHUP (the probe's scratch file,
 * -o's temporaries) before the process dies of the same signal.
 */
#ifndef SYNCGATE_CLEANUP_H
#define SYNCGATE_CLEANUP_H

#include <signal.h>

/* Installs the handlers; idempotent. */
void cleanup_install(void);
/* Makes handler the three's, all blocked in it; one ignored (nohup) stays. */
void cleanup_catch(void (*handler)(int));
/* Registers path (copied); a slot for cleanup_forget, or -1 past 16 at once. */
int cleanup_register(const char *path);

/* Hold and release the three round making a file and registering it. */
void cleanup_hold(sigset_t *old);
void cleanup_release(const sigset_t *old);
/* Unlinks every registered path; async-signal-safe, for a handler of its own. */
void cleanup_now(void);
/* Forgets a slot (after the file was removed or renamed); -1 is a no-op. */
void cleanup_forget(int slot);

#endif
