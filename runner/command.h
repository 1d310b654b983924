/* SPDX-License-Identifier: MIT */
/*
 * A benchmark command, run once by /bin/sh -c (runner/command.c), its
 * whole process tree the run's: ended when the command ends, when its
 * time is up, when syncgate is signalled, and when syncgate dies.
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
	                               after Ctrl-C); it has grace_s after one */
	int leave;                  /* 1: what it leaves running is left (a
	                               --setup's server, the teardown's to
	                               stop) */
	double timeout_s;           /* 0: none; past it, TERM, then KILL */
	double grace_s;             /* from TERM to KILL */
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
	int timed_out;              /* 1: ended for running past timeout_s */
	double elapsed_s;           /* its wall time, the pauses included */
	double paused_s;            /* of which, stopped for the pauses */
	long pauses;
	int pause_failed;           /* 1: a pause failed; pause_err says why */
	char pause_err[ERRLEN];
};

/*
 * Runs c and waits for it and for everything it started (but with
 * c->leave, for its shell alone).  A keeper
 * process stands between syncgate and the command: on Linux a subreaper,
 * so that what the command leaves behind is its child, and told of
 * syncgate's death.  When the command's shell ends, or syncgate dies, the
 * keeper sends TERM to its process group and to every process left
 * under it, and KILL after grace_s.  A signal noted in runner_signal is
 * passed to the group (unless shielded) and followed by KILL after
 * grace_s.  Returns 0 with out filled (a command that failed is still 0
 * here), or -1 with err set when it could not be started.
 */
int command_run(const struct command_spec *c, struct command_outcome *out,
    char *err);

#endif
