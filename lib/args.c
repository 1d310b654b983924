/* SPDX-License-Identifier: MIT */
/*
 * Option words that are files (args.h).
 */
#include <string.h>
#include <sys/stat.h>

#include "lib/args.h"
#include "lib/err.h"

int
args_glued_file(const char *word, const char *value, char *err)
{
	struct stat st;
	int n;

	if (word == NULL || value == NULL || value <= word ||
	    value > word + strlen(word) || lstat(word, &st) < 0)
		return 0;
	n = (int)(value - word);
	if (n > 0 && word[n - 1] == '=')
		n--;
	return errf(err, "%s is read as %.*s %s, yet a file of that name exists; "
	    "expected ./%s or -- before it to read the file, or %.*s %s apart "
	    "to mean the option", word, n, word, value, word, n, word, value);
}
