/* SPDX-License-Identifier: MIT */
/*
 * The probe end to end on real volumes (this disk, tmpfs): a sync failing
 * with EIO, the scratch file's privacy and removal, a real adaptive run,
 * group commit, and what each method's sync carries.  Figures are only
 * compared with figures from the same run.  tests/test_probe_logic.c
 * holds the probe's rules on figures made up, without a disk.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/err.h"
#include "probe/group.h"
#include "probe/measure.h"
#include "probe/method.h"
#include "probe/options.h"
#include "probe/probe.h"
#include "probe/scratch.h"
#include "probe/stability.h"
#include "probe/volume.h"
#include "report/report.h"
#include "tests/testutil.h"

/*
 * A directory of the test's own on the repository's disk: in the build
 * directory the runner names (BUILD), so a killed run litters nothing else.
 */
static char *
make_dir(const char *base)
{
	const char *build = getenv("BUILD");
	char *t;

	if (strcmp(base, ".") == 0 && build != NULL && build[0] != '\0')
		base = build;
	t = malloc(strlen(base) + 32);

	sprintf(t, "%s/.test-probe.XXXXXX", base);
	if (mkdtemp(t) == NULL) {
		free(t);
		return NULL;
	}
	return t;
}

static size_t
entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void
remove_dir(char *dir)
{
	assert_int_equal(entries(dir), 0);
	rmdir(dir);
	free(dir);
}

static int
evidence_has(const struct probe_record *p, const char *phrase)
{
	size_t i;

	for (i = 0; i < p->nevidence; i++)
		if (strstr(p->evidence[i], phrase) != NULL)
			return 1;
	return 0;
}

static int
is_block_fs(const char *fs)
{
	static const char *const l[] = { "ext2", "ext3", "ext4", "xfs", "btrfs",
	    "f2fs", "zfs", "apfs", NULL };
	size_t i;

	for (i = 0; fs != NULL && l[i] != NULL; i++)
		if (strcmp(fs, l[i]) == 0)
			return 1;
	return 0;
}

/* One default probe of dir, which must say the flush reaches a device. */
static void
probe_disk(const char *dir, struct probe_record *p)
{
	struct probe_options o;
	char err[ERRLEN];
	size_t i;

	probe_options_default(&o);
	o.dir = dir;
	/* the count stops it however slow the disk: no time limit comes first */
	o.max_time_s = PROBE_MAX_TIME_S;
	assert_int_equal(probe_run(&o, p, err), 0);
	if (p->reaches != REACH_YES && is_block_fs(p->fs))
		for (i = 0; i < p->nevidence; i++)
			print_error("evidence: %s\n", p->evidence[i]);
	assert_int_equal(p->nsamples, 15);
	assert_string_equal(p->stopped_by, "samples");
	assert_non_null(p->host_id);
	assert_non_null(p->volume_id);
}

#define PAIRS 31

/*
 * Of PAIRS pairs of a dirty fdatasync and the clean one straight after
 * it, how many the dirty one cost more in.  Each pair is timed within
 * moments, so a disk whose speed swings from one second to the next
 * swings both alike; only the order of a pair's two syncs is compared.
 */
static int
pairs_dirty_dearer(const char *dir)
{
	const struct probe_method *m = probe_method_find("fdatasync", NULL);
	struct scratch s;
	char err[ERRLEN];
	double t0, dirty, clean;
	int i, dearer = 0;

	assert_int_equal(scratch_open(&s, dir, m, 4096, PAIRS, err), 0);
	for (i = 0; i < PAIRS; i++) {
		assert_int_equal(scratch_write(&s, s.fd, s.buf, &s.seed, i, NULL,
		    err), 0);
		t0 = clock_monotonic_ns();
		assert_int_equal(fdatasync(s.fd), 0);
		dirty = clock_monotonic_ns() - t0;
		t0 = clock_monotonic_ns();
		assert_int_equal(fdatasync(s.fd), 0);
		clean = clock_monotonic_ns() - t0;
		dearer += dirty > clean;
	}
	scratch_close(&s);
	return dearer;
}

