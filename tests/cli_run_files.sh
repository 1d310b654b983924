#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate run where nothing is timed: its runs go in memory, count no
# flush and wait for no idle window, so this suite runs beside the others
# (tests/cli_run.sh holds the runs on the disk, which run alone).  Checks
# SYNCGATE_OUTPUT, a run far from its side's others, pairing, SIGTERM,
# --import result and its samples files, the results' syncs at the end,
# usage, the run's directory and what it may hold, -o's names, what a
# command leaves running, SIGKILL, --timeout and the progress line.
set -eu
tmp_in=memory
. tests/lib.sh
run="${SYNCGATE_VALGRIND:-} $SYNCGATE run"
prog="syncgate run"
mkdir "$tmp/dir" "$tmp/res"
cp tests/ycsb-bench.sh "$tmp/bench.sh"
cmd="sh $tmp/bench.sh"

# SYNCGATE_OUTPUT, when written, is what is imported, and kept
expect 0 "" --runs 1 --dir "$tmp/dir" -o "$tmp/res/o.json" --engine a --import ycsb --cmd "TO_OUTPUT=1 N=3 $cmd"
logs=$(echo "$tmp"/res/o.logs.*)
[ -s "$logs/a.1.output" ] || fail "SYNCGATE_OUTPUT was not kept in the logs' folder"
[ ! -s "$logs/a.1.stdout" ] || fail "the command's stdout was not empty"
grep -q "\"output\":.*\"${logs##*/}/a.1.output\"" "$tmp/res/o.a.1.json" || fail "o.a.1.json does not name its output"

# a run far from its side's others is named, with what to do: four runs
# a side of one command, run 3 of one name at 1.5 times the others' p50
cat >"$tmp/odd.sh" <<'EOF'
p=300
[ "$SYNCGATE_RUN" = "${ODD:-0}" ] && p=450
printf '[OVERALL], RunTime(ms), 100\n[UPDATE], Operations, 20\n[UPDATE], 50thPercentileLatency(us), %s\n[UPDATE], 99thPercentileLatency(us), 900\n' $p
EOF
expect 0 "" --runs 4 --dir "$tmp/dir" -o "$tmp/res/o.json" --probe-every off \
	--engine a --import ycsb --cmd "ODD=3 sh $tmp/odd.sh" --engine b --import ycsb --cmd "sh $tmp/odd.sh"
set +e
# shellcheck disable=SC2046 # the files are words by design
$SYNCGATE gate "$tmp"/res/o.a.[1-4].json $(for i in 1 2 3 4; do printf -- '--baseline %s ' "$tmp/res/o.b.$i.json"; done) \
	--verbose >"$tmp/res/odd.md" 2>"$tmp/gerr"
set -e
grep -q "new run 3 ($tmp/res/o.a.3.json) is 1.50x its 3 other runs at p50 in UPDATE, outside their 99% prediction interval: rerun it" "$tmp/res/odd.md" ||
	fail "the odd run was not named: $(cat "$tmp/gerr") $(grep -i run "$tmp/res/odd.md" | head -5)"
grep -q "baseline run [0-9]" "$tmp/res/odd.md" && fail "a baseline run of equal figures was named"

# five runs a side taken in turns are paired, whatever order the files
# are given in; the same runs split within one engine are not
expect 0 "" --runs 5 --dir "$tmp/dir" -o "$tmp/res/p.json" --probe-every off \
	--engine a --import ycsb --cmd "sh $tmp/odd.sh" --engine b --import ycsb --cmd "sh $tmp/odd.sh"
set +e
# shellcheck disable=SC2046 # the files are words by design
$SYNCGATE gate "$tmp"/res/p.a.[3-5].json "$tmp"/res/p.a.[1-2].json \
	$(for i in 1 2 3 4 5; do printf -- '--baseline %s ' "$tmp/res/p.b.$i.json"; done) \
	--format text -o "$tmp/res/paired.txt" --format json -o "$tmp/res/paired.json" 2>"$tmp/gerr"
