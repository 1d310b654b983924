#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate run, driving a small benchmark of its own: a shell loop of 4 KiB
# writes, each synced (dd oflag=dsync) or not, that prints a YCSB summary
# of as many updates and reads.  Checks the order of the runs, the
# brackets, the flush counts, the environment, the files beside each
# result, a failing command, an interrupted one, --import result, a set
# that cannot be mixed with another invocation's, and --match at the gate.
set -eu
# The runs whose flushes are counted or whose writes are ruled or
# reported in syncs (t, f, g, --probe-every's and the first of --setup)
# go on the disk, in $disk inside the repository; the others count
# nothing and go in memory ($tmp, see tests/lib.sh), where a run takes
# 0.07 s against the disk's 0.9 s.
tmp_in=memory
disk=""
. tests/lib.sh
trap '[ -z "$disk" ] || rm -rf "$disk"; [ -z "$tmp" ] || rm -rf "$tmp"' EXIT
disk=$(mktemp -d "$PWD/.cli_run.XXXXXX")
run="${SYNCGATE_VALGRIND:-} $SYNCGATE run"
prog="syncgate run"
mkdir "$tmp/dir" "$tmp/res"

# The benchmark: N writes (FLAG: oflag=dsync, or nothing), then YCSB's
# summary, without its updates where READS is set (or READS_RUN names
# this run).
cat >"$tmp/bench.sh" <<'EOF'
n=${N:-20}
[ "${READS_RUN:-}" != "$SYNCGATE_RUN" ] || READS=1
i=0
while [ "$i" -lt "$n" ]; do
	dd if=/dev/zero of="$SYNCGATE_DIR/f" bs=4096 count=1 conv=notrunc ${FLAG-oflag=dsync} 2>/dev/null
	i=$((i + 1))
done
echo "env $SYNCGATE_ENGINE $SYNCGATE_RUN $SYNCGATE_DIR" >&2
echo "probe $SYNCGATE_PROBE" >&2
[ -z "${FAIL_RUN:-}" ] || [ "$SYNCGATE_RUN" != "$FAIL_RUN" ] || { echo "bench: no space left" >&2; exit 3; }
[ -z "${SLEEP:-}" ] || { echo "$$" >"$PIDFILE"; sleep "$SLEEP"; }
out=/dev/stdout
[ -z "${TO_OUTPUT:-}" ] || out=$SYNCGATE_OUTPUT
printf '[OVERALL], RunTime(ms), 100\n[READ], Operations, %s\n[READ], 50thPercentileLatency(us), 10\n[READ], 99thPercentileLatency(us), 20\n' "$n" >"$out"
[ -n "${READS:-}" ] ||
	printf '[UPDATE], Operations, %s\n[UPDATE], 50thPercentileLatency(us), 300\n[UPDATE], 99thPercentileLatency(us), 900\n' "$n" >>"$out"
EOF
cmd="sh $tmp/bench.sh"

# j FILE KEY: the first number a result holds under KEY, tabs and newlines out.
j() {
	tr -d '\t\n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2
}

# Two engines, two runs each: ABBA, one session, each run's place and
# times, brackets around it, the files beside it, nothing left in --dir.
expect 0 "run 4 of 4: a, run 2 of 2, to $tmp/res/t.a.2.json" \
	--runs 2 --dir "$disk" -o "$tmp/res/t.json" --probe-every off \
	--engine a --import ycsb --cmd "N=100 $cmd" --engine b --import ycsb --cmd "N=100 FLAG= $cmd"
