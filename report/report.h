/* SPDX-License-Identifier: MIT */
/*
 * A verdict, a result or a probe record as text, Markdown, JSON, JUnit,
 * HTML, history or GitHub annotations.  Renderers never rule.  Each writes
 * to fp and returns 0, or -1 when the data cannot be rendered; write
 * errors surface when fp is closed.
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

/* An output format, a row in report/render.c; NULL where it has no such form. */
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

/* Ended by a NULL name; the first, text, is the default. */
extern const struct report_format report_formats[];

const struct report_format *report_format_find(const char *s);
/* The name of format i of the table, NULL past the last (lib/outputs.h). */
const char *report_format_nth(size_t i);
/* "text, markdown, json, junit or html" with last " or ", into buf. */
char *report_format_list(char *buf, size_t len, const char *last);

/* Fills o from the environment for output to fp: locale, NO_COLOR, isatty. */
void render_opts_detect(struct render_opts *o, FILE *fp, int force_ascii);

/*
 * v in report_formats[format] to fp, or -1 with err naming name and why:
 * a history format refuses a verdict it cannot hold (no figure of ours, a
 * Bencher name over 1024 bytes, two classes giving one benchmark one
 * measure).
 */
int report_verdict_to(FILE *fp, const struct gate_verdict *v, size_t format,
    const struct render_opts *o, const char *name, char *err);
int report_benchmark_action_why(const struct gate_verdict *v, char *buf, size_t len);
int report_bencher_why(const struct gate_verdict *v, char *buf, size_t len);

int report_text(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_markdown(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_json(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_junit(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);
int report_html(FILE *fp, const struct gate_verdict *v, const struct render_opts *o);

/*
 * Our figures as history (docs/ci.md): github-action-benchmark's
 * customSmallerIsBetter array, or Bencher Metric Format; an unbounded
 * interval end left out.  -1 when a name does not fit or two classes share one.
 */
int report_benchmark_action(FILE *fp, const struct gate_verdict *v,
    const struct render_opts *o);
int report_bencher(FILE *fp, const struct gate_verdict *v,
    const struct render_opts *o);

/*
 * An ::error per failed check, a ::warning per indeterminate one and per
 * half whose ruling no check carries; nothing for a verdict that passed.
 */
int report_annotations(FILE *fp, const struct gate_verdict *v);

/* s escaped for a workflow command: % CR LF, and in a property (prop) : and ,. */
void report_annotation_escape(FILE *fp, const char *s, int prop);

/*
 * The Markdown verdict's short form for a step summary the whole does not
 * fit: the halves, the classes that did not pass (then "and N more"), the
 * notes.  At most budget bytes (*len, no NUL), the caller frees; NULL when
 * even the verdict and notes do not fit.
 */
char *report_markdown_short(const struct gate_verdict *v,
    const struct render_opts *o, size_t budget, size_t *len);

/* One engine's run: each class's p50 and p99, writes in syncs of its own probe. */
int report_result_text(FILE *fp, const struct result *r, const struct render_opts *o);
int report_result_markdown(FILE *fp, const struct result *r,
    const struct render_opts *o);
int report_result_json(FILE *fp, const struct result *r, const struct render_opts *o);

/*
 * Appends md to $GITHUB_STEP_SUMMARY up to GitHub's limit: 0 appended; 1
 * the variable unset or empty; 2 the limit refused it (err set, nothing
 * appended); -1 with err set.
 */
#define REPORT_SUMMARY_MAX (1024L * 1024)
int report_summary_append(const char *md, size_t len, char *err);

/*
 * The verdict's Markdown appended, or its short form where the whole would
 * pass the limit (3, err set); otherwise returns as report_summary_append.
 */
int report_summary(const struct gate_verdict *v, const struct render_opts *o,
    char *err);

int report_probe_text(FILE *fp, const struct probe_record *p, const struct render_opts *o);

/* $GITHUB_STEP_SUMMARY as one more output (lib/fileset.h): -1 if refused. */
int report_summary_check(struct fileset *fs, char *err);

int report_main(int argc, char **argv);
void report_usage(FILE *fp);

#endif
