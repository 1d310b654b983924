#!/bin/sh
# SPDX-License-Identifier: MIT
# run-tests.sh BUILD...: every cmocka test (BUILD/tests/test_*) and every
# tests/cli_*.sh against BUILD/syncgate, for each BUILD given.  The suites
# run JOBS at a time (default: one more than the cores, as some of them
# mostly wait on the disk), except those named in $alone, which run
# afterwards one by one with nothing else of ours running.  TIMED names the builds whose suites in $alone run, SCRIPTS
# those whose tests/cli_*.sh run (both default to every BUILD given; `make
# check` runs the scripts and the timed suites in the plain build only, as
# a sanitized program's start costs six times a plain one's).  Each
# suite's output is printed whole, in the order of the list, then one
# closing line, "suites: N passed, N failed", and the names of the failed
# ones.  VALGRIND=1 runs every suite under valgrind but for cli_docs.
# SUITES, when set, names the only suites to run (test_stats cli_gate).
set -u

# Suites whose checks load from the others would sway, each a relation
# between two timings taken on this disk in one run, or a signal sent a
# few milliseconds into a run:
# - test_probe: a dirty flush dearer than a clean one in two thirds of the
#   pairs, and the probe's verdict, which rests on such relations;
# - cli_bench: a durable commit at least the low end of the probe's
#   interval, SQLite without syncs under one sync, the device flushes a
#   commit in the engines' order (cli_bench_files, syncgate-bench's
#   files, runs, signals and bad input, compares no timings and runs in
#   the batch);
# - cli_probe: a dropped flush told by a clean sync's cost against a
#   system call's, SIGINT and SIGTERM 2 to 200 ms into a probe, two
#   probes at once, and real devices (loop, zram) when run as root
#   (cli_probe_files, its usage, refusals and probes that check no
#   figure, runs in the batch);
# - cli_run: device flushes a commit of synced against unsynced writes,
#   and of a run whose --setup synced: the other suites' own syncs land
#   in its windows (a setup's count read 6 a write beside them)
#   (cli_run_files, whose runs go in memory and count nothing, runs in
#   the batch).
# cli_hostile kills `syncgate report -o` at set delays too, but its checks
# (the file whole or absent, no temporary left) hold at any moment, and
# load stretches the run across more of the delays, not fewer.
alone="test_probe cli_bench cli_probe cli_run"

if [ $# -eq 0 ]; then
	echo "usage: run-tests.sh BUILD..." >&2
	exit 2
fi
timed=${TIMED-$*}
scripts=${SCRIPTS-$*}
jobs=${JOBS:-$(($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2) + 1))}
case $jobs in
'' | *[!0-9]* | 0)
	echo "run-tests.sh: JOBS=$jobs; expected a whole number of suites at a time, 1 or more" >&2
	exit 2
	;;
esac
vg=""
novg=""
if [ "${VALGRIND:-0}" = 1 ]; then
	vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible"
	# cli_docs compares --help with the documents and runs nothing under
	# valgrind: its run there would be the plain build's again.  cli_gate
	# and cli_report run the gate and report over every golden case,
	# hundreds of programs and minutes each under valgrind; the rules and
	# renderers they drive run under valgrind in test_gate_*,
	# test_report and test_verdict_load, and the programs themselves under
	# the sanitizers in check-full.  The error-rate simulations repeat
	# thousands of trials of code test_runs, test_gate_* and test_stats
	# run under valgrind; they run plain and under the sanitizers.
	novg="cli_docs cli_gate cli_report test_dependence test_runs_error"
	novg="$novg test_runs_power test_samples_power test_sequential test_plan"
fi
log=$(mktemp -d "${TMPDIR:-/tmp}/run-tests.XXXXXX") || exit 2
pids=""
trap 'stop; wait; rm -rf "$log"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# The suites running in the background: a non-interactive shell starts
# them with SIGINT ignored, so an interrupt has to be passed on.
stop() {
	# shellcheck disable=SC2086 # pids is words by design
	[ -z "$pids" ] || kill -s TERM $pids 2>/dev/null
}

# suite BUILD NAME: runs one suite in place of the shell that calls it, so
# a signal sent to that shell reaches the suite.
suite() {
	case $2 in
	test_*)
		BUILD=$1 exec $vg "$1/tests/$2"
		;;
	*)
		exec env BUILD="$1" SYNCGATE="$1/syncgate" SYNCGATE_BENCH="$1/syncgate-bench" \
			SYNCGATE_VALGRIND="$vg" sh "tests/$2.sh"
		;;
	esac
}

# label BUILD NAME: how the suite is named in the output.
label() {
	case $2 in
	test_*) echo "$1/tests/$2" ;;
	*) echo "tests/$2.sh ($1)" ;;
	esac
}

