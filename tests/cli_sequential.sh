#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate run --runs MIN..MAX, runs until decided: a benchmark of its own
# that prints a YCSB summary of reads (P50 its median in us; NOISY: a
# median that moves from run to run; NOISY99: a p99 that does).  An
# unchanged pair stops early with a pass, a large difference early with a
# fail (at the first fail, though another check is open), a noisy pair at
# MAX; the
# verdict says how many runs it took and why it stopped; the runs of a
# set stopped early pool at the gate as one set.  The gate's limits
# (--max-regression, --read-speedup, --commit-syncs, --confidence) rule
# the looks as they rule syncgate gate, and only with MIN..MAX.
set -eu
# No check here counts a flush or times a sync: the runs go in memory
# (tests/lib.sh), where they wait for no idle window.
tmp_in=memory
. tests/lib.sh
run="${SYNCGATE_VALGRIND:-} $SYNCGATE run"
prog="syncgate run"
mkdir "$tmp/dir" "$tmp/res"

cat >"$tmp/bench.sh" <<'EOF2'
p=${P50:-100}
[ -z "${NOISY:-}" ] || p=$((60 + SYNCGATE_RUN * 37 % 11 * 9))
q=$((p * 2))
[ -z "${NOISY99:-}" ] || q=$((210 + (1 - SYNCGATE_RUN % 2) * 110))
printf '[READ], Operations, 1000\n[READ], 50thPercentileLatency(us), %s\n[READ], 99thPercentileLatency(us), %s\n' "$p" "$q"
EOF2
cmd="sh $tmp/bench.sh"
opts="--dir $tmp/dir --probe-every off --verbose"

# An unchanged engine against itself, in baseline mode: decided at the
# first look, 2 runs a side of at most 6.
expect 0 "look 1 of 5 at 2 runs a side" --runs 2..6 --mode baseline $opts \
	-o "$tmp/res/aa.json" --engine new --import ycsb --cmd "$cmd" \
	--engine old --import ycsb --cmd "$cmd"
grep -q "stopped after 2 runs a side: every check decided at look 1 of 5" "$tmp/out" ||
	fail "A/A: the verdict does not say how it stopped: $(cat "$tmp/out")"
grep -q '^Verdict: pass' "$tmp/out" || fail "A/A: not a pass: $(cat "$tmp/out")"
grep -q 'stopped after 2 runs a side' "$tmp/res/aa.verdict.json" ||
	fail "A/A: aa.verdict.json has no note on how it stopped"
[ ! -e "$tmp/res/aa.new.3.json" ] || fail "A/A: ran a third round after it was decided"
# the spending function named in the verdict, and in its words; a verdict
# saved before it was named spent by the Pocock-type function, and says so
grep -q '"spending":[[:space:]]*"hsd(-4)"' "$tmp/res/aa.verdict.json" &&
	grep -q "by Hwang-Shih-DeCani spending, gamma -4" "$tmp/out" ||
	fail "A/A: the spending function is not named: $(grep -i spending "$tmp/out")"
grep -v '"spending"' "$tmp/res/aa.verdict.json" >"$tmp/old.verdict.json"
sg report "$tmp/old.verdict.json" --verbose >"$tmp/gate" 2>&1 &&
	grep -q "by Lan-DeMets Pocock-type spending" "$tmp/gate" ||
	fail "a verdict without spending: not read as Pocock-type: $(cat "$tmp/gate")"
[ "$(j "$tmp/res/aa.new.2.json" runs)" = 6 ] ||
	fail "A/A: the session records $(j "$tmp/res/aa.new.2.json" runs) runs, not 6"
# the part of the set that was run pools at the gate as one set
sg gate "$tmp/res/aa.new.1.json" "$tmp/res/aa.new.2.json" \
	--baseline "$tmp/res/aa.old.1.json" --baseline "$tmp/res/aa.old.2.json" >"$tmp/gate" 2>&1 ||
	fail "A/A: the gate refused the set stopped early: $(cat "$tmp/gate")"

