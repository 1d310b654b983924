/* SPDX-License-Identifier: MIT */
/*
 * A counter the threads take the next piece from, so a long piece on one
 * core does not leave the other idle behind a fixed share.
 */
#include <pthread.h>
#include <unistd.h>

#include "lib/parallel.h"

#define MAX_THREADS 64

struct pool {
	void (*fn)(void *arg, size_t i);
	void *arg;
	size_t n, next;
	pthread_mutex_t lock;
};

static void *
worker(void *p)
{
	struct pool *pool = p;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&pool->lock);
		i = pool->next < pool->n ? pool->next++ : pool->n;
		pthread_mutex_unlock(&pool->lock);
		if (i == pool->n)
			return NULL;
		pool->fn(pool->arg, i);
	}
}

void
parallel_for(size_t n, void (*fn)(void *arg, size_t i), void *arg)
{
	pthread_t t[MAX_THREADS];
	struct pool pool = { .fn = fn, .arg = arg, .n = n, .next = 0 };
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t want = cores > 1 ? (size_t)cores : 1, started = 0, k;

	if (want > n)
		want = n;
	if (want > MAX_THREADS)
		want = MAX_THREADS;
	pthread_mutex_init(&pool.lock, NULL);
	/* the calling thread is one of them */
	for (k = 1; k < want; k++)
		if (pthread_create(&t[started], NULL, worker, &pool) == 0)
			started++;
	worker(&pool);
	for (k = 0; k < started; k++)
		pthread_join(t[k], NULL);
	pthread_mutex_destroy(&pool.lock);
}
