#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate gate against its golden cases, then what a case directory cannot
# hold: outputs to files, standard output on a full disk, --summary, and
# samples files that are FIFOs, symbolic links out or too large.
#
# Each fixtures/gate/CASE/ holds the results, an `args` line (run from the
# case's directory), the expected exit `status`, and expected.txt (standard
# output) or expected.err (standard error; standard output must then be
# empty).  An `env` line replaces LC_ALL=C.UTF-8.  SYNCGATE_REGEN=1
# rewrites each case's status and expected output instead (review the
# diff before committing it).
set -eu
SYNCGATE=${SYNCGATE:-build/syncgate}
case $SYNCGATE in /*) ;; *) SYNCGATE=$PWD/$SYNCGATE ;; esac
VG=${SYNCGATE_VALGRIND:-}
top=$PWD
. tests/lib.sh
n=0
# expect with an empty PART wants no stderr at all; each is one of the
# checks the closing line counts
expect_also() {
	if [ -z "$2" ] && [ -s "$tmp/err" ]; then
		shift 2
		cat "$tmp/err" >&2
		fail "$*: unexpected stderr"
	fi
	n=$((n + 1))
}
sg() {
	env LC_ALL=C.UTF-8 $VG "$SYNCGATE" "$@"
}

# run_case DIR: one golden case, compared exactly.
run_case() {
	dir=$1
	name=${dir##*/}
	read -r want <"$dir/status"
	envs=LC_ALL=C.UTF-8
	[ -f "$dir/env" ] && envs=$(cat "$dir/env")
	set +e
	# shellcheck disable=SC2046 # args are words by design
	(cd "$dir" && env -u NO_COLOR -u GITHUB_STEP_SUMMARY $envs \
		$VG "$SYNCGATE" gate $(cat args)) >"$tmp/out" 2>"$tmp/err"
	got=$?
	set -e
	[ "${SYNCGATE_REGEN:-0}" != 1 ] || echo "$got" >"$dir/status"
	read -r want <"$dir/status"
	[ "$got" = "$want" ] || fail "$name: exit status $got, expected $want"
	if [ "${SYNCGATE_REGEN:-0}" = 1 ]; then
		if [ -f "$dir/expected.txt" ]; then cp "$tmp/out" "$dir/expected.txt"; fi
		if [ -f "$dir/expected.err" ]; then cp "$tmp/err" "$dir/expected.err"; fi
	fi
	if [ -f "$dir/expected.txt" ]; then
		diff -u "$dir/expected.txt" "$tmp/out" >"$tmp/diff" ||
			{ cat "$tmp/diff" >&2; fail "$name: standard output differs"; }
	elif [ -s "$tmp/out" ]; then
		fail "$name: unexpected standard output"
	fi
	if [ -f "$dir/expected.err" ]; then
		diff -u "$dir/expected.err" "$tmp/err" >"$tmp/diff" ||
			{ cat "$tmp/diff" >&2; fail "$name: standard error differs"; }
	elif [ -s "$tmp/err" ]; then
		cat "$tmp/err" >&2
		fail "$name: unexpected standard error"
	fi
	n=$((n + 1))
}

