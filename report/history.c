/* SPDX-License-Identifier: MIT */
/*
 * The verdict as history for dashboards people already run (docs/ci.md):
 * github-action-benchmark's customSmallerIsBetter and Bencher Metric
 * Format.  An interval end that could not be bounded is left out, never filled.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/err.h"
#include "lib/json.h"
#include "verdict/digits.h"
#include "report/layout.h"
#include "report/report.h"

#define BENCHER_NAME_MAX 1024

/* A statistic of a class in one unit: of a row, or of a class only ours ran. */
struct entry {
	const char *name;
	enum class_kind kind;
	const struct verdict_row *row;          /* NULL for a class alone */
	const struct verdict_unmatched *alone;  /* NULL for a row */
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

static const char *
engine(const struct gate_verdict *v)
{
	return v->ours.engine != NULL ? v->ours.engine : verdict_ours_label(v);
}

/* "zu/read p50", "zu/commit p99 syncs", "zu/commit flushes"; Bencher: no unit. */
static char *
entry_name(const struct gate_verdict *v, const struct entry *e, int with_unit)
{
	if (e->flushes)
		return xasprintf("%s/%s%s", engine(v), e->name,
		    with_unit ? " flushes" : "");
	return xasprintf("%s/%s %s%s", engine(v), e->name, e->stat,
	    with_unit && e->syncs ? " syncs" : "");
}

#define ROW_ENTRIES 5

/* p50 and p99 in ns, then a write class's in syncs and its flushes; NaN skipped. */
static size_t
class_entries(const char *name, enum class_kind kind,
    const struct verdict_row *r, const struct verdict_unmatched *u,
    const struct verdict_value x[ROW_ENTRIES], struct entry e[ROW_ENTRIES])
{
	static const char *const stat[ROW_ENTRIES] = { "p50", "p99", "p50", "p99", "" };
	size_t n = 0, k;

	for (k = 0; k < ROW_ENTRIES; k++)
		if (isfinite(x[k].v) && (k < 2 || kind == KIND_WRITE))
			e[n++] = (struct entry){ name, kind, r, u, stat[k], k == 2 || k == 3,
			    k == 4, x[k] };
	return n;
}

/* Every entry, into *out (caller frees): the rows', then classes new in this run. */
static size_t
all_entries(const struct gate_verdict *v, struct entry **out)
{
	struct entry *e = xcalloc((v->nrows + v->nunmatched) * ROW_ENTRIES + 1,
	    sizeof *e);
	size_t n = 0, i;

	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];
		const struct verdict_value x[ROW_ENTRIES] = { r->ours_p50, r->ours_p99,
			r->ours_syncs_p50, r->ours_syncs_p99,
			{ r->ours_flushes, NAN, NAN } };

		n += class_entries(r->name, r->kind, r, NULL, x, e + n);
	}
	for (i = 0; i < v->nunmatched; i++) {
		const struct verdict_unmatched *u = &v->unmatched[i];
		const struct verdict_value x[ROW_ENTRIES] = {
			{ u->p50_ns, NAN, NAN }, { u->p99_ns, NAN, NAN },
			{ u->syncs_p50, NAN, NAN }, { u->syncs_p99, NAN, NAN },
			{ u->flushes, NAN, NAN } };

		if (u->ours)
			n += class_entries(u->name, u->kind, NULL, u, x, e + n);
	}
	*out = e;
	return n;
}

/*
 * An empty export fails github-action-benchmark's step, and a dashboard
 * fed one says nothing of why: it is refused instead.
 */
static int
has_figures(const struct gate_verdict *v)
{
	struct entry *e;
	size_t n = all_entries(v, &e);

	free(e);
	return n > 0;
}

static int
range_words(char *buf, size_t len, const struct gate_verdict *v,
    const struct entry *e)
{
	char lo[64], hi[64], conf[64];

	if (!has_lo(&e->x) && !has_hi(&e->x))
		return 0;
	/* an end printed is finite: has_lo and has_hi say so */
	json_shortest(lo, sizeof lo, e->x.lo);
	json_shortest(hi, sizeof hi, e->x.hi);
	layout_confidence(conf, sizeof conf, v, " at ", "");
	if (has_lo(&e->x) && has_hi(&e->x))
		snprintf(buf, len, "%s to %s%s", lo, hi, conf);
	else if (has_lo(&e->x))
		snprintf(buf, len, "at least %s%s", lo, conf);
	else
		snprintf(buf, len, "at most %s%s", hi, conf);
	return 1;
}

