/* SPDX-License-Identifier: MIT */
/* The verdict as html: not yet written. */
#include "report/report.h"

int
report_html(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	(void)fp;
	(void)v;
	(void)o;
	return -1;
}
