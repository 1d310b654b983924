/* SPDX-License-Identifier: MIT */
/*
 * The samples and the reference timings (a clean sync, empty system calls,
 * a plain write, libc's sync beside the raw one), taken in rounds spread
 * across the samples: a bursty disk's fast and slow minutes count in both.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "lib/clock.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "lib/units.h"
#include "probe/measure.h"

#define NULL_PER_ROUND 3

struct ref_set {
	double clean[MEASURE_REF_ROUNDS], clean_raw[MEASURE_REF_ROUNDS];
	double write[MEASURE_REF_ROUNDS];
	double raw[MEASURE_REF_ROUNDS], libc[MEASURE_REF_ROUNDS];
	double null[MEASURE_REF_ROUNDS * NULL_PER_ROUND];
	size_t rounds, nnull, nraw, nclean_raw;
	size_t horizon;         /* the samples the rounds spread over */
	double raw_first[MEASURE_REF_ROUNDS];   /* 1 where the raw call led */
};

struct sample_buf {
	double *v;
	size_t n, cap;
};

long long
measure_slots_wanted(const struct probe_options *o)
{
	long long n = isnan(o->precision) ? o->samples : o->max_samples;

	/* a reference round writes three times: plain, raw and libc */
	return MEASURE_WARMUP + n + 3LL * MEASURE_REF_ROUNDS + 1;
}

static double
null_syscall(void)
{
	double t0 = clock_monotonic_ns();

#if defined(__linux__) && defined(SYS_getppid)
	syscall(SYS_getppid);
#else
	getppid();
#endif
	return clock_monotonic_ns() - t0;
}

double
measure_wall_ns(long long base_s)
{
	struct timespec t = clock_unix();

	return (double)((long long)t.tv_sec - base_s) * 1e9 + (double)t.tv_nsec;
}

int
measure_dirty_sync(struct scratch *s, const struct probe_method *m, int raw,
    double *ns, struct flushcount *fc, char *err)
{
	long long slot = s->next++;
	double t0;
	int rc;

	if (m->write_timed) {
		flushcount_before(fc);
		rc = scratch_write(s, raw ? s->raw_fd : s->sync_fd, s->buf,
		    &s->seed, slot, ns, err);
		flushcount_after(fc);
		return rc;
	}
	if (scratch_write(s, s->fd, s->buf, &s->seed, slot, NULL, err) < 0)
		return -1;
	flushcount_before(fc);
	t0 = clock_monotonic_ns();
	rc = raw ? m->raw_sync(s->sync_fd) : m->sync(s->sync_fd);
	*ns = clock_monotonic_ns() - t0;
	flushcount_after(fc);
	if (rc < 0)
		return errf(err, "%s: %s%s of the scratch file:", s->dir, m->word,
		    raw ? " as a raw system call" : "");
	return 0;
}

int
measure_series_take(struct scratch *s, const struct probe_method *m,
    struct probe_series *ser, size_t *cap, char *err)
{
	double at = measure_wall_ns(ser->base_unix_s), ns;
	size_t c = *cap;        /* the two arrays grow alike */

	if (measure_dirty_sync(s, m, 0, &ns, NULL, err) < 0)
		return -1;
	xgrow(&ser->t_ns, &c, ser->n + 1, sizeof *ser->t_ns);
	xgrow(&ser->samples_ns, cap, ser->n + 1, sizeof *ser->samples_ns);
	ser->t_ns[ser->n] = at;
	ser->samples_ns[ser->n++] = ns;
	return 0;
}

/* A sync with nothing dirty, timed into *ns unless NULL. */
static int
clean_sync(struct scratch *s, const struct probe_method *m, int fd, int raw,
    double *ns, char *err)
{
	double t0 = clock_monotonic_ns();
	int rc = probe_method_clean(m, raw)(fd);

	if (ns != NULL)
		*ns = clock_monotonic_ns() - t0;
	if (rc < 0)
		return errf(err, "%s: %s of the scratch file%s:", s->dir,
		    probe_method_clean_name(m), raw ? " as a raw system call" : "");
	return 0;
}

/*
 * The clean sync through libc and raw: a wrapper that keeps the write but
 * drops the cache flush shows only where there is nothing to write.
 */
