/* SPDX-License-Identifier: MIT */
/*
 * `syncgate probe`: usage, options, their bounds and the main.  The work
 * is in scratch.c, measure.c, group.c, host.c, volume.c and classify.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/args.h"
#include "lib/cleanup.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/json.h"
#include "lib/outfile.h"
#include "lib/units.h"
#include "lib/version.h"
#include "probe/flushcount.h"
#include "probe/classify.h"
#include "probe/host.h"
#include "probe/group.h"
#include "probe/measure.h"
#include "probe/method.h"
#include "probe/options.h"
#include "probe/probe.h"
#include "probe/scratch.h"
#include "probe/volume.h"
#include "probe/watch.h"
#include "lib/outputs.h"
#include "report/report.h"

#define DEFAULT_MAX_SAMPLES 1000
#define DEFAULT_MAX_TIME_S 60.0

struct cli {
	struct probe_options o;
	struct outputs outs;    /* -o FILE, once; else standard output */
	int json, require_device;
	int max_samples_given, max_time_given;
	double max_p99_ns;      /* --max-p99, or NaN */
	int watch;
	double interval_ns;     /* --interval, or 0 */
};

void
probe_options_default(struct probe_options *o)
{
	memset(o, 0, sizeof *o);
	o->dir = ".";
	o->samples = 15;
	o->write_bytes = 4096;
	o->precision = NAN;
	o->max_samples = DEFAULT_MAX_SAMPLES;
	o->max_time_s = DEFAULT_MAX_TIME_S;
	o->watch_max_s = INFINITY;
}

enum {
	OPT_CONCURRENCY = 256, OPT_DIR, OPT_INTERVAL, OPT_JSON, OPT_MAX_P99,
	OPT_MAX_SAMPLES, OPT_MAX_TIME, OPT_METHOD, OPT_OUTPUT, OPT_PRECISION,
	OPT_REQUIRE_DEVICE, OPT_SAMPLES, OPT_WATCH, OPT_WRITE_SIZE
};

static const struct arg_opt options[] = {
	{ .name = "concurrency", .value = "C", .id = OPT_CONCURRENCY,
	  .help = "also run C writers (1 to 256) at once, each syncing its own "
	  "blocks, and give their sync in single-writer syncs (default: off)" },
	{ .name = "dir", .value = "DIR", .id = OPT_DIR,
	  .help = "the directory whose volume is probed; a symbolic link is "
	  "followed and said so (default: .)" },
	{ .name = "help", .letter = 'h', .id = ARG_HELP, .help = "print this help" },
	{ .name = "interval", .value = "DURATION", .id = OPT_INTERVAL,
	  .help = "with --watch, from one sample's start to the next's: seconds "
	  "(0.2) or a duration (200ms), 1ms to 3600s (default: 1s)" },
	{ .name = "json", .id = OPT_JSON,
	  .help = "print the syncgate-probe/1 record instead of text" },
	{ .name = "max-p99", .value = "DURATION", .id = OPT_MAX_P99,
	  .help = "exit 1 when the samples' p99 is over DURATION (10ms)" },
	{ .name = "max-samples", .value = "N", .id = OPT_MAX_SAMPLES,
	  .help = "with --precision, stop after N samples (default: 1000)" },
	{ .name = "max-time", .value = "SECONDS", .id = OPT_MAX_TIME,
	  .help = "stop sampling after SECONDS (default: 60); with --watch, stop "
	  "watching SECONDS after the start (default: at a signal only)" },
	{ .name = "method", .value = "METHOD", .id = OPT_METHOD,
	  .help = "fdatasync, fsync, dsync, direct-dsync, or on macOS full or "
	  "barrier (default: fdatasync on Linux, full on macOS; the macOS "
	  "methods are untested on Apple hardware)" },
	{ .letter = 'o', .value = "FILE", .id = OPT_OUTPUT,
	  .help = "write the output to FILE, atomically (default: standard "
	  "output)" },
	{ .name = "precision", .value = "PCT", .id = OPT_PRECISION,
	  .help = "sample until the median's 95% interval lies within PCT either "
	  "side of the median, 0 < PCT < 50% (default: off, a fixed count)" },
	{ .name = "require-device", .id = OPT_REQUIRE_DEVICE,
	  .help = "exit 1 unless the flush reaches a device" },
	{ .name = "samples", .value = "N", .id = OPT_SAMPLES,
	  .help = "samples kept (default: 15; with --precision, the fewest "
	  "taken)" },
	{ .name = "watch", .id = OPT_WATCH,
	  .help = "after the probe, beside a benchmark, take one sample every "
	  "--interval, each stamped with the wall clock, and count the disks' "
	  "flushes, until SIGINT, SIGTERM, SIGHUP or --max-time; then write the "
	  "record to -o FILE or, with --json, to standard output (a signal "
	  "before the opening probe is done: no record, exit 2)" },
	{ .name = "write-size", .value = "BYTES", .id = OPT_WRITE_SIZE,
	  .help = "bytes written before each sync, at most 64 MiB (67108864); "
	  "for direct-dsync a multiple of 512 and of the O_DIRECT alignment the "
	  "filesystem reports (default: 4096)" },
};

