/* SPDX-License-Identifier: MIT */
/*
 * Words getopt would misread: `-ours.json`, split into -o urs.json, where
 * a file is named so; and `-o --strict`, a value forgotten, which would
 * write a file named --strict and drop the option.
 */
#ifndef SYNCGATE_ARGS_H
#define SYNCGATE_ARGS_H

#include <getopt.h>

/*
 * After getopt_long (next: its optind, value: its optarg or NULL): -1 with
 * err when value, glued in a word, names a file, or is itself an option.
 */
int args_check_value(char *const argv[], int next, const char *value,
    const char *shorts, const struct option *longs, char *err);

/*
 * The unknown option getopt_long returned '?' for: "-x" in buf for a short
 * one, maybe a letter of -x.json (optind not past it yet); else the word.
 */
const char *args_unknown(char *const argv[], int next, char buf[3]);

#endif
