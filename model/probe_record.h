/* SPDX-License-Identifier: MIT */
/*
 * The probe record, syncgate-probe/1 (docs/probe-format.md): what one
 * durable sync costs on a volume, whether the flush reaches a device,
 * and who measured it where.
 */
#ifndef SYNCGATE_PROBE_RECORD_H
#define SYNCGATE_PROBE_RECORD_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "model/result_host.h"

#define PROBE_FORMAT "syncgate-probe/1"

enum reach { REACH_UNKNOWN = 0, REACH_YES, REACH_NO };

/* Each of p99's bounds holds with this probability, so both with 95%. */
#define PROBE_P99_CONFIDENCE 0.975

/* Reference timings from the same run, medians in ns; NaN: not measured. */
struct probe_refs {
	double dirty_sync_ns;   /* the probed sync after a write (the median) */
	double clean_sync_ns;   /* the same sync with nothing dirty */
	double clean_raw_sync_ns; /* ... as a raw system call, past libc */
	double null_syscall_ns; /* an empty system call */
	double plain_write_ns;  /* the same write without a sync */
	double raw_sync_ns;     /* the sync as a raw system call, past libc */
	double libc_sync_ns;    /* the sync through libc, for comparison with raw */
};

/* Group commit (--concurrency): each writer's sync in single-writer units. */
struct probe_group {
	int writers;            /* 0: not measured */
	double median_ns;       /* median of every writer's syncs */
	double p99_ns;
	double syncs_p50;       /* median_ns / the single-writer median */
	double syncs_p99;
	double *samples_ns;     /* every writer's syncs, nsamples of them */
	size_t nsamples;
	char *stopped_by;       /* "samples", or "max-time" when cut short; may be NULL */
};

/* One disk's flush requests around the timed syncs; NaN: dropped. */
struct probe_flush_device {
	char *name;             /* "vda", "loop0" */
	char *write_cache;      /* its queue/write_cache, or NULL */
	int fua;                /* queue/fua: 1, 0, or -1 unknown */
	double flushes;         /* completed within the brackets around the syncs */
	double idle_flushes;    /* completed in the idle windows */
	char *dropped;          /* why the count was dropped, or NULL */
	/* derived by probe_flushes_derive, never read from a file */
	double other;           /* expected from other processes in timed_s */
	double per_sync;        /* (flushes - other) / syncs */
};

/*
 * Flush counts bracketing each timed sync; idle windows before and after
 * give other processes' rate.
 */
struct probe_flushes {
	int present;            /* 0: not counted (an older record) */
	char *unavailable;      /* why no disk's flushes could be counted, or NULL */
	long syncs;             /* timed syncs bracketed */
	double timed_s;         /* seconds inside the brackets */
	double idle_s;          /* seconds of the idle windows */
	struct probe_flush_device *dev;
	size_t ndev;
};

/*
 * The series' "rounds": count rounds of per_round samples every every_ns,
 * probing_s of the run's run_s spent on them.
 */
struct probe_rounds {
	int present;            /* 0: not rounds (a watch, or an older record) */
	/* at batch ends (bench), before and after (run), or paused as well */
	enum { ROUNDS_THROUGH = 0, ROUNDS_BRACKETS, ROUNDS_PAUSED } placement;
	double every_ns;
	long per_round, count;
	double probing_s, run_s;
	double cost;            /* probing_s / run_s, derived; NaN when run_s is 0 */
	double *ops;            /* writes from each round to the next; NULL: unsaid */
};

/* Timed samples through a window with their start times (--watch). */
struct probe_series {
	int present;
	long long base_unix_s;  /* whole seconds since 1970 (CLOCK_REALTIME) */
	double *t_ns;           /* each sample's start, ns after base_unix_s */
	double *samples_ns;     /* each sample's timed sync */
	size_t n;
	double window_ns[2];    /* the counters were read at these, after base; NaN: not */
	struct probe_flush_device *dev; /* everyone's: name, flushes, dropped */
	size_t ndev;
	char *flushes_unavailable; /* why none were counted, or NULL */
	struct probe_rounds rounds; /* syncgate-bench's rounds through a run */
	double median_ns, p99_ns, min_ns, max_ns;   /* derived; NaN when empty */
};

/* --watch: how the series was taken. */
struct probe_watch {
	double interval_ns;     /* 0: not a watch */
	char *stopped_by;       /* "SIGINT", "SIGTERM", "max-time", "max-samples" */
};

