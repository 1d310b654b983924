#!/bin/sh
# SPDX-License-Identifier: MIT
# How long runs until decided take to decide (issue 34, item 4 and "Done
# when"): sequences of `syncgate run --runs MIN..MAX --mode baseline
# --max-regression LIMIT`, each timed on the wall clock around the whole
# invocation, on two kinds of pair:
#   aa    one command on both sides (an A/A).  Goal: no sequence fails, at
#         least half pass, median wall time <= 20 s.
#   reg   a regression at about twice LIMIT at p50.  Goal: at least 9 in
#         10 sequences fail, median wall time <= 10 s.
# Each row gives the sequences, fail / indeterminate / pass, the median
# wall seconds and runs a side, the goal and whether it was met; every
# sequence is printed as it ends, with the load average at its start.
# The parts:
#   lmdb      syncgate-bench lmdb --mix 1:0:0 (point reads only), TTD_OPS
#             a run, --import result; the regression is TTD_VALUE_NEW-byte
#             values against TTD_VALUE-byte ones.
#   db_bench  RocksDB's db_bench readrandom (--readonly, --cache_size
#             TTD_DB_CACHE, TTD_DB_READS reads a run, --histogram=1) of a
#             TTD_DB_NUM-key database (fillseq,compact, filled once per
#             script for each value size, outside the timed sequences),
#             --import db_bench; the regression is TTD_DB_VALUE_NEW-byte
#             values against TTD_DB_VALUE.  db_bench is in Debian's and
#             Ubuntu's rocksdb-tools (apt-get install rocksdb-tools); the
#             part is skipped, saying so, where it is missing.
# Why a larger value and not an injected delay: syncgate-bench has no
# option that slows an operation by a set amount, and a sleep in the
# command would time the sleep, not the engine.  A value size is a real
# change of the engine's work, but what it costs moves from minute to
# minute here (1000 bytes against 100 cost 10% to 12% at p50 in issue
# 34's runs, 18% and 23% on quieter minutes here, 39% at a load of
# 3.6); so each part first measures it: TTD_MEASURE_RUNS runs a side of
# the two configurations in turns (syncgate run --runs K), gated once,
# and prints the p50 and p99 change with their intervals beside LIMIT
# and twice LIMIT, so a reader knows what was tested.
# TTD_MEASURE_RUNS=0 skips that.  Every run keeps syncgate run's
# defaults but for the options above (probe rounds every 200ms through
# a run): the path a user takes.
#
# Figures here (2 cores, AMD EPYC VM, ext4 on virtio, shared with other
# engineers' builds and tests; 2026-12-03 23:36 to 12-04 00:25 UTC,
# syncgate at fce99e0; defaults but TTD_SEQ; fail / indeterminate /
# pass, median wall s, median runs a side):
#   TTD_SEQ=2, 23:36-23:41, load 2.6 to 6.2 (2000 bytes then):
#     2000 against 100 measured p50 +47.5% (+32.3% to +64.4%), p99 +65.8%
#     lmdb A/A          0 / 1 / 1, 81.7 s, 34      not met
#     lmdb 2000 vs 100  2 / 0 / 0, 5.85 s, 5       met
#     db_bench A/A      0 / 2 / 0, 29.4 s, 40      not met
#     db_bench 1500     0 / 2 / 0, 33.2 s, 40      not met
#   TTD_SEQ=10, 23:42-00:09 (1582 s), load 2.7 to 7.4 at the sequences'
#   starts (the 1-minute average):
#     1000 against 100 measured p50 +39.2% (+24.8% to +55.3%), p99 +69.6%
#     (+55.1% to +85.5%); 1500 against 1000 +0.0% at p50 and p99 to the
#     gate, db_bench's own P50 +8.0%, P99 +1.3%
#     lmdb A/A          0 / 4 / 6, 88.35 s, 32     not met
#     lmdb 1000 vs 100  10 / 0 / 0, 5.3 s, 5       met
#     db_bench A/A      0 / 10 / 0, 37.45 s, 40    not met
#     db_bench 1500     0 / 10 / 0, 33.85 s, 40    not met
#   TTD_SEQ=10, lmdb alone, 00:13-00:25 (733 s), load 2.1 to 4.7:
#     1000 against 100 measured p50 +17.2% (+16.6% to +17.8%), p99 +57.5%
#     (+36.5% to +81.7%)
#     lmdb A/A          0 / 4 / 6, 47.3 s, 25.5    not met
#     lmdb 1000 vs 100  10 / 0 / 0, 4.7 s, 5       met
#   TTD_SEQ=10 on main at c5f9149 (the per-run overhead cut), 00:27-00:40:
#     lmdb (load 1.6 to 3.7): 1000 against 100 measured p50 +31.2%
#     (+26.4% to +36.2%), p99 +54.9%
#     lmdb A/A          0 / 0 / 10, 4.65 s, 14     met
#     lmdb 1000 vs 100  10 / 0 / 0, 3.85 s, 5.5    met
#     db_bench (load 1.6 to 2.8): 1500 against 1000 +0.0% at p50 to the
#     gate, p99 +33.7% (+8.5% to +64.6%); db_bench's own P50 +8.9%
#     db_bench A/A      0 / 7 / 3, 25.45 s, 40     not met
#     db_bench 1500     0 / 10 / 0, 26.25 s, 40    not met
#   At fce99e0 the lmdb A/A's sequences took 6 to 40 runs a side (8.7 s
#   to 138 s) in the first run, 5 to 40 (4.7 s to 137 s) in the second:
#   four in ten reached 40 undecided each time, and those that passed
#   took 8.7 to 90 s and 4.7 to 54 s.  The regression failed at MIN (5
#   runs a side) 8 and 10 times in 10; in the first it cost +39% at p50,
#   about twice the 20% asked, in the second +17%, near it.  At c5f9149
#   a run of the median A/A took 0.17 s of wall time (4.65 s for 28),
#   against 0.7 to 1.7 s at fce99e0, and every sequence passed by 23
#   runs a side.
#   TTD_SEQ=10 on main at 3e9d231 (also the looks' spending, the pairs'
#   means and calibrate's plan), 2026-12-04 00:33-00:49:
#     lmdb, load 1.5 to 2.3: 1000 against 100 measured p50 +49.0%
#     (+34.7% to +64.7%), p99 +54.9%
#     lmdb A/A          0 / 1 / 9, 7.5 s, 24      met
#     lmdb 1000 vs 100  10 / 0 / 0, 2.55 s, 5     met
#     lmdb, TTD_VALUE_NEW=300, load 1.8 to 2.8: 300 against 100 measured
#     p50 +7.3% (+5.4% to +9.3%), p99 +33.5% (+19.4% to +49.3%)
#     lmdb A/A          0 / 1 / 9, 8.55 s, 28.5   met
#     lmdb 300 vs 100   10 / 0 / 0, 3.35 s, 9     met
#     db_bench, load 1.2 to 2.7: 1500 against 1000 +0.0% at p50 to the
#     gate (-19.0% to +23.5%), p99 +22.9%; db_bench's own P50 +9.5%
#     db_bench A/A      0 / 8 / 2, 25.15 s, 40    not met
#     db_bench 1500     1 / 9 / 0, 24.8 s, 40     not met
#   At fce99e0 the A/A's time went to the looks as much as to the runs: one
#   invocation of --runs 40..40 (a single look) took 37.9 s for its 80
#   runs at load 2 and passed (p50 0.99x, 0.96 to 1.02; p99 0.98x, 0.94
#   to 1.02), where 5..40 sequences that reached 40 took 116 to 138 s; a
#   gate of 40 runs a side of 200,000 samples took 2.7 s, of 20 a side
#   0.9 s, and a sequence gates all its runs again at every round.
#   db_bench: a run's p50 is the middle of the microsecond-wide bucket
#   that holds it (docs/import.md), 5.5 or 6.5 us here, so runs differ
#   by whole buckets, 18%; one look at 20 runs a side (--runs 20..20)
#   gave p50 0.98x (0.88 to 1.09, pass) and p99 1.02x (0.94 to 1.11,
#   about 89 runs), and looks at every round at the spent levels settle
#   nothing by 40.  Its regression, 1500-byte values against 1000, moved
#   db_bench's own P50 by 3% to 18% in these minutes, short of twice the
#   limit: its row shows the gate's reach, not a regression at 20%.  At
#   c5f9149 the same holds: 3 A/As in 10 passed, at 36 to 39 runs a side.
#   TTD_SEQ=10 TTD_DB_VALUE_NEW=4000 db_bench on main at ad0feda (a
#   histogram's p50 spread across its rows and its run spread from its
#   ranks, 2026-12-04 06:24-06:30, load 1.1 to 1.6): 4000 against 1000
#   measured p50 +6.8% (-4.5% to +19.3%), p99 +10.4%; db_bench's own P50
#   +7.5% (1500 against 1000, under a load of 7 to 9: the gate +2.5%,
#   db_bench +2.6%, where at 3e9d231 the gate read +0.0% against +8 to
#   10%)
#     db_bench A/A      0 / 4 / 6, 22.3 s, 39      not met (was 0 / 8 / 2)
#     db_bench 4000     9 / 1 / 0, 12.35 s, 20.5   not met (9 in 10 fail)
#   The A/A is bound by p99 now: one look at 40 runs a side gave p50
#   1.01x (0.98 to 1.03) and p99 0.97x (0.90 to 1.03).  No value size
#   costs db_bench readrandom 20% here (1.5x and 4x the bytes: 3 to 10%).
#
# usage: sh bench/time-to-decision.sh [BUILD] [lmdb|db_bench ...]
# environment: TTD_DIR (where the scratch folder goes, on the disk to
#   measure; default the current directory; the folder is removed
#   afterwards), TTD_SEQ (10 sequences each), TTD_RUNS (5..40: MIN..MAX),
#   TTD_LIMIT (10, in percent), TTD_MEASURE_RUNS (6 a side; 0: none),
#   TTD_OPS (200000), TTD_VALUE (100), TTD_VALUE_NEW (1000), TTD_DB_NUM
#   (20000), TTD_DB_READS (50000), TTD_DB_VALUE (1000), TTD_DB_VALUE_NEW
#   (1500), TTD_DB_CACHE (0 bytes)
set -eu

