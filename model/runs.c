/* SPDX-License-Identifier: MIT */
/*
 * A random-effects estimate on the log scale: a run's value is the true
 * figure times a run effect (page cache, neighbours) times its sampling
 * error; the runs' variance estimates both, with no model of either, and
 * Student's t carries its uncertainty when the runs are few.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/probe_window.h"
#include "model/runs.h"
#include "lib/err.h"
#include "lib/stats.h"

static const char *
opt_words(char *buf, size_t len, const char *s)
{
	char q[80];

	if (s == NULL)
		snprintf(buf, len, "absent");
	else
		snprintf(buf, len, "\"%s\"", err_quote(q, sizeof q, s));
	return buf;
}

/* Run r against the first run f: the same engine and workload. */
static int
check_header(const struct result *f, const char *ff, const struct result *r,
    const char *rf, const char *flag, char *err)
{
	static const char *const key[] = { "engine", "workload" };
	const char *x[] = { f->engine, f->workload }, *y[] = { r->engine, r->workload };
	char a[96], b[96];
	int i;

	for (i = 0; i < 2; i++)
		if ((x[i] == NULL) != (y[i] == NULL) || (x[i] && strcmp(x[i], y[i]) != 0))
			return errf(err, "%s: %s is %s, but %s's is %s; expected every "
			    "run of %s %s", rf, key[i], opt_words(a, sizeof a, y[i]), ff,
			    opt_words(b, sizeof b, x[i]), flag, i ? "on one workload" :
			    "from one engine");
	return 0;
}

/* Every class of run a is in run b, of the same kind. */
static int
check_classes(const struct result *a, const char *af, const struct result *b,
    const char *bf, const char *flag, char *err)
{
	char q[80];
	size_t i;

	for (i = 0; i < a->nclasses; i++) {
		const struct result_class *c = &a->classes[i];
		const struct result_class *other = result_find(b, c->name);

		if (other == NULL)
			return errf(err, "%s: has no class \"%s\", which %s ran; expected "
			    "the same classes in every run of %s", bf,
			    err_quote(q, sizeof q, c->name), af, flag);
		if (other->kind != c->kind)
			return errf(err, "%s: class \"%s\" is a %s, but in %s it is a %s; "
			    "expected the same kind in every run of %s", bf,
			    err_quote(q, sizeof q, c->name), class_kind_name(other->kind),
			    af, class_kind_name(c->kind), flag);
	}
	return 0;
}

/* "run 2 of 3 of session ID" or "no session", for messages. */
static const char *
session_words(char *buf, size_t len, const struct result_session *s)
{
	if (!session_present(s))
		snprintf(buf, len, "carries no session");
	else
		snprintf(buf, len, EXPECTED("is run %lld of %lld of session %s"), s->run,
		    s->runs, s->id);
	return buf;
}

/*
 * A run of a several-run session pools only with that session's, each
 * once: two invocations' files sharing names (an interrupted --runs
 * beside an earlier one's) never pool.  Part of a set stands alone (an
 * A/A test splits one), as do one-run invocations and older results.
 */
static int
check_sessions(const struct result *const *r, const char *const *files,
    size_t n, const char *flag, int several, char *err)
{
	const struct result_session *m = NULL;
	char a[128], b[128];
	size_t i, j, k = 0;

	for (i = 0; i < n && m == NULL; i++)
		if (session_present(&r[i]->session) && r[i]->session.runs > 1)
			m = &r[k = i]->session;
	if (m == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		const struct result_session *s = &r[i]->session;

		if (!session_present(s) || (!several && strcmp(s->id, m->id) != 0))
			return errf(err, "%s: %s, but %s %s; expected every run of %s "
			    "from %s", files[i], session_words(a, sizeof a, s), files[k],
			    session_words(b, sizeof b, m), flag, several ?
			    "a session" : "one session, never two mixed");
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (strcmp(r[i]->session.id, r[j]->session.id) == 0 &&
			    r[i]->session.run == r[j]->session.run)
				return errf(err, "%s and %s: both are run %lld of session "
				    "%s; expected each run of %s once", files[i], files[j],
				    r[i]->session.run, r[i]->session.id, flag);
	return 0;
}

int
runs_check(const struct result *const *r, const char *const *files, size_t n,
    const char *flag, int several, char *err)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (check_header(r[0], files[0], r[i], files[i], flag, err) < 0 ||
		    check_classes(r[0], files[0], r[i], files[i], flag, err) < 0 ||
		    check_classes(r[i], files[i], r[0], files[0], flag, err) < 0)
			return -1;
	return n > 1 ? check_sessions(r, files, n, flag, several, err) : 0;
}

