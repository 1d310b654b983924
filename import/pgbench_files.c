/* SPDX-License-Identifier: MIT */
/*
 * pgbench -j writes a log a thread, PREFIX.PID then PREFIX.PID.N: one
 * imported alone would stand, unsaid, for the whole run.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "import/formats.h"
#include "lib/err.h"

/* Bytes of the digits that end s (n long) after a '.', else 0. */
static size_t
dot_digits(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && s[n - 1 - k] >= '0' && s[n - 1 - k] <= '9')
		k++;
	return k > 0 && k < n && s[n - 1 - k] == '.' ? k : 0;
}

static int
exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int
import_pgbench_siblings(const char *path, char *err)
{
	char root[4096], sib[4200], last[32];
	size_t n = strlen(path), k, m, threads;
	const char *base = strrchr(path, '/');

	base = base != NULL ? base + 1 : path;
	if (n >= sizeof root || (k = dot_digits(path, n)) == 0)
		return 0;
	memcpy(root, path, n + 1);
	/* PREFIX.PID.N: its root is PREFIX.PID, if that is there */
	if ((m = dot_digits(path, n - k - 1)) > 0 && (size_t)(path + n - base) > k + m + 2) {
		root[n - k - 1] = '\0';
		if (!exists(root))
			root[n - k - 1] = '.';
	}
	for (threads = 1; threads < 100000; threads++) {
		snprintf(sib, sizeof sib, "%s.%zu", root, threads);
		if (!exists(sib))
			break;
	}
	if (threads == 1)
		return 0;
	snprintf(last, sizeof last, " to .%zu", threads - 1);
	return errf(err, "%s: one thread's log of a run of %zu threads (-j %zu), "
	    "whose files are %s and its .1%s; expected the whole run's log: "
	    "concatenate them (cat %s %s.*) and import that", path, threads, threads,
	    root, threads > 2 ? last : "", root, root);
}
