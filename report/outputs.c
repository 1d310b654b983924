/* SPDX-License-Identifier: MIT */
/*
 * The --format F -o FILE pairs of `syncgate gate` and `syncgate report`:
 * two of them naming one file would leave only the last format there (or
 * run two formats together on standard output), so both commands refuse
 * that while parsing their options, before anything is written.
 */
#include <string.h>
#include <sys/stat.h>

#include "report/report.h"

static int
is_stdout(const char *path)
{
	return path == NULL || strcmp(path, "-") == 0;
}

int
report_same_output(const char *a, const char *b)
{
	struct stat sa, sb;
	int a_is = 0;

	if (is_stdout(a) || is_stdout(b))
		return is_stdout(a) && is_stdout(b);
	if (stat(a, &sa) == 0) {
		/* a device such as /dev/null takes any number of outputs */
		if (!S_ISREG(sa.st_mode))
			return 0;
		a_is = 1;
	}
	if (strcmp(a, b) == 0)
		return 1;
	/* two names of one file: a link, "./x" and "x" */
	return a_is && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	    sa.st_ino == sb.st_ino;
}
