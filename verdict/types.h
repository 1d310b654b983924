/* SPDX-License-Identifier: MIT */
/*
 * The verdict's types, one structure that gate/ fills and every format of
 * report/ renders or reads back (docs/verdict-format.md), so that numbers
 * and words agree across formats.  Durations in ns; NaN means absent.
 */
#ifndef SYNCGATE_VERDICT_TYPES_H
#define SYNCGATE_VERDICT_TYPES_H

#include <stddef.h>

#include "model/probe_record.h"
#include "model/result.h"

#define VERDICT_FORMAT "syncgate-verdict/1"
/* runs until decided's spending function, as NOTE_SEQ names it */
#define VERDICT_SPENDING_HSD4 "hsd(-4)"

enum ruling {
	RULING_NOT_RULED = 0,   /* nothing to rule on (a half with no classes) */
	RULING_PASS,
	RULING_FAIL,
	RULING_INDETERMINATE,   /* the unit cannot be trusted, or too close to call */
	VERDICT_NRULINGS        /* how many; not a ruling */
};

enum gate_mode {
	MODE_RIVAL = 0,         /* gate OURS --rival THEIRS */
	MODE_BASELINE,          /* gate NEW --baseline OLD */
	GATE_NMODES             /* how many; not a mode */
};

enum verdict_scope {
	SCOPE_RUN = 0,          /* one run a side: its sampling only */
	SCOPE_RUNS,             /* the variation between runs too */
	VERDICT_NSCOPES         /* how many; not a scope */
};

/* The machines both sides' runs were measured on (gate/host.c). */
enum verdict_hosts {
	HOSTS_UNRECORDED = 0,   /* no run records its host */
	HOSTS_SAME,             /* every run on one host, each field known */
	HOSTS_DIFFERENT,        /* two runs on hosts known to differ */
	HOSTS_UNKNOWN,          /* neither: a run without a host, or a field unknown */
	VERDICT_NHOSTS          /* how many; not a value */
};

/* Runs in turns, or apart and why; apart, a shift between sessions is in no spread. */
enum verdict_apart {
	APART_NONE = 0,         /* in turns: one comparison */
	APART_NO_SESSION,       /* a run records no session */
	APART_ONE_SIDED,        /* a session holds two runs or more of one side only */
	APART_NOT_INTERLEAVED,  /* within a session, one side's runs all first */
	APART_NO_TURNS,         /* across sessions, the sides' start times do not alternate */
	APART_HOSTS,            /* across sessions, not known to be one host */
	VERDICT_NAPART          /* how many; not a value */
};

/* What carries a shift between sessions: GATE_DEFAULT_SESSION_P50, or a noise record. */
enum verdict_shift {
	SHIFT_NONE = 0, SHIFT_DEFAULT, SHIFT_RECORD, VERDICT_NSHIFTS
};

/* How one run behind a side was taken; "", 0, NaN or NULL: unrecorded. */
struct verdict_run {
	char session[SESSION_ID_LEN + 1];
	long long run, runs, order;     /* run of runs in its set; order in the session */
	double started_s;
	char *host;                     /* its machine id */
	long long plan_min, plan_max;   /* the plan of runs until decided; 0: none */
	double plan_confidence;
};

/* The fields two hosts may differ in, as bits, in the order they are said. */
enum {
	GATE_HOST_ID = 1, GATE_HOST_CPU = 2, GATE_HOST_CORES = 4,
	GATE_HOST_MEMORY = 8, GATE_HOST_KERNEL = 16
};
#define GATE_HOST_FIELDS 5

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
	int has_probe;              /* and then its evidence: */
	char *host_id, *volume_id, *fs, *method, *device;
	enum reach reaches;
	double probe_median_ns, probe_ci_lo_ns, probe_ci_hi_ns, probe_ci_level;
	size_t probe_samples;
	char **evidence;
	size_t nevidence;
	int group_writers;          /* 0: the probe measured no group commit */
	double group_syncs_p50, group_syncs_p99;
	char *label;        /* the column label: the engine's name, "new" or "baseline" */
	char *probe_file;   /* the --probe/--rival-probe file; NULL: embedded or none */
	char **run_files;   /* the runs behind the side, run_files[0] its file */
	size_t runs;
	struct verdict_run *taken;  /* each run as taken; NULL: a verdict that saved none */
	struct result_host *host;   /* the runs' one host; NULL: none, or (host_many) two */
	int host_many;
};

