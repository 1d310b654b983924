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

/* The prefix of messages: "syncgate probe" and so on. */
void err_setprog(const char *name);
const char *err_prog(void);

/*
 * Formats into err (ERRLEN bytes); a format ending in ':' gets ": " and
 * strerror(errno).  Too long, it loses the middles of its longest runs
 * without a space (its paths), so the reason stays whole.  Returns -1.
 */
int errf(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* s quoted into buf: at most 60 bytes, then "..."; controls and '"' as '?'. */
const char *err_quote(char *buf, size_t len, const char *s);
/* The n words into buf: "a, b or c" with last " or ".  Returns buf. */
char *err_list(char *buf, size_t len, const char *const *words, size_t n,
    const char *last);
/* A status line kept at the foot of a terminal's stderr; NULL clears it. */
void err_status(const char *line);
/* Prints "prog: message" on stderr, as errf formats it; die then exits 2. */
void err_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Allocators that exit with status 2 when memory runs out. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Frees the n strings of v, then v; v may be NULL. */
void strv_free(char **v, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* Grows *p (of *cap elements of size bytes) to hold at least need elements. */
void xgrow(void *p, size_t *cap, size_t need, size_t size);

/* Marks a message's expected words, apart from it (scripts/count-words.py). */
#define EXPECTED(s) s

/* A string grown item by item, in time linear in its length. */
struct xlist {
	char *s;                /* NULL until the first item; the caller frees it */
	size_t len, cap;
};

/* Appends item to l, after sep unless l is empty. */
void xlist_add(struct xlist *l, const char *sep, const char *item);

#endif
