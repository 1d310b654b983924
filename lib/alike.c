/* SPDX-License-Identifier: MIT */
/* Normalization needs Unicode's tables: libutf8proc keeps them current. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "lib/alike.h"
#include "lib/err.h"
#include "lib/utf8.h"

/* Bytes shown of a name in a message: enough to see where two differ. */
#define SHOWN 48

/* s as the renderers show it: hidden characters and '\' escaped. */
static char *
visible(const char *s)
{
	/* the longest form, \xHH for one byte, is four times its input */
	char *out = xmalloc(4 * strlen(s) + 1), *q = out;
	uint32_t cp;
	size_t n;

	for (; *s != '\0'; s += n) {
		n = utf8_decode(s, &cp);
		if (cp == UTF8_BAD || (cp < 0x80 && utf8_hidden(cp)))
			q += sprintf(q, "\\x%02x", (unsigned)(unsigned char)s[0]);
		else if (utf8_hidden(cp))
			q += sprintf(q, "\\u%04x", (unsigned)cp);
		else if (cp == '\\')
			q += sprintf(q, "\\\\");
		else {
			memcpy(q, s, n);
			q += n;
		}
	}
	*q = '\0';
	return out;
}

char *
alike_key(const char *s)
{
	char *vis = visible(s);
	utf8proc_uint8_t *norm = NULL;
	utf8proc_ssize_t n = utf8proc_map((const utf8proc_uint8_t *)vis, 0, &norm,
	    UTF8PROC_NULLTERM | UTF8PROC_STABLE | UTF8PROC_COMPOSE |
	    UTF8PROC_COMPAT | UTF8PROC_IGNORE);
	/* only running out of memory fails on valid UTF-8: compare as shown */
	if (n < 0) {
		free(norm);
		return vis;
	}
	free(vis);
	return (char *)norm;
}

const char *
alike_bytes(char *buf, size_t len, const char *s, size_t at)
{
	size_t n = strlen(s), from = 0, to = n, used = 0, i;

	if (n > SHOWN) {
		from = at > 8 ? at - 8 : 0;
		if (from > n - SHOWN)
			from = n - SHOWN;
		to = from + SHOWN;
		used = (size_t)snprintf(buf, len, "bytes %zu to %zu of %zu:",
		    from + 1, to, n);
	} else {
		used = (size_t)snprintf(buf, len, "bytes");
	}
	for (i = from; i < to && used + 4 < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %02x",
		    (unsigned)(unsigned char)s[i]);
	return buf;
}
