/* SPDX-License-Identifier: MIT */
/*
 * `syncgate calibrate`: how much this runner moves a figure from run to run,
 * so `syncgate gate --noise` rules one run honestly, and what it can tell.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibrate/calibrate.h"
#include "calibrate/plan.h"
#include "lib/args.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fileset.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/path.h"
#include "model/runs.h"
#include "lib/units.h"
#include "lib/utf8.h"
#include "lib/version.h"
#include "report/escape.h"
#include "lib/outputs.h"
#include "report/report.h"

#define CALIBRATE_MAX_RUNS 1000
/* The power the table's changes are told at, as the gate's runs needed are. */
#define CALIBRATE_POWER 0.8

static const size_t table_runs[] = { 1, 3, 5, 10 };
#define NTABLE (sizeof table_runs / sizeof table_runs[0])

struct args {
	const char *files[CALIBRATE_MAX_RUNS];
	size_t n;
	double confidence;
	double max_regression;
	double power;           /* the plan's: an A/A settled this often */
	double budget_s;        /* --budget; NaN: none */
	struct outputs outs;
};

enum { OPT_BUDGET = 256, OPT_CONFIDENCE, OPT_FORMAT, OPT_MAX_REGRESSION,
	OPT_OUTPUT, OPT_POWER };

static const struct arg_opt options[] = {
	{ .name = "budget", .value = "DURATION", .id = OPT_BUDGET,
	  .help = "also print the smallest limit a plan settles within DURATION "
	  "(\"90s\", \"600s\")" },
	{ .name = "confidence", .value = "LEVEL", .id = OPT_CONFIDENCE,
	  .help = "level of the gate's intervals (default 95%)" },
	{ .name = "format", .value = "FORMAT", .id = OPT_FORMAT,
	  .help = "text (the table) or json (syncgate-noise/1); default text" },
	{ .name = "help", .letter = 'h', .id = ARG_HELP, .help = "print this help" },
	{ .name = "", .help = "end of the options: every word after it is a "
	  "RUN.json, even one that starts with -" },
	{ .name = "max-regression", .value = "PCT", .id = OPT_MAX_REGRESSION,
	  .help = "the gate's limit the table's last line reads against (default "
	  "5%)" },
	OUTPUTS_OPTION(OPT_OUTPUT),
	{ .name = "power", .value = "PCT", .id = OPT_POWER,
	  .help = "how often the plan's runs settle an A/A at the limit (default "
	  "80%)" },
};

void
calibrate_usage(FILE *fp)
{
	fputs(
"usage: syncgate calibrate RUN.json RUN.json... [--confidence LEVEL]\n"
"                          [--max-regression PCT] [--power PCT]\n"
"                          [--budget DURATION] [--format FORMAT] [-o FILE]\n"
"\n"
"Measures this runner's run-to-run noise from two or more runs of one\n"
"engine with nothing changed between them (an A/A test), class by class,\n"
"and prints the smallest change the gate could tell from it with 1, 3, 5\n"
"and 10 runs a side, at 80% power.  The syncgate-noise/1 record it writes\n"
"with --format json is what syncgate gate --noise takes.  Runs from several\n"
"sessions (syncgate run or syncgate-bench invocations, in several CI jobs)\n"
"also measure how far a session shifts its runs, which lets the gate rule\n"
"sides from two sessions instead of holding their fails.  It plans: the\n"
"fewest runs a side and the run length that settle an A/A at\n"
"--max-regression with --power as syncgate run gates them, in the least\n"
"wall time the runs' own clocks predict.\n"
"\n", fp);
	args_help(fp, options, sizeof options / sizeof options[0]);
	fputs(
"\n"
"exit status: 0 measured, 2 trouble (usage, fewer than two runs, runs that\n"
"cannot stand together, unreadable or malformed input, a write error)\n",
	    fp);
}

