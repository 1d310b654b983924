/* SPDX-License-Identifier: MIT */
/*
 * `syncgate gate`: holds one engine's result against a rival's (or a
 * baseline's): reads as a speedup ratio, writes in durable syncs.
 */
#ifndef SYNCGATE_GATE_H
#define SYNCGATE_GATE_H

#include <stdio.h>

#include "gate/verdict.h"

int gate_main(int argc, char **argv);
void gate_usage(FILE *fp);

#endif