# report_back DIR: the gate never writes what report refuses: DIR's
# verdict as JSON, then report of it in every format, the history
# exports included (refused only where no class was ruled, as there is
# nothing to export).  Report rules it again and exits as the gate did
# without --strict: 1 for a fail, else 0; its text is the gate's, byte
# for byte, and its JSON the verdict it read.
report_back() {
	dir=$1
	name=${dir##*/}
	read -r st <"$dir/status"
	want=0
	[ "$st" != 1 ] || want=1
	envs=LC_ALL=C.UTF-8
	[ -f "$dir/env" ] && envs=$(cat "$dir/env")
	rm -f "$tmp/v.json"
	set +e
	# shellcheck disable=SC2046 # args are words by design
	(cd "$dir" && env -u NO_COLOR -u GITHUB_STEP_SUMMARY $envs \
		$VG "$SYNCGATE" gate $(cat args) --format json -o "$tmp/v.json") \
		>/dev/null 2>"$tmp/err"
	set -e
	[ -f "$tmp/v.json" ] || { fail "$name: the gate wrote no verdict: $(cat "$tmp/err")"; return; }
	# one report a kind, each format to a file of its own: the verdict
	# loaded once, rendered in each (a start of report for each format
	# cost 5 s of this suite's CPU); --ascii is how the verdict is shown,
	# not part of it, so it is said again
	for fs in "text markdown json junit html" "benchmark-action bencher"; do
		set --
		for f in $fs; do
			set -- "$@" --format "$f" -o "$tmp/back.$f"
		done
		set +e
		# shellcheck disable=SC2046 # envs and --ascii are words by design
		env -u NO_COLOR -u GITHUB_STEP_SUMMARY $envs $VG "$SYNCGATE" report \
			$(grep -o -- --ascii "$dir/args" || true) "$tmp/v.json" "$@" >/dev/null 2>"$tmp/err"
		st=$?
		set -e
		case $fs:$st in
		*:$want) ;;
		bench*:2) grep -q '"position"' "$tmp/v.json" &&
			fail "$name: report --format $fs of the gate's verdict: $(cat "$tmp/err")" ;;
		*) fail "$name: report --format $fs of the gate's verdict exits $st: $(cat "$tmp/err")" ;;
		esac
	done
	cmp -s "$tmp/back.text" "$dir/expected.txt" ||
		fail "$name: report of the gate's verdict is not the gate's text"
	cmp -s "$tmp/back.json" "$tmp/v.json" ||
		fail "$name: report --format json of the gate's verdict is not that verdict"
	n=$((n + 1))
}

for dir in fixtures/gate/*/; do
	[ -f "$dir/args" ] || continue
	run_case "${dir%/}"
	read -r st <"$dir/status"
	case $st in 0 | 1 | 3) report_back "${dir%/}" ;; esac
done
# a person reads the verdict at a glance: no line of any case's text (each
# the gate's output, byte for byte) past 120 characters
wide=$(too_wide fixtures/gate/*/expected.txt)
[ -z "$wide" ] || fail "lines past 120 characters: $wide"
n=$((n + 1))

# --verbose: each check's reason in full, a sentence a line; the short
# form's table and legend give way to it
sg gate "$top/fixtures/gate/reads-fail-p50/ours.json" --rival "$top/fixtures/gate/reads-fail-p50/rival.json" \
	--single-run-ok --verbose >"$tmp/verbose" 2>&1 || true
grep -qxF "  fail  point-read: speedup 8x at p50 (800µs for ladybug against 100µs for zu), below 10x" "$tmp/verbose" ||
	fail "--verbose: no reason in full: $(grep point-read "$tmp/verbose")"
grep -q "^  ruling  *class" "$tmp/verbose" && fail "--verbose: the short table printed too"
grep -qxF "  ruling  class       statistic    value   interval  limit   why" \
	"$top/fixtures/gate/reads-fail-p50/expected.txt" || fail "the short form has no table of checks"
n=$((n + 1))

split=$top/fixtures/gate/split

# -o writes the file whole, nothing to standard output, no temporary left
cd "$tmp"
set +e
sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok -o "$tmp/v.txt" >"$tmp/out" 2>"$tmp/err"
st=$?
set -e
[ "$st" = 1 ] || fail "-o: exit status $st, expected 1"
[ -s "$tmp/out" ] && fail "-o: standard output is not empty"
cmp -s "$tmp/v.txt" "$split/expected.txt" || fail "-o: the file differs from the golden text"
ls "$tmp" | grep -q 'tmp\.' && fail "-o: a temporary file was left behind"
n=$((n + 1))

# several --format/-o pairs in one run; a lone -o is text
set +e
sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok --format json -o v.json \
	--format markdown -o v.md -o plain.txt >"$tmp/out" 2>"$tmp/err"
set -e
[ -s v.json ] && head -c 1 v.json | grep -q '{' || fail "pairs: v.json is not JSON"
grep -q 'syncgate' v.md || fail "pairs: v.md lacks the verdict"
cmp -s v.txt plain.txt || fail "pairs: a lone -o did not write text"
n=$((n + 1))

# -o into a missing folder is trouble, and leaves nothing
expect 2 "no-such-dir/v.txt" sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok -o no-such-dir/v.txt
[ -e no-such-dir ] && fail "-o: created a folder"

