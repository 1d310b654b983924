#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate-bench's figures against the disk, on small runs in a directory
# inside the repository (so on a real disk, not a tmpfs /tmp): each
# engine's result loads, every class has its samples, a durable write
# costs at least the low end of the probe's interval measured in the same
# run, SQLite without syncs draws the gate's note on commits under one
# sync, rounds through a run and the wait for the writer's turn, and the
# device flushes a commit counted in the order the engines' commits make
# them.  Each is a relation measured in one run, so this suite runs alone
# (scripts/run-tests.sh); tests/cli_bench_files.sh has the rest of
# syncgate-bench: its files, runs, signals and bad input.
set -eu


: "${SYNCGATE:?set SYNCGATE to the syncgate binary}"
: "${SYNCGATE_BENCH:?set SYNCGATE_BENCH to the syncgate-bench binary}"
# Under valgrind every operation costs tens of times its CPU, so the
# relations between a commit's time and a sync's measure valgrind: those
# two checks are skipped there, and everything else still runs.
timing=""
if [ -n "${SYNCGATE_VALGRIND:-}" ]; then
	timing="skipped"
	echo "cli_bench: under valgrind, the timing relations (a durable write against the probe, synchronous=off against one sync) are skipped"
fi
tmp_in=$PWD
. tests/lib.sh
run="${SYNCGATE_VALGRIND:-} $SYNCGATE_BENCH"
prog=syncgate-bench
mkdir "$tmp/dir"
small="--rows 200 --ops 300 --concurrency 2"

# Nothing of ours may stay in --dir.
empty_dir() {
	[ -z "$(ls -A "$tmp/dir")" ] || fail "$1 left $(ls -A "$tmp/dir") in --dir"
}

# The median (type 7) of the last samples_ns array in a result: the write
# class's, as the driver writes point-read, range and write in that order.
write_p50() {
	grep '"samples_ns"' "$1" | tail -n 1 | sed 's/.*\[//; s/\].*//' | tr ',' '\n' |
		sort -n | awk '{ x[NR] = $1 } END { h = (NR - 1) / 2; i = int(h) + 1;
		    printf "%.0f\n", x[i] + (h - int(h)) * (x[i + 1] - x[i]) }'
}

# The low end of the embedded probe's interval for its median.
probe_low() {
	grep '"ci_ns"' "$1" | head -n 1 | sed 's/.*\[//; s/,.*//'
}

# A durable commit carries at least one flush, so its p50 is at least the
# low end of the probe's interval.  Both are medians of a few dozen
# timings on a shared disk whose flush cost drifts between the probe and
# the run, so the relation gets three runs to show itself before it fails.
durable_write_check() {
	engine=$1
	r=$2
	figures=""
	[ -z "$timing" ] || return 0
	for try in 1 2 3; do
		if [ "$try" -gt 1 ]; then
			r="$tmp/$engine.$try.json"
			expect 0 "probe of $tmp/dir" $engine --dir "$tmp/dir" $small -o "$r"
		fi
		grep -qF '"reaches_device":	"yes"' "$r" || return 0
		p50=$(write_p50 "$r")
		low=$(probe_low "$r")
		[ "$p50" -ge "$low" ] && return 0
		figures="$figures p50 $p50 ns against $low ns;"
	done
	fail "$engine: a durable write's p50 is below the probe's interval in three runs:$figures"
}