order=$(grep -o 'run [0-9] of 4: [a-z]*' "$tmp/err" | sed 's/.*: //' | tr '\n' ' ')
[ "$order" = "a b b a " ] || fail "ran in the order $order, not ABBA"
grep -q 'about [0-9]*s left' "$tmp/err" || fail "no time left estimated: $(cat "$tmp/err")"
[ -z "$(ls -A "$disk")" ] || fail "left $(ls -A "$disk") in --dir"
id=$(j "$tmp/res/t.a.1.json" id)
n=1
for f in a.1 b.1 b.2 a.2; do
	r=$tmp/res/t.$f.json
	[ -s "$r" ] || { fail "no t.$f.json"; continue; }
	[ "$(j "$r" id)" = "$id" ] || fail "t.$f.json: session $(j "$r" id), not $id"
	[ "$(j "$r" order)" = "$n" ] || fail "t.$f.json: order $(j "$r" order), expected $n"
	[ "$(j "$r" run)" = "${f#*.}" ] || fail "t.$f.json: run $(j "$r" run), expected ${f#*.}"
	awk -v a="$(j "$r" started_s)" -v b="$(j "$r" ended_s)" 'BEGIN { exit !(a > 0 && a < b) }' ||
		fail "t.$f.json: started $(j "$r" started_s), ended $(j "$r" ended_s)"
	[ "$(j "$r" placement)" = '"brackets"' ] || fail "t.$f.json: rounds not brackets: $(j "$r" placement)"
	[ "$(j "$r" count)" = 2 ] || fail "t.$f.json: $(j "$r" count) rounds, expected 2"
	tr -d '\t\n' <"$r" | grep -q '"ops":\[100, *0\]' || fail "t.$f.json: the brackets' ops are not [100, 0]"
	grep -q '"program":.*"syncgate run"' "$r" || fail "t.$f.json: no syncgate run driver"
	grep -q '"cpu_model"' "$r" || fail "t.$f.json: no host"
	logs=$(echo "$tmp"/res/t.logs.*)
	grep -q "env ${f%.*} ${f#*.} $disk/syncgate-run.${f%.*}." "$logs/$f.stderr" ||
		fail "$f.stderr: the environment was not SYNCGATE_ENGINE ${f%.*}, RUN ${f#*.}, a DIR inside --dir: $(cat "$logs/$f.stderr")"
	grep -q '^\[UPDATE\], Operations, 100' "$logs/$f.stdout" || fail "$f.stdout: not the command's output"
	grep -q "\"stdout\":.*\"${logs##*/}/$f.stdout\"" "$r" || fail "t.$f.json does not name its stdout in ${logs##*/}"
	$SYNCGATE report "$r" >/dev/null 2>&1 || fail "t.$f.json does not load"
	n=$((n + 1))
done
# flushes a commit: a synced write is a flush, an unsynced one none.
# Other processes' flushes add to both (the suites beside this one sync
# too), so the check is between the two, measured in one invocation;
# where the disk's counters cannot be read, the result says why.
fa=$(j "$tmp/res/t.a.1.json" flushes_per_op)
fb=$(j "$tmp/res/t.b.1.json" flushes_per_op)
for f in a b; do
	r=$tmp/res/t.$f.1.json
	[ "$(j "$r" flushes_per_op)" != null ] || tr -d '\t\n' <"$r" | grep -q '"why_none":"' ||
		fail "t.$f.1.json: no flushes_per_op and no why_none"
done
[ "$fa" = null ] || [ "$fb" = null ] || awk -v a="$fa" -v b="$fb" 'BEGIN { exit !(a - b >= 0.5) }' ||
	fail "synced writes $fa flushes a commit, unsynced $fb: expected about one more"

# the gate takes the runs, and an A/A split of one invocation is not refused
set +e
$SYNCGATE gate "$tmp/res/t.a.1.json" "$tmp/res/t.a.2.json" --baseline "$tmp/res/t.b.1.json" \
	--baseline "$tmp/res/t.b.2.json" >/dev/null 2>"$tmp/gerr"
got=$?
set -e
[ "$got" != 2 ] || fail "gate of one invocation's runs: $(cat "$tmp/gerr")"