static int
take(void *ctx, int opt, const char *v, char *err)
{
	struct args *a = ctx;

	switch (opt) {
	case ARG_WORD:
		if (a->n == CALIBRATE_MAX_RUNS)
			return errf(err, "more than %d runs; expected at most %d",
			    CALIBRATE_MAX_RUNS, CALIBRATE_MAX_RUNS);
		a->files[a->n++] = v;
		return 0;
	case OPT_CONFIDENCE:
		return units_parse_percent(v, 0.5, 1, &a->confidence,
		    "--confidence", err);
	case OPT_FORMAT:
		if (strcmp(v, "text") != 0 && strcmp(v, "json") != 0)
			return errf(err, "--format: %s is not one calibrate writes; "
			    "expected text or json", v);
		return outputs_format(&a->outs, v, err);
	case OPT_MAX_REGRESSION:
		return units_parse_percent(v, 0, 10, &a->max_regression,
		    "--max-regression", err);
	case OPT_OUTPUT:
		return outputs_add(&a->outs, v, err);
	case OPT_POWER:
		return units_parse_percent(v, 0.5, 1, &a->power, "--power", err);
	case OPT_BUDGET:
		if (units_parse_duration(v, 1e9, 1e9 * 86400 * 30, 0,
		    &a->budget_s, "--budget", err) < 0)
			return -1;
		a->budget_s /= 1e9;
		return 0;
	}
	return errf(err, "unknown option; see syncgate help calibrate");
}

static int
parse_args(int argc, char **argv, struct args *a, char *err)
{
	static const struct arg_cmd cmd = ARG_CMD("syncgate help calibrate",
	    options, take);
	int rc;

	*a = (struct args){ .confidence = 0.95, .max_regression = 0.05,
	    .power = 0.8, .budget_s = NAN };
	outputs_init(&a->outs, OUTPUTS_MAX, report_format_nth);
	if ((rc = args_parse(&cmd, a, argc, argv, err)) != 0)
		return rc;
	if (a->n < 2)
		return errf(err, "%s; expected two runs or more of one engine with "
		    "nothing changed between them", a->n == 0 ? "no runs" :
		    "one run alone has no run-to-run noise to measure");
	return outputs_end(&a->outs, err);
}

/* The two files named alike: one run counted twice would halve the noise. */
static int
check_files(const struct args *a, char *err)
{
	size_t i, j;

	for (i = 0; i < a->n; i++) {
		if (strcmp(a->files[i], "-") == 0)
			return errf(err, "-: reading a result from standard input is not "
			    "supported; expected a file (./- for a file named -)");
		for (j = 0; j < i; j++)
			if (path_same_file(a->files[i], a->files[j]))
				return errf(err, "%s and %s are one file; expected each run "
				    "once", a->files[j], a->files[i]);
	}
	return 0;
}

static void
measure_stat(double *logs, double *within, size_t n, const size_t *group,
    size_t g, struct noise_stat *s)
{
	struct runs_sessions rs;
	struct runs_est e;
	double w = 0;
	size_t i, finite = 0;

	for (i = 0; i < n; i++)
		if (!isnan(within[i])) {
			w += within[i];
			finite++;
		}
	/* a run too thin to bound p99 has no sampling variance to report */
	for (i = 0; i < n; i++)
		if (isnan(within[i]))
			within[i] = finite ? w / (double)finite : 0;
	runs_est_init(&e, logs, within, NULL, n);
	*s = (struct noise_stat){ .have = 1, .log_sd = sqrt(e.between),
	    .df = (double)(n - 1), .within_log_sd = sqrt(e.within),
	    .geomean = exp(e.mean) };
	/* runs of several sessions: the spread within one and the shift apart */
	if (g < 2)
		return;
	runs_between_sessions(logs, group, n, g, &rs);
	if (!rs.have)
		return;
	s->log_sd = sqrt(rs.within_var);
	s->df = rs.within_df;
	s->have_session = 1;
	s->session_log_sd = sqrt(rs.session_var);
	s->session_df = rs.session_df;
}

static void
measure_class(const struct result *const *runs, size_t n, const size_t *group,
    size_t g, const char *name, int syncs, double level,
    struct noise_class *nc)
{
	double *l = xcalloc(4 * n, sizeof *l), *w = l + n, *y = l + 2 * n;
	double *wy = l + 3 * n, lu, wu;
	size_t i;
	int q;

	for (q = 0; q < 2; q++) {
		for (i = 0; i < n; i++) {
			(void)runs_class_log(result_find(runs[i], name), q ? 0.99 : 0.5,
			    level, &l[i], &w[i]);
			if (!syncs)
				continue;
			(void)runs_probe_log(runs[i]->probe, level, &lu, &wu);
			y[i] = l[i] - lu;
			wy[i] = isnan(w[i]) ? NAN : w[i] + (isnan(wu) ? 0 : wu);
		}
		measure_stat(l, w, n, group, g, &nc->stat[q ? NOISE_P99 : NOISE_P50]);
		if (syncs)
			measure_stat(y, wy, n, group, g, &nc->stat[q ? NOISE_SYNCS_P99 :
			    NOISE_SYNCS_P50]);
	}
	free(l);
}

