#!/bin/sh
# SPDX-License-Identifier: MIT
# Whether the gate decides, on real runs of this machine (issue 23, "On
# real LMDB runs here"): syncgate-bench lmdb, point reads only (--mix
# 1:0:0, DECIDE_OPS operations a run), 250-byte values against 100-byte
# ones.
#   calibrate  the first 10 runs of the A/A pool below: each statistic's
#              log_sd, and the smallest change 10 runs a side tell at 80%
#              power; the largest of those, rounded up to a whole
#              percent, is the smallest limit 10 runs a side can settle
#              (LIMIT, used by seq-aa).
#   aa         DECIDE_AA_RUNS (20) runs of one configuration
#              (syncgate-bench --runs), DECIDE_TRIALS (30) seeded random
#              splits of 10 against 10, gated in baseline mode at the
#              default 5% and at 10%.  Goal: no fail.
#   power      syncgate run --runs DECIDE_POWER_RUNS (20) of 250 and 100
#              (ABBA), DECIDE_TRIALS seeded draws of 5 run numbers, the
#              250-byte runs of those numbers as NEW against the 100-byte
#              ones, at the default 5%.  Goal: at least 27 of 30 fail.
#   one-run    the A/A pool's runs in pairs (1 against 2, 3 against 4,
#              ...), one run a side at --max-regression 3.  Goal: none
#              passes.
#   seq-250    10 runs of syncgate run --runs 3..12 --mode baseline, 250
#              against 100, at the default 5%.  Goal: at least 9 fail,
#              after a median of at most 5 runs a side.
#   seq-aa     10 of the same with one command twice (100 against 100),
#              at --max-regression LIMIT.  Goal: no fail, at least 8 pass.
# Each table counts the verdicts (fail, indeterminate, pass) and each
# check's ruling at p50 and p99; the notes the gates gave, with how often,
# follow each part.  The splits and draws come from a seeded Park-Miller
# generator in awk (the same in every awk), so a rerun on the same runs
# gates the same splits.  Each runs-until-decided invocation and the
# commands of each part are printed before they run.
#
# Figures here (2 cores, AMD EPYC VM, ext4 on virtio; DECIDE_OPS 20000;
# 2026-12-03, syncgate at 7f95ea7; each run about 10 minutes).  Run 1:
# another engineer's test binary held one core at 100% throughout (load
# 1.0 to 1.4).  Run 2, right after: quiet but for the same engineer's
# builds and test suites in bursts (load 0.2 to 1.7).  fail /
# indeterminate / pass:
#                          run 1                 run 2             goal
#   calibrate log_sd       p50 0.146, p99 0.077  p50 0.104, p99 0.069
#     10 runs settle       21% (p50), 10% (p99)  15%, 9.4%
#   aa at 5%               0 / 27 / 3            0 / 27 / 3         no fail
#   aa at 10%              0 / 23 / 7            0 / 11 / 19        no fail
#   power, 20 a side       p50 +12.4% (4.0 to    p50 +11.4% (5.6 to
#                          21.5), p99 +8.6%      17.6), p99 +12.5%
#                          (4.5 to 12.8)         (7.0 to 18.4)
#   power, 5 a side        2 / 28 / 0            10 / 20 / 0        >= 27 fail
#   one-run at 3%          0 / 10 / 0            0 / 10 / 0         no pass
#   seq-250 at 5%          0 / 10 / 0, all at    0 / 10 / 0, all at >= 9 fail,
#                          12 runs a side        12                 median <= 5
#   seq-aa                 at 21%: 0 / 0 / 10,   at 15%: 0 / 6 / 4, no fail,
#                          median 9.5 runs       median 12          >= 8 pass
# The runs here spread 11% to 16% at p50 from one to the next (runs of
# 230 to 331 ns on a 10 ns clock), not the 3% issue 23 measured, and 250
# bytes cost 11% to 12% at p50 and 9% to 13% at p99, not 16% and 25%: at
# that noise 5 runs a side cannot fail 11% against 5% (the interval's
# half-width is about 15%), nor can 12 runs at the last look's 99.6%.
# In runs 1 and 2 one run a side passed no pair only because 20000
# samples in stretches cannot bound p99: the p50 checks passed 4 and 2 of
# 10 pairs on sampling alone (230 ns against 331 ns: "30.51% faster, 95%
# interval from 35.19% to 28.04% faster"), and at --ops 400000 one pair
# of four passed whole.
# Run 3 (06:08-06:17, syncgate at 7f4b919: one run a side with the
# default spread, paired sides, runs needed by probability; quiet, load
# 0.02 to 0.8): calibrate log_sd p50 0.091, p99 0.126, 10 runs settle
# 19%; aa at 5% 1 / 29 / 0 (one split's p99, 13.6% slower, 5.2% to
# 22.7%), at 10% 0 / 18 / 12; power, 5 a side 2 / 28 / 0 (20 of the 30
# draws paired), 20 a side p50 +8.4% (2.2 to 15.0), p99 +11.1% (4.8 to
# 17.8); one-run at 3% 0 / 10 / 0, p50 0 / 10 / 0 too (the default
# spread); seq-250 0 / 10 / 0 and, rerun alone (log_sd p50 0.082, p99
# 0.050), 1 / 9 / 0, all at 12 runs a side; seq-aa at 19% 0 / 2 / 8,
# median 9.5 runs a side.
# Run 4 (08:06-08:14, syncgate at 59b799c: runs until decided stop at the
# first fail, their looks at simulated exact levels; quiet, load 0.1 to
# 0.6): calibrate log_sd p50 0.170, p99 0.099, 10 runs settle 27%; aa at
# 5% 0 / 26 / 4, at 10% 0 / 21 / 9; power, 20 a side p50 +6.0% (-1.2 to
# 13.8), p99 +6.1% (0.05 to 12.4): 250 bytes cost 6% here this time, on
# the 5% limit, so 5 a side 0 / 30 / 0 is the right answer, not a miss of
# power; one-run at 3% 0 / 10 / 0; seq-250 2 / 8 / 0 (p99 failing after
# 5 and 10 runs a side); seq-aa at 27% 0 / 0 / 10, median 3.5 runs a side
# (9.5 to 12 before). Six runs each of 100, 250, 1000 and 4000 bytes
# right after, one process a run: p50 medians 295, 355, 365 and 386 ns,
# the 250-byte runs from 290 to 441 ns: one configuration's runs here
# differ by up to 1.5x at p50, more than the value's size moves it.
# The machine does that with no engine: bench/steady.c, random reads over
# 3 MB (about the database's size), gives one process a p50 of 160 ns
# and the next 60 ns in some minutes (8 processes: 160 70 61 60 90 160
# 150 150), 170 +- 10 ns in others.  Run it before reading this table on
# another machine.
#
# usage: sh bench/decide.sh [BUILD] [PART...]   (PART: all, or any of
#   calibrate aa power one-run seq-250 seq-aa; seq-aa needs calibrate)
# environment: DECIDE_DIR (a scratch folder on the disk to measure,
#   removed afterwards; default a new one under the current directory),
#   DECIDE_OPS (20000), DECIDE_AA_RUNS (20), DECIDE_POWER_RUNS (20),
#   DECIDE_TRIALS (30), DECIDE_SEQ (10 sequences a side), DECIDE_SEED (1),
#   DECIDE_LIMIT (seq-aa's limit, instead of calibrate's)
set -eu
build=${1:-build}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- all
sg=$(cd "$(dirname "$build/syncgate")" && pwd)/syncgate
bench=$(cd "$(dirname "$build/syncgate-bench")" && pwd)/syncgate-bench
if ! [ -x "$sg" ] || ! [ -x "$bench" ]; then
	echo "decide: $sg or $bench is not built; run make first" >&2
	exit 2