enum unit_source {
	UNIT_NONE = 0,          /* writes are not ruled in syncs */
	UNIT_SHARED,            /* one volume: the cheaper probe for both sides */
	UNIT_PER_VOLUME,        /* two hosts or volumes: each side its own */
	UNIT_PER_RUN,           /* several runs a side: each run its own probe's */
	UNIT_NSOURCES           /* how many; not a source */
};

/* Why a side's probe gives no unit. */
enum unit_unusable {
	UNUSABLE_NONE = 0,      /* it gives one */
	UNUSABLE_UNPROBED,      /* no probe, in the result or by option */
	UNUSABLE_NO_REACH,      /* its probe says a sync does not reach a device */
	UNUSABLE_UNSURE,        /* its probe cannot tell */
	UNIT_NUNUSABLE
};

/* How a side's unit was taken: its probe before the run, or rounds through it. */
enum unit_window {
	WINDOW_BEFORE = 0,      /* no rounds through the run */
	WINDOW_THIN,            /* rounds too few to bound a median: the probe before */
	WINDOW_THROUGH,         /* rounds through the run, one every every_ns */
	WINDOW_BRACKETS,        /* one round just before the run, one just after */
	WINDOW_PAUSED,          /* and one every every_ns with the command paused */
	UNIT_NWINDOWS
};

/* Why two probes give two units: the first thing they differ in. */
enum unit_two {
	TWO_NONE = 0, TWO_HOSTS, TWO_VOLUMES, TWO_METHODS, TWO_SIZES, UNIT_NTWO
};

/* Which probe one shared unit came from. */
enum unit_pick {
	PICK_NONE = 0,
	PICK_ONE_PROBE,         /* one probe given for both sides */
	PICK_EQUAL,             /* two probes of equal medians */
	PICK_OURS,              /* the cheaper of two: ours */
	PICK_RIVAL,             /* the cheaper of two: the rival's */
	UNIT_NPICKS
};

/* What one side's unit was taken from: the data its words are made of. */
struct verdict_unit_basis {
	enum unit_unusable unusable;
	double sync_ns;         /* an unusable probe's median; NaN: unprobed */
	char **evidence;        /* an unusable probe's evidence */
	size_t nevidence;
	long long run, nruns;   /* several runs: the unusable one, 1-based; 0: one run */
	char *run_file;
	enum unit_window window;
	long long rounds, per_round;    /* WINDOW_THIN: the rounds and their samples */
	double every_ns, cost;  /* cost: the rounds' share of the run's time */
	long long runs_rounds;  /* UNIT_PER_RUN: runs whose unit came from rounds */
	char *method;           /* the probe's method and write size (0: unknown) */
	long long write_bytes;
};

struct verdict_unit {
	enum unit_source source;
	enum unit_two two;                  /* UNIT_PER_VOLUME */
	enum unit_pick pick;                /* UNIT_SHARED */
	struct verdict_unit_basis ours_basis, rival_basis;
	int has_basis;      /* 0: a verdict saved before the basis, its words kept */
	double ours_ns, rival_ns;           /* equal when shared */
	double ours_lo_ns, ours_hi_ns;      /* bands: the probes' intervals */
	double rival_lo_ns, rival_hi_ns;
	int ours_band_rounds, rival_band_rounds;    /* 1: band spans the rounds' medians */
	char *description;  /* "one sync = 3.02ms, the cheaper of ..." */
	char *why_none;     /* for UNIT_NONE: "ladybug's volume is unprobed" */
};

/* A class both sides ran. */
struct verdict_row {
	char *name;
	enum class_kind kind;
	struct verdict_value ours_p50, ours_p99, rival_p50, rival_p99;  /* ns */
	struct verdict_value ratio_p50, ratio_p99;  /* rival / ours: > 1 is ours faster */
	/* writes only: in syncs (NaN: no unit), and flushes a commit (NaN: not counted) */
	struct verdict_value ours_syncs_p50, ours_syncs_p99;
	struct verdict_value rival_syncs_p50, rival_syncs_p99;
	double ours_flushes, rival_flushes; /* the mean over a side's runs */
	int ours_samples, rival_samples;    /* whether intervals were possible */
	enum ruling ruling;                 /* the worst of its checks */
	size_t ours_nsamples, rival_nsamples;   /* samples behind each side; 0: none */
};