for engine in sqlite lmdb; do
	r="$tmp/$engine.json"
	expect 0 "probe of $tmp/dir" $engine --dir "$tmp/dir" $small -o "$r"
	empty_dir "$engine"
	$SYNCGATE report "$r" >"$tmp/report" 2>&1 || fail "$engine: the result does not load: $(cat "$tmp/report")"
	# 300 operations at 5:2:3 are 150, 60 and 90 of the three kinds
	grep -Eq "^point-read +read +.* 150 " "$tmp/report" || fail "$engine: no 150 point-read samples"
	grep -Eq "^range +read +.* 60 " "$tmp/report" || fail "$engine: no 60 range samples"
	grep -Eq "^write +write +.* 90 " "$tmp/report" || fail "$engine: no 90 write samples"
	durable_write_check "$engine" "$r"
	# the machine: its id hashed as the probe's host.id, never the raw id
	hid=$(tr -d '\t\n' <"$r" | sed -n 's/.*"host":{"cpu_model":[^}]*"machine_id":"\([0-9a-f]*\)".*/\1/p')
	pid=$(tr -d '\t\n' <"$r" | sed -n 's/.*"probe":{[^{]*"host":{"id":"\([^"]*\)".*/\1/p')
	[ "${#hid}" = 16 ] || fail "$engine: no hashed machine id in the result's host: $hid"
	[ "$hid" = "$pid" ] || fail "$engine: the host's machine id $hid is not the probe's $pid"
	if [ -r /etc/machine-id ] && [ -s /etc/machine-id ]; then
		grep -qF "$(cat /etc/machine-id)" "$r" && fail "$engine: the raw machine id is in the result"
	fi
	if [ "$(uname -s)" = Linux ]; then
		tr -d '\t\n' <"$r" | grep -q "\"cores\":$(getconf _NPROCESSORS_ONLN)," ||
			fail "$engine: the host's cores are not this machine's"
		tr -d '\t\n' <"$r" | grep -qF "\"kernel\":\"$(uname -r)\",\"machine_id\"" ||
			fail "$engine: the host's kernel is not uname -r"
	fi
done

# Commits that are not synced cost less than one sync, and the gate says so.
expect 0 "synchronous=off" sqlite --dir "$tmp/dir" $small --sqlite-synchronous off -o "$tmp/off.json"
grep -qF '"settings":	"journal_mode=wal, synchronous=off' "$tmp/off.json" || fail "the setting is not recorded"
set +e
$SYNCGATE gate "$tmp/off.json" --rival "$tmp/sqlite.json" >"$tmp/gate" 2>&1
got=$?
set -e
[ "$got" -ne 2 ] || fail "the gate could not run: $(cat "$tmp/gate")"
# Whether a commit without a sync costs less than one is the disk's: a
# drive that acknowledges a flush from its protected cache syncs in tens
# of microseconds, as fast as SQLite commits without one.  The note must
# follow the figures the verdict gives: the write p50's interval wholly
# under the unit's band (under the unit, without a band), or no note.
if [ -z "$timing" ]; then
	$SYNCGATE gate "$tmp/off.json" --rival "$tmp/sqlite.json" --format json >"$tmp/v.json" 2>/dev/null || true
	ours=$(tr -d '\t\n' <"$tmp/v.json" | sed -n 's/.*"unit":{[^}]*"ours":{\([^}]*\)}.*/\1/p')
	line=$(echo "$ours" | sed -n 's/.*"band_ns":\[\([^,]*\),.*/\1/p')
	[ -n "$line" ] || line=$(echo "$ours" | sed -n 's/^"ns":\([^,]*\),.*/\1/p')
	top=$(tr -d '\t\n' <"$tmp/v.json" | sed -n 's/.*"name":"write"[^}]*"p50_ci_ns":\[[^,]*,\([^]]*\)\].*/\1/p')
	if [ -z "$line" ] || [ -z "$top" ]; then
		fail "the verdict gives no unit or write p50 interval: $(head -c 400 "$tmp/v.json")"
	elif awk -v t="$top" -v l="$line" 'BEGIN { exit !(t + 0 < l + 0) }'; then
		grep -qF "write: ours commits at p50 in" "$tmp/gate" &&
			grep -qF "is not flushing each commit, or batches several commits into one flush" "$tmp/gate" ||
			fail "synchronous=off draws no note on commits under one sync: $(cat "$tmp/gate")"
	else
		echo "cli_bench: here a commit without a sync (p50 up to ${top}ns) costs no less than a sync (from ${line}ns): the note on commits under one sync is not drawn, and not checked"
		grep -qF "is not flushing each commit" "$tmp/gate" &&
			fail "a note on commits under one sync, where the figures put them at one or more: $(cat "$tmp/gate")"
	fi
