/* SPDX-License-Identifier: MIT */
/*
 * The verdict's lower layers: the names of its values
 * (verdict/base.c), how rulings combine (verdict/kinds.c), and how
 * figures print against their limits (verdict/digits.c).
 */
#include "gate/verdict.h"
#include "gate/verdict_load.h"
#include "report/phrases.h"
#include "tests/gatetest.h"
#include "tests/testutil.h"

/*
 * Every value of the verdict's enums has its words in the one table the
 * gate writes and the loader reads; a limit a doctored verdict misstates
 * is refused naming where the limit comes from (the flushes ceiling,
 * added last, once read past a table of four).
 */
static void
test_gate_tables_name_every_value(void **state)
{
	struct {
		const char *const *names;
		size_t n;
	} t[] = {
		{ ruling_names, VERDICT_NRULINGS },
		{ gate_mode_names, GATE_NMODES },
		{ verdict_scope_names, VERDICT_NSCOPES },
		{ verdict_hosts_names, VERDICT_NHOSTS },
		{ unit_source_names, UNIT_NSOURCES },
		{ gate_limit_sources, GATE_NLIMITS },
	};
	struct gate_verdict v;
	char err[ERRLEN];
	size_t i, j, k;

	(void)state;
	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		for (j = 0; j < t[i].n; j++) {
			assert_non_null(t[i].names[j]);
			/* a word read back is one value: a limit's source may repeat */
			for (k = 0; k < j && t[i].names != gate_limit_sources; k++)
				assert_string_not_equal(t[i].names[j], t[i].names[k]);
		}
	for (j = 0; j < VERDICT_NRULINGS; j++)
		assert_string_equal(ruling_name((enum ruling)j), ruling_names[j]);
	for (j = 0; j < UNIT_NSOURCES; j++)
		assert_string_equal(unit_source_name((enum unit_source)j),
		    unit_source_names[j]);
	for (j = 0; j < VERDICT_NHOSTS; j++)
		assert_string_equal(verdict_hosts_name((enum verdict_hosts)j),
		    verdict_hosts_names[j]);
	assert_string_equal(gate_mode_name(MODE_BASELINE), "baseline");
	assert_string_equal(verdict_scope_name(SCOPE_RUNS), "runs");
	for (j = 0; j < GATE_NCHECK_KINDS; j++) {
		assert_non_null(gate_check_kinds[j].statistic);
		assert_true((size_t)gate_check_kinds[j].limit < GATE_NLIMITS);
	}
	assert_int_equal(verdict_load(
	    "fuzz/crashes/verdict/flushes-limit-past-table.json", &v, err), -1);
	assert_non_null(strstr(err, "checks[3].limit is 3; expected 2, "
	    "writes.commit_syncs"));
}

static void
test_gate_worse_order(void **state)
{
	(void)state;
	assert_int_equal(gate_worse(RULING_PASS, RULING_FAIL), RULING_FAIL);
	assert_int_equal(gate_worse(RULING_INDETERMINATE, RULING_FAIL), RULING_FAIL);
	assert_int_equal(gate_worse(RULING_PASS, RULING_INDETERMINATE),
	    RULING_INDETERMINATE);
	assert_int_equal(gate_worse(RULING_NOT_RULED, RULING_PASS), RULING_PASS);
	assert_int_equal(gate_worse(RULING_NOT_RULED, RULING_NOT_RULED),
	    RULING_NOT_RULED);
}

/* Numbers in reasons: two decimals, zeros dropped, never cut short, never a bare 0 for a small figure. */
static void
test_gate_num_words(void **state)
{
	static const struct {
		double x;
		const char *want;
	} cases[] = {
		{ 2.54, "2.54" }, { 2.5, "2.5" }, { 2, "2" }, { 0.004, "0.004" },
		{ 0.0018, "0.0018" }, { 0.001, "0.001" }, { 0.01, "0.01" }, { 0, "0" },
		{ 0.0099, "0.0099" }, { 1.23e-14, "1.2e-14" },
		{ 220.416, "220.42" }, { 86400000000000, "86400000000000" },
		{ 1e15, "1e+15" }, { 1.19e30, "1.19e+30" }, { INFINITY, "inf" },
	};
	char buf[32];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(gate_num(buf, sizeof buf, cases[i].x), cases[i].want);
}