usage() {
	echo "usage: sh bench/time-to-decision.sh [BUILD] [lmdb|db_bench ...]" >&2
	[ $# -eq 0 ] || echo "time-to-decision: $*" >&2
	exit 2
}

# count NAME VALUE MIN: VALUE as a whole number at least MIN, or exit 2
count() {
	case $2 in '' | *[!0-9]*) usage "$1=$2: expected a whole number" ;; esac
	[ "$2" -ge "$3" ] || usage "$1=$2: expected at least $3"
}

case ${1:-} in -h | --help) echo "usage: sh bench/time-to-decision.sh [BUILD] [lmdb|db_bench ...]"; exit 0 ;; esac
build=${1:-build}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- lmdb db_bench
for p in "$@"; do
	case $p in lmdb | db_bench) ;; *) usage "$p: expected lmdb or db_bench" ;; esac
done
if ! [ -x "$build/syncgate" ] || ! [ -x "$build/syncgate-bench" ]; then
	echo "time-to-decision: $build/syncgate or $build/syncgate-bench is not built; run make first" >&2
	exit 2
fi
sg=$(cd "$build" && pwd)/syncgate
bench=$(cd "$build" && pwd)/syncgate-bench

seqs=${TTD_SEQ:-10}
runs=${TTD_RUNS:-5..40}
limit=${TTD_LIMIT:-10}
measure_runs=${TTD_MEASURE_RUNS:-6}
ops=${TTD_OPS:-200000}
value=${TTD_VALUE:-100}
value_new=${TTD_VALUE_NEW:-1000}
db_num=${TTD_DB_NUM:-20000}
db_reads=${TTD_DB_READS:-50000}
db_value=${TTD_DB_VALUE:-1000}
db_value_new=${TTD_DB_VALUE_NEW:-1500}
db_cache=${TTD_DB_CACHE:-0}
count TTD_SEQ "$seqs" 1
count TTD_MEASURE_RUNS "$measure_runs" 0
count TTD_OPS "$ops" 1
count TTD_VALUE "$value" 1
count TTD_VALUE_NEW "$value_new" 1
count TTD_DB_NUM "$db_num" 1
count TTD_DB_READS "$db_reads" 1
count TTD_DB_VALUE "$db_value" 1
count TTD_DB_VALUE_NEW "$db_value_new" 1
count TTD_DB_CACHE "$db_cache" 0
[ "$measure_runs" -ne 1 ] || usage "TTD_MEASURE_RUNS=1: expected 0, or 2 or more runs a side"
case $runs in
*..*) count "TTD_RUNS (MIN)" "${runs%%..*}" 2; count "TTD_RUNS (MAX)" "${runs#*..}" "${runs%%..*}" ;;
*) usage "TTD_RUNS=$runs: expected MIN..MAX, 2 <= MIN <= MAX" ;;
esac
limit=${limit%\%}
if ! echo "$limit" | grep -Eq '^[0-9]+(\.[0-9]+)?$' ||
	! awk -v l="$limit" 'BEGIN { exit !(l > 0 && l < 100) }'; then
	usage "TTD_LIMIT=$limit: expected a percentage above 0 and below 100, such as 10"