fi
# A key's first number in a result ("null" when null).
first_num() {
	grep "\"$2\":" "$1" | head -n 1 | sed 's/.*:[[:space:]]*//; s/,$//'
}

# Rounds through the run: the series holds count rounds of per_round
# samples, the run's wall time covers --seconds and the rounds' time (the
# deadline moves on by each round), and the report puts writes in their
# unit and says so; with --probe-every off there are none, and it says that.
rounds_check() {
	expect 0 "rounds through the run: " lmdb --dir "$tmp/dir" --rows 200 \
		--seconds 0.5 --probe-every 100ms --mix 0:0:1 -o "$tmp/rounds.json"
	n=$(first_num "$tmp/rounds.json" count)
	per=$(first_num "$tmp/rounds.json" per_round)
	got=$(grep '"samples_ns"' "$tmp/rounds.json" | sed -n 2p | sed 's/.*\[//; s/\].*//' |
		tr ',' '\n' | grep -c .)
	[ "$per" = 5 ] || fail "--probe-every: per_round is $per, expected 5"
	[ "$n" -ge 3 ] || fail "--probe-every 100ms over 0.5s took $n rounds, expected at least 3"
	[ "$got" -eq $((n * per)) ] || fail "$n rounds of $per, but the series holds $got samples"
	# the last round closes the run: no write after it
	last=$(tr -d ' \t\n' <"$tmp/rounds.json" | sed 's/.*"rounds":{[^}]*"ops":\[\([^]]*\)\].*/\1/' |
		tr ',' '\n' | tail -n 1)
	[ "$last" = 0 ] || fail "the last round stands before $last writes; expected a round closing the run"
	# two threads that only write take turns: each write waits for about
	# the other's commit, which the latency leaves out; the mean wait is
	# said and kept, and is a good share of a write (a quarter, to allow
	# for the scheduler), where clock overhead alone would be nanoseconds
	grep -qF "writes one at a time: each waited " "$tmp/err" ||
		fail "the waits for the writer's turn are not said: $(tail -n 3 "$tmp/err")"
	wait_ns=$(first_num "$tmp/rounds.json" turn_wait_ns)
	p50_ns=$($SYNCGATE report "$tmp/rounds.json" --format json | grep '"p50_ns"' | head -n 1 |
		sed 's/.*:[[:space:]]*//; s/,$//')
	if [ -z "$timing" ]; then
		awk -v w="$wait_ns" -v p="$p50_ns" 'BEGIN { exit !(w + 0 > p / 4) }' ||
			fail "two threads writing waited ${wait_ns}ns a write for the turn, against a write p50 of ${p50_ns}ns; expected over a quarter of it"
	fi
	run_s=$(first_num "$tmp/rounds.json" run_s)
	probing_s=$(first_num "$tmp/rounds.json" probing_s)
	awk -v r="$run_s" -v p="$probing_s" 'BEGIN { exit !(r >= 0.5 + p - 0.001 && p > 0) }' ||
		fail "the run took ${run_s}s with ${probing_s}s of rounds: --seconds 0.5 was not extended by them"
	$SYNCGATE report "$tmp/rounds.json" >"$tmp/report" 2>&1 || fail "a result with rounds does not load: $(cat "$tmp/report")"
	flat "$tmp/report" | grep -qF "samples in $n rounds through the run, one every 100ms, which took" ||
		fail "the report does not say how the rounds were spaced: $(tail -n 3 "$tmp/report")"
	grep -qF "Mean wait for the writer's turn (writes ran one at a time, each timed from its turn): write " \
		"$tmp/report" || fail "the report does not give the wait for the writer's turn: $(tail -n 3 "$tmp/report")"
	expect 0 "no rounds through the run (--probe-every off)" lmdb --dir "$tmp/dir" $small \
		--probe-every off -o "$tmp/norounds.json"
	grep -qF '"rounds"' "$tmp/norounds.json" && fail "--probe-every off took rounds"
	grep -qF '"probe_every_ns":	"off"' "$tmp/norounds.json" || fail "--probe-every off is not recorded"
	$SYNCGATE report "$tmp/norounds.json" >"$tmp/report" 2>&1 || fail "a result without rounds does not load"
	flat "$tmp/report" | grep -qF "the median of the result's probe before the run, as it carries no rounds" ||
		fail "without rounds the report does not say so: $(tail -n 2 "$tmp/report")"
	empty_dir "the rounds"
}
rounds_check