fi
ops=${DECIDE_OPS:-20000}
aa_runs=${DECIDE_AA_RUNS:-20}
power_runs=${DECIDE_POWER_RUNS:-20}
trials=${DECIDE_TRIALS:-30}
seqs=${DECIDE_SEQ:-10}
seed=${DECIDE_SEED:-1}
limit=${DECIDE_LIMIT:-}
work=${DECIDE_DIR:-$(mktemp -d "$PWD/.syncgate-decide.XXXXXX")}
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/db"
status=0
start=$(date +%s)

# cmd BYTES: syncgate-bench's point reads at BYTES a value, as syncgate run's --cmd
cmd() {
	# shellcheck disable=SC2016 # $SYNCGATE_DIR is syncgate run's to expand
	printf '%s lmdb --mix 1:0:0 --ops %s --value-bytes %s --dir "$SYNCGATE_DIR" -o "$SYNCGATE_RESULT"' \
		"$bench" "$ops" "$1"
}

# load: the machine's load average and the time gone, for the record
load() {
	printf 'decide: %s, %ss gone, load average %s\n' "$1" "$(($(date +%s) - start))" \
		"$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
}

# draw N K T: K distinct numbers of 1..N, the T-th draw of the seeded
# generator (Park-Miller, exact in an awk double), one line
draw() {
	awk -v n="$1" -v k="$2" -v s="$((seed * 7919 + $3 * 104729))" 'BEGIN {
		x = s % 2147483646 + 1
		for (i = 0; i < 8; i++) x = (x * 16807) % 2147483647
		for (i = 1; i <= n; i++) p[i] = i
		for (i = n; i > 1; i--) {
			x = (x * 16807) % 2147483647
			j = int(x / 2147483647 * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t
		}
		for (i = 1; i <= k; i++) printf "%s%d", (i > 1 ? " " : ""), p[i]
		print ""
	}'
}

