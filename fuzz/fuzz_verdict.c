/* SPDX-License-Identifier: MIT */
/*
 * The verdict loader on arbitrary bytes: verdict_from_json, then
 * every loaded verdict rendered in all five formats (plain and --ascii
 * with colour), so the renderers meet verdicts no gate would write; and
 * a round trip: a verdict that loaded writes out as JSON that loads again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "report/report.h"
#include "verdict/json.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* Through text, as a saved verdict travels: numbers are written raw. */
static void
round_trip(const struct gate_verdict *v)
{
	struct gate_verdict back;
	char err[ERRLEN];
	cJSON *out = verdict_to_json(v), *in;
	char *text = cJSON_PrintUnformatted(out);

	in = text != NULL ? fuzz_json((const uint8_t *)text, strlen(text)) : NULL;
	if (in == NULL || verdict_from_json(in, "round-trip", &back, err) < 0) {
		fprintf(stderr, "a loaded verdict does not load back: %s\n",
		    in == NULL ? "not JSON" : err);
		abort();
	}
	verdict_free(&back);
	cJSON_Delete(in);
	cJSON_Delete(out);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct render_opts o[2] = { { .ascii = 0 }, { .ascii = 1, .color = 1 } };
	struct gate_verdict v;
	char err[ERRLEN];
	cJSON *root = fuzz_json(data, size);
	const struct report_format *f;
	size_t k;

	if (root == NULL)
		return 0;
	if (verdict_from_json(root, "fuzz.json", &v, err) == 0) {
		for (f = report_formats; f->name != NULL; f++)
			for (k = 0; k < 2; k++)
				/* the history formats refuse a name too long for Bencher */
				if (f->verdict(fuzz_sink(), &v, &o[k]) < 0 &&
				    f->why_not == NULL)
					abort();
		round_trip(&v);
		verdict_free(&v);
	} else if (strlen(err) == 0) {
		abort();
	}
	cJSON_Delete(root);
	return 0;
}
