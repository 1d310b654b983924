/* SPDX-License-Identifier: MIT */
/*
 * The verdict: everything the gate decided and everything a report
 * prints, so that every format renders one structure and the numbers and
 * words agree across formats.  The gate fills it (gate/); report/ renders
 * it and reads it back from syncgate-verdict/1 JSON
 * (docs/verdict-format.md).  Durations are in ns; NaN means absent.
 *
 * This header is the verdict's one door: with the structure come the
 * ways its rulings combine, the kinds of check the gate makes, its words
 * and figures as every format prints them, and the check that a loaded
 * verdict is one the gate could have written.  report/ includes it and
 * nothing else of gate/.
 */
#ifndef SYNCGATE_VERDICT_H
#define SYNCGATE_VERDICT_H

#include <stddef.h>

#include "lib/probe_record.h"
#include "lib/result.h"

#define VERDICT_FORMAT "syncgate-verdict/1"

enum ruling {
	RULING_NOT_RULED = 0,   /* nothing to rule on (a half with no classes) */
	RULING_PASS,
	RULING_FAIL,
	RULING_INDETERMINATE,   /* the unit cannot be trusted, or too close to call */
	VERDICT_NRULINGS        /* how many; not a ruling */
};

/*
 * Each enum's words, one table indexed by it and sized by its count, so
 * that a new value without words fails to build (each definition holds
 * a _Static_assert); the loader reads the words back through the same
 * tables.
 */

/* "not ruled", "pass", "fail", "indeterminate". */
extern const char *const ruling_names[VERDICT_NRULINGS];
const char *ruling_name(enum ruling r);

enum gate_mode {
	MODE_RIVAL = 0,         /* gate OURS --rival THEIRS */
	MODE_BASELINE,          /* gate NEW --baseline OLD */
	GATE_NMODES             /* how many; not a mode */
};

/* "rival" or "baseline". */
extern const char *const gate_mode_names[GATE_NMODES];
const char *gate_mode_name(enum gate_mode m);

/* What the intervals of a verdict cover. */
enum verdict_scope {
	SCOPE_RUN = 0,          /* one run a side: its sampling only */
	SCOPE_RUNS,             /* the variation between runs too */
	VERDICT_NSCOPES         /* how many; not a scope */
};

/* "run", "runs". */
extern const char *const verdict_scope_names[VERDICT_NSCOPES];
const char *verdict_scope_name(enum verdict_scope s);

/*
 * The machines the runs of both sides were measured on, from their
 * results' host objects (gate/host.c; docs/verdict-format.md).
 */
enum verdict_hosts {
	HOSTS_UNRECORDED = 0,   /* no run records its host */
	HOSTS_SAME,             /* every run on one host, each field known */
	HOSTS_DIFFERENT,        /* two runs on hosts known to differ */
	HOSTS_UNKNOWN,          /* neither: a run without a host, or a field unknown */
	VERDICT_NHOSTS          /* how many; not a value */
};

/* "unrecorded", "same", "different", "unknown" (gate/host.c). */
extern const char *const verdict_hosts_names[VERDICT_NHOSTS];
const char *verdict_hosts_name(enum verdict_hosts h);

/* A figure with its interval; lo and hi are NaN when none was possible. */
struct verdict_value {
	double v, lo, hi;
};

/* One engine's run, as the verdict needs it. */
struct verdict_side {
	char *engine;
	char *version, *workload;   /* NULL when absent */
	long long concurrency;      /* -1 when absent */
	char *file;                 /* the result file's name as given */
	int has_probe;
	/* the probe's evidence, when has_probe */
	char *host_id, *volume_id, *fs, *method, *device;
	enum reach reaches;
	double probe_median_ns, probe_ci_lo_ns, probe_ci_hi_ns, probe_ci_level;
	size_t probe_samples;
	char **evidence;
	size_t nevidence;
	int group_writers;          /* 0: the probe measured no group commit */
	double group_syncs_p50, group_syncs_p99;
	/* added with the gate */
	char *label;        /* the column label: the engine's name, "new" or "baseline" */
	char *probe_file;   /* the --probe/--rival-probe file; NULL: embedded or none */
	/* the runs behind the side: their files, run_files[0] the first (file) */
	char **run_files;
	size_t runs;
};

enum unit_source {
	UNIT_NONE = 0,          /* writes are not ruled in syncs */
	UNIT_SHARED,            /* one volume: the cheaper probe for both sides */
	UNIT_PER_VOLUME,        /* two hosts or volumes: each side its own */
	UNIT_PER_RUN,           /* several runs a side: each run its own probe's */
	UNIT_NSOURCES           /* how many; not a source */
};

