/* SPDX-License-Identifier: MIT */
/*
 * The verdict as GitHub Markdown for a pull request, and a short form for
 * a step summary the whole does not fit.  All input text goes through
 * escape_markdown; symbols and <details> folds are our only markup.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/units.h"
#include "report/layout.h"
#include "report/report.h"
#include "report/words.h"

/* The symbol and a space before ruling r's name; none in ASCII. */
static const char *
mark(enum ruling r, const struct render_opts *o)
{
	static const char *const symbols[VERDICT_NRULINGS] = {
		[RULING_NOT_RULED] = "\u2796 ",
		[RULING_PASS] = "\u2705 ",
		[RULING_FAIL] = "\u274c ",
		[RULING_INDETERMINATE] = "\u26a0\ufe0f ",
	};

	if (o->ascii)
		return "";
	return symbols[(size_t)r < VERDICT_NRULINGS ? r : RULING_NOT_RULED];
}

static escape_fn *
md_esc(const struct render_opts *o)
{
	return o->ascii ? escape_markdown_ascii : escape_markdown;
}

static void
md_say(FILE *fp, const struct render_opts *o, const char *lead, const char *s)
{
	fputs(lead, fp);
	md_esc(o)(fp, s);
}

/* s as a block of its own (a leading "-" escaped), between lead and end. */
static void
md_line(FILE *fp, const struct render_opts *o, const char *lead, const char *s,
    const char *end)
{
	fputs(lead, fp);
	(o->ascii ? escape_markdown_line_ascii : escape_markdown_line)(fp, s);
	fputs(end, fp);
}

/* Hidden and constant, so a job finds and edits its earlier PR comment. */
#define MARKER "<!-- syncgate-verdict -->\n"

static void
header(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	char u[512];

	fprintf(fp, MARKER "## %ssyncgate: %s\n\n", mark(v->overall, o),
	    ruling_name(v->overall));
	/* an undecided verdict says so first: a job passing on it has proved nothing */
	if (v->overall == RULING_INDETERMINATE)
		fprintf(fp, "> **The gate could not rule**: %s.\n\n",
		    layout_undecided(v, u, sizeof u));
	md_line(fp, o, "", v->headline, "\n\n");
}

static void
latency_row(FILE *fp, const struct gate_verdict *v, const struct verdict_row *r,
    const struct render_opts *o)
{
	char f[6][DURLEN];

	layout_row_figures(f, v, r, o->ascii);
	md_say(fp, o, "| ", r->name);
	fprintf(fp, " | %s | %s | %s | %s | %s | %s | %s | %s%s |\n",
	    class_kind_name(r->kind), f[0], f[1], f[2], f[3], f[4], f[5],
	    mark(r->ruling, o), ruling_name(r->ruling));
}

static void
latency_head(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	fputs("| Class | Kind", fp);
	layout_name_heads(fp, v, md_esc(o), " | ", "");
	fputs(" | p50 x | p99 x | Verdict |\n", fp);
	fputs("| :-- | :-- | --: | --: | --: | --: | --: | --: | :-- |\n", fp);
}

static void
ratio_legend(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	md_say(fp, o, "x is ", verdict_rival_label(v));
	fprintf(fp, "%s latency divided by ", words_apostrophe(verdict_rival_label(v)));
	md_esc(o)(fp, verdict_ours_label(v));
	fprintf(fp, "%s: above 1, ", words_apostrophe(verdict_ours_label(v)));
	md_esc(o)(fp, verdict_ours_label(v));
	fputs(" is faster.\n\n", fp);
}

static void
group_commit(FILE *fp, const char *label, const struct verdict_side *s,
    const struct render_opts *o)
{
	char a[DURLEN], b[DURLEN];

	if (!s->has_probe || s->group_writers <= 0)
		return;
	md_say(fp, o, "Group commit measured by ", label);
	fprintf(fp, "%s probe: %d %s, %s syncs at p50, %s at p99.\n\n",
	    words_apostrophe(label), s->group_writers,
	    words_plural((size_t)s->group_writers, "writer", "writers"),
	    units_fmt_ratio(a, sizeof a, s->group_syncs_p50),
	    units_fmt_ratio(b, sizeof b, s->group_syncs_p99));
}

