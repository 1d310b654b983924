/* SPDX-License-Identifier: MIT */
/*
 * Helpers of the fuzz targets (fuzz.h).  Failures here are the harness's,
 * not syncgate's, so they abort rather than return.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz/fuzz.h"
#include "lib/err.h"
#include "lib/json.h"

static char dir[4096];
static char file[4096 + 64];

static void
remove_dir(void)
{
	if (file[0] != '\0')
		unlink(file);
	rmdir(dir);
}

const char *
fuzz_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	if (dir[0] != '\0')
		return dir;
	snprintf(dir, sizeof dir, "%s/syncgate-fuzz.XXXXXX",
	    tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		perror(dir);
		abort();
	}
	atexit(remove_dir);
	return dir;
}

const char *
fuzz_file(const char *name, const uint8_t *data, size_t size)
{
	int fd;

	snprintf(file, sizeof file, "%s/%s", fuzz_dir(), name);
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || (size > 0 && write(fd, data, size) != (ssize_t)size) ||
	    close(fd) != 0) {
		perror(file);
		abort();
	}
	return file;
}

cJSON *
fuzz_json(const uint8_t *data, size_t size)
{
	char err[ERRLEN];

	return json_parse_buffer("fuzz.json", (const char *)data, size, err);
}

FILE *
fuzz_sink(void)
{
	static FILE *fp;

	if (fp == NULL && (fp = fopen("/dev/null", "w")) == NULL) {
		perror("/dev/null");
		abort();
	}
	return fp;
}