/* n runs' noise (n >= 2, checked to stand together) at level into out. */
static void
calibrate_measure(const struct result *const *runs, const char *const *files,
    size_t n, double level, struct noise *out)
{
	const struct result *r0 = runs[0];
	size_t *group = xcalloc(n, sizeof *group);
	size_t i, g = runs_sessions(runs, n, group);
	int syncs = 1;

	/* the syncs' noise where every run's probe puts its writes in syncs */
	for (i = 0; i < n; i++)
		syncs &= runs[i]->probe != NULL && runs[i]->probe->reaches == REACH_YES;
	*out = (struct noise){ .version = xstrdup(SYNCGATE_VERSION),
	    .created = clock_utc_now(), .engine = xstrdup(r0->engine),
	    .engine_version = r0->version ? xstrdup(r0->version) : NULL,
	    .workload = r0->workload ? xstrdup(r0->workload) : NULL,
	    .host_id = r0->probe && r0->probe->host_id ?
	    xstrdup(r0->probe->host_id) : NULL, .concurrency = r0->concurrency,
	    .runs = n, .confidence = level, .nfiles = n,
	    .files = xcalloc(n, sizeof *out->files),
	    .classes = xcalloc(r0->nclasses, sizeof *out->classes),
	    .nclasses = r0->nclasses,
	    /* a shift measured needs two sessions and a run more than sessions */
	    .sessions = g >= 2 && n > g ? g : 0 };
	for (i = 0; i < n; i++)
		out->files[i] = xstrdup(files[i]);
	for (i = 0; i < r0->nclasses; i++) {
		struct noise_class *nc = &out->classes[i];

		nc->name = xstrdup(r0->classes[i].name);
		nc->kind = r0->classes[i].kind;
		measure_class(runs, n, group, g, nc->name, syncs &&
		    nc->kind == KIND_WRITE, level, nc);
	}
	free(group);
}

/*
 * The distance past the limit, in one run's standard deviations, at which
 * a gate settles with probability power: every figure scales with the
 * spread, so one search serves every statistic of a df.
 */
static double
settle_distance(double df, size_t k, double level, double power)
{
	static struct memo {
		double df, level, power, d;
		size_t k;
	} memo[64];
	static unsigned next;
	double lo = 0, hi = 1, mid;
	unsigned i;

	for (i = 0; i < 64; i++)
		if (memo[i].df == df && memo[i].k == k && memo[i].level == level &&
		    memo[i].power == power)
			return memo[i].d;
	while (runs_settle_prob(hi, 1, df, k, level) < power && hi < 1e6)
		hi *= 2;
	for (i = 0; i < 60 && hi < 1e6; i++) {
		mid = lo + (hi - lo) / 2;
		if (runs_settle_prob(mid, 1, df, k, level) < power)
			lo = mid;
		else
			hi = mid;
	}
	i = next++ % 64;
	memo[i] = (struct memo){ df, level, power, hi < 1e6 ? hi : INFINITY, k };
	return memo[i].d;
}

double
calibrate_detectable(const struct noise_stat *s, size_t k, double level,
    double power)
{
	/* its degrees of freedom counted once, as gate/rules.c's priors */
	return exp(s->log_sd * settle_distance(s->df, k, level, power)) - 1;
}

/* "12%", "0.4%", or "more than 1000%" past what a gate could tell. */
static const char *
pct(char *buf, size_t len, double x)
{
	if (!isfinite(x) || x > 10)
		snprintf(buf, len, "over 1000%%");
	else
		snprintf(buf, len, "%.*f%%", x * 100 >= 10 ? 0 : 1, x * 100);
	return buf;
}

static const char *const stat_words[NOISE_NSTATS] = { "p50", "p99",
	"p50 syncs", "p99 syncs" };

struct table {
	const struct noise *n;
	const struct args *a;
	struct plan plan;
	struct plan_cost cost;
	double budget_limit;    /* NaN: no --budget, or none settles in it */
};