struct probe_record {
	/* host */
	char *host_id;          /* hashed machine id */
	char *host_id_source;   /* "machine-id", "hostuuid", "hostname" */
	char *host_name;
	char *os, *kernel;
	char *virt;             /* virtualisation hint, or NULL */
	struct result_host *hw; /* cpu_model, cores, memory_bytes; NULL: older */
	/* volume */
	char *volume_id;
	char *volume_id_source; /* "fs-uuid", "device-number" ... */
	char *path;             /* the directory probed, resolved */
	char *symlink;          /* DIR as given when it is a symbolic link to path */
	char *fs;               /* filesystem type */
	char *mount_point, *mount_options;
	char *device, *model;   /* block device and its model; NULL if unknown */
	char *write_cache;      /* "write back", "write through", or NULL */
	int rotational;         /* 1, 0, or -1 when unknown */
	char *memory_backed;    /* why the device keeps its data in memory, or NULL */
	char *passthrough_backed; /* a loop's backing file on NFS, FUSE...: which */
	/* method and samples */
	char *method;           /* "fdatasync", "fsync", "dsync", ... */
	char *method_detail;    /* what each sample timed, in words */
	long long write_bytes;
	int warmup;             /* samples discarded before these; -1 unrecorded */
	double *samples_ns;     /* every kept sample, in the order measured */
	size_t nsamples;
	double median_ns, min_ns, max_ns, p90_ns, p99_ns;
	double ci_lo_ns, ci_hi_ns, ci_level;  /* interval for the median */
	double p99_lo_ns, p99_hi_ns;  /* one-sided; NaN: too few (368 above) */
	char *stopped_by;       /* "samples", "precision", "max-samples", "max-time" */
	double precision;       /* --precision asked for, or NaN */
	double elapsed_s;       /* wall time of the whole probe */
	/* whether the sync time held still (probe/stability.h) */
	int stable;             /* 1, 0, or -1 when not judged */
	double halves_ns[2];    /* medians of the first and second half */
	double clusters_ratio;  /* two groups' medians apart, or NaN */
	/* the verdict on the flush */
	enum reach reaches;
	char **evidence;        /* why, in words, nevidence of them */
	size_t nevidence;
	struct probe_refs refs;
	struct probe_group group;
	struct probe_flushes flushes;
	struct probe_watch watch;
	struct probe_series series;
	char *created;          /* ISO 8601 UTC */
	char *version;          /* syncgate's version that measured it */
};

/* "unknown", "yes", "no", each at its value. */
extern const char *const reach_names[REACH_NO + 1];
const char *reach_name(enum reach r);

/* Every double of p NaN, every pointer NULL; free: what p holds, or NULL. */
void probe_record_init(struct probe_record *p);
void probe_record_free(struct probe_record *p);

/* Appends a copy of a formatted line to p->evidence. */
void probe_record_evidence(struct probe_record *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Recomputes the summary from p->samples_ns, left in measured order. */
void probe_record_summarize(struct probe_record *p, double level);

/* The group's median and p99, and both in syncs of unit_ns. */
void probe_group_summarize(struct probe_group *g, double unit_ns);

/* The fewest samples giving p99 an upper bound. */
size_t probe_p99_upper_min(void);

/*
 * The record as syncgate-probe/1 (for cJSON_Delete), and read from an
 * object (name and where label messages) or a file: the summary is
 * recomputed and must agree with the stored median.  Returns 0, or -1
 * with err set and p freed.
 */
cJSON *probe_record_to_json(const struct probe_record *p);
int probe_record_from_json(const cJSON *obj, const char *name,
    const char *where, struct probe_record *p, char *err);
int probe_record_load(const char *path, struct probe_record *p, char *err);

/*
 * The record's "flushes", and its "watch" and "series": each derived
 * from its counts, freed and cleared (NULL accepted), deep-copied into
 * the rest of a copy, added to o when present, and read from o (0, or
 * -1 with err set, what was read left for freeing).
 */
void probe_flushes_derive(struct probe_flushes *f);
void probe_flushes_free(struct probe_flushes *f);
void probe_rounds_derive(struct probe_rounds *r);
void probe_series_summarize(struct probe_series *s);
void probe_series_free(struct probe_series *s);
void probe_series_copy(struct probe_record *dst, const struct probe_record *src);
void probe_series_json(cJSON *o, const struct probe_record *p);
int probe_series_from_json(const cJSON *o, struct probe_record *p,
    const struct json_at *a);

/*
 * p's host as a result records it (an id not hashed as syncgate's left
 * null).  Returns 0, or -1 when p has no hardware; h is the caller's to
 * free either way.
 */
int probe_record_host(const struct probe_record *p, struct result_host *h);

void probe_record_copy(struct probe_record *dst, const struct probe_record *src);

/* Copies the caller frees: of s, NULL for NULL; of v's n, never NULL. */
char *probe_strdup(const char *s);
double *probe_doubles_dup(const double *v, size_t n);

/* The strings fields f hold in the struct at d: copies of s's, or freed. */
struct json_field;
void probe_fields_strings(const struct json_field *f, void *d, const void *s);

#endif
