/* SPDX-License-Identifier: MIT */
/*
 * The probe loader on arbitrary bytes: probe_record_from_json, then the
 * record as `syncgate probe` prints it, and a round trip: a record that
 * loaded must write out as JSON that loads again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "lib/err.h"
#include "model/probe_record.h"
#include "report/report.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* The loaded record, written as text and read back, must load. */
static void
round_trip(const struct probe_record *p)
{
	struct probe_record back;
	char err[ERRLEN];
	cJSON *out, *in;
	char *text;

	out = probe_record_to_json(p);
	text = cJSON_PrintUnformatted(out);
	in = text != NULL ? fuzz_json((const uint8_t *)text, strlen(text)) : NULL;
	if (in == NULL || probe_record_from_json(in, "round-trip", "probe", &back,
	    err) < 0) {
		fprintf(stderr, "a loaded probe does not load back: %s\n",
		    in == NULL ? "not JSON" : err);
		abort();
	}
	probe_record_free(&back);
	cJSON_Delete(in);
	cJSON_Delete(out);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct render_opts o[2] = { { .ascii = 0 }, { .ascii = 1, .color = 1 } };
	struct probe_record p;
	char err[ERRLEN];
	cJSON *root = fuzz_json(data, size);
	size_t k;

	if (root == NULL)
		return 0;
	if (probe_record_from_json(root, "fuzz.json", "probe", &p, err) == 0) {
		for (k = 0; k < 2; k++)
			if (report_probe_text(fuzz_sink(), &p, &o[k]) < 0)
				abort();
		round_trip(&p);
		probe_record_free(&p);
	} else if (strlen(err) == 0) {
		abort();
	}
	cJSON_Delete(root);
	return 0;
}
