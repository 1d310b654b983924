/* SPDX-License-Identifier: MIT */
/*
 * The runs one syncgate-bench command makes: each engine named, --runs
 * times, interleaved (A B A B ...) so that a slow minute of the machine
 * falls on both engines rather than on all of one, and the file each run
 * is written to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/drivers.h"
#include "lib/err.h"
#include "lib/path.h"

/* Where the extension of out's last component starts, or its end. */
static size_t
ext_at(const char *out)
{
	const char *base = path_base(out), *dot = strrchr(base, '.');

	/* ".json" alone is a name, not an extension */
	if (dot == NULL || dot == base)
		return strlen(out);
	return (size_t)(dot - out);
}

char *
bench_plan_path(const char *out, const char *engine, long long run)
{
	size_t at = ext_at(out), len = strlen(out) + 64;
	char *p = xmalloc(len), num[32] = "";

	if (run > 0)
		snprintf(num, sizeof num, ".%lld", run);
	snprintf(p, len, "%.*s%s%s%s%s", (int)at, out, engine ? "." : "",
	    engine ? engine : "", num, out + at);
	return p;
}

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
	long long i;
	size_t k;

	memset(p, 0, sizeof *p);
	if (parse_engines(p, engines, err) < 0)
		return -1;
	p->runs = runs;
	p->n = (size_t)runs * p->nengines;
	if (p->n > 1 && strcmp(out, "-") == 0)
		return errf(err, "-o -: %zu results cannot share standard output; "
		    "expected -o FILE, numbered for each run", p->n);
	p->run = xcalloc(p->n, sizeof *p->run);
	for (i = 0; i < runs; i++)
		for (k = 0; k < p->nengines; k++) {
			struct bench_run_plan *r = &p->run[(size_t)i * p->nengines + k];

			r->engine = p->engines[k];
			r->index = i + 1;
			r->out = p->n == 1 ? xstrdup(out) :
			    bench_plan_path(out, p->nengines > 1 ? r->engine->name : NULL,
			    runs > 1 ? i + 1 : 0);
		}
	return 0;
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
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; i < p->n && p->run != NULL; i++)
		free(p->run[i].out);
	free(p->run);
	memset(p, 0, sizeof *p);
}
