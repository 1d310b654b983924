/* SPDX-License-Identifier: MIT */
/*
 * A command by /bin/sh -c in its own process group, under a keeper (a fork
 * of ours that waits and ends what the command left): a daemon leaving the
 * group still reaches it on Linux, a subreaper, and our KILL reaches it as
 * its parent-death signal or a changed parent (polled).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "lib/clock.h"
#include "lib/err.h"
#include "runner/command.h"
#include "runner/runner.h"

/* How often the keeper looks at its tree, and we at the keeper. */
#define KEEPER_POLL_NS 5000000L
#define WAIT_POLL_NS 1000000L

static volatile sig_atomic_t orphaned;

static void
on_orphan(int sig)
{
	(void)sig;
	orphaned = 1;
}

/* A signal sent to syncgate's group (Ctrl-C) is syncgate's to pass on. */
static void
on_nothing(int sig)
{
	(void)sig;
}

static void
nap(long ns)
{
	struct timespec t = { 0, ns };

	nanosleep(&t, NULL);
}

/* path as the child's fd, or the child dies. */
static void
redirect(const char *path, int fd, int flags)
{
	int f = open(path, flags, 0644);

	if (f < 0 || dup2(f, fd) < 0)
		_exit(126);
	if (f != fd)
		close(f);
}

/* The command itself, in the keeper's child: never returns. */
static void
child(const struct command_spec *c, const sigset_t *old)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1 };
	size_t i;
	int k;

	setpgid(0, 0);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
	sigprocmask(SIG_SETMASK, old, NULL);
	redirect("/dev/null", 0, O_RDONLY);
	redirect(c->stdout_path, 1, O_WRONLY | O_CREAT | O_TRUNC);
	if (strcmp(c->stderr_path, c->stdout_path) != 0)
		redirect(c->stderr_path, 2, O_WRONLY | O_CREAT | O_TRUNC);
	else if (dup2(1, 2) < 0)
		_exit(126);
	for (k = 0; c->env[k].name != NULL; k++)
		if (setenv(c->env[k].name, c->env[k].value, 1) < 0)
			_exit(126);
	execl("/bin/sh", "sh", "-c", c->command, (char *)NULL);
	_exit(127);
}

/* sig to the group and, on Linux, to the daemons that came to the keeper. */
static void
signal_tree(pid_t group, int sig)
{
#ifdef __linux__
	char path[300], buf[512], *close_paren;
	struct dirent *e;
	DIR *dp;
	FILE *fp;
	long ppid;
#endif

	kill(-group, sig);
#ifdef __linux__
	if ((dp = opendir("/proc")) == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		if ((fp = fopen(path, "re")) == NULL)
			continue;
		/* pid (comm) state ppid: comm may hold anything but the last ')' */
		if (fgets(buf, sizeof buf, fp) != NULL &&
		    (close_paren = strrchr(buf, ')')) != NULL &&
		    sscanf(close_paren + 1, " %*c %ld", &ppid) == 1 &&
		    (pid_t)ppid == getpid())
			kill((pid_t)atol(e->d_name), sig);
		fclose(fp);
	}
	closedir(dp);
#endif
}

/* Reaps until nothing is left (leave: the shell); the shell's status, or -1. */
static int
keep(pid_t pid, double grace_s, pid_t boss, int leave)
{
	double ending = 0, last = 0, t;
	int st, status = -1;
	pid_t got;

	for (;;) {
		while ((got = waitpid(-1, &st, WNOHANG)) > 0)
			if (got == pid)
				status = st;
		if ((got < 0 && errno == ECHILD) || (leave && status != -1))
			return status;
		t = clock_monotonic_ns();
		if (ending == 0 && (status != -1 || orphaned || getppid() != boss)) {
			ending = t;
			last = t;
			signal_tree(pid, SIGTERM);
		} else if (ending > 0 && t - ending >= grace_s * 1e9) {
			signal_tree(pid, SIGKILL);
		} else if (ending > 0 && t - last >= 100e6) {
			/* what came to us since: a daemon whose parent ended */
			last = t;
			signal_tree(pid, SIGTERM);
		}
		nap(KEEPER_POLL_NS);
	}
}

