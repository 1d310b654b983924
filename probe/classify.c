/* SPDX-License-Identifier: MIT */
/*
 * The decision.  Timings are only compared with timings of the same run:
 * a dirty sync costing what an empty system call or a memory copy costs
 * did nothing outside the kernel; one costing many times both did.  Facts
 * about the volume (memory, network, nobarrier) decide where timing
 * cannot; the rest (write cache, rotation, hypervisor) are hints.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/units.h"
#include "probe/classify.h"
#include "probe/fstype.h"
#include "probe/stability.h"

enum timing { TIMING_NONE, TIMING_KERNEL, TIMING_DEVICE, TIMING_BETWEEN };
enum count { COUNT_UNTOLD, COUNT_REACHED, COUNT_MISSED };

/* A sentence kept aside so the deciding line comes first, and its verdict. */
struct line {
	char s[CLASSIFY_LINE];
	char verdict[CLASSIFY_LINE];
};

static void __attribute__((format(printf, 2, 3)))
add(struct probe_evidence *ev, const char *fmt, ...)
{
	va_list ap;

	if (ev->n >= CLASSIFY_MAX_EVIDENCE)
		return;
	va_start(ap, fmt);
	vsnprintf(ev->line[ev->n++], CLASSIFY_LINE, fmt, ap);
	va_end(ap);
}

/* The sentence, with its verdict where conclude says it decided. */
static void
add_line(struct probe_evidence *ev, const struct line *l, int conclude)
{
	if (l->s[0] == '\0')
		return;
	if (conclude && l->verdict[0] != '\0')
		add(ev, "%s: %s.", l->s, l->verdict);
	else
		add(ev, "%s.", l->s);
}

struct fmt {
	char a[DURLEN], b[DURLEN], c[DURLEN], r[DURLEN], q[DURLEN], w[DURLEN];
	char n[DURLEN * 2];
};

static const char *
dur(char *buf, double ns)
{
	return units_fmt_duration(buf, DURLEN, ns, 0);
}

static const char *
times(char *buf, double r)
{
	snprintf(buf, DURLEN, r >= 10 ? "%.0f" : "%.1f", r);
	return buf;
}

/*
 * r with the decimals to fall on bound's side as r does: 9.96 against "at
 * least 10" is not "10.0".  ge: the rule is r >= bound; else r <= bound.
 */
static const char *
times_vs(char *buf, double r, double bound, int ge)
{
	int d;

	times(buf, r);
	for (d = r >= 10 ? 1 : 2; d <= 6 && (ge ? (r >= bound) !=
	    (strtod(buf, NULL) >= bound) : (r <= bound) != (strtod(buf, NULL) <= bound));
	    d++)
		snprintf(buf, DURLEN, "%.*f", d, r);
	return buf;
}

/* A mount option that stops flushes, or NULL. */
static const char *
barrier_off(const struct probe_facts *f)
{
	if (fstype_has_option(f->mount_options, "nobarrier"))
		return "nobarrier";
	return fstype_has_option(f->mount_options, "barrier=0") ? "barrier=0" : NULL;
}

/* "The dirty fdatasync", or "The O_DSYNC write" when the write is the sync. */
static const char *
subject(char *buf, const struct probe_facts *f)
{
	snprintf(buf, DURLEN * 2, "The %s%s", f->write_timed ? "" : "dirty ",
	    f->sync_name);
	return buf;
}

/* Plain writes a sync reaching a device costs at least, by write size. */
static double
far_write(long long bytes, double base, double floor)
{
	double k;

	if ((double)bytes <= CLASSIFY_WRITE_SCALE_FROM)
		return base;
	k = base * sqrt(CLASSIFY_WRITE_SCALE_FROM / (double)bytes);
	return k > floor ? k : floor;
}

static enum timing
verdict(struct line *l, enum timing t, const char *s)
{
	snprintf(l->verdict, CLASSIFY_LINE, "%s", s);
	return t;
}

