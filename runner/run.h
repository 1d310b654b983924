/* SPDX-License-Identifier: MIT */
/*
 * `syncgate run`: benchmark commands run and measured as syncgate-bench
 * runs its engines, one syncgate-result per run.
 */
#ifndef SYNCGATE_RUNNER_RUN_H
#define SYNCGATE_RUNNER_RUN_H

#include <stdio.h>

int run_main(int argc, char **argv);
void run_usage(FILE *fp);

#endif
