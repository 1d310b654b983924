/* SPDX-License-Identifier: MIT */
/*
 * The glue between what was measured and the pure decision in
 * classify.c: the facts it may use, and its evidence and the stability
 * hint written into the record.
 */
#include <stdlib.h>

#include "lib/err.h"
#include "probe/classify.h"
#include "probe/judge.h"
#include "probe/stability.h"

static void
fill_facts(struct probe_facts *f, const struct probe_record *out,
    const struct probe_method *m, const struct probe_observed *seen)
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
	f->flags_dropped = seen->flags_dropped;
	f->direct_cached = seen->direct_cached;
	f->pairs = seen->pairs;
	f->pair_ratio_min = seen->pair_ratio_min;
	f->fs = out->fs;
	f->mount_options = out->mount_options;
	f->write_cache = out->write_cache;
	f->rotational = out->rotational;
	f->memory_device = out->memory_backed;
	f->passthrough_device = out->passthrough_backed;
	f->virt = out->virt;
	f->direct = m->direct;
	f->flushes = &out->flushes;
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
    const struct probe_observed *seen)
{
	struct probe_facts f;
	struct probe_evidence *ev = xmalloc(sizeof *ev);
	size_t i;

	fill_facts(&f, out, m, seen);
	out->reaches = probe_classify(&f, ev);
	for (i = 0; i < ev->n; i++)
		probe_record_evidence(out, "%s", ev->line[i]);
	free(ev);
	judge_stability(out);
}
