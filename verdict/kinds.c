/* SPDX-License-Identifier: MIT */
/*
 * Rulings and the kinds of check.  The gate builds its checks from the
 * kinds and a loaded verdict is held to them (gate/verdict_rulings.c), so
 * a file can claim no check, limit or figure the gate would not write.
 */
#include <math.h>
#include <string.h>

#include "verdict/digits.h"
#include "verdict/kinds.h"

static const int rank[] = {
	[RULING_NOT_RULED] = 0, [RULING_PASS] = 1, [RULING_INDETERMINATE] = 2, [RULING_FAIL] = 3,
};
_Static_assert(sizeof rank / sizeof rank[0] == VERDICT_NRULINGS,
    "a ruling without a rank");

enum ruling
gate_worse(enum ruling a, enum ruling b)
{
	return rank[a] >= rank[b] ? a : b;
}

const char *const gate_limit_sources[] = {
	[LIMIT_READ_SPEEDUP] = "reads.read_speedup",
	[LIMIT_COMMIT_SYNCS] = "writes.commit_syncs",
	[LIMIT_RIVAL] = "the rival's own syncs a commit",
	[LIMIT_REGRESSION] = "1 + reads.max_regression",
	[LIMIT_FLUSH_CEILING] = "writes.commit_syncs",
};
_Static_assert(sizeof gate_limit_sources / sizeof gate_limit_sources[0] ==
    GATE_NLIMITS, "a limit without its source");

/*
 * Comparisons that fail on NaN, as a missing interval end proves
 * nothing: an end that is not there is neither on nor past the limit.
 */
enum ruling
gate_judge(struct verdict_value x, int at_least, double limit)
{
	double t = gate_tie(limit);

	if (isnan(x.lo))
		return (at_least ? x.v >= limit - t : x.v <= limit + t) ?
		    RULING_PASS : RULING_FAIL;
	if (at_least)
		return x.lo >= limit - t ? RULING_PASS : x.hi < limit - t ?
		    RULING_FAIL : RULING_INDETERMINATE;
	return x.hi <= limit + t ? RULING_PASS : x.lo > limit + t ? RULING_FAIL :
	    RULING_INDETERMINATE;
}

const struct gate_check_kind gate_check_kinds[] = {
	[CHECK_P50_SPEEDUP] = {
		.statistic = "p50 speedup", .mode = MODE_RIVAL, .kind = KIND_READ,
		.unit = CHECK_UNIT_EITHER, .quantile = 50, .value_unit = "x",
		.at_least = 1, .limit = LIMIT_READ_SPEEDUP, .pass = "at least", .fail = "below" },
	[CHECK_P99_SPEEDUP] = {
		.statistic = "p99 speedup", .mode = MODE_RIVAL, .kind = KIND_READ,
		.unit = CHECK_UNIT_EITHER, .quantile = 99, .value_unit = "x",
		.at_least = 1, .limit = LIMIT_READ_SPEEDUP, .pass = "at least", .fail = "below" },
	[CHECK_P50_SYNCS] = {
		.statistic = "p50 syncs", .mode = MODE_RIVAL, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_WITH, .quantile = 50, .value_unit = "syncs",
		.at_least = 0, .limit = LIMIT_COMMIT_SYNCS, .pass = "within", .fail = "over" },
	[CHECK_P50_VS_RIVAL] = {
		.statistic = "p50 syncs vs rival", .mode = MODE_RIVAL, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_WITH, .quantile = 50, .value_unit = "x",
		.at_least = 1, .limit = LIMIT_RIVAL, .pass = "no more than", .fail = "more than" },
	[CHECK_P99_VS_RIVAL] = {
		.statistic = "p99 syncs vs rival", .mode = MODE_RIVAL, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_WITH, .quantile = 99, .value_unit = "x",
		.at_least = 1, .limit = LIMIT_RIVAL, .pass = "no more than", .fail = "more than" },
	[CHECK_SYNCS_UNRULED] = {
		.statistic = "syncs", .mode = MODE_RIVAL, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_WITHOUT, .quantile = 0, .value_unit = "syncs",
		.at_least = 0, .limit = LIMIT_COMMIT_SYNCS, .pass = NULL, .fail = NULL },
	[CHECK_P50_REGRESSION_READ] = {
		.statistic = "p50 regression", .mode = MODE_BASELINE, .kind = KIND_READ,
		.unit = CHECK_UNIT_EITHER, .quantile = 50, .value_unit = "x",
		.at_least = 0, .limit = LIMIT_REGRESSION, .pass = "within", .fail = "over" },
	[CHECK_P99_REGRESSION_READ] = {
		.statistic = "p99 regression", .mode = MODE_BASELINE, .kind = KIND_READ,
		.unit = CHECK_UNIT_EITHER, .quantile = 99, .value_unit = "x",
		.at_least = 0, .limit = LIMIT_REGRESSION, .pass = "within", .fail = "over" },
	[CHECK_P50_REGRESSION_WRITE] = {
		.statistic = "p50 regression", .mode = MODE_BASELINE, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_WITH, .quantile = 50, .value_unit = "x",
		.at_least = 0, .limit = LIMIT_REGRESSION, .pass = "within", .fail = "over" },
	[CHECK_P99_REGRESSION_WRITE] = {
		.statistic = "p99 regression", .mode = MODE_BASELINE, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_WITH, .quantile = 99, .value_unit = "x",
		.at_least = 0, .limit = LIMIT_REGRESSION, .pass = "within", .fail = "over" },
	[CHECK_REGRESSION_UNRULED] = {
		.statistic = "regression", .mode = MODE_BASELINE, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_WITHOUT, .quantile = 0, .value_unit = "x",
		.at_least = 0, .limit = LIMIT_REGRESSION, .pass = NULL, .fail = NULL },
	[CHECK_FLUSHES] = {
		.statistic = "flushes a commit", .mode = MODE_RIVAL, .kind = KIND_WRITE,
		.unit = CHECK_UNIT_EITHER, .quantile = 50, .value_unit = "flushes",
		.at_least = 0, .limit = LIMIT_FLUSH_CEILING, .pass = "within", .fail = "over",
		.counted = 1 },
};
_Static_assert(sizeof gate_check_kinds / sizeof gate_check_kinds[0] ==
    GATE_NCHECK_KINDS, "a kind of check without its entry");

