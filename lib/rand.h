/* SPDX-License-Identifier: MIT */
/*
 * splitmix64 (Steele, Lea and Flood, OOPSLA 2014): a good spread of bits
 * from any seed, cheap enough for every byte of a write.  Not for secrets.
 */
#ifndef SYNCGATE_RAND_H
#define SYNCGATE_RAND_H

#include <stdint.h>

/* The next 64 bits; *state advances. */
uint64_t rand_next(uint64_t *state);

#endif