# -o naming an input (here through a symbolic link) is refused, and the input kept
cp "$split/ours.json" "$split/rival.json" .
ln -s rival.json link.json
expect 2 "-o link.json names the input rival.json; expected another file" \
	sg gate ours.json --rival rival.json --format json -o link.json
cmp -s rival.json "$split/rival.json" || fail "-o over an input: the input changed"
[ -L link.json ] || fail "-o over an input: the link was replaced"
rm ours.json rival.json link.json

# Nothing the gate read is written over: the samples files a result names
# (found beside the file a linked result names), the probes, the step
# summary's file; and every output is checked before the first is written.
sf=$top/fixtures/gate/samples-file
mkdir in real
cp -r "$sf/ours.json" "$sf/rival.json" "$sf/zu-point-read.txt" "$sf/ladybug-point-read.txt" \
	"$sf/samples" real/
ln -s ../real/ours.json in/ours.json
cp -r real kept
expect 2 "-o real/zu-point-read.txt names the input real/ours.json's samples_file $tmp/real/zu-point-read.txt; expected another file for the verdict" \
	sg gate real/ours.json --rival real/rival.json -o real/zu-point-read.txt
expect 2 "-o real/samples/zu-write.txt names the input in/ours.json's samples_file $tmp/real/samples/zu-write.txt" \
	sg gate in/ours.json --rival real/rival.json --format json -o real/samples/zu-write.txt
expect 2 "-o ./real/samples/ladybug-write.txt names the input real/rival.json's samples_file" \
	sg gate in/ours.json --rival real/rival.json -o v1.txt -o ./real/samples/ladybug-write.txt
[ -e v1.txt ] && fail "-o over a samples file: the -o before it was written"
cp "$split/ours.json" "$split/rival.json" .
sed -n '/"probe": {/,/^  },/p' "$split/ours.json" | sed '1s/.*/{/; $s/.*/}/' >probe.json
cp probe.json probe.kept
expect 2 "-o probe.json names the input probe.json; expected another file for the verdict" \
	sg gate ours.json --rival rival.json --probe probe.json -o probe.json
expect 2 "-o ./probe.json names the input probe.json" \
	sg gate ours.json --rival rival.json --rival-probe probe.json -o ./probe.json
cmp -s probe.json probe.kept || fail "-o over a probe: the probe changed"
expect 2 "GITHUB_STEP_SUMMARY $tmp/real/zu-point-read.txt names the input real/ours.json's samples_file" \
	env GITHUB_STEP_SUMMARY="$tmp/real/zu-point-read.txt" LC_ALL=C.UTF-8 $VG "$SYNCGATE" gate \
	real/ours.json --rival real/rival.json --summary
expect 2 "GITHUB_STEP_SUMMARY $tmp/ours.json names the input ours.json; expected another file for the step summary" \
	env GITHUB_STEP_SUMMARY="$tmp/ours.json" LC_ALL=C.UTF-8 $VG "$SYNCGATE" gate \
	ours.json --rival rival.json --summary
expect 2 "GITHUB_STEP_SUMMARY ./v2.json names the same file as -o v2.json; expected another file for the step summary" \
	env GITHUB_STEP_SUMMARY=./v2.json LC_ALL=C.UTF-8 $VG "$SYNCGATE" gate \
	ours.json --rival rival.json --format json -o v2.json --summary
[ -e v2.json ] && fail "--summary naming -o: the -o was written"
diff -r real kept >/dev/null || fail "a refused output changed the inputs: $(diff -r real kept | head -3)"
cmp -s ours.json "$split/ours.json" || fail "--summary naming an input: the input changed"
# standard output appended to an input
cp ours.json appended.json
set +e
sg gate appended.json --rival rival.json >>appended.json 2>"$tmp/err"
st=$?
set -e
[ "$st" = 2 ] || fail ">> input: exit status $st, expected 2"
grep -qF "standard output names the input appended.json; expected another file for the verdict" "$tmp/err" ||
	fail ">> input: $(cat "$tmp/err")"
cmp -s appended.json "$split/ours.json" || fail ">> input: the input changed"
n=$((n + 1))
# a directory, or a missing folder, as a later -o: refused before the first is written
mkdir adir
expect 2 "-o adir: is a directory; expected a file to write" \
	sg gate ours.json --rival rival.json -o v3.txt -o adir