/* The columns after Class: Statistic, Noise, then one a number of runs. */
#define NCOLS (2 + NTABLE)

static const char *const col_head[NCOLS] = { "Statistic", "Noise", "1 run",
	"3 runs", "5 runs", "10 runs" };
/* The widths the columns had before any cell outgrew them. */
static const size_t col_min[NCOLS] = { 11, 8, 9, 9, 9, 9 };

/* s, then spaces to width (the last column: none). */
static void
pad(FILE *fp, const char *s, size_t width)
{
	size_t w = text_width(s);

	fprintf(fp, "%s%*s", s, w < width ? (int)(width - w) : 0, "");
}

static void
row_cells(const struct noise_class *c, int w, const struct args *a,
    char cell[NCOLS][32])
{
	const struct noise_stat *s = &c->stat[w];
	size_t k;

	snprintf(cell[0], sizeof cell[0], "%s", stat_words[w]);
	pct(cell[1], sizeof cell[1], exp(s->log_sd) - 1);
	for (k = 0; k < NTABLE; k++)
		pct(cell[2 + k], sizeof cell[2 + k], calibrate_detectable(s,
		    table_runs[k], a->confidence, CALIBRATE_POWER));
}

/* Columns' widest cells plus two blanks ("over 1000%"); returns the names'. */
static size_t
col_widths(const struct noise *n, const struct args *a, size_t width[NCOLS])
{
	char cell[NCOLS][32], *name;
	size_t i, k, nw = strlen("Class");
	int w;

	memcpy(width, col_min, sizeof col_min);
	for (i = 0; i < n->nclasses; i++) {
		name = xescaped(escape_plain, n->classes[i].name);
		nw = text_width(name) > nw ? text_width(name) : nw;
		free(name);
		for (w = 0; w < NOISE_NSTATS; w++) {
			if (!n->classes[i].stat[w].have)
				continue;
			row_cells(&n->classes[i], w, a, cell);
			for (k = 0; k < NCOLS; k++)
				if (text_width(cell[k]) + 2 > width[k])
					width[k] = text_width(cell[k]) + 2;
		}
	}
	return nw;
}

static void
print_row(FILE *fp, const char *name, size_t nw, const char *const *cell,
    const size_t width[NCOLS])
{
	char *shown = xescaped(escape_plain, name);
	size_t k;

	pad(fp, shown, nw + 2);
	free(shown);
	for (k = 0; k < NCOLS; k++)
		pad(fp, cell[k], k + 1 < NCOLS ? width[k] : 0);
	fputc('\n', fp);
}

/* Runs of several sessions: how far a session shifts beyond its spread. */
static void
print_sessions(FILE *fp, const struct noise *n)
{
	char b[32];
	size_t i;
	int w;

	if (n->sessions < 2)
		return;
	fprintf(fp, "\nBetween sessions: the standard deviation of a session's "
	    "shift, beyond the\nspread within it (a one-way analysis of variance; "
	    "0 where the sessions differ\nno more than their runs do):\n");
	for (i = 0; i < n->nclasses; i++)
		for (w = 0; w < NOISE_NSTATS; w++) {
			const struct noise_stat *st = &n->classes[i].stat[w];

			if (!st->have || !st->have_session)
				continue;
			fputs("  ", fp);
			escape_plain(fp, n->classes[i].name);
			fprintf(fp, " %s: %s (%.3g degrees of freedom)\n", stat_words[w],
			    pct(b, sizeof b, exp(st->session_log_sd) - 1),
			    st->session_df);
		}
	fprintf(fp, "With --noise FILE, sides whose runs came apart carry this "
	    "shift; without it\nthey carry the gate's stated default (0.10 at "
	    "p50, 0.25 at p99).\n");
}

