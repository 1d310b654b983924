/* SPDX-License-Identifier: MIT */
/*
 * The verdict as history for dashboards people already run: the
 * customSmallerIsBetter JSON of github-action-benchmark and the Bencher
 * Metric Format.  One entry per class and statistic of our side, and a
 * write class's figures in syncs beside its latencies (docs/ci.md gives
 * the mapping).  An end of an interval that could not be bounded is left
 * out, never filled in.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/json.h"
#include "report/layout.h"
#include "report/report.h"

/* Bencher's longest benchmark name, in bytes. */
#define BENCHER_NAME_MAX 1024

/* One exported figure: a statistic of a class in one unit. */
struct entry {
	const struct verdict_row *row;
	const char *stat;           /* "p50", "p99", or "" for flushes */
	int syncs;                  /* in syncs, else in ns */
	int flushes;                /* device flushes a commit: no interval */
	struct verdict_value x;
};

static int
has_lo(const struct verdict_value *x)
{
	return isfinite(x->lo) && x->lo > 0;
}

static int
has_hi(const struct verdict_value *x)
{
	return isfinite(x->hi);
}

/* Our engine, whatever the side is labelled: "zu". */
static const char *
engine(const struct gate_verdict *v)
{
	return v->ours.engine != NULL ? v->ours.engine : verdict_ours_label(v);
}

/*
 * "zu/read p50", "zu/commit p99 syncs", "zu/commit flushes" (Bencher's
 * benchmark, without the unit: "zu/read p50", "zu/commit"), in a string
 * the caller frees.
 */
static char *
entry_name(const struct gate_verdict *v, const struct entry *e, int with_unit)
{
	if (e->flushes)
		return gate_strf("%s/%s%s", engine(v), e->row->name,
		    with_unit ? " flushes" : "");
	return gate_strf("%s/%s %s%s", engine(v), e->row->name, e->stat,
	    with_unit && e->syncs ? " syncs" : "");
}

/* The most entries one row gives. */
#define ROW_ENTRIES 5

/*
 * The entries of one row in order: p50 and p99 in ns, then for a write
 * class with a unit p50 and p99 in syncs, and where the run counted them
 * the device flushes a commit.  Returns how many (2 to ROW_ENTRIES).
 */
static size_t
row_entries(const struct verdict_row *r, struct entry e[ROW_ENTRIES])
{
	size_t n = 0;

	e[n++] = (struct entry){ r, "p50", 0, 0, r->ours_p50 };
	e[n++] = (struct entry){ r, "p99", 0, 0, r->ours_p99 };
	if (r->kind == KIND_WRITE && isfinite(r->ours_syncs_p50.v))
		e[n++] = (struct entry){ r, "p50", 1, 0, r->ours_syncs_p50 };
	if (r->kind == KIND_WRITE && isfinite(r->ours_syncs_p99.v))
		e[n++] = (struct entry){ r, "p99", 1, 0, r->ours_syncs_p99 };
	if (r->kind == KIND_WRITE && isfinite(r->ours_flushes))
		e[n++] = (struct entry){ r, "", 0, 1,
		    (struct verdict_value){ r->ours_flushes, NAN, NAN } };
	return n;
}

/* A figure as JSON prints it: "1200", "2.5". */
static void
number(char *buf, size_t len, double x)
{
	cJSON *n = report_json_number(x);

	snprintf(buf, len, "%s", n->valuestring != NULL ? n->valuestring : "null");
	cJSON_Delete(n);
}

/* The interval in words: "1200 to 1300 at 95%", "at least 1200 at 95%". */
static int
range_words(char *buf, size_t len, const struct gate_verdict *v,
    const struct entry *e)
{
	char lo[64], hi[64], conf[64];

	if (!has_lo(&e->x) && !has_hi(&e->x))
		return 0;
	number(lo, sizeof lo, e->x.lo);
	number(hi, sizeof hi, e->x.hi);
	conf[0] = '\0';
	if (isfinite(v->confidence))
		snprintf(conf, sizeof conf, " at %s%%",
		    layout_percent((char[32]){ 0 }, 32, v->confidence));
	if (has_lo(&e->x) && has_hi(&e->x))
		snprintf(buf, len, "%s to %s%s", lo, hi, conf);
	else if (has_lo(&e->x))
		snprintf(buf, len, "at least %s%s", lo, conf);
	else
		snprintf(buf, len, "at most %s%s", hi, conf);
	return 1;
}

/* "write class, ruled pass, 2000 samples, over 3 runs". */
static void
extra_words(char *buf, size_t len, const struct gate_verdict *v,
    const struct entry *e)
{
	int n = snprintf(buf, len, "%s class, ruled %s",
	    class_kind_name(e->row->kind), ruling_name(e->row->ruling));

	if (n < 0 || (size_t)n >= len)
		return;
	if (e->flushes) {
		snprintf(buf + n, len - (size_t)n, ", device flush requests counted "
		    "over the run%s", v->ours.runs > 1 ? "s (their mean)" : "");
		return;
	}
	if (e->row->ours_nsamples > 0)
		n += snprintf(buf + n, len - (size_t)n, ", %zu samples",
		    e->row->ours_nsamples);
	if (n >= 0 && (size_t)n < len && v->ours.runs > 1)
		snprintf(buf + n, len - (size_t)n, ", over %zu runs", v->ours.runs);
}

