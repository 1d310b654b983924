/* SPDX-License-Identifier: MIT */
/*
 * The runner: threads, each with its own connection and generator (seeded
 * from its index, so keys and values repeat from run to run), released
 * together.  Kinds come in shuffled rounds holding each as often as --mix
 * says, so none is missed by chance.
 *
 * At most --max-samples latencies a kind: a long run at a million reads a
 * second would otherwise hold gigabytes.  Past it each operation is kept
 * with probability 1 / 2^shift (Bernoulli sampling, halved each time the
 * buffer fills, from a generator of its own so the keys do not change): a
 * uniform sample, whose quantiles estimate those of every operation.
 *
 * Writes take turns, from just before the write to the commit's return.
 * Both engines let one writer in at a time anyway, and a write waiting
 * inside the engine (LMDB's lock, SQLite's sleeping busy handler) held
 * one commit or two as the lock was handed over: a p50 that moved twofold
 * with the disk's speed while a commit's cost did not.  The wait for the
 * turn is added up apart and reported beside.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drivers/run.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/rand.h"
#include "probe/inrun.h"
#include "runner/runner.h"

struct start {
	pthread_mutex_t lock;
	pthread_cond_t cond;        /* the workers': go, or the hold lifted */
	pthread_cond_t main_cond;   /* the runner's: parked, or done */
	int go;
	atomic_llong deadline_ns;   /* for --seconds, on clock_monotonic_ns */
	atomic_int stop;            /* set by a thread that failed */
	atomic_int hold;            /* a round of samples is due: park */
	pthread_mutex_t turn;       /* the writer's turn: one write at a time */
	int active;                 /* threads still running */
	int parked;                 /* threads parked at a hold */
	struct worker *w;           /* every thread's, for the writes done */
	int nworkers;
};

struct worker {
	pthread_t tid;
	const struct engine_ops *e;
	const struct bench_options *o;
	struct start *start;
	void *conn;
	long long ops;              /* to run; 0: until the deadline */
	uint64_t rng;
	uint64_t keep_rng;          /* which latencies are kept */
	size_t limit;               /* latencies kept a kind, at most */
	struct bench_samples s[NOPS];
	char err[ERRLEN];
	int failed;
};

const char *
op_name(enum op_kind k)
{
	static const char *const names[NOPS] = { "point-read", "range", "write" };

	return names[k];
}

/* At a batch's end: while a round of samples is due, wait it out. */
static void
park(struct start *st)
{
	if (!atomic_load(&st->hold))
		return;
	pthread_mutex_lock(&st->lock);
	st->parked++;
	pthread_cond_signal(&st->main_cond);
	while (atomic_load(&st->hold))
		pthread_cond_wait(&st->cond, &st->lock);
	st->parked--;
	pthread_mutex_unlock(&st->lock);
}

static void
shuffle_round(struct worker *w, enum op_kind *round, size_t n)
{
	size_t i, j = 0;
	int k, c;

	for (k = 0; k < NOPS; k++)
		for (c = 0; c < w->o->a->mix[k]; c++)
			round[j++] = (enum op_kind)k;
	for (i = n - 1; i > 0; i--) {
		enum op_kind t;

		j = (size_t)(rand_next(&w->rng) % (i + 1));
		t = round[i];
		round[i] = round[j];
		round[j] = t;
	}
}

/* Heads with probability 1 / 2^bits. */
static int
coin(uint64_t *rng, unsigned bits)
{
	return bits == 0 ||
	    (bits < 64 && (rand_next(rng) & ((1ULL << bits) - 1)) == 0);
}

/* Keeps each latency with probability 1 / 2^bits, in order. */
static void
thin(uint64_t *rng, struct bench_samples *s, unsigned bits)
{
	size_t i, j = 0;

	for (i = 0; i < s->n; i++)
		if (coin(rng, bits))
			s->ns[j++] = s->ns[i];
	s->n = j;
	s->shift += bits;
}

/* A full buffer halves the rate: a coin each for the kept, and for this one. */
static void
keep_sample(struct worker *w, struct bench_samples *s, double ns)
{
	s->ops++;
	if (!coin(&w->keep_rng, s->shift))
		return;
	while (s->n == w->limit) {
		thin(&w->keep_rng, s, 1);
		if (!coin(&w->keep_rng, 1))
			return;
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1024;

		s->cap = cap < w->limit ? cap : w->limit;
		s->ns = xrealloc(s->ns, s->cap * sizeof *s->ns);
	}
	s->ns[s->n++] = ns;
}

