/* SPDX-License-Identifier: MIT */
/*
 * The method table.  The raw variants go past libc with syscall(2): an
 * LD_PRELOAD such as eatmydata replaces only libc's wrapper.
 */
#define _GNU_SOURCE     /* O_DIRECT */
#define _DARWIN_C_SOURCE /* F_FULLFSYNC, F_BARRIERFSYNC under _POSIX_C_SOURCE */
#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "lib/err.h"
#include "model/sync_words.h"
#include "probe/method.h"

#if defined(__APPLE__)
#define SYSTEM_NAME "macOS"
#elif defined(__linux__)
#define SYSTEM_NAME "Linux"
#else
#define SYSTEM_NAME "this system"
#endif

#if defined(__APPLE__)
/* macOS's headers do not promise fdatasync; fsync is what it has */
#define HAVE_FDATASYNC 0
#define DEFAULT_METHOD "full"
#define CLEAN fsync
#define RAW_CLEAN RAW_FSYNC
#else
#define HAVE_FDATASYNC 1
#define DEFAULT_METHOD "fdatasync"
#define CLEAN fdatasync
#define RAW_CLEAN RAW_FDATASYNC
#endif

#if defined(__linux__) && defined(SYS_fdatasync)
static int
raw_fdatasync(int fd)
{
	return (int)syscall(SYS_fdatasync, fd);
}
#define RAW_FDATASYNC raw_fdatasync
#else
#define RAW_FDATASYNC NULL
#endif

#if defined(__linux__) && defined(SYS_fsync)
static int
raw_fsync(int fd)
{
	return (int)syscall(SYS_fsync, fd);
}
#define RAW_FSYNC raw_fsync
#else
#define RAW_FSYNC NULL
#endif

#ifdef F_FULLFSYNC
static int
full_fsync(int fd)
{
	return fcntl(fd, F_FULLFSYNC) == -1 ? -1 : 0;
}
#endif

#ifdef F_BARRIERFSYNC
static int
barrier_fsync(int fd)
{
	return fcntl(fd, F_BARRIERFSYNC) == -1 ? -1 : 0;
}
#endif

#ifdef O_DIRECT
#define DIRECT_FLAGS (O_DIRECT | O_DSYNC)
#define DIRECT_MISSING NULL
#else
#define DIRECT_FLAGS O_DSYNC
#define DIRECT_MISSING "O_DIRECT does not exist on " SYSTEM_NAME
#endif

static const struct probe_method methods[] = {
#if HAVE_FDATASYNC
	{ SYNC_ROW_FDATASYNC, 0, fdatasync, RAW_FDATASYNC, NULL },
#else
	{ SYNC_ROW_FDATASYNC, 0, NULL, NULL,
	  "fdatasync is not declared on " SYSTEM_NAME "; use full or fsync" },
#endif
	{ SYNC_ROW_FSYNC, 0, fsync, RAW_FSYNC, NULL },
	{ SYNC_ROW_DSYNC, O_DSYNC, NULL, NULL, NULL },
	{ SYNC_ROW_DIRECT_DSYNC, DIRECT_FLAGS, NULL, NULL, DIRECT_MISSING },
#ifdef F_FULLFSYNC
	{ SYNC_ROW_FULL, 0, full_fsync, NULL, NULL },
#else
	{ SYNC_ROW_FULL, 0, NULL, NULL,
	  "F_FULLFSYNC is a macOS call; " SYSTEM_NAME " has no such fcntl" },
#endif
#ifdef F_BARRIERFSYNC
	{ SYNC_ROW_BARRIER, 0, barrier_fsync, NULL, NULL },
#else
	{ SYNC_ROW_BARRIER, 0, NULL, NULL,
	  "F_BARRIERFSYNC is a macOS call; " SYSTEM_NAME " has no such fcntl" },
#endif
};

#define NMETHODS (sizeof methods / sizeof methods[0])

const struct probe_method *
probe_method_find(const char *name, char *err)
{
	size_t i;

	if (name == NULL)
		name = DEFAULT_METHOD;
	for (i = 0; i < NMETHODS; i++)
		if (strcmp(methods[i].name, name) == 0)
			break;
	if (i == NMETHODS)
		errf(err, "--method %.64s: unknown; expected one of %s", name,
		    sync_words_names());
	else if (methods[i].missing != NULL)
		errf(err, "--method %s: %s", name, methods[i].missing);
	else
		return &methods[i];
	return NULL;
}

int (*probe_method_clean(const struct probe_method *m, int raw))(int)
{
	if (m->sync != NULL)
		return raw ? m->raw_sync : m->sync;
	return raw ? RAW_CLEAN : CLEAN;
}

const char *
probe_method_carries(const struct probe_method *m, int cached)
{
	return sync_words_carries(sync_words_lookup(m->name), cached);
}

const char *
probe_method_clean_name(const struct probe_method *m)
{
	if (m->sync != NULL)
		return m->word;
	return HAVE_FDATASYNC ? "fdatasync" : "fsync";
}