/* Neither kernel nor device: the verdict names the bounds a device meets. */
static enum timing
between(struct line *l, const char *what, double writes)
{
	snprintf(l->verdict, CLASSIFY_LINE, "too close to the kernel's own "
	    "costs to tell, since a %s that reaches a device costs at least %g "
	    "empty system calls and %.3g times the plain write", what,
	    CLASSIFY_FAR_NULL, writes);
	return TIMING_BETWEEN;
}

static enum timing
flush_timing(const struct probe_facts *f, struct line *l)
{
	double rn = f->dirty_ns / f->null_ns, rw = f->dirty_ns / f->write_ns;
	double far = far_write(f->write_bytes, CLASSIFY_FAR_WRITE,
	    CLASSIFY_FAR_WRITE_FLOOR);
	struct fmt b;

	if (rn <= CLASSIFY_NEAR_NULL) {
		snprintf(l->s, CLASSIFY_LINE, "%s (%s) costs %s times an empty "
		    "system call (%s)", subject(b.n, f), dur(b.a, f->dirty_ns),
		    times(b.r, rn), dur(b.b, f->null_ns));
		return verdict(l, TIMING_KERNEL, "nothing left the kernel");
	}
	snprintf(l->s, CLASSIFY_LINE, "%s (%s) costs %s times an empty system "
	    "call (%s) and %s times writing its %s into memory (%s)",
	    subject(b.n, f), dur(b.a, f->dirty_ns),
	    times_vs(b.r, rn, CLASSIFY_FAR_NULL, 1), dur(b.b, f->null_ns),
	    times_vs(b.q, rw, CLASSIFY_FAR_WRITE, 1),
	    units_fmt_bytes(b.w, DURLEN, (double)f->write_bytes), dur(b.c, f->write_ns));
	/*
	 * Cheaper than the copy says kernel only while also cheap beside a
	 * system call: a large write's flush to a fast device can beat the
	 * copy, and a plain write stalled by writeback costs more than both.
	 */
	if (rw <= 1 && rn < CLASSIFY_FAR_NULL)
		return verdict(l, TIMING_KERNEL, "no data can have reached a device");
	if (rn >= CLASSIFY_FAR_NULL && !(rw < far))
		return verdict(l, TIMING_DEVICE, "the sync left the kernel for the "
		    "device");
	return between(l, "flush", far);
}

static enum timing
write_timing(const struct probe_facts *f, struct line *l)
{
	double rn = f->dirty_ns / f->null_ns, rw = f->dirty_ns / f->write_ns;
	double far = far_write(f->write_bytes, CLASSIFY_FAR_WRITE_TIMED,
	    CLASSIFY_FAR_WRITE_TIMED_FLOOR);
	struct fmt b;

	snprintf(l->s, CLASSIFY_LINE, "An %s of %s (%s) costs %s times the same "
	    "write without a sync (%s) and %s times an empty system call (%s)",
	    f->sync_name, units_fmt_bytes(b.w, DURLEN, (double)f->write_bytes),
	    dur(b.a, f->dirty_ns), times_vs(b.q, rw, CLASSIFY_FAR_WRITE_TIMED, 1),
	    dur(b.b, f->write_ns), times_vs(b.r, rn, CLASSIFY_FAR_NULL, 1),
	    dur(b.c, f->null_ns));
	/* the same guard as for a flush: what the sync adds must be small too */
	if (rn <= CLASSIFY_NEAR_NULL || (rw <= CLASSIFY_NEAR_WRITE &&
	    f->dirty_ns - f->write_ns < CLASSIFY_FAR_NULL * f->null_ns))
		return verdict(l, TIMING_KERNEL, "nothing left the kernel");
	if (!(rw < far) && !(rn < CLASSIFY_FAR_NULL))
		return verdict(l, TIMING_DEVICE, "the write left the kernel for the "
		    "device");
	return between(l, "write", far);
}

static enum timing
judge_timing(const struct probe_facts *f, struct line *l)
{
	l->s[0] = l->verdict[0] = '\0';
	if (isnan(f->dirty_ns) || (isnan(f->null_ns) && isnan(f->write_ns)))
		return TIMING_NONE;
	return f->write_timed ? write_timing(f, l) : flush_timing(f, l);
}