/*
 * This disk: the flush reaches a device, and a dirty flush costs more
 * than the clean one straight after it in two thirds of the pairs or
 * more (were the two alike, 21 of 31 would come by chance 3.5% of the
 * time; a dirty flush that carries data out wins nearly all).  A rate-limited
 * virtual disk can hold every flush, dirty or clean, to the same few
 * milliseconds: where three sets of pairs never show the relation, the
 * test says so and skips rather than fail on the disk's behalf; that
 * each timed flush carries data is checked without a clock below.
 */
static void
test_probe_disk_reaches_device(void **state)
{
	struct probe_record p;
	char *dir = make_dir(".");
	int i, dearer = 0, block;

	(void)state;
	assert_non_null(dir);
	probe_disk(dir, &p);
	block = is_block_fs(p.fs);
	if (!block)
		print_message("skipped: the repository is on %s, not a block "
		    "device's filesystem\n", p.fs ? p.fs : "an unknown one");
	else if (p.memory_backed != NULL)
		print_message("skipped: the repository's device keeps its data in "
		    "memory (%s)\n", p.memory_backed);
	else {
		assert_int_equal(p.reaches, REACH_YES);
		/* a flush that reaches a device costs more than a bare call */
		assert_true(p.median_ns > p.refs.null_syscall_ns);
	}
	block = block && p.memory_backed == NULL;
	probe_record_free(&p);
	for (i = 0; i < 3 && block && dearer * 3 < PAIRS * 2; i++) {
		dearer = pairs_dirty_dearer(dir);
		if (dearer * 3 < PAIRS * 2)
			print_message("pairs %d: the dirty flush cost more than the clean "
			    "one after it in %d of %d\n", i + 1, dearer, PAIRS);
	}
	remove_dir(dir);
	if (block && dearer * 3 < PAIRS * 2)
		print_message("skipped: in three sets of pairs this disk's dirty "
		    "flush never cost more than its clean one in two thirds of them "
		    "(a rate-limited disk?)\n");
	if (!block || dearer * 3 < PAIRS * 2)
		skip();
}

/* tmpfs: no device, and the evidence says tmpfs. */
static void
test_probe_tmpfs_says_no(void **state)
{
	struct probe_options o;
	struct probe_record p;
	char err[ERRLEN], *dir = make_dir("/dev/shm");

	(void)state;
	if (dir == NULL)
		skip();
	probe_options_default(&o);
	o.dir = dir;
	assert_int_equal(probe_run(&o, &p, err), 0);
	if (p.fs == NULL || strcmp(p.fs, "tmpfs") != 0) {
		probe_record_free(&p);
		remove_dir(dir);
		skip();
	}
	assert_int_equal(p.reaches, REACH_NO);
	assert_true(evidence_has(&p, "tmpfs"));
	probe_record_free(&p);
	remove_dir(dir);
}

static int
failing_sync(int fd)
{
	(void)fd;
	errno = EIO;
	return -1;
}

/*
 * What each sync found changed in the scratch file since the one before:
 * the sync below compares the whole file with its last copy, so a test
 * can see, without a clock, what every sync of a probe carried.
 */
#define SEEN_SLOTS 64
#define SEEN_CALLS 128

static struct {
	unsigned char last[SEEN_SLOTS * 4096], now[SEEN_SLOTS * 4096];
	int changed[SEEN_CALLS];        /* blocks changed, per call */
	int block[SEEN_CALLS];          /* the last of them */
	int calls;
} seen;

static void
seen_read(int fd, unsigned char *buf)
{
	assert_int_equal(pread(fd, buf, sizeof seen.last, 0),
	    (ssize_t)sizeof seen.last);
}

static int
comparing_sync(int fd)
{
	int b, k = seen.calls++;

	assert_true(k < SEEN_CALLS);
	seen_read(fd, seen.now);
	for (b = 0; b < SEEN_SLOTS; b++)
		if (memcmp(seen.now + b * 4096, seen.last + b * 4096, 4096) != 0) {
			seen.changed[k]++;
			seen.block[k] = b;
		}
	memcpy(seen.last, seen.now, sizeof seen.last);
	return 0;
}

/*
 * Every sync that follows a write carries exactly that write's block,
 * fresh content at an offset no earlier write used; the clean syncs carry
 * nothing.  Warm-up and samples make 17 writes, and the nine reference
 * rounds spread among them each add a clean sync and a plain write.
 */
