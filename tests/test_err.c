/* SPDX-License-Identifier: MIT */
/*
 * Messages: a message too long for its buffer keeps its reason and its
 * other words, and the long paths in it are shortened in the middle.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/err.h"
#include "tests/testutil.h"

/* A path of n bytes: /tmp/, components of 99 'd's, and "x.json". */
static char *
long_path(char *buf, size_t n)
{
	size_t i;

	memset(buf, 'd', n);
	memcpy(buf, "/tmp/", 5);
	for (i = 104; i < n - 8; i += 100)
		buf[i] = '/';
	memcpy(buf + n - 7, "/x.json", 7);
	buf[n] = '\0';
	return buf;
}

/* The reason, the path's start and its end survive; the middle goes. */
static void
test_errf_long_path_keeps_reason(void **state)
{
	char path[4001], err[ERRLEN];

	(void)state;
	long_path(path, 4000);
	errno = ENOENT;
	assert_int_equal(errf(err, "%s:", path), -1);
	assert_true(strlen(err) <= ERRLEN - 1);
	assert_true(strlen(err) >= ERRLEN - 8);
	assert_int_equal(strncmp(err, "/tmp/dddd", 9), 0);
	assert_non_null(strstr(err, "..."));
	assert_non_null(strstr(err, "ddd/x.json: No such file or directory"));
	/* errno is left as it was, for a caller that reports it again */
	assert_int_equal(errno, ENOENT);
}

/* Arguments of every kind before the path are stepped over rightly. */
static void
test_errf_long_path_among_other_arguments(void **state)
{
	char path[4001], err[ERRLEN];
	const char *end;

	(void)state;
	long_path(path, 4000);
	errno = EACCES;
	errf(err, "%d %zu %lld %.3g %c %5.2f %-4s|%.*s| %s: at %s:", -7, (size_t)12,
	    -9000000000LL, 0.0001234, 'q', 3.14159, "ab", 3, "xyzzy", "cls", path);
	assert_int_equal(strncmp(err, "-7 12 -9000000000 0.000123 q  3.14 ab  |xyz| "
	    "cls: at /tmp/ddd", 61), 0);
	end = err + strlen(err) - strlen("x.json: Permission denied");
	assert_string_equal(end, "x.json: Permission denied");
	assert_true(strlen(err) <= ERRLEN - 1);
}

/* Two long paths: both shortened, the words between and after kept. */
static void
test_errf_two_long_paths(void **state)
{
	char a[3001], b[3001], err[ERRLEN];

	(void)state;
	long_path(a, 3000);
	long_path(b, 3000);
	b[5] = 'e';
	errf(err, "-o %s names %s, an input; expected another file", a, b);
	assert_true(strlen(err) <= ERRLEN - 1);
	assert_int_equal(strncmp(err, "-o /tmp/ddd", 11), 0);
	assert_non_null(strstr(err, "/x.json names /tmp/eddd"));
	assert_non_null(strstr(err, "/x.json, an input; expected another file"));
}

/* What fits is untouched, and a short message without a path too. */
static void
test_errf_short_untouched(void **state)
{
	char path[901], err[ERRLEN], want[ERRLEN + 64];

	(void)state;
	long_path(path, 900);
	errno = ENOENT;
	errf(err, "%s:", path);
	snprintf(want, sizeof want, "%s: No such file or directory", path);
	assert_string_equal(err, want);
	errf(err, "%s: line %zu: %s", "f.txt", (size_t)3, "bad");
	assert_string_equal(err, "f.txt: line 3: bad");
}

