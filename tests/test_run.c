/* SPDX-License-Identifier: MIT */
/*
 * The runner (drivers/run.c) with an engine of its own: writes take
 * turns, each write's latency is its own and not its wait, the waits are
 * added up, and a round closes the run.  The fake engine's writes sleep,
 * so two threads running at once always want the turn at once.  Whether
 * they do run at once is the scheduler's: on a loaded machine one thread
 * may start after the other is done.  The fake counts the operations done
 * while the other thread was part-way through its own, and the relations
 * that need two threads at once are asserted of runs that had them.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "testutil.h"

#include "drivers/drivers.h"
#include "drivers/run.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "probe/inrun.h"

#define WRITE_SLEEP_NS 2000000L
#define READ_SLEEP_NS 500000L

static atomic_int in_write, most_in_write, reads, reads_beside_writes;
/* the write that fails (counting from 1), or 0: none */
static atomic_int writes_done, fail_at;
/*
 * Each thread's operations, by the slot its first took; the operations
 * done while the other thread had done some of its quota but not all.
 */
static _Thread_local int my_slot = -1;
static atomic_int next_slot, done_by[2], overlapping;
static int quota;

static void
overlap_reset(int ops_each)
{
	atomic_store(&next_slot, 0);
	atomic_store(&done_by[0], 0);
	atomic_store(&done_by[1], 0);
	atomic_store(&overlapping, 0);
	quota = ops_each;
}

static void
overlap_count(void)
{
	int other;

	if (my_slot < 0)
		my_slot = atomic_fetch_add(&next_slot, 1) % 2;
	other = atomic_load(&done_by[1 - my_slot]);
	if (other > 0 && other < quota)
		atomic_fetch_add(&overlapping, 1);
	atomic_fetch_add(&done_by[my_slot], 1);
}

/* Runs with fewer operations side by side show nothing of two threads. */
#define OVERLAP_MIN 10
/* Runs tried for one that had two threads at once. */
#define OVERLAP_TRIES 5

static const char *
fake_version(void)
{
	return "1";
}

static void *
fake_conn_open(void *db, char *err)
{
	(void)err;
	return db;
}

static void
fake_conn_close(void *conn)
{
	(void)conn;
}

static int
fake_op(void *conn, enum op_kind k, uint64_t key, const unsigned char *val,
    size_t vlen, char *err)
{
	struct timespec ts = { 0, WRITE_SLEEP_NS }, rs = { 0, READ_SLEEP_NS };
	int n, m;

	(void)conn, (void)key, (void)val, (void)vlen;
	overlap_count();
	if (k != OP_WRITE) {
		atomic_fetch_add(&reads, 1);
		nanosleep(&rs, NULL);
		if (atomic_load(&in_write) > 0)
			atomic_fetch_add(&reads_beside_writes, 1);
		return 0;
	}
	if (atomic_load(&fail_at) > 0 &&
	    atomic_fetch_add(&writes_done, 1) + 1 == atomic_load(&fail_at)) {
		snprintf(err, ERRLEN, "fake: no space left on the device");
		return -1;
	}
	n = atomic_fetch_add(&in_write, 1) + 1;
	m = atomic_load(&most_in_write);
	while (n > m && !atomic_compare_exchange_weak(&most_in_write, &m, n))
		;
	nanosleep(&ts, NULL);
	atomic_fetch_sub(&in_write, 1);
	return 0;
}

static const struct engine_ops fake = {
	.name = "fake", .version = fake_version, .conn_open = fake_conn_open,
	.op = fake_op, .conn_close = fake_conn_close,
};

/* The command line each test's run is given; one test at a time. */
static struct runner_opts line;

static void
options(struct bench_options *o, int concurrency, int reads_w, int writes_w)
{
	memset(o, 0, sizeof *o);
	memset(&line, 0, sizeof line);
	o->a = &line;
	line.rows = 100;
	line.value_bytes = 8;
	line.ops = 60;
	line.concurrency = concurrency;
	line.mix[OP_POINT] = reads_w;
	line.mix[OP_WRITE] = writes_w;
	line.max_samples = 1000;
}

static int db_token;

/*
 * Two threads, writes only: never two writes at once; the latencies,
 * each its own write's, fit end to end in the run's time (with the wait
 * inside them they would add up to about twice it).  Returns whether the
 * threads ran side by side, with *waited whether a wait was counted.
 */
static int
writes_run(int *waited)
{
	struct bench_options o;
	struct bench_samples s[NOPS];
	struct inrun ir;
	char err[ERRLEN];
	double elapsed_s, sum = 0;
	size_t i;
	int k;

	atomic_store(&most_in_write, 0);
	options(&o, 2, 0, 1);
	overlap_reset((int)line.ops / 2);
	assert_int_equal(inrun_open(&ir, test_dir, NULL, 0, err), 0);
	assert_int_equal(bench_run(&fake, &db_token, &o, &ir, s, &elapsed_s, err), 0);
	assert_int_equal(atomic_load(&most_in_write), 1);
	assert_int_equal(s[OP_WRITE].ops, 60);
	assert_int_equal(s[OP_WRITE].n, 60);
	for (i = 0; i < s[OP_WRITE].n; i++) {
		assert_true(s[OP_WRITE].ns[i] >= WRITE_SLEEP_NS);
		sum += s[OP_WRITE].ns[i];
	}
	assert_true(sum <= elapsed_s * 1e9);
	assert_true(s[OP_WRITE].wait_ns >= 0);
	*waited = s[OP_WRITE].wait_ns > 0;
	for (k = 0; k < NOPS; k++)
		free(s[k].ns);
	inrun_close(&ir);
	return atomic_load(&overlapping) >= OVERLAP_MIN;
}