static void
test_probe_samples_carry_fresh_data(void **state)
{
	struct probe_method m = *probe_method_find("fdatasync", NULL);
	struct probe_options o;
	struct probe_record p;
	struct scratch s;
	char err[ERRLEN], *dir = make_dir(".");
	int used[SEEN_SLOTS] = { 0 }, k, dirty = 0, clean = 0;

	(void)state;
	m.sync = comparing_sync;
	m.raw_sync = NULL;
	probe_options_default(&o);
	o.dir = dir;
	probe_record_init(&p);
	memset(&seen, 0, sizeof seen);
	assert_int_equal(scratch_open(&s, dir, &m, 4096, SEEN_SLOTS, err), 0);
	seen_read(s.fd, seen.last);
	assert_int_equal(probe_measure(&s, &m, &o, clock_monotonic_ns(), NULL, &p, err), 0);
	for (k = 0; k < seen.calls; k++) {
		assert_true(seen.changed[k] <= 1);
		if (seen.changed[k] == 0) {
			/* a clean sync straight after a dirty one */
			assert_true(k > 0 && seen.changed[k - 1] == 1);
			clean++;
			continue;
		}
		assert_int_equal(used[seen.block[k]]++, 0);
		dirty++;
	}
	assert_int_equal(p.nsamples, 15);
	assert_int_equal(clean, MEASURE_REF_ROUNDS);
	assert_int_equal(dirty, 2 + 15 + MEASURE_REF_ROUNDS);
	/* the last round follows the last sample: a clean sync, a plain write */
	assert_int_equal(seen.changed[seen.calls - 2], 0);
	assert_int_equal(seen.changed[seen.calls - 1], 1);
	scratch_close(&s);
	probe_record_free(&p);
	remove_dir(dir);
}

/* A sync that fails is an error naming it, and the file still goes. */
static void
test_probe_eio_is_reported(void **state)
{
	struct probe_method m = *probe_method_find("fdatasync", NULL);
	struct probe_options o;
	struct probe_record p;
	struct scratch s;
	char err[ERRLEN], *dir = make_dir(".");

	(void)state;
	m.sync = failing_sync;
	probe_options_default(&o);
	o.dir = dir;
	probe_record_init(&p);
	assert_int_equal(scratch_open(&s, dir, &m, 4096, 64, err), 0);
	assert_int_equal(entries(dir), 0);      /* nameless from the start */
	assert_int_equal(probe_measure(&s, &m, &o, clock_monotonic_ns(), NULL, &p, err), -1);
	assert_non_null(strstr(err, "fdatasync of the scratch file: "));
	assert_non_null(strstr(err, strerror(EIO)));
	scratch_close(&s);
	scratch_close(&s);
	probe_record_free(&p);
	remove_dir(dir);
}

/* A writer whose sync fails makes the whole group an error, never a sample. */
static void
test_probe_group_eio_is_reported(void **state)
{
	struct probe_method m = *probe_method_find("fdatasync", NULL);
	struct group_plan plan = { 3, 4, 1000, clock_monotonic_ns() + 60e9 };
	struct probe_group g;
	struct scratch s;
	char err[ERRLEN], *dir = make_dir(".");

	(void)state;
	m.sync = failing_sync;
	memset(&g, 0, sizeof g);
	assert_int_equal(scratch_open(&s, dir, &m, 4096, 8, err), 0);
	assert_int_equal(probe_group(&s, &m, &plan, &g, err), -1);
	assert_non_null(strstr(err, "fdatasync of the scratch file by one of "
	    "several writers: "));
	assert_non_null(strstr(err, strerror(EIO)));
	assert_null(g.samples_ns);
	scratch_close(&s);
	remove_dir(dir);
}

