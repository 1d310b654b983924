/* SPDX-License-Identifier: MIT */
/* The bounds of the probe's options (probe/probe.c checks them). */
#ifndef SYNCGATE_PROBE_OPTIONS_H
#define SYNCGATE_PROBE_OPTIONS_H

#define PROBE_MAX_SAMPLES 1000000
#define PROBE_MAX_TIME_S 86400.0
#define PROBE_MAX_CONCURRENCY 256

#endif
