#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench: wall time and peak memory of `syncgate gate` on two results of
# 1 million and of 10 million samples each (samples files), and of
# `syncgate probe --precision 5%` on the current directory's volume, and
# of a gate of 10 runs a side of 1 million samples each (the same 20
# million samples, in whole runs), and of one of 10 000 classes a side.
#
# Each gate of samples files is timed beside bench/floor (built by make
# bench), the work no gate of them can skip done plainly on one core:
# map each samples file, parse it, one quickselect for the p50 and one
# for the p99.  A shared machine's absolute times move; the ratio of the
# two, taken round by round in one session, holds.  The goal on a 2-core
# machine: the 2 x 10M gate at most 0.8 times the floor's wall time and
# 170 MB at its peak; the 2 x 10 x 1M one at most the floor's wall time
# over the same 20 million samples.  Then bench/aa.sh: the A/A test and
# the test of power on real LMDB runs; and bench/window.sh: whether
# writes in syncs repeat with a busy neighbour.
#
# On a shared machine one run says little, so each gate and its floor
# are run BENCH_ROUNDS times, one after the other, and every round
# printed, with its CPU time (user and system), which other processes
# disturb less than the wall time; then the medians and their ratio.
#
# usage: sh bench/run.sh [BUILD]
# environment: BENCH_DIR (a scratch folder, removed afterwards; default a
#   new one under ${TMPDIR:-/tmp}), BENCH_SIZES ("1000000 10000000"),
#   BENCH_ROUNDS (5), BENCH_AA and BENCH_WINDOW (0 skips those tests;
#   bench/window.sh reads NEIGHBOUR)
set -eu
build=${1:-build}
sg=$build/syncgate
floor=$build/bench/floor
[ -x "$sg" ] || { echo "bench: $sg is not built; run make first" >&2; exit 2; }
[ -x "$floor" ] || { echo "bench: $floor is not built; run make bench" >&2; exit 2; }
sizes=${BENCH_SIZES:-"1000000 10000000"}
rounds=${BENCH_ROUNDS:-5}
work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/syncgate-bench.XXXXXX")}
trap 'rm -rf "$work"' EXIT INT TERM
here=$(dirname "$0")

# measure LABEL COMMAND...: runs it, prints wall seconds, CPU seconds and
# peak resident memory, and leaves the wall seconds in $secs.  GNU time
# gives the CPU time and the peak (its wall time is to the hundredth, so
# the wall is taken around it); without it the peak is read from the
# process's VmHWM (its high-water mark) while it runs, and the CPU time
# is not known.
measure() {
	label=$1
	shift
	if /usr/bin/time -f '%e %U %S %M' true >/dev/null 2>&1; then
		start=$(date +%s.%N)
		/usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" || true
		secs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.3f", $2 - $1 }')
		read -r user sys kib <"$work/time"
		cpu=$(echo "$user $sys" | awk '{ printf "%.2f", $1 + $2 }')
	else
		start=$(date +%s.%N)
		"$@" >"$work/out" 2>"$work/err" &
		pid=$!
		kib=0
		while kill -0 "$pid" 2>/dev/null; do
			k=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
			[ -n "$k" ] && kib=$k
			sleep 0.01
		done
		wait "$pid" || true
		secs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }')
		cpu=-
	fi
	printf '%-44s %6s s wall %6s s cpu %8.1f MB\n' "$label" "$secs" "$cpu" \
	    "$(echo "$kib" | awk '{ print $1 / 1024 }')"
}