static void
print_table(FILE *fp, const struct noise *n, const struct args *a)
{
	const char *const said[][2] = { { "calibrate: ", n->engine },
		{ " ", n->engine_version }, { " on ", n->workload } };
	size_t i, k, nw, width[NCOLS];
	char cf[32], cell[NCOLS][32];
	const char *cells[NCOLS];
	int w;

	/* names from the runs, shown as the reports show them (report/escape.h) */
	for (k = 0; k < 3; k++)
		if (said[k][1] != NULL) {
			fputs(said[k][0], fp);
			escape_plain(fp, said[k][1]);
		}
	fprintf(fp, ", %zu runs at %s confidence\n", n->runs,
	    pct(cf, sizeof cf, a->confidence));
	fprintf(fp, "The smallest change the gate tells from this runner's "
	    "run-to-run noise, at 80%% power:\n");
	nw = col_widths(n, a, width);
	print_row(fp, "Class", nw, col_head, width);
	for (k = 0; k < NCOLS; k++)
		cells[k] = cell[k];
	for (i = 0; i < n->nclasses; i++)
		for (w = 0; w < NOISE_NSTATS; w++)
			if (n->classes[i].stat[w].have) {
				row_cells(&n->classes[i], w, a, cell);
				print_row(fp, n->classes[i].name, nw, cells, width);
			}
	if (n->sessions >= 2)
		fprintf(fp, "\nNoise: the runs' standard deviation on the log scale "
		    "within a session, as a\npercentage, over %zu runs of %zu sessions "
		    "(%g degrees of freedom).  With --noise FILE\nthe gate pools this "
		    "noise with both sides' runs, k - 1 degrees of freedom more a\n"
		    "side.  A regression fails the gate once its interval's low end "
		    "passes\n--max-regression: at %g%%, one of about (1 + %g%%)(1 + x) - "
		    "1.\n", n->runs, n->sessions, (double)(n->runs - n->sessions),
		    a->max_regression * 100, a->max_regression * 100);
	else
		fprintf(fp, "\nNoise: the runs' standard deviation on the log scale, "
		    "as a percentage, over %zu runs\n(%g degrees of freedom).  With "
		    "--noise FILE the gate pools this noise with both\nsides' runs, k - "
		    "1 degrees of freedom more a side.  A regression fails the gate "
		    "once\nits interval's low end passes --max-regression: at %g%%, one "
		    "of about (1 + %g%%)(1 + x) - 1.\n", n->runs,
		    (double)(n->runs - 1), a->max_regression * 100,
		    a->max_regression * 100);
	print_sessions(fp, n);
}

/* The plan, its wall time, the statistic that needs most, the --budget. */
static void
print_plan(FILE *fp, const struct table *t)
{
	const struct plan *p = &t->plan;
	char b[32], c[32];

	fprintf(fp, "\nPlan for syncgate run, baseline mode, at --max-regression "
	    "%g%%, %g%% confidence\nand %g%% power (--power):\n", 100 * p->limit,
	    100 * p->level, 100 * p->power);
	if (p->runs == 0) {
		fprintf(fp, "  none: more than %d runs a side at every run length\n",
		    PLAN_MAX_RUNS);
		return;
	}
	fprintf(fp, "  %lld runs a side of ", p->runs);
	if (p->factor == 1)
		fputs("these runs' length", fp);
	else
		fprintf(fp, "%gx these runs' operations", p->factor);
	if (t->cost.ops > 0)
		fprintf(fp, " (%.0f operations)", floor(p->factor *
		    (double)t->cost.ops + 0.5));
	if (t->cost.have)
		fprintf(fp, ", %s %.3g s:\n  2 x %lld runs of %.3g s (%.3g s "
		    "measured a run%s, %.3g s between runs)\n", p->factor > 1 ?
		    "at most" : "about", p->wall_s, p->runs, t->cost.besides_s +
		    p->factor * t->cost.ops_s, p->factor * t->cost.ops_s,
		    p->factor > 1 ? ", scaled whole" : "", t->cost.besides_s);
	else
		fputs("; no wall time predicted: the runs record no times\n", fp);
	fputs("  the statistic that needs the most: ", fp);
	escape_plain(fp, t->n->classes[p->cls].name);
	fprintf(fp, " %s, %s power at the one look at %lld runs; --runs 3..%lld\n"
	    "  stops sooner, settling a few points less often\n",
	    stat_words[p->stat], pct(b, sizeof b, p->power_at), p->runs, p->runs);
	if (isnan(t->a->budget_s))
		return;
	if (isnan(t->budget_limit))
		fprintf(fp, "Within --budget %gs: no limit up to 1000%% settles\n",
		    t->a->budget_s);
	else
		fprintf(fp, "Within --budget %gs: the smallest limit settled at "
		    "%g%% power is %s\n", t->a->budget_s, 100 * p->power,
		    pct(c, sizeof c, t->budget_limit));
}

