/* SPDX-License-Identifier: MIT */
/*
 * The result loader on arbitrary bytes: json_parse_buffer, then
 * result_from_json, then the result summary in each format it renders.
 * The result's path lies in an empty folder, so a samples_file can only
 * be refused (missing, a folder, out of it), never read from the machine.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "lib/err.h"
#include "model/result.h"
#include "report/report.h"

static char path[4200];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s/fuzz.json", fuzz_dir());
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct render_opts o[2] = { { .ascii = 0 }, { .ascii = 1, .color = 1 } };
	char err[ERRLEN];
	struct result r;
	cJSON *root = fuzz_json(data, size);
	const struct report_format *f;
	size_t k;

	if (root == NULL)
		return 0;
	if (result_from_json(root, path, &r, err) == 0) {
		for (f = report_formats; f->name != NULL; f++)
			for (k = 0; f->result != NULL && k < 2; k++)
				if (f->result(fuzz_sink(), &r, &o[k]) < 0)
					abort();
		result_free(&r);
	} else if (strlen(err) == 0) {
		abort();        /* a refusal must say why */
	}
	cJSON_Delete(root);
	return 0;
}
