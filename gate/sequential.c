/* SPDX-License-Identifier: MIT */
/*
 * The spending plan of runs until decided (gate/sequential.h), and the
 * words a sequential verdict says on how it stopped.
 */
#include <math.h>
#include <stddef.h>

#include "gate/sequential.h"
#include "gate/verdict_base.h"

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
	return alpha * log(1 + (M_E - 1) * t);
}

/*
 * The look's two-sided error rounded down to three significant digits,
 * so that its level prints short (97.52%, not 97.5132568647598%) and
 * the looks spend no more than the plan.
 */
double
gate_seq_level(const struct gate_seq *s, long long n)
{
	double a = 2 * (gate_seq_spent(s, n) - gate_seq_spent(s, n - 1)), scale;

	if (!(a > 0))
		return 1;
	scale = pow(10, 2 - floor(log10(a)));
	return (1e6 - floor(a * scale * (1 + 1e-12)) * (1e6 / scale)) / 1e6;
}

size_t
gate_seq_undecided(const struct gate_verdict *v)
{
	size_t i, n = 0;

	for (i = 0; i < v->nchecks; i++)
		n += v->checks[i].ruling != RULING_PASS &&
		    v->checks[i].ruling != RULING_FAIL;
	return n;
}

size_t
gate_seq_failed(const struct gate_verdict *v)
{
	size_t i, n = 0;

	for (i = 0; i < v->nchecks; i++)
		n += v->checks[i].ruling == RULING_FAIL;
	return n;
}

int
gate_seq_decided(const struct gate_verdict *v)
{
	return gate_seq_failed(v) > 0 || gate_seq_undecided(v) == 0;
}

void
gate_seq_note(struct gate_verdict *v, const struct gate_seq *s, long long n)
{
	size_t open = gate_seq_undecided(v), failed = gate_seq_failed(v);
	long long look = n - s->min + 1, looks = gate_seq_looks(s);
	double spent = gate_seq_spent(s, n), alpha = (1 - s->confidence) / 2;

	if (open == 0)
		verdict_note(v, "runs until decided: stopped after %lld runs a side: "
		    "every check decided at look %lld of %lld (this look at %.4g%%, "
		    "one-sided error %.3g%% spent of %.3g%% by Lan-DeMets "
		    "Pocock-type spending)", n, look, looks,
		    100 * gate_seq_level(s, n), 100 * spent, 100 * alpha);
	else if (failed > 0 && n < s->max)
		verdict_note(v, "runs until decided: stopped after %lld runs a side: "
		    "the verdict decided at look %lld of %lld, %zu check%s failing "
		    "(a fail of any check fails the verdict; %zu left undecided) "
		    "(this look at %.4g%%, one-sided error %.3g%% spent of %.3g%% by "
		    "Lan-DeMets Pocock-type spending)", n, look, looks, failed,
		    failed == 1 ? "" : "s", open, 100 * gate_seq_level(s, n),
		    100 * spent, 100 * alpha);
	else
		verdict_note(v, "runs until decided: stopped at the most, %lld runs "
		    "a side, with %zu check%s undecided after %lld look%s (this "
		    "look at %.4g%%, one-sided error %.3g%% spent of %.3g%% by "
		    "Lan-DeMets Pocock-type spending)", n, open, open == 1 ? "" : "s",
		    looks, looks == 1 ? "" : "s", 100 * gate_seq_level(s, n),
		    100 * spent, 100 * alpha);
}