static void
syncs_table(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	char s[4][DURLEN];
	size_t i;

	fputs("### Writes in durable syncs\n\n", fp);
	if (v->unit.source == UNIT_NONE) {
		md_say(fp, o, "Not ruled in syncs: ",
		    v->unit.why_none ? v->unit.why_none : "no unit");
		fputs(".\n\n", fp);
		layout_flushes(fp, v, md_esc(o), "Flushes: ", ".\n\n");
		return;
	}
	md_line(fp, o, "", v->unit.description, "");
	layout_band(fp, v, o->ascii, md_esc(o));
	fputs("\n\n| Class", fp);
	layout_name_heads(fp, v, md_esc(o), " | ", "");
	fputs(" | Verdict |\n| :-- | --: | --: | --: | --: | :-- |\n", fp);
	for (i = 0; i < v->nrows; i++) {
		const struct verdict_row *r = &v->rows[i];

		if (r->kind != KIND_WRITE)
			continue;
		md_say(fp, o, "| ", r->name);
		layout_row_syncs(s, v, r);
		fprintf(fp, " | %s | %s | %s | %s | %s%s |\n", s[0], s[1], s[2],
		    s[3], mark(r->ruling, o), ruling_name(r->ruling));
	}
	fputc('\n', fp);
	layout_flushes(fp, v, md_esc(o), "Flushes: ", ".\n\n");
	if (v->ceiling_note != NULL) {
		md_say(fp, o, "Ceiling: ", v->ceiling_note);
		fputs("\n\n", fp);
		return;
	}
	if (!isnan(v->commit_syncs))
		fprintf(fp, "Ceiling: %s syncs a commit at p50 (--commit-syncs).\n\n",
		    gate_limit_num(s[0], DURLEN, v->commit_syncs));
	group_commit(fp, verdict_ours_label(v), &v->ours, o);
	group_commit(fp, verdict_rival_label(v), &v->rival, o);
}

#define SHORT_REASON_MAX 600

static void
half_counts(FILE *fp, const struct gate_verdict *v, enum class_kind kind)
{
	size_t n[VERDICT_NRULINGS] = { 0 }, i, all = 0;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].kind == kind) {
			n[v->rows[i].ruling]++;
			all++;
		}
	fprintf(fp, "of %zu %s, %zu fail, %zu indeterminate, %zu pass", all,
	    all == 1 ? "class" : "classes", n[RULING_FAIL], n[RULING_INDETERMINATE],
	    n[RULING_PASS]);
}

/* brief: the short form, a long reason as counts. */
static void
half(FILE *fp, const struct gate_verdict *v, enum class_kind kind, int brief,
    const struct render_opts *o)
{
	const struct verdict_half *h = kind == KIND_READ ? &v->reads : &v->writes;

	fprintf(fp, "- %s**%s: %s**", mark(h->ruling, o),
	    kind == KIND_READ ? "Reads" : "Writes", ruling_name(h->ruling));
	if (brief && h->reason != NULL && strlen(h->reason) > SHORT_REASON_MAX) {
		fputs(": ", fp);
		half_counts(fp, v, kind);
		fputs(" (the reasons are in the full verdict)", fp);
	} else if (h->reason != NULL) {
		md_say(fp, o, ": ", h->reason);
	}
	fputc('\n', fp);
}

struct legend {
	FILE *fp;
	const struct render_opts *o;
	int items;
};

static void
legend_item(void *arg, const char *name, const char *text)
{
	struct legend *l = arg;

	md_say(l->fp, l->o, l->items++ == 0 ? "\n- *" : "- *", name);
	md_say(l->fp, l->o, "*: ", text);
	fputc('\n', l->fp);
}

