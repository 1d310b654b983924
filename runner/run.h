/* SPDX-License-Identifier: MIT */
/* `syncgate run`: benchmark commands measured as syncgate-bench's engines. */
#ifndef SYNCGATE_RUNNER_RUN_H
#define SYNCGATE_RUNNER_RUN_H

#include <stdio.h>

int run_main(int argc, char **argv);
void run_usage(FILE *fp);

#endif
