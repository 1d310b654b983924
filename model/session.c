/* SPDX-License-Identifier: MIT */
/*
 * A session's id need not be secret, only never shared by two
 * invocations: 128 bits drawn from lib/rand.h's seed (/dev/urandom, the
 * clock and the pid).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/err.h"
#include "lib/rand.h"
#include "model/session.h"

void
session_new(struct result_session *s, long long runs)
{
	unsigned char b[SESSION_ID_LEN / 2];
	uint64_t state = rand_seed();
	size_t i;

	rand_fill(b, sizeof b, &state);
	memset(s, 0, sizeof *s);
	for (i = 0; i < sizeof b; i++)
		snprintf(s->id + 2 * i, 3, "%02x", b[i]);
	s->runs = runs;
	s->started_s = s->ended_s = s->plan_confidence = NAN;
}

int
session_present(const struct result_session *s)
{
	return s->id[0] != '\0';
}

/* The optional "order", "started_s" and "ended_s" of a session object. */
static int
session_times(const cJSON *o, struct result_session *s, const struct json_at *c)
{
	static const struct json_span order = { 1, 2 * (double)SESSION_MAX_RUNS,
		0, 0, 1, "a whole number from 1 to 2000000000", NULL, NULL };
	static const struct json_span when = { 0, 1e11, 0, 0, 0,
		"seconds since the epoch, from 0 to 1e+11", NULL, NULL };
	double d = 0;

	if (json_get_number(o, "order", JSON_OPTIONAL, &order, c, &d) < 0 ||
	    json_get_number(o, "started_s", JSON_OPTIONAL, &when, c,
	    &s->started_s) < 0 ||
	    json_get_number(o, "ended_s", JSON_OPTIONAL, &when, c, &s->ended_s) < 0)
		return -1;
	s->order = (long long)d;
	if (s->ended_s < s->started_s)
		return errf(c->err, "%s: %s.ended_s is %.3f, before started_s %.3f; "
		    "expected a run that ends after it starts", c->file, c->path,
		    s->ended_s, s->started_s);
	return 0;
}

/* The optional "plan" of a set taken until decided: its looks and level. */
static int
session_plan(const cJSON *o, struct result_session *s, const struct json_at *c)
{
	static const struct json_span level = { 0.5, 0.999999, 0, 0, 0,
		"a confidence level from 0.5 to 0.999999", NULL, NULL };
	struct json_span look = { 2, 1, 0, 0, 1, NULL, NULL, NULL };
	char want[96];
	const cJSON *p;
	struct json_at pc;
	double lo, hi;
	int rc = json_get_object(o, "plan", JSON_OPTIONAL, "an object: min, max "
	    "and confidence", c, &p, &pc);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	snprintf(want, sizeof want, EXPECTED("a whole number from 2 to the "
	    "set's runs, %lld"), s->runs);
	look.max = (double)s->runs;
	look.expected = want;
	if (json_get_number(p, "max", 0, &look, &pc, &hi) < 0)
		return -1;
	snprintf(want, sizeof want, EXPECTED("a whole number from 2 to max, %.0f"),
	    hi);
	look.max = hi;
	if (json_get_number(p, "min", 0, &look, &pc, &lo) < 0 ||
	    json_get_number(p, "confidence", 0, &level, &pc,
	    &s->plan_confidence) < 0)
		return -1;
	s->plan_min = (long long)lo;
	s->plan_max = (long long)hi;
	return 0;
}

int
session_from_json(const cJSON *root, struct result_session *s,
    const struct json_at *at)
{
	static const struct json_span runs = { 1, (double)SESSION_MAX_RUNS, 0, 0,
		1, "a whole number from 1 to 1000000000", NULL, NULL };
	struct json_span run = { 1, 1, 0, 0, 1, NULL, NULL, NULL };
	struct json_at c, ci;
	const cJSON *o, *id;
	char want[96], q[80];
	double d;
	int rc;

	memset(s, 0, sizeof *s);
	rc = json_get_object(root, "session", JSON_OPTIONAL, "an object: id, run "
	    "and runs", at, &o, &c);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	s->started_s = s->ended_s = s->plan_confidence = NAN;
	if (json_get(o, "id", 0, "32 lowercase hexadecimal digits", &c, &id,
	    &ci) < 0)
		return -1;
	if (!cJSON_IsString(id))
		return json_bad(&ci, id, "32 lowercase hexadecimal digits");
	if (strspn(id->valuestring, "0123456789abcdef") != SESSION_ID_LEN ||
	    id->valuestring[SESSION_ID_LEN] != '\0')
		return errf(at->err, "%s: %s is \"%s\"; expected 32 lowercase "
		    "hexadecimal digits", at->file, ci.path,
		    err_quote(q, sizeof q, id->valuestring));
	if (json_get_number(o, "runs", 0, &runs, &c, &d) < 0)
		return -1;
	s->runs = (long long)d;
	snprintf(want, sizeof want, EXPECTED("a whole number from 1 to its "
	    "runs, %lld"), s->runs);
	run.max = d;
	run.expected = want;
	if (json_get_number(o, "run", 0, &run, &c, &d) < 0)
		return -1;
	s->run = (long long)d;
	memcpy(s->id, id->valuestring, SESSION_ID_LEN + 1);
	return session_times(o, s, &c) < 0 ? -1 : session_plan(o, s, &c);
}

cJSON *
session_to_json(const struct result_session *s)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "id", s->id);
	cJSON_AddNumberToObject(o, "run", (double)s->run);
	cJSON_AddNumberToObject(o, "runs", (double)s->runs);
	if (s->order > 0)
		cJSON_AddNumberToObject(o, "order", (double)s->order);
	if (s->started_s > 0)
		json_add_double(o, "started_s", s->started_s);
	if (s->ended_s > 0)
		json_add_double(o, "ended_s", s->ended_s);
	if (s->plan_min > 0) {
		cJSON *p = cJSON_AddObjectToObject(o, "plan");

		cJSON_AddNumberToObject(p, "min", (double)s->plan_min);
		cJSON_AddNumberToObject(p, "max", (double)s->plan_max);
		json_add_double(p, "confidence", s->plan_confidence);
	}
	return o;
}