/* "none", "shared", "per-volume", "per-run". */
extern const char *const unit_source_names[UNIT_NSOURCES];
const char *unit_source_name(enum unit_source s);

struct verdict_unit {
	enum unit_source source;
	double ours_ns, rival_ns;           /* equal when shared */
	double ours_lo_ns, ours_hi_ns;      /* bands: the probes' intervals */
	double rival_lo_ns, rival_hi_ns;
	/* 1 where a side's band spans its rounds' medians through the run */
	int ours_band_rounds, rival_band_rounds;
	char *description;  /* "one sync = 3.02ms, the cheaper of two probes of one volume (zu's), both sides" */
	char *why_none;     /* for UNIT_NONE: "ladybug's volume is unprobed" */
};

/* A class both sides ran. */
struct verdict_row {
	char *name;
	enum class_kind kind;
	struct verdict_value ours_p50, ours_p99, rival_p50, rival_p99;  /* ns */
	struct verdict_value ratio_p50, ratio_p99;  /* rival / ours: > 1 is ours faster */
	/* writes only, in units of one durable sync; NaN without a unit */
	struct verdict_value ours_syncs_p50, ours_syncs_p99;
	struct verdict_value rival_syncs_p50, rival_syncs_p99;
	int ours_samples, rival_samples;    /* whether intervals were possible */
	enum ruling ruling;                 /* the worst of its checks */
	/* added with the gate */
	size_t ours_nsamples, rival_nsamples;   /* samples behind each side; 0: none */
	/* writes only: device flushes a commit (the mean over a side's runs); NaN: not counted */
	double ours_flushes, rival_flushes;
};

/* One ruled statistic of one class: a JUnit test case. */
struct verdict_check {
	char *class_name;
	enum class_kind kind;
	char *statistic;    /* "p50 speedup", "p50 syncs", "p99 syncs vs rival", ... */
	struct verdict_value value;
	char *value_unit;   /* "x" or "syncs" */
	char *comparison;   /* ">=" or "<=": what passing means against limit */
	double limit;
	enum ruling ruling;
	char *reason;       /* in numbers: "2.54 syncs at p50, ceiling 2" */
	/*
	 * For an indeterminate check, what would settle it at GATE_POWER
	 * (80%): samples a side over one run, runs a side over several, each
	 * a range (lo to hi; hi may be past the cap); -1 none.
	 */
	long long samples_needed, samples_needed_hi;
	long long runs_needed, runs_needed_hi;
	/* baseline, one run a side: a fail held indeterminate (see GATE_HELD_WORDS) */
	int held;
};

/* A class one side ran and the other did not: listed, never ruled. */
struct verdict_unmatched {
	char *name;
	enum class_kind kind;
	int ours;           /* 1: only ours ran it; 0: only the rival */
	/* added with the gate */
	char *reason;       /* "ladybug ran lb-delete-node; zu did not" */
	/*
	 * A class only ours ran: its figures, for history (a class new in
	 * this run is recorded too), points without intervals, never ruled:
	 * p50 and p99 in ns (over several runs their geometric means), in
	 * syncs where writes have a unit, device flushes a commit where
	 * counted.  NaN where not known, and for a class only the rival ran.
	 */
	double p50_ns, p99_ns, syncs_p50, syncs_p99, flushes;
};

struct verdict_half {
	enum ruling ruling;
	char *reason;       /* "write: 2.54 syncs at p50, ceiling 2" */
};

struct gate_verdict {
	enum gate_mode mode;
	char *version;              /* syncgate's version that ruled */
	struct verdict_side ours, rival;    /* rival is the baseline in MODE_BASELINE */
	double read_speedup;        /* --read-speedup */
	double commit_syncs;        /* --commit-syncs */
	double max_regression;      /* --max-regression as a fraction; NaN in MODE_RIVAL */
	double confidence;          /* --confidence, 0.95 */
	struct verdict_unit unit;
	struct verdict_row *rows;
	size_t nrows;
	struct verdict_check *checks;
	size_t nchecks;
	struct verdict_unmatched *unmatched;
	size_t nunmatched;
	struct verdict_half reads, writes;
	char **notes;
	size_t nnotes;
	enum ruling overall;
	/* added with the gate */
	char *headline;     /* "rival: zu against ladybug on linkbench at a concurrency of 8" */
	/*
	 * The write ceiling in words, with the device's measured group commit
	 * when a probe carries one: "2 syncs a commit at p50 (--commit-syncs);
	 * zu's probe measured 1.4 syncs a commit at p50 and 2.1 at p99 with 8
	 * concurrent writers".  NULL in MODE_BASELINE or without write classes.
	 */
	char *ceiling_note;
	/*
	 * What the intervals carry: the spread between runs (several runs a
	 * side, or a runner's noise for a side of one), or one run's sampling
	 * alone; noise_file names the --noise file, NULL without one.
	 */
	enum verdict_scope scope;
	char *noise_file;
	int single_run_ok;  /* --single-run-ok: fails over one run a side stand */
	enum verdict_hosts hosts;
	int same_host;      /* --same-host: reads indeterminate unless hosts is same */
};