/* One timed operation; a write's value made, and its turn taken, before the clock. */
static int
one_op(struct worker *w, enum op_kind k, unsigned char *val)
{
	uint64_t key = rand_next(&w->rng) % ((uint64_t)w->o->a->rows -
	    (k == OP_RANGE ? RANGE_ROWS - 1 : 0));
	size_t vlen = (size_t)w->o->a->value_bytes;
	double asked = 0, t0, ns;
	int rc;

	if (k == OP_WRITE) {
		rand_fill(val, (size_t)w->o->a->value_bytes, &w->rng);
		asked = clock_monotonic_ns();
		pthread_mutex_lock(&w->start->turn);
	}
	t0 = clock_monotonic_ns();
	if (k == OP_WRITE)
		w->s[k].wait_ns += t0 - asked;
	rc = w->e->op(w->conn, k, key, val, vlen, w->err);
	ns = clock_monotonic_ns() - t0;
	if (k == OP_WRITE)
		pthread_mutex_unlock(&w->start->turn);
	if (rc < 0)
		return -1;
	keep_sample(w, &w->s[k], ns);
	return 0;
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	size_t n = (size_t)(w->o->a->mix[0] + w->o->a->mix[1] + w->o->a->mix[2]), i = n;
	enum op_kind *round = xmalloc(n * sizeof *round);
	unsigned char *val = xmalloc((size_t)w->o->a->value_bytes);
	long long done = 0;

	pthread_mutex_lock(&w->start->lock);
	while (!w->start->go)
		pthread_cond_wait(&w->start->cond, &w->start->lock);
	pthread_mutex_unlock(&w->start->lock);
	while (!atomic_load(&w->start->stop)) {
		if (i == n)
			park(w->start);
		if (w->ops > 0 ? done >= w->ops :
		    clock_monotonic_ns() >= (double)atomic_load(&w->start->deadline_ns))
			break;
		if (i == n) {
			shuffle_round(w, round, n);
			i = 0;
		}
		if (one_op(w, round[i++], val) < 0) {
			w->failed = 1;
			atomic_store(&w->start->stop, 1);
			break;
		}
		done++;
	}
	free(round);
	free(val);
	pthread_mutex_lock(&w->start->lock);
	w->start->active--;
	pthread_cond_signal(&w->start->main_cond);
	pthread_mutex_unlock(&w->start->lock);
	return NULL;
}

/*
 * One array a kind from every thread's, each thinned to the rate of the
 * one that thinned most, so every operation had the same chance to be kept.
 */
static void
gather(struct worker *w, int n, struct bench_samples out[NOPS])
{
	uint64_t rng = 0x9a7e0000ULL;
	unsigned shift;
	int i, k;

	for (k = 0; k < NOPS; k++) {
		for (shift = 0, i = 0; i < n; i++)
			if (w[i].s[k].shift > shift)
				shift = w[i].s[k].shift;
		for (i = 0; i < n; i++) {
			struct bench_samples *s = &w[i].s[k];

			thin(&rng, s, shift - s->shift);
			out[k].ops += s->ops;
			out[k].wait_ns += s->wait_ns;
			out[k].ns = xrealloc(out[k].ns, (out[k].n + s->n + 1) * sizeof *s->ns);
			if (s->n > 0)
				memcpy(out[k].ns + out[k].n, s->ns, s->n * sizeof *s->ns);
			out[k].n += s->n;
			free(s->ns);
			s->ns = NULL;
		}
		out[k].cap = out[k].n;
		out[k].shift = shift;
	}
}

/* Writes done by all: read with st->lock held, the threads parked or done. */
static double
writes_done(const struct start *st)
{
	double n = 0;
	int i;

	for (i = 0; i < st->nworkers; i++)
		n += (double)st->w[i].s[OP_WRITE].ops;
	return n;
}

/* A round with the threads held at their batch's end; st->lock held. */
static int
round_between(struct start *st, struct inrun *ir, char *err)
{
	double s;

	atomic_store(&st->hold, 1);
	while (st->parked < st->active)
		pthread_cond_wait(&st->main_cond, &st->lock);
	s = inrun_round(ir, writes_done(st), err);
	atomic_fetch_add(&st->deadline_ns, (long long)(s * 1e9));
	atomic_store(&st->hold, 0);
	pthread_cond_broadcast(&st->cond);
	if (s < 0)
		atomic_store(&st->stop, 1);
	return s < 0 ? -1 : 0;
}

