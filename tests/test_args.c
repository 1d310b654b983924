/* SPDX-License-Identifier: MIT */
/*
 * A command's table of options (lib/args.h): each option reaches take with
 * its id and value, words in order, --help stops, every refusal with its
 * message, and --help's list laid out from the same rows (a row without
 * help taken, not listed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/args.h"
#include "lib/err.h"
#include "tests/testutil.h"

enum { OPT_FLAG = 256, OPT_NAME, OPT_OUT };

static const struct arg_opt opts[] = {
	{ .name = "flag", .id = OPT_FLAG, .help = "a flag" },
	{ .name = "help", .letter = 'h', .id = ARG_HELP, .help = "print this help" },
	{ .name = "", .help = "end of the options" },
	{ .name = "name", .value = "NAME", .id = OPT_NAME,
	  .help = "a value, and a text long enough to be wrapped onto a second "
	  "line under the first" },
	{ .name = "output", .letter = 'o', .value = "FILE", .id = OPT_OUT,
	  .help = "a file" },
	{ .letter = 'x', .value = "N", .id = 'x', .help = "a letter alone" },
	{ .name = "quiet", .id = OPT_FLAG },
};

/* What take saw, one "id=value" a line. */
static char seen[512];

static int
take(void *ctx, int id, const char *v, char *err)
{
	size_t at = strlen(seen);

	assert_ptr_equal(ctx, seen);
	if (v != NULL && strcmp(v, "bad") == 0)
		return errf(err, "--name bad; expected good");
	snprintf(seen + at, sizeof seen - at, "%d=%s\n", id, v ? v : "-");
	return 0;
}

static const struct arg_cmd cmd = ARG_CMD("prog --help", opts, take);

/* argv of the words in line, split at blanks (at most 15). */
static int
parse(const char *line, char *err)
{
	static char buf[256], prog[] = "prog";
	char *argv[16] = { prog }, *save = NULL, *w;
	int argc = 1;

	seen[0] = '\0';
	snprintf(buf, sizeof buf, "%s", line);
	for (w = strtok_r(buf, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	return args_parse(&cmd, seen, argc, argv, err);
}

static void
test_args_take(void **state)
{
	char err[ERRLEN];

	(void)state;
	assert_int_equal(parse("a --flag --name=n -o f b -x3 -- --c", err), 0);
	assert_string_equal(seen, "1=a\n256=-\n257=n\n258=f\n1=b\n120=3\n1=--c\n");
	assert_int_equal(parse("--output f --name n --quiet", err), 0);
	assert_string_equal(seen, "258=f\n257=n\n256=-\n");
	assert_int_equal(parse("a --help --frob", err), 1);
	assert_string_equal(seen, "1=a\n");
	assert_int_equal(parse("-h", err), 1);
}

static void
test_args_refusals(void **state)
{
	static const struct {
		const char *line, *msg;
	} cases[] = {
		{ "--frob", "unknown option --frob; see prog --help" },
		{ "-q", "unknown option -q; see prog --help" },
		{ "--name", "--name needs a value; see prog --help" },
		{ "--name --flag", "--name --flag: --flag is an option, not a value; "
		  "expected a value after --name (./--flag for a file of that name)" },
		{ "--name bad", "--name bad; expected good" },
	};
	char err[ERRLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(parse(cases[i].line, err), -1);
		assert_string_equal(err, cases[i].msg);
	}
}

/* -ofile.json where file.json exists: read as -o file.json, so refused. */
static void
test_args_glued_file(void **state)
{
	char path[300], err[ERRLEN], line[600];
	FILE *fp;

	(void)state;
	snprintf(path, sizeof path, "%s/-ofile.json", test_dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(chdir(test_dir), 0);
	snprintf(line, sizeof line, "-ofile.json");
	assert_int_equal(parse(line, err), -1);
	assert_string_equal(err, "-ofile.json is read as -o file.json, yet a file "
	    "of that name exists; expected ./-ofile.json or -- before it to read "
	    "the file, or -o file.json apart to mean the option");
	assert_int_equal(parse("-- -ofile.json", err), 0);
	assert_string_equal(seen, "1=-ofile.json\n");
}

static void
test_args_help(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);

	(void)state;
	assert_non_null(fp);
	args_help(fp, opts, sizeof opts / sizeof opts[0]);
	assert_int_equal(fclose(fp), 0);
	assert_string_equal(text,
	    "  --flag                a flag\n"
	    "  -h, --help            print this help\n"
	    "  --                    end of the options\n"
	    "  --name NAME           a value, and a text long enough to be wrapped onto a\n"
	    "                        second line under the first\n"
	    "  -o, --output FILE     a file\n"
	    "  -x N                  a letter alone\n");
	free(text);
}

int
main(void)
{
	static char dir[] = "/tmp/syncgate-test-args.XXXXXX";
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_args_take),
		cmocka_unit_test(test_args_refusals),
		cmocka_unit_test(test_args_glued_file),
		cmocka_unit_test(test_args_help),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