# Flushes a commit, counted: LMDB's commit flushes twice (data, then the
# meta page), SQLite's in WAL mode with synchronous=full once, and with
# synchronous=off not at all, so the three come in that order, measured
# in the same try.  Other processes' flushes are taken off at the rate of
# idle windows around each run; a neighbour flushing in bursts can still
# blur one try, so the order gets three tries to show itself.  Where the
# volume's flushes cannot be counted (or it is too busy), the figure is
# null and says why, and the order is not checked.
flushes_try() {
	for m in lmdb:lmdb: sqlite:sqlite:full sqlite:soff:off; do
		e=${m%%:*}
		rest=${m#*:}
		name=${rest%%:*}
		sync=${rest#*:}
		set -- $e --dir "$tmp/dir" --rows 200 --ops 400 --mix 0:0:1 --probe-every off
		[ -z "$sync" ] || set -- "$@" --sqlite-synchronous "$sync"
		expect 0 "device flushes a commit: " "$@" -o "$tmp/fl.$name.json"
		grep -qF '"flush_count":' "$tmp/fl.$name.json" || fail "$name: no flush_count"
		if [ "$(first_num "$tmp/fl.$name.json" flushes_per_op)" = null ]; then
			grep -q '"why_none":[[:space:]]*"..*"' "$tmp/fl.$name.json" ||
				fail "$name: flushes_per_op is null without a why_none"
			uncounted=$(grep -h '"why_none"' "$tmp/fl.$name.json" | sed 's/^[[:space:]]*//')
			return 1
		fi
	done
	lm=$(first_num "$tmp/fl.lmdb.json" flushes_per_op)
	sq=$(first_num "$tmp/fl.sqlite.json" flushes_per_op)
	so=$(first_num "$tmp/fl.soff.json" flushes_per_op)
	figures="$figures lmdb $lm, sqlite full $sq, sqlite off $so;"
	awk -v l="$lm" -v s="$sq" -v o="$so" 'BEGIN { exit !(l > s && s > o + 0.5) }'
}

flushes_check() {
	figures=""
	uncounted=""
	for try in 1 2 3; do
		if flushes_try; then
			# the gate shows both sides' and rules ours against the ceiling
			set +e
			$SYNCGATE gate "$tmp/fl.sqlite.json" --rival "$tmp/fl.lmdb.json" --verbose >"$tmp/gate" 2>&1
			set -e
			grep -qF "Flushes: write: sqlite " "$tmp/gate" ||
				fail "the gate shows no flushes: $(cat "$tmp/gate")"
			grep -qF "flushes a commit (lmdb " "$tmp/gate" ||
				fail "the gate rules no flushes a commit: $(cat "$tmp/gate")"
			empty_dir "the flush counts"
			return 0
		fi
	done
	empty_dir "the flush counts"
	if [ -z "$figures" ]; then
		echo "cli_bench: flushes not counted here ($uncounted): their order is not checked"
		return 0
	fi
	[ -n "$uncounted" ] && [ "$(echo "$figures" | tr -cd ';' | wc -c)" -lt 3 ] &&
		{ echo "cli_bench: flushes not counted in every try ($uncounted): their order is not checked"; return 0; }
	fail "flushes a commit, in three tries:$figures expected lmdb's above sqlite full's, and that a flush above synchronous=off's"
}
flushes_check

if [ "$failures" -gt 0 ]; then
	echo "cli_bench: $failures failed" >&2
	exit 1
fi
echo "cli_bench: all passed"
