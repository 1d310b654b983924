/* SPDX-License-Identifier: MIT */
/*
 * The decision on whether a flush reaches a device, over a table of
 * volumes: the cases (tmpfs, eatmydata, a WSL2-like virtual disk,
 * ext4 on virtio, ext4 nobarrier, consumer and enterprise NVMe, a SATA
 * SSD, a 7200 rpm disk) and the edges around them.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "probe/classify.h"
#include "tests/testutil.h"

#define N NAN

struct tcase {
	const char *name;
	const char *fs, *mount_options, *write_cache, *virt;
	int rotational, write_timed, flags_dropped;
	/* dirty, clean, null system call, plain write, raw, libc; ns */
	double dirty, clean, null, write, raw, libc;
	enum reach want;
	const char *evidence;   /* a phrase the evidence must hold */
	const char *memory;     /* why the block device is memory, or NULL */
};

static const struct tcase cases[] = {
	{ "tmpfs", "tmpfs", "rw,relatime", NULL, NULL, -1, 0, 0,
	  130, 125, 130, 900, 135, 130, REACH_NO, "tmpfs", NULL },
	{ "eatmydata", "ext4", "rw,relatime", "write back", NULL, 0, 0, 0,
	  200, 180, 150, 1000, 64000, 200, REACH_NO, "intercepts", NULL },
	{ "wsl2 virtual disk", "ext4", "rw,relatime", "write back",
	  "WSL2 (kernel 5.15.153.1-microsoft-standard-WSL2)", 1, 0, 0,
	  316, 300, 150, 900, 320, 316, REACH_NO, "nothing left the kernel", NULL },
	/* a cheap system call does not rescue it: the plain write does */
	{ "wsl2 with a fast null syscall", "ext4", "rw", "write back", "WSL2", 1,
	  0, 0, 316, 300, 60, 900, 320, 316, REACH_NO, "into memory", NULL },
	{ "ext4 on virtio", "ext4", "rw,relatime", "write back",
	  "cpu flag hypervisor; virtio disk", 1, 0, 0,
	  75000, 32000, 150, 1500, 76000, 75000, REACH_YES, "left the kernel", NULL },
	{ "ext4 nobarrier", "ext4", "rw,relatime,nobarrier", "write back", NULL,
	  0, 0, 0, 60000, 300, 150, 1500, 61000, 60000, REACH_NO, "nobarrier", NULL },
	{ "ext4 barrier=0", "ext4", "rw,barrier=0,data=ordered", "write back",
	  NULL, 0, 0, 0, 60000, 300, 150, 1500, N, N, REACH_NO, "no cache flush", NULL },
	{ "nobarrier on a write-through device", "ext4", "rw,nobarrier",
	  "write through", NULL, 0, 0, 0, 20000, 1000, 100, 1000, 20500, 20000,
	  REACH_YES, "no flushes to skip", NULL },
	{ "nobarrier yet a costly clean sync", "ext4", "rw,nobarrier",
	  "write back", NULL, 0, 0, 0, 60000, 30000, 150, 1500, N, N,
	  REACH_UNKNOWN, "cannot be told", NULL },
	{ "consumer nvme, fast", "ext4", "rw", "write back", NULL, 0, 0, 0,
	  900000, 800000, 100, 1000, 910000, 900000, REACH_YES, "the flush itself", NULL },
	{ "consumer nvme, slow", "xfs", "rw", "write back", NULL, 0, 0, 0,
	  3500000, 3000000, 100, 1000, N, N, REACH_YES, "left the kernel", NULL },
	{ "enterprise nvme with plp", "ext4", "rw", "write through", NULL, 0, 0,
	  0, 20000, 1000, 100, 1000, 20100, 20000, REACH_YES, "20 times", NULL },
	{ "sata ssd", "ext4", "rw", "write back", NULL, 0, 0, 0,
	  2000000, 1500000, 120, 1200, 2000000, 2000000, REACH_YES,
	  "left the kernel", NULL },
	{ "7200 rpm disk", "ext4", "rw", "write back", NULL, 1, 0, 0,
	  8000000, 8000000, 120, 1200, 8100000, 8000000, REACH_YES,
	  "rotational", NULL },
	{ "overlay, real timing", "overlay", "rw,lowerdir=/a,upperdir=/b", NULL,
	  NULL, -1, 0, 0, 80000, 30000, 150, 1500, N, N, REACH_UNKNOWN,
	  "out of this kernel's sight", NULL },
	{ "overlay, fake timing", "overlay", "rw", NULL, NULL, -1, 0, 0,
	  300, 280, 150, 1500, N, N, REACH_NO, "nothing left the kernel", NULL },
	{ "nfs", "nfs4", "rw,vers=4.2", NULL, NULL, -1, 0, 0,
	  500000, 400000, 150, 1500, N, N, REACH_UNKNOWN, "nfs4", NULL },
	{ "sshfs", "fuse.sshfs", "rw", NULL, NULL, -1, 0, 0,
	  40000, 39000, 150, 1500, N, N, REACH_UNKNOWN, "fuse.sshfs", NULL },
	{ "virtiofs", "virtiofs", "rw", NULL, NULL, -1, 0, 0,
	  40000, 39000, 150, 1500, N, N, REACH_UNKNOWN, "virtiofs", NULL },
	{ "unknown filesystem", "weirdfs", "rw", NULL, NULL, -1, 0, 0,
	  40000, 39000, 150, 1500, N, N, REACH_UNKNOWN, "does not know to sit", NULL },
	{ "no filesystem type", NULL, NULL, NULL, NULL, -1, 0, 0,
	  40000, 39000, 150, 1500, N, N, REACH_UNKNOWN, "could not be read", NULL },
	{ "between the kernel and a device", "ext4", "rw", "write back", NULL, 0,
	  0, 0, 1000, 900, 150, 600, N, N, REACH_UNKNOWN, "too close", NULL },
	/*
	 * A 64 MiB write: the flush to a fast device can cost less than the
	 * copy into memory, yet costs 100000 empty system calls: not "no"
	 */
	{ "large write, fast device", "ext4", "rw", "write back", NULL, 0, 0, 0,
	  10e6, 1e6, 100, 15e6, N, N, REACH_UNKNOWN, "too close", NULL },
	{ "large dsync write, fast device", "ext4", "rw", "write back", NULL, 0,
	  1, 0, 24e6, 1e6, 100, 15e6, N, N, REACH_UNKNOWN, "too close", NULL },
	/* a plain write stalled by writeback never makes a real disk "no" */
	{ "plain write stalled", "ext4", "rw", "write back", NULL, 1, 0, 0,
	  150000, 70000, 200, 400000, N, N, REACH_UNKNOWN, "too close", NULL },
	{ "dsync on a device", "ext4", "rw", "write back", NULL, 0, 1, 0,
	  80000, 32000, 150, 1500, 81000, 80000, REACH_YES, "without a sync", NULL },
	{ "dsync in memory", "ext4", "rw", "write back", NULL, 0, 1, 0,
	  1800, 300, 150, 1500, 1800, 1800, REACH_NO, "nothing left the kernel", NULL },
	{ "dsync flag stripped", "ext4", "rw", "write back", NULL, 0, 1, 1,
	  1600, 300, 150, 1500, 80000, 1600, REACH_NO, "strips sync flags", NULL },
	{ "dsync opened past libc", "ext4", "rw", "write back", NULL, 0, 1, 0,
	  1600, 300, 150, 1500, 80000, 1600, REACH_NO, "intercepts", NULL },
	/*
	 * A busy virtual disk whose syncs swing between 0.1 and 4 ms: the raw
	 * and libc medians of a few pairs land in different modes, 15 times
	 * apart, yet libc's sync is no kernel-only cost, so nothing intercepts
	 */
	{ "syncs swinging between two speeds", "ext4", "rw", "write back", NULL,
	  1, 0, 0, 238840, 3983210, 221, 7995, 3578024, 240000, REACH_YES,
	  "left the kernel", NULL },
	/* where the raw call cannot be made (macOS), timing still decides */
	{ "no raw reference", "apfs", NULL, NULL, NULL, -1, 0, 0,
	  4000000, 3800000, 200, 2000, N, N, REACH_YES, "left the kernel", NULL },
	/* the exact boundary: 4 times an empty system call is the kernel */
	{ "boundary at four null syscalls", "ext4", "rw", NULL, NULL, -1, 0, 0,
	  600, 580, 150, 500, N, N, REACH_NO, "4.0 times", NULL },
	/* and 10 times, with 2 plain writes, is a device */
	{ "boundary at ten null syscalls", "ext4", "rw", NULL, NULL, -1, 0, 0,
	  1500, 100, 150, 750, N, N, REACH_YES, "10 times", NULL },
	{ "nothing timed", "ext4", "rw", NULL, NULL, -1, 0, 0,
	  N, N, N, N, N, N, REACH_UNKNOWN, "not timed", NULL },
	/*
	 * ext4 on a loop device whose image lives on tmpfs: the flush goes
	 * through the block layer and costs what a device's would, yet the
	 * data is in memory
	 */
	{ "loop device on tmpfs", "ext4", "rw,relatime", "write back", NULL, 0,
	  0, 0, 39460, 20910, 311, 3390, 44070, 44080, REACH_NO, "backed by",
	  "loop0 is backed by /dev/shm/x/img, a file on tmpfs" },
	/* zram says "write through", which promises nothing here */
	{ "zram", "ext4", "rw,relatime", "write through", NULL, 0, 0, 0,
	  9550, 3000, 300, 2580, 9600, 9550, REACH_NO, "compressed RAM disk",
	  "zram0 is a compressed RAM disk (zram)" },
};

