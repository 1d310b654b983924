/* SPDX-License-Identifier: MIT */
/* `syncgate report`: not yet written. */
#include "lib/err.h"
#include "report/report.h"

void
report_usage(FILE *fp)
{
	fprintf(fp, "usage: syncgate report FILE [--format FORMAT] [-o FILE]\n");
}

int
report_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	warnx_("not yet implemented");
	return EXIT_TROUBLE;
}
