/* SPDX-License-Identifier: MIT */
/*
 * What the machine says of itself (/proc, sysctl, sysconf, uname), and
 * for a probe record who measured: hashed id, OS, virtualisation hints.
 * A figure the system does not give is left unknown rather than guessed.
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
#include "lib/readfile.h"
#include "probe/host.h"
#include "probe/identity.h"

#define HOST_MODEL_MAX 128      /* the longest CPU model kept */

/* The value after "key<blanks>:" on a /proc file's first such line. */
static char *
proc_value(const char *path, const char *key, size_t max)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL, *out = NULL;
	size_t cap = 0, n = strlen(key);

	if (fp == NULL)
		return NULL;
	while (out == NULL && getline(&line, &cap, fp) > 0)
		if (strncmp(line, key, n) == 0 && strchr(line, ':') != NULL &&
		    strspn(line + n, " \t") + n == strcspn(line, ":"))
			out = identity_clean(strchr(line, ':') + 1, max);
	free(line);
	fclose(fp);
	return out;
}

/* MemTotal of /proc/meminfo in bytes, else what sysconf says, or -1. */
static long long
memory_bytes(void)
{
	char *v = proc_value("/proc/meminfo", "MemTotal", 64);
	long long kb = v != NULL ? strtoll(v, NULL, 10) : -1;

	free(v);
	if (kb > 0 && kb < (1LL << 43))
		return kb * 1024;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
	{
		long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

		if (pages > 0 && size > 0 && (double)pages * size < 9e15)
			return (long long)pages * size;
	}
#endif
	return -1;
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

/* The first key /proc/cpuinfo has: x86's, older ARM's, MIPS's, POWER's. */
static char *
cpu_model(void)
{
	static const char *const keys[] = { "model name", "Processor",
	    "cpu model", "cpu" };
	char *m = NULL;
	size_t i;

	for (i = 0; i < 4 && (m == NULL || m[0] == '\0'); i++) {
		free(m);
		m = proc_value("/proc/cpuinfo", keys[i], HOST_MODEL_MAX);
	}
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

/* "unknown" where the host has no name. */
static char *
host_name(void)
{
	char name[256];

	if (gethostname(name, sizeof name) < 0)
		strcpy(name, "unknown");
	name[sizeof name - 1] = '\0';
	return identity_clean(name, 255);
}

void
host_gather(struct result_host *h)
{
	struct utsname u;
	char hex[IDENTITY_HASH_LEN + 1], *name = host_name();
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	result_host_init(h);
	h->cpu_model = cpu_model();
	h->cores = n > 0 && n <= 1000000 ? n : -1;
	h->memory_bytes = memory_bytes();
	if (uname(&u) == 0 && u.release[0] != '\0')
		h->kernel = identity_clean(u.release, 255);
	h->id_source = xstrdup(identity_machine_hash(name, hex));
	h->machine_id = xstrdup(hex);
	free(name);
}

/* PRETTY_NAME from os-release, or NULL. */
static char *
distribution(void)
{
	char buf[4096], *p;

	if (read_small("/etc/os-release", buf, sizeof buf) < 0 &&
	    read_small("/usr/lib/os-release", buf, sizeof buf) < 0)
		return NULL;
	p = strstr(buf, "PRETTY_NAME=");
	if (p == NULL || (p != buf && p[-1] != '\n'))
		return NULL;
	p += strlen("PRETTY_NAME=");
	if (*p == '"')
		p++;
	p[strcspn(p, "\n\"")] = '\0';
	return identity_clean(p, 128);
}

/* The hypervisor's name where firmware gives one. */
static void
dmi_vendor(char **virt, int hypervisor)
{
	static const char *const virtual[] = { "QEMU", "VMware", "innotek",
	    "Xen", "Amazon EC2", "Google", "Parallels", "Bochs", "KubeVirt",
	    "OpenStack", "DigitalOcean", NULL };
	char buf[128], hint[200], *v;
	size_t i;
	int known = 0;

	if (read_small("/sys/class/dmi/id/sys_vendor", buf, sizeof buf) < 0 ||
	    buf[0] == '\0')
		return;
	for (i = 0; virtual[i] != NULL; i++)
		known |= strstr(buf, virtual[i]) != NULL;
	if (!known && !hypervisor)
		return;
	v = identity_clean(buf, 64);
	snprintf(hint, sizeof hint, "sys_vendor %s", v);
	free(v);
	identity_add_virt(virt, hint);
}

static void
virt_hints(struct probe_record *out, const struct utsname *u)
{
	char buf[128], hint[256];
	char *flags = proc_value("/proc/cpuinfo", "flags", 1 << 16);
	int hv = flags != NULL && strstr(flags, " hypervisor") != NULL;

	free(flags);
	if (strstr(u->release, "microsoft") != NULL ||
	    strstr(u->release, "Microsoft") != NULL) {
		snprintf(hint, sizeof hint, "%s (kernel %.100s)",
		    strstr(u->release, "Microsoft") ? "WSL1" : "WSL2", u->release);
		identity_add_virt(&out->virt, hint);
	}
	if (hv)
		identity_add_virt(&out->virt, "cpu flag hypervisor");
	dmi_vendor(&out->virt, hv);
	if (read_small("/sys/hypervisor/type", buf, sizeof buf) == 0 &&
	    buf[0] != '\0') {
		char *v = identity_clean(buf, 32);

		snprintf(hint, sizeof hint, "hypervisor %s", v);
		free(v);
		identity_add_virt(&out->virt, hint);
	}
}

void
host_identify(struct probe_record *out)
{
	struct utsname u;
	char os[300], *dist;

	out->host_name = host_name();
	out->hw = xmalloc(sizeof *out->hw);
	host_gather(out->hw);
	/*
	 * the record's own kernel and id stand for the hardware's: the
	 * machine id hashed, so the record does not publish it
	 */
	out->host_id_source = out->hw->id_source;
	out->host_id = out->hw->machine_id;
	free(out->hw->kernel);
	out->hw->kernel = out->hw->machine_id = out->hw->id_source = NULL;
	if (uname(&u) < 0) {
		out->os = xstrdup("unknown");
		return;
	}
	dist = distribution();
	if (dist != NULL)
		snprintf(os, sizeof os, "%.60s %.60s (%.128s)", u.sysname, u.machine,
		    dist);
	else
		snprintf(os, sizeof os, "%.60s %.60s", u.sysname, u.machine);
	free(dist);
	out->os = identity_clean(os, 255);
	out->kernel = identity_clean(u.release, 255);
	virt_hints(out, &u);
}