/* The dirty sync beside the clean one; device: timing said it left. */
static void
clean_line(const struct probe_facts *f, struct probe_evidence *ev, int device)
{
	double rc = f->dirty_ns / f->clean_ns, rn = f->clean_ns / f->null_ns;
	struct fmt b;

	if (isnan(rc))
		return;
	if (device && rc >= CLASSIFY_DATA)
		add(ev, "%s costs %s times %s with nothing dirty (%s): carrying the "
		    "data out is what costs.", subject(b.n, f), times(b.r, rc),
		    f->clean_name, dur(b.a, f->clean_ns));
	else if (device && rc * CLASSIFY_DATA <= 1)
		add(ev, "With nothing dirty, %s costs %s, %s times the dirty one: "
		    "sync times on this volume swing widely within one run, as on "
		    "a busy or rate-limited disk.", f->clean_name,
		    dur(b.a, f->clean_ns), times(b.r, 1 / rc));
	else if (device && rn >= CLASSIFY_FAR_NULL)
		add(ev, "With nothing dirty, %s costs %s too, %s times an empty "
		    "system call: the flush itself goes out to the device.",
		    f->clean_name, dur(b.a, f->clean_ns), times(b.r, rn));
	else
		add(ev, "With nothing dirty, %s costs %s, %s times an empty system "
		    "call.", f->clean_name, dur(b.a, f->clean_ns), times(b.r, rn));
}

/*
 * Whether a sync costs only the kernel's own work.  Interception is only
 * called where libc's sync costs this: on a disk swinging between two
 * speeds, the raw and libc medians of a few pairs can differ tenfold.
 */
static int
kernel_cost(const struct probe_facts *f, double ns)
{
	return ns <= CLASSIFY_NEAR_NULL * f->null_ns ||
	    (f->write_timed && ns <= CLASSIFY_NEAR_WRITE * f->write_ns);
}

/*
 * A wrapper writing the data (sync_file_range) without a cache flush shows
 * only with nothing dirty; the libc call must cost less than any device
 * round trip, so a disk swinging between two speeds cannot pass for one.
 * Not for a write that is its own sync: its clean sync is not its call.
 */
static int
clean_intercepted(const struct probe_facts *f, struct probe_evidence *ev)
{
	struct fmt b;

	if (f->write_timed || isnan(f->clean_ns) || isnan(f->clean_raw_ns) ||
	    isnan(f->null_ns) || !(f->clean_ns < CLASSIFY_FAR_NULL * f->null_ns) ||
	    f->clean_raw_ns < CLASSIFY_INTERCEPT * f->clean_ns)
		return 0;
	add(ev, "With nothing dirty, %s through libc costs %s (%s times an "
	    "empty system call) but %s as a raw system call (%s times as much): "
	    "something in this process intercepts it and skips the device's "
	    "cache flush, as an LD_PRELOAD that writes the data with "
	    "sync_file_range instead does.", f->clean_name, dur(b.a, f->clean_ns),
	    times(b.q, f->clean_ns / f->null_ns), dur(b.b, f->clean_raw_ns),
	    times(b.r, f->clean_raw_ns / f->clean_ns));
	return 1;
}

/*
 * A wrapper that waits instead of syncing escapes the tests above; the raw
 * call far dearer in every pair, whichever went first, gives it away, as
 * a disk swinging between two speeds does not.
 */
static int
pairs_intercepted(const struct probe_facts *f, struct probe_evidence *ev)
{
	struct fmt b;

	if (f->pairs < CLASSIFY_INTERCEPT_PAIRS || isnan(f->pair_ratio_min) ||
	    f->pair_ratio_min < CLASSIFY_INTERCEPT)
		return 0;
	add(ev, "In each of the %zu pairs of %ss timed side by side, the "
	    "one past libc cost %s times the one through libc or more (medians "
	    "%s and %s): something in this process wraps the %s and skips what "
	    "it does, as a slow LD_PRELOAD does.", f->pairs, f->sync_name,
	    times(b.r, f->pair_ratio_min), dur(b.a, f->raw_ns),
	    dur(b.b, f->libc_ns), f->sync_name);
	return 1;
}