/* Zeroes v, with NaN in every figure. */
void verdict_init(struct gate_verdict *v);

/* Frees everything v holds (not v); accepts NULL. */
void verdict_free(struct gate_verdict *v);

/* Appends a formatted note. */
void verdict_note(struct gate_verdict *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A value with no interval. */
struct verdict_value verdict_point(double v);

/*
 * The labels the two sides go by: the gate's (side.label), else what a
 * renderer prints for a file without one: the engines' names against a
 * rival ("ours" and "rival" when absent), "new" and "baseline" in
 * baseline mode.
 */
const char *verdict_ours_label(const struct gate_verdict *v);
const char *verdict_rival_label(const struct gate_verdict *v);

/* Rulings and the kinds of check (gate/verdict_kinds.c). */

/* The worse of two rulings: fail, then indeterminate, then pass. */
enum ruling gate_worse(enum ruling a, enum ruling b);

/*
 * A figure and its limit are both rounded: a figure divides products of
 * up to four latencies and units, each parsed from decimal, and a limit
 * such as 1 + 0.57 is 1.5699999999999998.  Inputs that tie exactly land
 * a few units in the last place apart, so a figure within one part in
 * 2^48 of its limit (3.6e-15 of it, sixteen units in the last place) is
 * on the limit (docs/result-format.md, "Rulings").
 */
#define GATE_TIE_BITS 48

/* How far from limit a figure still counts as on it. */
double gate_tie(double limit);

/*
 * The ruling of figure x against limit (passing is at least the limit
 * when at_least, else at most): with an interval, pass where all of it is
 * on the passing side, fail where all of it is on the failing side, and
 * indeterminate otherwise; without one, the point decides.  A figure or
 * an end within gate_tie(limit) of the limit is on it.
 */
enum ruling gate_judge(struct verdict_value x, int at_least, double limit);

/* The threshold a kind of check is held to. */
enum gate_limit {
	LIMIT_READ_SPEEDUP,     /* --read-speedup */
	LIMIT_COMMIT_SYNCS,     /* --commit-syncs */
	LIMIT_RIVAL,            /* 1: no more syncs a commit than the rival */
	LIMIT_REGRESSION,       /* 1 + --max-regression */
	LIMIT_FLUSH_CEILING,    /* --commit-syncs, on counted flushes a commit */
	GATE_NLIMITS            /* how many; not a limit */
};

/*
 * Where each limit comes from, as a verdict's fields name it:
 * "reads.read_speedup", "1 + reads.max_regression".
 */
extern const char *const gate_limit_sources[GATE_NLIMITS];

/* One kind of check the gate makes. */
struct gate_check_kind {
	const char *statistic;  /* "p50 speedup", "p99 syncs vs rival", ... */
	enum gate_mode mode;
	enum class_kind kind;
	int unit;               /* writes: 1 ruled in syncs, 0 without a unit; reads -1 */
	int quantile;           /* 50 or 99; 0: no figure, never ruled */
	const char *value_unit; /* "x" or "syncs" */
	int at_least;           /* the comparison: ">=" when set, else "<=" */
	enum gate_limit limit;
	const char *pass, *fail;    /* "at least", "below"; NULL when never ruled */
	int counted;            /* made only where both sides counted flushes */
};

enum {
	CHECK_P50_SPEEDUP, CHECK_P99_SPEEDUP, CHECK_P50_SYNCS, CHECK_P50_VS_RIVAL,
	CHECK_P99_VS_RIVAL, CHECK_SYNCS_UNRULED, CHECK_P50_REGRESSION_READ,
	CHECK_P99_REGRESSION_READ, CHECK_P50_REGRESSION_WRITE,
	CHECK_P99_REGRESSION_WRITE, CHECK_REGRESSION_UNRULED, CHECK_FLUSHES,
	GATE_NCHECK_KINDS
};

extern const struct gate_check_kind gate_check_kinds[GATE_NCHECK_KINDS];

/*
 * Whether the gate makes a check of kind k for a class of the given kind
 * in mode m, with or without a sync unit; it makes each such check once.
 * A counted kind (flushes a commit) is made only for a row whose sides
 * both counted flushes, so it is never said to apply here;
 * gate_check_kind_find finds it all the same.
 */
int gate_check_kind_applies(const struct gate_check_kind *k, enum gate_mode m,
    enum class_kind kind, int have_unit);

/* The kind of check named statistic that the gate makes there, or NULL. */
const struct gate_check_kind *gate_check_kind_find(const char *statistic,
    enum gate_mode m, enum class_kind kind, int have_unit);

/* k's limit under v's thresholds; NaN where v lacks the threshold. */
double gate_check_limit(const struct gate_check_kind *k,
    const struct gate_verdict *v);

/*
 * The figure a check of kind k rules on, from row's latencies and the
 * unit, computed as the gate computes it; NaN for a check with none.
 */
double gate_check_figure(const struct gate_check_kind *k,
    const struct verdict_row *row, const struct verdict_unit *u);

/*
 * The words of ruling r on a check of kind k under v's thresholds, which
 * end its reason: "at least 10x", "over the ceiling of 2", "too close to
 * 5% to call".  The caller frees the string.
 */
char *gate_check_words(const struct gate_check_kind *k, enum ruling r,
    const struct gate_verdict *v);

/*
 * Figures beside the limit or the figure they were compared with
 * (gate/verdict_digits.c): printed with the decimals that make them
 * compare, as printed, as they were ruled.
 */

/* How a printed figure must read against what it is printed beside. */
enum gate_reads {
	READS_LT, READS_LE, READS_EQ, READS_GE, READS_GT
};

/* -1, 0 or 1: x under limit, on it (within gate_tie) or over it. */
int gate_side(double x, double limit);

/*
 * How x must read against limit in a check passing at least (at_least)
 * or at most limit: on the passing side, the limit included, when x
 * passes; strictly on the other when it fails.
 */
enum gate_reads gate_reads_for(double x, double limit, int at_least);

/* A way of printing figures, with given decimals or (-1) in its usual form. */
struct gate_style {
	void (*print)(char *buf, size_t len, double x, int decimals);
	double (*read)(const char *buf);    /* the figure buf shows */
};

/* gate_num's figures ("2.54"); durations as units_fmt_duration prints them. */
extern const struct gate_style gate_style_num, gate_style_dur;

/*
 * x and y into a and b (len bytes each) in style st, with more decimals,
 * the same for both, until a reads rel b; with keep_b, b already holds
 * y printed and is left as it is.
 */
void gate_print_two(char *a, char *b, size_t len, double x, double y,
    enum gate_reads rel, const struct gate_style *st, int keep_b);

/* Whether a figure reading a reads rel one reading b. */
int gate_reads_hold(double a, double b, enum gate_reads rel);

/* A limit, a threshold or a level with every digit it was given: "10", "1.005". */
const char *gate_limit_num(char *buf, size_t len, double x);

/* x in style st, with the decimals to read rel limit's digits. */
const char *gate_fig_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel, const struct gate_style *st);

