/* SPDX-License-Identifier: MIT */
/* Messages and exiting allocators, as sbase's eprintf and its kin. */
#include <errno.h>
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

/* What is kept of a run that is shortened: its start and its end. */
#define KEEP_MIN 40

/* The run at at keeps keep bytes round "...", cut at characters; bytes lost. */
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
 * A plain cut would lose a long path's message its end, the reason: the
 * longest runs without a space are cut in the middle instead, down to
 * KEEP_MIN, keeping each path's start and file; then the message's middle.
 */
static void
shorten(char *msg, size_t limit)
{
	size_t len = strlen(msg), at = 0, n, i, run, cut;

	while (len > limit) {
		/* the longest run without a space, n bytes at at */
		for (i = 0, n = 0; msg[i] != '\0'; i += run + (msg[i + run] == ' '))
			if ((run = strcspn(msg + i, " ")) > n) {
				n = run;
				at = i;
			}
		if (n < KEEP_MIN + 4)
			break;
		cut = len - limit + 3;  /* bytes to take out, "..." put in */
		len -= cut_middle(msg, at, n, cut < n - KEEP_MIN ? n - cut : KEEP_MIN);
	}
	if (len > limit)
		cut_middle(msg, 0, len, limit - 3);
}

/*
 * The whole message is built first, to be shortened by rule rather than
 * cut where buf ends; without memory (die's "out of memory" too), cut.
 * errno is read first, before any call here may change it.
 */
static void __attribute__((format(printf, 3, 0)))
vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
	size_t n = strlen(fmt), used;
	const char *reason = n > 0 && fmt[n - 1] == ':' ? strerror(errno) : NULL;
	char *msg;
	va_list copy;
	int need;

	va_copy(copy, ap);
	need = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	n = (need < 0 ? 0 : (size_t)need) + (reason ? strlen(reason) + 1 : 0) + 1;
	if ((msg = malloc(n)) == NULL) {
		msg = buf;
		n = len;
	}
	msg[0] = '\0';
	vsnprintf(msg, n, fmt, ap);
	used = strlen(msg);
	if (reason != NULL)
		snprintf(msg + used, n - used, " %s", reason);
	if (msg == buf)
		return;
	shorten(msg, len - 1);
	memcpy(buf, msg, strlen(msg) + 1);
	free(msg);
}

/*
 * Messages quote what files hold, to a terminal or a CI log: each byte of
 * a control (but tab), bidirectional or invisible character or malformed
 * sequence becomes '?', so no file moves the cursor or forges a line.
 */
static void
hide_controls(char *s)
{
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
	vformat(err, ERRLEN, fmt, ap);
	va_end(ap);
	errno = saved;
	return -1;
}

/* A line kept at the foot of a terminal, redrawn under each message. */
static char status[256];

static void __attribute__((format(printf, 1, 0)))
vwarn(const char *fmt, va_list ap)
{
	char buf[ERRLEN];

	vformat(buf, sizeof buf, fmt, ap);
	hide_controls(buf);
	logcmd_defuse_line(buf);
	fflush(stdout);
	if (status[0] != '\0')
		fputs("\r\033[K", stderr);
	fprintf(stderr, "%s: %s\n", prog, buf);
	if (status[0] != '\0')
		fputs(status, stderr);
}

void
err_status(const char *line)
{
	if (line == NULL && status[0] == '\0')
		return;
	snprintf(status, sizeof status, "%s", line != NULL ? line : "");
	hide_controls(status);
	fprintf(stderr, "\r\033[K%s", status);
	fflush(stderr);
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
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
}

void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	exit(EXIT_TROUBLE);
}

void *
xmalloc(size_t n)
{
	return xrealloc(NULL, n);
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
strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n && v != NULL; i++)
		free(v[i]);
	free(v);
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

void
xlist_add(struct xlist *l, const char *sep, const char *item)
{
	size_t ns = l->len ? strlen(sep) : 0, ni = strlen(item);

	xgrow(&l->s, &l->cap, l->len + ns + ni + 1, 1);
	memcpy(l->s + l->len, sep, ns);
	memcpy(l->s + l->len + ns, item, ni + 1);
	l->len += ns + ni;
}
