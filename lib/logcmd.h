/* SPDX-License-Identifier: MIT */
/*
 * GitHub's runner takes a log line for a workflow command when it starts
 * with "::" after white space or holds "##[": "::stop-commands::x" in a
 * name would silence every annotation after it.  Text from input is
 * printed so that it can make neither.
 */
#ifndef SYNCGATE_LOGCMD_H
#define SYNCGATE_LOGCMD_H

#include <stdint.h>

/*
 * Whether the character at s must be escaped (\x3a, &#58;, \:): a ':'
 * first or after white space prev, a '#' before '#' or '['.
 */
int logcmd_breaks(const char *s, uint32_t prev, int first);

/* A line in place: "##[" loses its second '#', a leading "::" its first ':'. */
int logcmd_defuse_line(char *line);

#endif