static void
facts_of(const struct tcase *c, struct probe_facts *f)
{
	/* every measurement NaN, everything else unknown */
	memset(f, 0, sizeof *f);
	f->dirty_ns = f->clean_ns = f->null_ns = f->write_ns = NAN;
	f->clean_raw_ns = f->raw_ns = f->libc_ns = f->pair_ratio_min = NAN;
	f->rotational = -1;
	f->sync_name = c->write_timed ? "O_DSYNC write" : "fdatasync";
	f->clean_name = "fdatasync";
	f->write_timed = c->write_timed;
	f->write_bytes = 4096;
	f->dirty_ns = c->dirty;
	f->clean_ns = c->clean;
	f->null_ns = c->null;
	f->write_ns = c->write;
	f->raw_ns = c->raw;
	f->libc_ns = c->libc;
	f->flags_dropped = c->flags_dropped;
	f->fs = c->fs;
	f->mount_options = c->mount_options;
	f->write_cache = c->write_cache;
	f->rotational = c->rotational;
	f->virt = c->virt;
	f->memory_device = c->memory;
}

static const struct tcase *
case_named(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (strcmp(cases[i].name, name) == 0)
			return &cases[i];
	fail_msg("no case \"%s\"", name);
	return NULL;
}

static int
evidence_has(const struct probe_evidence *ev, const char *phrase)
{
	size_t i;

	for (i = 0; i < ev->n; i++)
		if (strstr(ev->line[i], phrase) != NULL)
			return 1;
	return 0;
}

