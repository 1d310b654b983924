#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate run on the disk, driving a small benchmark of its own
# (tests/ycsb-bench.sh: 4 KiB writes, each synced or not, and a YCSB
# summary): the order of the runs, the brackets, the flush counts, the
# environment, the files beside each result, a failing command, a set that
# cannot be mixed with another invocation's, sides apart, --probe-every,
# the idle windows, --setup and --teardown, and --match at the gate.  It
# runs alone (scripts/run-tests.sh); what times nothing is in
# tests/cli_run_files.sh, which runs beside the other suites.
set -eu
# The runs whose flushes are counted or whose writes are ruled or
# reported in syncs (t, f, g, --probe-every's and the first of --setup)
# go on the disk, in $disk inside the repository; the others go in memory
# ($tmp, see tests/lib.sh), where a run takes 0.07 s against the disk's
# 0.9 s.
tmp_in=memory
disk=""
. tests/lib.sh
trap '[ -z "$disk" ] || rm -rf "$disk"; [ -z "$tmp" ] || rm -rf "$tmp"' EXIT
disk=$(mktemp -d "$PWD/.cli_run.XXXXXX")
run="${SYNCGATE_VALGRIND:-} $SYNCGATE run"
prog="syncgate run"
mkdir "$tmp/dir" "$tmp/res"
cp tests/ycsb-bench.sh "$tmp/bench.sh"
cmd="sh $tmp/bench.sh"

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
# and its text says so: the noise within a session, and the shift a class
$SYNCGATE calibrate "$tmp/res/g.b.1.json" "$tmp/res/g.b.2.json" "$tmp/res/f.b.1.json" \
	>"$tmp/res/sessions.txt" 2>"$tmp/gerr" &&
	grep -q "log scale within a session, as a$" "$tmp/res/sessions.txt" &&
	grep -q "^percentage, over 3 runs of 2 sessions (1 degrees of freedom)" "$tmp/res/sessions.txt" &&
	grep -q "^Between sessions: the standard deviation of a session's shift" "$tmp/res/sessions.txt" &&
	grep -q "^  READ p50: 0.0% (1 degrees of freedom)$" "$tmp/res/sessions.txt" ||
	fail "calibrate's text over two sessions: $(cat "$tmp/gerr" "$tmp/res/sessions.txt")"
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

if [ "$failures" -gt 0 ]; then
	echo "cli_run: $failures failed" >&2
	exit 1
fi
echo "cli_run: all passed"