/* x as gate_num prints it, with the decimals to read rel limit's digits. */
const char *gate_num_against(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* x as a check of it against limit was ruled (gate_reads_for). */
const char *gate_num_vs(char *buf, size_t len, double x, double limit,
    int at_least);

/* x, already printed in buf, with more decimals until it reads rel limit's digits. */
void gate_num_refine(char *buf, size_t len, double x, double limit,
    enum gate_reads rel);

/* An interval's ends as gate_num_pair prints them, each read as ruled against limit. */
void gate_num_pair_vs(char *a, char *b, size_t len, double lo, double hi,
    double limit, int at_least);

/*
 * The write ceiling as the ceiling note begins: "2 syncs a commit at p50
 * (--commit-syncs)".  The caller frees the string.
 */
char *gate_ceiling_words(double commit_syncs);

/* The power at which the runs or samples needed to settle a check are given. */
#define VERDICT_POWER 0.8
/* The most runs, and samples, a side an estimate names; past them, "more than". */
#define VERDICT_RUNS_CAP 1000LL
#define VERDICT_SAMPLES_CAP 1000000000LL

/*
 * The end of the reason of a fail held indeterminate: baseline mode, one
 * run a side and no noise file (docs/result-format.md, "Intervals over
 * one run").
 */
#define VERDICT_HELD_WORDS "; held indeterminate: one run a side cannot tell " \
	"a change of this size from the runner's run-to-run noise (give several " \
	"runs a side, --noise FILE from syncgate calibrate, or --single-run-ok)"

/*
 * What would settle an indeterminate check, as its reason ends: "; about
 * 12 to 30 runs a side would settle it at 80% power, if the runs vary as
 * these did" from runs_needed, or "; about 400 to 900 samples a side ..."
 * from samples_needed; NULL when it holds neither.  The caller frees it.
 */
char *gate_settle_words(const struct verdict_check *c);

/*
 * Whether v's read checks are indeterminate for --same-host: it was given
 * and the hosts are not known to be one.
 */
int verdict_host_holds(const struct gate_verdict *v);

/*
 * The end of the reason of a read check made indeterminate by
 * --same-host (gate/host.c): "; indeterminate with --same-host: hosts
 * differ (...)".  A static string.
 */
const char *verdict_host_words(enum verdict_hosts h);

/* Words (gate/verdict_words.c). */

/* A string grown item by item, in time linear in its length. */
struct gate_list {
	char *s;                /* NULL until the first item; the caller frees it */
	size_t len, cap;
};

/* Appends item to l, after sep unless l is empty. */
void gate_list_add(struct gate_list *l, const char *sep, const char *item);

/* Sentences; each returns a string the caller frees. */
/* "zu's", "the baseline's", or "ours'" for a name ending in s. */
char *gate_possessive(const struct verdict_side *s, enum gate_mode m);
/* What follows name to make it possessive: "'s", or "'" after a final s. */
const char *gate_apostrophe(const char *name);
/* one when n is 1, else many: "sample", "samples". */
const char *gate_plural(size_t n, const char *one, const char *many);
/* "zu" or "the baseline". */
const char *gate_who(const struct verdict_side *s, enum gate_mode m, char *buf,
    size_t len);
/*
 * A plain number with at most two decimals, zeros dropped ("2.54", "2");
 * under 0.01, two significant digits ("0.0018").
 */
const char *gate_num(char *buf, size_t len, double x);
/*
 * An interval's ends as gate_num prints them, into a and b (len bytes
 * each), with more decimals where two different ends would read the same
 * ("0.298 to 0.302", not "0.3 to 0.3").
 */
void gate_num_pair(char *a, char *b, size_t len, double lo, double hi);
/* "sync" after a number that reads "1", else "syncs". */
const char *gate_syncs(const char *num);
/* "rival: zu against ladybug on linkbench at a concurrency of 8". */
char *gate_headline(const struct gate_verdict *v);

/*
 * A half's reason, for its rows and checks in v and its ruling r: the
 * figures of a passing half summed up, else the reasons of its checks
 * ruled r, joined.  v->unit.why_none must be set when the unit is none.
 * The caller frees the string.
 */
char *gate_half_reason(const struct gate_verdict *v, enum class_kind kind,
    enum ruling r);


/*
 * A loaded verdict held to the gate (gate/verdict_rulings.c,
 * verdict_figures.c, verdict_reasons.c), so that a file edited until it
 * passes is refused rather than rendered.  name is the file, for
 * messages; each returns 0, or -1 with err naming the file, the field
 * and what the gate would have written there.
 */

/*
 * The whole verdict: its figures (verdict_check_figures), each class
 * once, each class the worst of its checks and each check ruled as the
 * gate rules its figure, each half the worst of its classes, the verdict
 * the worse of the halves, no check of a class in neither half, and its
 * words (verdict_check_reasons).  The unit and the rows are held to
 * theirs as they load (verdict_check_unit, verdict_check_row).
 */
int verdict_check(const struct gate_verdict *v, const char *name, char *err);

/*
 * The unit as its source has it, and a row's ratios and syncs as its
 * latencies and the unit give them; path is where the row sits
 * ("writes.classes[0]").
 */
int verdict_check_unit(const struct verdict_unit *u, const char *name,
    char *err);
int verdict_check_row(const struct verdict_row *r, const struct verdict_unit *u,
    const char *name, const char *path, char *err);

/*
 * The thresholds of v's mode, each check a kind the gate makes there,
 * its limit its half's threshold, its value and interval its class's
 * figures.
 */
int verdict_check_figures(const struct gate_verdict *v, const char *name,
    char *err);

/*
 * Each check's reason ends in the words the gate gives its ruling
 * against its limit, each half's reason is the gate's for its checks,
 * the ceiling note states commit_syncs.  For a verdict whose rulings
 * are known to be the gate's.
 */
int verdict_check_reasons(const struct gate_verdict *v, const char *name,
    char *err);

#endif