# tally PART: counts the verdict of $work/v.txt and its checks' rulings
# into $work/PART.verdicts, .checks and .notes
tally() {
	sed -n 's/^Verdict: //p' "$work/v.txt" >>"$work/$1.verdicts"
	awk '/^Checks at/ { on = 1; next } on && NF == 0 { exit }
		on { w = $1; s = ($0 ~ / at p50 /) ? "p50" : ($0 ~ / at p99 /) ? "p99" : "other"; print s, w }' \
		"$work/v.txt" >>"$work/$1.checks"
	awk '/^Notes:/ { on = 1; next } on && NF == 0 { exit }
		on { sub(/^  - /, ""); gsub(/\/[^ ),]*/, "FILE"); gsub(/[0-9][0-9.]*/, "N"); print substr($0, 1, 300) }' \
		"$work/v.txt" >>"$work/$1.notes"
}

# gate PART ARGS...: syncgate gate ARGS, the verdict tallied for PART
gate() {
	part=$1
	shift
	set +e
	"$sg" gate "$@" >"$work/v.txt" 2>&1
	st=$?
	set -e
	[ "$st" -le 1 ] || { cat "$work/v.txt" >&2; exit 2; }
	tally "$part"
}

# count PART WORD: how many of PART's verdicts are WORD
count() {
	grep -cx "$2" "$work/$1.verdicts" || true
}

# row PART LABEL GOAL: one line of a table, from PART's tallies
row() {
	f=$(count "$1" fail)
	i=$(count "$1" indeterminate)
	p=$(count "$1" pass)
	n=$((f + i + p))
	c=$(awk '{ k[$1 " " $2]++ } END {
		for (s = 0; s < 2; s++) { st = s ? "p99" : "p50"
			printf "%s %d/%d/%d  ", st, k[st " fail"], k[st " indeterminate"], k[st " pass"] } }' \
		"$work/$1.checks")
	printf '%-44s %6d %5d %13d %5d   %s %s\n' "$2" "$n" "$f" "$i" "$p" "$c" "$3"
}

header() {
	printf '\n%-44s %6s %5s %13s %5s   %s\n' "$1" "trials" "fail" "indeterminate" "pass" \
		"checks fail/indeterminate/pass"
}

