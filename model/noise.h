/* SPDX-License-Identifier: MIT */
/*
 * A runner's run-to-run noise, syncgate-noise/1 (docs/noise-format.md):
 * what `syncgate calibrate` measured over unchanged runs of one engine,
 * and what `syncgate gate --noise` takes for a side of one run.
 */
#ifndef SYNCGATE_NOISE_H
#define SYNCGATE_NOISE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "model/result.h"

#define NOISE_FORMAT "syncgate-noise/1"

/* One statistic's spread between runs, on the log scale. */
struct noise_stat {
	int have;               /* 0: not measured (syncs without probes) */
	double log_sd;          /* the runs' sample standard deviation of its log */
	double df;              /* its degrees of freedom: runs - 1 */
	double within_log_sd;   /* what sampling within one run alone gives */
	double geomean;         /* the runs' geometric mean: ns, or syncs */
	/*
	 * Runs of several sessions: log_sd is the pooled spread within one,
	 * session_log_sd what a session's shift adds (session_df df).
	 */
	int have_session;
	double session_log_sd, session_df;
};

/* Statistics, in this order: p50 and p99 latencies, p50 and p99 in syncs. */
enum noise_which { NOISE_P50 = 0, NOISE_P99, NOISE_SYNCS_P50, NOISE_SYNCS_P99,
	NOISE_NSTATS };

struct noise_class {
	char *name;
	enum class_kind kind;
	struct noise_stat stat[NOISE_NSTATS];
};

/* calibrate's plan, for syncgate run --plan (docs/noise-format.md). */
struct noise_plan {
	int have;
	double limit, power, confidence;
	long long runs;         /* a side; 0: none found */
	double ops;             /* a run's operations; NaN: not counted */
};

struct noise {
	char *path;             /* the file it was read from; NULL when made */
	char *version;          /* syncgate's, that measured; NULL unknown */
	char *created;          /* ISO 8601 UTC; NULL unknown */
	char *engine;
	char *engine_version, *workload, *host_id;     /* NULL when absent */
	long long concurrency;  /* -1 when absent */
	size_t runs;
	size_t sessions;        /* the runs' sessions; 0: not recorded */
	char **files;           /* the runs' files as given */
	size_t nfiles;
	double confidence;
	struct noise_class *classes;
	size_t nclasses;
	struct noise_plan plan;
};

/*
 * Loads and checks a noise file (0, or -1 with err set and n empty),
 * writes one as a tree the caller deletes, frees what n holds (or NULL).
 */
int noise_load(const char *path, struct noise *n, char *err);
cJSON *noise_to_json(const struct noise *n);
void noise_free(struct noise *n);

/* The class named name, or NULL. */
const struct noise_class *noise_find(const struct noise *n, const char *name);

#endif
