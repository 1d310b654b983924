/* SPDX-License-Identifier: MIT */
/* A command's table of options: its parse and its --help (args.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/args.h"
#include "lib/err.h"

/* A row's number for getopt: its index, past the characters. */
#define ID0 256

/* Whether word is one of the options, as getopt would read it alone. */
static int
is_option(const char *word, const char *shorts, const struct option *longs)
{
	size_t n;

	if (word[0] != '-' || word[1] == '\0')
		return 0;
	if (word[1] != '-')
		return word[2] == '\0' && word[1] != ':' &&
		    strchr(shorts, word[1]) != NULL;
	n = strcspn(word + 2, "=");
	if (n == 0)
		return 1;       /* "--" ends the options */
	for (; longs->name != NULL; longs++)
		if (strncmp(longs->name, word + 2, n) == 0)
			return 1;
	return 0;
}

/*
 * After getopt_long (next: its optind, value: its optarg or NULL): -1 with
 * err when value, glued in a word, names a file, or is itself an option.
 */
static int
check_value(char *const argv[], int next, const char *value,
    const char *shorts, const struct option *longs, char *err)
{
	const char *word = argv[next - 1];
	struct stat st;
	int n;

	if (value == NULL)
		return 0;
	if (value == word && next >= 2 && is_option(value, shorts, longs))
		return errf(err, "%s %s: %s is an option, not a value; expected "
		    "a value after %s (./%s for a file of that name)",
		    argv[next - 2], value, value, argv[next - 2], value);
	if (value <= word || value > word + strlen(word) || lstat(word, &st) < 0)
		return 0;
	n = (int)(value - word);
	if (n > 0 && word[n - 1] == '=')
		n--;
	return errf(err, "%s is read as %.*s %s, yet a file of that name exists; "
	    "expected ./%s or -- before it to read the file, or %.*s %s apart "
	    "to mean the option", word, n, word, value, word, n, word, value);
}

/* The word getopt_long returned '?' for: "-x" of -x.json, or the word. */
static int
unknown(const struct arg_cmd *c, char *const argv[], char *err)
{
	if (optopt == 0)
		return errf(err, "unknown option %s; see %s", argv[optind - 1],
		    c->see);
	return errf(err, "unknown option -%c; see %s", optopt, c->see);
}

static int
take(const struct arg_cmd *c, void *ctx, int ch, char *err)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (ch == ID0 + (int)i || (ch < ID0 && ch == c->opts[i].letter))
			return c->opts[i].id == ARG_HELP ? 1 :
			    c->take(ctx, c->opts[i].id, optarg, err);
	return c->take(ctx, ARG_WORD, optarg, err);
}

int
args_parse(const struct arg_cmd *c, void *ctx, int argc, char **argv, char *err)
{
	struct option *longs = xcalloc(c->n + 1, sizeof *longs);
	char *shorts = xcalloc(2 * c->n + 3, 1);
	size_t i, n = 0;
	int ch, rc = 0;

	strcpy(shorts, "-:");
	for (i = 0; i < c->n; i++) {
		const struct arg_opt *o = &c->opts[i];

		if (o->letter != 0)
			strcat(strncat(shorts, &o->letter, 1), o->value ? ":" : "");
		if (o->name != NULL && o->name[0] != '\0')
			longs[n++] = (struct option){ o->name, o->value != NULL ?
			    required_argument : no_argument, NULL, ID0 + (int)i };
	}
	opterr = 0;
	optind = 0;     /* 0, not 1: glibc, musl and the BSDs start afresh */
	while (rc == 0 && (ch = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (ch == '?')
			rc = unknown(c, argv, err);
		else if (ch == ':')
			rc = errf(err, "%s needs a value; see %s", argv[optind - 1],
			    c->see);
		else if (ch != ARG_WORD && check_value(argv, optind, optarg, shorts,
		    longs, err) < 0)
			rc = -1;
		else
			rc = take(c, ctx, ch, err);
	}
	/* after --, every word is a word, whatever it starts with */
	for (; rc == 0 && optind < argc; optind++) {
		optarg = argv[optind];
		rc = c->take(ctx, ARG_WORD, optarg, err);
	}
	free(longs);
	free(shorts);
	return rc;
}

void
args_help_one(FILE *fp, const struct arg_opt *o, const char *s)
{
	char head[64];
	size_t at = 0, w;

	if (o->letter)
		at = (size_t)snprintf(head, 8, "-%c%s", o->letter, o->name ? ", " : "");
	snprintf(head + at, sizeof head - at, "%s%s%s%s", o->name ? "--" : "",
	    o->name ? o->name : "", o->value ? " " : "", o->value ? o->value : "");
	fprintf(fp, "  %s", head);
	at = 2 + strlen(head);
	if (at > 22) {
		fputc('\n', fp);
		at = 0;
	}
	/* words from column 24, wrapped before column 78 */
	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		w = strcspn(s, " ");
		if (at > 24 && at + 1 + w > 78) {
			fprintf(fp, "\n%24s", "");
			at = 24;
		} else {
			at += (size_t)fprintf(fp, "%*s", at > 24 ? 1 : (int)(24 - at), "");
		}
		fprintf(fp, "%.*s", (int)w, s);
		at += w;
		s += w;
	}
	fputc('\n', fp);
}

void
args_help(FILE *fp, const struct arg_opt *opts, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (opts[i].help != NULL)
			args_help_one(fp, &opts[i], opts[i].help);
}