# start N BUILD NAME: suite N in the background; $log/N.out gets its
# output, then $log/N.rc its exit status.  A TERM stops it.
start() {
	echo "$2 $3" >"$log/$1.name"
	(
		suite "$2" "$3" >"$log/$1.out" 2>&1 &
		child=$!
		trap 'kill -s TERM "$child" 2>/dev/null; exit 143' TERM
		wait "$child"
		echo $? >"$log/$1.tmp"
		mv "$log/$1.tmp" "$log/$1.rc"
	) &
	pids="$pids $!"
	running="$running $1"
	nrunning=$((nrunning + 1))
}

# reap: forgets the suites that are done.
reap() {
	still=""
	nrunning=0
	for j in $running; do
		if ! [ -e "$log/$j.rc" ]; then
			still="$still $j"
			nrunning=$((nrunning + 1))
		fi
	done
	running=$still
}

pass=0
fail=0
failed=""
# count BUILD NAME STATUS: one more suite passed, or failed.
count() {
	if [ "$3" -eq 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed${failed:+, }$(label "$1" "$2")"
	fi
}

# flush: prints each suite that is done and follows the last one printed.
flush() {
	while [ -e "$log/$printed.rc" ]; do
		read -r fb fname <"$log/$printed.name"
		echo "== $(label "$fb" "$fname")"
		cat "$log/$printed.out"
		count "$fb" "$fname" "$(cat "$log/$printed.rc")"
		printed=$((printed + 1))
	done
}

# The costliest suites, costliest first by CPU time (user+sys; make check
# on 2 cores, scripts/time-suites.sh): started first, so that the batch
# does not end on one long suite with the other cores idle.  Seconds,
# plain (ASan) at accbb84 and after, load average 5 to 8:
#   test_apart 28 (53), cli_report 36, cli_action 23, cli_gate 19,
#   test_samples_power 14 (2.6), test_hostile 4.9 (9.9), test_gate_rules
#   1.9 (9.1), cli_layers 8.4, cli_hostile 7.2, test_dependence 5.4
#   (3.6), test_gate_runs 1.0 (5.2), cli_outputs 5.0, test_sequential 4.7
#   (2.4), test_gate_interval 2.2 (4.6), test_runs 2.3 (4.2).
long="test_apart cli_report cli_action cli_gate test_samples_power test_hostile"
long="$long test_gate_rules cli_layers cli_hostile test_dependence test_gate_runs"
long="$long cli_outputs test_sequential test_gate_interval test_runs"

# names KIND: the suites of KIND (long, cli or rest), one a line; long in
# its order, the others in the order of their files.
names() {
	if [ "$1" = long ]; then
		# shellcheck disable=SC2086 # long is words by design
		printf '%s\n' $long
		return
	fi
	for t in tests/test_*.c tests/cli_*.sh; do
		t=${t#tests/}
		t=${t%.*}
		case " $long " in *" $t "*) continue ;; esac
		k=${t%%_*}
		[ "$k" = cli ] || k=rest
		[ "$k" = "$1" ] && echo "$t"
	done
}

# The list, one suite a line, "BUILD NAME": the long suites, then the
# other scripts, then the other cmocka tests, so that the batch ends on
# short suites.
for kind in long cli rest; do
	for t in $(names "$kind"); do
		[ -e "tests/$t.c" ] || [ -e "tests/$t.sh" ] || continue
		for b in "$@"; do
			case " $novg " in *" $t "*) continue ;; esac
			case " ${SUITES:-$t} " in *" $t "*) ;; *) continue ;; esac
			case $t:" $scripts " in
			cli_*:*" $b "*) ;;
			cli_*) continue ;;
			esac
			case " $alone " in
			*" $t "*)
				case " $timed " in
				*" $b "*) echo "$b $t" >>"$log/alone" ;;
				esac
				;;
			*) echo "$b $t" >>"$log/batch" ;;
			esac
		done
	done
done
touch "$log/batch" "$log/alone"

# The batch, JOBS at a time, polled: a POSIX shell cannot wait for
# whichever job ends first.
running=""
nrunning=0
n=0
printed=1
while read -r b name <&3; do
	while :; do
		reap
		flush
		[ "$nrunning" -ge "$jobs" ] || break
		sleep 0.1
	done
	n=$((n + 1))
	start "$n" "$b" "$name"
done 3<"$log/batch"
while :; do
	reap
	flush
	[ -n "$running" ] || break
	sleep 0.1
done
wait
pids=""

# Then one at a time, in the foreground: output as it comes.
while read -r b name <&3; do
	echo "== $(label "$b" "$name")"
	(suite "$b" "$name" 2>&1)
	count "$b" "$name" $?
done 3<"$log/alone"

echo "suites: $pass passed, $fail failed"
[ "$fail" -eq 0 ] || { echo "failed: $failed" >&2; exit 1; }
