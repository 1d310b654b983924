/* SPDX-License-Identifier: MIT */
/*
 * Option bounds, scratch sizing, the verdict and the stamp: the glue
 * between what was measured and the pure decision in classify.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/clock.h"
#include "lib/err.h"
#include "lib/version.h"
#include "probe/classify.h"
#include "probe/measure.h"
#include "probe/run.h"
#include "probe/scratch.h"
#include "probe/stability.h"

int
probe_check_options(const struct probe_options *o, const struct probe_method *m,
    char *err)
{
	if (o->dir == NULL || o->dir[0] == '\0')
		return errf(err, "--dir: expected a directory, got nothing");
	if (o->samples < 1 || o->samples > PROBE_MAX_SAMPLES)
		return errf(err, "--samples: %ld is out of range; expected 1 to %d",
		    o->samples, PROBE_MAX_SAMPLES);
	if (o->write_bytes < 1 || o->write_bytes > SCRATCH_MAX_WRITE)
		return errf(err, "--write-size: %lld is out of range; expected 1 to "
		    "%lld bytes", o->write_bytes, SCRATCH_MAX_WRITE);
	if (m->direct && o->write_bytes % 512 != 0)
		return errf(err, "--write-size: %lld is not a multiple of 512, "
		    "which --method %s needs", o->write_bytes, m->name);
	if (o->warmup < 0 || o->warmup > PROBE_MAX_WARMUP)
		return errf(err, "warm-up: %d is out of range; expected 0 to %d",
		    o->warmup, PROBE_MAX_WARMUP);
	if (!isnan(o->precision) && !(o->precision > 0 && o->precision < 0.5))
		return errf(err, "--precision: %g%% is out of range; expected more "
		    "than 0%% and less than 50%%", o->precision * 100);
	if (!isnan(o->precision) && (o->max_samples < o->samples ||
	    o->max_samples > PROBE_MAX_SAMPLES))
		return errf(err, "--max-samples: %ld is out of range; expected %ld "
		    "(--samples) to %d", o->max_samples, o->samples,
		    PROBE_MAX_SAMPLES);
	if (!(o->max_time_s > 0 && o->max_time_s <= PROBE_MAX_TIME_S))
		return errf(err, "--max-time: %g is out of range; expected more than "
		    "0 and at most %g seconds", o->max_time_s, PROBE_MAX_TIME_S);
	if (o->concurrency < 0 || o->concurrency > PROBE_MAX_CONCURRENCY)
		return errf(err, "--concurrency: %d is out of range; expected 1 to %d",
		    o->concurrency, PROBE_MAX_CONCURRENCY);
	return 0;
}

long long
probe_scratch_slots(const struct probe_options *o, char *err)
{
	long long want = measure_slots_wanted(o), min = 2;

	if (o->concurrency > 0) {
		long long group = (long long)o->concurrency * (o->samples + 1);

		want = want > group ? want : group;
		min = 2LL * o->concurrency;
	}
	return scratch_slots(o->write_bytes, want, min, err);
}

static void
fill_facts(struct probe_facts *f, const struct probe_record *out,
    const struct probe_method *m, int flags_dropped, int direct_cached)
{
	probe_facts_init(f);
	f->sync_name = m->word;
	f->clean_name = probe_method_clean_name(m);
	f->write_timed = m->write_timed;
	f->write_bytes = out->write_bytes;
	f->dirty_ns = out->median_ns;
	f->clean_ns = out->refs.clean_sync_ns;
	f->clean_raw_ns = out->refs.clean_raw_sync_ns;
	f->null_ns = out->refs.null_syscall_ns;
	f->write_ns = out->refs.plain_write_ns;
	f->raw_ns = out->refs.raw_sync_ns;
	f->libc_ns = out->refs.libc_sync_ns;
	f->flags_dropped = flags_dropped;
	f->direct_cached = direct_cached;
	f->fs = out->fs;
	f->mount_options = out->mount_options;
	f->write_cache = out->write_cache;
	f->rotational = out->rotational;
	f->memory_device = out->memory_backed;
	f->virt = out->virt;
}

/* A hint beside the verdict, never a part of it. */
static void
judge_stability(struct probe_record *out)
{
	struct probe_stability st;
	char hint[ERRLEN];

	probe_stability(out->samples_ns, out->nsamples, &st);
	if (!st.judged)
		return;
	out->stable = st.stable;
	out->halves_ns[0] = st.half_ns[0];
	out->halves_ns[1] = st.half_ns[1];
	out->clusters_ratio = st.clusters_ratio;
	if (probe_stability_hint(&st, hint, sizeof hint))
		probe_record_evidence(out, "%s", hint);
}

void
probe_judge(struct probe_record *out, const struct probe_method *m,
    int flags_dropped, int direct_cached)
{
	struct probe_facts f;
	struct probe_evidence *ev = xmalloc(sizeof *ev);
	size_t i;

	fill_facts(&f, out, m, flags_dropped, direct_cached);
	out->reaches = probe_classify(&f, ev);
	for (i = 0; i < ev->n; i++)
		probe_record_evidence(out, "%s", ev->line[i]);
	free(ev);
	judge_stability(out);
}

void
probe_stamp(struct probe_record *out, double start_ns)
{
	char buf[32];
	time_t now = time(NULL);
	struct tm tm;

	if (gmtime_r(&now, &tm) != NULL &&
	    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0)
		out->created = xstrdup(buf);
	out->version = xstrdup(SYNCGATE_VERSION);
	out->elapsed_s = (clock_monotonic_ns() - start_ns) / 1e9;
}