# Two commands that share no class: the looks rule nothing, and stop at
# the first, "not ruled", indeterminate, never a pass (exit 3 with
# --strict); --match pairs the classes and the looks rule them.
sed 's/READ/SCAN/g' "$tmp/bench.sh" >"$tmp/scan.sh"
expect 3 "look 1 of 3 at 2 runs a side" --runs 2..4 --mode baseline --strict $opts \
	-o "$tmp/res/none.json" --engine new --import ycsb --cmd "$cmd" \
	--engine old --import ycsb --cmd "sh $tmp/scan.sh"
grep -q "nothing to rule, the sides share no class" "$tmp/out" ||
	fail "no class in common: the verdict does not say it ruled nothing: $(cat "$tmp/out")"
grep -q "every check decided" "$tmp/out" && fail "no class in common: 'every check decided'"
grep -q '^Verdict: not ruled' "$tmp/out" || fail "no class in common: $(grep Verdict "$tmp/out")"
[ ! -e "$tmp/res/none.new.3.json" ] || fail "no class in common: ran on after a look ruled nothing"
expect 0 "look 1 of 3 at 2 runs a side" --runs 2..4 --mode baseline $opts \
	-o "$tmp/res/none.json" --engine new --import ycsb --cmd "$cmd" \
	--engine old --import ycsb --cmd "sh $tmp/scan.sh"
expect 0 "look 1 of 3 at 2 runs a side" --runs 2..4 --mode baseline --strict --match READ=SCAN $opts \
	-o "$tmp/res/paired.json" --engine new --import ycsb --cmd "$cmd" \
	--engine old --import ycsb --cmd "sh $tmp/scan.sh"
grep -q '^Verdict: pass' "$tmp/out" && grep -q "match READ=SCAN: our class READ is held against the baseline's class SCAN" "$tmp/out" ||
	fail "--match with MIN..MAX: $(cat "$tmp/out")"
expect 2 "--strict is for the verdict of --runs MIN..MAX" --runs 2 --strict $opts -o "$tmp/res/x.json" \
	--engine new --import ycsb --cmd "$cmd"
expect 2 "--match is for the verdict of --runs MIN..MAX" --runs 2 --match READ=SCAN $opts -o "$tmp/res/x.json" \
	--engine new --import ycsb --cmd "$cmd"
expect 2 "--verbose is for the verdict of --runs MIN..MAX" --runs 2 $opts -o "$tmp/res/x.json" \
	--engine new --import ycsb --cmd "$cmd"

# More looks than are simulated (64): each at its share alone, said so.
expect 0 "look 1 of 69 at 2 runs a side" --runs 2..70 --mode baseline $opts \
	-o "$tmp/res/many.json" --engine new --import ycsb --cmd "$cmd" \
	--engine old --import ycsb --cmd "$cmd"
grep -q "each look at its share alone, which errs less: too many looks to simulate" "$tmp/out" ||
	fail "2..70: the note does not say the looks were not simulated: $(cat "$tmp/out")"

# Ours twice as slow as the rival at p50 (rival mode, two engines): a fail,
# decided at the first look, exit status 1.
expect 1 "look 1 of 2 at 2 runs a side" --runs 2..3 $opts -o "$tmp/res/big.json" \
	--engine ours --import ycsb --cmd "P50=200 $cmd" \
	--engine rival --import ycsb --cmd "$cmd"
grep -q "stopped after 2 runs a side: every check decided at look 1 of 2" "$tmp/out" ||
	fail "2x: the verdict does not say how it stopped: $(cat "$tmp/out")"
grep -q '^Verdict: fail' "$tmp/out" || fail "2x: not a fail: $(cat "$tmp/out")"
grep -q '^rival: ours against rival' "$tmp/out" || fail "2x: not in rival mode: $(head -1 "$tmp/out")"

# Twice as slow at p50, a p99 that moves run to run: the p50 check fails
# at the first look, and a fail of any check fails the verdict, so the
# runs stop there with the p99 check undecided.
expect 1 "look 1 of 3 at 2 runs a side" --runs 2..4 --mode baseline $opts \
	-o "$tmp/res/half.json" --engine new --import ycsb --cmd "P50=200 NOISY99=1 $cmd" \
	--engine old --import ycsb --cmd "$cmd"
