/* SPDX-License-Identifier: MIT */
/*
 * --summary: the Markdown appended to the file GitHub Actions shows on a
 * run's page ($GITHUB_STEP_SUMMARY).  GitHub drops a summary over 1 MiB,
 * so an append that would pass that is refused whole rather than cut.
 * The bytes go out in one O_APPEND write, so a step appending at the
 * same time cannot interleave with them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "report/report.h"

static int
write_all(int fd, const char *p, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int
report_summary_append(const char *md, size_t len, char *err)
{
	const char *path = getenv("GITHUB_STEP_SUMMARY");
	struct stat st;
	int fd, rc = -1;
	size_t sep;

	if (path == NULL || path[0] == '\0')
		return 1;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
	if (fd < 0)
		return errf(err, "--summary: %s:", path);
	if (fstat(fd, &st) < 0) {
		errf(err, "--summary: %s:", path);
		goto out;
	}
	/* a blank line keeps our heading off the end of what is there */
	sep = S_ISREG(st.st_mode) && st.st_size > 0 ? 1 : 0;
	if (S_ISREG(st.st_mode) &&
	    (long long)st.st_size + (long long)(len + sep) > REPORT_SUMMARY_MAX) {
		errf(err, "--summary: %s holds %lld bytes; %zu more would grow it past "
		    "1 MiB, so the summary is not appended", path,
		    (long long)st.st_size, len + sep);
		rc = 2;
		goto out;
	}
	if ((sep && write_all(fd, "\n", 1) < 0) || write_all(fd, md, len) < 0) {
		errf(err, "--summary: %s:", path);
		goto out;
	}
	rc = 0;
out:
	if (close(fd) < 0 && rc != -1)
		rc = errf(err, "--summary: %s:", path);
	return rc;
}

int
report_summary(const struct gate_verdict *v, const struct render_opts *o,
    char *err)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc;

	fp = open_memstream(&buf, &len);
	if (fp == NULL)
		return errf(err, "--summary:");
	rc = report_markdown(fp, v, o);
	if (fclose(fp) != 0 || rc < 0) {
		free(buf);
		return errf(err, "--summary: the verdict could not be rendered");
	}
	rc = report_summary_append(buf, len, err);
	free(buf);
	return rc;
}