/*
 * The waits for the turn are counted: in a run where the threads wrote
 * side by side, one waited for the other.  A run the scheduler gave one
 * thread at a time shows nothing of it, and another is tried.
 */
static void
test_writes_take_turns(void **state)
{
	int i, side_by_side = 0, waited = 0;

	(void)state;
	for (i = 0; i < OVERLAP_TRIES && !(side_by_side && waited); i++) {
		int w;

		if (writes_run(&w)) {
			side_by_side++;
			waited |= w;
		}
	}
	if (side_by_side == 0) {
		print_message("skipped: in %d runs the two threads never wrote side "
		    "by side\n", OVERLAP_TRIES);
		skip();
	}
	assert_true(waited);
}

/*
 * Reads take no turn: they run while the other thread writes.  A read
 * sleeps a quarter of a write, so one thread's reads meet the other's
 * writes; had reads to wait for the turn, none would.  As above, of the
 * runs where the threads ran side by side.
 */
static void
test_reads_take_no_turn(void **state)
{
	struct bench_options o;
	struct bench_samples s[NOPS];
	struct inrun ir;
	char err[ERRLEN];
	double elapsed_s;
	int i, k, side_by_side = 0, beside = 0;

	(void)state;
	for (i = 0; i < OVERLAP_TRIES && !(side_by_side && beside); i++) {
		atomic_store(&reads, 0);
		atomic_store(&reads_beside_writes, 0);
		options(&o, 2, 1, 1);
		overlap_reset((int)line.ops / 2);
		assert_int_equal(inrun_open(&ir, test_dir, NULL, 0, err), 0);
		assert_int_equal(bench_run(&fake, &db_token, &o, &ir, s, &elapsed_s,
		    err), 0);
		assert_int_equal(s[OP_POINT].ops + s[OP_WRITE].ops, 60);
		assert_int_equal(atomic_load(&reads), s[OP_POINT].ops);
		assert_true(s[OP_POINT].wait_ns == 0);
		if (atomic_load(&overlapping) >= OVERLAP_MIN) {
			side_by_side++;
			beside |= atomic_load(&reads_beside_writes) > 0;
		}
		for (k = 0; k < NOPS; k++)
			free(s[k].ns);
		inrun_close(&ir);
	}
	if (side_by_side == 0) {
		print_message("skipped: in %d runs the two threads never ran side by "
		    "side\n", OVERLAP_TRIES);
		skip();
	}
	assert_true(beside);
}

/*
 * Runs o with the probe ready for rounds a minute apart (o's
 * probe_every_ns says whether the driver takes them), so only the opening
 * and closing rounds fall in a run of a tenth of a second; ser gets the
 * rounds.  Returns what bench_run did.
 */
static int
run_with_rounds(const struct bench_options *o, struct probe_series *ser, char *err)
{
	struct bench_samples s[NOPS];
	struct window_flushes dev[BLOCKDEV_MAX];
	struct window_count c;
	struct inrun ir;
	double elapsed_s;
	int k, rc;

	assert_int_equal(inrun_open(&ir, test_dir, NULL, 60e9, err), 0);
	rc = bench_run(&fake, &db_token, o, &ir, s, &elapsed_s, err);
	inrun_results(&ir, rc == 0 ? s[OP_WRITE].ops : 0, ser, &c, dev);
	for (k = 0; k < NOPS; k++)
		free(s[k].ns);
	inrun_close(&ir);
	return rc;
}

/* One round opens the run and one closes it: every write between them. */
static void
test_rounds_close_the_run(void **state)
{
	struct bench_options o;
	struct probe_series ser;
	char err[ERRLEN];

	(void)state;
	options(&o, 2, 0, 1);
	line.every_ns = 60e9;
	assert_int_equal(run_with_rounds(&o, &ser, err), 0);
	assert_int_equal(ser.rounds.count, 2);
	assert_int_equal(ser.n, 2 * INRUN_PER_ROUND);
	assert_near(ser.rounds.ops[0], 60, 0);
	assert_near(ser.rounds.ops[1], 0, 0);
	probe_series_free(&ser);
}

/*
 * A write that fails stops the run with the engine's own error, and no
 * round closes it: a round after the failure could only fail on the same
 * full disk and hide it.
 */
static void
test_failed_run_is_not_closed(void **state)
{
	struct bench_options o;
	struct probe_series ser;
	char err[ERRLEN];

	(void)state;
	atomic_store(&writes_done, 0);
	atomic_store(&fail_at, 10);
	options(&o, 2, 0, 1);
	line.every_ns = 60e9;
	assert_int_equal(run_with_rounds(&o, &ser, err), -1);
	atomic_store(&fail_at, 0);
	assert_string_equal(err, "fake: no space left on the device");
	assert_int_equal(ser.rounds.count, 1);
	probe_series_free(&ser);
}

/*
 * The driver schedules the rounds from its own options: with
 * --probe-every off it takes none, whatever the probe was opened for.
 */
static void
test_rounds_follow_the_options(void **state)
{
	struct bench_options o;
	struct probe_series ser;
	char err[ERRLEN];

	(void)state;
	options(&o, 2, 0, 1);
	assert_int_equal(run_with_rounds(&o, &ser, err), 0);
	assert_int_equal(ser.rounds.count, 0);
	probe_series_free(&ser);
}

int
main(void)
{
	static char dir[] = "/tmp/syncgate-run.XXXXXX";
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_writes_take_turns),
		cmocka_unit_test(test_reads_take_no_turn),
		cmocka_unit_test(test_rounds_close_the_run),
		cmocka_unit_test(test_rounds_follow_the_options),
		cmocka_unit_test(test_failed_run_is_not_closed),
	};

	test_dir = dir;
	return cmocka_run_group_tests(tests, test_dir_make, test_dir_remove);
}