/* The plan in the noise record: "plan", docs/noise-format.md. */
static void
add_plan(cJSON *root, const struct table *t)
{
	const struct plan *p = &t->plan;
	cJSON *o = cJSON_AddObjectToObject(root, "plan");

	cJSON_AddNumberToObject(o, "limit", p->limit);
	cJSON_AddNumberToObject(o, "power", p->power);
	cJSON_AddNumberToObject(o, "confidence", p->level);
	cJSON_AddNumberToObject(o, "runs", (double)p->runs);
	json_add_double(o, "ops_factor", p->runs > 0 ? p->factor : NAN);
	json_add_double(o, "ops", p->runs > 0 && t->cost.ops > 0 ?
	    floor(p->factor * (double)t->cost.ops + 0.5) : NAN);
	json_add_double(o, "power_at", p->runs > 0 ? p->power_at : NAN);
	json_add_string_or_null(o, "needs_class", p->runs > 0 ?
	    t->n->classes[p->cls].name : NULL);
	json_add_string_or_null(o, "needs_statistic", p->runs > 0 ?
	    stat_words[p->stat] : NULL);
	json_add_double(o, "measured_s", t->cost.have ? t->cost.ops_s : NAN);
	json_add_double(o, "between_runs_s", t->cost.have ? t->cost.besides_s :
	    NAN);
	json_add_double(o, "wall_s", p->wall_s);
	json_add_double(o, "budget_s", t->a->budget_s);
	json_add_double(o, "budget_limit", t->budget_limit);
}

static int
render(FILE *fp, const struct output *out, const void *arg, char *err)
{
	const struct table *t = arg;

	if (strcmp(report_format_nth(out->format), "json") == 0) {
		cJSON *root = noise_to_json(t->n);

		add_plan(root, t);
		if (json_print_and_delete(fp, root) < 0)
			return errf(err, "%s: cannot write the noise record",
			    out->path ? out->path : "standard output");
		return 0;
	}
	print_table(fp, t->n, t->a);
	print_plan(fp, t);
	return 0;
}

/* The runs into r and rp, checked to stand together and be no one's output. */
static int
load_runs(const struct args *a, struct result *r, const struct result **rp,
    char *err)
{
	struct fileset fs;
	size_t i;
	int rc;

	if (check_files(a, err) < 0)
		return -1;
	for (i = 0; i < a->n; i++) {
		if (result_load(a->files[i], &r[i], err) < 0)
			return -1;
		rp[i] = &r[i];
	}
	if (runs_check(rp, a->files, a->n, "calibrate", 1, err) < 0)
		return -1;
	fileset_init(&fs);
	for (i = 0; i < a->n; i++)
		fileset_result(&fs, &r[i]);
	rc = outputs_check(&a->outs, &fs, "the noise record", err);
	fileset_free(&fs);
	return rc;
}

int
calibrate_main(int argc, char **argv)
{
	struct args a;
	struct result *r;
	const struct result **rp;
	struct noise n = { 0 };
	struct table t = { .n = &n, .a = &a };
	char err[ERRLEN];
	size_t i;
	int rc;

	if ((rc = parse_args(argc, argv, &a, err)) > 0) {
		calibrate_usage(stdout);
		return outfile_shut(stdout, "standard output");
	}
	if (rc < 0) {
		err_warn("%s", err);
		return EXIT_TROUBLE;
	}
	r = xcalloc(a.n, sizeof *r);
	rp = xcalloc(a.n, sizeof *rp);
	rc = EXIT_TROUBLE;
	if (load_runs(&a, r, rp, err) < 0) {
		err_warn("%s", err);
		goto out;
	}
	calibrate_measure(rp, a.files, a.n, a.confidence, &n);
	plan_cost_measure(rp, a.n, &t.cost);
	plan_make(&n, &t.cost, a.max_regression, a.power, a.confidence, &t.plan);
	t.budget_limit = isnan(a.budget_s) ? NAN : plan_smallest_limit(&n,
	    &t.cost, a.power, a.confidence, a.budget_s);
	rc = outputs_write(&a.outs, render, &t) < 0 ? EXIT_TROUBLE : EXIT_PASS;
out:
	noise_free(&n);
	for (i = 0; i < a.n; i++)
		result_free(&r[i]);
	free(r);
	free(rp);
	return rc;
}
