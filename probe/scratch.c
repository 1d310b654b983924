/* SPDX-License-Identifier: MIT */
/*
 * The scratch file.  Its name lives only while the descriptors open, the
 * signals held and the name registered for the handler; it is unlinked
 * before its blocks are written, so no death of the process leaves it.
 */
#define _GNU_SOURCE     /* O_DIRECT */
#define _DARWIN_C_SOURCE /* F_FULLFSYNC, F_BARRIERFSYNC under _POSIX_C_SOURCE */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "lib/cleanup.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/rand.h"
#include "lib/units.h"
#include "probe/scratch.h"

#define NAME_PREFIX ".syncgate-probe."
#define NAME_RANDOM 12
#define CREATE_TRIES 64

long long
scratch_slots(long long write_bytes, long long want, long long min_slots,
    char *err)
{
	long long stride = (write_bytes + SCRATCH_ALIGN - 1) / SCRATCH_ALIGN *
	    SCRATCH_ALIGN;
	long long cap = SCRATCH_WRAP_BYTES / stride;
	char a[DURLEN], b[DURLEN], c[DURLEN];

	if (min_slots > SCRATCH_MAX_BYTES / stride)
		return errf(err, "%lld writes of %s at once need %s of scratch "
		    "space; at most %s", min_slots,
		    units_fmt_bytes(a, sizeof a, (double)write_bytes),
		    units_fmt_bytes(b, sizeof b, (double)min_slots * (double)stride),
		    units_fmt_bytes(c, sizeof c, (double)SCRATCH_MAX_BYTES));
	if (want > cap)
		want = cap;
	return want > min_slots ? want : min_slots;
}