static void
extra_words(char *buf, size_t len, const struct gate_verdict *v,
    const struct entry *e)
{
	int n;

	if (e->row == NULL) {
		snprintf(buf, len, "%s class, not ruled: %s", class_kind_name(e->kind),
		    e->alone->reason != NULL ? e->alone->reason : "only ours ran it");
		return;
	}
	n = snprintf(buf, len, "%s class, ruled %s",
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
	char words[256], *name = entry_name(v, e, 1);
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "name", name);
	free(name);
	cJSON_AddStringToObject(o, "unit", e->flushes ? "flushes a commit" :
	    e->syncs ? "syncs" : "ns");
	json_add_number(o, "value", e->x.v);
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
	cJSON *root;
	struct entry *e;
	size_t n = all_entries(v, &e), i;

	(void)o;
	if (n == 0) {
		free(e);
		return -1;
	}
	root = cJSON_CreateArray();
	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(root, action_entry(v, &e[i]));
	free(e);
	return json_print_and_delete(fp, root);
}

static cJSON *
metric(const struct verdict_value *x)
{
	cJSON *m = cJSON_CreateObject();

	json_add_number(m, "value", x->v);
	if (has_lo(x))
		json_add_number(m, "lower_value", x->lo);
	if (has_hi(x))
		json_add_number(m, "upper_value", x->hi);
	return m;
}

/* Adds e to root; -1 with why (if not NULL) for a long name or a measure twice. */
static int
bencher_entry(cJSON *root, const struct gate_verdict *v, const struct entry *e,
    char *why, size_t len)
{
	char *name = entry_name(v, e, 0);
	const char *measure = e->flushes ? "flushes" : e->syncs ? "syncs" : "latency";
	cJSON *b;

	/* without why, len is 0 and snprintf writes nothing */
	if (strlen(name) > BENCHER_NAME_MAX) {
		snprintf(why, len, "the benchmark name \"%.40s...\" is %zu bytes; "
		    "Bencher takes at most %d", name, strlen(name), BENCHER_NAME_MAX);
		free(name);
		return -1;
	}
	b = cJSON_GetObjectItemCaseSensitive(root, name);
	if (b == NULL)
		b = cJSON_AddObjectToObject(root, name);
	if (cJSON_GetObjectItemCaseSensitive(b, measure)) {
		snprintf(why, len, "class \"%.40s\" gives the benchmark \"%.80s\" "
		    "its %s a second time; expected one class each", e->name, name,
		    measure);
		free(name);
		return -1;
	}
	free(name);
	cJSON_AddItemToObject(b, measure, metric(&e->x));
	return 0;
}

static cJSON *
bencher_doc(const struct gate_verdict *v, char *why, size_t len)
{
	cJSON *root = cJSON_CreateObject();
	struct entry *e;
	size_t n = all_entries(v, &e), i;

	for (i = 0; i < n; i++)
		if (bencher_entry(root, v, &e[i], why, len) < 0) {
			cJSON_Delete(root);
			root = NULL;
			break;
		}
	free(e);
	return root;
}

int
report_benchmark_action_why(const struct gate_verdict *v, char *buf, size_t len)
{
	if (has_figures(v))
		return 0;
	snprintf(buf, len, "the verdict holds no figure of %s's to export "
	    "(%s); expected a class of ours with its p50 and p99",
	    engine(v), v->nrows > 0 ? "no class has one" :
	    "the sides share no class, and it records no figures for the "
	    "classes only ours ran");
	return 1;
}

int
report_bencher_why(const struct gate_verdict *v, char *buf, size_t len)
{
	cJSON *doc;

	if (report_benchmark_action_why(v, buf, len) ||
	    (doc = bencher_doc(v, buf, len)) == NULL)
		return 1;
	cJSON_Delete(doc);
	return 0;
}

int
report_bencher(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	cJSON *doc;

	(void)o;
	if (!has_figures(v) || (doc = bencher_doc(v, NULL, 0)) == NULL)
		return -1;
	return json_print_and_delete(fp, doc);
}
