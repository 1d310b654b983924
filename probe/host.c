/* SPDX-License-Identifier: MIT */
/*
 * What the machine says of itself: on Linux /proc/cpuinfo and
 * /proc/meminfo, elsewhere sysctl where it has the figure, and sysconf
 * and uname everywhere.  A figure the system does not give is left
 * unknown rather than guessed.
 */
#define _DARWIN_C_SOURCE /* sysctlbyname under _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || \
    defined(__OpenBSD__) || defined(__DragonFly__)
#include <sys/types.h>
#include <sys/sysctl.h>
#define HOST_SYSCTL 1
#endif

#include "lib/err.h"
#include "probe/host.h"
#include "probe/identity.h"

/* The longest CPU model kept. */
#define HOST_MODEL_MAX 128

/*
 * The value after "key<blanks>:" on a line of /proc/cpuinfo, for the
 * first key of keys the file has: x86's "model name", older ARM's
 * "Processor", POWER's "cpu", MIPS's "cpu model".
 */
static char *
cpuinfo_model(void)
{
	static const char *const keys[] = { "model name", "Processor",
	    "cpu model", "cpu" };
	char *found[4] = { NULL, NULL, NULL, NULL }, *line = NULL, *out = NULL;
	size_t cap = 0, i, n;
	FILE *fp = fopen("/proc/cpuinfo", "r");

	if (fp == NULL)
		return NULL;
	while (getline(&line, &cap, fp) > 0)
		for (i = 0; i < 4; i++) {
			n = strlen(keys[i]);
			if (found[i] == NULL && strncmp(line, keys[i], n) == 0 &&
			    strspn(line + n, " \t") + n == strcspn(line, ":") &&
			    strchr(line, ':') != NULL)
				found[i] = identity_clean(strchr(line, ':') + 1,
				    HOST_MODEL_MAX);
		}
	for (i = 0; i < 4; i++) {
		if (out == NULL && found[i] != NULL && found[i][0] != '\0')
			out = found[i];
		else
			free(found[i]);
	}
	free(line);
	fclose(fp);
	return out;
}

/* MemTotal of /proc/meminfo in bytes, or -1. */
static long long
meminfo_total(void)
{
	char *line = NULL;
	size_t cap = 0;
	long long kb = -1;
	FILE *fp = fopen("/proc/meminfo", "r");

	if (fp == NULL)
		return -1;
	while (getline(&line, &cap, fp) > 0)
		if (sscanf(line, "MemTotal: %lld kB", &kb) == 1)
			break;
	free(line);
	fclose(fp);
	return kb > 0 && kb < (1LL << 43) ? kb * 1024 : -1;
}

#ifdef HOST_SYSCTL
static char *
sysctl_string(const char *name)
{
	char buf[256];
	size_t len = sizeof buf;

	if (sysctlbyname(name, buf, &len, NULL, 0) < 0 || len == 0)
		return NULL;
	buf[len < sizeof buf ? len : sizeof buf - 1] = '\0';
	return identity_clean(buf, HOST_MODEL_MAX);
}
#endif

static char *
cpu_model(void)
{
	char *m = cpuinfo_model();

#ifdef HOST_SYSCTL
	if (m == NULL)
		m = sysctl_string("machdep.cpu.brand_string");
	if (m == NULL)
		m = sysctl_string("hw.model");
#endif
	if (m != NULL && m[0] == '\0') {
		free(m);
		m = NULL;
	}
	return m;
}

static long long
memory_bytes(void)
{
	long long b = meminfo_total();

#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
	if (b < 0) {
		long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

		if (pages > 0 && size > 0 && (double)pages * size < 9e15)
			b = (long long)pages * size;
	}
#endif
	return b;
}

void
host_gather(struct result_host *h)
{
	struct utsname u;
	char name[256], hex[IDENTITY_HASH_LEN + 1], *clean;
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	result_host_init(h);
	h->cpu_model = cpu_model();
	h->cores = n > 0 && n <= 1000000 ? n : -1;
	h->memory_bytes = memory_bytes();
	if (uname(&u) == 0 && u.release[0] != '\0')
		h->kernel = identity_clean(u.release, 255);
	if (gethostname(name, sizeof name) < 0)
		strcpy(name, "unknown");
	name[sizeof name - 1] = '\0';
	clean = identity_clean(name, 255);
	h->id_source = xstrdup(identity_machine_hash(clean, hex));
	h->machine_id = xstrdup(hex);
	free(clean);
}