static void
print_evidence(const struct tcase *c, enum reach got,
    const struct probe_evidence *ev)
{
	size_t i;

	print_error("case \"%s\": got %s, expected %s\n", c->name, reach_name(got),
	    reach_name(c->want));
	for (i = 0; i < ev->n; i++)
		print_error("  evidence: %s\n", ev->line[i]);
}

static void
test_classify_table(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct probe_facts f;
		struct probe_evidence ev;
		enum reach got;

		facts_of(&cases[i], &f);
		got = probe_classify(&f, &ev);
		if (got != cases[i].want || !evidence_has(&ev, cases[i].evidence)) {
			print_evidence(&cases[i], got, &ev);
			if (got == cases[i].want)
				print_error("  missing the phrase \"%s\"\n",
				    cases[i].evidence);
			fail();
		}
		assert_true(ev.n >= 1);
	}
}

/*
 * Every line is a sentence (a capital first, or a "hint: " tag, and a full
 * stop last), and the deciding line of every timed case gives a figure.
 */
static void
test_classify_evidence_is_sentences(void **state)
{
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct probe_facts f;
		struct probe_evidence ev;
		int figures = 0;

		facts_of(&cases[i], &f);
		probe_classify(&f, &ev);
		for (j = 0; j < ev.n; j++) {
			const char *l = ev.line[j];
			size_t n = strlen(l);

			if (!((l[0] >= 'A' && l[0] <= 'Z') ||
			    strncmp(l, "hint: ", 6) == 0) || n < 2 || l[n - 1] != '.') {
				print_error("case \"%s\": not a sentence: %s\n",
				    cases[i].name, l);
				fail();
			}
			figures |= strpbrk(l, "0123456789") != NULL;
		}
		if (!isnan(cases[i].dirty) && !figures) {
			print_evidence(&cases[i], REACH_UNKNOWN, &ev);
			fail();
		}
	}
}

