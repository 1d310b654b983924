/* SPDX-License-Identifier: MIT */
/*
 * Rendering: a verdict, a result or a probe record turned into text,
 * Markdown, JSON, JUnit XML or HTML, and a verdict into history for
 * dashboards and GitHub annotations.  Renderers never rule; they print
 * what the structures hold.  Each writes to fp and returns 0, or -1 when
 * the data cannot be rendered; write errors surface when fp is closed.
 */
#ifndef SYNCGATE_REPORT_H
#define SYNCGATE_REPORT_H

#include <stdio.h>
#include <cjson/cJSON.h>

#include "verdict/base.h"
#include "verdict/types.h"
#include "lib/fileset.h"
#include "model/probe_record.h"
#include "model/result.h"

struct render_opts {
	int ascii;      /* "us" for "µs", plain ASCII only (--ascii, non-UTF-8 locale) */
	int color;      /* ANSI colour (a terminal, and NO_COLOR unset) */
	int verbose;    /* each check's reason in full (--verbose) */
};

/*
 * An output format: the name --format gives and its renderers, a row in
 * report/render.c.  A format without a form of a result or a probe
 * record has NULL there.  A new format is its renderer and its row.
 */
struct report_format {
	const char *name;
	int (*verdict)(FILE *fp, const struct gate_verdict *v,
	    const struct render_opts *o);
	int (*result)(FILE *fp, const struct result *r, const struct render_opts *o);
	int (*probe)(FILE *fp, const struct probe_record *p,
	    const struct render_opts *o);
	/* why a verdict cannot be had in the format (1, buf set), or NULL */
	int (*why_not)(const struct gate_verdict *v, char *buf, size_t len);
};

/* The table, ended by a row whose name is NULL; the first, text, is the default. */
extern const struct report_format report_formats[];

/* The format named s, or NULL. */
const struct report_format *report_format_find(const char *s);
/* The name of format i of the table, NULL past the last (lib/outputs.h). */
const char *report_format_nth(size_t i);
/*
 * Every format's name as a list into buf (len bytes): "text, markdown,
 * json, junit or html" with last " or ".  Returns buf.
 */
char *report_format_list(char *buf, size_t len, const char *last);

/* Fills o from the environment for output to fp: locale, NO_COLOR, isatty. */
void render_opts_detect(struct render_opts *o, FILE *fp, int force_ascii);

/*
 * Why v cannot be had in format f (history: no figure of ours, a Bencher
 * benchmark name over its 1024 bytes, or two classes giving one
 * benchmark the same measure), into buf; returns 1 with a reason, 0
 * where it can be (every other format).
 */
int report_history_why(const struct gate_verdict *v, const struct report_format *f,
    char *buf, size_t len);
int report_benchmark_action_why(const struct gate_verdict *v, char *buf, size_t len);
int report_bencher_why(const struct gate_verdict *v, char *buf, size_t len);

/* The verdict in format f. */
int report_render(FILE *fp, const struct gate_verdict *v,
    const struct report_format *f, const struct render_opts *o);

int report_text(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_markdown(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_json(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_junit(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_html(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);

/*
 * Our side's figures as history (report/history.c, docs/ci.md): an array
 * of github-action-benchmark's customSmallerIsBetter entries, or a
 * Bencher Metric Format object.  One entry per class and statistic (p50,
 * p99), a write class's syncs beside its latencies; an interval's end
 * that could not be bounded is left out.  -1 when a name does not fit
 * (Bencher: 1024 bytes) or two classes would share one.
 */
int report_benchmark_action(FILE *fp, const struct gate_verdict *v,
    const struct render_opts *o);
int report_bencher(FILE *fp, const struct gate_verdict *v,
    const struct render_opts *o);

/*
 * GitHub workflow commands for the verdict (report/annotations.c): an
 * ::error for each failed check, a ::warning for each indeterminate one,
 * and one for a half whose ruling no check carries (a unit that cannot
 * be trusted).  Nothing for a verdict that passed.
 */
int report_annotations(FILE *fp, const struct gate_verdict *v);

/*
 * Writes s to fp escaped for a workflow command: %, CR and LF as %25, %0D
 * and %0A, and in a property (prop) : and , as %3A and %2C too.
 */
void report_annotation_escape(FILE *fp, const char *s, int prop);

/*
 * The Markdown verdict's short form, for a step summary the whole would
 * not fit in: the verdict, each half's ruling (its reason, or counts when
 * the reason is long), the classes that did not pass (as many as fit,
 * then "and N more"), the notes, and a line saying where the full table
 * is.  Returns a buffer of at most budget bytes (*len of them, no NUL)
 * that the caller frees, or NULL when even the verdict and the notes do
 * not fit.
 */
char *report_markdown_short(const struct gate_verdict *v,
    const struct render_opts *o, size_t budget, size_t *len);

/*
 * The verdict as a syncgate-verdict/1 tree (docs/verdict-format.md); the
 * caller frees it with cJSON_Delete.
 */
cJSON *report_verdict_to_json(const struct gate_verdict *v);

/*
 * A summary of one engine's run: each class's p50 and p99, and the write
 * classes in syncs of the result's own probe when that probe says its
 * flush reaches a device.  As text, markdown or json
 * (syncgate-result-summary/1).
 */
int report_result_text(FILE *fp, const struct result *r, const struct render_opts *o);
int report_result_markdown(FILE *fp, const struct result *r,
    const struct render_opts *o);
int report_result_json(FILE *fp, const struct result *r, const struct render_opts *o);

/*
 * Appends Markdown (len bytes) to the file $GITHUB_STEP_SUMMARY names,
 * refusing to take it past REPORT_SUMMARY_MAX bytes, GitHub's limit.
 * Returns 0 when appended; 1 when GITHUB_STEP_SUMMARY is unset or empty
 * (nothing done; the caller says so); 2 when the limit refused it (err
 * says so; nothing appended, not an I/O error); -1 with err set.
 */
#define REPORT_SUMMARY_MAX (1024L * 1024)
int report_summary_append(const char *md, size_t len, char *err);

/*
 * The verdict's Markdown appended as report_summary_append does; where
 * the whole would take the file past the limit, its short form
 * (report_markdown_short) instead.  Returns as report_summary_append,
 * and 3 when the short form was appended (err says so, to be warned).
 */
int report_summary(const struct gate_verdict *v, const struct render_opts *o,
    char *err);

/* A probe record as `syncgate probe` prints it. */
int report_probe_text(FILE *fp, const struct probe_record *p, const struct render_opts *o);

/*
 * Checks the file $GITHUB_STEP_SUMMARY names as one more output of the
 * command (lib/fileset.h): an input, an -o output or a directory there
 * is refused, with err set and -1 returned.  Unset or empty, it is 0:
 * the caller says so when it appends.
 */
int report_summary_check(struct fileset *fs, char *err);

/* The subcommand: re-renders a verdict, a result or a probe file. */
int report_main(int argc, char **argv);
void report_usage(FILE *fp);

#endif
