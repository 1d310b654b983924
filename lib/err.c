/* SPDX-License-Identifier: MIT */
/*
 * Messages and exiting allocators.  A message that ends in ':' is
 * completed with the system's description of errno, as sbase's eprintf.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/logcmd.h"
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

/* A %s argument of a message: its text, and how much of it is printed. */
struct str_arg {
	const char *s;
	size_t n;
	size_t at;              /* where it begins in the message, or SIZE_MAX */
};

#define MAX_STR_ARGS 16
/* What is kept of an argument that is shortened: its start and its end. */
#define KEEP_MIN 40

/* Skips one integer argument of the given length modifier. */
static void
skip_int(va_list *ap, int length)
{
	switch (length) {
	case 'l': (void)va_arg(*ap, long); break;
	case 'q': (void)va_arg(*ap, long long); break;
	case 'j': (void)va_arg(*ap, intmax_t); break;
	case 'z': (void)va_arg(*ap, size_t); break;
	case 't': (void)va_arg(*ap, ptrdiff_t); break;
	default: (void)va_arg(*ap, int); break;
	}
}

/*
 * The %s arguments of fmt, in order, at most max: the conversions are
 * walked to step over the other arguments (their types match fmt, which
 * -Wformat checks at every call).  Stops at a conversion it does not know.
 */
static size_t
string_args(const char *fmt, va_list *ap, struct str_arg *out, size_t max)
{
	const char *p;
	size_t n = 0;

	for (p = fmt; *p != '\0'; p++) {
		int prec = -1, length = 0;

		if (*p != '%' || *++p == '%')
			continue;
		p += strspn(p, "-+ #0'");
		if (*p == '*')
			(void)va_arg(*ap, int), p++;
		p += strspn(p, "0123456789");
		if (*p == '.') {
			p++;
			if (*p == '*')
				prec = va_arg(*ap, int), p++;
			else
				for (prec = 0; *p >= '0' && *p <= '9'; p++)
					prec = prec * 10 + (*p - '0');
		}
		if (*p == 'h')
			p += p[1] == 'h' ? 2 : 1;
		else if (*p == 'l')
			length = p[1] == 'l' ? (p += 2, 'q') : (p++, 'l');
		else if (*p != '\0' && strchr("jztL", *p) != NULL)
			length = *p++;
		if (*p == 's') {
			const char *s = va_arg(*ap, const char *);

			if (n < max && s != NULL) {
				out[n].s = s;
				out[n].n = prec >= 0 ? strnlen(s, (size_t)prec) : strlen(s);
				n++;
			}
		} else if (*p != '\0' && strchr("diouxXc", *p) != NULL) {
			skip_int(ap, length);
		} else if (*p != '\0' && strchr("eEfFgGaA", *p) != NULL) {
			if (length == 'L')
				(void)va_arg(*ap, long double);
			else
				(void)va_arg(*ap, double);
		} else if (*p == 'p') {
			(void)va_arg(*ap, void *);
		} else {
			break;
		}
	}
	return n;
}

/* The first n bytes of needle in hay, or NULL (memmem is not POSIX). */
static const char *
find(const char *hay, const char *needle, size_t n)
{
	size_t len = strlen(hay), i;

	for (i = 0; n > 0 && i + n <= len; i++)
		if (memcmp(hay + i, needle, n) == 0)
			return hay + i;
	return NULL;
}

/* Finds each argument's text in msg, in order; one not found is left out. */
static void
place_args(const char *msg, struct str_arg *a, size_t n)
{
	const char *from = msg, *hit;
	size_t i;

	for (i = 0; i < n; i++) {
		hit = find(from, a[i].s, a[i].n);
		a[i].at = hit != NULL ? (size_t)(hit - msg) : SIZE_MAX;
		if (hit != NULL)
			from = hit + a[i].n;
	}
}

/*
 * Replaces msg[at + keep_head .. at + n - keep_tail) with "...", moving
 * each cut to a character boundary; returns the bytes msg lost.
 */
static size_t
cut_middle(char *msg, size_t at, size_t n, size_t keep)
{
	size_t head = keep / 2, tail = n - (keep - keep / 2), len = strlen(msg);

	while (head > 0 && ((unsigned char)msg[at + head] & 0xC0) == 0x80)
		head--;
	while (tail < n && ((unsigned char)msg[at + tail] & 0xC0) == 0x80)
		tail++;
	memcpy(msg + at + head, "...", 3);
	memmove(msg + at + head + 3, msg + at + tail, len - (at + tail) + 1);
	return tail - head - 3;
}

