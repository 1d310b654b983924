/* SPDX-License-Identifier: MIT */
/* Independent pieces of work on the cores, each writing only its own. */
#ifndef SYNCGATE_PARALLEL_H
#define SYNCGATE_PARALLEL_H

#include <stddef.h>

/* fn(arg, i) for i < n, in any order, a thread a core; returns after all. */
void parallel_for(size_t n, void (*fn)(void *arg, size_t i), void *arg);

#endif
