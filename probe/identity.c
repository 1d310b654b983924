/* SPDX-License-Identifier: MIT */
/*
 * What the host's and the volume's identities share: a machine id
 * hashed so no record carries the id itself, strings from the system
 * bounded and made visible, small files read whole.
 */
#define _DARWIN_C_SOURCE /* gethostuuid, statfs names under _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/readfile.h"
#include "lib/utf8.h"
#include "probe/identity.h"

uint64_t
identity_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static int
is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * The visible form of character cp at p (UTF8_BAD: a malformed byte, as
 * a JSON reader may refuse what a lax decoder lets through) into buf, as
 * the text outputs show it: a C0 control, DEL or a malformed byte as
 * \xHH, a C1 control as \u0080 to \u009f.  Returns its length, or 0 when
 * the character is written as itself.
 */
static size_t
visible(const unsigned char *p, uint32_t cp, char *buf)
{
	if (cp == UTF8_BAD || cp < 0x20 || cp == 0x7f)
		return (size_t)snprintf(buf, 8, "\\x%02x", p[0]);
	if (cp >= 0x80 && cp < 0xA0)
		return (size_t)snprintf(buf, 8, "\\u%04x", (unsigned)cp);
	return 0;
}

char *
identity_uuid(const unsigned char *b, size_t n)
{
	char *out, *p;
	size_t i, zero = 0;

	for (i = 0; i < n; i++)
		zero += b[i] == 0;
	if (n == 0 || n > 64 || zero == n)
		return NULL;
	p = out = xmalloc(2 * n + 5);
	for (i = 0; i < n; i++) {
		if (n == 16 && (i == 4 || i == 6 || i == 8 || i == 10))
			*p++ = '-';
		p += sprintf(p, "%02x", b[i]);
	}
	return out;
}

/* p up to end in visible forms, at most max bytes (the caller frees). */
static char *
clean_span(const unsigned char *p, const unsigned char *end, size_t max)
{
	char *out = xmalloc(max + 1), esc[8];
	size_t o = 0, n, v;
	uint32_t cp;

	for (; p < end; p += n) {
		n = utf8_decode((const char *)p, &cp);
		v = visible(p, cp, esc);
		if (o + (v ? v : n) > max)
			break;
		if (v > 0)
			memcpy(out + o, esc, v);
		else
			memcpy(out + o, p, n);
		o += v ? v : n;
	}
	out[o] = '\0';
	return out;
}

char *
identity_clean(const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s, *end;

	while (is_blank(*p))
		p++;
	end = p + strlen((const char *)p);
	while (end > p && is_blank(end[-1]))
		end--;
	return clean_span(p, end, max);
}

char *
identity_clean_path(const char *path)
{
	size_t n = strlen(path);

	/* a visible form is at most four bytes a byte ("\xff") */
	return clean_span((const unsigned char *)path,
	    (const unsigned char *)path + n, 4 * n);
}

void
identity_add_virt(char **virt, const char *hint)
{
	char *s;

	if (*virt != NULL && strstr(*virt, hint) != NULL)
		return;
	s = *virt != NULL && (*virt)[0] != '\0' ? xasprintf("%s; %s", *virt, hint) :
	    xstrdup(hint);
	free(*virt);
	*virt = s;
}

/*
 * The machine's own id into buf (len bytes): /etc/machine-id's text, or
 * on macOS the 16 bytes of gethostuuid.  Returns its source's name and
 * sets *n, or returns NULL when neither is there.
 */
static const char *
machine_id(unsigned char *buf, size_t len, size_t *n)
{
	static const char *const files[] = { "/etc/machine-id",
	    "/var/lib/dbus/machine-id" };
	size_t i;

	for (i = 0; i < sizeof files / sizeof files[0]; i++)
		if (read_small(files[i], (char *)buf, len) == 0 && buf[0] != '\0') {
			*n = strlen((char *)buf);
			return "machine-id";
		}
#ifdef __APPLE__
	{
		uuid_t u;
		struct timespec wait = { 1, 0 };

		if (len >= sizeof u && gethostuuid(u, &wait) == 0) {
			memcpy(buf, u, sizeof u);
			*n = sizeof u;
			return "hostuuid";
		}
	}
#endif
	return NULL;
}

const char *
identity_machine_hash(const char *hostname, char hex[IDENTITY_HASH_LEN + 1])
{
	static const char salt[] = "syncgate-host:";
	unsigned char buf[128];
	size_t n = 0;
	const char *src = machine_id(buf, sizeof buf, &n);
	uint64_t h = identity_fnv1a(IDENTITY_FNV, salt, sizeof salt - 1);

	if (src != NULL) {
		h = identity_fnv1a(h, buf, n);
	} else {
		h = identity_fnv1a(h, hostname, strlen(hostname));
		src = "hostname";
	}
	snprintf(hex, IDENTITY_HASH_LEN + 1, "%016llx", (unsigned long long)h);
	return src;
}