/* The deciding line comes first: a reader sees why before the hints. */
static void
test_classify_deciding_line_first(void **state)
{
	struct probe_facts f;
	struct probe_evidence ev;

	(void)state;
	facts_of(&cases[4], &f);        /* ext4 on virtio */
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
	assert_non_null(strstr(ev.line[0], "The dirty fdatasync (75µs)"));
	assert_non_null(strstr(ev.line[ev.n - 1], "hint: virtualised"));
	facts_of(&cases[0], &f);        /* tmpfs */
	assert_int_equal(probe_classify(&f, &ev), REACH_NO);
	assert_non_null(strstr(ev.line[0], "The filesystem is tmpfs, which keeps "
	    "files in memory"));
}

/* The enterprise NVMe: dirty far dearer than clean says a device. */
static void
test_classify_dirty_far_dearer_than_clean(void **state)
{
	struct probe_facts f;
	struct probe_evidence ev;

	(void)state;
	facts_of(&cases[11], &f);
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
	assert_true(evidence_has(&ev, "carrying the data out is what costs"));
	assert_true(evidence_has(&ev, "write through"));
}

/* Timing alone never says yes on a filesystem that hides the device. */
static void
test_classify_passthrough_never_yes(void **state)
{
	static const char *const fs[] = { "overlay", "9p", "fuse", "fuse.s3fs",
	    "virtiofs", "nfs", "cifs", "smb3", "ceph" };
	struct probe_facts f;
	struct probe_evidence ev;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof fs / sizeof fs[0]; i++) {
		facts_of(&cases[4], &f);
		f.fs = fs[i];
		f.virt = NULL;
		assert_int_equal(probe_classify(&f, &ev), REACH_UNKNOWN);
	}
}

/* Option matching is by whole token: "barrier=0" is not "nobarrier=0". */
static void
test_classify_mount_option_tokens(void **state)
{
	struct probe_facts f;
	struct probe_evidence ev;

	(void)state;
	facts_of(&cases[5], &f);
	f.mount_options = "rw,nobarrierx,user_xattr";
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
	f.mount_options = "nobarrier";
	assert_int_equal(probe_classify(&f, &ev), REACH_NO);
	f.mount_options = "rw,barrier=0";
	assert_int_equal(probe_classify(&f, &ev), REACH_NO);
	f.mount_options = "rw,barrier=1";
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
}

/*
 * A memory device is "no" whatever its timing and cache say, and no hint
 * calls its writes durable: the enterprise NVMe's figures, on zram.
 */
static void
test_classify_memory_device_never_durable(void **state)
{
	static const char *const cache[] = { "write through", "write back", NULL };
	struct probe_facts f;
	struct probe_evidence ev;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cache / sizeof cache[0]; i++) {
		facts_of(&cases[11], &f);
		f.write_cache = cache[i];
		f.rotational = 1;
		f.memory_device = "zram0 is a compressed RAM disk (zram)";
		assert_int_equal(probe_classify(&f, &ev), REACH_NO);
		assert_non_null(strstr(ev.line[0], "keeps its data in memory"));
		assert_non_null(strstr(ev.line[0], "zram0"));
		assert_false(evidence_has(&ev, "durable once acknowledged"));
		assert_false(evidence_has(&ev, "volatile write cache"));
		assert_false(evidence_has(&ev, "rotational"));
	}
	facts_of(&cases[11], &f);       /* the same figures on a real device */
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
	assert_true(evidence_has(&ev, "durable once acknowledged"));
}

/*
 * The clean pair: fdatasync through libc and as a raw system call, with
 * nothing dirty, on ext4 on virtio (75 µs dirty, 150 ns empty call).
 * A wrapper that writes the data but drops the flush (sync_file_range)
 * leaves the dirty syncs alike and only the clean ones apart.
 */