fi
twice=$(awk -v l="$limit" 'BEGIN { printf "%g", 2 * l }')

parent=${TTD_DIR:-$PWD}
[ -d "$parent" ] || usage "TTD_DIR=$parent: not a directory"
work=$(mktemp -d "$parent/.syncgate-ttd.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$work/dir" "$work/out"
status=0
start=$(date +%s)
: >"$work/rows"
: >"$work/effects"

# load WHEN: the machine's load average and the time gone, for the record
load() {
	printf 'time-to-decision: %s, %ss gone, load average %s\n' "$1" "$(($(date +%s) - start))" \
		"$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
}

# say WORD...: the words as a command line, each quoted where it holds a blank
say() {
	printf 'time-to-decision:'
	for w in "$@"; do
		case $w in
		*[[:space:]]*) printf " '%s'" "$w" ;;
		*) printf ' %s' "$w" ;;
		esac
	done
	printf '\n'
}

# field FILE NAME: the first number or word NAME holds in the JSON FILE
field() {
	tr -d '\t\n' <"$1" | grep -o "\"$2\":\"*[0-9a-z.e+-]*" | head -1 | sed 's/^[^:]*:"*//'
}

# median FILE: the median of FILE's numbers, one a line
median() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# effect FILE STAT: the verdict FILE's STAT regression ("p50", "p99") as
# a change in percent with its interval
effect() {
	tr -d '\t\n' <"$1" | grep -o "\"statistic\":\"$2 regression\",\"value\":[^,]*,\"ci\":\[[^]]*\]" |
		head -1 | sed 's/.*"value":\([^,]*\),"ci":\[\([^,]*\),\([^]]*\)\]/\1 \2 \3/' |
		awk '{ printf "%+.1f%% (%+.1f%% to %+.1f%%)", ($1 - 1) * 100, ($2 - 1) * 100, ($3 - 1) * 100 }'
}

