/* SPDX-License-Identifier: MIT */
/* The spending plan of runs until decided, and the note on how it stopped. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "gate/sequential.h"
#include "gate/turns.h"
#include "model/runs.h"
#include "verdict/base.h"
#include "lib/err.h"
#include "lib/rand.h"
#include "lib/stats.h"

long long
gate_seq_looks(const struct gate_seq *s)
{
	return s->max - s->min + 1;
}

double
gate_seq_spent(const struct gate_seq *s, long long n)
{
	double alpha = (1 - s->confidence) / 2, t;

	if (n < s->min)
		return 0;
	if (n > s->max)
		n = s->max;
	t = (double)n / (double)s->max;
	return alpha * expm1(-GATE_SEQ_GAMMA * t) / expm1(-GATE_SEQ_GAMMA);
}

/*
 * The level of a look erring a (two-sided), a rounded down to three
 * digits: it prints short (97.52%) and spends no more than its share.
 */
static double
level_of(double a)
{
	double scale;

	if (!(a > 0))
		return 1;
	scale = pow(10, 2 - floor(log10(a)));
	return (1e6 - floor(a * scale * (1 + 1e-12)) * (1e6 / scale)) / 1e6;
}

double
gate_seq_level(const struct gate_seq *s, long long n)
{
	if (s->simulated && n >= s->min && n <= s->max)
		return s->level[n - s->min];
	return level_of(2 * (gate_seq_spent(s, n) - gate_seq_spent(s, n - 1)));
}

/* A uniform draw in (0, 1), from the top 53 bits. */
static double
draw_unit(uint64_t *state)
{
	return ((double)(rand_next(state) >> 11) + 0.5) / 9007199254740992.0;
}

/* Two independent standard normal draws (Box-Muller). */
static void
draw_normals(uint64_t *state, double *x, double *y)
{
	double u = draw_unit(state), v = draw_unit(state);
	double r = sqrt(-2 * log(u));

	*x = r * cos(6.283185307179586 * v);
	*y = r * sin(6.283185307179586 * v);
}

/*
 * One simulated sequence's sums of a, b and a - b; the last SEQ_RING
 * pairs' means by run, and the closed blocks' squares about their lines.
 */
#define SEQ_RING (2 * RUNS_TREND_BLOCK)
struct seq_sums {
	double a, aa, b, bb, d, dd;
	double m[SEQ_RING], closed;
};

/* The means' sum of squares about their drift after n pairs (runs_pool_add_trend). */
static double
trend_ss(const struct seq_sums *q, long long n)
{
	long long first = n < SEQ_RING ? 0 : (n / RUNS_TREND_BLOCK - 1) *
	    RUNS_TREND_BLOCK, i;
	double y[SEQ_RING];

	for (i = first; i < n; i++)
		y[i - first] = q->m[i % SEQ_RING];
	return q->closed + runs_line_ss(y, (size_t)(n - first));
}

/* Whether the gate's t after n runs is one sample's (paired, or Welch's exact). */
static int
one_sample(long long n, enum gate_mode mode)
{
	return n >= GATE_PAIRED_MIN_RUNS || mode == MODE_RIVAL;
}

static double
seq_df(long long n, enum gate_mode mode)
{
	if (n >= GATE_PAIRED_MIN_RUNS && mode == MODE_BASELINE)
		return (double)(n - 1) + (double)runs_trend_df((size_t)n);
	return one_sample(n, mode) ? (double)(n - 1) : (double)(2 * n - 2);
}

/* Less the gate's |t| after n runs a side: smaller, the farther past a limit. */
static double
seq_key(const struct seq_sums *q, long long n, enum gate_mode mode)
{
	double k = (double)n, va, vb;

	if (one_sample(n, mode)) {
		/* paired in baseline mode: the pairs' means about their drift too */
		double trend = n >= GATE_PAIRED_MIN_RUNS && mode == MODE_BASELINE ?
		    4 * trend_ss(q, n) : 0;
		double var = (q->dd - q->d * q->d / k + trend) / seq_df(n, mode);

		return -fabs(q->d / k / sqrt(var / k));
	}
	va = (q->aa - q->a * q->a / k) / (k - 1);
	vb = (q->bb - q->b * q->b / k) / (k - 1);
	return -fabs((q->a - q->b) / k / sqrt((va + vb) / k));
}

