/* SPDX-License-Identifier: MIT */
/*
 * The decision.  Timings are only ever compared with other timings of
 * the same run: a dirty sync that costs what an empty system call or a
 * memory copy costs did nothing outside the kernel; one that costs many
 * times both did.  Facts about the volume (a memory filesystem, a network
 * or pass-through one, nobarrier) decide where timing cannot, and the
 * rest (the write cache, rotation, a hypervisor) are reported as hints.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/units.h"
#include "probe/classify.h"

enum timing { TIMING_NONE, TIMING_KERNEL, TIMING_DEVICE, TIMING_BETWEEN };

/* A line a branch adds later, so the deciding line can come first. */
struct line {
	char s[CLASSIFY_LINE];
};

static void
add(struct probe_evidence *ev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
add(struct probe_evidence *ev, const char *fmt, ...)
{
	va_list ap;

	if (ev->n >= CLASSIFY_MAX_EVIDENCE)
		return;
	va_start(ap, fmt);
	vsnprintf(ev->line[ev->n++], CLASSIFY_LINE, fmt, ap);
	va_end(ap);
}

static void
add_line(struct probe_evidence *ev, const struct line *l)
{
	if (l->s[0] != '\0')
		add(ev, "%s", l->s);
}

void
probe_facts_init(struct probe_facts *f)
{
	memset(f, 0, sizeof *f);
	f->dirty_ns = f->clean_ns = f->null_ns = f->write_ns = NAN;
	f->raw_ns = f->libc_ns = NAN;
	f->rotational = -1;
}

/* Durations and ratios as evidence prints them. */
struct fmt {
	char a[DURLEN], b[DURLEN], c[DURLEN], r[DURLEN], q[DURLEN], w[DURLEN];
};

static const char *
dur(char *buf, double ns)
{
	return fmt_duration(buf, DURLEN, ns, 0);
}

static const char *
times(char *buf, double r)
{
	snprintf(buf, DURLEN, r >= 10 ? "%.0f" : "%.1f", r);
	return buf;
}

static int
in_list(const char *fs, const char *const *list)
{
	size_t i;

	for (i = 0; list[i] != NULL; i++)
		if (strcmp(fs, list[i]) == 0)
			return 1;
	return 0;
}

static int
memory_fs(const char *fs)
{
	static const char *const l[] = { "tmpfs", "ramfs", "devtmpfs",
	    "hugetlbfs", "shm", NULL };

	return fs != NULL && in_list(fs, l);
}

/* Filesystems that hand the sync to storage out of this kernel's sight. */
static int
passthrough_fs(const char *fs)
{
	static const char *const l[] = { "overlay", "overlayfs", "aufs", "9p",
	    "v9fs", "virtiofs", "fuse", "fuseblk", "nfs", "nfs4", "cifs", "smb",
	    "smb2", "smb3", "smbfs", "ceph", "glusterfs", "lustre", "gpfs",
	    "afs", "vboxsf", "vmhgfs", "prl_fs", "drvfs", "davfs", "webdav",
	    "sshfs", NULL };

	return fs != NULL && (in_list(fs, l) || strncmp(fs, "fuse.", 5) == 0);
}

static int
block_fs(const char *fs)
{
	static const char *const l[] = { "ext2", "ext3", "ext4", "ext2/ext3/ext4",
	    "xfs", "btrfs", "f2fs", "zfs", "jfs", "reiserfs", "bcachefs",
	    "nilfs2", "vfat", "msdos", "exfat", "ntfs", "ntfs3", "hfs",
	    "hfsplus", "apfs", "ufs", "udf", NULL };

	return fs != NULL && in_list(fs, l);
}

/* Whether a comma-separated option list holds opt as a whole token. */
static int
has_option(const char *opts, const char *opt)
{
	size_t n = strlen(opt);
	const char *p = opts;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, opt, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return 1;
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return 0;
}

static int
flush_timing(const struct probe_facts *f, struct line *l)
{
	double rn = f->dirty_ns / f->null_ns, rw = f->dirty_ns / f->write_ns;
	struct fmt b;

	if (rn <= CLASSIFY_NEAR_NULL) {
		snprintf(l->s, CLASSIFY_LINE, "the dirty %s (%s) costs %s times an "
		    "empty system call (%s): nothing left the kernel", f->sync_name,
		    dur(b.a, f->dirty_ns), times(b.r, rn), dur(b.b, f->null_ns));
		return TIMING_KERNEL;
	}
	/*
	 * Cheaper than the copy into memory says nothing left the kernel only
	 * while the sync is also cheap beside a system call: a large write's
	 * flush to a fast device can beat the copy, and a plain write stalled
	 * by writeback costs more than either.
	 */
	if (rw <= 1 && rn < CLASSIFY_FAR_NULL) {
		snprintf(l->s, CLASSIFY_LINE, "the dirty %s (%s) costs less than "
		    "writing its %s into memory (%s): no data can have reached a "
		    "device", f->sync_name, dur(b.a, f->dirty_ns),
		    fmt_bytes(b.w, DURLEN, (double)f->write_bytes),
		    dur(b.b, f->write_ns));
		return TIMING_KERNEL;
	}
	snprintf(l->s, CLASSIFY_LINE, "the dirty %s (%s) costs %s times an empty "
	    "system call (%s) and %s times writing its %s into memory (%s)",
	    f->sync_name, dur(b.a, f->dirty_ns), times(b.r, rn),
	    dur(b.b, f->null_ns), times(b.q, rw),
	    fmt_bytes(b.w, DURLEN, (double)f->write_bytes), dur(b.c, f->write_ns));
	if (rn >= CLASSIFY_FAR_NULL && !(rw < CLASSIFY_FAR_WRITE))
		return TIMING_DEVICE;
	return TIMING_BETWEEN;
}

static int
write_timing(const struct probe_facts *f, struct line *l)
{
	double rn = f->dirty_ns / f->null_ns, rw = f->dirty_ns / f->write_ns;
	struct fmt b;

	snprintf(l->s, CLASSIFY_LINE, "an %s of %s (%s) costs %s times the same "
	    "write without a sync (%s) and %s times an empty system call (%s)",
	    f->sync_name, fmt_bytes(b.w, DURLEN, (double)f->write_bytes),
	    dur(b.a, f->dirty_ns), times(b.q, rw), dur(b.b, f->write_ns),
	    times(b.r, rn), dur(b.c, f->null_ns));
	/* the same guard as for a flush: what the sync adds must be small too */
	if (rn <= CLASSIFY_NEAR_NULL || (rw <= CLASSIFY_NEAR_WRITE &&
	    f->dirty_ns - f->write_ns < CLASSIFY_FAR_NULL * f->null_ns)) {
		strncat(l->s, ": nothing left the kernel",
		    CLASSIFY_LINE - strlen(l->s) - 1);
		return TIMING_KERNEL;
	}
	if (!(rw < CLASSIFY_FAR_WRITE_TIMED) && !(rn < CLASSIFY_FAR_NULL))
		return TIMING_DEVICE;
	return TIMING_BETWEEN;
}

/* The dirty sync against the kernel's own costs, measured beside it. */
static enum timing
judge_timing(const struct probe_facts *f, struct line *l)
{
	l->s[0] = '\0';
	if (isnan(f->dirty_ns) || (isnan(f->null_ns) && isnan(f->write_ns)))
		return TIMING_NONE;
	return (enum timing)(f->write_timed ? write_timing(f, l) :
	    flush_timing(f, l));
}

/*
 * How the dirty sync compares with the same sync with nothing dirty;
 * device: whether the timing said the sync left the kernel.
 */
static void
clean_line(const struct probe_facts *f, struct probe_evidence *ev, int device)
{
	double rc = f->dirty_ns / f->clean_ns, rn = f->clean_ns / f->null_ns;
	struct fmt b;

	if (isnan(rc))
		return;
	if (!device)
		add(ev, "%s with nothing dirty costs %s", f->clean_name,
		    dur(b.a, f->clean_ns));
	else if (rc >= CLASSIFY_DATA)
		add(ev, "it costs %s times %s with nothing dirty (%s): carrying "
		    "the data out is what costs", times(b.r, rc), f->clean_name,
		    dur(b.a, f->clean_ns));
	else if (rn >= CLASSIFY_FAR_NULL)
		add(ev, "%s with nothing dirty costs %s too (%s times an empty "
		    "system call): the flush itself goes out to the device",
		    f->clean_name, dur(b.a, f->clean_ns), times(b.r, rn));
	else
		add(ev, "%s with nothing dirty costs %s", f->clean_name,
		    dur(b.a, f->clean_ns));
}

/*
 * Whether a sync costs no more than the kernel's own work: a few empty
 * system calls, or for a write that is its own sync, about the plain
 * write.  Interception is only called where libc's sync costs this: on a
 * disk whose syncs swing between two speeds, the raw and libc medians of
 * a few pairs can land in different modes and differ tenfold.
 */
static int
kernel_cost(const struct probe_facts *f, double ns)
{
	if (ns <= CLASSIFY_NEAR_NULL * f->null_ns)
		return 1;
	return f->write_timed && ns <= CLASSIFY_NEAR_WRITE * f->write_ns;
}

/* An LD_PRELOAD replaces libc's calls, never the system call itself. */
static int
intercepted(const struct probe_facts *f, struct probe_evidence *ev)
{
	struct fmt b;

	if (f->flags_dropped) {
		add(ev, "the descriptor opened through libc with O_DSYNC does not "
		    "have it (fcntl F_GETFL): something in this process strips sync "
		    "flags from open (an LD_PRELOAD such as eatmydata)");
		return 1;
	}
	if (isnan(f->raw_ns) || isnan(f->libc_ns) || !kernel_cost(f, f->libc_ns))
		return 0;
	if (f->raw_ns >= CLASSIFY_INTERCEPT * f->libc_ns && f->write_timed) {
		add(ev, "an %s on a descriptor opened through libc costs %s, on one "
		    "opened by the raw system call %s (%s times): something in this "
		    "process intercepts the open (an LD_PRELOAD such as eatmydata)",
		    f->sync_name, dur(b.a, f->libc_ns), dur(b.b, f->raw_ns),
		    times(b.r, f->raw_ns / f->libc_ns));
		return 1;
	}
	if (f->raw_ns >= CLASSIFY_INTERCEPT * f->libc_ns) {
		add(ev, "the dirty %s through libc costs %s but as a raw system call "
		    "%s (%s times): something in this process intercepts it (an "
		    "LD_PRELOAD such as eatmydata)", f->sync_name,
		    dur(b.a, f->libc_ns), dur(b.b, f->raw_ns),
		    times(b.r, f->raw_ns / f->libc_ns));
		return 1;
	}
	return 0;
}

/* Where libc's sync is far dearer than the raw one: wrapped, not skipped. */
static void
wrapped_hint(const struct probe_facts *f, struct probe_evidence *ev)
{
	struct fmt b;

	if (!isnan(f->raw_ns) && !isnan(f->libc_ns) &&
	    f->libc_ns >= CLASSIFY_INTERCEPT * f->raw_ns)
		add(ev, "the dirty %s through libc costs %s times the raw system "
		    "call (%s against %s): something wraps it", f->sync_name,
		    times(b.r, f->libc_ns / f->raw_ns), dur(b.a, f->libc_ns),
		    dur(b.b, f->raw_ns));
}

/*
 * nobarrier: the kernel sends no cache flushes, and a clean sync costing
 * what an empty system call costs shows it.  Returns 1 with *r set when
 * it decides.
 */
static int
no_barrier(const struct probe_facts *f, struct probe_evidence *ev,
    enum reach *r)
{
	struct fmt b;

	if (f->mount_options == NULL || !(has_option(f->mount_options,
	    "nobarrier") || has_option(f->mount_options, "barrier=0")))
		return 0;
	if (f->write_cache != NULL && strcmp(f->write_cache, "write through") == 0) {
		add(ev, "mounted nobarrier, but the device reports a write-through "
		    "cache: there are no flushes to skip");
		return 0;
	}
	if (!isnan(f->clean_ns) && f->clean_ns <= CLASSIFY_NEAR_NULL * f->null_ns) {
		add(ev, "mounted nobarrier, and %s with nothing dirty costs %s, "
		    "%s times an empty system call: no cache flush is sent, so "
		    "the data stops in the device's volatile write cache",
		    f->clean_name, dur(b.a, f->clean_ns),
		    times(b.r, f->clean_ns / f->null_ns));
		*r = REACH_NO;
		return 1;
	}
	add(ev, "mounted nobarrier, which stops cache flushes, yet %s with "
	    "nothing dirty costs %s: whether a flush is sent cannot be told",
	    f->clean_name, dur(b.a, f->clean_ns));
	*r = REACH_UNKNOWN;
	return 1;
}

/* Why a filesystem hides where its syncs go. */
static void
unseen_fs(const struct probe_facts *f, struct probe_evidence *ev)
{
	if (f->fs == NULL)
		add(ev, "the filesystem type could not be read, so where the sync "
		    "goes cannot be judged from here");
	else if (passthrough_fs(f->fs))
		add(ev, "%s hands the sync to storage out of this kernel's sight: "
		    "whether it reaches a device cannot be judged from here", f->fs);
	else
		add(ev, "%s is not a filesystem known to sit on a local block "
		    "device: where the sync goes cannot be judged from here", f->fs);
}

static enum reach
decide(const struct probe_facts *f, struct probe_evidence *ev)
{
	struct line t;
	enum timing tm = judge_timing(f, &t);
	enum reach r;

	if (memory_fs(f->fs)) {
		add(ev, "%s keeps files in memory: there is no device behind it",
		    f->fs);
		add_line(ev, &t);
		return REACH_NO;
	}
	if (intercepted(f, ev)) {
		add_line(ev, &t);
		return REACH_NO;
	}
	if (tm == TIMING_KERNEL) {
		add_line(ev, &t);
		clean_line(f, ev, 0);
		return REACH_NO;
	}
	if (no_barrier(f, ev, &r)) {
		add_line(ev, &t);
		return r;
	}
	if (passthrough_fs(f->fs) || !block_fs(f->fs)) {
		unseen_fs(f, ev);
		add_line(ev, &t);
		return REACH_UNKNOWN;
	}
	if (tm == TIMING_DEVICE) {
		strncat(t.s, ": the sync left the kernel for the device",
		    CLASSIFY_LINE - strlen(t.s) - 1);
		add_line(ev, &t);
		clean_line(f, ev, 1);
		return REACH_YES;
	}
	if (tm == TIMING_NONE)
		add(ev, "the sync was not timed against the kernel's own costs");
	else
		add(ev, "%s: too close to the kernel's own costs to tell", t.s);
	return REACH_UNKNOWN;
}

static void
hints(const struct probe_facts *f, struct probe_evidence *ev)
{
	wrapped_hint(f, ev);
	if (f->write_cache != NULL && strcmp(f->write_cache, "write back") == 0)
		add(ev, "hint: the device reports a volatile write cache (write "
		    "back): data is durable only once a flush reaches it");
	else if (f->write_cache != NULL &&
	    strcmp(f->write_cache, "write through") == 0)
		add(ev, "hint: the device reports no volatile write cache (write "
		    "through): the kernel sends it no flushes, and a write is "
		    "durable once acknowledged");
	if (f->rotational == 1)
		add(ev, "hint: the device calls itself rotational (a spinning "
		    "disk, or a virtual disk that does not say)");
	if (f->virt != NULL)
		add(ev, "hint: virtualised (%s): a virtual disk's host may hold "
		    "a flush in its own cache, which cannot be seen from inside",
		    f->virt);
}

enum reach
probe_classify(const struct probe_facts *f, struct probe_evidence *ev)
{
	enum reach r;

	ev->n = 0;
	r = decide(f, ev);
	hints(f, ev);
	return r;
}