size_t
runs_sessions(const struct result *const *r, size_t n, size_t *group)
{
	size_t i, j, g = 0;

	for (i = 0; i < n; i++) {
		group[i] = SIZE_MAX;
		if (!session_present(&r[i]->session))
			return 0;
		for (j = 0; j < i && group[i] == SIZE_MAX; j++)
			if (strcmp(r[j]->session.id, r[i]->session.id) == 0)
				group[i] = group[j];
		if (group[i] == SIZE_MAX)
			group[i] = g++;
	}
	return g;
}

void
runs_between_sessions(const double *logs, const size_t *group, size_t n,
    size_t g, struct runs_sessions *out)
{
	double *sum, *cnt, grand = 0, msw = 0, msb = 0, n2 = 0, n0, diff;
	size_t i;

	memset(out, 0, sizeof *out);
	if (g < 2 || n <= g)
		return;
	sum = xcalloc(2 * g, sizeof *sum);
	cnt = sum + g;
	for (i = 0; i < n; i++) {
		sum[group[i]] += logs[i];
		cnt[group[i]] += 1;
		grand += logs[i];
	}
	grand /= (double)n;
	for (i = 0; i < n; i++) {
		double d = logs[i] - sum[group[i]] / cnt[group[i]];

		msw += d * d;
	}
	for (i = 0; i < g; i++) {
		double d = cnt[i] > 0 ? sum[i] / cnt[i] - grand : 0;

		msb += cnt[i] * d * d;
		n2 += cnt[i] * cnt[i];
	}
	free(sum);
	msw /= (double)(n - g);
	msb /= (double)(g - 1);
	/* the runs a session holds, on average in the ANOVA's sense */
	n0 = ((double)n - n2 / (double)n) / (double)(g - 1);
	diff = msb - msw;
	out->have = 1;
	out->within_var = msw;
	out->within_df = (double)(n - g);
	out->session_var = diff > 0 ? diff / n0 : 0;
	/* Satterthwaite's, for a difference of mean squares; g - 1 at zero */
	out->session_df = diff > 0 ? diff * diff / (msb * msb / (double)(g - 1) +
	    msw * msw / (double)(n - g)) : (double)(g - 1);
	if (out->session_df < 1)
		out->session_df = 1;
}
/* The log-scale variance of n samples' interval, at(arg, k) the k-th. */
static double
order_within(size_t n, double (*at)(const void *arg, size_t k),
    const void *arg, double q, double level)
{
	size_t lo, hi;
	double z = stats_norm_quantile((1 + level) / 2), w;

	if (stats_order_ci(n, q, level, &lo, &hi, NULL) < 0)
		return NAN;
	w = (log(at(arg, hi)) - log(at(arg, lo))) / (2 * z);
	return w * w;
}

/* A class's rank k: a sample's, or its rows' operations spread evenly. */
static double
class_at(const void *arg, size_t k)
{
	const struct result_class *c = arg;

	return c->nsamples > 0 ? result_class_rank(c, k) :
	    result_buckets_rank(c->buckets, c->nbuckets, (long long)k);
}

static double
sorted_at(const void *arg, size_t k)
{
	return ((const double *)arg)[k - 1];
}

/*
 * The log q-quantile for a figure over runs: Hyndman and Fan's type 9,
 * h = (n + 1/4) q + 3/8, interpolated in logs, nearly unbiased for
 * log-normal latencies.  Type 7's p99 is biased low, 1.6% at 368 samples
 * of log-sd 0.3 and 0.4% at 2000 (4.8%, 0.8% at 1.0), which stops
 * cancelling when sides' counts differ; type 9 leaves 0.2%, 0.0% (0.7%,
 * 0.4%).  A median is type 7's alike.
 */
static double
runs_log_quantile(const struct result_class *c, double q)
{
	size_t n = c->nsamples, f;
	double h = ((double)n + 0.25) * q + 0.375, a, b;

	if (h <= 1)
		return log(result_class_rank(c, 1));
	if (h >= (double)n)
		return log(result_class_rank(c, n));
	f = (size_t)floor(h);
	a = log(result_class_rank(c, f));
	b = log(result_class_rank(c, f + 1));
	return a + (h - (double)f) * (b - a);
}

/* The ends n samples cannot bound the q-quantile at, each (1 - level) / 2. */
static int
order_open(size_t n, double q, double level)
{
	size_t lo, hi;

	stats_order_bounds(n, q, (1 - level) / 2, &lo, &hi);
	return (lo == 0 ? RUNS_OPEN_LO : 0) | (hi == 0 ? RUNS_OPEN_HI : 0);
}

