/* SPDX-License-Identifier: MIT */
/*
 * `syncgate probe`: measures what one durable sync costs on the volume
 * holding a directory, and whether the flush reaches a device.
 */
#ifndef SYNCGATE_PROBE_H
#define SYNCGATE_PROBE_H

#include <signal.h>
#include <stdio.h>

#include "model/probe_record.h"

struct probe_options {
	const char *dir;        /* the directory whose volume is probed */
	long long samples;      /* kept samples (15) */
	const char *method;     /* NULL: the OS default */
	long long write_bytes;  /* 4096 */
	double precision;       /* adaptive target as a fraction; NaN: fixed count */
	long long max_samples;  /* adaptive cap */
	double max_time_s;      /* adaptive cap */
	long long concurrency;  /* group-commit writers; 0: not measured */
	double watch_interval_ns; /* --watch's; 0: no watch */
	double watch_max_s;     /* the whole run's cap, from the start; INFINITY: none */
	const volatile sig_atomic_t *stop; /* a signal's number: stop; or NULL */
};

/* The defaults every entry point starts from. */
void probe_options_default(struct probe_options *o);

/*
 * Runs the probe, then any watch, into out (probe_record_free frees it).
 * Returns 0, or -1 with err set; the scratch file is removed either way.
 */
int probe_run(const struct probe_options *o, struct probe_record *out, char *err);

int probe_main(int argc, char **argv);
void probe_usage(FILE *fp);

#endif