static void
test_classify_clean_pair(void **state)
{
	static const struct {
		const char *name;
		int write_timed;
		double clean, clean_raw;
		enum reach want;
	} c[] = {
		/* measured under such a preload: 1.11 µs against 70.22 µs */
		{ "flush dropped by a preload", 0, 1110, 70220, REACH_NO },
		{ "just under ten empty calls", 0, 1499, 14990, REACH_NO },
		/* a clean sync of ten empty calls may have reached a device */
		{ "at ten empty calls", 0, 1500, 150000, REACH_YES },
		{ "raw nine times libc", 0, 1000, 9000, REACH_YES },
		/* a disk swinging between two speeds: both reached it */
		{ "syncs swinging", 0, 100000, 4000000, REACH_YES },
		/* a filesystem sending no flush with nothing dirty */
		{ "both cheap", 0, 500, 520, REACH_YES },
		{ "no raw path", 0, 1000, NAN, REACH_YES },
		/* an O_DSYNC write never relies on fdatasync */
		{ "dsync, fdatasync wrapped", 1, 1000, 70000, REACH_YES },
	};
	struct probe_facts f;
	struct probe_evidence ev;
	enum reach got;
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		facts_of(&cases[4], &f);
		f.write_timed = c[i].write_timed;
		if (f.write_timed)
			f.sync_name = "O_DSYNC write";
		f.clean_ns = c[i].clean;
		f.clean_raw_ns = c[i].clean_raw;
		got = probe_classify(&f, &ev);
		if (got != c[i].want || (got == REACH_NO &&
		    strstr(ev.line[0], "skips the device's cache flush") == NULL)) {
			print_error("case \"%s\": got %s\n", c[i].name,
			    reach_name(got));
			for (j = 0; j < ev.n; j++)
				print_error("  evidence: %s\n", ev.line[j]);
			fail();
		}
	}
}

/* O_DIRECT that kept the page cache is said, in a hint that decides nothing. */
static void
test_classify_direct_cached_hint(void **state)
{
	struct probe_facts f;
	struct probe_evidence ev;

	(void)state;
	facts_of(case_named("dsync on a device"), &f);
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
	assert_false(evidence_has(&ev, "not bypassed"));
	f.direct_cached = 1;
	f.sync_name = "O_DIRECT|O_DSYNC write";
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
	assert_true(evidence_has(&ev, "hint: O_DIRECT was accepted but the page "
	    "cache was not bypassed"));
	assert_true(strncmp(ev.line[0], "hint: ", 6) != 0);
}

/* The evidence never overflows its table, however much there is to say. */
static void
test_classify_evidence_bounded(void **state)
{
	struct probe_facts f;
	struct probe_evidence ev;
	char virt[2000];

	(void)state;
	memset(virt, 'v', sizeof virt - 1);
	virt[sizeof virt - 1] = '\0';
	facts_of(&cases[5], &f);
	f.virt = virt;
	f.rotational = 1;
	f.libc_ns = 1e9;        /* libc far dearer than raw: a wrapper hint */
	probe_classify(&f, &ev);
	assert_true(ev.n <= CLASSIFY_MAX_EVIDENCE);
	assert_true(strlen(ev.line[ev.n - 1]) < CLASSIFY_LINE);
	assert_true(evidence_has(&ev, "wraps it"));
}

/*
 * A figure printed in one sentence with the bound it was held to reads on
 * its side of it: a flush 9.96 times an empty system call is too close
 * to tell beside "at least 10", so it is not "10.0 times".
 */
