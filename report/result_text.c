/* SPDX-License-Identifier: MIT */
/*
 * One engine's run on its own.  Writes are in syncs only where its own
 * probe says the flush reaches a device: a 300 ns unit from a cache that
 * never flushes would make any commit look like thousands of syncs.
 */
#include <math.h>

#include "report/phrases.h"
#include "lib/json.h"
#include "model/probe_window.h"
#include "lib/units.h"
#include "report/layout.h"
#include "report/report.h"
#include "report/wrap.h"

#define RESULT_SUMMARY_FORMAT "syncgate-result-summary/1"

/* The unit, or NaN with why set. */
static double
sync_unit(const struct result *r, const char **why)
{
	struct window_unit u;

	*why = r->probe == NULL ? "the result carries no probe" :
	    r->probe->reaches == REACH_NO ?
	    "its probe says the flush does not reach a device" :
	    r->probe->reaches != REACH_YES ?
	    "its probe could not tell whether the flush reaches a device" :
	    !(r->probe->median_ns > 0) ? "its probe has no median" : NULL;
	if (*why != NULL)
		return NAN;
	window_unit(r->probe, &u);
	return u.ns;
}

static double
syncs(const struct result_class *c, double unit, double ns)
{
	return c->kind == KIND_WRITE ? ns / unit : NAN;
}

static void
run_line(FILE *fp, const struct result *r, escape_fn *esc)
{
	esc(fp, r->engine);
	if (r->version != NULL) {
		fputc(' ', fp);
		esc(fp, r->version);
	}
	if (r->workload != NULL) {
		fputs(": workload ", fp);
		esc(fp, r->workload);
	}
	if (r->concurrency >= 0)
		fprintf(fp, "%sconcurrency %lld", r->workload ? ", " : ": ",
		    r->concurrency);
	fputs(" (", fp);
	esc(fp, r->path);
	fputs(")", fp);
}

static void
host_line(FILE *fp, const struct result *r, escape_fn *esc, const char *end)
{
	const struct result_host *h = r->host;
	const char *sep = "";

	if (h == NULL)
		return;
	fputs("Host: ", fp);
	if (h->cpu_model != NULL) {
		esc(fp, h->cpu_model);
		sep = ", ";
	}
	if (h->cores > 0) {
		fprintf(fp, "%s%lld %s", sep, h->cores, h->cores == 1 ? "core" : "cores");
		sep = ", ";
	}
	if (h->memory_bytes > 0) {
		fprintf(fp, "%s%.1f GiB of memory", sep,
		    (double)h->memory_bytes / (1024.0 * 1024 * 1024));
		sep = ", ";
	}
	if (h->kernel != NULL) {
		fprintf(fp, "%skernel ", sep);
		esc(fp, h->kernel);
		sep = ", ";
	}
	if (h->machine_id != NULL) {
		fprintf(fp, "%smachine id ", sep);
		esc(fp, h->machine_id);
		if (h->id_source != NULL) {
			fputs(" (from ", fp);
			esc(fp, h->id_source);
			fputc(')', fp);
		}
		sep = ", ";
	}
	if (*sep == '\0')
		fputs("recorded, with nothing known", fp);
	fputs(end, fp);
}

static void
rounds_words(FILE *fp, const struct window_unit *u, const struct render_opts *o)
{
	char a[DURLEN], b[DURLEN], e[DURLEN];

	fprintf(fp, " (rounds' medians %s to %s), the median of %zu %s in %ld ",
	    units_fmt_duration(a, sizeof a, u->lo_ns, o->ascii),
	    units_fmt_duration(b, sizeof b, u->hi_ns, o->ascii), u->n,
	    words_plural(u->n, "sample", "samples"), u->rounds->count);
	if (u->rounds->placement != ROUNDS_THROUGH) {
		fputs("rounds, one just before the run, ", fp);
		if (u->rounds->placement == ROUNDS_PAUSED)
			fprintf(fp, "one every %s with the command paused, ",
			    units_fmt_duration(e, sizeof e, u->rounds->every_ns, o->ascii));
		fprintf(fp, "and one just after, which took %.1f%% of its %.3gs",
		    100 * u->rounds->cost, u->rounds->run_s);
		return;
	}
	fprintf(fp, "%s through the run, one every %s, which took %.1f%% of its %.3gs",
	    words_plural((size_t)u->rounds->count, "round", "rounds"),
	    units_fmt_duration(e, sizeof e, u->rounds->every_ns, o->ascii),
	    100 * u->rounds->cost, u->rounds->run_s);
}

enum write_figure { FIG_FLUSHES, FIG_TURN_WAIT };

/* "LABEL CLASS FIGURE, CLASS FIGURE.", or nothing where no class gives it. */
static void
figure_line(FILE *fp, const struct result *r, enum write_figure f,
    const char *label, const struct render_opts *o, escape_fn *esc)
{
	char d[DURLEN];
	size_t i, k = 0;

	for (i = 0; i < r->nclasses; i++) {
		const struct result_class *c = &r->classes[i];
		double x = f == FIG_FLUSHES ? c->flushes_per_op : c->turn_wait_ns;

		if (isnan(x))
			continue;
		fputs(k++ ? ", " : label, fp);
		esc(fp, c->name);
		if (f == FIG_FLUSHES)
			fprintf(fp, " %.2f", x);
		else
			fprintf(fp, " %s", units_fmt_duration(d, sizeof d, x, o->ascii));
	}
	if (k > 0)
		fputc('.', fp);
}