int
runs_open_flip(int open)
{
	return (open & RUNS_OPEN_LO ? RUNS_OPEN_HI : 0) |
	    (open & RUNS_OPEN_HI ? RUNS_OPEN_LO : 0);
}

int
runs_class_log(const struct result_class *c, double q, double level,
    double *log_v, double *within)
{
	int p99 = q > 0.9, open = 0;
	double lo = p99 ? c->p99_lo_ns : c->p50_lo_ns;
	double hi = p99 ? c->p99_hi_ns : c->p50_hi_ns;

	*log_v = c->nsamples > 0 && p99 ? runs_log_quantile(c, q) :
	    log(p99 ? c->p99_ns : c->p50_ns);
	if (c->nsamples > 0) {
		*within = order_within(c->nsamples, class_at, c, q, level);
		return order_open(c->nsamples, q, level);
	}
	/* a histogram's rows bound its ranks only where its count can */
	if (c->buckets != NULL && c->count > 0)
		open = order_open((size_t)c->count, q, level);
	/* a row without a low is bounded above only */
	if (!isnan(hi) && !(lo > 0))
		open |= RUNS_OPEN_LO;
	/*
	 * Counted rows are sampled as samples are: the point moves with the
	 * counts, so a row is not a spread of 1/12 its width in every run.
	 */
	if (open)
		*within = NAN;
	else if (c->buckets != NULL && c->count > 0)
		*within = order_within((size_t)c->count, class_at, c, q, level);
	else if (!isnan(lo) && !isnan(hi))
		*within = (log(hi) - log(lo)) * (log(hi) - log(lo)) / 12;
	else
		*within = 0;
	return open;
}

int
runs_probe_log(const struct probe_record *p, double level, double *log_v,
    double *within)
{
	struct window_unit u;
	size_t n;
	double *x = window_sorted_samples(p, &n);

	window_unit(p, &u);
	*log_v = log(u.ns);
	*within = order_within(n, sorted_at, x, 0.5, level);
	free(x);
	return order_open(n, 0.5, level);
}

/*
 * between over df, unless below the 5% point of within's chi-square
 * (runs agreeing more closely than their sampling allows): then within.
 */
static double
floored(double between, double within, double df)
{
	return between < within && between < within *
	    stats_chi2_quantile(0.05, df) / df ? within : between;
}

void
runs_est_init(struct runs_est *e, const double *logs, const double *within,
    const int *open, size_t k)
{
	double sum = 0, ss = 0, w = 0;
	size_t i;

	*e = (struct runs_est){ .k = k };
	for (i = 0; i < k; i++) {
		sum += logs[i];
		if (open != NULL)
			e->open |= open[i];
		if (!isnan(within[i]))
			w += within[i];
	}
	e->mean = sum / (double)k;
	for (i = 0; i < k; i++)
		ss += (logs[i] - e->mean) * (logs[i] - e->mean);
	e->within = w / (double)k;
	if (k >= 2) {
		e->between = ss / (double)(k - 1);
		e->var = floored(e->between, e->within, (double)(k - 1)) / (double)k;
		e->df = (double)(k - 1);
	} else {
		e->between = NAN;
		e->var = e->within;
		e->df = INFINITY;
	}
}

void
runs_pool_add(struct runs_pool *p, double between, double df)
{
	if (!(df > 0) || !isfinite(df) || !(between >= 0))
		return;
	p->ss += df * between;
	p->df += df;
}

void
runs_pool_add_est(struct runs_pool *p, const struct runs_est *e)
{
	if (e->k >= 2 && e->pool == NULL)
		runs_pool_add(p, e->between, (double)(e->k - 1));
}

static size_t
trend_blocks(size_t k)
{
	return k < 2 * RUNS_TREND_BLOCK ? 1 : k / RUNS_TREND_BLOCK;
}

size_t
runs_trend_df(size_t k)
{
	return k < 3 ? 0 : k - 2 * trend_blocks(k);
}

double
runs_line_ss(const double *y, size_t n)
{
	double tm = (double)(n - 1) / 2, ym = 0, stt = 0, sty = 0, syy = 0;
	size_t i;

	for (i = 0; i < n; i++)
		ym += y[i] / (double)n;
	for (i = 0; i < n; i++) {
		double t = (double)i - tm, d = y[i] - ym;

		stt += t * t;
		sty += t * d;
		syy += d * d;
	}
	return fmax(syy - sty * sty / stt, 0);
}

