#!/bin/sh
# SPDX-License-Identifier: MIT
# The GitHub Action (action.yml) as the runner would run it: the YAML
# parses, each step runs a script of scripts/action/ that exists, every
# input an expression or a script reads is declared, and the steps, run by
# tests/action_run.py with the variables GitHub sets (GITHUB_OUTPUT,
# GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_ACTION_PATH),
# give a passing, a failing and an indeterminate gate their verdict,
# exit status, summary, reports and annotations; run two benchmark
# commands (a printf of a YCSB summary) twice each in one syncgate run,
# their results into output-dir and the step's outputs, and gate them with
# the match input; fail with a failing command's status; and refuse bad
# inputs in one line with exit status 2, a results line that looks like an
# option or a YAML list item included.  The build step is skipped through the
# input syncgate, which names the binary under test, but for one run of it
# with a RUNNER_TEMP that holds a space.
set -eu

LC_ALL=C.UTF-8
export LC_ALL
unset NO_COLOR GITHUB_STEP_SUMMARY GITHUB_OUTPUT
S=${SYNCGATE:-build/syncgate}
# No check here counts a flush or times a sync: the runs go in memory
# (tests/lib.sh), where they wait for no idle window.
# shellcheck disable=SC2034 # tests/lib.sh reads it
tmp_in=memory
. tests/lib.sh
case $S in /*) ;; *) S=$PWD/$S ;; esac
built=$(dirname "$S")
if [ -n "${SYNCGATE_VALGRIND:-}" ]; then
	printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$SYNCGATE_VALGRIND" "$S" >"$tmp/syncgate"
	chmod +x "$tmp/syncgate"
	S=$tmp/syncgate
fi
if ! python3 -c 'import yaml' 2>/dev/null; then
	echo "cli_action: python3 with PyYAML is not installed (make deps)" >&2
	exit 1
fi
# The interpreter python3 starts, found once: where python3 is a version
# manager's shim (pyenv's is a bash script that starts a dozen more), each
# start of it cost 0.45 s of CPU here, the interpreter's own 0.07 s.
py=$(python3 -c 'import sys; print(sys.executable)')

# --- the YAML: steps, scripts, inputs ---------------------------------------
"$py" - action.yml <<'PY' || fail "action.yml: see above"
import os, re, sys, yaml
path = sys.argv[1]
a = yaml.safe_load(open(path, encoding="utf-8"))
bad = []
inputs = set(a.get("inputs") or {})
runs = a.get("runs") or {}
if runs.get("using") != "composite":
    bad.append("runs.using is not composite")
text = open(path, encoding="utf-8").read()
used = set(re.findall(r"inputs\.([A-Za-z0-9_-]+)", text))
for name in sorted(used - inputs):
    bad.append(f"inputs.{name} is used but not declared")
for name in sorted(inputs - used):
    bad.append(f"input {name} is declared but no step uses it")
ids = set()
env_vars = set()
for i, step in enumerate(runs.get("steps") or []):
    ids.add(step.get("id"))
    env_vars |= set(step.get("env") or {})
    m = re.fullmatch(r'bash "\$GITHUB_ACTION_PATH/(scripts/action/[a-z]+\.sh)"', step.get("run", "").strip())
    if not m:
        bad.append(f"step {i}: run is {step.get('run')!r}; expected one script of scripts/action/")
        continue
    script = m.group(1)
    if not os.path.isfile(script):
        bad.append(f"step {i}: {script} does not exist")
        continue
    body = open(script, encoding="utf-8").read()
    if "SPDX-License-Identifier: MIT" not in body.splitlines()[1]:
        bad.append(f"{script}: no SPDX line")
    for var in sorted(set(re.findall(r"\bINPUT_[A-Z_]+", body)) - set(step.get("env") or {})):
        bad.append(f"{script} reads {var}, which step {step.get('id')} does not set")
for name, spec in (a.get("outputs") or {}).items():
    for sid in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", str(spec.get("value"))):
        if sid not in ids:
            bad.append(f"output {name}: no step {sid}")
for b in bad:
    print(f"cli_action: action.yml: {b}", file=sys.stderr)
sys.exit(1 if bad else 0)
PY

# --- the steps, run as GitHub runs them -------------------------------------
ws=$tmp/ws
mkdir -p "$ws" "$tmp/runner"
for c in baseline-pass reads-fail-p50 samples-intervals hosts-two; do
	mkdir -p "$ws/$c"
	cp fixtures/gate/$c/*.json "$ws/$c/"
done

# act CASE INPUT=VALUE...: the action in $ws with a fresh summary and
# outputs; its exit status in $rc, its outputs in $tmp/outputs, standard
# output and error in $tmp/out and $tmp/err
act() {
	c=$1
	shift
	rm -f "$tmp/summary.md" "$tmp/outputs"
	: >"$tmp/summary.md"
	set +e
	(cd "$ws" && env GITHUB_WORKSPACE="$ws" RUNNER_TEMP="$tmp/runner" \
		GITHUB_STEP_SUMMARY="$tmp/summary.md" ACTION_OUTPUTS="$tmp/outputs" \
		"$py" "$OLDPWD/tests/action_run.py" "$OLDPWD/action.yml" syncgate="$S" \
		output-dir="out/$c" "$@") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	set -e
}

# output NAME: the action's output NAME
output() {
	sed -n "s/^$1=//p" "$tmp/outputs"
}

# outcome CASE STATUS VERDICT EXIT-STATUS: what the last act gave
outcome() {
	[ "$rc" = "$2" ] || fail "$1: the action exited $rc, expected $2: $(head -c 300 "$tmp/err")"
	[ "$(output verdict)" = "$3" ] || fail "$1: verdict $(output verdict), expected $3"
	[ "$(output exit-status)" = "$4" ] || fail "$1: exit-status $(output exit-status), expected $4"
}

# one run a side: these rule on the run's sampling (single-run-ok), as
# the fixtures do
act pass results=baseline-pass/ours.json baseline=baseline-pass/old.json single-run-ok=true
outcome pass 0 pass 0
head -n 1 "$tmp/summary.md" | grep -qx '<!-- syncgate-verdict -->' ||
	fail "pass: the job summary does not start with the marker"
for f in xml html json; do
	[ -s "$ws/out/pass/verdict.$f" ] || fail "pass: no verdict.$f"
done
[ "$(output junit)" = "$ws/out/pass/verdict.xml" ] || fail "pass: junit output $(output junit)"
! grep -q '^::' "$tmp/out" || fail "pass: an annotation for a verdict that passed"
grep -q '^baseline: zu 0.9.3 against the baseline zu 0.9.2' "$tmp/out" ||
	fail "pass: no text verdict in the log"

act fail results=reads-fail-p50/ours.json rival=reads-fail-p50/rival.json single-run-ok=true
outcome fail 1 fail 1
grep -q '^::error title=syncgate%3A point-read p50 speedup fail::' "$tmp/out" ||
	fail "fail: no ::error for point-read p50: $(grep '^::' "$tmp/out")"
grep -q 'syncgate: fail' "$tmp/summary.md" || fail "fail: the summary lacks the verdict"

act indeterminate results=samples-intervals/ours.json rival=samples-intervals/rival.json strict=true \
	single-run-ok=true
outcome indeterminate-strict 3 indeterminate 3
[ "$(grep -c '^::warning title=syncgate%3A' "$tmp/out")" = 4 ] ||
	fail "indeterminate: expected 4 warnings: $(grep '^::' "$tmp/out")"
grep -q '^::warning title=syncgate%3A verdict indeterminate::the gate could not rule: 3 of 5 checks neither passed nor failed; what would settle it: about [0-9]* samples a side$' "$tmp/out" ||
	fail "indeterminate: no warning on the verdict naming what would settle it: $(grep '^::' "$tmp/out")"
act indeterminate results=samples-intervals/ours.json rival=samples-intervals/rival.json \
	single-run-ok=true
outcome indeterminate 0 indeterminate 0

# same-host: the reads of two hosts, which pass without it, are indeterminate
act two-hosts results=hosts-two/ours.json rival=hosts-two/rival.json commit-syncs=3 \
	single-run-ok=true
outcome two-hosts 0 pass 0
act same-host results=hosts-two/ours.json rival=hosts-two/rival.json commit-syncs=3 \
	same-host=true strict=true
outcome same-host 3 indeterminate 3
grep -q 'indeterminate with --same-host' "$tmp/out" ||
	fail "same-host: the reads' reason does not name --same-host"

act quiet results=reads-fail-p50/ours.json rival=reads-fail-p50/rival.json \
	summary=false annotations=false single-run-ok=true
outcome quiet 1 fail 1
[ ! -s "$tmp/summary.md" ] || fail "summary=false: the summary was written"
! grep -q '^::' "$tmp/out" || fail "annotations=false: an annotation"

# step SCRIPT VAR=VALUE...: one script of scripts/action/ as its step runs
# it, the INPUT_* variables given; as act, but for the action's outputs,
# which are the step's own in $tmp/outputs
step() {
	script=$1
	shift
	rm -f "$tmp/summary.md" "$tmp/outputs"
	: >"$tmp/summary.md"
	: >"$tmp/outputs"
	set +e
	(cd "$ws" && env GITHUB_WORKSPACE="$ws" RUNNER_TEMP="$tmp/runner" \
		GITHUB_STEP_SUMMARY="$tmp/summary.md" GITHUB_OUTPUT="$tmp/outputs" \
		SYNCGATE="$S" INPUT_OUTPUT_DIR=out/bad "$@" \
		bash "$OLDPWD/scripts/action/$script.sh") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	set -e
}

# bad inputs: one line, exit status 2, no verdict
# refused NAME MESSAGE SCRIPT VAR=VALUE...
refused() {
	name=$1
	msg=$2
	shift 2
	step "$@"
	[ "$rc" = 2 ] || fail "$name: the step exited $rc, expected 2: $(cat "$tmp/err")"
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "$name: not one line: $(cat "$tmp/err")"
	grep -qF -- "$msg" "$tmp/err" || fail "$name: stderr lacks \"$msg\": $(cat "$tmp/err")"
}
refused strict 'syncgate action: input strict is "maybe"; expected true or false' \
	gate INPUT_RESULTS=split.json INPUT_RIVAL=r.json INPUT_STRICT=maybe
refused same-host 'syncgate action: input same-host is "1"; expected true or false' \
	gate INPUT_RESULTS=split.json INPUT_RIVAL=r.json INPUT_SAME_HOST=1
refused both 'syncgate action: inputs rival and baseline are both given; expected one of them' \
	gate INPUT_RESULTS=baseline-pass/ours.json INPUT_RIVAL=baseline-pass/old.json \
	INPUT_BASELINE=baseline-pass/old.json
refused neither 'syncgate action: inputs rival and baseline are both empty' \
	gate INPUT_RESULTS=baseline-pass/ours.json
refused results 'syncgate action: input results is empty' \
	gate INPUT_RESULTS=' ' INPUT_RIVAL=x.json
refused speedup 'syncgate gate: --read-speedup' gate INPUT_RESULTS=reads-fail-p50/ours.json \
	INPUT_RIVAL=reads-fail-p50/rival.json INPUT_READ_SPEEDUP=fast
grep -qx 'verdict=trouble' "$tmp/outputs" || fail "speedup: no verdict trouble: $(cat "$tmp/outputs")"
refused missing 'nothere.json' gate INPUT_RESULTS=nothere.json INPUT_RIVAL=reads-fail-p50/rival.json
refused probe-dir 'syncgate action: input probe-dir: no/such/dir is not a directory' \
	probe INPUT_PROBE_DIR=no/such/dir
refused require-device 'syncgate action: input require-device is "yes"; expected true or false' \
	probe INPUT_PROBE_DIR=. INPUT_REQUIRE_DEVICE=yes
refused probe-both 'syncgate action: inputs probe and probe-dir are both given' \
	probe INPUT_PROBE_DIR=. INPUT_PROBE=p.json
refused binary 'syncgate action: input syncgate is /nonexistent' build INPUT_SYNCGATE=/nonexistent
refused no-output 'GITHUB_OUTPUT is not set' gate GITHUB_OUTPUT= INPUT_RESULTS=x
# a list input: one file a line, blank lines and spaces around them ignored
step gate INPUT_RESULTS="
  samples-intervals/ours.json

" INPUT_RIVAL=samples-intervals/rival.json INPUT_SUMMARY=false INPUT_ANNOTATIONS=false
if [ "$rc" != 0 ] || ! grep -qx 'verdict=indeterminate' "$tmp/outputs"; then
	fail "a list of one line among blanks: exit $rc: $(cat "$tmp/err")"
fi

# each results line is a file, never an option: options go first, the
# files after --; a file whose name starts with - is read as one
echo victim >"$ws/victim.json"
refused dash-o 'syncgate gate: -ovictim.json:' gate INPUT_RESULTS="-ovictim.json
samples-intervals/ours.json" INPUT_RIVAL=samples-intervals/rival.json
[ "$(cat "$ws/victim.json")" = victim ] || fail "a results line -ovictim.json overwrote victim.json"
cp "$ws/samples-intervals/ours.json" "$ws/-ours.json"
step gate INPUT_RESULTS="-ours.json" INPUT_RIVAL=samples-intervals/rival.json \
	INPUT_SUMMARY=false INPUT_ANNOTATIONS=false
if [ "$rc" != 0 ] || ! grep -qx 'verdict=indeterminate' "$tmp/outputs"; then
	fail "a results line -ours.json: exit $rc: $(cat "$tmp/err")"
fi
[ ! -e "$ws/urs.json" ] || fail "a results line -ours.json wrote urs.json"
# a line written as a YAML list item is refused, in every list input
refused yaml-list 'syncgate action: input results: the line "- ours.json" is a YAML list item; expected one file a line, without "- "' \
	gate INPUT_RESULTS="- ours.json" INPUT_RIVAL=samples-intervals/rival.json
refused yaml-list-rival 'syncgate action: input rival: the line "-   r.json" is a YAML list item' \
	gate INPUT_RESULTS=samples-intervals/ours.json INPUT_RIVAL="samples-intervals/rival.json
-   r.json"
refused yaml-list-baseline 'syncgate action: input baseline: the line "- old.json" is a YAML list item' \
	gate INPUT_RESULTS=samples-intervals/ours.json INPUT_BASELINE="	- old.json"

# the build step, with a RUNNER_TEMP that holds a space (make takes no
# target with one).  The build folder is seeded with the objects of a
# plain build (the one under test, else ./build), when there is one, so
# that make only links the binary, as it must, through that path.
rt="$tmp/runner temp"
mkdir -p "$rt/syncgate-build"
for seed in "$built" "$PWD/build"; do
	if [ -f "$seed/libsyncgate.a" ] && [ -f "$seed/main.o" ] &&
		! grep -q __asan "$seed/main.o"; then
		cp -Rp "$seed/." "$rt/syncgate-build/"
		rm -f "$rt/syncgate-build/syncgate"
		break
	fi
done
: >"$tmp/outputs"
set +e
env RUNNER_TEMP="$rt" GITHUB_OUTPUT="$tmp/outputs" INPUT_SYNCGATE= \
	bash scripts/action/build.sh >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 0 ] || fail "build with a space in RUNNER_TEMP: exit $rc: $(tail -c 400 "$tmp/err")"
grep -qxF "syncgate=$rt/syncgate-build/syncgate" "$tmp/outputs" ||
	fail "build with a space in RUNNER_TEMP: output $(cat "$tmp/outputs")"
"$rt/syncgate-build/syncgate" --version >/dev/null 2>&1 ||
	fail "build with a space in RUNNER_TEMP: the binary does not run"

# the probe step: the record into RUNNER_TEMP, then --probe for the gate
mkdir -p "$ws/data"
act probe results=baseline-pass/ours.json baseline=baseline-pass/old.json \
	probe-dir=data probe-samples=5
[ "$rc" = 0 ] || [ "$rc" = 3 ] || [ "$rc" = 1 ] ||
	fail "probe: the action exited $rc: $(head -c 300 "$tmp/err")"
[ -s "$tmp/runner/syncgate-probe.json" ] || fail "probe: no record in RUNNER_TEMP"
grep -q 'probe' "$tmp/out" || fail "probe: no probe text in the log"
[ -n "$(output verdict)" ] || fail "probe: the gate did not run after the probe"

# the run step: our command and the rival's, runs=2 each, in one syncgate
# run, then the gate over their results with the match input.  Each
# command prints a YCSB summary; the rival calls its writes INSERT, so the
# gate needs --match UPDATE=INSERT to hold them against ours.
# ycsb READ-P50 READ-P99 WRITES W-P50 W-P99: such a command
ycsb() {
	printf "printf '[OVERALL], RunTime(ms), 100\\\\n[READ], Operations, 20\\\\n"
	printf "[READ], 50thPercentileLatency(us), %s\\\\n[READ], 99thPercentileLatency(us), %s\\\\n" "$1" "$2"
	printf "[%s], Operations, 20\\\\n[%s], 50thPercentileLatency(us), %s\\\\n" "$3" "$3" "$4"
	printf "[%s], 99thPercentileLatency(us), %s\\\\n'" "$3" "$5"
}
# lines_of NAME: the action's output NAME, of one line or several
lines_of() {
	awk -v n="$1" '
		$0 == n "<<SYNCGATE_EOF" { on = 1; next }
		on && $0 == "SYNCGATE_EOF" { on = 0; next }
		on { print }
		index($0, n "=") == 1 { print substr($0, length(n) + 2) }' "$tmp/outputs"
}
mkdir -p "$ws/runs"
act run cmd="$(ycsb 10 20 UPDATE 300 900)" engine=ours import=ycsb \
	rival-cmd="$(ycsb 200 400 INSERT 30000 90000)" rival-engine=rival \
	runs=2 run-dir=runs match='UPDATE=INSERT' commit-syncs=1000000
case $(output verdict) in
pass | indeterminate) [ "$rc" = 0 ] || fail "run: exit $rc with verdict $(output verdict)" ;;
fail) [ "$rc" = 1 ] || fail "run: exit $rc with verdict fail" ;;
*) fail "run: verdict $(output verdict), exit $rc: $(tail -c 600 "$tmp/err")" ;;
esac
for e in ours rival; do
	for n in 1 2; do
		[ -s "$ws/out/run/run.$e.$n.json" ] || fail "run: no $e's run $n in output-dir"
		[ -s "$(echo "$ws"/out/run/run.logs.*)/$e.$n.stdout" ] ||
			fail "run: no $e's run $n stdout in output-dir's run.logs.ID"
	done
done
[ "$(lines_of results)" = "$ws/out/run/run.ours.1.json
$ws/out/run/run.ours.2.json" ] || fail "run: output results is $(lines_of results)"
[ "$(lines_of rival-results)" = "$ws/out/run/run.rival.1.json
$ws/out/run/run.rival.2.json" ] || fail "run: output rival-results is $(lines_of rival-results)"
grep -q '^rival: ours against rival on ycsb' "$tmp/out" || fail "run: no text verdict of ours against rival"
grep -q 'match UPDATE=INSERT: our class UPDATE is held against' "$tmp/out" ||
	fail "run: the gate did not take the match input: $(grep -i match "$tmp/out")"
grep -Eq 'pass +READ +p50 speedup +20(\.00)?x' "$tmp/out" || fail "run: no 20x read speedup: $(grep READ "$tmp/out")"
[ -s "$ws/out/run/verdict.json" ] || fail "run: no verdict.json"
grep -q 'syncgate run: run 4 of 4' "$tmp/err" || fail "run: syncgate run's progress not in the log"

# runs MIN..MAX: syncgate run runs until decided, gating after each round
# at the limit inputs (here mode baseline and max-regression), and the
# gate step renders its verdict; the results listed are the runs it made,
# not an earlier job's beyond them.  8% slower passes at 10%, fails at 5%
# (reads alone: writes in syncs vary with each run's unit).
# reads P50 P99: a command that prints a YCSB summary of reads alone
reads() {
	printf "printf '[READ], Operations, 20\\n[READ], 50thPercentileLatency(us), %s\\n" "$1"
	printf "[READ], 99thPercentileLatency(us), %s\\n'" "$2"
}
act until-pass cmd="$(reads 108 216)" engine=new import=ycsb \
	rival-cmd="$(reads 100 200)" rival-engine=old mode=baseline \
	runs=2..3 run-dir=runs max-regression=10%
outcome until-pass 0 pass 0
grep -q 'stopped after 2 runs a side: every check decided at look 1 of 2' "$tmp/out" ||
	fail "until-pass: the verdict does not say how it stopped: $(cat "$tmp/out")"
grep -q '^baseline: new against the baseline old' "$tmp/out" || fail "until-pass: not in baseline mode"
grep -Eq 'regression .*<= 1\.1x' "$tmp/out" || fail "until-pass: not ruled at 10%: $(grep -i regression "$tmp/out")"
for f in run.verdict.json verdict.json verdict.xml verdict.html; do
	[ -s "$ws/out/until-pass/$f" ] || fail "until-pass: no $f in output-dir"
done
mkdir -p "$ws/out/until-fail"
echo '{}' >"$ws/out/until-fail/run.new.3.json"
act until-fail cmd="$(reads 108 216)" engine=new import=ycsb \
	rival-cmd="$(reads 100 200)" rival-engine=old mode=baseline \
	runs=2..3 run-dir=runs
outcome until-fail 1 fail 1
[ "$(lines_of results)" = "$ws/out/until-fail/run.new.1.json
$ws/out/until-fail/run.new.2.json" ] || fail "until-fail: output results is $(lines_of results)"
grep -q '^::error title=syncgate%3A' "$tmp/out" || fail "until-fail: no ::error annotation"
# two commands that share no class: the looks rule nothing, which is "not
# ruled", indeterminate, never a pass; with match they rule
scans() {
	printf "printf '[SCAN], Operations, 20\\n[SCAN], 50thPercentileLatency(us), %s\\n" "$1"
	printf "[SCAN], 99thPercentileLatency(us), %s\\n'" "$2"
}
act until-nothing cmd="$(reads 100 200)" engine=new import=ycsb \
	rival-cmd="$(scans 100 200)" rival-engine=old mode=baseline \
	runs=2..3 run-dir=runs strict=true
outcome until-nothing 3 indeterminate 3
grep -q 'nothing to rule, the sides share no class' "$tmp/out" ||
	fail "until-nothing: the verdict does not say it ruled nothing: $(cat "$tmp/out")"
act until-nothing-lax cmd="$(reads 100 200)" engine=new import=ycsb \
	rival-cmd="$(scans 100 200)" rival-engine=old mode=baseline runs=2..3 run-dir=runs
outcome until-nothing-lax 0 indeterminate 0
act until-match cmd="$(reads 108 216)" engine=new import=ycsb \
	rival-cmd="$(scans 100 200)" rival-engine=old mode=baseline \
	runs=2..3 run-dir=runs max-regression=10% match='READ=SCAN' strict=true
outcome until-match 0 pass 0
grep -q 'match READ=SCAN: our class READ is held against' "$tmp/out" ||
	fail "until-match: the looks did not take the match input: $(cat "$tmp/out")"
# a whole number of runs with mode baseline: the rival command's runs are
# the gate's --baseline
act mode-baseline cmd="$(reads 100 200)" engine=new import=ycsb \
	rival-cmd="$(reads 100 200)" rival-engine=old mode=baseline \
	runs=2 run-dir=runs
grep -q '^baseline: new against the baseline old' "$tmp/out" ||
	fail "mode-baseline: not gated against a baseline: exit $rc: $(head -c 300 "$tmp/out")"

# The committed-baseline workflow of docs/ci.md, as the Action runs it:
# the baseline's three runs were written by another invocation (an
# earlier job, committed as ci/baseline.ours.N.json), this job's three by
# the Action's own syncgate run, so their runs came apart and each side
# carries the default shift between sessions.  A build 2x slower fails;
# an unchanged one does not, and its summary leads with what would
# settle it.  Each run's reads move by a factor of its own (run N's
# Nth), as runs do.
# runs_of P50 FACTORS: a command that prints a YCSB summary of reads
# whose p50 and p99 (twice it) are P50 times the run's factor
runs_of() {
	printf "awk -v p=%s -v f='%s' -v r=\"\$SYNCGATE_RUN\" " "$1" "$2"
	printf "'BEGIN { split(f, x, \" \"); m = p * x[r]; "
	printf "printf \"[READ], Operations, 20\\\\n[READ], 50thPercentileLatency(us), %%.2f\\\\n"
	printf "[READ], 99thPercentileLatency(us), %%.2f\\\\n\", m, 2 * m }'"
}
mkdir -p "$ws/ci" "$ws/runs"
(cd "$ws" && "$S" run --runs 3 --dir runs -o ci/baseline.json --engine ours \
	--import ycsb --cmd "$(runs_of 100 '1.00 1.06 0.95')") >/dev/null 2>"$tmp/err" ||
	fail "committed baseline: syncgate run exited $?: $(tail -c 300 "$tmp/err")"
committed="ci/baseline.ours.1.json
ci/baseline.ours.2.json
ci/baseline.ours.3.json"
act committed-2x cmd="$(runs_of 200 '1.03 0.97 1.01')" engine=ours \
	import=ycsb runs=3 run-dir=runs baseline="$committed"
outcome committed-2x 1 fail 1
grep -q 'a session holds runs of one side only' "$tmp/out" ||
	fail "committed-2x: the sides are not said to have come apart: $(cat "$tmp/out")"
act committed-same cmd="$(runs_of 100 '1.03 0.97 1.01')" engine=ours \
	import=ycsb runs=3 run-dir=runs baseline="$committed"
[ "$rc" = 0 ] || fail "committed-same: the action exited $rc: $(head -c 600 "$tmp/out")"
[ "$(output verdict)" != fail ] || fail "committed-same: an unchanged build failed"
if [ "$(output verdict)" = indeterminate ]; then
	sed -n 4p "$tmp/summary.md" | grep -q '^> \*\*The gate could not rule\*\*: .*both sides taken in turns in one syncgate run' ||
		fail "committed-same: the summary does not lead with what would settle it: $(head -5 "$tmp/summary.md")"
	grep -q '^::warning title=syncgate%3A verdict indeterminate::the gate could not rule' "$tmp/out" ||
		fail "committed-same: no warning naming what would settle it"
fi

# a command that fails fails the step with syncgate run's status 4 (a
# command's own 1 would read as a failed verdict), its standard error in
# the log, the verdict trouble, and no gate
act run-fails cmd="echo the engine broke >&2; exit 1" engine=ours import=ycsb \
	rival-cmd=true rival-engine=rival runs=2
outcome run-fails 4 trouble 4
grep -q 'the engine broke' "$tmp/err" || fail "run-fails: the command's stderr is not in the log: $(cat "$tmp/err")"
[ ! -e "$ws/out/run-fails/verdict.json" ] || fail "run-fails: the gate ran after a failed command"

# inputs that cannot go with cmd or rival-cmd, refused before any run
run_ok="INPUT_CMD=true INPUT_ENGINE=ours INPUT_IMPORT=ycsb"
# shellcheck disable=SC2086
refused cmd-results 'syncgate action: inputs cmd and results are both given; expected one' \
	run $run_ok INPUT_RIVAL_CMD=true INPUT_RIVAL_ENGINE=rival INPUT_RESULTS=ours.json
# shellcheck disable=SC2086
refused cmd-probe-dir 'syncgate action: inputs cmd and probe-dir are both given' \
	run $run_ok INPUT_RIVAL_CMD=true INPUT_RIVAL_ENGINE=rival INPUT_PROBE_DIR=data
# shellcheck disable=SC2086
refused rival-cmd-baseline 'syncgate action: inputs rival-cmd and baseline are both given' \
	run $run_ok INPUT_RIVAL_CMD=true INPUT_RIVAL_ENGINE=rival INPUT_BASELINE=old.json
# shellcheck disable=SC2086
refused no-rival 'syncgate action: inputs rival-cmd, rival and baseline are all empty' run $run_ok
refused rival-cmd-alone 'syncgate action: input rival-cmd is given but cmd is empty' \
	run INPUT_RIVAL_CMD=true INPUT_RIVAL_ENGINE=rival
refused no-engine 'syncgate action: input engine is empty' \
	run INPUT_CMD=true INPUT_IMPORT=ycsb INPUT_RIVAL=r.json
# shellcheck disable=SC2086
refused no-rival-engine 'syncgate action: input rival-engine is empty' \
	run $run_ok INPUT_RIVAL_CMD=true
# shellcheck disable=SC2086
refused run-dir 'syncgate action: input run-dir: ' run $run_ok INPUT_RIVAL=r.json INPUT_RUN_DIR=no/such
# shellcheck disable=SC2086
refused runs 'syncgate run: --runs' run $run_ok INPUT_RIVAL=r.json INPUT_RUNS=2x
grep -qx 'verdict=trouble' "$tmp/outputs" || fail "runs: no verdict trouble: $(cat "$tmp/outputs")"
# shellcheck disable=SC2086
refused until-no-rival-cmd 'syncgate action: input runs is 2..3, runs until decided, which gates cmd against rival-cmd; expected rival-cmd with it' \
	run $run_ok INPUT_RIVAL=r.json INPUT_RUNS=2..3
# shellcheck disable=SC2086
refused until-noise 'syncgate action: input noise is not taken with runs 2..3' \
	run $run_ok INPUT_RIVAL_CMD=true INPUT_RIVAL_ENGINE=rival INPUT_RUNS=2..3 INPUT_NOISE=n.json
# shellcheck disable=SC2086
refused until-limit 'syncgate run: --read-speedup applies with --mode rival, not baseline' \
	run $run_ok INPUT_RIVAL_CMD=true INPUT_RIVAL_ENGINE=rival INPUT_RUNS=2..3 \
	INPUT_MODE=baseline INPUT_READ_SPEEDUP=2
grep -qx 'verdict=trouble' "$tmp/outputs" || fail "until-limit: no verdict trouble: $(cat "$tmp/outputs")"
# shellcheck disable=SC2086
refused mode-bogus 'syncgate action: input mode is "both"; expected rival or baseline' \
	run $run_ok INPUT_RIVAL_CMD=true INPUT_RIVAL_ENGINE=rival INPUT_MODE=both
# shellcheck disable=SC2086
refused mode-files 'syncgate action: input mode is how rival-cmd' run $run_ok INPUT_RIVAL=r.json INPUT_MODE=baseline
refused mode-gate 'syncgate action: input mode is how rival-cmd' \
	gate INPUT_RESULTS=baseline-pass/ours.json INPUT_RIVAL=baseline-pass/old.json INPUT_MODE=baseline
refused yaml-list-match 'syncgate action: input match: the line "- a=b" is a YAML list item; expected one OURS=RIVAL pair a line' \
	gate INPUT_RESULTS=samples-intervals/ours.json INPUT_RIVAL=samples-intervals/rival.json \
	INPUT_MATCH="- a=b"

if [ "$failures" -gt 0 ]; then
	echo "cli_action: $failures failed" >&2
	exit 1
fi
echo "cli_action: ok"
