/* SPDX-License-Identifier: MIT */
/*
 * A slot is written before it is marked live: the handler reads whole
 * paths only and calls nothing but unlink, signal and raise.
 */
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "lib/cleanup.h"

#define SLOTS 16
#define PATHMAX 4096

static char paths[SLOTS][PATHMAX];
static volatile sig_atomic_t live[SLOTS];
static int installed;

void
cleanup_now(void)
{
	int i;

	for (i = 0; i < SLOTS; i++)
		if (live[i])
			unlink(paths[i]);
}

static void
on_signal(int sig)
{
	cleanup_now();
	signal(sig, SIG_DFL);
	raise(sig);
}

void
cleanup_hold(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, old);
}

void
cleanup_release(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

void
cleanup_catch(void (*handler)(int))
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) < 0 || old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

void
cleanup_install(void)
{
	if (installed)
		return;
	installed = 1;
	cleanup_catch(on_signal);
}

int
cleanup_register(const char *path)
{
	size_t n = strlen(path);
	int i;

	if (n >= PATHMAX)
		return -1;
	for (i = 0; i < SLOTS; i++)
		if (!live[i]) {
			memcpy(paths[i], path, n + 1);
			atomic_signal_fence(memory_order_seq_cst);
			live[i] = 1;
			return i;
		}
	return -1;
}

void
cleanup_forget(int slot)
{
	if (slot >= 0 && slot < SLOTS)
		live[slot] = 0;
}
