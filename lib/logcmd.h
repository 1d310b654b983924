/* SPDX-License-Identifier: MIT */
/*
 * Lines a CI runner acts on.  GitHub's runner reads every line of a
 * job's log, standard output and standard error alike, and takes one
 * as a workflow command when, after white space, it starts with "::",
 * or when it holds "##[" anywhere: "::stop-commands::x" in a name would
 * silence every annotation after it, "::error::..." forge one.  Text
 * from input (names, paths, notes quoting them) is printed so that it
 * can make neither, whatever stands around it on the line.
 */
#ifndef SYNCGATE_LOGCMD_H
#define SYNCGATE_LOGCMD_H

#include <stdint.h>

/*
 * Whether the character at s, inside text from input, must be shown in
 * another form: a ':' that begins the text (first) or follows white
 * space (prev, the character before it, as white space that prints as
 * itself: a newline is shown escaped), which could make a line start
 * with "::", and a '#' before '#' or '[', which could make "##[".
 * Each escaper shows it in its own syntax (\x3a, &#58;, \:).
 */
int logcmd_breaks(const char *s, uint32_t prev, int first);

/*
 * A whole line, in place: each "##[" loses its second '#' to '?', and
 * a line that starts with "::" after white space its first ':'.
 * Returns the number of bytes changed.
 */
int logcmd_defuse_line(char *line);

#endif
