/* SPDX-License-Identifier: MIT */
/*
 * Paths as text: the folder a result's samples files are resolved in, and
 * the folder synced after an -o rename.
 */
#include <stdlib.h>

#include "lib/path.h"
#include "tests/testutil.h"

static void
test_path_dir_and_base(void **state)
{
	static const struct {
		const char *path, *dir, *base;
	} cases[] = {
		{ "r.json", ".", "r.json" },
		{ "/r.json", "/", "r.json" },
		{ "ci/r.json", "ci", "r.json" },
		{ "/tmp/a/b.json", "/tmp/a", "b.json" },
		{ "a//b", "a/", "b" },
		{ "dir/", "dir", "" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *d = path_dir(cases[i].path);

		assert_string_equal(d, cases[i].dir);
		assert_string_equal(path_base(cases[i].path), cases[i].base);
		free(d);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_dir_and_base),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
