/* SPDX-License-Identifier: MIT */
/*
 * The session a result belongs to: one invocation of syncgate-bench,
 * named by a random id, and the result's place in the set it writes (run
 * i of k).  Consumers of several runs pool only a whole set of one
 * session (model/runs.h), so a set cut short never passes for whole, and
 * two sessions' files that share names never mix.
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
	long long order;            /* its place among all the invocation's runs,
	                               1 first; 0: unrecorded */
	double started_s, ended_s;  /* the run's wall clock, seconds since the
	                               epoch; NaN: unrecorded */
	/*
	 * Runs until decided (--runs MIN..MAX): the plan the set was taken
	 * under, its looks at plan_min to plan_max runs an engine sharing
	 * one error at plan_confidence (gate/sequential.h); plan_min 0: a
	 * set of fixed size.
	 */
	long long plan_min, plan_max;
	double plan_confidence;
};

/*
 * A fresh session of runs runs, its id from the system's random source,
 * run and order 0 and no times until the caller stamps each result.
 */
void session_new(struct result_session *s, long long runs);

/* Whether s names a session (an older result's has none). */
int session_present(const struct result_session *s);

/*
 * The "session" member of a result's root into s: absent, s is none and
 * 0; present, it must be whole ({"id", "run", "runs"}, run within runs),
 * with "order", "started_s" and "ended_s" optional (ended not before
 * started), and "plan" ({"min", "max", "confidence"}, min from 2 to max,
 * max the set's runs) where the set was taken until decided.
 * Returns 0, or -1 with at->err naming the file and field.
 */
int session_from_json(const cJSON *root, struct result_session *s,
    const struct json_at *at);

/* {"id": ..., "run": ..., "runs": ...} and what else s records, for the
 * caller to attach. */
cJSON *session_to_json(const struct result_session *s);

#endif
