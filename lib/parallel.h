/* SPDX-License-Identifier: MIT */
/*
 * Independent pieces of work on the machine's cores: the gate loads its
 * sides' runs this way.  Each piece writes only what is its own, so the
 * caller needs no locks and reads the results, in its own order, after.
 */
#ifndef SYNCGATE_PARALLEL_H
#define SYNCGATE_PARALLEL_H

#include <stddef.h>

/*
 * Calls fn(arg, i) once for each i in [0, n), on as many threads as the
 * machine has cores online (at most n), and returns when every call has;
 * where no thread can be started the calling one does the rest.  The
 * calls may run in any order and at once.
 */
void parallel_for(size_t n, void (*fn)(void *arg, size_t i), void *arg);

#endif