static void
untimed_line(FILE *fp, const struct result *r, escape_fn *esc)
{
	size_t i, k = 0;

	for (i = 0; i < r->nclasses; i++) {
		const struct result_class *c = &r->classes[i];

		if (c->failed == 0 && c->skipped == 0)
			continue;
		fputs(k++ ? ", " : "\nFailed or skipped, not timed: ", fp);
		esc(fp, c->name);
		if (c->failed > 0)
			fprintf(fp, " %lld failed", c->failed);
		if (c->skipped > 0)
			fprintf(fp, "%s %lld skipped", c->failed > 0 ? "," : "", c->skipped);
	}
	if (k > 0)
		fputc('.', fp);
}

static void
write_lines(FILE *fp, const struct result *r, const struct render_opts *o,
    escape_fn *esc)
{
	figure_line(fp, r, FIG_FLUSHES, "\nDevice flushes a commit: ", o, esc);
	figure_line(fp, r, FIG_TURN_WAIT, "\nMean wait for the writer's turn (writes "
	    "ran one at a time, each timed from its turn): ", o, esc);
	untimed_line(fp, r, esc);
}

static void
unit_line(FILE *fp, const struct result *r, double unit, const char *why,
    const struct render_opts *o, escape_fn *esc)
{
	struct window_unit u;
	char d[DURLEN], h[DURLEN];

	if (isnan(unit)) {
		fprintf(fp, "Write classes are not shown in syncs: %s", why);
		if (r->probe != NULL)
			fprintf(fp, " (reaches_device %s)", reach_name(r->probe->reaches));
		fputs(".", fp);
		write_lines(fp, r, o, esc);
		return;
	}
	fprintf(fp, "one sync = %s", units_fmt_duration(d, sizeof d, unit, o->ascii));
	window_unit(r->probe, &u);
	if (u.from_rounds) {
		rounds_words(fp, &u, o);
		fputs(" (", fp);
	} else {
		if (!isnan(r->probe->ci_lo_ns) && !isnan(r->probe->ci_hi_ns))
			fprintf(fp, " (interval %s to %s)", units_fmt_duration(d, sizeof d,
			    r->probe->ci_lo_ns, o->ascii), units_fmt_duration(h, sizeof h,
			    r->probe->ci_hi_ns, o->ascii));
		fputs(", the median of the result's probe before the run, as ", fp);
		if (u.thin)
			fprintf(fp, "its %ld %s through the run held %zu %s, too few to "
			    "bound a median", u.thin_rounds,
			    words_plural((size_t)u.thin_rounds, "round", "rounds"), u.thin,
			    words_plural(u.thin, "sample", "samples"));
		else
			fputs("it carries no rounds through the run", fp);
		fprintf(fp, " (%zu %s, ", r->probe->nsamples,
		    words_plural(r->probe->nsamples, "sample", "samples"));
	}
	esc(fp, r->probe->method ? r->probe->method : "unknown method");
	fputs(" on ", fp);
	esc(fp, r->probe->fs ? r->probe->fs : "an unknown filesystem");
	fputs(").", fp);
	write_lines(fp, r, o, esc);
}

#define NCOL 7

/* The six figures after the name. */
static void
cells(const struct result *r, size_t i, double unit, const struct render_opts *o,
    char cell[NCOL][FIGLEN])
{
	const struct result_class *c = &r->classes[i];

	snprintf(cell[1], FIGLEN, "%s", class_kind_name(c->kind));
	units_fmt_duration(cell[2], FIGLEN, c->p50_ns, o->ascii);
	units_fmt_duration(cell[3], FIGLEN, c->p99_ns, o->ascii);
	if (c->count < 0)
		snprintf(cell[4], FIGLEN, "-");
	else
		snprintf(cell[4], FIGLEN, "%lld", c->count);
	units_fmt_ratio(cell[5], FIGLEN, syncs(c, unit, c->p50_ns));
	units_fmt_ratio(cell[6], FIGLEN, syncs(c, unit, c->p99_ns));
}

static escape_fn *
text_escape(const struct render_opts *o)
{
	return o->ascii ? escape_ascii : escape_plain;
}

static const char *const heads[NCOL] = { "Class", "Kind", "p50", "p99", "Count",
	"p50 syncs", "p99 syncs" };

