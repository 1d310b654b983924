#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate report against the real binary: verdicts re-rendered exactly
# (each case's verdict and text, and every format for the cases that
# exercise rendering, byte for byte), hostile names harmless in every
# format, JUnit valid with the right counts, the HTML page in headless
# chromium when it is installed, outputs whole or absent, --summary, and
# every bad input with its status and words.
set -eu

# goldens are UTF-8 and colourless, whatever the caller's environment
LC_ALL=C.UTF-8
export LC_ALL
unset NO_COLOR GITHUB_STEP_SUMMARY
S=${SYNCGATE:-build/syncgate}
F=fixtures/report
G=fixtures/gate
. tests/lib.sh
# Under make valgrind every run goes through $SYNCGATE_VALGRIND: S becomes
# a script that execs it, so "$S", env ... "$S" and sh -c "'$S'" all do.
if [ -n "${SYNCGATE_VALGRIND:-}" ]; then
	case $S in /*) ;; *) S=$PWD/$S ;; esac
	printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$SYNCGATE_VALGRIND" "$S" >"$tmp/syncgate"
	chmod +x "$tmp/syncgate"
	S=$tmp/syncgate
fi

# exits WANT CMD...: runs CMD, its output wherever the caller sends it,
# and fails unless it exits WANT.
exits() {
	w=$1
	shift
	set +e
	"$@"
	st=$?
	set -e
	[ "$st" = "$w" ] || fail "$*: exit $st, expected $w"
}

# same GOT WANT: the files are equal byte for byte.
same() {
	[ "${SYNCGATE_REGEN:-0}" != 1 ] || cp "$1" "$2"
	cmp -s "$1" "$2" || { diff "$2" "$1" | head -20 >&2; fail "$1 differs from $2"; }
}

# --- the gate's verdicts, seven ways, and back -------------------------------
# Each case is fixtures/gate/CASE (hostile-gate lives here): the gate writes
# the verdict in every format at once, and `syncgate report` of the JSON
# gives the same seven again, each equal to the gate's.  Every case keeps
# its verdict, fixtures/report/CASE.json, and its text, CASE.txt (the
# gate's own expected.txt byte for byte); the cases of $renders, which
# exercise the renderers rather than a rule, keep a golden file in every
# format.  A format without a golden file is checked against the gate's
# output only.  SYNCGATE_REGEN=1 rewrites the golden files instead (review
# the diff before committing it).
cases="split reads-fail-p50 reads-fail-p99 read-speedup writes-within-ceiling
writes-over-ceiling writes-over-rival-p99 shared-unit two-hosts two-volumes
ceiling-in-band ceiling-narrow-band unprobed no-flush sub-sync one-side-only
no-writes samples-intervals group-commit baseline-fail baseline-pass
rounding-speedup rounding-ceiling rounding-sub-sync rounding-regression
names-backslash names-nfc-nfd hosts-two hosts-same-host hosts-same hosts-unknown
hosts-baseline-held flushes-ceiling dependent-samples rounds-placement"
renders="split baseline-pass samples-intervals unprobed hostile-gate
names-backslash one-side-only hosts-baseline-held"
abs=$S
case $abs in /*) ;; *) abs=$PWD/$abs ;; esac
formats="txt:text md:markdown json:json xml:junit html:html
bench.json:benchmark-action bencher.json:bencher"

# gate_case DIR NAME: every format of DIR's verdict into $tmp/NAME.*
gate_case() {
	gdir=$1
	gname=$2
	set --
	for f in $formats; do
		set -- "$@" --format "${f#*:}" -o "$tmp/$gname.${f%%:*}"
	done
	set +e
	# shellcheck disable=SC2046 # args are words by design
	(cd "$gdir" && env -u NO_COLOR LC_ALL=C.UTF-8 "$abs" gate $(cat args) "$@") \
		>/dev/null 2>"$tmp/err"
	rc=$?
	set -e
	[ "$rc" = 0 ] || [ "$rc" = 1 ] || [ "$rc" = 3 ] ||
		fail "$gdir: the gate exited $rc: $(cat "$tmp/err")"
}

# golden CASE EXT: the golden file CASE keeps for EXT, or nothing.
golden() {
	case " $(echo $renders) " in
	*" $1 "*) echo "$F/$1.$2" ;;
	*) case $2 in txt | json) echo "$F/$1.$2" ;; esac ;;
	esac
}

for c in $cases hostile-gate; do
	dir=fixtures/gate/$c
	[ "$c" = hostile-gate ] && dir=$F/hostile-gate
	[ -f "$dir/args" ] || fail "$dir: no args"
	gate_case "$dir" "$c"
	for f in $formats; do
		g=$(golden "$c" "${f%%:*}")
		[ -n "$g" ] || continue
		[ "${SYNCGATE_REGEN:-0}" != 1 ] || cp "$tmp/$c.${f%%:*}" "$g"
		same "$tmp/$c.${f%%:*}" "$g"
	done
	[ -f "$dir/expected.txt" ] && same "$F/$c.txt" "$dir/expected.txt"
	# report rules it again and exits as the gate did without --strict
	want=0
	[ "$rc" != 1 ] || want=1
	set +e
	LC_ALL=C.UTF-8 "$S" report "$F/$c.json" --format text -o "$tmp/$c.r.txt" \
		--format markdown -o "$tmp/$c.r.md" --format json -o "$tmp/$c.r.json" \
		--format junit -o "$tmp/$c.r.xml" --format html -o "$tmp/$c.r.html" \
		--format benchmark-action -o "$tmp/$c.r.bench.json" \
		--format bencher -o "$tmp/$c.r.bencher.json"
	st=$?
	set -e
	[ "$st" = "$want" ] || fail "$c: report of its verdict exits $st; the gate exited $rc"
	for f in $formats; do
		same "$tmp/$c.r.${f%%:*}" "$tmp/$c.${f%%:*}"
	done
done
# no golden file is left over from a case or a format that keeps none
for g in "$F"/*.md "$F"/*.xml "$F"/*.html "$F"/*.bench.json "$F"/*.bencher.json; do
	b=${g#"$F"/}
	case $b in hostile.* | result.*) continue ;; esac
	c=${b%%.*}
	[ "$(golden "$c" "${b#*.}")" = "$g" ] || fail "$g: a golden file no case checks"
done

# --- the history exports against the fields their tools document ----------
# tests/history_check.py holds every case's exports (the golden ones among
# them) to github-action-benchmark's customSmallerIsBetter and the Bencher
# Metric Format, and must refuse what they do not allow.
py tests/history_check.py "$tmp"/*.bench.json "$tmp"/*.bencher.json ||
	fail "history_check: an export is not what its tool reads"
printf '[{"name": "a", "unit": "ns", "value": 1, "low": 2}]\n' >"$tmp/x.bench.json"
printf '{"a": {"latency": {"value": 5, "lower_value": 6}}}\n' >"$tmp/x.bencher.json"
printf '[{"name": "a", "value": "1"}]\n' >"$tmp/y.bench.json"
for x in x.bench.json x.bencher.json y.bench.json; do
	! py tests/history_check.py "$tmp/$x" 2>"$tmp/err" ||
		fail "history_check passed $x"
done
grep -q 'no unit; it is required' "$tmp/err" || fail "history_check: $(cat "$tmp/err")"
# an open end is left out, never invented: samples-intervals' p99 in syncs
# has a lower bound only
py - "$F/samples-intervals.bencher.json" "$F/samples-intervals.bench.json" <<'PY' ||
import json, sys
m = json.load(open(sys.argv[1]))["zu/write p99"]["syncs"]
assert "lower_value" in m and "upper_value" not in m, m
e = [x for x in json.load(open(sys.argv[2])) if x["name"] == "zu/write p99 syncs"][0]
assert e["range"].startswith("at least "), e
PY
	fail "samples-intervals: the open end of write p99 in syncs"
# a read class has no syncs; a write class on an unprobed volume neither
! grep -q '"syncs"' "$F/unprobed.bencher.json" || fail "unprobed: syncs without a unit"
# a class name that makes a benchmark name over Bencher's 1024 bytes: the
# reason, from gate and report; benchmark-action has no such limit
long=$(printf '%01100d' 0)
for side in a b; do
	printf '{"format": "syncgate-result/1", "engine": "e", "workload": "w", "classes": [{"name": "%s", "kind": "read", "p50_ns": 1000, "p99_ns": 3000}]}\n' \
		"$long" >"$tmp/long-$side.json"
done
expect 2 "standard output: cannot render the verdict as bencher: the benchmark name \"e/0000" \
	"$S" gate "$tmp/long-a.json" --baseline "$tmp/long-b.json" --format bencher
grep -q "is 1106 bytes; Bencher takes at most 1024" "$tmp/err" ||
	fail "long bencher name: $(cat "$tmp/err")"
"$S" gate "$tmp/long-a.json" --baseline "$tmp/long-b.json" --format benchmark-action \
	-o "$tmp/long.bench.json" --format json -o "$tmp/long.json" ||
	fail "benchmark-action refused a 1100-byte class name"
py tests/history_check.py "$tmp/long.bench.json" || fail "long.bench.json: $(head -c 200 "$tmp/long.bench.json")"
expect 2 "cannot render the verdict as bencher: the benchmark name" \
	"$S" report "$tmp/long.json" --format bencher

# no digits past what was measured: the p99 of pgbench's whole
# microseconds is whole nanoseconds (it was 1366719.9999999949), in the
# result's summary and in the verdict
"$S" import pgbench fixtures/import/pgbench-tpcb.log --engine e -o "$tmp/pg.json" 2>/dev/null ||
	fail "import pgbench: $(cat "$tmp/err")"
expect 0 "" "$S" report "$tmp/pg.json" --format json
grep -q '"p99_ns":	1366720,' "$tmp/out" ||
	fail "report --format json: p99_ns $(grep p99_ns "$tmp/out")"
! grep -Eq '[0-9]\.[0-9]{9,}' "$tmp/out" ||
	fail "report --format json: spurious digits: $(grep -E '[0-9]\.[0-9]{9,}' "$tmp/out")"

# the Probes sections give the unit each side's writes were divided by and
# where it came from, apart from the probe before the run: zu's unit came
# from its rounds (3.45ms) while its probe before the run said 3ms
sed 's/nvme0n1p2/nvme1n1p1/' "$G/flushes-ceiling/rival.json" >"$tmp/other-volume.json"
"$S" gate "$G/flushes-ceiling/ours.json" --rival "$tmp/other-volume.json" --single-run-ok \
	--format markdown -o "$tmp/pv.md" --format html -o "$tmp/pv.html" \
	--format text -o "$tmp/pv.txt" 2>"$tmp/err" || [ $? = 1 ] ||
	fail "gate of two volumes with rounds: $(cat "$tmp/err")"
grep -qF -- '- zu: writes divided by 3.45ms, its own, from its rounds through the run; probe before the run: 3ms [2.98ms, 3.03ms]' "$tmp/pv.md" ||
	fail "markdown Probes: zu's unit: $(grep -F -- '- zu:' "$tmp/pv.md")"
grep -qF -- '- ladybug: writes divided by 3ms, its own, from its probe before the run; probe before the run: 3ms' "$tmp/pv.md" ||
	fail "markdown Probes: ladybug's unit: $(grep -F -- '- ladybug:' "$tmp/pv.md")"
grep -qF '<dt>Writes divided by</dt><dd>3.45ms, its own, from its rounds through the run</dd>' "$tmp/pv.html" ||
	fail "html Probes: zu's unit: $(grep -F 'divided' "$tmp/pv.html")"
grep -qF '<dt>Probe before the run</dt><dd>3ms, interval' "$tmp/pv.html" ||
	fail "html Probes: zu's probe before the run"
! grep -qi 'one sync 3ms\|One sync</dt>' "$tmp/pv.md" "$tmp/pv.html" ||
	fail "a probe before the run is still called one sync"
grep -qF 'one sync = 3.45ms for zu and 3ms for ladybug' "$tmp/pv.txt" ||
	fail "text: the units: $(grep -F 'Writes in syncs' "$tmp/pv.txt")"
# several runs a side: the probe shown is run 1's, each run's writes by its own unit
for s in ours rival; do
	cp "$G/split/$s.json" "$tmp/$s-1.json"
	sed 's/7660000/7700000/' "$G/split/$s.json" >"$tmp/$s-2.json"
done
"$S" gate "$tmp/ours-1.json" "$tmp/ours-2.json" --rival "$tmp/rival-1.json" --rival \
	"$tmp/rival-2.json" --format markdown 2>"$tmp/err" >"$tmp/runs.md" || [ $? -le 3 ] ||
	fail "gate of two runs a side: $(cat "$tmp/err")"
grep -qF -- "- zu: writes divided by each run's own unit (their geometric mean 3.02ms), from its rounds through the run where it had them, else its probe before it; probe before run 1: 3.02ms" "$tmp/runs.md" ||
	fail "markdown Probes over runs: $(grep -F -- '- zu:' "$tmp/runs.md")"

# every class of ours reaches history: one new in this run (baseline mode),
# and all of them where the sides share none; an export with nothing in it
# (an older verdict of sides that share no class) is refused, never [] or {}
sed 's/"name": "traversal"/"name": "scan"/' "$G/split/ours.json" >"$tmp/new-class.json"
"$S" gate "$tmp/new-class.json" --baseline "$G/split/ours.json" --single-run-ok \
	--format benchmark-action -o "$tmp/new.bench.json" --format bencher \
	-o "$tmp/new.bencher.json" --format json -o "$tmp/new.json" 2>"$tmp/err" ||
	fail "gate with a new class: $(cat "$tmp/err")"
py tests/history_check.py "$tmp/new.bench.json" "$tmp/new.bencher.json" ||
	fail "the export with a new class is not what its tool reads"
py - "$tmp/new.bench.json" "$tmp/new.bencher.json" <<'PY' ||
import json, sys
a = {e["name"]: e for e in json.load(open(sys.argv[1]))}
assert a["zu/scan p50"]["value"] == 99830, a.get("zu/scan p50")
assert a["zu/scan p99"]["value"] == 291670, a.get("zu/scan p99")
assert "range" not in a["zu/scan p50"], a["zu/scan p50"]
assert a["zu/scan p50"]["extra"] == "read class, not ruled: the new run ran scan; the baseline did not", a["zu/scan p50"]
assert "zu/write p50 syncs" in a and "zu/point-read p99" in a, sorted(a)
b = json.load(open(sys.argv[2]))
assert b["zu/scan p99"] == {"latency": {"value": 291670}}, b.get("zu/scan p99")
PY
	fail "a class new in this run is not in the history"
expect 0 "" "$S" report "$tmp/new.json" --format benchmark-action
same "$tmp/out" "$tmp/new.bench.json"
sed 's/"name": "point-read"/"name": "a"/; s/"name": "traversal"/"name": "b"/; s/"name": "write"/"name": "c"/' \
	"$G/split/ours.json" >"$tmp/disjoint.json"
"$S" gate "$tmp/disjoint.json" --rival "$G/split/rival.json" --format json \
	-o "$tmp/disjoint.v.json" --format benchmark-action -o "$tmp/disjoint.bench.json" \
	2>"$tmp/err" || fail "gate of sides that share no class: $(cat "$tmp/err")"
py - "$tmp/disjoint.bench.json" <<'PY' ||
import json, sys
a = [e["name"] for e in json.load(open(sys.argv[1]))]
assert a == ["zu/a p50", "zu/a p99", "zu/b p50", "zu/b p99", "zu/c p50", "zu/c p99",
             "zu/c p50 syncs", "zu/c p99 syncs"], a
PY
	fail "sides that share no class: not every class of ours exported"
py - "$tmp/disjoint.v.json" "$tmp/old.v.json" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))
for u in v["unmatched"]:
    for k in ("p50_ns", "p99_ns", "p50_syncs", "p99_syncs", "flushes_per_op"):
        u.pop(k, None)
json.dump(v, open(sys.argv[2], "w"), indent=1)
PY
for f in benchmark-action bencher; do
	expect 2 "cannot render the verdict as $f: the verdict holds no figure of zu's to export (the sides share no class, and it records no figures for the classes only ours ran)" \
		"$S" report "$tmp/old.v.json" --format "$f"
	[ ! -s "$tmp/out" ] || fail "report --format $f of nothing wrote: $(cat "$tmp/out")"
	rm -f "$tmp/old.out"
	expect 2 "the verdict holds no figure" "$S" report "$tmp/old.v.json" --format "$f" \
		-o "$tmp/old.out"
	[ ! -e "$tmp/old.out" ] || fail "report --format $f -o of nothing left a file"
done
expect 0 "" "$S" report "$tmp/old.v.json" --format text

# an indeterminate check's reason names the samples that would settle it
# once: the renderers add nothing to what the gate wrote; the Markdown
# gives the count in its Why column, and says what it means in the legend
grep -qF '| \~4900 samples |' $F/samples-intervals.md ||
	fail "samples-intervals.md: no sample count in the Why column"
grep -qF '*\~N samples*: about N samples a side would settle it with 80% probability' \
	$F/samples-intervals.md || fail "samples-intervals.md: no legend of the sample count"
for f in $F/samples-intervals.html; do
	grep -q 'about 4900 samples a side would settle it with 80% probability' "$f" ||
		fail "$f: no sample count"
	! grep -q 'about 4900 samples.*about 4900 samples' "$f" ||
		fail "$f: the sample count is repeated within a line"
done

# the round trip over every other case of the gate, text and JSON, is
# tests/cli_gate.sh's report_back, beside the gate run it reads

# --- a hand-built verdict with what no gate run gives (U+FFFD where a name
# held bytes that are not UTF-8, a reversing bidi control, a half-open
# interval), four ways -------------------------------------------------------
for c in hostile; do
	exits 1 "$S" report "$F/$c.json" --format json >"$tmp/$c.json"
	[ "${SYNCGATE_REGEN:-0}" != 1 ] || cp "$tmp/$c.json" "$F/$c.json"
	same "$tmp/$c.json" "$F/$c.json"
	exits 1 "$S" report "$F/$c.json" --format markdown -o "$tmp/$c.md" --format junit -o "$tmp/$c.xml" \
		--format html -o "$tmp/$c.html" >"$tmp/stdout"
	[ ! -s "$tmp/stdout" ] || fail "$c: -o for every format, yet standard output got text"
	if [ "${SYNCGATE_REGEN:-0}" = 1 ]; then
		for f in md xml html; do cp "$tmp/$c.$f" "$F/$c.$f"; done
	fi
	same "$tmp/$c.md" "$F/$c.md"
	same "$tmp/$c.xml" "$F/$c.xml"
	same "$tmp/$c.html" "$F/$c.html"
done

# -o - is standard output; without any -o the format goes there too
exits 1 "$S" report "$F/split.json" --format junit -o "$tmp/j.xml" --format markdown -o - >"$tmp/md"
same "$tmp/md" "$F/split.md"
same "$tmp/j.xml" "$F/split.xml"
exits 1 "$S" report "$F/split.json" --format markdown >"$tmp/md2"
same "$tmp/md2" "$F/split.md"
# a lone -o takes text; a --format after the last -o names no file
exits 1 "$S" report "$F/split.json" --format json -o "$tmp/v.json" -o "$tmp/v.txt"
same "$tmp/v.json" "$F/split.json"
exits 1 "$S" report "$F/split.json" >"$tmp/v.stdout.txt"
same "$tmp/v.txt" "$tmp/v.stdout.txt"
expect 2 "--format markdown after the last -o has no file; expected -o FILE after it" \
	"$S" report "$F/split.json" --format junit -o "$tmp/j2.xml" --format markdown
[ ! -e "$tmp/j2.xml" ] || fail "a refused command line still wrote a file"
exits 1 "$S" report "$F/split.json" --ascii --format markdown >"$tmp/ascii.md"
if LC_ALL=C grep -q '[^ -~]' "$tmp/ascii.md"; then
	grep -n '[^ -~]' "$tmp/ascii.md" | head -3 >&2
	fail "--ascii markdown holds a byte outside printable ASCII"
fi
grep -q '^## syncgate: fail$' "$tmp/ascii.md" || fail "--ascii: no plain heading"

# --- hostile names: harmless in every format ---------------------------------
esc=$(printf '\033')
cr=$(printf '\r')
for f in "$F/hostile.md" "$F/hostile.xml" "$F/hostile.html" "$F/hostile.json"; do
	if grep -q "$esc" "$f" || grep -q "$cr" "$f"; then
		fail "$f: a raw control character got through"
	fi
done
# JSON keeps names as they are (escaped for JSON only); the markup formats must not
for f in "$F/hostile.md" "$F/hostile.xml" "$F/hostile.html"; do
	if grep -q '<script' "$f" || grep -q '<img' "$f"; then
		fail "$f: markup from a name got through"
	fi
done
grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;\|x' "$F/hostile.md" ||
	fail "hostile.md: the engine's name is not escaped as expected"
# every Markdown table row keeps its cells: count the unescaped pipes
awk '/^\| / { line = $0; gsub(/\\\|/, "", line); n = gsub(/\|/, "", line);
	if (n != 10 && n != 7 && n != 8) { print FILENAME ": " NR ": " n " cells"; bad = 1 } }
	END { exit bad }' "$F/hostile.md" || fail "hostile.md: a name broke a table"

# --- JUnit: well-formed, valid, and counting what it holds ------------------
command -v xmllint >/dev/null 2>&1 || fail "xmllint is needed (libxml2-utils)"
# counts CASE TESTS FAILURES SKIPPED: what CASE's JUnit must declare and hold
# (One xmllint validates, one reads every figure: a run of xmllint costs
# more than the checks, and they run for every case.)
counts() {
	xml=${counts_xml:-$tmp/$1.xml}
	if ! xmllint --noout --schema "$F/junit.xsd" "$xml" 2>"$tmp/xsd"; then
		xmllint --noout "$xml" 2>/dev/null || fail "$1.xml: not well-formed XML"
		fail "$1.xml: does not validate: $(cat "$tmp/xsd")"
	fi
	s=/testsuites/testsuite
	# shellcheck disable=SC2046 # the figures are words by design
	set -- "$@" $(xmllint --xpath "concat($s/@tests, ' ', $s/@failures, ' ', $s/@skipped, ' ',
		count(//testcase), ' ', count(//testcase/failure), ' ', count(//testcase/skipped), ' ',
		/testsuites/@tests, ' ', /testsuites/@failures)" "$xml")
	got="$5 $6 $7"
	held="$8 $9 ${10}"
	[ "$got" = "$held" ] || fail "$1.xml: declares $got (tests, failures, skipped) but holds $held"
	[ -z "$2" ] || [ "$got" = "$2 $3 $4" ] || fail "$1.xml: $got, expected $2 $3 $4"
	[ "${11} ${12}" = "$2 $3" ] || [ -z "$2" ] ||
		fail "$1.xml: testsuites disagrees with its testsuite"
}
counts split 7 1 0
counts unprobed 5 0 1
counts no-flush 3 0 1
counts ceiling-in-band 3 0 1
counts baseline-fail 4 1 0
counts no-writes 4 0 0
counts hostile-gate 7 1 0
counts hostile 5 1 1
for c in $cases; do
	counts "$c" "" "" ""
done
# sides that share no class: one test case, skipped as not ruled, never none
sed 's/"name": "point-read"/"name": "a"/; s/"name": "traversal"/"name": "b"/; s/"name": "write"/"name": "c"/' \
	"$G/split/ours.json" >"$tmp/nothing-shared.json"
"$S" gate "$tmp/nothing-shared.json" --rival "$G/split/rival.json" --format junit \
	-o "$tmp/nothing-shared.xml" 2>"$tmp/err" || fail "gate --format junit: $(cat "$tmp/err")"
counts_xml=$tmp/nothing-shared.xml counts nothing-shared 1 0 1
grep -qF '<testcase classname="syncgate.verdict" name="verdict">' "$tmp/nothing-shared.xml" ||
	fail "nothing-shared.xml: no verdict test case"

# --- the HTML page in a real browser, when there is one ----------------------
chrome=""
for b in chromium chromium-browser; do
	command -v "$b" >/dev/null 2>&1 && { chrome=$b; break; }
done
if [ -n "$chrome" ]; then
	for c in split hostile-gate hostile; do
		prof=$(mktemp -d "$tmp/chrome.XXXXXX")
		timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic \
			--no-first-run --disable-background-networking --disable-component-update \
			--disable-sync --user-data-dir="$prof" --enable-logging=stderr --v=0 \
			--dump-dom "file://$PWD/$F/$c.html" >"$tmp/dom" 2>"$tmp/chrome.log" ||
			fail "$c.html: chromium failed: $(tail -3 "$tmp/chrome.log")"
		[ "$(grep -c '<svg class="chart"' "$tmp/dom")" = 2 ] ||
			fail "$c.html: the rendered page lacks its two charts"
		grep -q '<circle class="p50 ours"' "$tmp/dom" || fail "$c.html: no marks in the chart"
		if grep -q 'CONSOLE' "$tmp/chrome.log"; then
			grep 'CONSOLE' "$tmp/chrome.log" >&2
			fail "$c.html: the browser's console spoke"
		fi
		if grep -q '<script' "$tmp/dom"; then
			fail "$c.html: a script element exists once rendered"
		fi
	done
else
	echo "cli_report: chromium is not installed; the HTML page was not opened in a browser (skipped)"
fi

# --- outputs whole or absent --------------------------------------------------
# a verdict's flush counts are held to its check: a count changed after
# the gate ruled, or a check where a side counted none, is refused
sed 's/"flushes_per_op":\t2.41/"flushes_per_op":\t1.5/' "$F/flushes-ceiling.json" \
	>"$tmp/flushes-changed.json"
expect 2 "checks[3].value is 2.4; expected 1.5, the figure of its class \"write\"" \
	"$S" report "$tmp/flushes-changed.json"
sed '/"samples":\t0,$/{N;s/,\n[[:space:]]*"flushes_per_op":\t1.02//;}' \
	"$F/flushes-ceiling.json" >"$tmp/flushes-one-side.json"
expect 2 "checks holds a \"flushes a commit\" check of the write class \"write\"; expected none" \
	"$S" report "$tmp/flushes-one-side.json"
# an unprobed side whose counted flushes fail the writes: the half's reason
# names the failed check, then why nothing was ruled in syncs
py -c 'import json, sys; o = json.load(open(sys.argv[1])); del o["probe"]; json.dump(o, open(sys.argv[2], "w"))' \
	fixtures/gate/flushes-ceiling/ours.json "$tmp/unprobed-flushes.json"
set +e
"$S" gate "$tmp/unprobed-flushes.json" --rival fixtures/gate/flushes-ceiling/rival.json \
	--format text -o - --format json -o "$tmp/unprobed-flushes.v.json" >"$tmp/out" 2>"$tmp/err"
got=$?
set -e
[ "$got" = 1 ] || fail "unprobed flushes: exit $got: $(cat "$tmp/err")"
want='Writes: fail: 1 of 2 checks fail: write flushes a commit 2.40 flushes, limit <= 2 flushes; not ruled in syncs: zu'
grep -qF "$want" "$tmp/out" || fail "unprobed flushes: $(grep '^Writes' "$tmp/out")"
"$S" report "$tmp/unprobed-flushes.v.json" | grep -qF "$want" ||
	fail "unprobed flushes: the saved verdict reads otherwise"
expect 2 "$tmp/no/such/dir/v.md" "$S" report "$F/split.json" --format markdown -o "$tmp/no/such/dir/v.md"
if [ -w /dev/full ]; then
	expect 2 "standard output" sh -c "'$S' report '$F/split.json' --format markdown -o - \
		--format json -o '$tmp/full.json' >/dev/full"
	expect 2 "standard output" sh -c "'$S' report '$F/split.json' --format junit >/dev/full"
fi
ls -A "$tmp" | grep -q '^\.syncgate-tmp\.' && fail "a temporary output was left behind"
# a failed output stops none of the others, nor --summary, as in the gate
if [ -w /dev/full ]; then
	expect 2 "/dev/full: No space left on device" env GITHUB_STEP_SUMMARY="$tmp/failed-sum.md" \
		"$S" report "$F/split.json" --format html -o /dev/full --format junit \
		-o "$tmp/failed-after.xml" --summary
	[ -s "$tmp/failed-after.xml" ] || fail "a failed -o: the -o after it was not written"
	[ -s "$tmp/failed-sum.md" ] || fail "a failed -o: --summary was not appended"
	rm -f "$tmp/failed-sum.md" "$tmp/failed-after.xml"
fi
set -- $(i=0; while [ $i -le 16 ]; do printf -- '-o %s/o%d.txt ' "$tmp" $i; i=$((i + 1)); done)
expect 2 "-o: more than 16 outputs; expected at most 16" \
	"$S" report "$F/split.json" "$@"
[ -e "$tmp/o0.txt" ] && fail "17 outputs: the first was written"

# --- a probe's record --------------------------------------------------------
"$S" report "$F/probe.json" --format json >"$tmp/probe.json"
same "$tmp/probe.json" "$F/probe.json"
"$S" report "$F/probe.json" >"$tmp/probe.txt"
grep -q '^probe of /data/bench on ext4, method fdatasync$' "$tmp/probe.txt" ||
	fail "probe text: not the probe's own first line"
expect 2 "fixtures/report/probe.json: a probe renders as text or json, not html" \
	"$S" report "$F/probe.json" --format html
expect 2 "--summary: fixtures/report/probe.json: a probe has no Markdown form" \
	"$S" report "$F/probe.json" --summary

# --- one engine's result, summed up ----------------------------------------------
"$S" report "$F/result.json" -o "$tmp/result.txt" --format markdown -o "$tmp/result.md" \
	--format json -o "$tmp/result.summary.json"
same "$tmp/result.txt" "$F/result.txt"
same "$tmp/result.md" "$F/result.md"
same "$tmp/result.summary.json" "$F/result.summary.json"
# its --summary is its Markdown, appended; past GitHub's 1 MiB, nothing is
GITHUB_STEP_SUMMARY="$tmp/result-step.md" "$S" report "$F/result.json" --summary >/dev/null
cmp -s "$tmp/result-step.md" "$F/result.md" || fail "a result's --summary is not its Markdown"
head -c 1048000 /dev/zero | tr '\0' 'x' >"$tmp/result-full.md"
cp "$tmp/result-full.md" "$tmp/result-full.before"
GITHUB_STEP_SUMMARY="$tmp/result-full.md" expect 0 \
	"$tmp/result-full.md holds 1048000 bytes; 704 more would grow it past 1 MiB, so the summary is not appended" \
	"$S" report "$F/result.json" --summary
cmp -s "$tmp/result-full.md" "$tmp/result-full.before" || fail "a result's summary past 1 MiB: the file changed"
for c in result-unprobed result-noflush; do
	"$S" report "$F/$c.json" >"$tmp/$c.txt"
	same "$tmp/$c.txt" "$F/$c.txt"
done
# no syncs from a probe whose flush never reaches a device
grep -q 'not shown in syncs: its probe says the flush does not reach a device' \
	"$F/result-noflush.txt" || fail "result-noflush: no reason for the missing syncs"
"$S" report "$F/result.json" --ascii >"$tmp/result-ascii.txt"
if LC_ALL=C grep -q '[^ -~]' "$tmp/result-ascii.txt"; then
	fail "--ascii result summary holds a byte outside printable ASCII"
fi
# the host a result records, in each of its forms; none where it records none
hosts=fixtures/gate/hosts-two/ours.json
# a line past 120 characters goes on indented two more: joined here
"$S" report "$hosts" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  / /g' >"$tmp/host.txt"
grep -qx 'Host: AMD EPYC 7B13 64-Core Processor, 8 cores, 32.0 GiB of memory, kernel 6.1.0-18-amd64, machine id 3f9a1c2b7d4e5f60 (from machine-id)' \
	"$tmp/host.txt" || fail "report RESULT.json: no host line: $(sed -n 2p "$tmp/host.txt")"
"$S" report "$hosts" --format markdown | grep -q '^Host: AMD EPYC 7B13' ||
	fail "report RESULT.json --format markdown: no host line"
"$S" report "$hosts" --format json | grep -q '"machine_id":[[:space:]]*"3f9a1c2b7d4e5f60"' ||
	fail "report RESULT.json --format json: no host.machine_id"
! grep -q '^Host:' "$F/result.txt" || fail "result.txt: a host line for a result that records none"
# a probe of one sample is "1 sample"
printf '{"format": "syncgate-result/1", "engine": "e", "probe": {"format": "syncgate-probe/1", "host": {"id": "h"}, "volume": {"id": "v"}, "method": "fdatasync", "samples_ns": [3000000], "median_ns": 3000000, "reaches_device": "yes", "evidence": ["x"]}, "classes": [{"name": "c", "kind": "write", "p50_ns": 6000000, "p99_ns": 9000000}]}\n' \
	>"$tmp/one-sample.json"
"$S" report "$tmp/one-sample.json" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  / /g' >"$tmp/one-sample.txt"
grep -qF "the median of the result's probe before the run, as it carries no rounds through the run (1 sample, fdatasync" "$tmp/one-sample.txt" ||
	fail "one-sample.json: $(grep -F 'probe (' "$tmp/one-sample.txt")"
expect 2 "fixtures/report/result.json: a result renders as text, markdown or json, not junit" \
	"$S" report "$F/result.json" --format junit
printf '{"format": "syncgate-result/1", "engine": "", "classes": []}\n' >"$tmp/badresult.json"
expect 2 "$tmp/badresult.json: engine" "$S" report "$tmp/badresult.json"

# --- a verdict saved before the default spread -------------------------------
# One run a side against a baseline without --single-run-ok was ruled at
# its own sampling, a fail held indeterminate: baseline-fail as such a
# verdict is re-ruled so, exit 0, its why and the legend for it given.
sed -e 's/"single_run_ok":\ttrue/"single_run_ok":\tfalse/' \
	-e 's/"code":\t"single-run-ok"/"code":\t"one-run-held"/' "$F/baseline-fail.json" >"$tmp/held.json"
exits 0 "$S" report "$tmp/held.json" -o "$tmp/held.txt" --format json -o "$tmp/held.v.json"
grep -Eq '^  indeterminate +write +p50 regression +1.08x +- +<= 1.02x +held: 1 run$' "$tmp/held.txt" &&
	grep -q "^  held: 1 run: held indeterminate: one run a side cannot tell a change of this size" "$tmp/held.txt" &&
	grep -q "^  - baseline mode over one run a side: a check that would fail is held indeterminate" "$tmp/held.txt" &&
	grep -q '^Verdict: indeterminate$' "$tmp/held.txt" ||
	fail "a held fail of an earlier verdict: $(cat "$tmp/held.txt")"
tr -d ' \t\n' <"$tmp/held.v.json" | grep -q '"statistic":"p50regression".*"held":true' ||
	fail "the held check is not held in the verdict's JSON"

# --- --summary (GITHUB_STEP_SUMMARY) -------------------------------------------
sum="$tmp/summary.md"
exits 1 env GITHUB_STEP_SUMMARY=$sum "$S" report "$F/split.json" --format json --summary >/dev/null
same "$sum" "$F/split.md"
exits 1 env GITHUB_STEP_SUMMARY=$sum "$S" report "$F/split.json" --format json --summary >/dev/null
{ cat "$F/split.md"; echo; cat "$F/split.md"; } >"$tmp/twice.md"
same "$sum" "$tmp/twice.md"
head -c 1047000 /dev/zero | tr '\0' 'x' >"$tmp/full.md"
cp "$tmp/full.md" "$tmp/full.before"
GITHUB_STEP_SUMMARY="$tmp/full.md" expect 1 "$tmp/full.md holds 1047000 bytes; the verdict (" \
	"$S" report "$F/split.json" --format json --summary
grep -qF "and its short form too) would grow it past 1 MiB, so the summary is not appended" "$tmp/err" ||
	fail "a summary that does not fit: $(cat "$tmp/err")"
same "$tmp/full.md" "$tmp/full.before"

# A gate of 5000 classes a side, each failing: the whole Markdown (1.3
# MB) would pass GitHub's 1 MiB, so its short form goes in: the verdict,
# the halves as counts, the classes that did not pass (cut with "and N
# more" when the file already holds some), the notes, and where the full
# table is.  The gate and the report append the same bytes.
big_result() {
	awk -v eng="$1" -v p50="$2" -v p99="$3" 'BEGIN {
		printf "{\"format\":\"syncgate-result/1\",\"engine\":\"%s\",\"classes\":[", eng
		for (i = 0; i < 5000; i++)
			printf "%s{\"name\":\"class-%05d\",\"kind\":\"read\",\"p50_ns\":%d,\"p99_ns\":%d}",
			    i ? "," : "", i, p50, p99
		print "]}" }'
}
mib=1048576
big_result zu 1000 2000 >"$tmp/big-ours.json"
big_result ladybug 5000 30000 >"$tmp/big-rival.json"
: >"$tmp/big.md"
GITHUB_STEP_SUMMARY="$tmp/big.md" expect 1 "its short form (" "$S" gate "$tmp/big-ours.json" \
	--rival "$tmp/big-rival.json" --format json -o "$tmp/big.json" --summary
grep -qF "would grow $tmp/big.md past 1 MiB" "$tmp/err" || fail "big summary: $(cat "$tmp/err")"
n=$(wc -c <"$tmp/big.md")
[ "$n" -gt 100000 ] && [ "$n" -le $mib ] || fail "big summary: $n bytes, expected 100000 to $mib"
grep -qF '## ❌ syncgate: fail' "$tmp/big.md" || fail "big summary: no verdict"
grep -qF '**Reads: fail**: 5000 of 10000 checks fail; the worst: ' "$tmp/big.md" ||
	fail "big summary: no counts for reads"
grep -qF '**Writes: not ruled**' "$tmp/big.md" || fail "big summary: no writes"
grep -qF '| class-04999 | read | 1µs | 2µs | 5µs | 30µs | 5.00 | 15.00 | ❌ fail |' "$tmp/big.md" ||
	fail "big summary: the last failing class is missing"
grep -qF 'every class, the checks and the probes are in the outputs written with -o' "$tmp/big.md" ||
	fail "big summary: no word of where the full table is"
! grep -q 'Checks' "$tmp/big.md" || fail "big summary: the checks table is in the short form"
: >"$tmp/big.r.md"
exits 1 env GITHUB_STEP_SUMMARY="$tmp/big.r.md" "$S" report "$tmp/big.json" --format json \
	-o /dev/null --summary 2>/dev/null
same "$tmp/big.r.md" "$tmp/big.md"
head -c 800000 /dev/zero | tr '\0' 'x' >"$tmp/half.md"
GITHUB_STEP_SUMMARY="$tmp/half.md" expect 1 "its short form (" \
	"$S" report "$tmp/big.json" --format json -o /dev/null --summary
n=$(wc -c <"$tmp/half.md")
[ "$n" -le $mib ] || fail "half-full summary: $n bytes, over $mib"
grep -q '^and [0-9]* more that did not pass\.$' "$tmp/half.md" ||
	fail "half-full summary: the rows are not cut with \"and N more\""
(unset GITHUB_STEP_SUMMARY; expect 1 "GITHUB_STEP_SUMMARY is not set; no summary written" \
	"$S" report "$F/split.json" --format json --summary)
# a summary that cannot be appended is refused before anything is written
GITHUB_STEP_SUMMARY="$tmp/no/such/dir/s.md" expect 2 "GITHUB_STEP_SUMMARY $tmp/no/such/dir/s.md: its folder $tmp/no/such/dir: No such file" \
	"$S" report "$F/split.json" --format json --summary
[ -s "$tmp/out" ] && fail "a summary in a missing folder: the verdict was written first"

# --- bad input: one line naming the file and what was expected, exit 2 --------
printf '{"format": "syncgate-verdict/1",\n  "verdict": }\n' >"$tmp/syntax.json"
printf '{"format": "nope/1"}\n' >"$tmp/nope.json"
printf '[1, 2]\n' >"$tmp/array.json"
printf '' >"$tmp/empty.json"
sed 's/"p50_ns":\t53960/"p50_ns":\t"fast"/' "$F/split.json" >"$tmp/badfield.json"
sed 's/"verdict":\t"fail",/"verdict":\t"maybe",/' "$F/split.json" >"$tmp/badverdict.json"
# figures no gate could produce, and a verdict its halves contradict
sed '0,/"p50":\t220.41999629355078/s//"p50":\t-1e308/' "$F/split.json" >"$tmp/badratio.json"
sed '0,/"p50_ns":\t53960/s//"p50_ns":\t1e300/' "$F/split.json" >"$tmp/badlatency.json"
sed '0,/"verdict":\t"fail",/s//"verdict":\t"pass",/' "$F/split.json" >"$tmp/badoverall.json"
# the verdict, the writes half and its class say pass; the class's checks still fail
awk '/"verdict":\t"fail",/ && n < 3 { sub(/"fail"/, "\"pass\""); n++ } { print }' \
	"$F/split.json" >"$tmp/allpass.json"
# every limit moved until its check passes and every verdict made a pass:
# the limits are not the threshold; with the threshold moved too, the
# checks are ruled again against it and say so in the gate's words, the
# file's "below 10x" gone, whatever words the file gives
pass_all='s/"verdict":\t"fail"/"verdict":\t"pass"/'
sed -e "$pass_all" -e 's/"limit":\t10/"limit":\t8/' "$F/reads-fail-p50.json" >"$tmp/limits.json"
sed -e "$pass_all" -e 's/"limit":\t10/"limit":\t8/' -e 's/"read_speedup":\t10/"read_speedup":\t8/' \
	"$F/reads-fail-p50.json" >"$tmp/threshold.json"
sed -e 's/, below 10x"/, at least 8x"/' -e 's/, at least 10x"/, at least 8x"/' \
	"$tmp/threshold.json" >"$tmp/words.json"
expect 2 "$tmp/limits.json: checks[0].limit is 8; expected 10, reads.read_speedup" \
	"$S" report "$tmp/limits.json"
[ ! -s "$tmp/out" ] || fail "a verdict that lies still printed something"
for c in threshold words; do
	expect 0 "" "$S" report --verbose "$tmp/$c.json"
	grep -q "below 10x" "$tmp/out" && fail "$c.json: the words of a fail against 10x still printed"
	grep -q "^Reads: pass: 1 class, at least 8x faster than ladybug" "$tmp/out" ||
		fail "$c.json: not the gate's summary against 8x: $(grep '^Reads' "$tmp/out")"
	grep -q "^  pass  point-read: .*, at least 8x$" "$tmp/out" ||
		fail "$c.json: a check not in the gate's words against 8x"
done
expect 2 "$tmp/missing.json: No such file or directory" "$S" report "$tmp/missing.json"
expect 2 "$tmp: is a directory; expected a JSON file" "$S" report "$tmp"
expect 2 "$tmp/syntax.json: not JSON: syntax error at line 2, column 14" \
	"$S" report "$tmp/syntax.json"
expect 2 "$tmp/empty.json: empty file; expected JSON" "$S" report "$tmp/empty.json"
expect 2 "$tmp/nope.json: format is \"nope/1\"; expected \"syncgate-verdict/1\", \"syncgate-result/1\" or \"syncgate-probe/1\"" \
	"$S" report "$tmp/nope.json"
expect 2 "$tmp/array.json: format is missing; expected" "$S" report "$tmp/array.json"
printf '{"format": "syncgate-verdict/2"}\n' >"$tmp/later.json"
expect 2 "$tmp/later.json: format is \"syncgate-verdict/2\", later than this syncgate reads; expected \"syncgate-verdict/1\" or earlier" \
	"$S" report "$tmp/later.json"
expect 2 "$tmp/badfield.json: reads.classes[0].ours.p50_ns is a string; expected a positive number of nanoseconds, from 1 to a day, or null" \
	"$S" report "$tmp/badfield.json" --format json
expect 2 "$tmp/badverdict.json: verdict is \"maybe\"; expected \"pass\", \"fail\", \"indeterminate\" or \"not ruled\"" \
	"$S" report "$tmp/badverdict.json" --format json
expect 2 "$tmp/badratio.json: reads.classes[0].ratio.p50 is -1e+308; expected a positive ratio or null" \
	"$S" report "$tmp/badratio.json"
expect 2 "$tmp/badlatency.json: reads.classes[0].ours.p50_ns is 1e+300, over a day; expected a positive number of nanoseconds, from 1 to a day, or null" \
	"$S" report "$tmp/badlatency.json"
[ ! -s "$tmp/out" ] || fail "a malformed verdict still printed something"
# rulings made a pass over failing checks are ruled again: the gate's own
# rendering and its exit status, 1
exits 1 "$S" report "$F/split.json" --format markdown >"$tmp/split.md"
for c in badoverall allpass; do
	expect 1 "" "$S" report "$tmp/$c.json" --format markdown
	cmp -s "$tmp/out" "$tmp/split.md" || fail "$c.json: not rendered as the gate ruled it"
done

# --- --github-annotations: GitHub's workflow commands, on the flag only ------
# one ::error a failed check, one ::warning an indeterminate one, after the
# text; a name's newline and the reasons' % escaped; never without the flag
exits 1 "$S" report "$F/baseline-fail.json" --github-annotations >"$tmp/ann.out"
[ "$(grep -c '^::error title=syncgate%3A write p50 regression fail::' "$tmp/ann.out")" = 1 ] ||
	fail "baseline-fail: no ::error for write p50: $(grep '^::' "$tmp/ann.out")"
grep -q '8.33%25 slower' "$tmp/ann.out" || fail "baseline-fail: % not escaped"
[ "$(grep -c '^::warning ' "$tmp/ann.out")" = 0 ] || fail "baseline-fail: a warning"
"$S" report "$F/samples-intervals.json" --github-annotations >"$tmp/ann.out"
# one a check left open, and the verdict's own, first, saying what would settle it
[ "$(grep -c '^::warning title=' "$tmp/ann.out")" = 4 ] ||
	fail "samples-intervals: expected 4 warnings: $(grep '^::' "$tmp/ann.out")"
grep '^::' "$tmp/ann.out" | head -n 1 | grep -q '^::warning title=syncgate%3A verdict indeterminate::the gate could not rule: 3 of 5 checks neither passed nor failed; what would settle it: about 48550 samples a side$' ||
	fail "samples-intervals: the verdict's own warning is not first: $(grep '^::' "$tmp/ann.out" | head -n 1)"
exits 1 "$S" report "$F/hostile-gate.json" --github-annotations >"$tmp/ann.out"
grep '^::error title=syncgate%3A write\\x0a| evil' "$tmp/ann.out" >/dev/null ||
	fail "hostile-gate: the name's newline: $(grep '^::' "$tmp/ann.out")"
! grep -q "$(printf '\033')" "$tmp/ann.out" || fail "hostile-gate: an escape byte in the annotations"
exits 1 env GITHUB_ACTIONS=true "$S" report "$F/baseline-fail.json" >"$tmp/ann.out"
! grep -q '^::' "$tmp/ann.out" || fail "annotations without --github-annotations"
expect 2 "--github-annotations writes to standard output, where --format json goes; expected -o FILE for it" \
	"$S" report "$F/baseline-fail.json" --format json --github-annotations
expect 2 "--github-annotations: $F/result-unprobed.json: a result has no checks to annotate; expected a verdict" \
	"$S" report "$F/result-unprobed.json" --github-annotations
exits 1 "$S" report "$F/baseline-fail.json" --format json -o "$tmp/ann.json" --github-annotations >"$tmp/ann.out"
[ "$(wc -l <"$tmp/ann.out")" = 1 ] || fail "--format json -o FILE: stdout holds more than the annotation"

# --- usage ---------------------------------------------------------------------
expect 2 "no FILE to report on; expected one; see syncgate help report" "$S" report
expect 2 "unexpected argument b.json; expected one FILE" "$S" report a.json b.json
expect 2 "--format: yaml is not one of text, markdown, json, junit, html, benchmark-action, bencher" \
	"$S" report "$F/split.json" --format yaml
expect 2 "unknown option --colour; see syncgate help report" "$S" report "$F/split.json" --colour
expect 2 "unknown option -x; see syncgate help report" "$S" report "$F/split.json" -x
expect 2 "-o needs a value" "$S" report "$F/split.json" -o
# one file for two formats would keep only the last; two on standard output run together
expect 2 "-o $tmp/same.out is given twice; expected one file a format" \
	"$S" report "$F/split.json" --format json -o "$tmp/same.out" --format html -o "$tmp/same.out"
[ ! -e "$tmp/same.out" ] || fail "a refused -o still wrote $tmp/same.out"
expect 2 "-o - is given twice; expected one file a format" \
	"$S" report "$F/split.json" --format json -o - --format markdown -o -
[ ! -s "$tmp/out" ] || fail "a refused -o - still printed"
echo keep >"$tmp/real.out"
ln -s real.out "$tmp/link.out"
expect 2 "-o $tmp/link.out is given twice; expected one file a format" \
	"$S" report "$F/split.json" --format json -o "$tmp/real.out" --format html -o "$tmp/link.out"
expect 2 "-o $tmp/link.out is given twice; expected one file a format" \
	"$S" gate fixtures/gate/split/ours.json --rival fixtures/gate/split/rival.json \
	--format json -o "$tmp/real.out" --format html -o "$tmp/link.out"
[ "$(cat "$tmp/real.out")" = keep ] || fail "a refused -o changed the file it names"
# two names of one file yet to be made
expect 2 "-o $tmp/new.out is given twice; expected one file a format" \
	"$S" report "$F/split.json" --format json -o "$tmp/./new.out" --format html -o "$tmp/new.out"
[ ! -e "$tmp/new.out" ] || fail "a refused -o still made $tmp/new.out"
exits 1 "$S" report "$F/split.json" --format json -o /dev/null --format html -o /dev/null ||
	fail "/dev/null twice was refused"
# nothing read is written over: the file, a result's samples files, by -o,
# by standard output appended to it, or by the step summary
mkdir "$tmp/own"
cp "$F/split.json" "$tmp/own/v.json"
cp fixtures/import/probe.json "$tmp/own/p.json"
cp -r fixtures/gate/samples-file/ours.json fixtures/gate/samples-file/zu-point-read.txt \
	fixtures/gate/samples-file/samples "$tmp/own/"
cp -r "$tmp/own" "$tmp/kept"
expect 2 "-o $tmp/own/v.json names the input $tmp/own/v.json; expected another file for the verdict" \
	"$S" report "$tmp/own/v.json" -o "$tmp/own/v.json"
expect 2 "-o $tmp/own/./p.json names the input $tmp/own/p.json; expected another file for the probe record" \
	"$S" report "$tmp/own/p.json" --format json -o "$tmp/own/./p.json"
expect 2 "-o $tmp/own/samples/zu-write.txt names the input $tmp/own/ours.json's samples_file $tmp/own/samples/zu-write.txt; expected another file for the result's summary" \
	"$S" report "$tmp/own/ours.json" -o "$tmp/own/samples/zu-write.txt"
GITHUB_STEP_SUMMARY="$tmp/own/v.json" expect 2 "GITHUB_STEP_SUMMARY $tmp/own/v.json names the input $tmp/own/v.json; expected another file for the step summary" \
	"$S" report "$tmp/own/v.json" --summary
GITHUB_STEP_SUMMARY="$tmp/own/zu-point-read.txt" expect 2 "GITHUB_STEP_SUMMARY $tmp/own/zu-point-read.txt names the input $tmp/own/ours.json's samples_file" \
	"$S" report "$tmp/own/ours.json" --summary
GITHUB_STEP_SUMMARY="$tmp/sum.md" expect 2 "GITHUB_STEP_SUMMARY $tmp/sum.md names the same file as -o $tmp/./sum.md; expected another file for the step summary" \
	"$S" report "$F/split.json" --format json -o "$tmp/./sum.md" --summary
[ ! -e "$tmp/sum.md" ] || fail "--summary naming -o: the -o was written"
expect 2 "-o $tmp: is a directory; expected a file to write" \
	"$S" report "$F/split.json" -o "$tmp/first.txt" -o "$tmp"
[ ! -e "$tmp/first.txt" ] || fail "-o a directory: the -o before it was written"
set +e
"$S" report "$tmp/own/v.json" >>"$tmp/own/v.json" 2>"$tmp/err"
got=$?
set -e
[ "$got" = 2 ] || fail ">> input: exit $got, expected 2"
grep -qF "standard output names the input $tmp/own/v.json; expected another file for the verdict" "$tmp/err" ||
	fail ">> input: stderr lacks the refusal: $(cat "$tmp/err")"
diff -r "$tmp/own" "$tmp/kept" >/dev/null || fail "a refused output changed an input"
"$S" report --help >"$tmp/help"
grep -q '^usage: syncgate report FILE' "$tmp/help" || fail "--help: no usage line"
"$S" help report | cmp -s - "$tmp/help" || fail "syncgate help report differs from --help"

# every text the goldens hold, a verdict's or a result's, read at a
# glance: no line past 120 characters
wide=$(too_wide "$F"/*.txt)
[ -z "$wide" ] || fail "lines past 120 characters: $wide"

[ "$failures" -eq 0 ] || { echo "cli_report: $failures failed" >&2; exit 1; }
echo "cli_report: ok"
