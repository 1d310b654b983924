/* SPDX-License-Identifier: MIT */
/*
 * Messages and exiting allocators.  A message that ends in ':' is
 * completed with the system's description of errno, as sbase's eprintf.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/utf8.h"

static const char *prog = "syncgate";

void
err_setprog(const char *name)
{
	prog = name;
}

const char *
err_prog(void)
{
	return prog;
}

/* The attribute lets clang's -Wformat=2 check the callers, not this call. */
static void vformat(char *buf, size_t len, const char *fmt, va_list ap, int saved)
	__attribute__((format(printf, 3, 0)));

static void
vformat(char *buf, size_t len, const char *fmt, va_list ap, int saved)
{
	size_t n;

	vsnprintf(buf, len, fmt, ap);
	n = strlen(fmt);
	if (n > 0 && fmt[n - 1] == ':') {
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, " %s", strerror(saved));
	}
}

/*
 * Messages quote what files hold (a class name, a samples_file path), and
 * stderr is often a terminal or a CI log: each byte of a control character
 * (C0 but tab, DEL, C1), a bidirectional or invisible format character,
 * or a malformed sequence becomes '?', so no file can move the cursor,
 * retitle the window or forge a line.
 */
static void
hide_controls(char *buf)
{
	char *s = buf;
	uint32_t cp;
	size_t n;

	for (; *s != '\0'; s += n) {
		n = utf8_decode(s, &cp);
		if (cp != '\t' && utf8_hidden(cp))
			memset(s, '?', n);
	}
}

int
errf(char *err, const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	vformat(err, ERRLEN, fmt, ap, saved);
	va_end(ap);
	errno = saved;
	return -1;
}

/* One message on stderr, prefixed with the program's name. */
static void __attribute__((format(printf, 1, 0)))
vwarn(const char *fmt, va_list ap, int saved)
{
	char buf[ERRLEN];

	vformat(buf, sizeof buf, fmt, ap, saved);
	hide_controls(buf);
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", prog, buf);
}

void
warnx_(const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap, saved);
	va_end(ap);
}

void
die(const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap, saved);
	va_end(ap);
	exit(EXIT_TROUBLE);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		die("out of memory allocating %zu bytes", n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		die("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		die("out of memory allocating %zu bytes", n);
	return q;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xmalloc(n);

	memcpy(p, s, n);
	return p;
}

void
xgrow(void *p, size_t *cap, size_t need, size_t size)
{
	void **pp = p;
	size_t n = *cap ? *cap : 8;

	if (need <= *cap)
		return;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			die("out of memory growing an array to %zu elements", need);
		n *= 2;
	}
	*pp = xrealloc(*pp, n * size);
	*cap = n;
}
