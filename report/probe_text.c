/* SPDX-License-Identifier: MIT */
/* A probe record as text: not yet written. */
#include "report/report.h"

int
report_probe_text(FILE *fp, const struct probe_record *p, const struct render_opts *o)
{
	(void)fp;
	(void)p;
	(void)o;
	return -1;
}
