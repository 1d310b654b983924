/* SPDX-License-Identifier: MIT */
/*
 * GitHub's runner takes a log line holding "##[", or starting with "::"
 * after white space, for a command: "::stop-commands::x" in a name would
 * silence every annotation after it.  Input text can make neither.
 */
#ifndef SYNCGATE_LOGCMD_H
#define SYNCGATE_LOGCMD_H

#include <stdint.h>

/* Whether s is escaped: a ':' first or after space prev, '#' before # or [. */
int logcmd_breaks(const char *s, uint32_t prev, int first);
/* A line in place: "##[" loses its second '#', a leading "::" its first ':'. */
int logcmd_defuse_line(char *line);

#endif
