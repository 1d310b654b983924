/* SPDX-License-Identifier: MIT */
/* `syncgate calibrate`: a runner's run-to-run noise, from A/A runs. */
#ifndef SYNCGATE_CALIBRATE_H
#define SYNCGATE_CALIBRATE_H

#include <stdio.h>

#include "model/noise.h"

/* argv[0] is "calibrate".  Returns EXIT_PASS, or EXIT_TROUBLE. */
int calibrate_main(int argc, char **argv);

/* The usage text, as README.md and syncgate.1 repeat it. */
void calibrate_usage(FILE *fp);

/*
 * The smallest change (0.12 for 12%) a baseline gate of k runs a side with
 * this noise tells at level with probability power, over its unsure spread.
 */
double calibrate_detectable(const struct noise_stat *s, size_t k, double level,
    double power);

#endif
