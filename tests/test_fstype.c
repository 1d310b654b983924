/* SPDX-License-Identifier: MIT */
/*
 * Filesystem types by statfs's magic and by name: what keeps files in
 * memory, what hands syncs out of this kernel's sight, what sits on a
 * local block device.
 */
#include <string.h>

#include "probe/fstype.h"
#include "tests/testutil.h"

static void
test_fstype_magic_names(void **state)
{
	(void)state;
#ifdef __linux__
	assert_string_equal(fstype_name(0x6969), "nfs");
	assert_string_equal(fstype_name(0x65735546), "fuse");
	assert_string_equal(fstype_name(0x01021994), "tmpfs");
	assert_string_equal(fstype_name(0xEF53), "ext2/ext3/ext4");
#endif
	assert_null(fstype_name(0x12345678));
}

static void
test_fstype_kinds(void **state)
{
	static const struct {
		const char *fs;
		int memory, passthrough, block;
	} c[] = {
		{ "tmpfs", 1, 0, 0 }, { "ramfs", 1, 0, 0 }, { "hugetlbfs", 1, 0, 0 },
		{ "nfs", 0, 1, 0 }, { "nfs4", 0, 1, 0 }, { "fuse", 0, 1, 0 },
		{ "fuse.sshfs", 0, 1, 0 }, { "overlay", 0, 1, 0 }, { "9p", 0, 1, 0 },
		{ "ext4", 0, 0, 1 }, { "ext2/ext3/ext4", 0, 0, 1 }, { "xfs", 0, 0, 1 },
		{ "weirdfs", 0, 0, 0 }, { NULL, 0, 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		assert_int_equal(fstype_memory(c[i].fs), c[i].memory);
		assert_int_equal(fstype_passthrough(c[i].fs), c[i].passthrough);
		assert_int_equal(fstype_block(c[i].fs), c[i].block);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fstype_magic_names),
		cmocka_unit_test(test_fstype_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
