/* SPDX-License-Identifier: MIT */
/*
 * The sysfs block-device module against a sysfs tree of the test's own:
 * partitions found on their disks, the members of stacked devices, loop
 * devices' backing files, and what memdev makes of them.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/sysmacros.h>
#endif

#include "lib/err.h"
#include "probe/blockdev.h"
#include "probe/flushcount.h"
#include "probe/memdev.h"
#include "tests/testutil.h"

struct tree {
	char root[256];
	char shm[256];          /* a directory on tmpfs, or "" */
};

/* mkdir -p root/rel */
static void
mkdirs(const char *root, const char *rel)
{
	char p[2048], *s;

	snprintf(p, sizeof p, "%s/%s", root, rel);
	for (s = p + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		assert_true(mkdir(p, 0755) == 0 || errno == EEXIST);
		*s = '/';
	}
	assert_true(mkdir(p, 0755) == 0 || errno == EEXIST);
}

static void
put(const char *root, const char *rel, const char *text)
{
	char p[2048];
	FILE *fp;

	snprintf(p, sizeof p, "%s/%s", root, rel);
	assert_non_null(fp = fopen(p, "w"));
	fputs(text, fp);
	fclose(fp);
}

static void
link_to(const char *root, const char *rel, const char *target)
{
	char p[2048];

	snprintf(p, sizeof p, "%s/%s", root, rel);
	assert_int_equal(symlink(target, p), 0);
}

/*
 * A disk (or a partition inside one, when parent is set) at devdir, with
 * its /sys/block (disks), /sys/class/block and /sys/dev/block links.
 */
static void
device(const struct tree *t, const char *devdir, const char *name,
    const char *parent, const char *majmin)
{
	char rel[512], target[1024];

	if (parent != NULL)
		snprintf(rel, sizeof rel, "%s/%s/%s", devdir, parent, name);
	else
		snprintf(rel, sizeof rel, "%s/%s", devdir, name);
	mkdirs(t->root, rel);
	snprintf(target, sizeof target, "../../%s", rel);
	snprintf(rel + strlen(rel), sizeof rel - strlen(rel), "/partition");
	if (parent != NULL)
		put(t->root, rel, "1\n");
	if (parent == NULL) {
		snprintf(rel, sizeof rel, "block/%s", name);
		link_to(t->root, rel, target + 3);
	}
	snprintf(rel, sizeof rel, "class/block/%s", name);
	link_to(t->root, rel, target);
	snprintf(rel, sizeof rel, "dev/block/%s", majmin);
	link_to(t->root, rel, target);
}

#define VIRTIO "devices/pci0000:00/virtio1/block"

/* A stat line of Linux 5.5 and later, flushes completed its 16th field. */
static const char *
stat_line(unsigned long long flushes)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "    4211     792  348581    1477   19905    2223 "
	    "737469    3446        0    3023    6440     230        2   45489 "
	    "   585 %8llu      931\n", flushes);
	return buf;
}
#define VIRTUAL "devices/virtual/block"

static int
setup(void **state)
{
	struct tree *t = calloc(1, sizeof *t);
	char p[512];

	snprintf(t->root, sizeof t->root, "%s/.test-blockdev.XXXXXX",
	    getenv("BUILD") ? getenv("BUILD") : ".");
	assert_non_null(mkdtemp(t->root));
	mkdirs(t->root, "block");
	mkdirs(t->root, "class/block");
	mkdirs(t->root, "dev/block");
	device(t, VIRTIO, "vda", NULL, "254:0");
	device(t, VIRTIO, "vda2", "vda", "254:2");
	put(t->root, VIRTIO "/vda/stat", stat_line(100));
	mkdirs(t->root, VIRTIO "/vda/mq");
	device(t, VIRTIO, "sdo", NULL, "8:0");
	mkdirs(t->root, VIRTIO "/sdo/mq");
	put(t->root, VIRTIO "/sdo/stat", "1 2 3 4 5 6 7 8 9 10 11\n");
	mkdirs(t->root, VIRTIO "/vda/queue");
	put(t->root, VIRTIO "/vda/queue/write_cache", "write back\n");
	device(t, VIRTUAL, "dm-0", NULL, "253:0");
	mkdirs(t->root, VIRTUAL "/dm-0/slaves");
	link_to(t->root, VIRTUAL "/dm-0/slaves/vda2", "../../../../" VIRTIO "/vda/vda2");
	device(t, VIRTUAL, "loop3", NULL, "7:3");
	device(t, VIRTUAL, "loop3p1", "loop3", "259:1");
	device(t, VIRTUAL, "dm-1", NULL, "253:1");
	mkdirs(t->root, VIRTUAL "/dm-1/slaves");
	link_to(t->root, VIRTUAL "/dm-1/slaves/loop3p1", "x");
	mkdirs(t->root, VIRTUAL "/loop3/loop");
	snprintf(t->shm, sizeof t->shm, "/dev/shm/syncgate-test.XXXXXX");
	if (mkdtemp(t->shm) == NULL) {
		t->shm[0] = '\0';
	} else {
		snprintf(p, sizeof p, "%s/img", t->shm);
		put(t->shm, "img", "");
		put(t->root, VIRTUAL "/loop3/loop/backing_file", p);
	}
	blockdev_set_sysfs(t->root);
	*state = t;
	return 0;
}

