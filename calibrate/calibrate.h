/* SPDX-License-Identifier: MIT */
/*
 * `syncgate calibrate`: a runner's run-to-run noise, from several runs of
 * one engine with nothing changed (an A/A test), as syncgate-noise/1 and
 * as a table of the smallest change the gate could tell from it.
 */
#ifndef SYNCGATE_CALIBRATE_H
#define SYNCGATE_CALIBRATE_H

#include <stdio.h>

#include "model/noise.h"
#include "model/result.h"

/*
 * The subcommand: argv[0] is "calibrate".  Returns EXIT_PASS, or
 * EXIT_TROUBLE (lib/err.h).
 */
int calibrate_main(int argc, char **argv);

/* Prints the usage text, the one README.md and syncgate.1 repeat, to fp. */
void calibrate_usage(FILE *fp);

/*
 * The smallest change a gate of k runs a side could tell from noise of
 * one statistic, as a fraction (0.12 for 12%), at confidence level with
 * probability power, as the gate rules in baseline mode with this noise
 * file: pooled with both sides' runs, its degrees of freedom plus k - 1 a
 * side, counted once; the probability averaged over what the record
 * leaves uncertain of the spread (model/runs.h, runs_settle_prob).
 */
double calibrate_detectable(const struct noise_stat *s, size_t k, double level,
    double power);

#endif