# against LABEL LIMIT FILES -- GATE...: BENCH_ROUNDS rounds, each the
# floor on FILES then the gate, and the median wall times and their ratio
# (the gate's over the floor's), beside LIMIT, the most the goal allows.
against() {
	what=$1 limit=$2
	shift 2
	files=""
	while [ "$1" != -- ]; do
		files="$files $1"
		shift
	done
	shift
	: >"$work/walls"
	r=1
	while [ "$r" -le "$rounds" ]; do
		# shellcheck disable=SC2086 # the list is words by design
		measure "floor, $what, round $r" "$floor" $files
		f=$secs
		measure "gate, $what, round $r" "$@"
		echo "$f $secs" >>"$work/walls"
		r=$((r + 1))
	done
	sort -n -k 1 "$work/walls" | awk '{ print $1 }' >"$work/floors"
	sort -n -k 2 "$work/walls" | awk '{ print $2 }' >"$work/gates"
	paste "$work/floors" "$work/gates" | awk -v n="$rounds" -v limit="$limit" '
		NR == int((n + 1) / 2) {
			printf "  median: floor %.3f s, gate %.3f s: %.2f times the floor (at most %s)\n",
			    $1, $2, $2 / $1, limit
		}'
}

echo "syncgate bench on $(nproc) cores; generating inputs in $work"
for n in $sizes; do
	sh "$here/gen-result.sh" "$work/$n" zu "$n" 60000 4500000 1
	sh "$here/gen-result.sh" "$work/$n" ladybug "$n" 700000 7000000 3
	bytes=$(cat "$work/$n"/*.txt | wc -c)
	echo "  $n samples a result: $((bytes / 1048576)) MiB of samples files in all"
done
for n in $sizes; do
	against "2 results x $n samples" 0.8 "$work/$n"/*.txt -- \
		"$sg" gate "$work/$n/zu.json" --rival "$work/$n/ladybug.json"
	grep '^Verdict' "$work/out" | sed 's/^/  /'
done
runs=${BENCH_RUNS:-10}
per=${BENCH_RUN_SIZE:-1000000}
echo "generating $runs runs a side of $per samples each"
ours="" theirs=""
r=1
while [ "$r" -le "$runs" ]; do
	sh "$here/gen-result.sh" "$work/runs/$r" zu "$per" 60000 4500000 $((10 * r + 1))
	sh "$here/gen-result.sh" "$work/runs/$r" ladybug "$per" 700000 7000000 $((10 * r + 3))
	ours="$ours $work/runs/$r/zu.json"
	theirs="$theirs --rival $work/runs/$r/ladybug.json"
	r=$((r + 1))
done
# shellcheck disable=SC2086 # the lists are words by design
against "2 sides x $runs runs x $per samples" 1.0 "$work"/runs/*/*.txt -- \
	"$sg" gate $ours $theirs
grep '^Verdict' "$work/out" | sed 's/^/  /'
# Many classes: matching by name is one sort a side, so the gate of
# BENCH_CLASSES (10 000, the most a result holds) read classes a side, in
# opposite orders, takes about as long as reading them; a search per class
# would take seconds.
nc=${BENCH_CLASSES:-10000}
for side in zu:1000:0 ladybug:100000:1; do
	awk -v e="${side%%:*}" -v ns="$(echo "$side" | cut -d: -f2)" \
	    -v back="${side##*:}" -v n="$nc" 'BEGIN {
		printf "{\"format\": \"syncgate-result/1\", \"engine\": \"%s\", ", e
		printf "\"workload\": \"bench\", \"concurrency\": 1, \"classes\": ["
		for (i = 0; i < n; i++) {
			c = back ? n - 1 - i : i
			printf "%s{\"name\": \"c%d\", \"kind\": \"read\", ", i ? "," : "", c
			printf "\"p50_ns\": %d, \"p99_ns\": %d}", ns, 2 * ns
		}
		print "]}"
	}' >"$work/classes-${side%%:*}.json"
done
measure "gate, 2 results x $nc classes" \
	"$sg" gate "$work/classes-zu.json" --rival "$work/classes-ladybug.json"
grep '^Verdict' "$work/out" | sed 's/^/  /'
measure "probe --precision 5% (on .)" "$sg" probe --dir . --precision 5%
grep -i 'sample\|stopped\|median' "$work/out" | head -n 4 | sed 's/^/  /'
status=0
[ "${BENCH_AA:-1}" = 0 ] || sh "$here/aa.sh" "$build" || status=$?
[ "${BENCH_WINDOW:-1}" = 0 ] || sh "$here/window.sh" "$build" || status=$?
exit "$status"
