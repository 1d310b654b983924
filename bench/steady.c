/* SPDX-License-Identifier: MIT */
/*
 * Whether this machine gives one process the memory latency it gives the
 * next, with no engine in the way: random one-byte reads over a buffer
 * of SIZE bytes, 8 a timed batch, 20000 batches; prints the batches' p50
 * and p99 in ns.  Run it several times (each a new process):
 *
 *   make bench      (or: cc -O2 -o build/bench/steady bench/steady.c)
 *   for i in 1 2 3 4 5 6 7 8; do build/bench/steady 3000000; done
 *
 * On a machine whose runs are steady the p50s agree within a few
 * percent; where they jump between levels from one process to the next
 * (here, 2 cores of an AMD EPYC VM, at 3 MB: 150 to 190 ns in most
 * minutes, 60 to 90 ns for some processes in others; 240 to 260 ns at
 * 30 MB), a benchmark whose data are about that size will too, and its
 * runs will spread by that much whatever the engine (bench/decide.sh).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BATCHES 20000

static int
cmp(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	static long ns[BATCHES];
	size_t size = argc > 1 ? strtoul(argv[1], NULL, 10) : 3000000, i;
	unsigned char *m;
	uint64_t x = 88172645463325252ULL;
	volatile unsigned sum = 0;
	int b, k;

	if (size < 1 || (m = malloc(size)) == NULL) {
		fprintf(stderr, "usage: steady [SIZE in bytes, at least 1]\n");
		return 2;
	}
	for (i = 0; i < size; i++)
		m[i] = (unsigned char)i;
	for (b = 0; b < BATCHES; b++) {
		struct timespec t0, t1;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (k = 0; k < 8; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			sum += m[x % size];
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ns[b] = (long)(t1.tv_sec - t0.tv_sec) * 1000000000L +
		    (t1.tv_nsec - t0.tv_nsec);
	}
	qsort(ns, BATCHES, sizeof *ns, cmp);
	printf("p50 %ld ns, p99 %ld ns (%zu bytes, 8 reads a batch)\n",
	    ns[BATCHES / 2], ns[BATCHES * 99 / 100], size);
	free(m);
	return 0;
}