static void
test_classify_figures_read_against_bounds(void **state)
{
	static const struct {
		const char *name, *mount_options, *write_cache;
		double dirty, clean, null, write;
		const char *has, *hasnt;
	} near[] = {
		{ "under ten null syscalls", "rw", NULL, 996, 500, 100, 400,
		  "costs 9.96 times an empty system call", "10.0 times" },
		{ "under two plain writes", "rw", NULL, 2000, 500, 100, 1002,
		  "and 1.996 times writing", "2.0 times writing" },
		{ "a clean sync over four null syscalls", "rw,nobarrier", "write back",
		  60000, 402, 100, 1500, "costs 402ns, 4.02 times an empty system call",
		  "4.0 times" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof near / sizeof near[0]; i++) {
		struct tcase c = { near[i].name, "ext4", near[i].mount_options,
			near[i].write_cache, NULL, 0, 0, 0, near[i].dirty,
			near[i].clean, near[i].null, near[i].write, N, N,
			REACH_UNKNOWN, NULL, NULL };
		struct probe_facts f;
		struct probe_evidence ev;

		facts_of(&c, &f);
		probe_classify(&f, &ev);
		if (!evidence_has(&ev, near[i].has) || evidence_has(&ev, near[i].hasnt)) {
			size_t k;

			for (k = 0; k < ev.n; k++)
				print_error("  evidence: %s\n", ev.line[k]);
			fail_msg("case \"%s\": no \"%s\"", c.name, near[i].has);
		}
	}
}

/*
 * The flush count, over ext4 on virtio (a device by timing): 15 syncs
 * bracketed in 3 ms, with 100 ms of idle time.  A write-back device that
 * got no flush decides "no"; flushes at every write-back device decide
 * "yes", even where timing cannot tell; a write-through device, a FUA
 * write, too few syncs, too much noise or a dropped count decide nothing.
 */
static void
test_classify_flush_count(void **state)
{
	static const struct {
		const char *name;
		const char *cache;
		int fua, direct;
		long syncs;
		double flushes, idle;   /* NaN flushes: dropped */
		double dirty, write;    /* the timing: ns */
		const char *options;
		enum reach want;
		const char *phrase;
	} c[] = {
		{ "reached", "write back", 0, 0, 15, 15, 0, 75000, 1500, "rw",
		  REACH_YES, "15 fdatasyncs, 15 flush requests completed by vda; "
		  "other processes completed none in the 100ms of idle time" },
		{ "two per sync", "write back", 0, 0, 15, 30, 0, 75000, 1500, "rw",
		  REACH_YES, "each sync's flush reached the device." },
		{ "none reached", "write back", 0, 0, 15, 0, 0, 75000, 1500, "rw",
		  REACH_NO, "no flush reached vda, whose write cache is volatile" },
		{ "none, nobarrier", "write back", 0, 0, 15, 0, 0, 8000, 3000,
		  "rw,nobarrier", REACH_NO, "mounted with nobarrier, which stops" },
		{ "reached despite nobarrier", "write back", 0, 0, 15, 15, 0, 75000,
		  1500, "rw,nobarrier", REACH_YES, "does not honour it" },
		/* a 64 KiB write to a fast device: timing cannot tell, the count can */
		{ "reached, timing between", "write back", 0, 0, 15, 15, 0, 16000,
		  10000, "rw", REACH_YES, "reached the device" },
		{ "none beside other processes' few", "write back", 0, 0, 15, 2, 10,
		  75000, 1500, "rw", REACH_NO, "less 0.3 expected from other "
		  "processes (10 in the 100ms" },
		{ "write through gets none", "write through", 0, 0, 15, 0, 0, 75000,
		  1500, "rw", REACH_YES, "left the kernel for the device." },
		{ "fua write needs none", "write back", 1, 1, 15, 0, 0, 75000, 1500,
		  "rw", REACH_YES, "left the kernel for the device." },
		{ "a flush a second sync", "write back", 0, 0, 15, 7, 0, 75000, 1500,
		  "rw", REACH_YES, "left the kernel for the device." },
		{ "too few syncs", "write back", 0, 0, 2, 0, 0, 75000, 1500, "rw",
		  REACH_YES, "left the kernel for the device." },
		/* 5000 idle flushes in 0.1 s: 150 expected in the 3 ms */
		{ "too noisy", "write back", 0, 0, 15, 150, 5000, 75000, 1500, "rw",
		  REACH_YES, "left the kernel for the device." },
		{ "dropped", "write back", 0, 0, 15, NAN, NAN, 75000, 1500, "rw",
		  REACH_YES, "hint: the flush count of vda was dropped: its counter "
		  "went backwards" },
	};
	struct probe_flush_device d;
	struct probe_flushes fl;
	struct probe_facts f;
	struct probe_evidence ev;
	enum reach got;
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		memset(&d, 0, sizeof d);
		memset(&fl, 0, sizeof fl);
		d.name = (char *)(uintptr_t)"vda";
		d.write_cache = (char *)(uintptr_t)c[i].cache;
		d.fua = c[i].fua;
		d.flushes = c[i].flushes;
		d.idle_flushes = c[i].idle;
		if (isnan(c[i].flushes))
			d.dropped = (char *)(uintptr_t)"its counter went backwards, "
			    "from 900 to 12: the device was reset";
		fl.present = 1;
		fl.syncs = c[i].syncs;
		fl.timed_s = 0.003;
		fl.idle_s = 0.1;
		fl.dev = &d;
		fl.ndev = 1;
		probe_flushes_derive(&fl);
		facts_of(&cases[4], &f);
		f.flushes = &fl;
		f.direct = c[i].direct;
		f.dirty_ns = c[i].dirty;
		f.write_ns = c[i].write;
		f.mount_options = c[i].options;
		if (c[i].dirty < 20000)         /* a fast device: a cheap clean sync */
			f.clean_ns = 300;
		got = probe_classify(&f, &ev);
		if (got != c[i].want || !evidence_has(&ev, c[i].phrase)) {
			print_error("case \"%s\": got %s\n", c[i].name, reach_name(got));
			for (j = 0; j < ev.n; j++)
				print_error("  evidence: %s\n", ev.line[j]);
			fail();
		}
		if (got != REACH_UNKNOWN && strstr(c[i].phrase, "hint") == NULL &&
		    strstr(c[i].phrase, "left the kernel") == NULL &&
		    strstr(c[i].phrase, "nobarrier") == NULL &&
		    strstr(c[i].phrase, "honour") == NULL)
			assert_non_null(strstr(ev.line[0], "Counted around the timed"));
	}
}

