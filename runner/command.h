/* SPDX-License-Identifier: MIT */
/*
 * A benchmark command, run once by /bin/sh -c (runner/command.c).
 */
#ifndef SYNCGATE_RUNNER_COMMAND_H
#define SYNCGATE_RUNNER_COMMAND_H

#include <stddef.h>

#include "lib/err.h"

struct command_env {
	const char *name, *value;
};

struct command_spec {
	const char *command;
	const char *stdout_path;    /* its standard output goes here */
	const char *stderr_path;    /* and its standard error here */
	const struct command_env *env;  /* set for it; ended by a NULL name */
	int shielded;               /* 1: signals are not passed to it (a
	                               teardown that must stop a server even
	                               after Ctrl-C) */
	/*
	 * Unless 0: every every_ns, the command's process group is stopped
	 * (SIGSTOP), pause(ctx) is called, and the group continued
	 * (SIGCONT).  A pause that fails is not called again, and the
	 * command's outcome says so.
	 */
	double every_ns;
	int (*pause)(void *ctx, char *err);
	void *ctx;
};

struct command_outcome {
	int status;                 /* its exit status; 128 + N for signal N */
	int signal;                 /* the signal that ended it, or 0 */
	double elapsed_s;           /* its wall time, the pauses included */
	double paused_s;            /* of which, stopped for the pauses */
	long pauses;
	int pause_failed;           /* 1: a pause failed; pause_err says why */
	char pause_err[ERRLEN];
};

/*
 * Runs c, in a process group of its own that runner_catch's handler
 * passes signals to, pausing it as c says, and waits for it.  Returns 0 with out filled (a
 * command that failed is still 0 here), or -1 with err set when it could
 * not be started.
 */
int command_run(const struct command_spec *c, struct command_outcome *out,
    char *err);

/* The last n lines (4 KiB at most) of path into buf; "" if none. */
char *command_tail(const char *path, int n, char *buf, size_t len);

/* Removes dir and everything under it, links not followed. */
int command_remove_tree(const char *dir, char *err);

#endif
