/* SPDX-License-Identifier: MIT */
/*
 * Errors: library code writes one line into a caller's buffer of ERRLEN
 * bytes and returns -1 or NULL; only a subcommand's main decides to exit.
 */
#ifndef SYNCGATE_ERR_H
#define SYNCGATE_ERR_H

#include <stdarg.h>
#include <stddef.h>

#define ERRLEN 1024

/* Exit statuses, in the cmp/diff tradition. */
enum {
	EXIT_PASS = 0,          /* the gate passed, or could not rule without --strict */
	EXIT_FAIL = 1,          /* the gate failed; --require-device refused the volume */
	EXIT_TROUBLE = 2,       /* usage, unreadable or malformed input, an I/O error */
	EXIT_INDETERMINATE = 3, /* could not rule, with --strict */
	EXIT_COMMAND = 4        /* syncgate run: a benchmark command failed */
};

/* The name messages are prefixed with, "syncgate probe" and so on. */
void err_setprog(const char *name);
const char *err_prog(void);

/*
 * Formats a message into err (ERRLEN bytes).  A format ending in ':' gets
 * ": " and strerror(errno) appended.  A message too long for the buffer
 * loses the middle of its longest runs without a space (the paths in it)
 * to "...", each keeping its start and its end, so the words around them
 * and the reason stay whole; err_warn and die follow the same rule.
 * Returns -1, so callers can write `return errf(err, "...")`.
 */
int errf(char *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * s as a one-line message quotes it, into buf (len bytes): at most 60
 * bytes of it, then "..."; control characters and '"' as '?'.  Returns buf.
 */
const char *err_quote(char *buf, size_t len, const char *s);

/*
 * The n words as a list, into buf (len bytes, cut if need be): ", "
 * between them and last before the last one ("a, b or c" with last
 * " or ").  Returns buf.
 */
char *err_list(char *buf, size_t len, const char *const *words, size_t n,
    const char *last);

/*
 * A status line for a terminal: drawn in place at the foot of standard
 * error, each message printed above it; NULL clears it.  Only for a
 * standard error that is a terminal.
 */
void err_status(const char *line);

/* Prints "prog: message" on stderr; a message ending in ':' gets strerror. */
void err_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* As err_warn, then exits with status 2. */
void die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* Allocators that exit with status 2 when memory runs out. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* The formatted string, in memory the caller frees; exits as xmalloc. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* Grows *p (of *cap elements of size bytes) to hold at least need elements. */
void xgrow(void *p, size_t *cap, size_t need, size_t size);

/*
 * Marks words an error message says were expected, kept apart from the
 * message they end (scripts/count-words.py counts them as the message's).
 */
#define EXPECTED(s) s

/* A string grown item by item, in time linear in its length. */
struct xlist {
	char *s;                /* NULL until the first item; the caller frees it */
	size_t len, cap;
};

/* Appends item to l, after sep unless l is empty. */
void xlist_add(struct xlist *l, const char *sep, const char *item);

#endif