# SYNCGATE_OUTPUT, when written, is what is imported, and kept
expect 0 "" --runs 1 --dir "$tmp/dir" -o "$tmp/res/o.json" --engine a --import ycsb --cmd "TO_OUTPUT=1 N=3 $cmd"
logs=$(echo "$tmp"/res/o.logs.*)
[ -s "$logs/a.1.output" ] || fail "SYNCGATE_OUTPUT was not kept in the logs' folder"
[ ! -s "$logs/a.1.stdout" ] || fail "the command's stdout was not empty"
grep -q "\"output\":.*\"${logs##*/}/a.1.output\"" "$tmp/res/o.a.1.json" || fail "o.a.1.json does not name its output"

# A failing command stops the invocation with its status and last words,
# and exit status 4, whatever its own (1 would read as a failed verdict);
# the runs before it stay, a set cut short that another's cannot complete
expect 4 "run 3 of 4 (b, $tmp/res/f.b.2.json): the command exited with status 3" \
	--runs 2 --dir "$disk" -o "$tmp/res/f.json" \
	--engine a --import ycsb --cmd "N=3 $cmd" --engine b --import ycsb --cmd "N=3 FAIL_RUN=2 $cmd"
grep -q "  b.2.stderr: bench: no space left" "$tmp/err" || fail "the failing command's stderr was not repeated: $(cat "$tmp/err")"
grep -q "the 2 results before it were written, a set cut short" "$tmp/err" || fail "no set cut short: $(cat "$tmp/err")"
[ -s "$tmp/res/f.b.1.json" ] && [ ! -e "$tmp/res/f.b.2.json" ] && [ ! -e "$tmp/res/f.a.2.json" ] ||
	fail "after the failure: $(ls "$tmp/out" | grep '^f\.')"
[ -z "$(ls -A "$disk")" ] || fail "the failed run left $(ls -A "$disk") in --dir"
expect 0 "" --runs 2 --dir "$disk" -o "$tmp/res/g.json" --engine b --import ycsb --cmd "N=3 $cmd"
set +e
$SYNCGATE gate "$tmp/res/f.b.1.json" "$tmp/res/g.b.2.json" --baseline "$tmp/res/t.a.1.json" >/dev/null 2>"$tmp/gerr"
got=$?
set -e
[ "$got" = 2 ] && grep -q "never two mixed" "$tmp/gerr" ||
	fail "two invocations' runs pooled as one set: exit $got: $(cat "$tmp/gerr")"

# sides from two invocations (whole sets: g's two runs of b against t's
# two): they came apart, so each side carries a shift between sessions
# (the default), and a change far past the limit is still ruled: reads
# 3.3 times slower fail, three times faster pass (reads: a latency needs
# no unit, which the suites beside this one's syncs would sway); report
# rules the saved verdict alike.  A part of a set is refused unless
# --part-ok.
for n in 1 2; do
	sed 's/"p50_ns":\t10000,/"p50_ns":\t3000,/' "$tmp/res/t.b.$n.json" >"$tmp/res/fast-read-other.$n.json"
	sed 's/"p50_ns":\t10000,/"p50_ns":\t30000,/; s/"p99_ns":\t20000,/"p99_ns":\t60000,/' \
	    "$tmp/res/t.b.$n.json" >"$tmp/res/slow-read-other.$n.json"
done
cmp -s "$tmp/res/t.b.1.json" "$tmp/res/fast-read-other.1.json" && fail "no read p50 of 10us to change"
set +e
$SYNCGATE gate "$tmp/res/g.b.1.json" "$tmp/res/g.b.2.json" --baseline "$tmp/res/fast-read-other.1.json" \
	--baseline "$tmp/res/fast-read-other.2.json" --verbose --format text -o "$tmp/res/apart.txt" \
	--format json -o "$tmp/res/apart.json" 2>"$tmp/gerr"