static void
checks(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	char val[FIGLEN], ci[FIGLEN], lim[FIGLEN], pc[FIGLEN];
	size_t i;

	if (v->nchecks == 0)
		return;
	fprintf(fp, "<details><summary>Checks%s (%zu)</summary>\n\n",
	    layout_confidence(pc, sizeof pc, v, " at ", " confidence"), v->nchecks);
	fprintf(fp, "| Class | Statistic | Value | Interval | Limit | Verdict | %s |\n"
	    "| :-- | :-- | --: | :-- | :-- | :-- | :-- |\n",
	    o->verbose ? "Reason" : "Why");
	for (i = 0; i < v->nchecks; i++) {
		const struct verdict_check *c = &v->checks[i];
		char why[FIGLEN];

		md_say(fp, o, "| ", c->class_name);
		md_say(fp, o, " | ", c->statistic);
		md_say(fp, o, " | ", layout_check_value(val, sizeof val, c));
		fprintf(fp, " | %s", layout_check_interval(ci, sizeof ci, c));
		md_say(fp, o, " | ", layout_check_limit(lim, sizeof lim, c));
		fprintf(fp, " | %s%s", mark(c->ruling, o), ruling_name(c->ruling));
		md_say(fp, o, " | ",
		    o->verbose ? c->reason : words_why(v, c, why, sizeof why));
		fputs(" |\n", fp);
	}
	if (!o->verbose)
		words_why_each(v, legend_item, &(struct legend){ fp, o, 0 });
	fputs("\n</details>\n\n", fp);
}

/* The unit first: where rounds gave it, the probe is not called one sync. */
static void
probe(FILE *fp, const struct gate_verdict *v, int ours,
    const struct render_opts *o)
{
	const struct verdict_side *s = ours ? &v->ours : &v->rival;
	char med[DURLEN], lo[DURLEN], hi[DURLEN], unit[UNITLEN];
	size_t i;

	md_line(fp, o, "- ", ours ? verdict_ours_label(v) : verdict_rival_label(v),
	    ": writes divided by ");
	fputs(layout_side_unit(unit, v, ours, o->ascii), fp);
	if (!s->has_probe) {
		fputs("; no probe\n", fp);
		return;
	}
	fprintf(fp, "; probe before %s: %s", layout_probe_when(s),
	    units_fmt_duration(med, sizeof med, s->probe_median_ns, o->ascii));
	if (!isnan(s->probe_ci_lo_ns) || !isnan(s->probe_ci_hi_ns))
		fprintf(fp, " [%s, %s]", units_fmt_duration(lo, sizeof lo,
		    s->probe_ci_lo_ns, o->ascii), units_fmt_duration(hi, sizeof hi,
		    s->probe_ci_hi_ns, o->ascii));
	fprintf(fp, " (median of %zu, ", s->probe_samples);
	md_esc(o)(fp, s->method ? s->method : "unknown method");
	md_say(fp, o, " on ", s->fs ? s->fs : "an unknown filesystem");
	md_say(fp, o, "), volume ", s->volume_id ? s->volume_id : "unknown");
	md_say(fp, o, ", host ", s->host_id ? s->host_id : "unknown");
	fprintf(fp, "; reaches the device: %s\n", reach_name(s->reaches));
	for (i = 0; i < s->nevidence; i++)
		md_line(fp, o, "  - ", s->evidence[i], "\n");
}

static void
notes(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	size_t i;

	if (v->nnotes == 0)
		return;
	fputs("### Notes\n\n", fp);
	for (i = 0; i < v->nnotes; i++)
		md_line(fp, o, "- ", v->notes[i], "\n");
	fputc('\n', fp);
}

static void
lists(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	size_t i;

	notes(fp, v, o);
	if (v->nunmatched > 0) {
		fputs("### On one side only, not ruled\n\n", fp);
		for (i = 0; i < v->nunmatched; i++) {
			const struct verdict_unmatched *u = &v->unmatched[i];

			md_line(fp, o, "- ", u->name, "");
			fprintf(fp, " (%s): ", class_kind_name(u->kind));
			md_esc(o)(fp, u->reason);
			fputc('\n', fp);
		}
		fputc('\n', fp);
	}
	fputs("<details><summary>Probes</summary>\n\n", fp);
	probe(fp, v, 1, o);
	probe(fp, v, 0, o);
	fputs("\n</details>\n", fp);
}

int
report_markdown(FILE *fp, const struct gate_verdict *v, const struct render_opts *o)
{
	size_t i;

	header(fp, v, o);
	if (v->nrows > 0) {
		latency_head(fp, v, o);
		for (i = 0; i < v->nrows; i++)
			latency_row(fp, v, &v->rows[i], o);
		fputc('\n', fp);
		ratio_legend(fp, v, o);
	}
	if (layout_rows(v, KIND_WRITE))
		syncs_table(fp, v, o);
	fputs("### Verdict\n\n", fp);
	half(fp, v, KIND_READ, 0, o);
	half(fp, v, KIND_WRITE, 0, o);
	fputc('\n', fp);
	checks(fp, v, o);
	lists(fp, v, o);
	return 0;
}

