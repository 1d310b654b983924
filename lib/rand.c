/* SPDX-License-Identifier: MIT */
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/rand.h"

uint64_t
rand_seed(void)
{
	struct timespec t;
	uint64_t seed = 0;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		if (read(fd, &seed, sizeof seed) != (ssize_t)sizeof seed)
			seed = 0;
		close(fd);
	}
	clock_gettime(CLOCK_REALTIME, &t);
	seed ^= (uint64_t)t.tv_nsec ^ ((uint64_t)t.tv_sec << 32) ^
	    ((uint64_t)getpid() << 16);
	return seed;
}

uint64_t
rand_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

void
rand_fill(void *buf, size_t len, uint64_t *state)
{
	unsigned char *b = buf;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		uint64_t v = rand_next(state);

		memcpy(b + i, &v, 8);
	}
	for (; i < len; i++)
		b[i] = (unsigned char)rand_next(state);
}