expect 2 "-o none/v.txt: its folder none: No such file or directory" \
	sg gate ours.json --rival rival.json -o v3.txt -o none/v.txt
[ -e v3.txt ] && fail "a refused later -o: the first was written"
rm -rf in real kept adir ours.json rival.json probe.json probe.kept appended.json

# a full disk on standard output is trouble
if [ -w /dev/full ]; then
	set +e
	sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok >/dev/full 2>"$tmp/err"
	st=$?
	set -e
	[ "$st" = 2 ] || fail "/dev/full: exit status $st, expected 2"
	grep -q "standard output" "$tmp/err" || fail "/dev/full: no message"
	n=$((n + 1))
fi

# A failed output stops none of the others, nor --summary: each failure is
# said, and the gate exits 2 (the JUnit file is there when the HTML failed).
if [ -w /dev/full ]; then
	rm -f after.xml sum.md
	expect 2 "/dev/full: No space left on device" \
		env GITHUB_STEP_SUMMARY="$tmp/sum.md" LC_ALL=C.UTF-8 $VG "$SYNCGATE" gate \
		"$split/ours.json" --rival "$split/rival.json" --single-run-ok --format html -o /dev/full \
		--format junit -o after.xml --summary
	[ -s after.xml ] || fail "a failed -o: the -o after it was not written"
	[ -s sum.md ] || fail "a failed -o: --summary was not appended"
	rm -f after.xml sum.md
fi

# more outputs than there are formats to want are a mistake
set -- $(i=0; while [ $i -le 16 ]; do printf -- '-o o%d.txt ' $i; i=$((i + 1)); done)
expect 2 "-o: more than 16 outputs; expected at most 16" \
	sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok "$@"
[ -e o0.txt ] && fail "17 outputs: the first was written"

# --summary: unset is said and the gate carries on; set, the Markdown is appended
set +e
env -u GITHUB_STEP_SUMMARY LC_ALL=C.UTF-8 $VG "$SYNCGATE" gate "$split/ours.json" \
	--rival "$split/rival.json" --single-run-ok --summary >"$tmp/out" 2>"$tmp/err"
st=$?
set -e
[ "$st" = 1 ] || fail "--summary unset: exit status $st, expected 1"
grep -q "GITHUB_STEP_SUMMARY is not set" "$tmp/err" || fail "--summary unset: not said"
grep -q "^Verdict: fail" "$tmp/out" || fail "--summary unset: no table"
printf 'earlier step\n' >summary.md
set +e
GITHUB_STEP_SUMMARY=$tmp/summary.md sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok \
	--summary >"$tmp/out" 2>"$tmp/err"
set -e
head -n 1 summary.md | grep -q '^earlier step$' || fail "--summary: earlier content lost"
grep -q 'zu against ladybug' summary.md || fail "--summary: nothing appended"
# the gate appends what `syncgate report --summary` appends for the same verdict
printf 'earlier step\n' >summary2.md
set +e
sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok --format json -o v2.json 2>/dev/null
GITHUB_STEP_SUMMARY=$tmp/summary2.md sg report v2.json --summary >/dev/null 2>&1
set -e
cmp -s summary.md summary2.md || fail "--summary: gate and report append different bytes"
n=$((n + 3))
# a summary near GitHub's 1 MiB is left alone, and that is said
dd if=/dev/zero bs=1024 count=1023 2>/dev/null | tr '\0' 'x' >big.md
set +e
GITHUB_STEP_SUMMARY=$tmp/big.md sg gate "$split/ours.json" --rival "$split/rival.json" --single-run-ok \
	--summary >"$tmp/out" 2>"$tmp/err"
st=$?
set -e
[ "$st" = 1 ] || fail "--summary 1 MiB: exit status $st, expected 1"
grep -q "past 1 MiB" "$tmp/err" || fail "--summary 1 MiB: not said"
[ "$(wc -c <big.md)" -eq $((1023 * 1024)) ] || fail "--summary 1 MiB: the file grew"
n=$((n + 1))