/* Where nothing could be counted, a hint says why; nothing is guessed. */
static void
test_classify_flush_count_unavailable(void **state)
{
	struct probe_flushes fl;
	struct probe_facts f;
	struct probe_evidence ev;

	(void)state;
	memset(&fl, 0, sizeof fl);
	fl.present = 1;
	fl.unavailable = (char *)(uintptr_t)"the kernel writes 11 fields to "
	    "/sys/block/sda/stat, and counts flushes only from Linux 5.5, which "
	    "writes 17";
	facts_of(&cases[4], &f);
	f.flushes = &fl;
	assert_int_equal(probe_classify(&f, &ev), REACH_YES);
	assert_true(evidence_has(&ev, "hint: no flush requests were counted: the "
	    "kernel writes 11 fields"));
	assert_false(evidence_has(&ev, "Counted around"));
}

/*
 * Large writes to fast devices (the figures): at 64 KiB the dirty
 * fdatasync costs 1.6 times the plain write, and at 1 MiB a fast O_DSYNC
 * write 3.3 times it; both reached the device.  The factor asked for
 * shrinks with the write's size, to 1.25 and 2.5; at 4 KiB it is 2 and 4.
 */
static void
test_classify_large_writes(void **state)
{
	static const struct {
		long long bytes;
		int timed;
		double dirty, write;
		enum reach want;
		const char *phrase;
	} c[] = {
		{ 65536, 0, 16000, 10000, REACH_YES, "left the kernel" },
		{ 1048576, 0, 160000, 100000, REACH_YES, "left the kernel" },
		{ 65536, 1, 33000, 10000, REACH_YES, "left the kernel" },
		{ 1048576, 1, 330000, 100000, REACH_YES, "left the kernel" },
		/* below the floors: still too close */
		{ 1048576, 0, 120000, 100000, REACH_UNKNOWN, "1.25 times the plain" },
		{ 1048576, 1, 240000, 100000, REACH_UNKNOWN, "2.5 times the plain" },
		/* at 4 KiB nothing changes */
		{ 4096, 0, 1600, 1000, REACH_UNKNOWN, "2 times the plain" },
		{ 4096, 1, 3300, 1000, REACH_UNKNOWN, "4 times the plain" },
		/* 16 KiB: 2 * sqrt(1/4) = 1, held at 1.25 */
		{ 16384, 0, 13000, 10000, REACH_YES, "left the kernel" },
	};
	struct probe_facts f;
	struct probe_evidence ev;
	enum reach got;
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		facts_of(&cases[4], &f);        /* ext4 on virtio, 150 ns calls */
		f.write_bytes = c[i].bytes;
		f.write_timed = c[i].timed;
		f.sync_name = c[i].timed ? "O_DSYNC write" : "fdatasync";
		f.dirty_ns = c[i].dirty;
		f.write_ns = c[i].write;
		f.clean_ns = f.raw_ns = f.libc_ns = NAN;
		got = probe_classify(&f, &ev);
		if (got != c[i].want || !evidence_has(&ev, c[i].phrase)) {
			print_error("case %zu (%lld bytes): got %s\n", i, c[i].bytes,
			    reach_name(got));
			for (j = 0; j < ev.n; j++)
				print_error("  evidence: %s\n", ev.line[j]);
			fail();
		}
	}
}