/* README.md and syncgate.1 carry its synopsis word for word. */
void
probe_usage(FILE *fp)
{
	fputs(
"usage: syncgate probe [--dir DIR] [--samples N] [--method METHOD]\n"
"                      [--write-size BYTES] [--json] [-o FILE] [--require-device]\n"
"                      [--precision PCT] [--max-samples N] [--max-time SECONDS]\n"
"                      [--concurrency C] [--max-p99 DURATION]\n"
"                      [--watch [--interval DURATION]]\n"
"\n"
"Measures what one durable sync costs on the volume holding DIR, in a\n"
"scratch file it creates there and always removes, and whether the flush\n"
"reaches a device, with the evidence that decided it.\n"
"\n", fp);
	args_help(fp, options, sizeof options / sizeof options[0]);
	fputs(
"\n"
"exit status: 0 measured (with --watch: stopped and the record written), 1\n"
"--require-device and the flush does not reach a device, or p99 over\n"
"--max-p99, 2 trouble (usage, an unusable DIR, an I/O error; --watch\n"
"stopped before its opening probe was done)\n", fp);
}

static int
take_option(void *ctx, int ch, const char *arg, char *err)
{
	struct cli *c = ctx;

	switch (ch) {
	case ARG_WORD:
		return errf(err, "unexpected argument %s; the directory goes after "
		    "--dir", arg);
	case OPT_JSON:
		c->json = 1;
		return 0;
	case OPT_REQUIRE_DEVICE:
		c->require_device = 1;
		return 0;
	case OPT_WATCH:
		c->watch = 1;
		return 0;
	case OPT_OUTPUT:
		return outputs_add(&c->outs, arg, err);
	case OPT_CONCURRENCY:
		return units_parse_count(arg, 1, PROBE_MAX_CONCURRENCY,
		    &c->o.concurrency, "--concurrency", err);
	case OPT_DIR:
		c->o.dir = arg;
		return 0;
	case OPT_INTERVAL:
		return units_parse_duration(arg, WATCH_MIN_INTERVAL_NS, WATCH_MAX_INTERVAL_NS,
		    1e9, &c->interval_ns, "--interval", err);
	case OPT_MAX_P99:
		return units_parse_duration(arg, 1, 86400e9, 0, &c->max_p99_ns, "--max-p99",
		    err);
	case OPT_MAX_SAMPLES:
		c->max_samples_given = 1;
		return units_parse_count(arg, 1, PROBE_MAX_SAMPLES, &c->o.max_samples,
		    "--max-samples", err);
	case OPT_MAX_TIME:
		c->max_time_given = 1;
		return units_parse_real(arg, 0.001, PROBE_MAX_TIME_S, &c->o.max_time_s,
		    "--max-time", err);
	case OPT_METHOD:
		c->o.method = arg;
		return probe_method_find(arg, err) == NULL ? -1 : 0;
	case OPT_PRECISION:
		return units_parse_percent(arg, 0, 0.5, &c->o.precision, "--precision", err);
	case OPT_SAMPLES:
		return units_parse_count(arg, 1, PROBE_MAX_SAMPLES, &c->o.samples,
		    "--samples", err);
	case OPT_WRITE_SIZE:
		return units_parse_count(arg, 1, SCRATCH_MAX_WRITE, &c->o.write_bytes,
		    "--write-size", err);
	}
	return errf(err, "unknown option; try syncgate help probe");
}