grep -q "stopped after 2 runs a side: the verdict decided at look 1 of 3, 1 check failing (a fail of any check fails the verdict; 1 left undecided)" "$tmp/out" ||
	fail "p50 2x, p99 noisy: the verdict does not say it stopped at the fail: $(cat "$tmp/out")"
grep -q '^Verdict: fail' "$tmp/out" || fail "p50 2x, p99 noisy: not a fail: $(cat "$tmp/out")"
[ ! -e "$tmp/res/half.new.3.json" ] || fail "p50 2x, p99 noisy: ran on after the fail"

# Medians that move run to run: undecided at every look, stopped at MAX.
expect 0 "look 2 of 2 at 3 runs a side" --runs 2..3 --mode baseline $opts \
	-o "$tmp/res/noisy.json" --engine new --import ycsb --cmd "NOISY=1 $cmd" \
	--engine old --import ycsb --cmd "$cmd"
grep -q "stopped at the most, 3 runs a side, with 2 checks undecided after 2 looks" "$tmp/out" ||
	fail "noisy: the verdict does not say it stopped at MAX: $(cat "$tmp/out")"
grep -q '^Verdict: indeterminate' "$tmp/out" || fail "noisy: not indeterminate: $(cat "$tmp/out")"
[ -e "$tmp/res/noisy.new.3.json" ] && [ -e "$tmp/res/noisy.old.3.json" ] ||
	fail "noisy: MAX runs were not all written"
# a look loads only the runs written since the last: over three looks,
# with --match renaming each run's class once, the last look's figures
# are the gate's on the files
expect 0 "look 3 of 3 at 4 runs a side" --runs 2..4 --mode baseline --match READ=SCAN $opts \
	-o "$tmp/res/nm.json" --engine new --import ycsb --cmd "NOISY=1 $cmd" \
	--engine old --import ycsb --cmd "sh $tmp/scan.sh"
sg gate "$tmp"/res/nm.new.[1-4].json --baseline "$tmp/res/nm.old.1.json" \
	--baseline "$tmp/res/nm.old.2.json" --baseline "$tmp/res/nm.old.3.json" \
	--baseline "$tmp/res/nm.old.4.json" --match READ=SCAN >"$tmp/gate" 2>&1 || true
row=$(grep "^READ " "$tmp/out")
[ -n "$row" ] && [ "$row" = "$(grep '^READ ' "$tmp/gate")" ] ||
	fail "the last look's figures are not the gate's on the files: $row; $(grep '^READ ' "$tmp/gate")"

# 8% slower, run to run the same: a fail at the default 5%, a pass at a
# --max-regression of 10%, decided at the first look either way.
expect 1 "look 1 of 2 at 2 runs a side" --runs 2..3 --mode baseline $opts \
	-o "$tmp/res/r5.json" --engine new --import ycsb --cmd "P50=108 $cmd" \
	--engine old --import ycsb --cmd "$cmd"
grep -q '^Verdict: fail' "$tmp/out" || fail "8% at 5%: not a fail: $(cat "$tmp/out")"
expect 0 "look 1 of 2 at 2 runs a side" --runs 2..3 --mode baseline --max-regression 10% \
	$opts -o "$tmp/res/r10.json" --engine new --import ycsb --cmd "P50=108 $cmd" \
	--engine old --import ycsb --cmd "$cmd"
grep -q '^Verdict: pass' "$tmp/out" && grep -q 'within 10%' "$tmp/out" ||
	fail "8% at --max-regression 10%: not a pass within 10%: $(cat "$tmp/out")"
[ "$(j "$tmp/res/r10.verdict.json" max_regression)" = 0.1 ] ||
	fail "r10.verdict.json: max_regression $(j "$tmp/res/r10.verdict.json" max_regression), not 0.1"