/* Text too long with no long argument is cut in its own middle. */
static void
test_errf_long_format_keeps_end(void **state)
{
	char err[ERRLEN], many[200];
	size_t i;

	(void)state;
	for (i = 0; i + 1 < sizeof many; i++)
		many[i] = 'a' + (char)(i % 26);
	many[sizeof many - 1] = '\0';
	errno = EIO;
	errf(err, "%.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s "
	    "%.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s "
	    "%.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s %.30s "
	    "%.30s %.30s end:", many, many, many, many, many, many, many, many, many,
	    many, many, many, many, many, many, many, many, many, many, many, many,
	    many, many, many, many, many, many, many, many, many, many, many, many,
	    many);
	assert_true(strlen(err) <= ERRLEN - 1);
	assert_non_null(strstr(err, " end: Input/output error"));
	assert_int_equal(strncmp(err, "abcdefghij", 10), 0);
}

/* A quoted value: one line, no quote of its own, at most 60 bytes and "...". */
static void
test_err_quote_one_line(void **state)
{
	char buf[80], tiny[8], long_s[100];

	(void)state;
	assert_string_equal(err_quote(buf, sizeof buf, "a\"b\nc\x1b[2J\x7f"),
	    "a?b?c?[2J?");
	assert_string_equal(err_quote(buf, sizeof buf, ""), "");
	memset(long_s, 'x', sizeof long_s - 1);
	long_s[sizeof long_s - 1] = '\0';
	err_quote(buf, sizeof buf, long_s);
	assert_int_equal(strlen(buf), 63);
	assert_string_equal(buf + 60, "...");
	/* a small buffer is never overrun, and keeps room for the cut */
	assert_string_equal(err_quote(tiny, sizeof tiny, "abcdefgh"), "abcd...");
}

/* Words as a list: none, one, two, more, and a buffer too small for them. */
static void
test_err_list_words(void **state)
{
	const char *words[] = { "text", "markdown", "json" };
	char buf[64], tiny[10];

	(void)state;
	assert_string_equal(err_list(buf, sizeof buf, words, 0, " or "), "");
	assert_string_equal(err_list(buf, sizeof buf, words, 1, " or "), "text");
	assert_string_equal(err_list(buf, sizeof buf, words, 2, " or "),
	    "text or markdown");
	assert_string_equal(err_list(buf, sizeof buf, words, 3, " or "),
	    "text, markdown or json");
	assert_string_equal(err_list(buf, sizeof buf, words, 3, ", "),
	    "text, markdown, json");
	assert_string_equal(err_list(tiny, sizeof tiny, words, 3, " or "), "text, mar");
}

/*
 * A message on stderr, which a CI log shows: no "##[" a runner would
 * take for a command, and the rest of the line as it was.
 */
static void
test_err_warn_no_workflow_command(void **state)
{
	char path[] = "/tmp/syncgate-test-err.XXXXXX", line[ERRLEN + 64];
	int fd, saved = dup(2);
	FILE *fp;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0 && saved >= 0);
	fflush(stderr);
	dup2(fd, 2);
	err_warn("classes[0] \"%s\": kind is \"%s\"", "##[error]n", "::error::k");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	fp = fdopen(fd, "r");
	assert_non_null(fp);
	rewind(fp);
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	unlink(path);
	assert_null(strstr(line, "##["));
	assert_non_null(strstr(line, ": classes[0] \"#?[error]n\": kind is \"::error::k\"\n"));
}

/* The whole string, however long, and an empty one. */
static void
test_xasprintf_whole(void **state)
{
	char *s;

	(void)state;
	s = xasprintf("%s-%d-%0*d", "a", 7, 3000, 1);
	assert_int_equal(strlen(s), 3004);
	assert_memory_equal(s, "a-7-000", 7);
	assert_int_equal(s[3003], '1');
	free(s);
	s = xasprintf("%s", "");
	assert_string_equal(s, "");
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_errf_long_path_keeps_reason),
		cmocka_unit_test(test_errf_long_path_among_other_arguments),
		cmocka_unit_test(test_errf_two_long_paths),
		cmocka_unit_test(test_errf_short_untouched),
		cmocka_unit_test(test_errf_long_format_keeps_end),
		cmocka_unit_test(test_err_quote_one_line),
		cmocka_unit_test(test_err_list_words),
		cmocka_unit_test(test_err_warn_no_workflow_command),
		cmocka_unit_test(test_xasprintf_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