other=$?
$SYNCGATE report --verbose "$tmp/res/apart.json" >"$tmp/res/apart2.txt" 2>&1
again=$?
$SYNCGATE gate "$tmp/res/g.b.1.json" --baseline "$tmp/res/fast-read-other.1.json" \
	--baseline "$tmp/res/fast-read-other.2.json" >/dev/null 2>"$tmp/gerr2"
part=$?
set -e
[ "$other" = 1 ] && grep -Eq "fail +READ: 10µs at p50 against the baseline's 3µs, 233.33% slower .*, over 5%" "$tmp/res/apart.txt" &&
	grep -q "the sides' runs came apart: a session holds runs of one side only" "$tmp/res/apart.txt" ||
	fail "sides from two invocations: exit $other, not failed: $(cat "$tmp/gerr" "$tmp/res/apart.txt")"
tr -d '\t\n' <"$tmp/res/apart.json" | grep -q '"apart":true,"apart_why":"one-sided","session_shift":"default"' ||
	fail "the verdict does not say apart, and carried by the default"
[ "$again" = 1 ] && cmp -s "$tmp/res/apart.txt" "$tmp/res/apart2.txt" ||
	fail "the saved verdict re-ruled otherwise: exit $again"
[ "$part" = 2 ] && grep -q "g.b.1.json: is run 1 of 2 of session .*, whose run 2 of b is not given" "$tmp/gerr2" ||
	fail "a part of a set was not refused: exit $part: $(cat "$tmp/gerr2")"

set +e
$SYNCGATE gate "$tmp/res/g.b.1.json" "$tmp/res/g.b.2.json" --baseline "$tmp/res/slow-read-other.1.json" \
	--baseline "$tmp/res/slow-read-other.2.json" --verbose >"$tmp/res/apart-pass.txt" 2>"$tmp/gerr"
other=$?
set -e
# the verdict's status is the writes' too, which the disk's load may
# sway: the read is what is held to a pass
[ "$other" != 2 ] && grep -Eq "pass +READ: 10µs at p50 against the baseline's 30µs, 66.67% faster .*, within 5%" "$tmp/res/apart-pass.txt" ||
	fail "a pass across two invocations was not ruled: exit $other: $(cat "$tmp/gerr" "$tmp/res/apart-pass.txt")"

# calibrate over runs of two sessions measures the shift between them,
# and with that record in place of the default sides from two sessions
# are ruled: a read 3.3 times slower fails
$SYNCGATE calibrate "$tmp/res/g.b.1.json" "$tmp/res/g.b.2.json" "$tmp/res/f.b.1.json" \
	--format json -o "$tmp/res/sessions.noise.json" >/dev/null 2>"$tmp/gerr" ||
	fail "calibrate over two sessions: $(cat "$tmp/gerr")"
# runs of syncgate run record their times: the plan predicts a wall time
$SYNCGATE calibrate "$tmp/res/g.b.1.json" "$tmp/res/g.b.2.json" --max-regression 900% \
	--budget 600s >"$tmp/res/plan.txt" 2>"$tmp/gerr" &&
	grep -Eq "^  2 x [0-9]+ runs of [0-9.e-]+ s \([0-9.e-]+ s measured a run, [0-9.e-]+ s between runs\)$" "$tmp/res/plan.txt" &&
	grep -q "^Within --budget 600s: the smallest limit settled at 80% power is" "$tmp/res/plan.txt" ||
	fail "calibrate of syncgate run's runs: no wall time planned: $(cat "$tmp/gerr") $(sed -n '/^Plan/,$p' "$tmp/res/plan.txt")"
tr -d ' \t\n' <"$tmp/res/sessions.noise.json" | grep -q '"sessions":2' &&
	tr -d ' \t\n' <"$tmp/res/sessions.noise.json" | grep -q '"session_log_sd":0,"session_df":1' ||
	fail "calibrate over two sessions measured no shift: $(cat "$tmp/res/sessions.noise.json")"