# samples files the result must not make syncgate read
mkdir run
cp "$top/fixtures/gate/samples-file/rival.json" "$top/fixtures/gate/samples-file/ladybug-point-read.txt" run/
mkdir run/samples
cp "$top/fixtures/gate/samples-file/samples/ladybug-write.txt" run/samples/
cat >run/ours.json <<'EOF'
{"format": "syncgate-result/1", "engine": "zu",
 "classes": [{"name": "write", "kind": "write", "samples_file": "w.txt"}]}
EOF
echo 5000000 >outside.txt
ln -s ../outside.txt run/w.txt
expect 2 'samples_file w.txt leads out of the result file'"'"'s folder through a symbolic link' \
	sg gate run/ours.json --rival run/rival.json
rm run/w.txt
ln -s /dev/zero run/w.txt
expect 2 "samples_file w.txt leads out" sg gate run/ours.json --rival run/rival.json
rm run/w.txt
if mkfifo run/w.txt 2>/dev/null; then
	expect 2 "samples_file w.txt is a FIFO; expected a regular file" \
		sg gate run/ours.json --rival run/rival.json
	rm run/w.txt
fi
# over the size limit: refused from its size, before a byte is read
if truncate -s 1073741825 run/w.txt 2>/dev/null; then
	expect 2 "samples_file w.txt is 1073741825 bytes, over the 1024 MiB limit" \
		sg gate run/ours.json --rival run/rival.json
	rm run/w.txt
fi
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "1"; print "" }' >run/w.txt
expect 2 'samples_file w.txt, line 1: "1111' sg gate run/ours.json --rival run/rival.json
grep -q '\.\.\. is too long' "$tmp/err" || fail "a long number: not said"
# a line beyond the reading buffer is refused without holding it whole
printf '5000000\n' >run/w.txt
dd if=/dev/zero bs=1024 count=2048 2>/dev/null | tr '\0' '7' >>run/w.txt
expect 2 "samples_file w.txt, line 2 is longer than 4096 bytes" \
	sg gate run/ours.json --rival run/rival.json
printf '5000000\n\n  # a comment\n5100000 # and another\r\n' >run/w.txt
expect 0 "" sg gate run/ours.json --rival run/rival.json

# colour on a terminal only, and never with NO_COLOR
if command -v script >/dev/null 2>&1 && [ -z "$VG" ]; then
	esc=$(printf '\033')
	script -qc "env LC_ALL=C.UTF-8 $SYNCGATE gate $split/ours.json --rival $split/rival.json --single-run-ok" \
		/dev/null >tty.txt 2>&1 || true
	grep -q "${esc}\[31mfail" tty.txt || fail "colour: no red fail on a terminal"
	NO_COLOR=1 script -qc "env LC_ALL=C.UTF-8 $SYNCGATE gate $split/ours.json --rival $split/rival.json --single-run-ok" \
		/dev/null >tty.txt 2>&1 || true
	grep -q "$esc" tty.txt && fail "colour: escapes despite NO_COLOR"
	grep -q "^Verdict: fail" tty.txt || fail "colour: no verdict with NO_COLOR"
	n=$((n + 1))
fi

# --help on a full disk is trouble, and said
if [ -w /dev/full ]; then
	set +e
	sg gate --help >/dev/full 2>"$tmp/err"
	st=$?
	set -e
	[ "$st" = 2 ] || fail "--help >/dev/full: exit status $st, expected 2"
	grep -q "standard output:" "$tmp/err" || fail "--help >/dev/full: no message"
	n=$((n + 1))
fi

# --help is the usage, on standard output, exit 0; so is `syncgate help gate`
sg gate --help >help.txt
grep -q '^usage: syncgate gate OURS.json... --rival RIVAL.json...' help.txt || fail "--help"
sg help gate >help2.txt
cmp -s help.txt help2.txt || fail "help gate differs from gate --help"
n=$((n + 1))