void
runs_pool_add_trend(struct runs_pool *p, const double *m, size_t k)
{
	size_t nb = trend_blocks(k), b;
	double ss = 0, df = (double)runs_trend_df(k);

	if (df == 0)
		return;
	for (b = 0; b < nb; b++) {
		size_t first = b * RUNS_TREND_BLOCK;

		ss += runs_line_ss(m + first, b == nb - 1 ? k - first :
		    RUNS_TREND_BLOCK);
	}
	runs_pool_add(p, 4 * ss / df, df);
}

void
runs_paired_init(struct runs_est *e, struct runs_pool *pool, const double *d,
    const double *m, const double *w, size_t k)
{
	runs_est_init(e, d, w, NULL, k);
	if (pool == NULL)
		return;
	*pool = (struct runs_pool){ 0, 0 };
	runs_pool_add_est(pool, e);
	runs_pool_add_trend(pool, m, k);
	runs_est_share(e, pool);
}

void
runs_est_share(struct runs_est *e, const struct runs_pool *p)
{
	if (!(p->df > 0))
		return;
	e->between = p->ss / p->df;
	e->var = floored(e->between, e->within, p->df) / (double)e->k;
	e->df = p->df;
	e->pool = p;
}

/*
 * Term i's source of variance into *var and *df: terms sharing a pool
 * together at the first (else one estimate used twice passes for two);
 * 0 where i is not its source's first.
 */
static int
source_of(const struct runs_term *t, size_t nt, size_t i, double *var,
    double *df)
{
	size_t j;

	for (j = 0; j < i && (t[i].e->pool == NULL || t[j].e->pool != t[i].e->pool);
	    j++)
		;
	if (j < i)
		return 0;
	*var = t[i].e->var;
	*df = t[i].e->df;
	for (j = i + 1; j < nt && t[i].e->pool != NULL; j++)
		if (t[j].e->pool == t[i].e->pool)
			*var += t[j].e->var;
	return *var > 0;
}

/*
 * A sum of variances' df at level c.  The pools of finite df join at
 * the df whose t gives Banerjee's half-width sqrt(sum t_g^2 V_g)
 * (Sankhya A 23, 1961), never too narrow, where Welch-Satterthwaite at 3
 * runs a side, spreads 10x apart, erred 3.1% to 3.8% a side for 2.5%.
 * Equal df give Hsu's min(k1, k2) - 1 (1938).  Fixed session shifts join
 * by Satterthwaite, within the promise (docs/result-format.md).
 */
static double
combined_df(const struct runs_term *t, size_t nt, double c)
{
	double ve = 0, q2 = 0, lo = INFINITY, hi = 0, v = 0, d = 0, var, df, q;
	double mid;
	size_t i;
	int k;

	for (i = 0; i < nt; i++) {
		if (!source_of(t, nt, i, &var, &df))
			continue;
		v += var;
		if (t[i].e->fixed || !isfinite(df)) {
			d += isfinite(df) ? var * var / df : 0;
			continue;
		}
		q = stats_t_quantile((1 + c) / 2, df);
		ve += var;
		q2 += q * q * var;
		lo = fmin(lo, df);
		hi = fmax(hi, df);
	}
	if (ve > 0) {
		/* t falls as df rises: Banerjee's t's df lies between the sides' */
		q = sqrt(q2 / ve);
		for (k = 0; k < 60 && hi - lo > 1e-9 * hi; k++) {
			mid = sqrt(lo * hi);
			if (stats_t_cdf(q, mid) < (1 + c) / 2)
				lo = mid;
			else
				hi = mid;
		}
		d += ve * ve / sqrt(lo * hi);
	}
	return d > 0 ? v * v / d : INFINITY;
}

void
runs_combine(const struct runs_term *t, size_t nt, double c,
    struct runs_fig *f)
{
	double sum = 0, var = 0, h;
	int open = 0;
	size_t i;

	for (i = 0; i < nt; i++) {
		sum += t[i].sign * t[i].e->mean;
		var += t[i].e->var;
		/* a side's open end opens the figure's on its sign's side */
		open |= t[i].sign > 0 ? t[i].e->open : runs_open_flip(t[i].e->open);
	}
	f->log_v = sum;
	f->v = exp(sum);
	f->se = sqrt(var);
	f->df = combined_df(t, nt, c);
	h = var > 0 ? stats_t_quantile((1 + c) / 2, f->df) * f->se : 0;
	f->lo = open & RUNS_OPEN_LO ? 0 : exp(sum - h);
	f->hi = open & RUNS_OPEN_HI ? INFINITY : exp(sum + h);
}

/*
 * RUNS_NODES equal-probability slices' midpoints of chi-square on df,
 * remembered: a search asks for the same few dozen, each a bisection.
 */