set +e
$SYNCGATE gate "$tmp/res/g.b.1.json" "$tmp/res/g.b.2.json" --baseline "$tmp/res/fast-read-other.1.json" \
	--baseline "$tmp/res/fast-read-other.2.json" \
	--noise "$tmp/res/sessions.noise.json" --verbose --format text -o "$tmp/res/apart-n.txt" \
	--format json -o "$tmp/res/apart-n.json" 2>"$tmp/gerr"
measured=$?
$SYNCGATE report --verbose "$tmp/res/apart-n.json" >"$tmp/res/apart-n2.txt" 2>&1
again=$?
set -e
[ "$measured" = 1 ] && grep -q "measured the shift between sessions over 2 of them" "$tmp/res/apart-n.txt" ||
	fail "sides apart with the shift measured: exit $measured: $(cat "$tmp/gerr" "$tmp/res/apart-n.txt")"
tr -d '\t\n' <"$tmp/res/apart-n.json" | grep -q '"session_spread":true,"session_shift":"record"' ||
	fail "the verdict does not say the shift was measured"
[ "$again" = 1 ] && cmp -s "$tmp/res/apart-n.txt" "$tmp/res/apart-n2.txt" ||
	fail "the saved verdict with the shift re-ruled otherwise: exit $again"

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

# SIGTERM while the command runs (as a CI job's timeout sends it; a
# background job here ignores SIGINT): passed to it, waited for, nothing left
set +e
$SYNCGATE run --runs 2 --dir "$tmp/dir" -o "$tmp/res/i.json" --engine a --import ycsb \
	--cmd "N=1 SLEEP=30 PIDFILE=$tmp/pid $cmd" >/dev/null 2>"$tmp/ierr" &
sg_pid=$!
i=0
while [ ! -s "$tmp/pid" ] && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM "$sg_pid"
wait "$sg_pid"
got=$?
set -e
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

# --probe-every: rounds through the command, its group paused for each
expect 0 "rounds through the command, every 20ms" --runs 1 --dir "$disk" -o "$tmp/res/p.json" \
	--probe-every 20ms --engine a --import ycsb --cmd "N=3 SLEEP=0.3 PIDFILE=$tmp/res/p.pid $cmd"
r=$tmp/res/p.a.1.json
[ "$(j "$r" placement)" = '"paused"' ] || fail "--probe-every: rounds $(j "$r" placement), not paused"
awk -v n="$(j "$r" count)" 'BEGIN { exit !(n >= 4) }' || fail "--probe-every 20ms over 0.3s: $(j "$r" count) rounds"
[ "$(j "$r" ops)" = null ] || fail "--probe-every: rounds' ops $(j "$r" ops), expected null (not known a round)"
$SYNCGATE report "$r" | flat | grep -q "one every 20ms with the command paused" || fail "--probe-every: the report does not say the rounds paused the command"
# a command that imported no write: its next run takes neither idle
# windows nor rounds, through it or bracketing it (nothing to count or
# divide), and every command is given the runner's probe as SYNCGATE_PROBE
expect 0 "" --runs 2 --dir "$disk" -o "$tmp/res/ro.json" --probe-every 20ms --engine a \
	--import ycsb --cmd "N=1 READS=1 SLEEP=0.3 PIDFILE=$tmp/res/ro.pid $cmd"
[ "$(j "$tmp/res/ro.a.1.json" placement)" = '"paused"' ] ||
	fail "reads only, run 1: rounds $(j "$tmp/res/ro.a.1.json" placement), not paused"
[ -z "$(j "$tmp/res/ro.a.2.json" placement)" ] && [ -z "$(j "$tmp/res/ro.a.2.json" series)" ] ||
	fail "reads only, run 2: rounds $(j "$tmp/res/ro.a.2.json" placement), expected none"
