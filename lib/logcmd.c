/* SPDX-License-Identifier: MIT */
/*
 * The runner trims a line as .NET does (every Unicode space, U+3000 too)
 * before looking for "::": white space here is .NET's, not ASCII's.
 */
#include <string.h>

#include "lib/logcmd.h"
#include "lib/utf8.h"

int
logcmd_breaks(const char *s, uint32_t prev, int first)
{
	/* a hidden character (a newline, U+2028) is shown escaped, not as space */
	if (s[0] == ':')
		return first || (utf8_space(prev) && !utf8_hidden(prev));
	return s[0] == '#' && (s[1] == '#' || s[1] == '[');
}

int
logcmd_defuse_line(char *line)
{
	char *p = line;
	uint32_t cp;
	size_t n;
	int changed = 0;

	while (*p != '\0' && (n = utf8_decode(p, &cp), utf8_space(cp)))
		p += n;
	if (p[0] == ':' && p[1] == ':') {
		*p = '?';
		changed++;
	}
	for (p = line; (p = strstr(p, "##[")) != NULL; p += 2) {
		p[1] = '?';
		changed++;
	}
	return changed;
}