/* The short form's parts, each rendered whole so its size is known. */
struct short_parts {
	char *head, *rows, *tail;
	size_t nhead, nrows, ntail;
	size_t *ends;   /* ends[i]: where the i-th row shown ends in rows */
	size_t nbad;    /* rows that did not pass */
};

static void
short_rows(FILE *fp, struct short_parts *p, const struct gate_verdict *v,
    const struct render_opts *o)
{
	size_t i;

	p->ends = xcalloc(v->nrows + 1, sizeof *p->ends);
	for (i = 0; i < v->nrows; i++) {
		if (v->rows[i].ruling != RULING_FAIL &&
		    v->rows[i].ruling != RULING_INDETERMINATE)
			continue;
		latency_row(fp, v, &v->rows[i], o);
		fflush(fp);
		p->ends[p->nbad++] = (size_t)ftell(fp);
	}
}

static int
short_parts(struct short_parts *p, const struct gate_verdict *v,
    const struct render_opts *o)
{
	FILE *f[3] = { open_memstream(&p->head, &p->nhead),
		open_memstream(&p->rows, &p->nrows), open_memstream(&p->tail, &p->ntail) };
	int rc = f[0] != NULL && f[1] != NULL && f[2] != NULL ? 0 : -1, k;

	if (rc == 0) {
		header(f[0], v, o);
		fputs("### Verdict\n\n", f[0]);
		half(f[0], v, KIND_READ, 1, o);
		half(f[0], v, KIND_WRITE, 1, o);
		fputc('\n', f[0]);
		short_rows(f[1], p, v, o);
		notes(f[2], v, o);
		fputs("The full verdict is too large for a step summary (GitHub's "
		    "limit is 1 MiB): every class, the checks and the probes are in "
		    "the outputs written with -o (Markdown, JSON or HTML), such as the "
		    "run's artifacts.\n", f[2]);
	}
	for (k = 0; k < 3; k++)
		if (f[k] != NULL && fclose(f[k]) != 0)
			rc = -1;
	return rc;
}

static void
short_out(FILE *fp, const struct short_parts *p, const struct gate_verdict *v,
    size_t shown, const struct render_opts *o)
{
	fwrite(p->head, 1, p->nhead, fp);
	if (p->nbad == 0) {
		fprintf(fp, v->nrows == 1 ? "The one class passed.\n\n" :
		    "Every one of the %zu classes passed.\n\n", v->nrows);
	} else {
		fprintf(fp, "### Classes that did not pass: %zu of %zu\n\n",
		    p->nbad, v->nrows);
		latency_head(fp, v, o);
		fwrite(p->rows, 1, shown ? p->ends[shown - 1] : 0, fp);
		if (shown < p->nbad)
			fprintf(fp, "\nand %zu more that did not pass.\n", p->nbad - shown);
		fputc('\n', fp);
		ratio_legend(fp, v, o);
	}
	fwrite(p->tail, 1, p->ntail, fp);
}

/* Room for the table's head, the legend and "and N more". */
#define SHORT_FRAME 2048

char *
report_markdown_short(const struct gate_verdict *v, const struct render_opts *o,
    size_t budget, size_t *len)
{
	struct short_parts p;
	char *out = NULL;
	size_t fixed, shown;
	FILE *fp;

	memset(&p, 0, sizeof p);
	*len = 0;
	if (short_parts(&p, v, o) < 0)
		goto out;
	fixed = p.nhead + p.ntail + SHORT_FRAME;
	if (fixed > budget)
		goto out;
	for (shown = p.nbad; shown > 0 && fixed + p.ends[shown - 1] > budget; shown--)
		;
	fp = open_memstream(&out, len);
	if (fp == NULL)
		goto out;
	short_out(fp, &p, v, shown, o);
	if (fclose(fp) != 0 || *len > budget) {
		free(out);
		out = NULL;
		*len = 0;
	}
out:
	free(p.head);
	free(p.rows);
	free(p.tail);
	free(p.ends);
	return out;
}
