/* SPDX-License-Identifier: MIT */
/* `syncgate gate`: one engine's result held against a rival's or a baseline's. */
#ifndef SYNCGATE_GATE_H
#define SYNCGATE_GATE_H

#include <stdio.h>

/*
 * The subcommand (argv[0] "gate"): prints the verdict in each format
 * asked and returns EXIT_PASS, EXIT_FAIL, EXIT_INDETERMINATE (--strict)
 * or EXIT_TROUBLE (lib/err.h).
 */
int gate_main(int argc, char **argv);

/* Prints the usage text, the one README.md and syncgate.1 repeat, to fp. */
void gate_usage(FILE *fp);

#endif