static void
chi2_nodes(double df, double *x)
{
	static struct {
		double df;
		double x[RUNS_NODES];
	} memo[16];
	static unsigned next;
	unsigned i;

	for (i = 0; i < 16; i++)
		if (memo[i].df == df) {
			memcpy(x, memo[i].x, sizeof memo[i].x);
			return;
		}
	i = next++ % 16;
	memo[i].df = df;
	for (size_t j = 0; j < RUNS_NODES; j++) {
		double p = ((double)j + 0.5) / RUNS_NODES, h = 2 / (9 * df);

		/*
		 * past 50 df Wilson-Hilferty's cube is within 1e-4, where the
		 * series takes thousands of terms (a stated spread's df: millions)
		 */
		memo[i].x[j] = df > 50 ? df * pow(1 - h + stats_norm_quantile(p) *
		    sqrt(h), 3) : stats_chi2_quantile(p, df);
	}
	memcpy(x, memo[i].x, sizeof memo[i].x);
}

/*
 * The chance n fresh runs a side settle f's figure against a limit dist
 * away (log estimate minus limit).  With scale g (g^2 = df / V, V
 * chi-square on f's df) the truth lies about the estimate with error
 * g f->se, the new estimate about it with g se_n (session shifts kept);
 * it settles past t_n standard errors, its spread taken at its truth.
 */
static double
settle_prob(const struct runs_term *t, size_t nt, double c,
    const struct runs_fig *f, double dist, long long n)
{
	double var = 0, d = 0, se_n, tn, s, v[RUNS_NODES], sum = 0;
	size_t i, nodes = isfinite(f->df) ? RUNS_NODES : 1;

	/* every side at n runs, its Satterthwaite df */
	for (i = 0; i < nt; i++) {
		const struct runs_est *e = t[i].e;
		double vi = e->fixed ? e->var : e->var * (double)e->k / (double)n;

		var += vi;
		d += !e->fixed ? vi * vi / (n > 1 ? (double)n - 1 : 1) :
		    vi > 0 ? vi * vi / e->df : 0;
	}
	se_n = sqrt(var);
	tn = stats_t_quantile((1 + c) / 2, d > 0 ? var * var / d : INFINITY);
	s = sqrt(f->se * f->se + se_n * se_n);
	if (nodes > 1)
		chi2_nodes(f->df, v);
	for (i = 0; i < nodes; i++) {
		double g = nodes > 1 ? sqrt(f->df / v[i]) : 1;

		sum += 0.5 * erfc(-(dist / (g * s) - tn * se_n / s) / sqrt(2)) +
		    0.5 * erfc(-(-dist / (g * s) - tn * se_n / s) / sqrt(2));
	}
	return sum / (double)nodes;
}

int
runs_needed(const struct runs_term *t, size_t nt, double c, double power,
    double limit, long long cap, long long *lo, long long *hi)
{
	struct runs_fig f;
	double dist;
	long long a = 1, b = 2;

	runs_combine(t, nt, c, &f);
	dist = f.log_v - log(limit);
	*lo = *hi = cap + 1;
	if (!(fabs(dist) > 1e-12) || !(f.se > 0))
		return -1;
	/* more runs only settle it likelier: doubling, then bisection */
	while (settle_prob(t, nt, c, &f, dist, b) < power) {
		if (b > cap)
			return -1;
		a = b;
		b *= 2;
	}
	while (b - a > 1) {
		long long mid = a + (b - a) / 2;

		if (settle_prob(t, nt, c, &f, dist, mid) >= power)
			b = mid;
		else
			a = mid;
	}
	if (b > cap)
		return -1;
	*lo = *hi = b;
	return 0;
}

double
runs_settle_prob(double dist, double s2, double df_rec, size_t k, double level)
{
	double v[RUNS_NODES], c[RUNS_NODES], sum = 0;
	double dfk = 2.0 * ((double)k - 1), df = df_rec + dfk;
	double t = stats_t_quantile((1 + level) / 2, df), m = sqrt(2 / (double)k);
	size_t i, j, nc = dfk > 0 ? RUNS_NODES : 1;

	chi2_nodes(df_rec, v);
	if (dfk > 0)
		chi2_nodes(dfk, c);
	else
		c[0] = 0;
	for (i = 0; i < RUNS_NODES; i++) {
		double sigma2 = s2 * df_rec / v[i], sd = sqrt(sigma2) * m;

		for (j = 0; j < nc; j++) {
			/* the pooled estimate the gate will have */
			double pooled = (df_rec * s2 + sigma2 * c[j]) / df;

			sum += 0.5 * erfc(-(dist - t * sqrt(pooled) * m) / sd / sqrt(2));
		}
	}
	return sum / (double)(RUNS_NODES * nc);
}
