/* SPDX-License-Identifier: MIT */
/*
 * The span of a latency every format is read with, below the result and
 * the probe record, which both read latencies.
 */
#include "model/result_limits.h"

const struct json_span json_span_latency = { RESULT_MIN_NS, RESULT_MAX_NS, 0, 0, 0,
	"a positive number of nanoseconds, from 1 to a day", ", under 1ns",
	", over a day" };