# own: the change in db_bench's own P50 and P99 (interpolated within
# its bucket) over the measuring runs, geometric means; the gate holds
# each as the bucket that holds it
own() {
	for f in "$work"/out/m.logs.*/new.*.stdout "$work"/out/m.logs.*/old.*.stdout; do
		printf '%s ' "$(basename "$f" | cut -d. -f1)"
		grep -m1 'Percentiles: P50:' "$f" | awk '{ print $3, $7 }'
	done | awk '{ n[$1]++; a[$1] += log($2); b[$1] += log($3) }
		END { printf "    db_bench'"'"'s own figures: P50 %+.1f%%, P99 %+.1f%%\n",
			(exp(a["new"] / n["new"] - a["old"] / n["old"]) - 1) * 100,
			(exp(b["new"] / n["new"] - b["old"] / n["old"]) - 1) * 100 }'
}

# measure LABEL NEWCMD OLDCMD IMPORT: the change from OLDCMD to NEWCMD,
# TTD_MEASURE_RUNS runs of each in turns, gated once at LIMIT
measure() {
	if [ "$measure_runs" -eq 0 ]; then
		echo "  $1: the effect not measured (TTD_MEASURE_RUNS=0)" | tee -a "$work/effects"
		return 0
	fi
	say "$sg" run --runs "$measure_runs" --dir "$work/dir" -o "$work/out/m.json" \
		--engine new --import "$4" --cmd "$2" --engine old --import "$4" --cmd "$3"
	"$sg" run --runs "$measure_runs" --dir "$work/dir" -o "$work/out/m.json" \
		--engine new --import "$4" --cmd "$2" --engine old --import "$4" --cmd "$3" \
		>/dev/null 2>"$work/run.err" || { tail -5 "$work/run.err" >&2; exit 2; }
	mnew="" mold="" i=1
	while [ "$i" -le "$measure_runs" ]; do
		mnew="$mnew $work/out/m.new.$i.json"
		mold="$mold --baseline $work/out/m.old.$i.json"
		i=$((i + 1))
	done
	set +e
	# shellcheck disable=SC2086 # the lists are words by design
	"$sg" gate $mnew $mold --max-regression "$limit%" --format json -o "$work/m.verdict.json" 2>"$work/gate.err"
	st=$?
	set -e
	[ "$st" -le 1 ] || { cat "$work/gate.err" >&2; exit 2; }
	echo "  $1, $measure_runs runs a side: p50 $(effect "$work/m.verdict.json" p50)," \
		"p99 $(effect "$work/m.verdict.json" p99); the limit $limit%, twice it $twice%" |
		tee -a "$work/effects"
	[ "$4" != db_bench ] || own | tee -a "$work/effects"
	rm -rf "$work"/out/m.*
}