/* An interval's two ends never read the same unless they are the same. */
static void
test_gate_num_pair_apart(void **state)
{
	static const struct {
		double lo, hi;
		const char *a, *b;
	} cases[] = {
		{ 0.297, 0.302, "0.297", "0.302" }, { 0.2971, 0.2974, "0.2971", "0.2974" },
		{ 2.16, 2.58, "2.16", "2.58" }, { 0.3, 0.3, "0.3", "0.3" },
		{ 0.03, 0.0316, "0.03", "0.032" }, { 0.00181, 0.00184, "0.00181", "0.00184" },
		{ 9.999, 10.001, "9.999", "10.001" }, { 1e15, 2e15, "1e+15", "2e+15" },
	};
	char a[32], b[32];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gate_num_pair(a, b, sizeof a, cases[i].lo, cases[i].hi);
		assert_string_equal(a, cases[i].a);
		assert_string_equal(b, cases[i].b);
	}
	assert_string_equal(words_syncs("1"), "sync");
	assert_string_equal(words_syncs("1.01"), "syncs");
	assert_string_equal(words_syncs("0.5"), "syncs");
}

/*
 * A figure beside its limit reads on the side it was ruled on; a limit or
 * a level prints every digit it was given.
 */
static void
test_gate_num_vs_limit(void **state)
{
	static const struct {
		double x, limit;
		int at_least;
		const char *want;
	} cases[] = {
		{ 9.996, 10, 1, "9.996" }, { 10.004, 10, 1, "10" },
		{ 9.99999, 10, 1, "9.99999" }, { 2.0033, 2, 0, "2.003" },
		{ 1.9996, 2, 0, "2" }, { 0.9999999999999999, 1, 1, "1" },
		{ 1.5700000000000001, 1.5699999999999998, 0, "1.57" },
		{ 12.345000000000001, 12.345, 0, "12.345" }, { 10.02, 10.015, 1, "10.02" },
		{ 10.014, 10.015, 1, "10.01" }, { 220.416, 10, 1, "220.42" },
	};
	char buf[32], a[32], b[32];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(gate_num_vs(buf, sizeof buf, cases[i].x,
		    cases[i].limit, cases[i].at_least), cases[i].want);
	assert_string_equal(gate_limit_num(buf, sizeof buf, 1.005), "1.005");
	assert_string_equal(gate_limit_num(buf, sizeof buf, 0.9999999 * 100), "99.99999");
	assert_string_equal(gate_limit_num(buf, sizeof buf, 0.500001 * 100), "50.0001");
	assert_string_equal(gate_limit_num(buf, sizeof buf, 0.95 * 100), "95");
	/* two figures compared with each other: the same decimals for both */
	gate_print_two(a, b, sizeof a, 2.0033, 2.003, READS_GT, &gate_style_num, 0);
	assert_string_equal(a, "2.0033");
	assert_string_equal(b, "2.003");
	gate_print_two(a, b, sizeof a, 2.0033, 2.003, READS_LE, &gate_style_num, 0);
	assert_string_equal(a, "2");
	gate_print_two(a, b, sizeof a, 2996000, 2998000, READS_LT, &gate_style_dur, 0);
	assert_string_equal(a, "2.996ms");
	assert_string_equal(b, "2.998ms");
	gate_print_two(a, b, sizeof a, 999999, 1000400, READS_LT, &gate_style_dur, 0);
	assert_string_equal(a, "1ms");
	assert_string_equal(b, "1.0004ms");
	/* an interval's ends, each on its side of the limit */
	gate_num_pair_vs(a, b, sizeof a, 9.9996, 10.2, 10, 1);
	assert_string_equal(a, "9.9996");
	assert_string_equal(b, "10.2");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gate_num_words),
		cmocka_unit_test(test_gate_num_pair_apart),
		cmocka_unit_test(test_gate_num_vs_limit),
		cmocka_unit_test(test_gate_worse_order),
		cmocka_unit_test(test_gate_tables_name_every_value),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
