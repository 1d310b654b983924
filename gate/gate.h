/* SPDX-License-Identifier: MIT */
/*
 * `syncgate gate`: holds one engine's result against a rival's (or a
 * baseline's): reads as a speedup ratio, writes in durable syncs.
 */
#ifndef SYNCGATE_GATE_H
#define SYNCGATE_GATE_H

#include <stdio.h>

/*
 * The subcommand: argv[0] is "gate".  Prints the verdict in each format
 * asked and returns the exit status: EXIT_PASS, EXIT_FAIL,
 * EXIT_INDETERMINATE (with --strict) or EXIT_TROUBLE (lib/err.h).
 */
int gate_main(int argc, char **argv);

/* Prints the usage text, the one README.md and syncgate.1 repeat, to fp. */
void gate_usage(FILE *fp);

#endif
