/* SPDX-License-Identifier: MIT */
/*
 * --summary, appended to $GITHUB_STEP_SUMMARY.  GitHub drops one over 1
 * MiB, so a verdict goes in its short form, or is refused whole, never
 * cut.  One writev, so a step appending at once cannot interleave.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/fileset.h"
#include "report/report.h"

struct summary_file {
	const char *path;
	int fd;
	size_t room;    /* bytes it may grow by, the separator included */
	int sep;        /* a blank line goes first */
};

/* Returns 0; 1 when GITHUB_STEP_SUMMARY is unset or empty; -1 with err. */
static int
summary_open(struct summary_file *sf, char *err)
{
	struct stat st;

	sf->path = getenv("GITHUB_STEP_SUMMARY");
	sf->fd = -1;
	if (sf->path == NULL || sf->path[0] == '\0')
		return 1;
	sf->fd = open(sf->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY,
	    0666);
	if (sf->fd < 0 || fstat(sf->fd, &st) < 0)
		return errf(err, "--summary: %s:", sf->path);
	/* a blank line keeps our heading off the end of what is there */
	sf->sep = S_ISREG(st.st_mode) && st.st_size > 0;
	sf->room = REPORT_SUMMARY_MAX;
	if (S_ISREG(st.st_mode))
		sf->room = st.st_size >= REPORT_SUMMARY_MAX ? 0 :
		    (size_t)(REPORT_SUMMARY_MAX - st.st_size);
	return 0;
}

static size_t
body_room(const struct summary_file *sf)
{
	return sf->room > (size_t)sf->sep ? sf->room - (size_t)sf->sep : 0;
}

/* A regular file takes the writev whole; a short write goes on with the rest. */
static int
summary_write(const struct summary_file *sf, const char *md, size_t len)
{
	struct iovec iov[2];
	size_t total = (size_t)sf->sep + len, done;
	ssize_t n;

	iov[0].iov_base = (char *)(uintptr_t)"\n";
	iov[0].iov_len = (size_t)sf->sep;
	iov[1].iov_base = (char *)(uintptr_t)md;
	iov[1].iov_len = len;
	do
		n = writev(sf->fd, iov, 2);
	while (n < 0 && errno == EINTR);
	/* not even the separator and a byte of the body: the file takes no more */
	if (n < 0)
		return -1;
	if ((size_t)n < total && (size_t)n <= (size_t)sf->sep) {
		errno = ENOSPC;         /* a short write sets none */
		return -1;
	}
	for (done = (size_t)n; done < total; done += (size_t)n) {
		size_t at = done - (size_t)sf->sep;     /* the separator went first */

		n = write(sf->fd, md + at, len - at);
		if (n < 0 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
	}
	return 0;
}

/* rc so far, or a failed close's error. */
static int
summary_close(struct summary_file *sf, int rc, char *err)
{
	if (sf->fd >= 0 && close(sf->fd) < 0 && rc != -1)
		rc = errf(err, "--summary: %s:", sf->path);
	return rc;
}

int
report_summary_append(const char *md, size_t len, char *err)
{
	struct summary_file sf;
	int rc = summary_open(&sf, err);

	if (rc != 0)
		return rc < 0 ? summary_close(&sf, -1, err) : rc;
	if (len > body_room(&sf)) {
		errf(err, "--summary: %s holds %zu bytes; %zu more would grow it past "
		    "1 MiB, so the summary is not appended", sf.path,
		    (size_t)REPORT_SUMMARY_MAX - sf.room, len + (size_t)sf.sep);
		return summary_close(&sf, 2, err);
	}
	if (summary_write(&sf, md, len) < 0)
		return summary_close(&sf, errf(err, "--summary: %s:", sf.path), err);
	return summary_close(&sf, 0, err);
}

static char *
render_markdown(const struct gate_verdict *v, const struct render_opts *o,
    size_t *len)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);
	int rc;

	if (fp == NULL)
		return NULL;
	rc = report_markdown(fp, v, o);
	if (fclose(fp) != 0 || rc < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

static int
append_short(const struct summary_file *sf, const struct gate_verdict *v,
    const struct render_opts *o, size_t whole, char *err)
{
	size_t len;
	char *buf = report_markdown_short(v, o, body_room(sf), &len);

	if (buf == NULL) {
		errf(err, "--summary: %s holds %zu bytes; the verdict (%zu bytes, "
		    "and its short form too) would grow it past 1 MiB, so the summary "
		    "is not appended", sf->path, (size_t)REPORT_SUMMARY_MAX - sf->room,
		    whole);
		return 2;
	}
	if (summary_write(sf, buf, len) < 0) {
		free(buf);
		return errf(err, "--summary: %s:", sf->path);
	}
	free(buf);
	errf(err, "--summary: the verdict's Markdown (%zu bytes) would grow %s past "
	    "1 MiB; its short form (%zu bytes: the classes that did not pass, and "
	    "where the full table is) was appended", whole, sf->path,
	    len + (size_t)sf->sep);
	return 3;
}

int
report_summary(const struct gate_verdict *v, const struct render_opts *o,
    char *err)
{
	struct summary_file sf;
	size_t len = 0;
	char *buf;
	int rc = summary_open(&sf, err);

	if (rc != 0)
		return rc < 0 ? summary_close(&sf, -1, err) : rc;
	buf = render_markdown(v, o, &len);
	if (buf == NULL)
		rc = errf(err, "--summary: the verdict could not be rendered");
	else if (len > body_room(&sf))
		rc = append_short(&sf, v, o, len, err);
	else if (summary_write(&sf, buf, len) < 0)
		rc = errf(err, "--summary: %s:", sf.path);
	free(buf);
	return summary_close(&sf, rc, err);
}

int
report_summary_check(struct fileset *fs, char *err)
{
	const char *path = getenv("GITHUB_STEP_SUMMARY");
	char label[ERRLEN];

	if (path == NULL || path[0] == '\0')
		return 0;
	snprintf(label, sizeof label, "GITHUB_STEP_SUMMARY %s", path);
	/* a file named "-" is what the summary is appended to, not standard output */
	return fileset_output(fs, strcmp(path, "-") == 0 ? "./-" : path, label,
	    "the step summary", err);
}