/* What would settle a check neither passed nor failed, or why nothing would. */
enum verdict_settle {
	SETTLE_NONE = 0,        /* decided, held, or never ruled */
	SETTLE_RUNS,            /* runs_needed runs a side, with VERDICT_POWER */
	SETTLE_SAMPLES,         /* samples_needed samples a side */
	SETTLE_RUNS_CAPPED,     /* more than VERDICT_RUNS_CAP runs a side */
	SETTLE_SAMPLES_CAPPED,  /* more than VERDICT_SAMPLES_CAP samples a side */
	SETTLE_ON_LIMIT,        /* the estimate sits on the limit */
	SETTLE_SPREAD,          /* one run a side: the default spread makes it wide */
	SETTLE_THIN,            /* a run too short to bound it: longer runs would */
	SETTLE_APART,           /* no number of runs apart: runs in turns would */
	SETTLE_NO_SAMPLES,      /* no side gave samples to add to */
	SETTLE_BAND,            /* the probes' band alone spans the limit */
	SETTLE_RANGES,          /* the bucket ranges alone span the limit */
	SETTLE_BAND_RANGES,     /* the band and the ranges together */
	SETTLE_FAILED,          /* failed operations leave a side without a bound */
	VERDICT_NSETTLES        /* how many; not a value */
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
	enum verdict_settle settle;
	char *reason;       /* words (report/words.c): "2.54 syncs at p50 ..." */
	/*
	 * Indeterminate, what would settle it at VERDICT_POWER, a side: samples
	 * over one run, runs over several; lo to hi, hi may pass the cap; -1 none.
	 */
	long long samples_needed, samples_needed_hi;
	long long runs_needed, runs_needed_hi;
	/* baseline, one run a side: a fail held indeterminate (see GATE_HELD_WORDS) */
	int held;
};

/*
 * What the gate noticed without ruling on it, as a code and its figures,
 * in the order verdict_note_fields names them; report/words.c words it.
 * A verdict from before codes keeps its notes' words as NOTE_SAVED.
 */
