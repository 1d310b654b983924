/* SPDX-License-Identifier: MIT */
/*
 * The gate on arbitrary results: a byte of options (mode, confidence,
 * thresholds, --same-host, --single-run-ok), then two to six
 * syncgate-result/1 documents split by lines "---", the first half ours
 * and the rest the rival's (or the baseline's), each a run.  Every
 * verdict the gate makes from results the loader takes must pass the
 * gate's own check and load back in report through its JSON text, as
 * `syncgate report` reads a saved verdict: the gate never writes what
 * report refuses.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "gate/rules.h"
#include "gate/verdict.h"
#include "gate/verdict_load.h"
#include "lib/err.h"
#include "model/result.h"
#include "report/report.h"
#include "verdict/json.h"

#define MAX_DOCS 6

static char path[4200];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s/run.json", fuzz_dir());
	return 0;
}

/* Splits data at each "\n---\n" into at most MAX_DOCS documents. */
static size_t
split(const uint8_t *data, size_t size, const uint8_t **doc, size_t *len)
{
	static const char sep[] = "\n---\n";
	size_t n = 0, at = 0, i;

	for (i = 0; i + 5 <= size && n < MAX_DOCS - 1; i++)
		if (memcmp(data + i, sep, 5) == 0) {
			doc[n] = data + at;
			len[n++] = i - at;
			at = i + 5;
			i += 4;
		}
	doc[n] = data + at;
	len[n++] = size - at;
	return n;
}

/* The runs of one side, as gate.c hands them to the gate. */
static void
side(struct gate_side_in *in, struct gate_run_in *runs, struct result *r,
    size_t k)
{
	size_t i;

	for (i = 0; i < k; i++) {
		runs[i].r = &r[i];
		runs[i].probe = r[i].probe;
		runs[i].file = "run.json";
	}
	memset(in, 0, sizeof *in);
	in->r = &r[0];
	in->probe = r[0].probe;
	in->file = "run.json";
	in->runs = k > 1 ? runs : NULL;
	in->nruns = k > 1 ? k : 0;
}

static void
options(struct gate_opts *o, uint8_t b)
{
	static const double conf[] = { 0.6, 0.9, 0.95, 0.999 };
	static const double limit[] = { 0.01, 1, 10, 1e6 };

	gate_opts_init(o, b & 1 ? MODE_BASELINE : MODE_RIVAL);
	o->confidence = conf[(b >> 1) & 3];
	if (b & 1) {
		o->max_regression = limit[(b >> 3) & 3] > 10 ? 10 : limit[(b >> 3) & 3];
		o->single_run_ok = (b >> 6) & 1;
	} else {
		o->read_speedup = limit[(b >> 3) & 3];
		o->commit_syncs = limit[3 - ((b >> 3) & 3)];
	}
	o->same_host = (b >> 5) & 1;
}

/* Gates ours against rival and holds the verdict to what report takes. */
static void
gate(const struct gate_side_in *ours, const struct gate_side_in *rival,
    const struct gate_opts *o)
{
	struct gate_verdict v, back;
	char err[ERRLEN], *text;
	cJSON *out, *in;

	if (gate_side_check(ours, "ours", err) < 0 ||
	    gate_side_check(rival, "--rival", err) < 0 ||
	    gate_rule(ours, rival, o, &v, err) < 0)
		return;
	if (verdict_check(&v, "v.json", err) < 0) {
		fprintf(stderr, "the gate's verdict fails its own check: %s\n", err);
		abort();
	}
	out = verdict_to_json(&v);
	text = cJSON_PrintUnformatted(out);
	in = text != NULL ? fuzz_json((const uint8_t *)text, strlen(text)) : NULL;
	if (in == NULL || verdict_from_json(in, "v.json", &back, err) < 0) {
		fprintf(stderr, "report refuses the gate's verdict: %s\n",
		    in == NULL ? "not JSON" : err);
		abort();
	}
	verdict_free(&back);
	verdict_free(&v);
	cJSON_Delete(in);
	cJSON_Delete(out);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *doc[MAX_DOCS];
	size_t len[MAX_DOCS], n, i, loaded = 0, ko;
	struct result r[MAX_DOCS];
	struct gate_run_in runs[MAX_DOCS];
	struct gate_side_in ours, rival;
	struct gate_opts o;
	char err[ERRLEN];

	if (size < 1)
		return 0;
	n = split(data + 1, size - 1, doc, len);
	if (n < 2)
		return 0;
	for (i = 0; i < n; i++) {
		cJSON *root = fuzz_json(doc[i], len[i]);
		int rc = root == NULL ? -1 : result_from_json(root, path, &r[i], err);

		cJSON_Delete(root);
		if (rc < 0)
			break;
		loaded++;
	}
	if (loaded == n) {
		ko = (n + 1) / 2;
		side(&ours, runs, r, ko);
		side(&rival, runs + ko, r + ko, n - ko);
		options(&o, data[0]);
		gate(&ours, &rival, &o);
	}
	for (i = 0; i < loaded; i++)
		result_free(&r[i]);
	return 0;
}
