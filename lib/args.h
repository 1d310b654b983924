/* SPDX-License-Identifier: MIT */
/*
 * A word of the command line that getopt splits as an option glued to
 * its value, as `-ours.json` is split into -o urs.json: where the whole
 * word names a file, the user meant the file, and a run would be dropped
 * and another file written.
 */
#ifndef SYNCGATE_ARGS_H
#define SYNCGATE_ARGS_H

/*
 * word is the command-line word getopt took an option from (argv[optind
 * - 1]) and value the option's value (optarg, or NULL).  Returns -1 with
 * err set when value is glued inside word and word names an existing
 * file, a link or anything else; 0 otherwise.
 */
int args_glued_file(const char *word, const char *value, char *err);

#endif