static int
clean_pair(struct scratch *s, const struct probe_method *m, struct ref_set *r,
    int raw_first, char *err)
{
	size_t k = r->rounds;
	double *first = raw_first ? &r->clean_raw[k] : &r->clean[k];
	double *second = raw_first ? &r->clean[k] : &r->clean_raw[k];

	if (probe_method_clean(m, 1) == NULL)
		return clean_sync(s, m, s->sync_fd, 0, &r->clean[k], err);
	if (clean_sync(s, m, s->sync_fd, raw_first, first, err) < 0 ||
	    clean_sync(s, m, s->sync_fd, !raw_first, second, err) < 0)
		return -1;
	r->nclean_raw++;
	return 0;
}

/* Straight after a dirty sync: nothing is dirty now. */
static int
ref_round(struct scratch *s, const struct probe_method *m, struct ref_set *r,
    char *err)
{
	size_t k = r->rounds, i, j = r->nraw;
	int raw_first = measure_raw_first(r->raw_first, k);
	double *first = raw_first ? &r->raw[j] : &r->libc[j];
	double *second = raw_first ? &r->libc[j] : &r->raw[j];

	r->raw_first[k] = raw_first;
	if (clean_pair(s, m, r, raw_first, err) < 0)
		return -1;
	for (i = 0; i < NULL_PER_ROUND; i++)
		r->null[r->nnull++] = null_syscall();
	if (scratch_write(s, s->fd, s->buf, &s->seed, s->next++, &r->write[k],
	    err) < 0 || clean_sync(s, m, s->fd, 0, NULL, err) < 0)
		return -1;
	if (m->write_timed ? s->raw_fd >= 0 : m->raw_sync != NULL) {
		if (measure_dirty_sync(s, m, raw_first, first, NULL, err) < 0 ||
		    measure_dirty_sync(s, m, !raw_first, second, NULL, err) < 0)
			return -1;
		r->nraw++;
	}
	r->rounds++;
	return 0;
}

int
measure_ref_due(size_t n, size_t *horizon, int *thin)
{
	*thin = 0;
	if (*horizon < 1)
		*horizon = 1;
	if (n > *horizon) {
		*horizon *= 2;
		*thin = 1;
	}
	return n * MEASURE_REF_ROUNDS / *horizon >
	    (n - 1) * MEASURE_REF_ROUNDS / *horizon;
}

size_t
measure_thin(double *x, size_t n, size_t per)
{
	size_t g, kept = 0;

	for (g = 1; (g + 1) * per <= n; g += 2, kept += per)
		memmove(x + kept, x + g * per, per * sizeof *x);
	return kept;
}

/*
 * Thinning keeps the rounds at odd places, so plain alternation would keep
 * one order only: balance the rounds of k's parity first, then all.
 */
int
measure_raw_first(const double *led, size_t k)
{
	size_t i, same = 0, raw = 0, all = 0;

	for (i = k % 2; i < k; i += 2, same++)
		raw += led[i] != 0;
	if (2 * raw != same)
		return 2 * raw < same;
	for (i = 0; i < k; i++)
		all += led[i] != 0;
	return 2 * all < k;
}

static void
store_refs(struct ref_set *r, struct probe_refs *out)
{
	out->clean_sync_ns = stats_median(r->clean, r->rounds);
	out->clean_raw_sync_ns = stats_median(r->clean_raw, r->nclean_raw);
	out->null_syscall_ns = stats_median(r->null, r->nnull);
	out->plain_write_ns = stats_median(r->write, r->rounds);
	out->raw_sync_ns = stats_median(r->raw, r->nraw);
	out->libc_sync_ns = stats_median(r->libc, r->nraw);
	/* the pairs are then compared rank by rank, as they always were */
	stats_sort(r->raw, r->nraw);
	stats_sort(r->libc, r->nraw);
}

/* The interval is recomputed at geometric steps: not a million sorts. */
const char *
measure_stop_reason(const struct probe_options *o, const double *x, size_t n,
    double elapsed_s, size_t *next_check)
{
	int adaptive = !isnan(o->precision);

	if (o->stop != NULL && *o->stop != 0)
		return "signal";
	if (!adaptive && n >= (size_t)o->samples)
		return "samples";
	if (adaptive && n >= (size_t)o->samples && n >= *next_check) {
		struct stats_summary st;
		double *y = probe_doubles_dup(x, n);

		*next_check = n + n / 32 + 1;
		stats_summarize(y, n, 0.95, &st);
		free(y);
		if (!isnan(st.ci_lo) && st.ci_lo >= st.median * (1 - o->precision) &&
		    st.ci_hi <= st.median * (1 + o->precision))
			return "precision";
	}
	if (adaptive && n >= (size_t)o->max_samples)
		return "max-samples";
	if (elapsed_s >= o->max_time_s)
		return "max-time";
	return NULL;
}