/* An LD_PRELOAD replaces libc's calls, never the system call itself. */
static int
intercepted(const struct probe_facts *f, struct probe_evidence *ev)
{
	struct fmt b;

	if (f->flags_dropped) {
		add(ev, "The descriptor opened through libc with O_DSYNC lacks the "
		    "flag afterwards (fcntl F_GETFL): something in this process "
		    "strips sync flags from open, as an LD_PRELOAD such as "
		    "eatmydata does.");
		return 1;
	}
	if (isnan(f->raw_ns) || isnan(f->libc_ns) || !kernel_cost(f, f->libc_ns) ||
	    f->raw_ns < CLASSIFY_INTERCEPT * f->libc_ns)
		return pairs_intercepted(f, ev) || clean_intercepted(f, ev);
	if (f->write_timed)
		add(ev, "An %s on a descriptor opened through libc costs %s (%s "
		    "times the plain write) but %s on one opened by the raw system "
		    "call (%s times as much): something in this process intercepts "
		    "the open, as an LD_PRELOAD such as eatmydata does.",
		    f->sync_name, dur(b.a, f->libc_ns),
		    times(b.q, f->libc_ns / f->write_ns), dur(b.b, f->raw_ns),
		    times(b.r, f->raw_ns / f->libc_ns));
	else
		add(ev, "The dirty %s through libc costs %s (%s times an empty "
		    "system call) but %s as a raw system call (%s times as much): "
		    "something in this process intercepts it, as an LD_PRELOAD "
		    "such as eatmydata does.", f->sync_name, dur(b.a, f->libc_ns),
		    times(b.q, f->libc_ns / f->null_ns), dur(b.b, f->raw_ns),
		    times(b.r, f->raw_ns / f->libc_ns));
	return 1;
}

/* nobarrier, shown by a clean sync costing an empty call: 1, *r set. */
static int
no_barrier(const struct probe_facts *f, struct probe_evidence *ev,
    enum reach *r)
{
	double rn = f->clean_ns / f->null_ns;
	const char *opt = barrier_off(f);
	struct fmt b;

	if (opt == NULL)
		return 0;
	if (f->write_cache != NULL && strcmp(f->write_cache, "write through") == 0) {
		add(ev, "The volume is mounted with %s, but the device reports a "
		    "write-through cache: there are no flushes to skip.", opt);
		return 0;
	}
	*r = REACH_UNKNOWN;
	if (isnan(rn))
		add(ev, "The volume is mounted with %s, which stops cache flushes, "
		    "and no sync with nothing dirty was timed beside an empty "
		    "system call: whether a flush is sent cannot be told.", opt);
	else if (rn <= CLASSIFY_NEAR_NULL) {
		add(ev, "The volume is mounted with %s, and with nothing dirty %s "
		    "costs %s, %s times an empty system call (%s): no cache flush "
		    "is sent, so the data stops in the device's volatile write "
		    "cache.", opt, f->clean_name, dur(b.a, f->clean_ns),
		    times(b.r, rn), dur(b.b, f->null_ns));
		*r = REACH_NO;
	} else
		add(ev, "The volume is mounted with %s, which stops cache flushes, "
		    "yet with nothing dirty %s costs %s, %s times an empty system "
		    "call (%s), more than the %g that would show none is sent: "
		    "whether a flush is sent cannot be told.", opt, f->clean_name,
		    dur(b.a, f->clean_ns), times_vs(b.r, rn, CLASSIFY_NEAR_NULL, 0),
		    dur(b.b, f->null_ns), CLASSIFY_NEAR_NULL);
	return 1;
}

/* Why a filesystem hides where its syncs go. */
static void
unseen_fs(const struct probe_facts *f, struct probe_evidence *ev)
{
	if (f->passthrough_device != NULL && fstype_block(f->fs) &&
	    !fstype_passthrough(f->fs))
		add(ev, "The block device's storage is a file on a filesystem that "
		    "hands the sync to storage out of this kernel's sight (%s): "
		    "whether it reaches a device cannot be judged from here.",
		    f->passthrough_device);
	else if (f->fs == NULL)
		add(ev, "The filesystem type could not be read, so where the sync "
		    "goes cannot be judged from here.");
	else if (fstype_passthrough(f->fs))
		add(ev, "The filesystem is %s, which hands the sync to storage out "
		    "of this kernel's sight: whether it reaches a device cannot be "
		    "judged from here.", f->fs);
	else
		add(ev, "The filesystem is %s, which syncgate does not know to sit "
		    "on a local block device: where the sync goes cannot be judged "
		    "from here.", f->fs);
}