/*
 * Makes msg fit in limit bytes.  A message carrying a long path would
 * lose its end, the reason, to a plain cut; instead the longest
 * arguments are shortened in the middle, keeping where a path starts and
 * the file it names.  Only a message still too long is cut in its own
 * middle, which keeps its end.
 */
static void
shorten(char *msg, size_t limit, struct str_arg *a, size_t n)
{
	size_t len = strlen(msg), i, best, lost;

	place_args(msg, a, n);
	while (len > limit) {
		best = SIZE_MAX;
		for (i = 0; i < n; i++)
			if (a[i].at != SIZE_MAX && a[i].n >= KEEP_MIN + 4 &&
			    (best == SIZE_MAX || a[i].n > a[best].n))
				best = i;
		if (best == SIZE_MAX)
			break;
		i = len - limit + 3;    /* bytes to take out, "..." put in */
		lost = cut_middle(msg, a[best].at, a[best].n,
		    i < a[best].n - KEEP_MIN ? a[best].n - i : KEEP_MIN);
		len -= lost;
		for (i = best + 1; i < n; i++)
			if (a[i].at != SIZE_MAX)
				a[i].at -= lost;
		a[best].at = SIZE_MAX;  /* shortened once: its "..." stays whole */
	}
	if (len > limit)
		cut_middle(msg, 0, len, limit - 3);
}

/* The attribute lets clang's -Wformat=2 check the callers, not this call. */
static void vformat(char *buf, size_t len, const char *fmt, va_list ap, int saved)
	__attribute__((format(printf, 3, 0)));

/*
 * Formats into buf (len bytes).  The whole message is built first, so
 * that one too long for buf is shortened by a rule rather than cut
 * wherever buf ends; without memory for it, buf gets the plain cut.
 */
static void
vformat(char *buf, size_t len, const char *fmt, va_list ap, int saved)
{
	struct str_arg args[MAX_STR_ARGS];
	const char *reason = NULL;
	char *msg;
	size_t n = strlen(fmt), used, nargs;
	va_list copy;
	int need;

	if (n > 0 && fmt[n - 1] == ':')
		reason = strerror(saved);
	va_copy(copy, ap);
	need = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	n = need < 0 ? 0 : (size_t)need + (reason ? strlen(reason) + 1 : 0) + 1;
	msg = n > 0 ? malloc(n) : NULL;
	if (msg == NULL) {
		va_copy(copy, ap);
		vsnprintf(buf, len, fmt, copy);
		va_end(copy);
		msg = buf;
	} else {
		va_copy(copy, ap);
		vsnprintf(msg, n, fmt, copy);
		va_end(copy);
	}
	used = strlen(msg);
	if (reason != NULL)
		snprintf(msg + used, (msg == buf ? len : n) - used, " %s", reason);
	if (msg == buf)
		return;
	if (strlen(msg) >= len) {
		va_copy(copy, ap);
		nargs = string_args(fmt, &copy, args, MAX_STR_ARGS);
		va_end(copy);
		shorten(msg, len - 1, args, nargs);
	}
	memcpy(buf, msg, strlen(msg) + 1);
	free(msg);
}

/*
 * Messages quote what files hold (a class name, a samples_file path), and
 * stderr is often a terminal or a CI log: each byte of a control character
 * (C0 but tab, DEL, C1), a bidirectional or invisible format character,
 * or a malformed sequence becomes '?', so no file can move the cursor,
 * retitle the window or forge a line.  A "##[" a CI runner would take
 * for a command (lib/logcmd.h) loses its second '#' the same way.
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
	logcmd_defuse_line(buf);
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", prog, buf);
}

char *
err_list(char *buf, size_t len, const char *const *words, size_t n,
    const char *last)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		snprintf(buf + used, len - used, "%s%s", i == 0 ? "" : i + 1 == n ?
		    last : ", ", words[i]);
		used += strlen(buf + used);
	}
	return buf;
}

const char *
err_quote(char *buf, size_t len, const char *s)
{
	size_t i = 0;

	for (; *s != '\0' && i + 4 < len && i < 60; s++)
		buf[i++] = ((unsigned char)*s < 0x20 || *s == 0x7f || *s == '"') ?
		    '?' : *s;
	/* the loop left room for the cut's mark, however small buf is */
	if (*s != '\0' && i + 4 <= len) {
		memcpy(buf + i, "...", 3);
		i += 3;
	}
	buf[i] = '\0';
	return buf;
}

void
err_warn(const char *fmt, ...)
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

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list copy;
	char *s;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		return xstrdup("");
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
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
