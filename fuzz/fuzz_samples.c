/* SPDX-License-Identifier: MIT */
/*
 * The samples-file reader on arbitrary bytes.  It takes only a path, so
 * each input is written to a file "s" in the fuzzing folder and a fixed
 * result naming it as its samples_file is loaded; the input's length,
 * odd or even, picks whether the result also states p50_ns, which must
 * then agree with the samples'.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "lib/err.h"
#include "model/result.h"

static cJSON *plain, *stated;
static char path[4200];

static cJSON *
result_json(const char *extra)
{
	char text[256];
	cJSON *root;

	snprintf(text, sizeof text, "{\"format\": \"%s\", \"engine\": \"e\", "
	    "\"classes\": [{\"name\": \"c\", \"kind\": \"write\", %s"
	    "\"samples_file\": \"s\"}]}", RESULT_FORMAT, extra);
	root = cJSON_Parse(text);
	if (root == NULL)
		abort();
	return root;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s/fuzz.json", fuzz_dir());
	plain = result_json("");
	stated = result_json("\"p50_ns\": 1000, ");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct result r;
	char err[ERRLEN];
	const cJSON *root = size % 2 ? stated : plain;
	size_t i, k;

	fuzz_file("s", data, size);
	if (result_from_json(root, path, &r, err) == 0) {
		const struct result_class *c = &r.classes[0];

		/*
		 * what the gate relies on: positive, at most a day, and the
		 * ranks it reads in order
		 */
		for (i = 0; i < c->nsamples; i++)
			if (!(samples_value(&c->held, i) > 0 &&
			    samples_value(&c->held, i) <= RESULT_MAX_NS))
				abort();
		for (i = 0; i < c->held.nspan; i++)
			for (k = 1; k < c->held.span[i].len; k++)
				if (c->held.span[i].x[k] < c->held.span[i].x[k - 1])
					abort();
		if (c->nsamples == 0 || !(c->p50_ns <= c->p99_ns))
			abort();
		result_free(&r);
	} else if (strlen(err) == 0) {
		abort();
	}
	return 0;
}