/* Whether a write-back device got no flush, noise aside. */
static int
missed(const struct probe_facts *f, const struct probe_flush_device *d,
    long syncs)
{
	double other = isnan(d->other) ? 0 : d->other;

	if (d->write_cache == NULL || strcmp(d->write_cache, "write back") != 0 ||
	    (f->direct && d->fua == 1))
		return 0;
	return d->flushes - other <= CLASSIFY_FLUSHES_NONE * (double)syncs &&
	    other <= CLASSIFY_FLUSHES_NOISE * (double)syncs;
}

/* "15 by loop0 and 15 by vda", the first device with "flush requests". */
static void
count_devices(const struct probe_flushes *fl, char *buf, size_t len)
{
	size_t i, n = 0, o = 0;

	buf[0] = '\0';
	for (i = 0; i < fl->ndev && o < len; i++) {
		const struct probe_flush_device *d = &fl->dev[i];

		if (isnan(d->flushes))
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%.0f %sby %s",
		    n == 0 ? "" : ", ", d->flushes, n == 0 ? (d->flushes == 1 ?
		    "flush request completed " : "flush requests completed ") : "",
		    d->name);
		n++;
	}
}

/* Other processes' share: "other processes completed none in 100ms of ..." */
static void
count_idle(const struct probe_flushes *fl, char *buf, size_t len)
{
	char a[DURLEN], b[DURLEN];
	double idle = 0, other = 0;
	size_t i;

	for (i = 0; i < fl->ndev; i++)
		if (!isnan(fl->dev[i].flushes)) {
			idle += fl->dev[i].idle_flushes;
			other += isnan(fl->dev[i].other) ? 0 : fl->dev[i].other;
		}
	dur(a, fl->idle_s * 1e9);
	dur(b, fl->timed_s * 1e9);
	if (idle == 0)
		snprintf(buf, len, "other processes completed none in the %s of idle "
		    "time before and after the samples", a);
	else
		snprintf(buf, len, "less %.2g expected from other processes (%.0f in "
		    "the %s of idle time before and after the samples, scaled to the "
		    "%s the syncs took)", other, idle, a, b);
}

/*
 * A write-back device that got no flush while the syncs ran missed them;
 * one a sync on each shows they reached.  A write-through device gets
 * none, nor needs a FUA write of O_DIRECT one: neither says anything.
 */
static enum count
judge_count(const struct probe_facts *f, struct line *l)
{
	const struct probe_flushes *fl = f->flushes;
	char devs[128], idle[256];
	size_t i, live = 0, reached = 0, flushed = 0;
	const char *miss = NULL;

	l->s[0] = l->verdict[0] = '\0';
	if (fl == NULL || !fl->present || fl->syncs == 0)
		return COUNT_UNTOLD;
	for (i = 0; i < fl->ndev; i++) {
		const struct probe_flush_device *d = &fl->dev[i];

		if (isnan(d->flushes))
			continue;
		live++;
		if (miss == NULL && missed(f, d, fl->syncs))
			miss = d->name;
		flushed += d->per_sync >= CLASSIFY_FLUSHES_REACHED;
		if (d->per_sync >= CLASSIFY_FLUSHES_REACHED || (d->write_cache != NULL &&
		    strcmp(d->write_cache, "write back") != 0))
			reached++;
	}
	if (live == 0)
		return COUNT_UNTOLD;
	count_devices(fl, devs, sizeof devs);
	count_idle(fl, idle, sizeof idle);
	snprintf(l->s, CLASSIFY_LINE, "Counted around the timed syncs: %ld %ss, "
	    "%s; %s", fl->syncs, f->sync_name, devs, idle);
	if (fl->syncs < CLASSIFY_FLUSHES_MIN_SYNCS)
		return COUNT_UNTOLD;
	if (miss != NULL) {
		snprintf(l->verdict, CLASSIFY_LINE, "no flush reached %s, whose write "
		    "cache is volatile (write back), so the data can stop in it", miss);
		return COUNT_MISSED;
	}
	if (flushed == 0 || reached < live)
		return COUNT_UNTOLD;
	snprintf(l->verdict, CLASSIFY_LINE, "each sync's flush reached the %s",
	    live > 1 ? "devices" : "device");
	return COUNT_REACHED;
}