/* The signals are held: none finds the name unregistered. */
static int
create(struct scratch *s, char *err)
{
	static const char alnum[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	char *p = s->name + sizeof NAME_PREFIX - 1;
	int tries, i;

	memcpy(s->name, NAME_PREFIX, sizeof NAME_PREFIX - 1);
	for (tries = 0; tries < CREATE_TRIES; tries++) {
		for (i = 0; i < NAME_RANDOM; i++)
			p[i] = alnum[rand_next(&s->seed) % (sizeof alnum - 1)];
		p[i] = '\0';
		s->fd = openat(s->dirfd, s->name,
		    O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (s->fd >= 0 || errno != EEXIST)
			break;
	}
	if (s->fd < 0)
		return errf(err, "%s: cannot create a scratch file:", s->dir);
	s->path = xasprintf("%s/%s", s->dir, s->name);
	s->created = 1;
	if ((s->slot = cleanup_register(s->path)) < 0)
		return errf(err, "%s: the path is too long to remove the scratch "
		    "file if interrupted", s->dir);
	return 0;
}

int
scratch_write(const struct scratch *s, int fd, unsigned char *buf,
    uint64_t *seed, long long slot, double *ns, char *err)
{
	off_t off = (off_t)((slot % s->nslots) * s->stride);
	long long done = 0;
	double t0 = 0;
	char b[DURLEN];

	rand_fill(buf, (size_t)s->write_bytes, seed);
	if (ns != NULL)
		t0 = clock_monotonic_ns();
	while (done < s->write_bytes) {
		ssize_t w = pwrite(fd, buf + done, (size_t)(s->write_bytes - done),
		    off + done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w == 0)
			errno = EIO;
		if (w <= 0)
			return errf(err, "%s: writing %s to the scratch file%s:", s->dir,
			    units_fmt_bytes(b, sizeof b, (double)s->write_bytes),
			    w == 0 ? " wrote nothing" : "");
		done += w;
	}
	if (ns != NULL)
		*ns = clock_monotonic_ns() - t0;
	return 0;
}

/* Every block written and synced, so sample writes allocate nothing. */
static int
preallocate(struct scratch *s, char *err)
{
	long long i;

	for (i = 0; i < s->nslots; i++)
		if (scratch_write(s, s->fd, s->buf, &s->seed, i, NULL, err) < 0)
			return -1;
	if (fsync(s->fd) < 0)
		return errf(err, "%s: syncing the preallocated scratch file:", s->dir);
	return 0;
}

static int
same_file(int a, int b)
{
	struct stat sa, sb;

	return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 &&
	    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The raw twin: opened past libc, so an LD_PRELOAD cannot strip its flags. */
static int
open_raw(const struct scratch *s, int flags)
{
#if defined(__linux__) && defined(SYS_openat)
	int fd = (int)syscall(SYS_openat, s->dirfd, s->name,
	    O_RDWR | O_NOFOLLOW | O_CLOEXEC | flags);

	if (fd >= 0 && !same_file(fd, s->fd)) {
		close(fd);
		return -1;
	}
	return fd < 0 ? -1 : fd;
#else
	(void)s;
	(void)flags;
	return -1;
#endif
}

/*
 * O_DIRECT's alignment, as statx says on the file (Linux 6.1 and later);
 * where it cannot, the aligned transfer that follows finds out.  Beyond
 * SCRATCH_ALIGN is refused.
 */
static int
check_direct_alignment(const struct scratch *s, char *err)
{
#if defined(__linux__) && defined(STATX_DIOALIGN)
	struct statx sx;

	if (statx(s->fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) != 0 ||
	    !(sx.stx_mask & STATX_DIOALIGN))
		return 0;
	if (sx.stx_dio_offset_align == 0)
		return errf(err, "%s: --method direct-dsync: the filesystem does "
		    "not do O_DIRECT on this file (statx gives no alignment for it)",
		    s->dir);
	if (sx.stx_dio_offset_align > SCRATCH_ALIGN ||
	    sx.stx_dio_mem_align > SCRATCH_ALIGN)
		return errf(err, "%s: --method direct-dsync: O_DIRECT here needs "
		    "offsets aligned to %u bytes and memory to %u (statx); syncgate "
		    "aligns both to %d", s->dir, sx.stx_dio_offset_align,
		    sx.stx_dio_mem_align, SCRATCH_ALIGN);
	if (s->write_bytes % sx.stx_dio_offset_align != 0)
		return errf(err, "--write-size: %lld is not a multiple of %u, the "
		    "O_DIRECT alignment %s needs (statx)", s->write_bytes,
		    sx.stx_dio_offset_align, s->dir);
#else
	(void)s;
	(void)err;
#endif
	return 0;
}

/*
 * Whether the trial write left a page in the page cache, as tmpfs (which
 * takes O_DIRECT from Linux 6.6) must; 0 where untold.  Under valgrind
 * always yes: it reads the start of every file mapped.
 */
static int
page_resident(const struct scratch *s)
{
#ifdef __linux__
	long page = sysconf(_SC_PAGESIZE);
	size_t len, i, npages;
	unsigned char *vec;
	void *map;
	int resident = 0;

	if (page <= 0)
		return 0;
	npages = ((size_t)s->write_bytes + (size_t)page - 1) / (size_t)page;
	len = npages * (size_t)page;
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, s->fd, 0);
	if (map == MAP_FAILED)
		return 0;
	vec = xmalloc(npages);
	if (mincore(map, len, vec) == 0)
		for (i = 0; i < npages && !resident; i++)
			resident = vec[i] & 1;
	free(vec);
	munmap(map, len);
	return resident;
#else
	(void)s;
	return 0;
#endif
}

/* Accepted at open and refused at transfer is how tmpfs used to do it. */
static int
probe_direct(struct scratch *s, char *err)
{
	char b[DURLEN];

	if (scratch_write(s, s->sync_fd, s->buf, &s->seed, 0, NULL, err) == 0) {
		s->direct_cached = page_resident(s);
		return 0;
	}
	if (errno != EINVAL)
		return -1;
	return errf(err, "%s: --method direct-dsync: the filesystem refuses an "
	    "O_DIRECT write of %s at an aligned offset (a --write-size that is "
	    "a multiple of the device's block size may work):", s->dir,
	    units_fmt_bytes(b, sizeof b, (double)s->write_bytes));
}

static int
open_timed(struct scratch *s, const struct probe_method *m, char *err)
{
	int fl;

	if (m->open_flags == 0) {
		s->sync_fd = s->fd;
		return 0;
	}
	/*
	 * open(2) by path: engines call it and eatmydata strips O_DSYNC in
	 * open and open64 only; the same-file check catches a swapped directory.
	 */
	s->sync_fd = open(s->path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | m->open_flags);
	if (s->sync_fd < 0 && m->direct && errno == EINVAL)
		return errf(err, "%s: --method direct-dsync: the filesystem refuses "
		    "O_DIRECT:", s->dir);
	if (s->sync_fd < 0)
		return errf(err, "%s: opening the scratch file for %s:", s->dir,
		    m->word);
	if (!same_file(s->sync_fd, s->fd)) {
		errno = EEXIST;
		return errf(err, "%s: the scratch file was replaced while in use:",
		    s->dir);
	}
	fl = fcntl(s->sync_fd, F_GETFL);
	s->flags_dropped = fl != -1 && (fl & O_DSYNC) != O_DSYNC;
	s->raw_fd = open_raw(s, m->open_flags);
	return m->direct ? probe_direct(s, err) : 0;
}

/* Once unlinked, not even SIGKILL leaves the file: its last close frees it. */
static void
drop_name(struct scratch *s)
{
	if (s->created)
		unlinkat(s->dirfd, s->name, 0);
	/* unlink before forgetting: a signal in between only unlinks twice */
	cleanup_forget(s->slot);
	s->created = 0;
	s->slot = -1;
}

int
scratch_open(struct scratch *s, const char *dir, const struct probe_method *m,
    long long write_bytes, long long nslots, char *err)
{
	void *buf = NULL;
	sigset_t old;
	int ok;

	memset(s, 0, sizeof *s);
	s->dir = dir;
	s->dirfd = s->fd = s->sync_fd = s->raw_fd = s->slot = -1;
	s->write_bytes = write_bytes;
	s->stride = (write_bytes + SCRATCH_ALIGN - 1) / SCRATCH_ALIGN * SCRATCH_ALIGN;
	s->nslots = nslots;
	s->seed = rand_seed();
	if (posix_memalign(&buf, SCRATCH_ALIGN, (size_t)s->stride) != 0)
		return errf(err, "out of memory for a %lld-byte buffer", s->stride);
	s->buf = buf;
	cleanup_install();
	if ((s->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return errf(err, "%s:", dir);
	/* held from creation to unlink: a few system calls and one write at most */
	cleanup_hold(&old);
	ok = create(s, err) == 0 &&
	    (!m->direct || check_direct_alignment(s, err) == 0) &&
	    open_timed(s, m, err) == 0;
	drop_name(s);
	cleanup_release(&old);
	return !ok || preallocate(s, err) < 0 ? -1 : 0;
}

void
scratch_close(struct scratch *s)
{
	int saved = errno;

	if (s->raw_fd >= 0)
		close(s->raw_fd);
	if (s->sync_fd >= 0 && s->sync_fd != s->fd)
		close(s->sync_fd);
	if (s->fd >= 0)
		close(s->fd);
	drop_name(s);
	if (s->dirfd >= 0)
		close(s->dirfd);
	free(s->path);
	free(s->buf);
	s->raw_fd = s->sync_fd = s->fd = s->dirfd = -1;
	s->path = NULL;
	s->buf = NULL;
	errno = saved;
}
