/* SPDX-License-Identifier: MIT */
/*
 * A result's session: one invocation of syncgate-bench, a random id, and
 * its place in the set (run i of k).  Runs pool only within one session
 * (model/runs.h), so two sessions' files that share names never mix.
 */
#ifndef SYNCGATE_SESSION_H
#define SYNCGATE_SESSION_H

#include <cjson/cJSON.h>

#include "lib/json.h"

/* 128 random bits, in lowercase hexadecimal. */
#define SESSION_ID_LEN 32
/* The most runs a set may hold, as the JSON says it. */
#define SESSION_MAX_RUNS 1000000000LL

struct result_session {
	char id[SESSION_ID_LEN + 1];    /* "" when the result carries none */
	long long run;              /* 1 to runs */
	long long runs;             /* the set's size */
	long long order;            /* among the invocation's runs; 0: unknown */
	double started_s, ended_s;  /* epoch seconds; NaN: unrecorded */
	/*
	 * --runs MIN..MAX: looks from plan_min to plan_max runs at
	 * plan_confidence (gate/sequential.h); plan_min 0: a fixed size.
	 */
	long long plan_min, plan_max;
	double plan_confidence;
};

/* A fresh session of runs runs, a random id; whether s names one. */
void session_new(struct result_session *s, long long runs);
int session_present(const struct result_session *s);

/*
 * root's "session" into s (absent: none): id, run and runs required;
 * order, started_s, ended_s and plan optional.  0, or -1 with at->err.
 */
int session_from_json(const cJSON *root, struct result_session *s,
    const struct json_at *at);

/* s as an object for the caller to attach. */
cJSON *session_to_json(const struct result_session *s);

#endif