static int
teardown(void **state)
{
	struct tree *t = *state;
	char cmd[512];

	blockdev_set_sysfs(NULL);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->root);
	assert_int_equal(system(cmd), 0);
	if (t->shm[0] != '\0') {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->shm);
		assert_int_equal(system(cmd), 0);
	}
	free(t);
	return 0;
}

/* A partition is named with the disk it is on; a disk with itself. */
static void
test_blockdev_names_find_the_disk(void **state)
{
	char name[BLOCKDEV_NAME], disk[BLOCKDEV_NAME];
	int virtio = 0;

	(void)state;
	assert_int_equal(blockdev_names(makedev(254, 2), name, disk, sizeof name,
	    &virtio), 0);
	assert_string_equal(name, "vda2");
	assert_string_equal(disk, "vda");
	assert_int_equal(virtio, 1);
	assert_int_equal(blockdev_names(makedev(253, 0), name, disk, sizeof name,
	    &virtio), 0);
	assert_string_equal(name, "dm-0");
	assert_string_equal(disk, "dm-0");
	assert_int_equal(virtio, 0);
	assert_int_equal(blockdev_names(makedev(8, 9), name, disk, sizeof name,
	    &virtio), -1);
	assert_int_equal(blockdev_known(makedev(254, 0)), 0);
	assert_int_equal(blockdev_known(makedev(0, 45)), -1);
	assert_int_equal(blockdev_disk("vda2", disk, sizeof disk), 0);
	assert_string_equal(disk, "vda");
	assert_int_equal(blockdev_disk("loop3", disk, sizeof disk), 0);
	assert_string_equal(disk, "loop3");
	assert_int_equal(blockdev_disk("sdz", disk, sizeof disk), -1);
	assert_int_equal(blockdev_disk("../block/vda", disk, sizeof disk), -1);
}

static void
test_blockdev_attributes_and_members(void **state)
{
	char buf[PATH_MAX], slaves[4][BLOCKDEV_NAME];

	(void)state;
	assert_int_equal(blockdev_attr("vda", "queue/write_cache", buf, sizeof buf), 0);
	assert_string_equal(buf, "write back");
	assert_int_equal(blockdev_attr("vda", "queue/fua", buf, sizeof buf), -1);
	assert_int_equal(blockdev_slaves("dm-0", slaves, 4), 1);
	assert_string_equal(slaves[0], "vda2");
	assert_int_equal(blockdev_slaves("vda", slaves, 4), 0);
	assert_int_equal(blockdev_backing_file("vda", buf, sizeof buf), -1);
}

/*
 * A stacked device on a partition of a loop device backed by a file on
 * tmpfs keeps its data in memory: the member is judged by its disk.
 */
static void
test_memdev_follows_a_member_partition_to_its_disk(void **state)
{
	const struct tree *t = *state;
	char why[512] = "", want[512];

	if (t->shm[0] == '\0')
		skip();
	assert_int_equal(memdev_check_disk("dm-1", why, sizeof why), 1);
	snprintf(want, sizeof want, "dm-1 sits on loop3p1; loop3 is backed by "
	    "%s/img, a file on tmpfs", t->shm);
	assert_string_equal(why, want);
	assert_int_equal(memdev_check(makedev(253, 1), why, sizeof why), 1);
	assert_int_equal(memdev_check_disk("dm-0", why, sizeof why), 0);
}

/*
 * The disks under a volume: a stacked device's members (a partition by
 * its disk), and a loop device whose backing file no disk holds noted.
 */