grep -q '"probed":.*"once in --dir before the first run, the unit of any write; no rounds in this run' \
	"$tmp/res/ro.a.2.json" || fail "reads only, run 2: $(grep '"probed"' "$tmp/res/ro.a.2.json")"
p=$(echo "$tmp"/res/ro.logs.*)/probe.json
grep -qx "probe $p" "$tmp"/res/ro.logs.*/a.2.stderr ||
	fail "SYNCGATE_PROBE: $(grep '^probe' "$tmp"/res/ro.logs.*/a.2.stderr), not $p"
$SYNCGATE report "$p" >/dev/null 2>&1 || fail "SYNCGATE_PROBE's file does not load as a probe"
# writes after a run without: no idle windows were taken, so no flush
# count, and why; the run after takes the windows again
expect 0 "" --runs 3 --dir "$disk" -o "$tmp/res/rw.json" --probe-every off --engine a \
	--import ycsb --cmd "N=3 READS_RUN=1 $cmd"
grep -q '"why_none":.*"no idle windows: the engine'"'"'s run before imported no write"' "$tmp/res/rw.a.2.json" ||
	fail "writes after a reads-only run: $(grep '"why_none"' "$tmp/res/rw.a.2.json")"
# (and no rounds: their unit is the probe before the runs, which the gate takes)
[ -z "$(j "$tmp/res/rw.a.2.json" series)" ] && [ -n "$(j "$tmp/res/rw.a.3.json" series)" ] ||
	fail "writes after a reads-only run: rounds $(j "$tmp/res/rw.a.2.json" series), the run after $(j "$tmp/res/rw.a.3.json" series)"
$SYNCGATE gate "$tmp/res/rw.a.2.json" --baseline "$tmp/res/rw.a.3.json" --part-ok \
	>"$tmp/gout" 2>"$tmp/gerr" || [ $? = 1 ] || fail "writes without rounds do not gate: $(cat "$tmp/gerr")"
grep -q "^Writes in syncs" "$tmp/gout" || fail "writes without rounds not ruled in syncs: $(cat "$tmp/gout")"
# (a disk whose counters cannot be read waits for no idle window at all)
idle() {
	tr -d '\t\n' <"$1" | grep -o '"spent":{[^}]*}' | grep -o '"idle_s":[0-9.e-]*' | cut -d: -f2
}
[ "$(idle "$tmp/res/rw.a.1.json")" = 0 ] || [ "$(idle "$tmp/res/rw.a.3.json")" != 0 ] ||
	fail "the run after writes came back took no idle windows"
spent=$(tr -d '\t\n' <"$tmp/res/ro.a.2.json" | grep -o '"spent":{[^}]*}')
echo "$spent" | grep -q '^"spent":{"idle_s":0,"rounds_s":[0-9.e-]*,"import_s":[0-9.e-]*}$' ||
	fail "reads only, run 2: driver.spent $spent, expected no idle windows"
grep -q '^syncgate run:   spent besides: idle windows 0.000s, rounds [0-9.]*s, import [0-9.]*s$' "$tmp/err" ||
	fail "the progress lines do not say what a run spent: $(cat "$tmp/err")"