/* Waits for the threads, a round every every_ns (0: none), looking for signals each 50 ms. */
static int
oversee(struct start *st, double every_ns, struct inrun *ir, char *err)
{
	double next = clock_monotonic_ns() + every_ns, ns;
	struct timespec until;
	int rc = 0;

	pthread_mutex_lock(&st->lock);
	while (st->active > 0) {
		if (runner_signal != 0)
			atomic_store(&st->stop, 1);
		runner_tick();
		if (every_ns > 0 && rc == 0 && runner_signal == 0 &&
		    clock_monotonic_ns() >= next) {
			rc = round_between(st, ir, err);
			next = clock_monotonic_ns() + every_ns;
			continue;
		}
		ns = every_ns > 0 && rc == 0 ? next - clock_monotonic_ns() : 50e6;
		ns = ns < 0 ? 0 : ns > 50e6 ? 50e6 : ns;
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += (long)ns;
		until.tv_sec += until.tv_nsec / 1000000000L;
		until.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&st->main_cond, &st->lock, &until);
	}
	pthread_mutex_unlock(&st->lock);
	return rc;
}

/* The last round gives the writes after the last in the run a round on each side. */
static int
launch(struct worker *w, int n, struct start *st, const struct bench_options *o,
    struct inrun *ir, double *elapsed_s, char *err)
{
	double t0;
	int i, started, rc = 0;

	for (started = 0; started < n; started++)
		if (pthread_create(&w[started].tid, NULL, work, &w[started]) != 0) {
			rc = errf(err, "cannot start thread %d of %d", started + 1, n);
			atomic_store(&st->stop, 1);
			break;
		}
	st->active = started;
	inrun_begin(ir);
	t0 = clock_monotonic_ns();
	if (rc == 0 && o->a->every_ns > 0 && inrun_round(ir, 0, err) < 0) {
		rc = -1;
		atomic_store(&st->stop, 1);
	}
	atomic_store(&st->deadline_ns, (long long)(clock_monotonic_ns() +
	    o->a->seconds * 1e9));
	pthread_mutex_lock(&st->lock);
	st->go = 1;
	pthread_cond_broadcast(&st->cond);
	pthread_mutex_unlock(&st->lock);
	if (oversee(st, o->a->every_ns, ir, err) < 0)
		rc = -1;
	for (i = 0; i < started; i++)
		pthread_join(w[i].tid, NULL);
	/* not after a thread failed: its error is the one to tell */
	if (rc == 0 && !atomic_load(&st->stop) && o->a->every_ns > 0 &&
	    inrun_round(ir, writes_done(st), err) < 0)
		rc = -1;
	*elapsed_s = (clock_monotonic_ns() - t0) / 1e9;
	inrun_end(ir, writes_done(st));
	return rc;
}

int
bench_run(const struct engine_ops *e, void *db, const struct bench_options *o,
    struct inrun *ir, struct bench_samples out[NOPS], double *elapsed_s,
    char *err)
{
	int i, k, n = o->a->concurrency, rc = -1;
	struct worker *w = xcalloc((size_t)n, sizeof *w);
	struct start st = { .w = w, .nworkers = n, .lock = PTHREAD_MUTEX_INITIALIZER,
	    .turn = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER };
	pthread_condattr_t ca;

	memset(out, 0, NOPS * sizeof *out);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&st.main_cond, &ca);
	pthread_condattr_destroy(&ca);
	for (i = 0; i < n; i++)
		w[i] = (struct worker){ .e = e, .o = o, .start = &st,
		    .rng = 0x5eed0000ULL + (uint64_t)i, .keep_rng = 0x6ee90000ULL + (uint64_t)i,
		    .limit = (size_t)(o->a->max_samples / n),
		    .ops = o->a->ops / n + (i < o->a->ops % n) };
	/* every connection open before any thread starts, so none waits on another */
	for (i = 0; i < n; i++)
		if ((w[i].conn = e->conn_open(db, err)) == NULL)
			goto out;
	if (launch(w, n, &st, o, ir, elapsed_s, err) < 0)
		goto out;
	for (i = 0; i < n; i++)
		if (w[i].failed) {
			memcpy(err, w[i].err, ERRLEN);
			goto out;
		}
	gather(w, n, out);
	rc = 0;
out:
	for (i = 0; i < n; i++) {
		if (w[i].conn != NULL)
			e->conn_close(w[i].conn);
		for (k = 0; k < NOPS; k++)
			free(w[i].s[k].ns);
	}
	free(w);
	pthread_cond_destroy(&st.cond);
	pthread_cond_destroy(&st.main_cond);
	pthread_mutex_destroy(&st.lock);
	pthread_mutex_destroy(&st.turn);
	return rc;
}