/* --max-time caps the whole watch, and its opening probe at the default. */
static int
watch_args(struct cli *c, char *err)
{
	if (!c->watch && c->interval_ns > 0)
		return errf(err, "--interval applies only with --watch");
	if (!c->watch)
		return 0;
	if (c->outs.n == 0 && !c->json)
		return errf(err, "--watch writes the probe record to -o FILE, or with "
		    "--json to standard output; give one");
	c->o.watch_interval_ns = c->interval_ns > 0 ? c->interval_ns : 1e9;
	c->o.watch_max_s = c->max_time_given ? c->o.max_time_s : INFINITY;
	if (c->o.max_time_s > DEFAULT_MAX_TIME_S)
		c->o.max_time_s = DEFAULT_MAX_TIME_S;
	return 0;
}

static int
parse_args(int argc, char **argv, struct cli *c, char *err)
{
	static const struct arg_cmd cmd = ARG_CMD("syncgate help probe", options,
	    take_option);
	int rc;

	memset(c, 0, sizeof *c);
	probe_options_default(&c->o);
	outputs_init(&c->outs, 1, report_format_nth);
	c->max_p99_ns = NAN;
	if ((rc = args_parse(&cmd, c, argc, argv, err)) != 0)
		return rc;
	if (c->max_samples_given && isnan(c->o.precision))
		return errf(err, "--max-samples applies only with --precision");
	if (watch_args(c, err) < 0)
		return -1;
	return outputs_end(&c->outs, err);
}

struct rendering {
	const struct probe_record *rec;
	int json;
};

static int
render(FILE *fp, const struct output *out, const void *arg, char *err)
{
	const struct rendering *r = arg;
	struct render_opts ro;
	int bad;

	if (r->json)
		bad = json_print_and_delete(fp, probe_record_to_json(r->rec)) < 0;
	else {
		render_opts_detect(&ro, fp, 0);
		bad = report_probe_text(fp, r->rec, &ro) < 0;
	}
	if (bad)
		return errf(err, "%s: cannot render the probe record",
		    out->path ? out->path : "standard output");
	return 0;
}

static int
measure(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start, struct probe_record *out,
    struct probe_observed *seen, char *err)
{
	struct volume_block vb;
	struct flushcount fc;
	struct measure_extras x = { &fc, 0, NAN };
	struct group_plan plan = { o->concurrency, o->samples, NAN,
	    start + o->max_time_s * 1e9 };
	int rc;

	if (volume_identify(o->dir, s->dirfd, out, &vb, err) < 0)
		return -1;
	flushcount_open(&fc, vb.known, vb.dev, out->fs);
	rc = probe_measure(s, m, o, start, &x, out, err);
	flushcount_close(&fc, &out->flushes);
	seen->pairs = x.pairs;
	seen->pair_ratio_min = x.pair_ratio_min;
	if (rc < 0)
		return -1;
	probe_record_summarize(out, 0.95);
	out->refs.dirty_sync_ns = plan.unit_ns = out->median_ns;
	if (o->concurrency > 0 && probe_group(s, m, &plan, &out->group, err) < 0)
		return -1;
	if (!(o->watch_interval_ns > 0))
		return 0;
	flushcount_open(&fc, vb.known, vb.dev, out->fs);
	return probe_watch(s, m, o, start, &fc, out, err);
}

