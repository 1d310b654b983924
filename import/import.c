/* SPDX-License-Identifier: MIT */
/* `syncgate import`: not yet written. */
#include "import/import.h"
#include "lib/err.h"

void
import_usage(FILE *fp)
{
	fprintf(fp, "usage: syncgate import ycsb|linkbench FILE --engine NAME\n");
}

int
import_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	warnx_("not yet implemented");
	return EXIT_TROUBLE;
}