/* Private: a fresh random name, 0600, a regular file, two never collide. */
static void
test_probe_scratch_is_private(void **state)
{
	const struct probe_method *m = probe_method_find("fdatasync", NULL);
	struct scratch a, b;
	struct stat st;
	char err[ERRLEN], *dir = make_dir(".");

	(void)state;
	assert_int_equal(scratch_open(&a, dir, m, 4096, 4, err), 0);
	assert_int_equal(scratch_open(&b, dir, m, 4096, 4, err), 0);
	assert_string_not_equal(a.name, b.name);
	assert_int_equal(strncmp(a.name, ".syncgate-probe.", 16), 0);
	assert_int_equal(fstat(a.fd, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0600);
	/* preallocated: the blocks exist before any sample */
	assert_int_equal(st.st_size, 4 * 4096);
	/* and nameless already, so no death can leave it behind */
	assert_int_equal(st.st_nlink, 0);
	assert_int_equal(entries(dir), 0);
	assert_int_equal(fstatat(a.dirfd, a.name, &st, AT_SYMLINK_NOFOLLOW), -1);
	scratch_close(&a);
	scratch_close(&b);
	assert_int_equal(entries(dir), 0);
	remove_dir(dir);
}

/*
 * What a record's stopped_by claims holds of the record itself.  Which
 * reason comes first depends on the machine: where a sync takes a few
 * clock ticks, ties make the median's interval zero wide at any
 * precision, and a slow runner meets the time limit first; so the test
 * checks the reason against the record, never which reason it is.
 */
static void
assert_stop_reason_holds(const struct probe_options *o,
    const struct probe_record *p)
{
	if (strcmp(p->stopped_by, "precision") == 0) {
		assert_true(p->nsamples >= (size_t)o->samples);
		assert_true(p->ci_lo_ns >= p->median_ns * (1 - o->precision) &&
		    p->ci_hi_ns <= p->median_ns * (1 + o->precision));
	} else if (strcmp(p->stopped_by, "max-samples") == 0) {
		assert_int_equal(p->nsamples, o->max_samples);
	} else if (strcmp(p->stopped_by, "max-time") == 0) {
		assert_true(p->elapsed_s >= o->max_time_s);
		assert_true(p->nsamples < (size_t)o->max_samples);
	} else {
		fail_msg("stopped_by \"%s\" is no reason of an adaptive probe",
		    p->stopped_by);
	}
	assert_true(p->nsamples >= 1 && p->nsamples <= (size_t)o->max_samples);
	assert_near(p->precision, o->precision, 0);
}

/* A real adaptive run stops for one of its reasons, and the reason holds. */
static void
test_probe_adaptive_run(void **state)
{
	struct probe_options o;
	struct probe_record p;
	char err[ERRLEN], *dir = make_dir("/dev/shm");

	(void)state;
	if (dir == NULL)
		skip();
	probe_options_default(&o);
	o.dir = dir;
	o.precision = 0.25;
	o.max_samples = 200;
	assert_int_equal(probe_run(&o, &p, err), 0);
	assert_stop_reason_holds(&o, &p);
	probe_record_free(&p);
	/* a precision few machines meet, under a time limit most meet first */
	o.precision = 1e-9;
	o.max_samples = 1000000;
	o.max_time_s = 0.01;
	assert_int_equal(probe_run(&o, &p, err), 0);
	assert_stop_reason_holds(&o, &p);
	probe_record_free(&p);
	remove_dir(dir);
}

/* Group commit: every writer's syncs kept, in single-writer units. */
static void
test_probe_group_commit(void **state)
{
	struct probe_options o;
	struct probe_record p;
	char err[ERRLEN], *dir = make_dir(".");

	(void)state;
	probe_options_default(&o);
	o.dir = dir;
	o.samples = 6;
	o.concurrency = 3;
	o.max_time_s = PROBE_MAX_TIME_S;
	assert_int_equal(probe_run(&o, &p, err), 0);
	assert_int_equal(p.group.writers, 3);
	assert_int_equal(p.group.nsamples, 18);
	assert_string_equal(p.group.stopped_by, "samples");
	assert_near(p.group.syncs_p50, p.group.median_ns / p.median_ns, 1e-9);
	assert_near(p.group.syncs_p99, p.group.p99_ns / p.median_ns, 1e-9);
	assert_true(p.group.p99_ns >= p.group.median_ns);
	probe_record_free(&p);
	remove_dir(dir);
}

/* A record's text, rendered as `syncgate probe` and `syncgate report` do. */
static char *
text_of(const struct probe_record *p, int ascii)
{
	struct render_opts ro = { .ascii = ascii };
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(report_probe_text(fp, p, &ro), 0);
	assert_int_equal(fclose(fp), 0);
	return buf;
}

/*
 * `syncgate report PROBE.json` prints, byte for byte, the text the probe
 * printed: the record through its JSON and the loader renders the same,
 * group commit and the adaptive stop included.
 */
static void
test_probe_report_prints_what_the_probe_printed(void **state)
{
	struct probe_options o;
	struct probe_record p, q;
	char err[ERRLEN], *dir = make_dir("/dev/shm"), *json, *a, *b;
	cJSON *root;
	int ascii;

	(void)state;
	if (dir == NULL)
		skip();
	probe_options_default(&o);
	o.dir = dir;
	o.precision = 0.2;
	o.max_samples = 40;
	o.concurrency = 2;
	assert_int_equal(probe_run(&o, &p, err), 0);
	root = probe_record_to_json(&p);
	json = cJSON_Print(root);
	cJSON_Delete(root);
	root = cJSON_Parse(json);
	assert_int_equal(probe_record_from_json(root, "p.json", "probe", &q, err), 0);
	/* every key comes back, the later additions included */
	assert_true(p.stable >= 0);
	assert_true(strstr(json, "\"stability\"") != NULL);
	cJSON_Delete(root);
	root = probe_record_to_json(&q);
	a = cJSON_Print(root);
	assert_string_equal(a, json);
	free(a);
	for (ascii = 0; ascii < 2; ascii++) {
		a = text_of(&p, ascii);
		b = text_of(&q, ascii);
		assert_string_equal(a, b);
		free(a);
		free(b);
	}
	cJSON_Delete(root);
	free(json);
	probe_record_free(&p);
	probe_record_free(&q);
	remove_dir(dir);
}

/*
 * --max-time holds for group commit too: with the time spent, each writer
 * keeps one sync and the group says it was cut short.  The deadline is
 * given as passed, so no machine is fast enough to finish first.
 */
static void
test_probe_group_stops_at_max_time(void **state)
{
	const struct probe_method *m = probe_method_find("fdatasync", NULL);
	struct group_plan plan = { 2, 100000, 1000, clock_monotonic_ns() - 1 };
	struct probe_options o;
	struct probe_record p;
	struct probe_group g;
	struct scratch s;
	char err[ERRLEN], *dir = make_dir("/dev/shm");

	(void)state;
	if (dir == NULL)
		skip();
	memset(&g, 0, sizeof g);
	assert_int_equal(scratch_open(&s, dir, m, 4096, 8, err), 0);
	assert_int_equal(probe_group(&s, m, &plan, &g, err), 0);
	assert_string_equal(g.stopped_by, "max-time");
	assert_int_equal(g.nsamples, 2);
	scratch_close(&s);
	free(g.samples_ns);
	free(g.stopped_by);
	/*
	 * A whole probe: which limit comes first is the machine's; a probe
	 * stopped by its time leaves its group none.
	 */
	probe_options_default(&o);
	o.dir = dir;
	o.samples = 100000;
	o.concurrency = 2;
	o.max_time_s = 0.05;
	assert_int_equal(probe_run(&o, &p, err), 0);
	if (strcmp(p.stopped_by, "max-time") == 0) {
		assert_true(p.elapsed_s >= o.max_time_s);
		assert_string_equal(p.group.stopped_by, "max-time");
		assert_int_equal(p.group.nsamples, 2);
	} else {
		assert_string_equal(p.stopped_by, "samples");
		assert_int_equal(p.nsamples, 100000);
	}
	assert_true(p.group.nsamples >= 2 && p.group.nsamples <= 200000);
	probe_record_free(&p);
	remove_dir(dir);
}

/* O_DSYNC: the write is what is timed, and the detail says so. */
static void
test_probe_dsync_times_the_write(void **state)
{
	struct probe_options o;
	struct probe_record p;
	char err[ERRLEN], *dir = make_dir(".");

	(void)state;
	probe_options_default(&o);
	o.dir = dir;
	o.samples = 5;
	o.method = "dsync";
	assert_int_equal(probe_run(&o, &p, err), 0);
	assert_string_equal(p.method, "dsync");
	assert_non_null(strstr(p.method_detail, "the write is the sync"));
	assert_false(isnan(p.refs.raw_sync_ns));
	probe_record_free(&p);
	remove_dir(dir);
}

/* The volume id of dir, which the caller frees; NULL if dir cannot be opened. */
static char *
volume_id_of(const char *dir)
{
	struct probe_record p;
	struct volume_block vb;
	char err[ERRLEN], *id;
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		return NULL;
	probe_record_init(&p);
	assert_int_equal(volume_identify(dir, fd, &p, &vb, err), 0);
	close(fd);
	id = strdup(p.volume_id);
	probe_record_free(&p);
	return id;
}

/*
 * One volume has one id from wherever on it a probe runs, and another
 * volume (tmpfs at /dev/shm, where that is its own filesystem) another.
 */
static void
test_volume_id_names_the_volume(void **state)
{
	char *dir = make_dir("."), *sub, *a, *b, *c;
	struct stat sd, ss;

	(void)state;
	sub = malloc(strlen(dir) + 8);
	sprintf(sub, "%s/sub", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	a = volume_id_of(dir);
	b = volume_id_of(sub);
	assert_non_null(a);
	assert_string_equal(a, b);
	c = volume_id_of("/dev/shm");
	if (c != NULL && stat(dir, &sd) == 0 && stat("/dev/shm", &ss) == 0 &&
	    sd.st_dev != ss.st_dev)
		assert_string_not_equal(a, c);
	free(a);
	free(b);
	free(c);
	rmdir(sub);
	free(sub);
	remove_dir(dir);
}

/* fsync writes the modification time that fdatasync leaves, and says so. */
static void
test_probe_detail_says_what_the_sync_carries(void **state)
{
	static const char *const methods[] = { "fsync", "fdatasync", "dsync" };
	static const char *const phrase[] = { "modification time when the write "
	    "moved it on", "modification time is left", "modification time is "
	    "left" };
	struct probe_options o;
	struct probe_record p;
	char err[ERRLEN], *dir = make_dir("/dev/shm");
	size_t i;

	(void)state;
	if (dir == NULL)
		skip();
	probe_options_default(&o);
	o.dir = dir;
	o.samples = 1;
	for (i = 0; i < sizeof methods / sizeof methods[0]; i++) {
		o.method = methods[i];
		assert_int_equal(probe_run(&o, &p, err), 0);
		if (strstr(p.method_detail, phrase[i]) == NULL) {
			print_error("%s: %s\n", methods[i], p.method_detail);
			fail();
		}
		probe_record_free(&p);
	}
	remove_dir(dir);
}

/*
 * tmpfs may take O_DIRECT (Linux 6.6 and later), but the data stays in
 * the page cache, and the probe must say so rather than "past any page
 * cache".
 */
static void
test_probe_direct_on_tmpfs_keeps_the_cache(void **state)
{
	const struct probe_method *m = probe_method_find("direct-dsync", NULL);
	struct scratch s;
	char err[ERRLEN], *dir = make_dir("/dev/shm");
	int rc;

	(void)state;
	if (dir == NULL || m == NULL)
		skip();
	rc = scratch_open(&s, dir, m, 4096, 4, err);
	if (rc == 0) {
		assert_int_equal(s.direct_cached, 1);
		assert_non_null(strstr(probe_method_carries(m, 1),
		    "page cache was not bypassed"));
		assert_null(strstr(probe_method_carries(m, 0), "not bypassed"));
	} else {
		assert_non_null(strstr(err, "--method direct-dsync:"));
	}
	scratch_close(&s);
	remove_dir(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe_disk_reaches_device),
		cmocka_unit_test(test_probe_tmpfs_says_no),
		cmocka_unit_test(test_probe_samples_carry_fresh_data),
		cmocka_unit_test(test_probe_eio_is_reported),
		cmocka_unit_test(test_probe_group_eio_is_reported),
		cmocka_unit_test(test_probe_scratch_is_private),
		cmocka_unit_test(test_probe_adaptive_run),
		cmocka_unit_test(test_probe_group_commit),
		cmocka_unit_test(test_probe_group_stops_at_max_time),
		cmocka_unit_test(test_probe_report_prints_what_the_probe_printed),
		cmocka_unit_test(test_probe_dsync_times_the_write),
		cmocka_unit_test(test_probe_detail_says_what_the_sync_carries),
		cmocka_unit_test(test_volume_id_names_the_volume),
		cmocka_unit_test(test_probe_direct_on_tmpfs_keeps_the_cache),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