# say WORD...: the words as a command line, each quoted where it holds a blank
say() {
	printf 'decide:'
	for w in "$@"; do
		case $w in
		*[[:space:]]*) printf " '%s'" "$w" ;;
		*) printf ' %s' "$w" ;;
		esac
	done
	printf '\n'
}

# notes PART: the gates' notes (figures as N, files as FILE), most frequent first
notes() {
	echo "  notes of $1's gates (count, text with figures as N, files as FILE):"
	sort "$work/$1.notes" | uniq -c | sort -rn | sed 's/^ */    /'
}

# goal OK TEXT: says whether a goal was met; a goal missed makes the exit status 1
goal() {
	if [ "$1" = 1 ]; then
		echo "  goal met: $2"
	else
		echo "  goal MISSED: $2"
		status=1
	fi
}

want() {
	for w in "$@"; do
		for p in $parts; do
			[ "$p" = all ] || [ "$p" = "$w" ] && return 0
		done
	done
	return 1
}
parts="$*"

echo "decide: syncgate $("$sg" --version | cut -d' ' -f2), DECIDE_OPS $ops, seed $seed, in $work"
load "start"

# --- the A/A pool: one configuration, aa_runs runs ---------------------------
if want calibrate aa one-run seq-aa; then
	say "$bench" lmdb --runs "$aa_runs" --mix 1:0:0 --ops "$ops" --value-bytes 100 --dir "$work/db" -o "$work/aa.json"
	"$bench" lmdb --runs "$aa_runs" --mix 1:0:0 --ops "$ops" --value-bytes 100 \
		--dir "$work/db" -o "$work/aa.json" 2>"$work/bench.err" ||
		{ cat "$work/bench.err" >&2; exit 2; }
	grep 'point-read' "$work/bench.err" | sed 's/^syncgate-bench: */  /'
	load "A/A pool written"
fi