enum verdict_note_code {
	NOTE_SAVED = 0,         /* a: the words saved */
	NOTE_ONE_RUN,           /* one run a side, its sampling alone */
	NOTE_HELD_ONE_RUN,      /* baseline, one run a side: fails held */
	NOTE_SINGLE_RUN_OK,     /* baseline, --single-run-ok: fails stand */
	NOTE_DEFAULT_SPREAD,    /* x0, x1: the default spread at p50, p99 */
	NOTE_NOISE_ONE_RUN,     /* a: noise path, b: its engine, n0: its runs */
	NOTE_NOISE_OTHER,       /* b: the engine the noise measured */
	NOTE_RUNS,              /* whole runs are the evidence */
	NOTE_PAIRED,            /* n0: the fewest runs a side to pair, n1: the
	                           degrees of freedom (0 before they were: k - 1) */
	NOTE_POOLED,            /* baseline: one spread; a, b, n0: noise or NULL */
	NOTE_SPREAD_POOLS,      /* side pools n0 runs with the noise a, b, n1 */
	NOTE_SPREAD_NOISE,      /* side's one run takes the noise a, b, n1 */
	NOTE_SPREAD_BORROWS,    /* side's one run takes the other's; n0 1: from runs */
	NOTE_APART,             /* a: noise path, n0: its sessions (with a record) */
	NOTE_EXACT,             /* a: the classes neither side gave samples of */
	NOTE_NO_SAMPLES,        /* cls, side: no samples, taken as exact */
	NOTE_NO_RANGE,          /* cls, side, x0 quantile: no range, exact */
	NOTE_DROPS,             /* cls, side, n0 samples, n1 histogram, n2 dependent */
	NOTE_DEPENDENT,         /* cls, side, n0 batches, n1 samples, x0 quantile */
	NOTE_SUB_SYNC,          /* cls, side, x0 p50, x1 its high end (NaN), x2 the
	                           line, x3 the unit, n0 1: the line is the band's low */
	NOTE_OUTLIER,           /* side, n0 run, n1 its others, x0 ratio, cls, a file */
	NOTE_WORKLOADS,         /* the sides ran two workloads */
	NOTE_CONCURRENCY,       /* the sides ran at two concurrencies */
	NOTE_TURN_TIMED,        /* side timed writes from their turn, the other not */
	NOTE_PROBE_REPLACED,    /* side: --probe or --rival-probe over the embedded */
	NOTE_UNIT_THIN,         /* side (-1: both), n0, n1 samples, n2 enough, n3 shared */
	NOTE_FAILED,            /* cls, side, n0 lost, n1 tried, x0 share, x1 other's */
	NOTE_NOTHING_RULED,     /* no class in common */
	NOTE_HOSTS_UNKNOWN,     /* a: the run's file, n0: why (0 no host, 1 no
	                           machine id, 2 an id from b, 3 a field null) */
	NOTE_HOSTS_DIFFER,      /* n0: GATE_HOST_* bits that differ, n1 1: one host
	                           a side; a, b: each side's one host, or NULL */
	NOTE_ALIKE_CLASSES,     /* a: the class names that print alike, a line each */
	NOTE_ALIKE_ENGINES,     /* the engines' names print alike */
	NOTE_MATCH,             /* cls: our class, a: the other side's */
	NOTE_PLAN,              /* n0: the look's runs a side, x0: its level */
	NOTE_PART,              /* cls: engine, a: session, b: runs left out, n0 runs */
	NOTE_SEQ,               /* a: the spending function ("hsd(-4)"; NULL
	                           before it was named: Pocock-type) */
	VERDICT_NNOTES          /* how many; not a code */
};

struct verdict_note {
	enum verdict_note_code code;
	int side;               /* 0 ours, 1 the rival's; -1 neither */
	char *cls, *a, *b;      /* NULL where unused */
	long long n[6];
	double x[4];
};

/* A class one side ran and the other did not: listed, never ruled. */
struct verdict_unmatched {
	char *name;
	enum class_kind kind;
	int ours;           /* 1: only ours ran it; 0: only the rival */
	char *reason;       /* "ladybug ran lb-delete-node; zu did not" */
	/*
	 * Only ours: its figures for history, points never ruled (over several
	 * runs geometric means); NaN where not known, and for the rival's.
	 */
	double p50_ns, p99_ns, syncs_p50, syncs_p99, flushes;
};

struct verdict_half {
	enum ruling ruling;
	char *reason;       /* words (report/words.c): "write: 2.54 syncs at p50 ..." */
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
	struct verdict_note *noted;     /* what the gate noticed, as codes */
	size_t nnoted;
	char **notes;                   /* and their words (report/words.c) */
	size_t nnotes;
	enum ruling overall;
	char *headline;     /* "rival: zu against ladybug on linkbench at a concurrency of 8" */
	/*
	 * The write ceiling in words, with a probe's group commit: "2 syncs a
	 * commit at p50 (--commit-syncs); zu's probe measured 1.4 ...".  NULL
	 * in MODE_BASELINE or without write classes.
	 */
	char *ceiling_note;
	enum verdict_scope scope;
	char *noise_file;   /* --noise; NULL without one */
	int single_run_ok;  /* --single-run-ok: fails over one run a side stand */
	enum verdict_apart apart;   /* gate_runs_apart over ours.taken and rival.taken */
	enum verdict_shift shift;
	/* one run a side, ruled with GATE_DEFAULT_SPREAD_P50, _P99 (no --noise) */
	int default_spread;
	int paired;         /* gate_sides_paired */
	enum verdict_hosts hosts;
	int same_host;      /* --same-host: reads indeterminate unless hosts is same */
};

/* The power of the runs or samples needed to settle a check, and the most named. */
#define VERDICT_POWER 0.8
#define VERDICT_RUNS_CAP 1000LL
#define VERDICT_SAMPLES_CAP 1000000000LL

#endif
