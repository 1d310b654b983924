#!/bin/sh
# SPDX-License-Identifier: MIT
# Whether a verdict repeats, on real runs of this machine:
#   - the A/A test: AA_RUNS (12) interleaved runs of one LMDB configuration
#     (point reads only), gated in baseline mode at the default 5% on
#     AA_TRIALS (24) random splits of 3 runs against 3 others; an unchanged
#     engine may fail at most 2 of them (about 1 is the nominal rate for
#     two checks at 95%);
#   - the power test: LMDB with 2000-byte values against 100-byte values
#     (a point read about 1.6 times slower here), POWER_RUNS (3) runs of
#     each taken in turn, must fail.
# The splits come from a seeded shuffle, so a rerun on the same runs gates
# the same splits.  Prints one table: trials, fail, indeterminate, pass.
#
# usage: sh bench/aa.sh [BUILD]
# environment: AA_DIR (a scratch folder on the disk to measure, removed
#   afterwards; default a new one under the current directory), AA_RUNS,
#   AA_TRIALS, AA_OPS (20000 operations a run), POWER_RUNS, AA_SEED (1)
set -eu
build=${1:-build}
sg=$build/syncgate
bench=$(cd "$(dirname "$build/syncgate-bench")" && pwd)/syncgate-bench
[ -x "$sg" ] && [ -x "$bench" ] ||
	{ echo "aa: $sg or $bench is not built; run make first" >&2; exit 2; }
runs=${AA_RUNS:-12}
trials=${AA_TRIALS:-24}
ops=${AA_OPS:-20000}
power_runs=${POWER_RUNS:-3}
seed=${AA_SEED:-1}
work=${AA_DIR:-$(mktemp -d "$PWD/.syncgate-aa.XXXXXX")}
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/db"

echo "aa: $runs interleaved runs of lmdb --mix 1:0:0 --ops $ops in $work"
"$bench" lmdb --runs "$runs" --mix 1:0:0 --ops "$ops" --dir "$work/db" \
	-o "$work/a.json" 2>"$work/bench.err" ||
	{ cat "$work/bench.err" >&2; exit 2; }

# split I: a seeded shuffle of 1..runs, the first three against the next three
split() {
	awk -v n="$runs" -v s="$((seed * 1000 + $1))" 'BEGIN {
		srand(s)
		for (i = 1; i <= n; i++) p[i] = i
		for (i = n; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
		print p[1], p[2], p[3], p[4], p[5], p[6]
	}'
}

fail=0 ind=0 pass=0 t=1
while [ "$t" -le "$trials" ]; do
	# shellcheck disable=SC2046 # six numbers, by design
	set -- $(split "$t")
	set +e
	"$sg" gate "$work/a.$1.json" "$work/a.$2.json" "$work/a.$3.json" \
		--baseline "$work/a.$4.json" --baseline "$work/a.$5.json" \
		--baseline "$work/a.$6.json" >"$work/v.txt" 2>&1
	st=$?
	set -e
	case $st in
	0) if grep -q '^Verdict: pass' "$work/v.txt"; then pass=$((pass + 1)); else ind=$((ind + 1)); fi ;;
	1) fail=$((fail + 1)); echo "aa: split $t ($*) failed:"; grep '^  fail' "$work/v.txt" ;;
	*) cat "$work/v.txt" >&2; exit 2 ;;
	esac
	t=$((t + 1))
done

echo "power: lmdb --value-bytes 2000 against 100, $power_runs runs of each in turn"
new="" old="" r=1
# one syncgate run, the two configurations in turns (ABBA), one session:
# sides from separate invocations would come apart and a fail be held
"$sg" run --runs "$power_runs" --probe-every off --dir "$work/db" -o "$work/p.json" \
	--engine v2000 --import result --cmd "$bench lmdb --mix 1:0:0 --ops $ops \
	--value-bytes 2000 --dir \"\$SYNCGATE_DIR\" -o \"\$SYNCGATE_RESULT\"" \
	--engine v100 --import result --cmd "$bench lmdb --mix 1:0:0 --ops $ops \
	--value-bytes 100 --dir \"\$SYNCGATE_DIR\" -o \"\$SYNCGATE_RESULT\"" \
	2>"$work/bench.err" >/dev/null || { cat "$work/bench.err" >&2; exit 2; }
while [ "$r" -le "$power_runs" ]; do
	new="$new $work/p.v2000.$r.json"
	old="$old --baseline $work/p.v100.$r.json"
	r=$((r + 1))
done
set +e
# shellcheck disable=SC2086 # the lists are words by design
"$sg" gate $new $old >"$work/power.txt" 2>&1
pst=$?
set -e
grep '^  \(fail\|pass\|indeterminate\)' "$work/power.txt" | sed 's/^/  /'

printf '\n%-34s %6s %6s %13s %6s\n' "test" "trials" "fail" "indeterminate" "pass"
printf '%-34s %6d %6d %13d %6d\n' "A/A, 3 runs against 3, at 5%" "$trials" "$fail" "$ind" "$pass"
case $pst in
0) grep -q '^Verdict: pass' "$work/power.txt" && pp="0 0 1" || pp="0 1 0" ;;
1) pp="1 0 0" ;;
*) cat "$work/power.txt" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086
printf '%-34s %6d %6d %13d %6d\n' "power, 2000-byte values against 100" 1 $pp
status=0
[ "$fail" -le 2 ] || { echo "aa: an unchanged engine failed $fail of $trials gates; expected at most 2" >&2; status=1; }
[ "$pst" -eq 1 ] || { echo "aa: the slower configuration did not fail the gate" >&2; status=1; }
exit "$status"