# --- runs of a side that cannot stand together, each refused in one line ----
# expect_one STATUS PART ARGS...: expect, and the message is one line
expect_one() {
	expect "$@"
	[ "$(wc -l <"$tmp/err")" -eq 1 ] ||
		fail "$3 $4 ...: $(wc -l <"$tmp/err") lines on standard error, expected one"
}
mkdir "$tmp/mr"
cd "$tmp/mr"
cp "$split/ours.json" a1.json
cp "$split/ours.json" a2.json
cp "$split/rival.json" r1.json
cp "$split/rival.json" r2.json
ln -s a1.json l1.json
ln a1.json h1.json
sed 's/"engine": "zu"/"engine": "zx"/' a1.json >engine.json
sed 's/"workload": "linkbench"/"workload": "ycsb-a"/' a1.json >workload.json
sed 's/"traversal"/"scan"/' a1.json >classes.json
# one file twice on a side: by name, a symbolic link, a hard link, ./path
expect_one 2 "gate: a1.json and a1.json are one file; expected each run of ours once" \
	sg gate a1.json a1.json --rival r1.json
expect_one 2 "gate: a1.json and l1.json are one file; expected each run of ours once" \
	sg gate a1.json l1.json --rival r1.json
expect_one 2 "gate: a1.json and h1.json are one file; expected each run of ours once" \
	sg gate a1.json h1.json --rival r1.json
expect_one 2 "gate: a1.json and ./a1.json are one file; expected each run of ours once" \
	sg gate a1.json ./a1.json --rival r1.json
expect_one 2 "gate: --rival r1.json and --rival ./r1.json are one file; expected each run once" \
	sg gate a1.json --rival r1.json --rival ./r1.json
expect_one 2 "gate: --baseline r1.json and --baseline ./r1.json are one file; expected each run once" \
	sg gate a1.json a2.json --baseline r1.json --baseline ./r1.json
expect_one 2 "gate: a1.json and --rival ./a1.json are one file; expected two runs' results" \
	sg gate a1.json a2.json --rival r1.json --rival ./a1.json
# runs of one side from another engine or workload, or without a class
expect_one 2 'gate: engine.json: engine is "zx", but a1.json'"'"'s is "zu"; expected every run of ours from one engine' \
	sg gate a1.json engine.json --rival r1.json
expect_one 2 'gate: workload.json: workload is "ycsb-a", but a1.json'"'"'s is "linkbench"; expected every run of ours on one workload' \
	sg gate a1.json workload.json --rival r1.json
expect_one 2 'gate: classes.json: has no class "traversal", which a1.json ran; expected the same classes in every run of ours' \
	sg gate a1.json classes.json --rival r1.json
expect_one 2 'gate: classes.json: has no class "traversal", which a1.json ran; expected the same classes in every run of --rival' \
	sg gate r1.json --rival a1.json --rival classes.json
expect_one 2 'gate: classes.json: has no class "traversal", which a1.json ran; expected the same classes in every run of --baseline' \
	sg gate r1.json r2.json --baseline a1.json --baseline classes.json
# --match: a pair of OURS=RIVAL names, each class in one pair, each name
# one of its side's classes, of one kind, at most 64 pairs
sed 's/"point-read"/"get"/' r1.json >renamed.json
expect_one 2 "gate: --match point-read; expected OURS=RIVAL, two class names (write=fillrandom:write)" \
	sg gate a1.json --rival r1.json --match point-read
expect_one 2 "gate: --match =x; expected OURS=RIVAL" sg gate a1.json --rival r1.json --match =x
expect_one 2 "gate: --match point-read=traversal: point-read is matched twice; expected each class in one pair" \
	sg gate a1.json --rival renamed.json --match point-read=get --match point-read=traversal
expect_one 2 "gate: --match nosuch=get: a1.json has no class nosuch; expected OURS to be one of our classes" \
	sg gate a1.json --rival renamed.json --match nosuch=get
expect_one 2 "gate: --match point-read=nosuch: renamed.json has no class nosuch; expected RIVAL to be one of its classes" \
	sg gate a1.json --rival renamed.json --match point-read=nosuch
expect_one 2 "gate: --match point-read=traversal: r1.json has a class point-read of its own too; expected OURS to name none of its classes" \
	sg gate a1.json --rival r1.json --match point-read=traversal
expect_one 2 "gate: --match point-read=write: renamed.json's class write is a write, but our class point-read is a read; expected a pair of one kind" \
	sg gate a1.json --rival renamed.json --match point-read=write
set --
for i in $(seq 65); do
	set -- "$@" --match "a$i=b$i"
