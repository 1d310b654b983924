/* SPDX-License-Identifier: MIT */
/* `syncgate gate`: not yet written. */
#include "gate/gate.h"
#include "lib/err.h"

void
gate_usage(FILE *fp)
{
	fprintf(fp, "usage: syncgate gate OURS.json --rival RIVAL.json\n");
}

int
gate_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	warnx_("not yet implemented");
	return EXIT_TROUBLE;
}
