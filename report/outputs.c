/* SPDX-License-Identifier: MIT */
/*
 * The --format F -o FILE pairs of `syncgate gate` and `syncgate report`:
 * two of them naming one file would leave only the last format there (or
 * run two formats together on standard output), so both commands refuse
 * that while parsing their options, before anything is written.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/path.h"
#include "report/report.h"

static int
is_stdout(const char *path)
{
	return path == NULL || strcmp(path, "-") == 0;
}

/*
 * Whether a and b, neither of which exists yet, name one file: the same
 * last component in one folder (found by the folder's device and inode).
 */
static int
same_new_file(const char *a, const char *b)
{
	struct stat da, db;
	char *dir_a, *dir_b;
	int same;

	if (strcmp(path_base(a), path_base(b)) != 0)
		return 0;
	dir_a = path_dir(a);
	dir_b = path_dir(b);
	same = stat(dir_a, &da) == 0 && stat(dir_b, &db) == 0 &&
	    da.st_dev == db.st_dev && da.st_ino == db.st_ino;
	free(dir_a);
	free(dir_b);
	return same;
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
	if (a_is && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	/* a file yet to be made: "./v.json" and "v.json" name one folder */
	return !a_is && same_new_file(a, b);
}
