/* SPDX-License-Identifier: MIT */
/*
 * A command's options as one table (as fio's): getopt's entries, the parse
 * and --help's list all read it, so no option is described twice.  Words
 * getopt would misread are refused: `-ours.json`, split into -o urs.json
 * where a file is named so, and `-o --strict`, a value forgotten.
 */
#ifndef SYNCGATE_ARGS_H
#define SYNCGATE_ARGS_H

#include <stddef.h>
#include <stdio.h>

/* A word that is no option (or any after --) reaches take as ARG_WORD. */
enum { ARG_WORD = 1, ARG_HELP = 'h' };

struct arg_opt {
	const char *name;       /* the long name; "" for "--" (listed only) */
	char letter;            /* its one-letter form (-o), or 0 */
	const char *value;      /* the value's word in --help; NULL: a flag */
	int id;                 /* what take gets; ARG_HELP: --help */
	const char *help;       /* its text in --help; NULL: not listed */
};

struct arg_cmd {
	const char *see;        /* where messages point: "syncgate help gate" */
	const struct arg_opt *opts;
	size_t n;
	int (*take)(void *ctx, int id, const char *value, char *err);
};
#define ARG_CMD(see, opts, take) { see, opts, sizeof opts / sizeof opts[0], take }

/* argv through c->take: 1 at --help, 0, or -1 with err. */
int args_parse(const struct arg_cmd *c, void *ctx, int argc, char **argv,
    char *err);

/* --help's list: each option listed, its text wrapped from column 24. */
void args_help(FILE *fp, const struct arg_opt *opts, size_t n);
void args_help_one(FILE *fp, const struct arg_opt *o, const char *help);

#endif