# --- calibrate: the runner's noise and the limit 10 runs can settle ------------
if want calibrate seq-aa; then
	echo
	echo "== calibrate: the first 10 runs of the A/A pool"
	files=""
	for n in 1 2 3 4 5 6 7 8 9 10; do files="$files $work/aa.$n.json"; done
	# shellcheck disable=SC2086 # the list is words by design
	"$sg" calibrate $files --format text -o "$work/cal.txt" --format json -o "$work/noise.json"
	cat "$work/cal.txt"
	awk '/"p50":|"p99":/ { s = $1; gsub(/[":]/, "", s) }
		/"log_sd":/ { v = $2; gsub(/,/, "", v); printf "  log_sd %s %.4f (%.1f%%)\n", s, v, (exp(v) - 1) * 100 }' \
		"$work/noise.json" | tee "$work/logsd.txt"
	cal=$(awk '$2 ~ /^p(50|99)$/ && $NF ~ /%$/ { v = $NF; sub(/%/, "", v); if (v + 0 > m) m = v + 0 }
		END { l = int(m); if (l < m) l++; print l }' "$work/cal.txt")
	echo "  the smallest limit 10 runs a side can settle: ${cal}% (the largest 10-run figure, rounded up)"
	[ -n "$limit" ] || limit=$cal
fi

# --- aa: 10 against 10 at 5% and 10% ------------------------------------------
if want aa; then
	echo
	echo "== aa: $trials splits of the $aa_runs runs, 10 against 10, baseline mode"
	for lim in 5 10; do
		: >"$work/aa$lim.verdicts"; : >"$work/aa$lim.checks"; : >"$work/aa$lim.notes"
	done
	t=1
	while [ "$t" -le "$trials" ]; do
		# shellcheck disable=SC2046 # twenty numbers, by design
		set -- $(draw "$aa_runs" 20 "$t")
		new="" old="" i=0
		for n in "$@"; do
			i=$((i + 1))
			if [ "$i" -le 10 ]; then new="$new $work/aa.$n.json"; else old="$old --baseline $work/aa.$n.json"; fi
		done
		for lim in 5 10; do
			# shellcheck disable=SC2086 # the lists are words by design
			gate "aa$lim" $new $old --max-regression "$lim%"
			if grep -q '^Verdict: fail' "$work/v.txt"; then
				echo "  split $t at $lim% failed: $(grep '^  fail' "$work/v.txt" | head -2)"
			fi
		done
		t=$((t + 1))
	done
	header "aa"
	row aa5 "A/A, 10 against 10, at 5%" ""
	row aa10 "A/A, 10 against 10, at 10%" ""
	notes aa5
	notes aa10
	goal "$([ "$(count aa5 fail)" = 0 ] && [ "$(count aa10 fail)" = 0 ] && echo 1)" \
		"no A/A split fails, at 5% or 10%"
	load "aa done"
fi

# --- power: 250 against 100, 5 runs a side, at 5% ------------------------------
if want power; then
	echo
	echo "== power: syncgate run --runs $power_runs, 250 against 100 (ABBA); $trials draws of 5 run numbers"
	say "$sg" run --runs "$power_runs" --probe-every off --dir "$work/db" -o "$work/p.json" \
		--engine v250 --import result --cmd "$(cmd 250)" \
		--engine v100 --import result --cmd "$(cmd 100)"
	"$sg" run --runs "$power_runs" --probe-every off --dir "$work/db" -o "$work/p.json" \
		--engine v250 --import result --cmd "$(cmd 250)" \
		--engine v100 --import result --cmd "$(cmd 100)" 2>"$work/run.err" ||
		{ tail -5 "$work/run.err" >&2; exit 2; }
	: >"$work/power.verdicts"; : >"$work/power.checks"; : >"$work/power.notes"
	files=""
	for n in $(seq 1 "$power_runs"); do files="$files $work/p.v250.$n.json"; done
	old=""
	for n in $(seq 1 "$power_runs"); do old="$old --baseline $work/p.v100.$n.json"; done
	echo "  all $power_runs runs a side, at 5%:"
	# shellcheck disable=SC2086 # the lists are words by design
	"$sg" gate $files $old >"$work/v.txt" 2>&1 || true
	sed -n '/^Class /,/^$/p;/^Checks at/,/^$/p' "$work/v.txt" | sed 's/^/    /'
	t=1
	while [ "$t" -le "$trials" ]; do
		new="" old=""
		for n in $(draw "$power_runs" 5 "$t"); do
			new="$new $work/p.v250.$n.json"
			old="$old --baseline $work/p.v100.$n.json"
		done
		# shellcheck disable=SC2086 # the lists are words by design
		gate power $new $old
		t=$((t + 1))
	done
	header "power"
	row power "250 against 100, 5 runs a side, at 5%" ""
	notes power
	goal "$([ "$(count power fail)" -ge 27 ] && echo 1)" "at least 27 of 30 fail ($(count power fail) did)"
	load "power done"
fi

# --- one-run: one run a side at 3% ---------------------------------------------
if want one-run; then
	echo
	echo "== one-run: the A/A pool in pairs, one run a side, --max-regression 3"
	: >"$work/one.verdicts"; : >"$work/one.checks"; : >"$work/one.notes"
	n=1
	while [ "$((n + 1))" -le "$aa_runs" ]; do
		gate one "$work/aa.$n.json" --baseline "$work/aa.$((n + 1)).json" --max-regression 3
		if grep -q '^Verdict: pass' "$work/v.txt"; then
			echo "  pair $n, $((n + 1)) passed:"
			grep '^  pass' "$work/v.txt" | sed 's/^/  /'
		fi
		n=$((n + 2))
	done
	header "one-run"
	row one "one run a side, unchanged, at 3%" ""
	notes one
	goal "$([ "$(count one pass)" = 0 ] && echo 1)" "no unchanged pair passes ($(count one pass) did)"
	load "one-run done"
fi

# seq PART LABEL ARGS...: DECIDE_SEQ runs of syncgate run --runs 3..12
# --mode baseline ARGS, each verdict tallied, and the runs a side it took
seq_runs() {
	part=$1
	shift
	: >"$work/$part.verdicts"; : >"$work/$part.checks"; : >"$work/$part.notes"; : >"$work/$part.k"
	say "$sg" run --runs 3..12 --mode baseline --probe-every off --dir "$work/db" -o "$work/$part.I.json" "$@"
	i=1
	while [ "$i" -le "$seqs" ]; do
		set +e
		"$sg" run --runs 3..12 --mode baseline --probe-every off --dir "$work/db" \
			-o "$work/$part.$i.json" "$@" >"$work/v.txt" 2>"$work/run.err"
		st=$?
		set -e
		[ "$st" -le 1 ] || { tail -5 "$work/run.err" >&2; exit 2; }
		tally "$part"
		k=$(tr -d '\t\n' <"$work/$part.$i.verdict.json" | grep -o '"runs":[0-9]*' | head -1 | cut -d: -f2)
		echo "$k" >>"$work/$part.k"
		echo "  sequence $i: $(sed -n 's/^Verdict: //p' "$work/v.txt") after $k runs a side"
		i=$((i + 1))
	done
}

# median PART: the median of PART's runs a side
median() {
	sort -n "$work/$1.k" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

if want seq-250; then
	echo
	echo "== seq-250: runs until decided, 250 against 100, at 5%"
	seq_runs seq250 --engine v250 --import result --cmd "$(cmd 250)" \
		--engine v100 --import result --cmd "$(cmd 100)"
	header "seq-250"
	row seq250 "3..12, 250 against 100, at 5%" "median $(median seq250) runs a side"
	notes seq250
	goal "$([ "$(count seq250 fail)" -ge 9 ] && awk -v m="$(median seq250)" 'BEGIN { exit !(m <= 5) }' && echo 1)" \
		"at least 9 of $seqs fail ($(count seq250 fail) did) after a median of at most 5 runs a side ($(median seq250))"
	load "seq-250 done"
fi

if want seq-aa; then
	[ -n "$limit" ] || { echo "decide: seq-aa needs calibrate's limit, or DECIDE_LIMIT" >&2; exit 2; }
	echo
	echo "== seq-aa: runs until decided, 100 against 100, at ${limit}%"
	seq_runs seqaa --max-regression "$limit%" --engine a --import result --cmd "$(cmd 100)" \
		--engine b --import result --cmd "$(cmd 100)"
	header "seq-aa"
	row seqaa "3..12, A/A, at ${limit}%" "median $(median seqaa) runs a side"
	notes seqaa
	goal "$([ "$(count seqaa fail)" = 0 ] && [ "$(count seqaa pass)" -ge 8 ] && echo 1)" \
		"no A/A sequence fails ($(count seqaa fail) did), at least 8 of $seqs pass ($(count seqaa pass) did)"
	load "seq-aa done"
fi

# --- the tables together ---------------------------------------------------------
echo
echo "== summary (DECIDE_OPS $ops, seed $seed)"
[ ! -s "$work/logsd.txt" ] || { echo "calibrate, 10 runs of 100-byte point reads:"; cat "$work/logsd.txt"; }
header "test"
[ ! -f "$work/aa5.verdicts" ] || row aa5 "A/A, 10 against 10, at 5%" "goal: no fail"
[ ! -f "$work/aa10.verdicts" ] || row aa10 "A/A, 10 against 10, at 10%" "goal: no fail"
[ ! -f "$work/power.verdicts" ] || row power "250 against 100, 5 runs a side, at 5%" "goal: >= 27 fail"
[ ! -f "$work/one.verdicts" ] || row one "one run a side, unchanged, at 3%" "goal: no pass"
[ ! -f "$work/seq250.verdicts" ] || row seq250 "3..12, 250 against 100, at 5%" \
	"median $(median seq250) runs a side; goal: >= 9 fail, median <= 5"
[ ! -f "$work/seqaa.verdicts" ] || row seqaa "3..12, A/A, at ${limit}%" \
	"median $(median seqaa) runs a side; goal: no fail, >= 8 pass"
load "end"
exit "$status"