/* The keeper: never returns.  wfd gets the command's pid, then its status. */
static void
keeper(const struct command_spec *c, int wfd, pid_t boss, const sigset_t *old)
{
	struct sigaction sa = { .sa_handler = on_nothing };
	pid_t pid;
	int status;

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_orphan;
	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
#ifdef __linux__
	if (!c->leave)
		prctl(PR_SET_CHILD_SUBREAPER, 1);
	prctl(PR_SET_PDEATHSIG, SIGUSR1);
#endif
	if (getppid() != boss)
		orphaned = 1;
	if ((pid = fork()) < 0)
		_exit(126);
	if (pid == 0)
		child(c, old);
	setpgid(pid, pid);
	if (write(wfd, &pid, sizeof pid) != (ssize_t)sizeof pid)
		orphaned = 1;
	sigprocmask(SIG_SETMASK, old, NULL);
	status = keep(pid, c->grace_s, boss, c->leave);
	if (write(wfd, &status, sizeof status) != (ssize_t)sizeof status)
		_exit(1);
	_exit(0);
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

/* The keeper waited for; the group paused, and ended on timeout or signal. */
static int
wait_for(const struct command_spec *c, pid_t keeper_pid, pid_t pid, double t0,
    struct command_outcome *out)
{
	double next = t0 + c->every_ns, g = c->grace_s * 1e9, sig_at = 0,
	    kill_at = 0, t;
	int st, termed = 0, killed = 0;
	pid_t got;

	for (;;) {
		if ((got = waitpid(keeper_pid, &st, WNOHANG)) == keeper_pid)
			return 0;
		if (got < 0 && errno != EINTR)
			return -1;
		t = clock_monotonic_ns();
		if (c->timeout_s > 0 && !out->timed_out && t - t0 >= c->timeout_s * 1e9) {
			out->timed_out = 1;
			kill(-pid, SIGTERM);
			kill_at = t + g;
		}
		if (runner_signal != 0 && sig_at == 0) {
			sig_at = t;
			if (kill_at == 0 || t + (c->shielded ? 2 : 1) * g < kill_at)
				kill_at = t + (c->shielded ? 2 : 1) * g;
		}
		if (c->shielded && sig_at > 0 && !termed && t >= sig_at + g) {
			kill(-pid, SIGTERM);
			termed = 1;
		}
		if (kill_at > 0 && t >= kill_at && !killed) {
			kill(-pid, SIGKILL);
			killed = 1;
		}
		runner_tick();
		if (c->every_ns > 0 && t >= next && !out->pause_failed &&
		    runner_signal == 0 && !out->timed_out) {
			pause_group(c, pid, out);
			next = clock_monotonic_ns() + c->every_ns;
		}
		nap(WAIT_POLL_NS);
	}
}

/* Reads n bytes from fd, through interruptions; 0, or -1. */
static int
read_all(int fd, void *buf, size_t n)
{
	ssize_t got;

	do
		got = read(fd, buf, n);
	while (got < 0 && errno == EINTR);
	return got == (ssize_t)n ? 0 : -1;
}

int
command_run(const struct command_spec *c, struct command_outcome *out, char *err)
{
	double t0 = clock_monotonic_ns();
	sigset_t all, old;
	pid_t keeper_pid, boss = getpid(), pid = 0;
	int p[2], st = -1, lost;

	memset(out, 0, sizeof *out);
	if (pipe(p) < 0)
		return errf(err, "pipe:");
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	/* no signal between the fork and runner_child naming the group */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if ((keeper_pid = fork()) < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		close(p[0]);
		close(p[1]);
		return errf(err, "fork:");
	}
	if (keeper_pid == 0) {
		close(p[0]);
		keeper(c, p[1], boss, &old);
	}
	close(p[1]);
	if (read_all(p[0], &pid, sizeof pid) == 0 && !c->shielded) {
		runner_child = pid;
		/* a signal that came before the group was named goes on to it now */
		if (runner_signal != 0)
			kill(-pid, runner_signal);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	lost = pid <= 0 || wait_for(c, keeper_pid, pid, t0, out) < 0;
	runner_child = 0;
	if (pid <= 0)
		waitpid(keeper_pid, NULL, 0);
	if (lost || read_all(p[0], &st, sizeof st) < 0)
		st = -1;
	close(p[0]);
	if (lost)
		return errf(err, "cannot run the command: its keeper process %s",
		    pid <= 0 ? "could not start it" : "was lost");
	if (st == -1)
		return errf(err, "the command's keeper process ended without its "
		    "status");
	out->elapsed_s = (clock_monotonic_ns() - t0) / 1e9;
	out->signal = WIFEXITED(st) ? 0 : WTERMSIG(st);
	out->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + out->signal;
	return 0;
}