static int
options_check(const struct probe_options *o, const struct probe_method *m,
    char *err)
{
	if (o->dir == NULL || o->dir[0] == '\0')
		return errf(err, "--dir: expected a directory, got nothing");
	if (o->samples < 1 || o->samples > PROBE_MAX_SAMPLES)
		return errf(err, "--samples: %lld is out of range; expected 1 to %d",
		    o->samples, PROBE_MAX_SAMPLES);
	if (o->write_bytes < 1 || o->write_bytes > SCRATCH_MAX_WRITE)
		return errf(err, "--write-size: %lld is out of range; expected 1 to "
		    "%lld bytes", o->write_bytes, SCRATCH_MAX_WRITE);
	if (m->direct && o->write_bytes % 512 != 0)
		return errf(err, "--write-size: %lld is not a multiple of 512, "
		    "which --method %s needs", o->write_bytes, m->name);
	if (!isnan(o->precision) && !(o->precision > 0 && o->precision < 0.5))
		return errf(err, "--precision: %g%% is out of range; expected more "
		    "than 0%% and less than 50%%", o->precision * 100);
	if (!isnan(o->precision) && (o->max_samples < o->samples ||
	    o->max_samples > PROBE_MAX_SAMPLES))
		return errf(err, "--max-samples: %lld is out of range; expected %lld "
		    "(--samples) to %d", o->max_samples, o->samples,
		    PROBE_MAX_SAMPLES);
	if (!(o->max_time_s > 0 && o->max_time_s <= PROBE_MAX_TIME_S))
		return errf(err, "--max-time: %g is out of range; expected more than "
		    "0 and at most %g seconds", o->max_time_s, PROBE_MAX_TIME_S);
	if (o->watch_interval_ns != 0 &&
	    !(o->watch_interval_ns >= WATCH_MIN_INTERVAL_NS &&
	    o->watch_interval_ns <= WATCH_MAX_INTERVAL_NS))
		return errf(err, "--interval: %gns is out of range; expected 1ms to "
		    "3600s", o->watch_interval_ns);
	if (!(o->watch_max_s > 0))
		return errf(err, "--max-time: %g is out of range; expected more than "
		    "0 seconds", o->watch_max_s);
	if (o->concurrency < 0 || o->concurrency > PROBE_MAX_CONCURRENCY)
		return errf(err, "--concurrency: %lld is out of range; expected 1 to %d",
		    o->concurrency, PROBE_MAX_CONCURRENCY);
	return 0;
}

static long long
options_slots(const struct probe_options *o, char *err)
{
	long long want = measure_slots_wanted(o), min = 2;

	if (o->concurrency > 0) {
		long long group = o->concurrency * (o->samples + 1);

		want = want > group ? want : group;
		min = 2LL * o->concurrency;
	}
	return scratch_slots(o->write_bytes, want, min, err);
}

int
probe_run(const struct probe_options *o, struct probe_record *out, char *err)
{
	const struct probe_method *m;
	struct scratch s;
	double start = clock_monotonic_ns();
	struct probe_observed seen = { 0, 0, 0, NAN };
	long long slots;
	int rc = -1;

	probe_record_init(out);
	host_identify(out);
	if ((m = probe_method_find(o->method, err)) != NULL &&
	    options_check(o, m, err) == 0 &&
	    (slots = options_slots(o, err)) >= 0) {
		if (scratch_open(&s, o->dir, m, o->write_bytes, slots, err) == 0)
			rc = measure(&s, m, o, start, out, &seen, err);
		seen.flags_dropped = s.flags_dropped;
		seen.direct_cached = s.direct_cached;
		scratch_close(&s);
	}
	if (rc < 0) {
		probe_record_free(out);
		return -1;
	}
	probe_judge(out, m, &seen);
	out->created = clock_utc_now();
	out->version = xstrdup(SYNCGATE_VERSION);
	out->elapsed_s = (clock_monotonic_ns() - start) / 1e9;
	return 0;
}

