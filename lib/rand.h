/* SPDX-License-Identifier: MIT */
/*
 * splitmix64 (Steele, Lea and Flood, OOPSLA 2014): a good spread of bits
 * from any seed, cheap enough for every byte of a write.  Not for secrets.
 */
#ifndef SYNCGATE_RAND_H
#define SYNCGATE_RAND_H

#include <stddef.h>
#include <stdint.h>

/*
 * A seed no other process is likely to draw: 64 bits of /dev/urandom
 * (none where it cannot be read) mixed with the clock and the pid.
 */
uint64_t rand_seed(void);

/* The next 64 bits; *state advances. */
uint64_t rand_next(uint64_t *state);

/* len bytes of the generator's into buf: content no device compresses. */
void rand_fill(void *buf, size_t len, uint64_t *state);

#endif