static cJSON *
action_entry(const struct gate_verdict *v, const struct entry *e)
{
	char words[256], *name;
	cJSON *o;

	if (!isfinite(e->x.v))
		return NULL;
	name = entry_name(v, e, 1);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "name", name);
	free(name);
	cJSON_AddStringToObject(o, "unit", e->flushes ? "flushes a commit" :
	    e->syncs ? "syncs" : "ns");
	report_json_add_number(o, "value", e->x.v);
	if (range_words(words, sizeof words, v, e))
		cJSON_AddStringToObject(o, "range", words);
	extra_words(words, sizeof words, v, e);
	cJSON_AddStringToObject(o, "extra", words);
	return o;
}

int
report_benchmark_action(FILE *fp, const struct gate_verdict *v,
    const struct render_opts *o)
{
	cJSON *root = cJSON_CreateArray(), *item;
	struct entry e[ROW_ENTRIES];
	size_t i, j, n;

	(void)o;
	for (i = 0; i < v->nrows; i++) {
		n = row_entries(&v->rows[i], e);
		for (j = 0; j < n; j++) {
			if (!isfinite(e[j].x.v))
				continue;
			if ((item = action_entry(v, &e[j])) == NULL) {
				cJSON_Delete(root);
				return -1;
			}
			cJSON_AddItemToArray(root, item);
		}
	}
	return json_print_and_delete(fp, root);
}

/* A Bencher metric: value, and the bounds the interval has. */
static cJSON *
metric(const struct verdict_value *x)
{
	cJSON *m = cJSON_CreateObject();

	report_json_add_number(m, "value", x->v);
	if (has_lo(x))
		report_json_add_number(m, "lower_value", x->lo);
	if (has_hi(x))
		report_json_add_number(m, "upper_value", x->hi);
	return m;
}

/*
 * The benchmark "zu/commit p50" with its measures: latency (Bencher's
 * own, in ns) and, for a write class with a unit, syncs; "zu/commit"
 * with flushes, where the run counted them.
 */
static const char *
bencher_measure(const struct entry *e)
{
	return e->flushes ? "flushes" : e->syncs ? "syncs" : "latency";
}

/*
 * Adds e to root; -1 with why (len bytes, or nothing when NULL) where
 * Bencher cannot take it: a name over its limit, or a measure the
 * benchmark has already.
 */
static int
bencher_entry(cJSON *root, const struct gate_verdict *v, const struct entry *e,
    char *why, size_t len)
{
	char *name = entry_name(v, e, 0);
	const char *measure = bencher_measure(e);
	cJSON *b;

	if (strlen(name) > BENCHER_NAME_MAX) {
		if (why != NULL)
			snprintf(why, len, "the benchmark name \"%.40s...\" is %zu bytes; "
			    "Bencher takes at most %d", name, strlen(name),
			    BENCHER_NAME_MAX);
		free(name);
		return -1;
	}
	b = cJSON_GetObjectItemCaseSensitive(root, name);
	if (b == NULL) {
		b = cJSON_CreateObject();
		cJSON_AddItemToObject(root, name, b);
	}
	if (cJSON_GetObjectItemCaseSensitive(b, measure)) {
		if (why != NULL)
			snprintf(why, len, "class \"%.40s\" gives the benchmark \"%.80s\" "
			    "its %s a second time; expected one class each", e->row->name,
			    name, measure);
		free(name);
		return -1;
	}
	free(name);
	cJSON_AddItemToObject(b, measure, metric(&e->x));
	return 0;
}

/* The Bencher document of v, or NULL with why as bencher_entry gives it. */
static cJSON *
bencher_doc(const struct gate_verdict *v, char *why, size_t len)
{
	cJSON *root = cJSON_CreateObject();
	struct entry e[ROW_ENTRIES];
	size_t i, j, n;

	for (i = 0; i < v->nrows; i++) {
		n = row_entries(&v->rows[i], e);
		for (j = 0; j < n; j++) {
			if (!isfinite(e[j].x.v))
				continue;
			if (bencher_entry(root, v, &e[j], why, len) < 0) {
				cJSON_Delete(root);
				return NULL;
			}
		}
	}
	return root;
}

int
report_history_why(const struct gate_verdict *v, enum report_format f,
    char *buf, size_t len)
{
	cJSON *doc;

	if (f != FORMAT_BENCHER)
		return 0;
	if ((doc = bencher_doc(v, buf, len)) == NULL)
		return 1;
	cJSON_Delete(doc);
	return 0;
}

int
report_bencher(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	cJSON *doc = bencher_doc(v, NULL, 0);

	(void)o;
	return doc == NULL ? -1 : json_print_and_delete(fp, doc);
}