# Rival mode: reads as fast as the rival's fail the default 10x and pass
# --read-speedup 0.5; --confidence 90% is the error the looks share.
expect 0 "look 1 of 1 at 2 runs a side" --runs 2..2 --read-speedup 0.5 --confidence 90% \
	$opts -o "$tmp/res/rs.json" --engine ours --import ycsb --cmd "$cmd" \
	--engine rival --import ycsb --cmd "$cmd"
grep -q '^Verdict: pass' "$tmp/out" && grep -q 'spent of 5%' "$tmp/out" ||
	fail "--read-speedup 0.5 --confidence 90%: not a pass spending 5%: $(cat "$tmp/out")"
[ "$(j "$tmp/res/rs.verdict.json" read_speedup)" = 0.5 ] ||
	fail "rs.verdict.json: read_speedup $(j "$tmp/res/rs.verdict.json" read_speedup), not 0.5"

# --plan FILE: calibrate's plan sets --runs 3..RUNS, baseline mode, its
# limit and confidence, and SYNCGATE_OPS in each command's environment
plan() {
	printf '{"format": "syncgate-noise/1", "engine": "new", "runs": 10, "confidence": 0.95, "classes": [{"name": "READ", "kind": "read", "p50": {"log_sd": 0.02, "df": 9, "within_log_sd": 0.01, "geomean": 100}, "p99": {"log_sd": 0.02, "df": 9, "within_log_sd": 0.01, "geomean": 200}}], "plan": {"limit": 0.1, "power": 0.8, "confidence": 0.9, "runs": %s, "ops": %s}}\n' "$1" "$2" >"$tmp/res/plan.json"
}
plan 4 777
expect 0 "look 1 of 2 at 3 runs a side" --plan "$tmp/res/plan.json" $opts -o "$tmp/res/planned.json" \
	--engine new --import ycsb --cmd "echo \$SYNCGATE_OPS >>$tmp/res/ops.txt; $cmd" \
	--engine old --import ycsb --cmd "$cmd"
[ "$(sort -u "$tmp/res/ops.txt")" = 777 ] && [ "$(wc -l <"$tmp/res/ops.txt")" = 3 ] ||
	fail "--plan: the commands were not given SYNCGATE_OPS=777: $(cat "$tmp/res/ops.txt")"
[ "$(j "$tmp/res/planned.verdict.json" max_regression)" = 0.1 ] &&
	j "$tmp/res/planned.verdict.json" alpha | grep -q "^0.0499999\\|^0.05" &&
	tr -d ' \t\n' <"$tmp/res/planned.verdict.json" | grep -q '"mode":"baseline"' ||
	fail "--plan: not its limit, confidence and mode: $(head -c 600 "$tmp/res/planned.verdict.json")"
expect 2 "--plan $tmp/res/plan.json sets --runs; expected one of them" --plan "$tmp/res/plan.json" --runs 2..4 \
	-o "$tmp/res/x.json" --engine a --import ycsb --cmd true --engine b --import ycsb --cmd true
expect 2 "is a plan for --mode baseline, not rival" --plan "$tmp/res/plan.json" --mode rival \
	-o "$tmp/res/x.json" --engine a --import ycsb --cmd true --engine b --import ycsb --cmd true
plan 0 null
expect 2 "plan.runs is below 2: no plan of up to 200 runs a side" --plan "$tmp/res/plan.json" \
	-o "$tmp/res/x.json" --engine a --import ycsb --cmd true --engine b --import ycsb --cmd true
plan 4 -3
expect 2 "syncgate run: --plan $tmp/res/plan.json: plan.ops is -3; expected a whole number of operations, or null" \
	--plan "$tmp/res/plan.json" -o "$tmp/res/x.json" --engine a --import ycsb --cmd true --engine b --import ycsb --cmd true
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "--plan, ops -3: more than one line: $(cat "$tmp/err")"