# sequences PART NEWCMD OLDCMD IMPORT: TTD_SEQ runs until decided of
# NEWCMD against OLDCMD, each one's verdict, runs a side and wall seconds
# appended to $work/PART
sequences() {
	part=$1
	: >"$work/$part"
	say "$sg" run --runs "$runs" --mode baseline --max-regression "$limit%" --dir "$work/dir" \
		-o "$work/out/$part.I.json" --engine new --import "$4" --cmd "$2" \
		--engine old --import "$4" --cmd "$3"
	i=1
	while [ "$i" -le "$seqs" ]; do
		l=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo -)
		t0=$(date +%s.%N)
		set +e
		"$sg" run --runs "$runs" --mode baseline --max-regression "$limit%" --dir "$work/dir" \
			-o "$work/out/$part.$i.json" --engine new --import "$4" --cmd "$2" \
			--engine old --import "$4" --cmd "$3" >"$work/v.txt" 2>"$work/run.err"
		st=$?
		set -e
		t1=$(date +%s.%N)
		[ "$st" -le 1 ] || { tail -5 "$work/run.err" >&2; exit 2; }
		f=$work/out/$part.$i.verdict.json
		v=$(field "$f" verdict)
		k=$(field "$f" runs)
		w=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
		echo "$v $k $w" >>"$work/$part"
		printf '  sequence %d: %s after %s runs a side, %ss (load %s at its start)\n' "$i" "$v" "$k" "$w" "$l"
		# the runs' latencies take megabytes a run: keep only the figures
		rm -rf "$work"/out/*
		i=$((i + 1))
	done
}

# row PART LABEL KIND: one line of the table from PART's sequences; KIND
# aa or reg picks the goal
row() {
	f=$(grep -c '^fail ' "$work/$1" || true)
	i=$(grep -c '^indeterminate ' "$work/$1" || true)
	p=$(grep -c '^pass ' "$work/$1" || true)
	n=$((f + i + p))
	cut -d' ' -f3 "$work/$1" >"$work/w"
	cut -d' ' -f2 "$work/$1" >"$work/k"
	mw=$(median "$work/w")
	mk=$(median "$work/k")
	if [ "$3" = aa ]; then
		goal="no fail, >= half pass, median <= 20 s"
		met=$(awk -v f="$f" -v p="$p" -v n="$n" -v w="$mw" 'BEGIN { print (f == 0 && 2 * p >= n && w <= 20) ? "met" : "not met" }')
	else
		goal=">= 9 in 10 fail, median <= 10 s"
		met=$(awk -v f="$f" -v n="$n" -v w="$mw" 'BEGIN { print (10 * f >= 9 * n && w <= 10) ? "met" : "not met" }')
	fi
	[ "$met" = met ] || status=1
	printf '%-34s %4d %5d %6d %5d %9s %9s  %-38s %s\n' "$2" "$n" "$f" "$i" "$p" "$mw" "$mk" "$goal" "$met" |
		tee -a "$work/rows"
}

header() {
	printf '%-34s %4s %5s %6s %5s %9s %9s  %-38s %s\n' "" "seqs" "fail" "indet" "pass" \
		"median s" "runs/side" "goal" ""
}

part_lmdb() {
	echo
	echo "== lmdb: syncgate-bench lmdb --mix 1:0:0 --ops $ops, $runs, at $limit%"
	# shellcheck disable=SC2016 # $SYNCGATE_DIR is syncgate run's to expand
	c='--dir "$SYNCGATE_DIR" -o "$SYNCGATE_RESULT"'
	old="$bench lmdb --mix 1:0:0 --ops $ops --value-bytes $value $c"
	new="$bench lmdb --mix 1:0:0 --ops $ops --value-bytes $value_new $c"
	measure "${value_new} bytes against $value" "$new" "$old" result
	load "lmdb measured"
	sequences lmdb-aa "$old" "$old" result
	sequences lmdb-reg "$new" "$old" result
	header
	row lmdb-aa "lmdb A/A, $value bytes, at $limit%" aa
	row lmdb-reg "lmdb $value_new against $value bytes" reg
	load "lmdb done"
}

part_db_bench() {
	echo
	if ! command -v db_bench >/dev/null; then
		echo "== db_bench: skipped: db_bench is missing (Debian, Ubuntu: apt-get install rocksdb-tools)"
		echo "db_bench: skipped, db_bench missing" >>"$work/rows"
		return 0
	fi
	echo "== db_bench: readrandom of $db_num keys, $db_reads reads a run, cache $db_cache bytes, $runs, at $limit%"
	for v in "$db_value" "$db_value_new"; do
		[ -d "$work/rdb.$v" ] && continue
		db_bench --db="$work/rdb.$v" --benchmarks=fillseq,compact --num="$db_num" \
			--value_size="$v" >"$work/fill.out" 2>&1 || { tail -5 "$work/fill.out" >&2; exit 2; }
	done
	r="--use_existing_db=1 --readonly=1 --benchmarks=readrandom --num=$db_num --reads=$db_reads"
	r="$r --histogram=1 --threads=1 --cache_size=$db_cache"
	old="db_bench --db=$work/rdb.$db_value $r"
	new="db_bench --db=$work/rdb.$db_value_new $r"
	measure "$db_value_new bytes against $db_value" "$new" "$old" db_bench
	load "db_bench measured"
	sequences db-aa "$old" "$old" db_bench
	sequences db-reg "$new" "$old" db_bench
	header
	row db-aa "db_bench A/A, $db_value bytes, $limit%" aa
	row db-reg "db_bench $db_value_new against $db_value" reg
	load "db_bench done"
}

echo "time-to-decision: syncgate $("$sg" --version | cut -d' ' -f2), $seqs sequences each," \
	"--runs $runs, --max-regression $limit%, in $work"
load start
for p in "$@"; do
	case $p in lmdb) part_lmdb ;; db_bench) part_db_bench ;; esac
done

echo
echo "== summary ($seqs sequences each, --runs $runs, --max-regression $limit%)"
echo "the regressions, measured before the sequences:"
cat "$work/effects"
header
cat "$work/rows"
load end
exit "$status"
