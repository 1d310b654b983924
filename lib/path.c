/* SPDX-License-Identifier: MIT */
/*
 * Paths as text.
 */
#include <string.h>

#include "lib/err.h"
#include "lib/path.h"

char *
path_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	dir = xmalloc((size_t)(slash - path) + 1);
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	return dir;
}

const char *
path_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}
