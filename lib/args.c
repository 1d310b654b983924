/* SPDX-License-Identifier: MIT */
/* Command-line words getopt would misread (args.h). */
#include <string.h>
#include <sys/stat.h>

#include "lib/args.h"
#include "lib/err.h"

/* Whether word is one of the options, as getopt would read it alone. */
static int
is_option(const char *word, const char *shorts, const struct option *longs)
{
	size_t n;

	if (word[0] != '-' || word[1] == '\0')
		return 0;
	if (word[1] != '-')
		return word[2] == '\0' && word[1] != ':' &&
		    strchr(shorts, word[1]) != NULL;
	n = strcspn(word + 2, "=");
	if (n == 0)
		return 1;       /* "--" ends the options */
	for (; longs->name != NULL; longs++)
		if (strncmp(longs->name, word + 2, n) == 0)
			return 1;
	return 0;
}

int
args_check_value(char *const argv[], int next, const char *value,
    const char *shorts, const struct option *longs, char *err)
{
	const char *word = argv[next - 1];
	struct stat st;
	int n;

	if (value == NULL)
		return 0;
	if (value == word && next >= 2 && is_option(value, shorts, longs))
		return errf(err, "%s %s: %s is an option, not a value; expected "
		    "a value after %s (./%s for a file of that name)",
		    argv[next - 2], value, value, argv[next - 2], value);
	if (value <= word || value > word + strlen(word) || lstat(word, &st) < 0)
		return 0;
	n = (int)(value - word);
	if (n > 0 && word[n - 1] == '=')
		n--;
	return errf(err, "%s is read as %.*s %s, yet a file of that name exists; "
	    "expected ./%s or -- before it to read the file, or %.*s %s apart "
	    "to mean the option", word, n, word, value, word, n, word, value);
}

const char *
args_unknown(char *const argv[], int next, char buf[3])
{
	if (optopt == 0)
		return argv[next - 1];
	buf[0] = '-';
	buf[1] = (char)optopt;
	buf[2] = '\0';
	return buf;
}