done
expect_one 2 "gate: --match: more than 64 pairs" sg gate a1.json --rival r1.json "$@"
# calibrate: two runs or more, each once, of one engine
expect_one 2 "calibrate: one run alone has no run-to-run noise to measure; expected two runs or more" \
	sg calibrate a1.json
expect_one 2 "calibrate: no runs; expected two runs or more" sg calibrate
expect_one 2 "calibrate: a1.json and ./a1.json are one file; expected each run once" \
	sg calibrate a1.json ./a1.json
expect_one 2 "calibrate: a1.json and h1.json are one file; expected each run once" \
	sg calibrate a1.json h1.json
expect_one 2 'calibrate: engine.json: engine is "zx", but a1.json'"'"'s is "zu"' \
	sg calibrate a1.json engine.json
# runs at a result's two ends (1 ns and a day): the noise calibrate writes reads back
extreme=$top/fixtures/gate/runs-extreme
expect 0 "" sg calibrate "$extreme/new.1.json" "$extreme/new.2.json" --format json \
	-o extreme.noise.json
grep -q '"log_sd":	22.69' extreme.noise.json || fail "calibrate: runs-extreme: no log_sd of 22.69"
expect 0 "" sg gate "$extreme/new.1.json" "$extreme/new.2.json" --baseline \
	"$extreme/old.1.json" --baseline "$extreme/old.2.json" --noise extreme.noise.json
# a noise file of another engine, another workload, or without a class
sg calibrate a1.json a2.json --format json -o noise.json 2>"$tmp/err" ||
	fail "calibrate: $(cat "$tmp/err")"
# runs 30 times apart: every cell "over 1000%", each still apart from the next
i=0
for p in 1000 30000 900000; do
	printf '{"format": "syncgate-result/1", "engine": "e", "workload": "w", "classes": [{"name": "read", "kind": "read", "p50_ns": %s, "p99_ns": %s}]}\n' \
		"$p" "$((p * 3))" >"wide$i.json"
	i=$((i + 1))
done
sg calibrate wide0.json wide1.json wide2.json >wide.txt 2>"$tmp/err" ||
	fail "calibrate wide: $(cat "$tmp/err")"
grep -q '^read   p50        over 1000%  over 1000%  over 1000%  over 1000%  over 1000%$' wide.txt ||
	fail "calibrate: wide cells run together: $(grep '^read' wide.txt)"
# the plan: runs that record no times plan at their own length, no wall
# time; the record carries it; --budget without times settles no limit
grep -q "^  none: more than 200 runs a side at every run length" wide.txt ||
	fail "calibrate: a plan of runs 30 times apart at 5%: $(sed -n '/^Plan/,$p' wide.txt)"
sg calibrate wide0.json wide1.json wide2.json --max-regression 500% >wide-plan.txt 2>"$tmp/err"
grep -q "no wall time predicted: the runs record no times" wide-plan.txt &&
	grep -q "^Plan for syncgate run, baseline mode, at --max-regression 500%" wide-plan.txt ||
	fail "calibrate: no plan without times: $(sed -n '/^Plan/,$p' wide-plan.txt)"
sg calibrate wide0.json wide1.json wide2.json --max-regression 500% --power 90% \
	--budget 60s --format json -o - >wide.json 2>"$tmp/err" &&
	tr -d ' \t\n' <wide.json | grep -q '"plan":{"limit":5,"power":0.9,"confidence":0.95,"runs":[0-9]' &&
	tr -d ' \t\n' <wide.json | grep -q '"ops_factor":1,.*"wall_s":null,"budget_s":60,"budget_limit":null}' ||
	fail "calibrate: the record's plan: $(cat "$tmp/err") $(tr -d ' \t\n' <wide.json)"
expect_one 2 "calibrate: --power: 40% is out of range" sg calibrate a1.json a2.json --power 40%
expect_one 2 "calibrate: --budget" sg calibrate a1.json a2.json --budget 10
# and every cell starts where its column's header does, and ends before
# the next one starts: no cell is wider than its column
awk '/^Class / { h = $0; n = 0
		for (i = 1; i <= length(h); i++)
			if (substr(h, i, 1) != " " && (i == 1 || substr(h, i - 2, 2) == "  "))
				at[++n] = i
		next }
	h != "" && /^read / { for (k = 1; k <= n; k++)
			if (substr($0, at[k], 1) == " " || (k > 1 && substr($0, at[k] - 1, 1) != " "))
				bad = 1 }
	END { exit bad || n != 7 }' wide.txt ||
	fail "calibrate: a cell is wider than its column: $(grep -e '^Class' -e '^read' wide.txt)"
