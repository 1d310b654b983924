/* SPDX-License-Identifier: MIT */
/*
 * One benchmark command run by /bin/sh -c in a process group of its own,
 * its standard output and error kept in files, standard input empty.  A
 * signal syncgate is sent while the command runs goes on to its group
 * (runner_catch), so Ctrl-C and a CI job's SIGTERM stop the benchmark
 * too, and syncgate waits for it before cleaning up.
 */
/* nftw */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/err.h"
#include "runner/command.h"
#include "runner/runner.h"

/* Opens path for the child's fd, or dies in the child. */
static void
redirect(const char *path, int fd, int flags)
{
	int f = open(path, flags, 0644);

	if (f < 0 || dup2(f, fd) < 0)
		_exit(126);
	if (f != fd)
		close(f);
}

/* The group stopped, c's pause taken, the group continued. */
static void
pause_group(const struct command_spec *c, pid_t pid, struct command_outcome *out)
{
	double t = clock_monotonic_ns();
	char perr[ERRLEN];

	kill(-pid, SIGSTOP);
	if (c->pause(c->ctx, perr) < 0) {
		out->pause_failed = 1;
		memcpy(out->pause_err, perr, sizeof out->pause_err);
	}
	kill(-pid, SIGCONT);
	out->pauses++;
	out->paused_s += (clock_monotonic_ns() - t) / 1e9;
}

/*
 * Waits for pid, pausing its group every c->every_ns (polled each
 * millisecond: a pause is a few syncs long, and a run a second or more).
 * Returns 0 with *st its status, or -1 with errno set.
 */
static int
wait_for(const struct command_spec *c, pid_t pid, double t0, int *st,
    struct command_outcome *out)
{
	const struct timespec ms = { 0, 1000000 };
	double next = t0 + c->every_ns;
	pid_t got;

	for (;;) {
		got = waitpid(pid, st, c->every_ns > 0 ? WNOHANG : 0);
		if (got == pid)
			return 0;
		if (got < 0 && errno != EINTR)
			return -1;
		if (got != 0 || c->every_ns <= 0)
			continue;
		if (clock_monotonic_ns() >= next && !out->pause_failed &&
		    runner_signal == 0) {
			pause_group(c, pid, out);
			next = clock_monotonic_ns() + c->every_ns;
		}
		nanosleep(&ms, NULL);
	}
}

int
command_run(const struct command_spec *c, struct command_outcome *out, char *err)
{
	double t0 = clock_monotonic_ns();
	sigset_t all, old;
	pid_t pid;
	int st, i;

	memset(out, 0, sizeof *out);
	/* no signal between the fork and runner_child naming the group */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	pid = fork();
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return errf(err, "fork:");
	}
	if (pid == 0) {
		struct sigaction dfl;

		setpgid(0, 0);
		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		sigaction(SIGINT, &dfl, NULL);
		sigaction(SIGTERM, &dfl, NULL);
		sigaction(SIGHUP, &dfl, NULL);
		sigaction(SIGPIPE, &dfl, NULL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		redirect("/dev/null", 0, O_RDONLY);
		redirect(c->stdout_path, 1, O_WRONLY | O_CREAT | O_TRUNC);
		if (strcmp(c->stderr_path, c->stdout_path) == 0) {
			if (dup2(1, 2) < 0)
				_exit(126);
		} else {
			redirect(c->stderr_path, 2, O_WRONLY | O_CREAT | O_TRUNC);
		}
		for (i = 0; c->env[i].name != NULL; i++)
			if (setenv(c->env[i].name, c->env[i].value, 1) < 0)
				_exit(126);
		execl("/bin/sh", "sh", "-c", c->command, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	if (!c->shielded) {
		runner_child = pid;
		/* a signal that came before the group was named goes on to it now */
		if (runner_signal != 0)
			kill(-pid, runner_signal);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (wait_for(c, pid, t0, &st, out) < 0) {
		runner_child = 0;
		return errf(err, "waitpid:");
	}
	runner_child = 0;
	out->elapsed_s = (clock_monotonic_ns() - t0) / 1e9;
	if (WIFEXITED(st)) {
		out->status = WEXITSTATUS(st);
	} else {
		out->signal = WTERMSIG(st);
		out->status = 128 + out->signal;
	}
	return 0;
}

/*
 * The last lines of path, at most n of them and 4 KiB, into buf (len
 * bytes): what a failed command said last.  "" when it said nothing.
 */
char *
command_tail(const char *path, int n, char *buf, size_t len)
{
	char tmp[4096];
	ssize_t got = 0;
	off_t size;
	size_t k;
	int fd = open(path, O_RDONLY | O_CLOEXEC), lines = 0;

	buf[0] = '\0';
	if (fd < 0)
		return buf;
	size = lseek(fd, 0, SEEK_END);
	if (size > 0) {
		off_t from = size > (off_t)sizeof tmp ? size - (off_t)sizeof tmp : 0;

		got = pread(fd, tmp, sizeof tmp, from);
	}
	close(fd);
	if (got <= 0)
		return buf;
	k = (size_t)got;
	while (k > 0 && tmp[k - 1] == '\n')
		k--;
	while (k > 0) {
		size_t at = k;

		while (at > 0 && tmp[at - 1] != '\n')
			at--;
		if (++lines == n || at == 0) {
			k = at;
			break;
		}
		k = at - 1;
	}
	snprintf(buf, len, "%.*s", (int)((size_t)got - k), tmp + k);
	k = strlen(buf);
	while (k > 0 && buf[k - 1] == '\n')
		buf[--k] = '\0';
	return buf;
}

static int
remove_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)f;
	if (flag == FTW_DP)
		return rmdir(path) < 0 ? -1 : 0;
	return unlink(path) < 0 ? -1 : 0;
}

int
command_remove_tree(const char *dir, char *err)
{
	if (nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS) < 0)
		return errf(err, "%s: cannot remove the run's directory:", dir);
	return 0;
}