void
gate_seq_plan(struct gate_seq *s, enum gate_mode mode)
{
	/* the last plan made: a gate of a set taken until decided asks again */
	static struct gate_seq last;
	static enum gate_mode last_mode;
	struct seq_sums *q;
	double *key, *sel;
	uint64_t state = 0x9e3779b97f4a7c15ULL;
	long long n, looks = gate_seq_looks(s);
	size_t i, alive = GATE_SEQ_SIM;

	if (last.simulated && last.min == s->min && last.max == s->max &&
	    last.confidence == s->confidence && last_mode == mode) {
		*s = last;
		return;
	}
	s->simulated = 0;
	/* a spread needs two runs a side at the first look */
	if (s->min < 2 || looks < 1 || looks > GATE_SEQ_SIM_LOOKS)
		return;
	q = xcalloc(GATE_SEQ_SIM, sizeof *q);
	key = xcalloc(2 * GATE_SEQ_SIM, sizeof *key);
	sel = key + GATE_SEQ_SIM;
	for (n = 1; n <= s->max; n++) {
		double df = seq_df(n, mode), share, cut, a;
		size_t m, j = 0;

		/* the sequences still running draw a run a side */
		for (i = 0; i < alive; i++) {
			double x, y;

			draw_normals(&state, &x, &y);
			/* Welch's t exact, as where the rival's spread is nil */
			if (mode == MODE_RIVAL)
				y = 0;
			q[i].a += x;
			q[i].aa += x * x;
			q[i].b += y;
			q[i].bb += y * y;
			q[i].d += x - y;
			q[i].dd += (x - y) * (x - y);
			q[i].m[(n - 1) % SEQ_RING] = (x + y) / 2;
			/* a block closes once the last block starts past it */
			if (n >= SEQ_RING && n % RUNS_TREND_BLOCK == 0)
				q[i].closed += runs_line_ss(q[i].m + n % SEQ_RING,
				    RUNS_TREND_BLOCK);
		}
		if (n < s->min)
			continue;
		for (i = 0; i < alive; i++)
			sel[i] = key[i] = seq_key(&q[i], n, mode);
		/* the look's share of all the sequences cross here, both sides */
		share = 2 * (gate_seq_spent(s, n) - gate_seq_spent(s, n - 1));
		m = (size_t)floor(share * GATE_SEQ_SIM + 0.5);
		/* the first look, none crossed before it: its t is exact */
		if (n == s->min || m == 0 || alive <= m)
			a = share;
		else {
			cut = (stats_select(sel, alive, m - 1) +
			    stats_select(sel, alive, m)) / 2;
			a = 2 * stats_t_cdf(cut, df);
		}
		s->level[n - s->min] = level_of(a);
		/* those past the level rounded cross; the rest run on, packed */
		a = 1 - s->level[n - s->min];
		cut = stats_t_quantile(a / 2, df);
		for (i = 0; i < alive; i++)
			if (!(key[i] < cut))
				q[j++] = q[i];
		alive = j;
	}
	s->simulated = 1;
	last = *s;
	last_mode = mode;
	free(q);
	free(key);
}

static size_t
ruled(const struct gate_verdict *v, enum ruling r)
{
	size_t i, n = 0;

	for (i = 0; i < v->nchecks; i++)
		n += v->checks[i].ruling == r;
	return n;
}

size_t
gate_seq_undecided(const struct gate_verdict *v)
{
	return v->nchecks - ruled(v, RULING_PASS) - ruled(v, RULING_FAIL);
}

int
gate_seq_decided(const struct gate_verdict *v)
{
	return ruled(v, RULING_FAIL) > 0 ||
	    (v->nchecks > 0 && gate_seq_undecided(v) == 0);
}

void
gate_seq_note(struct gate_verdict *v, const struct gate_seq *s, long long n)
{
	struct verdict_note *nt = verdict_noted(v, NOTE_SEQ, -1);

	nt->a = xstrdup(VERDICT_SPENDING_HSD4);
	nt->n[0] = n;
	nt->n[1] = n - s->min + 1;
	nt->n[2] = gate_seq_looks(s);
	nt->n[3] = (long long)ruled(v, RULING_FAIL);
	nt->n[4] = (long long)gate_seq_undecided(v);
	nt->n[5] = s->simulated;
	nt->x[0] = gate_seq_level(s, n);
	nt->x[1] = gate_seq_spent(s, n);
	nt->x[2] = (1 - s->confidence) / 2;
}
