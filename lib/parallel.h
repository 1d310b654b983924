/* SPDX-License-Identifier: MIT */
/* Independent pieces of work on the cores, each writing only its own. */
#ifndef SYNCGATE_PARALLEL_H
#define SYNCGATE_PARALLEL_H

#include <stddef.h>

/*
 * Calls fn(arg, i) for each i in [0, n), in any order, on a thread a core
 * (the caller's one of them), and returns when every call has.
 */
void parallel_for(size_t n, void (*fn)(void *arg, size_t i), void *arg);

#endif