set -e
grep -q "paired: 5 runs a side, taken in turns" "$tmp/res/paired.txt" &&
	tr -d '\t\n' <"$tmp/res/paired.json" | grep -q '"paired":true' ||
	fail "five runs a side in turns not paired: $(cat "$tmp/gerr") $(grep -i 'runs a side' "$tmp/res/paired.txt")"
# one engine: the pairs' means give back their degrees of freedom, 4 + 3;
# a verdict saved before they were noted took the differences' 4, and says so
flat "$tmp/res/paired.txt" | grep -q "pairs' means' about a line in each block of 4 pairs (Student's t, 7 degrees of freedom)" &&
	tr -d '\t\n ' <"$tmp/res/paired.json" | grep -q '"code":"paired","min_runs":5,"df":7' ||
	fail "paired, one engine: not 7 degrees of freedom: $(grep -A3 'paired:' "$tmp/res/paired.txt")"
tr -d '\t\n' <"$tmp/res/paired.json" | sed 's/,[[:space:]]*"df":[[:space:]]*7//' >"$tmp/res/paired-old.json"
$SYNCGATE report "$tmp/res/paired-old.json" >"$tmp/res/paired-old.txt" 2>"$tmp/gerr" &&
	flat "$tmp/res/paired-old.txt" | grep -q "drops out (Student's t, 4 degrees of freedom)" ||
	fail "a paired verdict without df: not read as k - 1: $(cat "$tmp/gerr") $(grep -A3 'paired:' "$tmp/res/paired-old.txt")"
set +e
$SYNCGATE gate "$tmp"/res/p.a.[1-3].json --baseline "$tmp/res/p.a.4.json" \
	--baseline "$tmp/res/p.a.5.json" >"$tmp/res/unpaired.txt" 2>"$tmp/gerr"
set -e
grep -q "paired:" "$tmp/res/unpaired.txt" && fail "3 runs against 2 of one engine were paired"

# term_after FILE ERR ARG...: syncgate run ARG... in the background, its
# standard error to ERR, sent SIGTERM once FILE holds a PID (within 20
# s); got is its exit status.
term_after() {
	pidfile=$1
	errfile=$2
	shift 2
	set +e
	$SYNCGATE run "$@" >/dev/null 2>"$errfile" &
	sg_pid=$!
	i=0
	while [ ! -s "$pidfile" ] && [ "$i" -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
	kill -TERM "$sg_pid"
	wait "$sg_pid"
	got=$?
	set -e
}

# SIGTERM while the command runs (as a CI job's timeout sends it; a
# background job here ignores SIGINT): passed to it, waited for, nothing left
term_after "$tmp/pid" "$tmp/ierr" --runs 2 --dir "$tmp/dir" -o "$tmp/res/i.json" --engine a \
	--import ycsb --cmd "N=1 SLEEP=30 PIDFILE=$tmp/pid $cmd"
[ "$got" = 143 ] || fail "SIGTERM: exit $got, expected 143: $(cat "$tmp/ierr")"
grep -q "run 1 of 2 (a, $tmp/res/i.a.1.json): stopped by SIGTERM" "$tmp/ierr" || fail "SIGTERM: $(cat "$tmp/ierr")"
# (a killed process may linger a moment as a zombie before init reaps it)
i=0
while [ -s "$tmp/pid" ] && kill -0 "$(cat "$tmp/pid")" 2>/dev/null && [ "$i" -lt 20 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -s "$tmp/pid" ] && ! kill -0 "$(cat "$tmp/pid")" 2>/dev/null || fail "SIGTERM left the command running"
[ -z "$(ls -A "$tmp/dir")" ] || fail "SIGTERM left $(ls -A "$tmp/dir") in --dir"
[ ! -e "$tmp/res/i.a.1.json" ] || fail "SIGTERM wrote the interrupted run's result"

# --import result: the command writes a syncgate-result, named as the run names it
expect 0 "" --runs 1 --dir "$tmp/dir" -o "$tmp/res/r.json" --engine mine --import result \
	--cmd "cp $PWD/fixtures/gate/ascii/ours.json \$SYNCGATE_RESULT"
grep -q '"engine":.*"mine"' "$tmp/res/r.mine.1.json" || fail "--import result: not renamed mine"
grep -q '"program":.*"syncgate run"' "$tmp/res/r.mine.1.json" || fail "--import result: no driver"
# a class of more than 1000 latencies goes to a samples file beside the
# run's result, in whole nanoseconds, fractions kept; one of 1000 stays inline
cat >"$tmp/gen.sh" <<'EOF'
awk -v n="$N" 'BEGIN {
	printf "{\"format\": \"syncgate-result/1\", \"engine\": \"e\", \"classes\": "
	printf "[{\"name\": \"get\", \"kind\": \"read\", \"samples_ns\": ["
	for (i = 1; i <= n; i++)
		printf "%s%s", (i > 1 ? "," : ""), (i == 2 ? "2.5" : i)
	print "]}]}"
}' >"$SYNCGATE_RESULT"
EOF
expect 0 "" --runs 2 --dir "$tmp/dir" -o "$tmp/res/big.json" --engine mine --import result \
	--cmd "N=\$((999 + SYNCGATE_RUN)) sh $tmp/gen.sh"