int
gate_check_kind_applies(const struct gate_check_kind *k, enum gate_mode m,
    enum class_kind kind, int have_unit)
{
	return !k->counted && k->mode == m && k->kind == kind &&
	    (k->unit == CHECK_UNIT_EITHER ||
	    (k->unit == CHECK_UNIT_WITH) == (have_unit != 0));
}

const struct gate_check_kind *
gate_check_kind_find(const char *statistic, enum gate_mode m,
    enum class_kind kind, int have_unit)
{
	const struct gate_check_kind *k;

	for (k = gate_check_kinds; k < gate_check_kinds + GATE_NCHECK_KINDS; k++)
		if ((gate_check_kind_applies(k, m, kind, have_unit) ||
		    (k->counted && k->mode == m && k->kind == kind)) &&
		    strcmp(k->statistic, statistic) == 0)
			return k;
	return NULL;
}

double
gate_check_limit(const struct gate_check_kind *k, const struct gate_verdict *v)
{
	switch (k->limit) {
	case LIMIT_READ_SPEEDUP:
		return v->read_speedup;
	case LIMIT_COMMIT_SYNCS:
	case LIMIT_FLUSH_CEILING:
		return v->commit_syncs;
	case LIMIT_RIVAL:
		return 1;
	case LIMIT_REGRESSION:
		return 1 + v->max_regression;
	case GATE_NLIMITS:
		break;
	}
	return NAN;
}

/*
 * As gate_combine multiplies: the numerator's terms in order, the
 * denominator's in order, one division.  A shared unit cancels and is
 * left out, as the gate leaves it out.
 */
double
gate_check_figure(const struct gate_check_kind *k, const struct verdict_row *row,
    const struct verdict_unit *u)
{
	int q99 = k->quantile == 99;
	double o = q99 ? row->ours_p99.v : row->ours_p50.v;
	double r = q99 ? row->rival_p99.v : row->rival_p50.v;
	int units = k->kind == KIND_WRITE && (u->source == UNIT_PER_VOLUME ||
	    u->source == UNIT_PER_RUN);

	if (k->quantile == 0)
		return NAN;
	switch (k->limit) {
	case LIMIT_READ_SPEEDUP:
		return r / o;
	case LIMIT_COMMIT_SYNCS:
		return o / u->ours_ns;
	case LIMIT_FLUSH_CEILING:
		/* to a tenth: the filesystem's own journal flushes (2.004) are not the engine's */
		return round(row->ours_flushes * 10) / 10;
	case LIMIT_RIVAL:
		return units ? r * u->ours_ns / (o * u->rival_ns) : r / o;
	case LIMIT_REGRESSION:
		return units ? o * u->rival_ns / (r * u->ours_ns) : o / r;
	case GATE_NLIMITS:
		break;
	}
	return NAN;
}