int
report_result_text(FILE *out, const struct result *r, const struct render_opts *o)
{
	struct wrap w;
	FILE *fp = wrap_begin(&w, out);
	struct grid g = { NULL, 0, NCOL, 0 };
	char cell[NCOL][FIGLEN];
	const char *row[NCOL];
	size_t i, k;
	const char *why;
	double unit = sync_unit(r, &why);

	grid_add(&g, heads, text_escape(o));
	for (i = 0; i < r->nclasses; i++) {
		cells(r, i, unit, o, cell);
		row[0] = r->classes[i].name;
		for (k = 1; k < NCOL; k++)
			row[k] = cell[k];
		grid_add(&g, row, text_escape(o));
	}
	run_line(fp, r, text_escape(o));
	fputs("\n", fp);
	host_line(fp, r, text_escape(o), "\n");
	fputs("\n", fp);
	/* a long name is not clipped: the line it is on breaks instead */
	grid_print(fp, &g, 0);
	fputc('\n', fp);
	unit_line(fp, r, unit, why, o, text_escape(o));
	fputc('\n', fp);
	return wrap_end(&w, 0);
}

int
report_result_markdown(FILE *fp, const struct result *r, const struct render_opts *o)
{
	char cell[NCOL][FIGLEN];
	const char *why;
	double unit = sync_unit(r, &why);
	size_t i, k;

	fputs("### ", fp);
	run_line(fp, r, escape_markdown);
	fputs("\n\n", fp);
	host_line(fp, r, escape_markdown, "\n\n");
	fputs("| Class | Kind | p50 | p99 | Count | p50 syncs | p99 syncs |\n"
	    "| :-- | :-- | --: | --: | --: | --: | --: |\n", fp);
	for (i = 0; i < r->nclasses; i++) {
		cells(r, i, unit, o, cell);
		fputs("| ", fp);
		escape_markdown(fp, r->classes[i].name);
		for (k = 1; k < NCOL; k++)
			fprintf(fp, " | %s", cell[k]);
		fputs(" |\n", fp);
	}
	fputc('\n', fp);
	unit_line(fp, r, unit, why, o, escape_markdown);
	fputc('\n', fp);
	return 0;
}

static cJSON *
class_json(const struct result_class *c, double unit)
{
	cJSON *o = cJSON_CreateObject();

	json_add_string_or_null(o, "name", c->name);
	cJSON_AddStringToObject(o, "kind", class_kind_name(c->kind));
	json_add_number(o, "p50_ns", c->p50_ns);
	json_add_number(o, "p99_ns", c->p99_ns);
	json_add_number(o, "count", c->count >= 0 ? (double)c->count : NAN);
	json_add_number(o, "samples", (double)c->nsamples);
	json_add_number(o, "p50_syncs", syncs(c, unit, c->p50_ns));
	json_add_number(o, "p99_syncs", syncs(c, unit, c->p99_ns));
	if (c->failed > 0 || c->skipped > 0) {
		json_add_number(o, "failed", (double)c->failed);
		json_add_number(o, "skipped", (double)c->skipped);
	}
	if (c->kind == KIND_WRITE) {
		json_add_number(o, "flushes_per_op", c->flushes_per_op);
		json_add_number(o, "turn_wait_ns", c->turn_wait_ns);
	}
	return o;
}

static void
unit_json(cJSON *u, const struct result *r, double unit)
{
	struct window_unit w = { 0 };
	cJSON *b;

	if (!isnan(unit))
		window_unit(r->probe, &w);
	json_add_string_or_null(u, "from", isnan(unit) ? NULL : w.from_rounds ?
	    "rounds" : "probe");
	if (!w.from_rounds) {
		cJSON_AddNullToObject(u, "band_ns");
		return;
	}
	b = cJSON_AddArrayToObject(u, "band_ns");
	cJSON_AddItemToArray(b, json_number_item(w.lo_ns));
	cJSON_AddItemToArray(b, json_number_item(w.hi_ns));
}

int
report_result_json(FILE *fp, const struct result *r,
    const struct render_opts *opts)
{
	cJSON *o = cJSON_CreateObject(), *u, *a;
	const char *why;
	double unit = sync_unit(r, &why);
	size_t i;

	(void)opts;
	cJSON_AddStringToObject(o, "format", RESULT_SUMMARY_FORMAT);
	json_add_string_or_null(o, "file", r->path);
	json_add_string_or_null(o, "engine", r->engine);
	json_add_string_or_null(o, "version", r->version);
	json_add_string_or_null(o, "workload", r->workload);
	json_add_number(o, "concurrency", r->concurrency >= 0 ? (double)r->concurrency : NAN);
	u = cJSON_AddObjectToObject(o, "unit");
	json_add_number(u, "ns", unit);
	json_add_string_or_null(u, "reaches_device", r->probe ? reach_name(r->probe->reaches) : NULL);
	json_add_number(u, "probe_samples", r->probe ? (double)r->probe->nsamples : NAN);
	json_add_string_or_null(u, "why_none", why);
	unit_json(u, r, unit);
	cJSON_AddItemToObject(o, "host", r->host != NULL ?
	    result_host_to_json(r->host) : cJSON_CreateNull());
	a = cJSON_AddArrayToObject(o, "classes");
	for (i = 0; i < r->nclasses; i++)
		cJSON_AddItemToArray(a, class_json(&r->classes[i], unit));
	return json_print_and_delete(fp, o);
}
