/* SPDX-License-Identifier: MIT */
/* A benchmark command by /bin/sh -c, its whole process tree ended with it. */
#ifndef SYNCGATE_RUNNER_COMMAND_H
#define SYNCGATE_RUNNER_COMMAND_H

#include "lib/err.h"

struct command_env {
	const char *name, *value;
};

struct command_spec {
	const char *command;
	const char *stdout_path;    /* its standard output goes here */
	const char *stderr_path;    /* and its standard error here */
	const struct command_env *env;  /* set for it; ended by a NULL name */
	int shielded;               /* signals not passed on: a teardown must
	                               stop a server even after Ctrl-C */
	int leave;                  /* what it leaves running stays (a --setup's
	                               server, the teardown's to stop) */
	double timeout_s;           /* 0: none; past it, TERM, then KILL */
	double grace_s;             /* from TERM to KILL */
	double every_ns;            /* unless 0: the group stopped for
	                               pause(ctx) this often, until one fails */
	int (*pause)(void *ctx, char *err);
	void *ctx;
};

struct command_outcome {
	int status, signal;         /* exit status, or 128 + N; signal N, or 0 */
	int timed_out;              /* 1: ended for running past timeout_s */
	double elapsed_s;           /* its wall time, the pauses included */
	double paused_s;            /* of which, stopped for the pauses */
	long pauses;
	int pause_failed;           /* 1: a pause failed; pause_err says why */
	char pause_err[ERRLEN];
};

/*
 * Runs c and waits for all it started (with c->leave, its shell alone);
 * what is left gets TERM, KILL grace_s later, as does the group after a
 * signal.  Returns 0 with out filled, or -1 with err set if it cannot start.
 */
int command_run(const struct command_spec *c, struct command_outcome *out,
    char *err);

#endif