grep -q '"samples_ns"' "$tmp/res/big.mine.1.json" && [ ! -e "$tmp/res/big.mine.1.json.get.txt" ] ||
	fail "1000 latencies: not inline"
[ "$(j "$tmp/res/big.mine.2.json" samples_file)" = '"big.mine.2.json.get.txt"' ] &&
	[ "$(grep -cv '^#' "$tmp/res/big.mine.2.json.get.txt")" = 1001 ] &&
	grep -qx 2.5 "$tmp/res/big.mine.2.json.get.txt" && grep -qx 1001 "$tmp/res/big.mine.2.json.get.txt" ||
	fail "1001 latencies: not in big.mine.2.json.get.txt whole: $(head -3 "$tmp/res/big.mine.2.json.get.txt")"

# The results' syncs wait for the end (or 10 s of runs): no fsync of ours
# between the first result's rename and the last's, then one for each
# file and one for their folder (strace, where it is installed)
if command -v strace >/dev/null 2>&1 && [ -z "${SYNCGATE_VALGRIND:-}" ]; then
	# LeakSanitizer cannot run under ptrace: leaks are checked elsewhere
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -qq -e trace=fsync,rename -o "$tmp/st" $SYNCGATE run --runs 3 --dir "$tmp/dir" \
		-o "$tmp/res/dur.json" --engine mine --import result \
		--cmd "N=\$((999 + SYNCGATE_RUN)) sh $tmp/gen.sh" 2>"$tmp/err" ||
		fail "durable at the end: $(cat "$tmp/err")"
	main=$(head -1 "$tmp/st" | cut -d' ' -f1)
	grep "^$main " "$tmp/st" | awk '
		/rename\(.*dur\.mine\.[0-9]\.json"\)/ { if (!first) first = NR; last = NR; renames++ }
		/fsync\(/ { at[++n] = NR }
		END {
			for (i = 1; i <= n; i++) {
				if (at[i] > first && at[i] < last) between++
				if (at[i] > last) after++
			}
			# 3 results, 2 samples files (runs 2 and 3), and their folder
			exit !(renames == 3 && between == 0 && after == 6)
		}' || fail "results synced during the runs, or not at the end: $(grep "^$main " "$tmp/st")"
fi

# Usage: each engine whole, names that fit a file name
expect 2 "--cmd comes before any --engine" -o "$tmp/res/u.json" --cmd true
expect 2 "engine a: --import FORMAT is required" -o "$tmp/res/u.json" --engine a --cmd true
expect 2 "engine a: --import nosuch: unknown format" -o "$tmp/res/u.json" --engine a --import nosuch --cmd true
expect 2 "--engine a/b; expected a name of 1 to 64 letters" -o "$tmp/res/u.json" --engine a/b --import ycsb --cmd true
expect 2 "engine a named twice" -o "$tmp/res/u.json" --engine a --import ycsb --cmd true --engine a --import ycsb --cmd true
expect 2 "-o FILE is required" --engine a --import ycsb --cmd true
expect 2 "-o $tmp/none/u.json: $tmp/none:" --dir "$tmp/dir" -o "$tmp/none/u.json" --engine a --import ycsb --cmd true
expect 2 "--dir $tmp/none:" --dir "$tmp/none" -o "$tmp/res/u.json" --engine a --import ycsb --cmd true
# an output that does not import is trouble, with the file named
expect 2 "x.1.stdout: line 1" --runs 1 --dir "$tmp/dir" -o "$tmp/res/t.json" --engine x --import ycsb --cmd "echo nothing"

# The run's directory and its files.  A command that removes its own
# directory is tidy, not a failure
expect 0 "" --runs 1 --dir "$tmp/dir" -o "$tmp/res/tidy.json" --probe-every off --engine a \
	--import ycsb --cmd "N=1 $cmd && rm -rf \"\$SYNCGATE_DIR\""
# a mount the command left inside its directory, a bind mount of a data
# set on the same filesystem (whose device is the parent's): never
# entered, what is on it stays, said, and the run is not failed for it
mkdir "$tmp/data"
echo precious >"$tmp/data/set"
if [ "$(id -u)" = 0 ] && mkdir "$tmp/try" && mount --bind "$tmp/data" "$tmp/try" 2>/dev/null &&
	umount "$tmp/try"; then
	expect 0 "a mount, left as it is with what is on it" --runs 1 --dir "$tmp/dir" \
		-o "$tmp/res/mnt.json" --probe-every off --engine a --import ycsb \
		--cmd "mkdir \"\$SYNCGATE_DIR/m\" && mount --bind $tmp/data \"\$SYNCGATE_DIR/m\" && N=1 $cmd"
	[ "$(cat "$tmp/data/set" 2>/dev/null)" = precious ] ||
		fail "the cleanup deleted the files of a mount inside the run's directory"
	[ -s "$tmp/res/mnt.a.1.json" ] || fail "a mount left inside the run's directory failed the run"
	for m in "$tmp"/dir/syncgate-run.a.*/m; do umount "$m" 2>/dev/null || :; done
	rm -rf "$tmp"/dir/syncgate-run.a.*
else
	echo "cli_run: no bind mount here (not root, or not allowed): a mount's case is not tried" >&2
fi

# -o without an extension: each run a file of its own, the logs apart
expect 0 "" --runs 2 --dir "$tmp/dir" -o "$tmp/res/noext" --probe-every off --engine a \
	--import ycsb --cmd "N=1 $cmd"
[ -s "$tmp/res/noext.a.1" ] && [ -s "$tmp/res/noext.a.2" ] ||
	fail "-o without an extension: $(ls "$tmp/res" | grep noext)"
[ "$(ls "$tmp"/res/noext.logs.* | tr '\n' ' ')" = "a.1.stderr a.1.stdout a.2.stderr a.2.stdout probe.json " ] ||
	fail "-o without an extension: the logs are $(ls "$tmp"/res/noext.logs.*)"
# -o named as a log is named: the results and the logs stay apart
expect 0 "" --runs 1 --dir "$tmp/dir" -o "$tmp/res/r.stderr" --probe-every off --engine a \
	--import ycsb --cmd "N=1 $cmd"
$SYNCGATE report "$tmp/res/r.a.1.stderr" >/dev/null 2>&1 || fail "-o r.stderr: the result was written over"
# a device is refused before anything runs, and nothing is written beside it
expect 2 "-o /dev/null: not a regular file" --runs 1 --dir "$tmp/dir" -o /dev/null \
	--engine a --import ycsb --cmd true
ls /dev | grep -q '^null\.' && fail "-o /dev/null wrote into /dev: $(ls /dev | grep '^null\.')"
# two engines' names that differ in case only would be one file on macOS
expect 2 "engine a differs from engine A in case only" -o "$tmp/res/u.json" \
	--engine A --import ycsb --cmd true --engine a --import ycsb --cmd true

# the paths in the environment are absolute: a command that changes
# directory still writes in the run's directory and its output file
sg_abs=$(cd "$(dirname "$SYNCGATE")" && pwd)/$(basename "$SYNCGATE")
(cd "$tmp" && ${SYNCGATE_VALGRIND:-} "$sg_abs" run --runs 1 --dir dir -o res/abs.json --probe-every off --engine a --import ycsb \
	--cmd "cd / && echo \"paths \$SYNCGATE_DIR \$SYNCGATE_OUTPUT\" >&2 && TO_OUTPUT=1 N=1 sh $tmp/bench.sh" \
	>/dev/null 2>"$tmp/err") || fail "a command that changes directory: $(cat "$tmp/err")"
grep -q "^paths /.* /.*/res/abs.logs.[0-9a-f]*/a.1.output$" "$tmp"/res/abs.logs.*/a.1.stderr ||
	fail "the environment's paths are not absolute: $(cat "$tmp"/res/abs.logs.*/a.1.stderr)"

# what the command leaves running is ended with it: a background child,
# and a daemon that left its process group
expect 0 "" --runs 1 --dir "$tmp/dir" -o "$tmp/res/bg.json" --probe-every off --grace 1s \
	--engine a --import ycsb --cmd "sleep 60 & echo \$! >$tmp/bg.pid
setsid sh -c 'echo \$\$ >$tmp/daemon.pid; exec sleep 60' &
sleep 0.3; N=1 $cmd"
for p in bg daemon; do
	[ -s "$tmp/$p.pid" ] || fail "the command's $p never started"
	! kill -0 "$(cat "$tmp/$p.pid")" 2>/dev/null || fail "the command's $p lived on after its run"
done

# what --setup starts (a server) is left for the command to use and the
# teardown to stop; the command's own leftovers are ended (above)
expect 0 "" --runs 1 --dir "$tmp/dir" -o "$tmp/res/srv.json" --probe-every off --engine a \
	--import ycsb --setup "sleep 60 >/dev/null 2>&1 & echo \$! >$tmp/srv.pid" \
	--cmd "kill -0 \$(cat $tmp/srv.pid) && N=1 $cmd" --teardown "kill \$(cat $tmp/srv.pid)"
# (a process the teardown killed may linger as a zombie until it is reaped)
srv=$(cat "$tmp/srv.pid")
! kill -0 "$srv" 2>/dev/null || grep -q '^[0-9]* ([^)]*) Z' "/proc/$srv/stat" 2>/dev/null ||
	fail "the teardown did not stop the setup's server"

# SIGKILL of syncgate run (CI's hard kill): the keeper ends the benchmark
# and what it started; the run's directory is what is left, of the
# documented pattern, and the next run in DIR removes it
set +e
$SYNCGATE run --runs 1 --dir "$tmp/dir" -o "$tmp/res/k.json" --grace 1s --engine a --import ycsb \
	--cmd "sleep 60 & echo \$! >$tmp/k-bg.pid; N=1 SLEEP=60 PIDFILE=$tmp/k.pid $cmd" >/dev/null 2>&1 &
sg_pid=$!
i=0
while [ ! -s "$tmp/k.pid" ] && [ "$i" -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
kill -KILL "$sg_pid"
wait "$sg_pid" 2>/dev/null
set -e
i=0
while { kill -0 "$(cat "$tmp/k.pid")" || kill -0 "$(cat "$tmp/k-bg.pid")"; } 2>/dev/null && [ "$i" -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
{ kill -0 "$(cat "$tmp/k.pid")" || kill -0 "$(cat "$tmp/k-bg.pid")"; } 2>/dev/null &&
	fail "SIGKILL of syncgate run left the benchmark running"
left=$(ls -A "$tmp/dir")
echo "$left" | grep -Eqx "syncgate-run\.a\.$sg_pid\.[A-Za-z0-9]{6}" ||
	fail "SIGKILL left \"$left\" in --dir, expected syncgate-run.a.$sg_pid.XXXXXX"
expect 0 "removed $tmp/dir/$left, left by syncgate run process $sg_pid, which is gone" \
	--runs 1 --dir "$tmp/dir" -o "$tmp/res/k.json" --probe-every off --engine a --import ycsb --cmd "N=1 $cmd"
[ -z "$(ls -A "$tmp/dir")" ] || fail "after the sweep, $(ls -A "$tmp/dir") in --dir"

# --timeout: a hanging command is ended, TERM then KILL a grace later
# even where it ignores TERM, and the invocation stops as for a failure,
# long before the minute the command would take
start=$(date +%s)
expect 4 "the command ran past --timeout 500ms and was ended" --runs 1 --dir "$tmp/dir" \
	-o "$tmp/res/to.json" --timeout 0.5s --grace 0.5s --probe-every off --engine a --import ycsb \
	--cmd "trap '' TERM; sleep 60"
[ $(($(date +%s) - start)) -lt 30 ] || fail "--timeout 0.5s --grace 0.5s: $(($(date +%s) - start))s"
[ -z "$(ls -A "$tmp/dir")" ] || fail "--timeout left $(ls -A "$tmp/dir") in --dir"

# a signal during the last --teardown still ends the invocation as
# 128 + N, and a teardown that ignores it is ended after the grace
term_after "$tmp/td.pid" "$tmp/tderr" --runs 1 --dir "$tmp/dir" -o "$tmp/res/td.json" \
	--grace 0.5s --probe-every off --engine a --import ycsb --cmd "N=1 $cmd" \
	--teardown "echo \$\$ >$tmp/td.pid; trap '' TERM; sleep 60"
[ "$got" = 143 ] || fail "SIGTERM during the last --teardown: exit $got, expected 143: $(cat "$tmp/tderr")"
! kill -0 "$(cat "$tmp/td.pid")" 2>/dev/null || fail "the teardown that ignored SIGTERM lived on"

# on a terminal the progress is one line updated in place (run i of n,
# the engine, the time gone and left); elsewhere a line a run (above)
if command -v script >/dev/null 2>&1; then
	script -qec "$SYNCGATE run --runs 2 --dir $tmp/dir -o $tmp/res/tty.json --probe-every off \
		--engine a --import ycsb --cmd 'N=1 $cmd'" /dev/null >"$tmp/tty.out" 2>&1 ||
		fail "on a terminal: $(cat "$tmp/tty.out")"
	tr '\033\r' 'E~' <"$tmp/tty.out" | grep -q '~E\[Ksyncgate run: run 2 of 2: a, run 2 of 2' ||
		fail "on a terminal, the progress is not one line updated in place: $(tr '\033\r' 'E~' <"$tmp/tty.out")"
fi

# a run that fails after others: how many results stay, in words that count
expect 4 "the 1 result before it was written" --runs 2 --dir "$tmp/dir" -o "$tmp/res/one.json" \
	--probe-every off --engine a --import ycsb --cmd "N=1 FAIL_RUN=2 $cmd"

if [ "$failures" -gt 0 ]; then
	echo "cli_run_files: $failures failed" >&2
	exit 1
fi
echo "cli_run_files: all passed"