[ "$(grep -c "^syncgate run:   overhead [0-9.]*s, [0-9.]*% of the run's [0-9.]*s$" "$tmp/err")" = 3 ] ||
	fail "the progress lines do not say each run's overhead: $(cat "$tmp/err")"
expect 2 "--probe-every: 5ms; expected a duration from 10ms" --probe-every 5ms -o "$tmp/res/u.json" --engine a --import ycsb --cmd true

# --setup and --teardown: outside the window, so the setup's synced
# writes are not the run's flushes; the teardown runs even after the
# command failed, in the run's directory and environment
expect 0 "" --runs 1 --dir "$disk" -o "$tmp/res/s.json" --engine a --import ycsb \
	--setup "N=30 $cmd >/dev/null" --cmd "FLAG= $cmd" --teardown "echo \$SYNCGATE_RUN >$tmp/res/td.ok"
fpo=$(j "$tmp/res/s.a.1.json" flushes_per_op)
# (counted, the setup's 30 would make 1.5 or more a write of the 20)
[ "$fpo" = null ] || awk -v x="$fpo" 'BEGIN { exit !(x < 1) }' || fail "--setup's synced writes counted: $fpo flushes a commit"
[ "$(cat "$tmp/res/td.ok" 2>/dev/null)" = 1 ] || fail "--teardown did not run after a run"
grep -q "env a 1 $disk/syncgate-run.a." "$tmp"/res/s.logs.*/a.1.setup || fail "--setup's output was not kept in a.1.setup"
expect 4 "the command exited with status 3" --runs 1 --dir "$tmp/dir" -o "$tmp/res/s.json" --engine a \
	--import ycsb --cmd "N=1 FAIL_RUN=1 $cmd" --teardown "echo failed >$tmp/res/td.failed"
[ "$(cat "$tmp/res/td.failed" 2>/dev/null)" = failed ] || fail "--teardown did not run after a failed command"
expect 4 "--setup exited with status 1" --runs 1 --dir "$tmp/dir" -o "$tmp/res/s.json" --engine a \
	--import ycsb --setup "exit 1" --cmd "$cmd"
[ -z "$(ls -A "$disk")$(ls -A "$tmp/dir")" ] || fail "--setup and --teardown left $(ls -A "$disk" "$tmp/dir") in --dir"

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

# --match at the gate: differently named classes held together, named in a note
ren=$tmp/res/ren.json
sed 's/"UPDATE"/"update-renamed"/' "$tmp/res/t.b.1.json" >"$ren"
set +e
$SYNCGATE gate "$tmp/res/t.a.1.json" --baseline "$ren" --part-ok --match UPDATE=update-renamed >"$tmp/gout" 2>"$tmp/gerr"
got=$?
$SYNCGATE gate "$tmp/res/t.a.1.json" --baseline "$ren" --part-ok --match UPDATE=nosuch >/dev/null 2>"$tmp/gerr2"
got2=$?
set -e
[ "$got" != 2 ] && grep -q -- "--match UPDATE=update-renamed: our class UPDATE is held against the baseline's class update-renamed" "$tmp/gout" ||
	fail "--match: exit $got: $(cat "$tmp/gerr") $(cat "$tmp/gout")"
[ "$got2" = 2 ] && grep -q "has no class nosuch" "$tmp/gerr2" || fail "--match of a missing class: exit $got2: $(cat "$tmp/gerr2")"
# a pair of two kinds is refused, naming the class as the file holds it
sed 's/"READ"/"rd"/' "$ren" >"$tmp/res/ren2.json"
set +e
$SYNCGATE gate "$tmp/res/t.a.1.json" --baseline "$tmp/res/ren2.json" --match READ=update-renamed >/dev/null 2>"$tmp/gerr3"
got3=$?
set -e
[ "$got3" = 2 ] && grep -qF "$tmp/res/ren2.json's class update-renamed is a write, but our class READ is a read" "$tmp/gerr3" ||
	fail "--match of two kinds: exit $got3: $(cat "$tmp/gerr3")"

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
set +e
$SYNCGATE run --runs 1 --dir "$tmp/dir" -o "$tmp/res/td.json" --grace 0.5s --probe-every off \
	--engine a --import ycsb --cmd "N=1 $cmd" \
	--teardown "echo \$\$ >$tmp/td.pid; trap '' TERM; sleep 60" >/dev/null 2>"$tmp/tderr" &
sg_pid=$!
i=0
while [ ! -s "$tmp/td.pid" ] && [ "$i" -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM "$sg_pid"
wait "$sg_pid"
got=$?
set -e
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
	echo "cli_run: $failures failed" >&2
	exit 1
fi
echo "cli_run: all passed"