/* On p99 itself, as etcd's guidance does; a pass warns if its CI is over. */
static int
rule_p99(double limit_ns, const struct probe_record *p)
{
	char a[DURLEN], b[DURLEN], c[DURLEN], lim[DURLEN], words[ERRLEN];
	int ascii = !units_locale_utf8();

	if (isnan(limit_ns))
		return EXIT_PASS;
	units_fmt_duration(a, sizeof a, p->p99_ns, ascii);
	units_fmt_duration(b, sizeof b, p->p99_lo_ns, ascii);
	units_fmt_duration(c, sizeof c, p->p99_hi_ns, ascii);
	units_fmt_duration(lim, sizeof lim, limit_ns, ascii);
	/* "12.3ms (95% interval 11ms to 14ms)", or why there is no upper bound */
	if (!isnan(p->p99_hi_ns))
		snprintf(words, sizeof words, "%s (95%% interval %s to %s)", a, b, c);
	else
		snprintf(words, sizeof words, "%s (at least %s with %g%% confidence; "
		    "%zu samples give it no upper bound, %zu would)", a, b,
		    PROBE_P99_CONFIDENCE * 100, p->nsamples, probe_p99_upper_min());
	if (p->p99_ns > limit_ns) {
		err_warn("--max-p99: p99 is %s, over %s", words, lim);
		return EXIT_FAIL;
	}
	if (isnan(p->p99_hi_ns) || p->p99_hi_ns > limit_ns)
		err_warn("--max-p99: p99 is %s: within %s as measured, not shown to "
		    "stay within it", words, lim);
	return EXIT_PASS;
}

static int
rule(const struct cli *c, const struct probe_record *p)
{
	int status = rule_p99(c->max_p99_ns, p);

	if (c->require_device && p->reaches != REACH_YES) {
		err_warn("--require-device: the flush does not reach a device here "
		    "(reaches_device: %s)", reach_name(p->reaches));
		status = EXIT_FAIL;
	}
	return status;
}

/* Signals stop the watch rather than the process; its load is stated. */
static void
watch_start(struct cli *c)
{
	char iv[DURLEN], b[DURLEN], bs[DURLEN], e[ERRLEN];
	const struct probe_method *m = probe_method_find(c->o.method, e);
	int ascii = !units_locale_utf8();

	cleanup_install();
	c->o.stop = watch_catch_signals();
	units_fmt_duration(iv, sizeof iv, c->o.watch_interval_ns, ascii);
	units_fmt_bytes(b, sizeof b, (double)c->o.write_bytes);
	units_fmt_bytes(bs, sizeof bs, (double)c->o.write_bytes * 1e9 /
	    c->o.watch_interval_ns);
	err_warn("--watch: after the probe, one %s write and %s every %s (%s and "
	    "%.3g sync%s a second) until SIGINT, SIGTERM, SIGHUP or --max-time", b,
	    m != NULL ? m->word : "sync", iv, bs, 1e9 / c->o.watch_interval_ns,
	    c->o.watch_interval_ns == 1e9 ? "" : "s");
}

int
probe_main(int argc, char **argv)
{
	struct cli c;
	struct outfile of;
	struct probe_record rec;
	struct rendering r = { &rec, 0 };
	char err[ERRLEN];
	int status;

	if ((status = parse_args(argc, argv, &c, err)) < 0)
		goto trouble;
	if (status > 0) {
		probe_usage(stdout);
		return outfile_shut(stdout, "standard output");
	}
	/* an output that cannot be written is found before the probe runs */
	if (outfile_open(&of, c.outs.v[0].path, err) < 0)
		goto trouble;
	/* a watch's temporary is made at its end: SIGKILL leaves none behind */
	if (c.watch && of.tmp != NULL)
		outfile_abort(&of);
	if (c.watch)
		watch_start(&c);
	if (probe_run(&c.o, &rec, err) < 0) {
		if (of.fp != NULL)
			outfile_abort(&of);
		goto trouble;
	}
	r.json = c.json || c.watch;
	if ((of.fp == NULL && outfile_open(&of, c.outs.v[0].path, err) < 0) ||
	    output_finish(&of, &c.outs.v[0], render, &r, err) < 0) {
		probe_record_free(&rec);
		goto trouble;
	}
	status = rule(&c, &rec);
	probe_record_free(&rec);
	return status;
trouble:
	err_warn("%s", err);
	return EXIT_TROUBLE;
}