sed 's/"engine":	"zu"/"engine":	"zx"/' noise.json >noise-engine.json
sed 's/"workload":	"linkbench"/"workload":	"ycsb-a"/' noise.json >noise-workload.json
sed 's/"traversal"/"scan"/' noise.json >noise-classes.json
cmp -s noise.json noise-engine.json && fail "noise-engine.json: the engine was not changed"
cmp -s noise.json noise-workload.json && fail "noise-workload.json: the workload was not changed"
cmp -s noise.json noise-classes.json && fail "noise-classes.json: no class was renamed"
expect_one 2 'gate: --noise noise-engine.json: measured engine "zx", but the sides are "zu" and "ladybug"; expected the noise of one of them' \
	sg gate a1.json --rival r1.json --noise noise-engine.json
expect_one 2 'gate: --noise noise-workload.json: measured workload "ycsb-a", but a1.json ran "linkbench"; expected the noise of the same workload' \
	sg gate a1.json --rival r1.json --noise noise-workload.json
expect_one 2 'gate: --noise noise-classes.json: has no class "traversal", which a1.json ran; expected the noise of every class' \
	sg gate a1.json --rival r1.json --noise noise-classes.json
# a noise file of one side's engine is pooled with that side's runs,
# however many: named in the JSON, and a note in every format says how
# (no apostrophe in the words looked for: HTML and JUnit escape it)
pooled="spread between runs pools its 2 runs with the"
alone="zu gave one run: its spread between runs is the"
for c in "both:a1.json a2.json --rival r1.json --rival r2.json" \
	"one:a1.json a2.json --rival r1.json" "used:a1.json --rival r1.json --rival r2.json"; do
	case ${c%%:*} in
	used) want=$alone ;;
	*) want=$pooled ;;
	esac
	for f in text markdown html junit json; do
		set +e
		# shellcheck disable=SC2086 # the runs are words by design
		sg gate ${c#*:} --noise noise.json --format $f >"$tmp/out" 2>"$tmp/err"
		st=$?
		set -e
		[ "$st" -le 1 ] || fail "noise ${c%%:*}, $f: exit status $st: $(cat "$tmp/err")"
		grep -F -- "$want" "$tmp/out" | grep -qF -- "noise from --noise noise.json (2 runs of zu)" ||
			fail "noise ${c%%:*}, $f: no note \"$want\": $(grep -i noise "$tmp/out" | head -3)"
		if [ $f = json ]; then
			nf=$(grep '"noise_file"' "$tmp/out" | tr -d ' \t,')
			[ "$nf" = '"noise_file":"noise.json"' ] || fail "noise ${c%%:*}: noise_file is $nf" 
		fi
		n=$((n + 1))
	done
done
# a host's strings come from a file: shown, never obeyed, in the note
h2=$top/fixtures/gate/hosts-two
sed 's/"AMD EPYC 7B13 64-Core Processor"/"AMD\\u001b[31mRED\\u009b"/' "$h2/ours.json" >hostile-host.json
for f in text markdown html junit; do
	set +e
	sg gate hostile-host.json --rival "$h2/rival.json" --commit-syncs 3 --format $f >"$tmp/out" 2>"$tmp/err"
	st=$?
	set -e
	[ "$st" = 0 ] || fail "hostile host, $f: exit status $st: $(cat "$tmp/err")"
	tr '\n' ' ' <"$tmp/out" | grep -q 'across two hosts.*RED' || fail "hostile host, $f: no note on the hosts with the CPU model"
	LC_ALL=C grep -q "$(printf '\033')" "$tmp/out" && fail "hostile host, $f: an escape reached the output"
	LC_ALL=C grep -q "$(printf '\302\233')" "$tmp/out" && fail "hostile host, $f: a C1 control reached the output"
	n=$((n + 1))
done
cd "$tmp"

cd "$top"
echo "cli_gate: $n checks, $failures failed"
[ "$failures" -eq 0 ]