# Refusals, before anything runs.
e="--engine a --import ycsb --cmd true"
expect 2 "expected two engines, 1 given" --runs 2..4 -o "$tmp/res/x.json" $e
expect 2 "--runs 5..3: MIN above MAX" --runs 5..3 -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
expect 2 "expected MIN..MAX" --runs 1..4 -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
expect 2 "expected --runs MIN..MAX with it" --mode baseline -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
expect 2 "--mode bogus; expected rival or baseline" --runs 2..3 --mode bogus -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
for lim in "--max-regression 10%" "--read-speedup 2" "--commit-syncs 3" "--confidence 90%"; do
	# shellcheck disable=SC2086 # the option and its value are words by design
	expect 2 "${lim% *} is a limit the looks of --runs MIN..MAX rule by; expected --runs MIN..MAX with it" \
		--runs 3 $lim -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "$lim without MIN..MAX: more than one line: $(cat "$tmp/err")"
done
expect 2 "--max-regression applies with --mode baseline, not rival" --runs 2..3 --max-regression 10% -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
expect 2 "--read-speedup applies with --mode rival, not baseline" --runs 2..3 --mode baseline --read-speedup 2 -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
expect 2 "--commit-syncs applies with --mode rival, not baseline" --runs 2..3 --mode baseline --commit-syncs 3 -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
expect 2 "--max-regression: 0.1 is ambiguous" --runs 2..3 --mode baseline --max-regression 0.1 -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true
expect 2 "--confidence: 100% is out of range" --runs 2..3 --confidence 100% -o "$tmp/res/x.json" $e --engine b --import ycsb --cmd true

# syncgate-bench --runs MIN..MAX looks the same way, from the same code
if [ -x "${SYNCGATE_BENCH:-}" ]; then
	set +e
	${SYNCGATE_VALGRIND:-} "$SYNCGATE_BENCH" lmdb,sqlite --runs 2..3 --read-speedup 1.5 \
		--commit-syncs 4 --dir "$tmp/dir" --rows 200 \
		--ops 300 --probe-every off -o "$tmp/res/b.json" >"$tmp/out" 2>"$tmp/err"
	st=$?
	set -e
	[ "$st" -le 1 ] && grep -q "runs until decided: stopped" "$tmp/out" && [ -s "$tmp/res/b.verdict.json" ] ||
		fail "syncgate-bench --runs 2..3: exit $st: $(tail -3 "$tmp/err")"
	[ -s "$tmp/res/b.lmdb.2.json" ] && [ -s "$tmp/res/b.sqlite.2.json" ] ||
		fail "syncgate-bench --runs 2..3: the first look's runs were not written"
	[ "$(j "$tmp/res/b.verdict.json" read_speedup)" = 1.5 ] && [ "$(j "$tmp/res/b.verdict.json" commit_syncs)" = 4 ] ||
		fail "syncgate-bench --read-speedup 1.5 --commit-syncs 4: the verdict has $(j "$tmp/res/b.verdict.json" read_speedup) and $(j "$tmp/res/b.verdict.json" commit_syncs)"
	for bad in "lmdb --runs 2..3:expected two engines" "lmdb,sqlite --mode baseline:--mode is how --runs MIN..MAX gates" \
		"lmdb,sqlite --max-regression 10%:--max-regression is a limit the looks of --runs MIN..MAX rule by" \
		"lmdb,sqlite --runs 2..3 --max-regression 10%:--max-regression applies with --mode baseline" \
		"lmdb,sqlite --runs 2..3 --mode baseline --read-speedup 2:--read-speedup applies with --mode rival" \
		"lmdb,sqlite --runs 2..3 --confidence 0.9:--confidence: 0.9 is ambiguous"; do
		set +e
		# shellcheck disable=SC2086 # the arguments are words by design
		"$SYNCGATE_BENCH" ${bad%%:*} --dir "$tmp/dir" -o "$tmp/res/x.json" >/dev/null 2>"$tmp/err"
		st=$?
		set -e
		[ "$st" = 2 ] && grep -qF -- "${bad#*:}" "$tmp/err" || fail "syncgate-bench ${bad%%:*}: exit $st: $(cat "$tmp/err")"
	done
fi

if [ "$failures" -gt 0 ]; then
	echo "cli_sequential: $failures failed" >&2
	exit 1
fi
echo "cli_sequential: all passed"