static void
describe(const struct scratch *s, const struct probe_method *m,
    struct probe_record *out)
{
	char b[DURLEN], d[ERRLEN];

	units_fmt_bytes(b, sizeof b, (double)s->write_bytes);
	if (m->write_timed)
		snprintf(d, sizeof d, "each sample times one %s of %s of fresh "
		    "content at a new offset into preallocated blocks: the write "
		    "is the sync; %s", m->word, b,
		    probe_method_carries(m, s->direct_cached));
	else
		snprintf(d, sizeof d, "each sample writes %s of fresh content at a "
		    "new offset into preallocated blocks, then times the %s alone; "
		    "%s", b, m->word, probe_method_carries(m, s->direct_cached));
	out->method = xstrdup(m->name);
	out->method_detail = xstrdup(d);
	out->write_bytes = s->write_bytes;
}

static int
sample_loop(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start_ns, struct flushcount *fc,
    struct sample_buf *b, struct ref_set *r, const char **why, char *err)
{
	size_t next_check = 0;
	double ns;
	int due, thin;

	for (;;) {
		if (measure_dirty_sync(s, m, 0, &ns, fc, err) < 0)
			return -1;
		xgrow(&b->v, &b->cap, b->n + 1, sizeof *b->v);
		b->v[b->n++] = ns;
		due = measure_ref_due(b->n, &r->horizon, &thin);
		if (thin) {
			measure_thin(r->write, r->rounds, 1);
			measure_thin(r->raw_first, r->rounds, 1);
			r->rounds = measure_thin(r->clean, r->rounds, 1);
			r->nclean_raw = measure_thin(r->clean_raw, r->nclean_raw, 1);
			measure_thin(r->libc, r->nraw, 1);
			r->nraw = measure_thin(r->raw, r->nraw, 1);
			r->nnull = measure_thin(r->null, r->nnull, NULL_PER_ROUND);
		}
		if (due && r->rounds < MEASURE_REF_ROUNDS && ref_round(s, m, r, err) < 0)
			return -1;
		*why = measure_stop_reason(o, b->v, b->n,
		    (clock_monotonic_ns() - start_ns) / 1e9, &next_check);
		if (*why != NULL)
			return 0;
	}
}

/*
 * The least raw/libc ratio: every pair, timed in either order, with the
 * raw call tenfold dearer is no swinging disk but a wrapper.
 */
static void
describe_pairs(const struct ref_set *r, struct measure_extras *x)
{
	size_t k;

	x->pairs = r->nraw;
	x->pair_ratio_min = NAN;
	for (k = 0; k < r->nraw; k++)
		x->pair_ratio_min = fmin(x->pair_ratio_min, r->raw[k] / r->libc[k]);
}

int
probe_measure(struct scratch *s, const struct probe_method *m,
    const struct probe_options *o, double start_ns, struct measure_extras *x,
    struct probe_record *out, char *err)
{
	struct sample_buf b = { NULL, 0, 0 };
	struct ref_set *r = xcalloc(1, sizeof *r);
	struct flushcount *fc = x != NULL ? x->fc : NULL;
	const char *why = NULL;
	double ns;
	int i, rc = -1;

	describe(s, m, out);
	r->horizon = (size_t)o->samples;
	for (i = 0; i < MEASURE_WARMUP; i++)
		if (measure_dirty_sync(s, m, 0, &ns, NULL, err) < 0)
			goto out;
	flushcount_idle(fc, FLUSHCOUNT_IDLE_NS);
	if (sample_loop(s, m, o, start_ns, fc, &b, r, &why, err) < 0)
		goto out;
	while (r->rounds < MEASURE_REF_MIN)
		if (measure_dirty_sync(s, m, 0, &ns, NULL, err) < 0 ||
		    ref_round(s, m, r, err) < 0)
			goto out;
	flushcount_idle(fc, FLUSHCOUNT_IDLE_NS);
	store_refs(r, &out->refs);
	if (x != NULL)
		describe_pairs(r, x);
	out->warmup = MEASURE_WARMUP;
	out->precision = o->precision;
	out->stopped_by = xstrdup(why);
	out->samples_ns = b.v;
	out->nsamples = b.n;
	b.v = NULL;
	rc = 0;
out:
	free(b.v);
	free(r);
	return rc;
}
