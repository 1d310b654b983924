/* SPDX-License-Identifier: MIT */
/*
 * The engines one syncgate-bench command names: "lmdb", or two as
 * "lmdb,sqlite", run in the runner's balanced order (runner/runner.c).
 */
#include <stdio.h>
#include <string.h>

#include "drivers/drivers.h"
#include "lib/err.h"

static const struct engine_ops *
named(const char *name)
{
	if (strcmp(name, "sqlite") == 0)
		return &sqlite_engine;
	if (strcmp(name, "lmdb") == 0)
		return &lmdb_engine;
	return NULL;
}

int
bench_engines(const char *arg, const struct engine_ops *e[2], size_t *n,
    char *err)
{
	char buf[64], *comma;

	*n = 0;
	if (strlen(arg) >= sizeof buf)
		return errf(err, "%s: unknown engine; expected sqlite, lmdb, or both "
		    "as lmdb,sqlite", arg);
	memcpy(buf, arg, strlen(arg) + 1);
	if ((comma = strchr(buf, ',')) != NULL)
		*comma = '\0';
	if ((e[0] = named(buf)) == NULL)
		return errf(err, "%s: unknown engine; expected sqlite or lmdb", buf);
	*n = 1;
	if (comma == NULL)
		return 0;
	if (strchr(comma + 1, ',') != NULL)
		return errf(err, "%s: more than two engines; expected one, or two "
		    "as lmdb,sqlite", arg);
	if ((e[1] = named(comma + 1)) == NULL)
		return errf(err, "%s: unknown engine; expected sqlite or lmdb",
		    comma + 1);
	if (e[1] == e[0])
		return errf(err, "%s: %s twice; expected two different engines", arg,
		    e[0]->name);
	*n = 2;
	return 0;
}
