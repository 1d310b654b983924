/* SPDX-License-Identifier: MIT */
/*
 * `syncgate import`: results from other benchmarks' output (YCSB,
 * LinkBench) turned into syncgate-result/1.
 */
#ifndef SYNCGATE_IMPORT_H
#define SYNCGATE_IMPORT_H

#include <stdio.h>

int import_main(int argc, char **argv);
void import_usage(FILE *fp);

#endif
