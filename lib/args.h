/* SPDX-License-Identifier: MIT */
/*
 * Command-line words getopt would misread.  A word it splits as an
 * option glued to its value, as `-ours.json` is split into -o urs.json:
 * where the whole word names a file, the user meant the file, and a run
 * would be dropped and another file written.  And an option given where
 * a value was expected, as in `-o --strict`: the value was forgotten, a
 * file named --strict would be written and --strict dropped.
 */
#ifndef SYNCGATE_ARGS_H
#define SYNCGATE_ARGS_H

#include <getopt.h>

/*
 * After getopt_long returned an option: argv, and next the optind it left;
 * value its optarg (NULL: the option takes none, and nothing is
 * checked), shorts and longs what it was given.  Returns -1 with err set
 * when value is glued inside its word and that word names an existing
 * file, or when value is a word of its own that is one of the options
 * (a long one, or an abbreviation getopt would take for one, or "-o");
 * 0 otherwise.
 */
int args_check_value(char *const argv[], int next, const char *value,
    const char *shorts, const struct option *longs, char *err);

/*
 * The unknown option getopt_long just returned '?' for, as the user wrote
 * it: "-x" for a short one (held in buf), which may be one letter of a
 * word such as -x.json, where optind does not yet point past the word;
 * else the word itself.
 */
const char *args_unknown(char *const argv[], int next, char buf[3]);

#endif