static void
test_blockdev_stack_follows_members(void **state)
{
	const struct tree *t = *state;
	struct blockdev_stack st;

	blockdev_stack(makedev(253, 0), &st);
	assert_int_equal(st.n, 2);
	assert_string_equal(st.name[0], "dm-0");
	assert_string_equal(st.name[1], "vda");
	assert_string_equal(st.loop, "");
	blockdev_stack(makedev(254, 2), &st);
	assert_int_equal(st.n, 1);
	assert_string_equal(st.name[0], "vda");
	blockdev_stack(makedev(9, 9), &st);
	assert_int_equal(st.n, 0);
	if (t->shm[0] == '\0')
		return;
	blockdev_stack(makedev(253, 1), &st);
	assert_int_equal(st.n, 2);
	assert_string_equal(st.name[1], "loop3");
	assert_string_equal(st.loop, "loop3");
	assert_non_null(strstr(st.backing, "/img"));
}

/* Counters: 17 fields on a disk with a request queue, else why not. */
static void
test_blockdev_flush_counter(void **state)
{
	unsigned long long n = 0;
	char why[ERRLEN];
	int fd;

	(void)state;
	assert_true((fd = blockdev_flush_open("vda", why, sizeof why)) >= 0);
	assert_int_equal(blockdev_flush_read(fd, &n), 0);
	assert_int_equal(n, 100);
	close(fd);
	assert_int_equal(blockdev_flush_open("dm-0", why, sizeof why), -1);
	assert_string_equal(why, "dm-0 has no request queue (device-mapper, md "
	    "and RAM disks pass flushes on uncounted)");
	assert_int_equal(blockdev_flush_open("sdo", why, sizeof why), -1);
	assert_string_equal(why, "the kernel writes 11 fields to /sys/block/sdo/"
	    "stat, and counts flushes only from Linux 5.5, which writes 17");
}

/*
 * Brackets add what the counter gained; a counter that goes backwards
 * or a device that vanishes drops the count, saying why.
 */
static void
test_flushcount_brackets_and_drops(void **state)
{
	const struct tree *t = *state;
	struct flushcount fc;
	struct probe_flushes out;

	flushcount_open(&fc, 1, makedev(253, 0), "ext4");
	assert_int_equal(fc.n, 1);
	assert_string_equal(fc.dev[0].name, "vda");
	flushcount_before(&fc);
	put(t->root, VIRTIO "/vda/stat", stat_line(102));
	flushcount_after(&fc);
	flushcount_idle(&fc, 1e6);
	flushcount_close(&fc, &out);
	assert_int_equal(out.syncs, 1);
	assert_int_equal(out.ndev, 1);
	assert_near(out.dev[0].flushes, 2, 0);
	assert_near(out.dev[0].idle_flushes, 0, 0);
	assert_string_equal(out.dev[0].write_cache, "write back");
	assert_null(out.dev[0].dropped);
	assert_near(out.dev[0].per_sync, 2, 0);
	probe_flushes_free(&out);

	flushcount_open(&fc, 1, makedev(254, 2), "ext4");
	flushcount_before(&fc);
	put(t->root, VIRTIO "/vda/stat", stat_line(7));
	flushcount_after(&fc);
	flushcount_close(&fc, &out);
	assert_true(isnan(out.dev[0].flushes));
	assert_string_equal(out.dev[0].dropped, "its counter went backwards, from "
	    "102 to 7: the device was reset");
	probe_flushes_free(&out);

	flushcount_open(&fc, 1, makedev(254, 0), "ext4");
	put(t->root, VIRTIO "/vda/stat", "");
	flushcount_before(&fc);
	flushcount_close(&fc, &out);
	assert_non_null(strstr(out.dev[0].dropped, "the device vanished during "
	    "the probe"));
	probe_flushes_free(&out);
	put(t->root, VIRTIO "/vda/stat", stat_line(100));

	flushcount_open(&fc, 1, makedev(253, 2), "ext4");
	assert_int_equal(fc.n, 0);
	flushcount_open(&fc, 0, 0, "tmpfs");
	flushcount_close(&fc, &out);
	assert_int_equal(out.ndev, 0);
	assert_string_equal(out.unavailable, "the volume (tmpfs) has no block device");
	probe_flushes_free(&out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blockdev_names_find_the_disk),
		cmocka_unit_test(test_blockdev_attributes_and_members),
		cmocka_unit_test(test_memdev_follows_a_member_partition_to_its_disk),
		cmocka_unit_test(test_blockdev_stack_follows_members),
		cmocka_unit_test(test_blockdev_flush_counter),
		cmocka_unit_test(test_flushcount_brackets_and_drops),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