/*
 * ext4 on a loop device whose backing file is on NFS or FUSE: the flush
 * reaches the loop device and is then handed out of this kernel's sight.
 * Counted flushes cannot make it "yes"; none counted still make it "no".
 */
static void
test_classify_loop_on_passthrough(void **state)
{
	struct probe_flush_device d;
	struct probe_flushes fl;
	struct probe_facts f;
	struct probe_evidence ev;

	(void)state;
	facts_of(&cases[4], &f);
	f.passthrough_device = "loop0 is backed by /mnt/nfs/img, a file on nfs";
	assert_int_equal(probe_classify(&f, &ev), REACH_UNKNOWN);
	assert_true(evidence_has(&ev, "The block device's storage is a file on a "
	    "filesystem that hands the sync to storage out of this kernel's sight "
	    "(loop0 is backed by /mnt/nfs/img, a file on nfs)"));
	memset(&d, 0, sizeof d);
	memset(&fl, 0, sizeof fl);
	d.name = (char *)(uintptr_t)"loop0";
	d.write_cache = (char *)(uintptr_t)"write back";
	d.flushes = 15;
	d.idle_flushes = 0;
	fl.present = 1;
	fl.syncs = 15;
	fl.timed_s = 0.003;
	fl.idle_s = 0.1;
	fl.dev = &d;
	fl.ndev = 1;
	probe_flushes_derive(&fl);
	f.flushes = &fl;
	assert_int_equal(probe_classify(&f, &ev), REACH_UNKNOWN);
	d.flushes = 0;
	probe_flushes_derive(&fl);
	assert_int_equal(probe_classify(&f, &ev), REACH_NO);
}

/*
 * A slow wrapper (libc 60 µs, raw system call 2 ms): libc's sync costs
 * more than the kernel's own work, so only the pairs tell, and only when
 * every pair timed side by side has the raw call ten times dearer.
 */
static void
test_classify_slow_wrapper_pairs(void **state)
{
	static const struct {
		size_t pairs;
		double ratio_min;
		enum reach want;
	} c[] = {
		{ 9, 33, REACH_NO }, { 5, 10, REACH_NO }, { 9, 9.9, REACH_YES },
		{ 4, 33, REACH_YES }, { 0, NAN, REACH_YES },
	};
	struct probe_facts f;
	struct probe_evidence ev;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		facts_of(&cases[4], &f);
		f.dirty_ns = f.libc_ns = 60000;
		f.raw_ns = 2000000;
		f.pairs = c[i].pairs;
		f.pair_ratio_min = c[i].ratio_min;
		assert_int_equal(probe_classify(&f, &ev), c[i].want);
		if (c[i].want == REACH_NO)
			assert_non_null(strstr(ev.line[0], "pairs of fdatasyncs timed "
			    "side by side, the one past libc cost"));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classify_table),
		cmocka_unit_test(test_classify_evidence_is_sentences),
		cmocka_unit_test(test_classify_deciding_line_first),
		cmocka_unit_test(test_classify_dirty_far_dearer_than_clean),
		cmocka_unit_test(test_classify_passthrough_never_yes),
		cmocka_unit_test(test_classify_mount_option_tokens),
		cmocka_unit_test(test_classify_evidence_bounded),
		cmocka_unit_test(test_classify_memory_device_never_durable),
		cmocka_unit_test(test_classify_clean_pair),
		cmocka_unit_test(test_classify_direct_cached_hint),
		cmocka_unit_test(test_classify_figures_read_against_bounds),
		cmocka_unit_test(test_classify_flush_count),
		cmocka_unit_test(test_classify_large_writes),
		cmocka_unit_test(test_classify_loop_on_passthrough),
		cmocka_unit_test(test_classify_slow_wrapper_pairs),
		cmocka_unit_test(test_classify_flush_count_unavailable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