/* Why the sync cannot be trusted whatever it costs: memory, interception. */
static int
untrusted(const struct probe_facts *f, struct probe_evidence *ev)
{
	if (fstype_memory(f->fs)) {
		add(ev, "The filesystem is %s, which keeps files in memory: there is "
		    "no device behind it.", f->fs);
		return 1;
	}
	if (f->memory_device != NULL) {
		add(ev, "The block device keeps its data in memory, so there is no "
		    "durable device behind it, whatever its flushes cost: %s.",
		    f->memory_device);
		return 1;
	}
	return intercepted(f, ev);
}

/* The rulings that say "no" whatever else is seen; 1 when one decides. */
static int
rule_no(const struct probe_facts *f, struct probe_evidence *ev,
    const struct line *t, enum timing tm, const struct line *c, enum count cn)
{
	if (untrusted(f, ev)) {
		add_line(ev, t, tm == TIMING_KERNEL);
		add_line(ev, c, cn == COUNT_MISSED);
		return 1;
	}
	if (tm == TIMING_KERNEL) {
		add_line(ev, t, 1);
		clean_line(f, ev, 0);
		add_line(ev, c, cn == COUNT_MISSED);
		return 1;
	}
	if (cn != COUNT_MISSED)
		return 0;
	add_line(ev, c, 1);
	if (barrier_off(f) != NULL)
		add(ev, "The volume is mounted with %s, which stops cache flushes.",
		    barrier_off(f));
	add_line(ev, t, 0);
	return 1;
}

static enum reach
decide(const struct probe_facts *f, struct probe_evidence *ev)
{
	struct line t, c;
	enum timing tm = judge_timing(f, &t);
	enum count cn = judge_count(f, &c);
	enum reach r;

	if (rule_no(f, ev, &t, tm, &c, cn))
		return REACH_NO;
	if (cn == COUNT_REACHED && barrier_off(f) != NULL)
		add(ev, "The volume is mounted with %s, yet flush requests reached "
		    "the device: the filesystem does not honour it.", barrier_off(f));
	else if (no_barrier(f, ev, &r)) {
		add_line(ev, &t, 0);
		add_line(ev, &c, 0);
		return r;
	}
	if (fstype_passthrough(f->fs) || !fstype_block(f->fs) ||
	    f->passthrough_device != NULL) {
		unseen_fs(f, ev);
		add_line(ev, &t, 0);
		add_line(ev, &c, 0);
		return REACH_UNKNOWN;
	}
	if (cn == COUNT_REACHED) {
		add_line(ev, &c, 1);
		add_line(ev, &t, 0);
		if (tm == TIMING_DEVICE)
			clean_line(f, ev, 1);
		return REACH_YES;
	}
	if (tm == TIMING_NONE) {
		add(ev, "The sync was not timed beside an empty system call or a "
		    "plain write, so whether it reaches a device cannot be told.");
		add_line(ev, &c, 0);
		return REACH_UNKNOWN;
	}
	add_line(ev, &t, 1);
	if (tm == TIMING_DEVICE)
		clean_line(f, ev, 1);
	add_line(ev, &c, 0);
	return tm == TIMING_DEVICE ? REACH_YES : REACH_UNKNOWN;
}

/* Where no flush could be counted, or a count was dropped, and why. */
static void
count_hints(const struct probe_facts *f, struct probe_evidence *ev)
{
	const struct probe_flushes *fl = f->flushes;
	size_t i;

	if (fl == NULL || !fl->present)
		return;
	if (fl->ndev == 0)
		add(ev, "hint: no flush requests were counted: %s.",
		    fl->unavailable != NULL ? fl->unavailable : "no device to count at");
	for (i = 0; i < fl->ndev; i++)
		if (fl->dev[i].dropped != NULL)
			add(ev, "hint: the flush count of %s was dropped: %s.",
			    fl->dev[i].name, fl->dev[i].dropped);
}

