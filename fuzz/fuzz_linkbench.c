/* SPDX-License-Identifier: MIT */
/*
 * LinkBench's importer on arbitrary bytes: import_linkbench_parse, then what
 * `syncgate import linkbench` does with a parsed run: the result written as
 * syncgate-result/1 and read back as the gate reads it.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "import/parse.h"
#include "import/result_json.h"
#include "lib/err.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import_notes notes = { NULL, 0, 0 };
	struct result r;
	char err[ERRLEN];
	cJSON *root;

	memset(&r, 0, sizeof r);
	if (import_linkbench_parse((const char *)data, size, "fuzz.txt", &r, &notes,
	    err) == 0) {
		r.engine = xstrdup("engine");
		root = import_result_to_json(&r);
		(void)import_check_result(root, "fuzz.txt", err);
		cJSON_Delete(root);
	} else if (strlen(err) == 0) {
		abort();
	}
	import_notes_free(&notes);
	result_free(&r);
	return 0;
}
