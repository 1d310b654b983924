/* SPDX-License-Identifier: MIT */
/*
 * The runs one syncgate-bench command makes: each engine named, --runs
 * times, in the runner's balanced order (A B B A ...) so that a slow
 * minute of the machine falls on both engines rather than on all of one,
 * and the file each run is written to (runner/runner.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/drivers.h"
#include "lib/err.h"

const struct engine_ops *
bench_engine_named(const char *name)
{
	if (strcmp(name, "sqlite") == 0)
		return &sqlite_engine;
	if (strcmp(name, "lmdb") == 0)
		return &lmdb_engine;
	return NULL;
}

/* "lmdb" or "lmdb,sqlite": one or two engines, each known, none twice. */
static int
parse_engines(struct bench_plan *p, const char *arg, char *err)
{
	char buf[64], *comma;

	if (strlen(arg) >= sizeof buf)
		return errf(err, "%s: unknown engine; expected sqlite, lmdb, or both "
		    "as lmdb,sqlite", arg);
	memcpy(buf, arg, strlen(arg) + 1);
	comma = strchr(buf, ',');
	if (comma != NULL)
		*comma = '\0';
	p->engines[0] = bench_engine_named(buf);
	p->nengines = 1;
	if (p->engines[0] == NULL)
		return errf(err, "%s: unknown engine; expected sqlite or lmdb", buf);
	if (comma == NULL)
		return 0;
	if (strchr(comma + 1, ',') != NULL)
		return errf(err, "%s: more than two engines; expected one, or two "
		    "as lmdb,sqlite", arg);
	p->engines[1] = bench_engine_named(comma + 1);
	if (p->engines[1] == NULL)
		return errf(err, "%s: unknown engine; expected sqlite or lmdb",
		    comma + 1);
	if (p->engines[1] == p->engines[0])
		return errf(err, "%s: %s twice; expected two different engines", arg,
		    p->engines[0]->name);
	p->nengines = 2;
	return 0;
}

int
bench_plan_make(struct bench_plan *p, const char *engines, long long runs,
    const char *out, char *err)
{
	const char *names[2];
	size_t k;

	memset(p, 0, sizeof *p);
	if (parse_engines(p, engines, err) < 0)
		return -1;
	for (k = 0; k < p->nengines; k++)
		names[k] = p->engines[k]->name;
	return runner_plan_make(&p->runs, names, p->nengines, runs, out, 0, err);
}

int
bench_plan_has(const struct bench_plan *p, const struct engine_ops *e)
{
	size_t k;

	for (k = 0; k < p->nengines; k++)
		if (p->engines[k] == e)
			return 1;
	return 0;
}

void
bench_plan_free(struct bench_plan *p)
{
	if (p == NULL)
		return;
	runner_plan_free(&p->runs);
	memset(p, 0, sizeof *p);
}
