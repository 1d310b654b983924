/* SPDX-License-Identifier: MIT */
/* `syncgate probe`: not yet written. */
#include <math.h>
#include <string.h>

#include "lib/err.h"
#include "probe/probe.h"

void
probe_options_default(struct probe_options *o)
{
	memset(o, 0, sizeof *o);
	o->dir = ".";
	o->samples = 15;
	o->write_bytes = 4096;
	o->warmup = 2;
	o->precision = NAN;
}

int
probe_run(const struct probe_options *o, struct probe_record *out, char *err)
{
	(void)o;
	probe_record_init(out);
	return errf(err, "not yet implemented");
}

void
probe_usage(FILE *fp)
{
	fprintf(fp, "usage: syncgate probe [--dir DIR]\n");
}

int
probe_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	warnx_("not yet implemented");
	return EXIT_TROUBLE;
}
