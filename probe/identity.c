/* SPDX-License-Identifier: MIT */
/*
 * What the host's and the volume's identities share: a hashed machine
 * id, and strings from the system bounded and made visible.
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

/*
 * p up to end, at most max bytes, as the text outputs show it: a C0
 * control, DEL or a malformed byte (a JSON reader may refuse what a lax
 * decoder lets through) as \xHH, a C1 control as \u0080 to \u009f.
 */
static char *
clean_span(const unsigned char *p, const unsigned char *end, size_t max)
{
	char *out = xmalloc(max + 1), esc[8];
	size_t o = 0, n, v;
	uint32_t cp;

	for (; p < end; p += n) {
		n = utf8_decode((const char *)p, &cp);
		if (cp == UTF8_BAD || cp < 0x20 || cp == 0x7f)
			v = (size_t)snprintf(esc, 8, "\\x%02x", p[0]);
		else if (cp >= 0x80 && cp < 0xA0)
			v = (size_t)snprintf(esc, 8, "\\u%04x", (unsigned)cp);
		else
			v = 0;
		if (o + (v ? v : n) > max)
			break;
		memcpy(out + o, v ? (const void *)esc : p, v ? v : n);
		o += v ? v : n;
	}
	out[o] = '\0';
	return out;
}

char *
identity_clean(const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s + strspn(s, " \t\n\r");
	const unsigned char *end = p + strlen((const char *)p);

	while (end > p && strchr(" \t\n\r", end[-1]) != NULL)
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

/* The machine's own id and *n, returning its source's name, or NULL. */
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

	if (src != NULL)
		h = identity_fnv1a(h, buf, n);
	else {
		h = identity_fnv1a(h, hostname, strlen(hostname));
		src = "hostname";
	}
	snprintf(hex, IDENTITY_HASH_LEN + 1, "%016llx", (unsigned long long)h);
	return src;
}