enum reach
probe_classify(const struct probe_facts *f, struct probe_evidence *ev)
{
	/* a memory device's cache setting promises nothing about durability */
	const char *wc = f->memory_device == NULL ? f->write_cache : NULL;
	struct fmt b;
	enum reach r;

	ev->n = 0;
	r = decide(f, ev);
	/* where libc's sync is far dearer than the raw one: wrapped, not skipped */
	if (!isnan(f->raw_ns) && !isnan(f->libc_ns) &&
	    f->libc_ns >= CLASSIFY_INTERCEPT * f->raw_ns)
		add(ev, "hint: the dirty %s through libc costs %s, %s times the raw "
		    "system call (%s): something wraps it.", f->sync_name,
		    dur(b.a, f->libc_ns), times(b.r, f->libc_ns / f->raw_ns),
		    dur(b.b, f->raw_ns));
	count_hints(f, ev);
	if (f->direct_cached)
		add(ev, "hint: O_DIRECT was accepted but the page cache was not "
		    "bypassed: the page the trial write wrote was in it afterwards "
		    "(mincore), so each %s is a copy into memory and what O_DSYNC "
		    "adds to it.", f->sync_name);
	if (wc != NULL && strcmp(wc, "write back") == 0)
		add(ev, "hint: the device reports a volatile write cache (write "
		    "back): data is durable only once a flush reaches it.");
	else if (wc != NULL && strcmp(wc, "write through") == 0)
		add(ev, "hint: the device reports no volatile write cache (write "
		    "through): the kernel sends it no flushes, and a write is "
		    "durable once acknowledged.");
	if (f->rotational == 1 && f->memory_device == NULL)
		add(ev, "hint: the device calls itself rotational (queue/rotational "
		    "is 1): a spinning disk, or a virtual disk that does not say.");
	if (f->virt != NULL)
		add(ev, "hint: virtualised (%s): a virtual disk's host may hold a "
		    "flush in its own cache, which cannot be seen from inside.",
		    f->virt);
	return r;
}

void
probe_judge(struct probe_record *out, const struct probe_method *m,
    const struct probe_observed *seen)
{
	const struct probe_refs *r = &out->refs;
	struct probe_facts f = { .sync_name = m->word,
	    .clean_name = probe_method_clean_name(m),
	    .write_timed = m->write_timed, .write_bytes = out->write_bytes,
	    .dirty_ns = out->median_ns, .clean_ns = r->clean_sync_ns,
	    .clean_raw_ns = r->clean_raw_sync_ns, .null_ns = r->null_syscall_ns,
	    .write_ns = r->plain_write_ns, .raw_ns = r->raw_sync_ns,
	    .libc_ns = r->libc_sync_ns, .flags_dropped = seen->flags_dropped,
	    .direct_cached = seen->direct_cached, .pairs = seen->pairs,
	    .pair_ratio_min = seen->pair_ratio_min, .fs = out->fs,
	    .mount_options = out->mount_options, .write_cache = out->write_cache,
	    .rotational = out->rotational, .memory_device = out->memory_backed,
	    .passthrough_device = out->passthrough_backed, .virt = out->virt,
	    .direct = m->direct, .flushes = &out->flushes };
	struct probe_evidence *ev = xmalloc(sizeof *ev);
	struct probe_stability st;
	char hint[ERRLEN];
	size_t i;

	out->reaches = probe_classify(&f, ev);
	for (i = 0; i < ev->n; i++)
		probe_record_evidence(out, "%s", ev->line[i]);
	free(ev);
	/* stability is a hint beside the verdict, never a part of it */
	probe_stability(out->samples_ns, out->nsamples, &st);
	if (!st.judged)
		return;
	out->stable = st.stable;
	out->halves_ns[0] = st.half_ns[0];
	out->halves_ns[1] = st.half_ns[1];
	out->clusters_ratio = st.clusters_ratio;
	if (probe_stability_hint(&st, hint, sizeof hint))
		probe_record_evidence(out, "%s", hint);
}
