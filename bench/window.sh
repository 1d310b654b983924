#!/bin/sh
# SPDX-License-Identifier: MIT
# Whether writes in syncs repeat on a disk that changes its mind part-way
# through: WINDOW_TRIALS (4) trials, each six runs of
# `syncgate-bench lmdb --mix 0:0:1 --runs 6` with a neighbour
# (noisy-neighbour.py: four processes rewriting and syncing 64 KiB blocks
# for 10 seconds) started a few seconds in, 2, 4, 6 and 8 in turn, so
# that some runs meet a quiet disk, some a busy one and some both.  Prints
# each trial's write p50s in syncs (syncgate report's p50_syncs) and their
# greatest over their least; the goal is 1.5 at most in every trial.
#
# usage: sh bench/window.sh [BUILD] [SYNCGATE-BENCH OPTIONS...]
# environment: NEIGHBOUR (the neighbour's script; default
#   ../shared/tools/noisy-neighbour.py beside the checkout: without it
#   the test is skipped), WINDOW_DIR (a folder on the disk to measure,
#   where a scratch folder is made and removed afterwards; default the
#   current directory), WINDOW_TRIALS (4), WINDOW_DELAYS ("2 4 6 8")
set -eu
build=${1:-build}
[ $# -gt 0 ] && shift
sg=$build/syncgate
bench=$build/syncgate-bench
if ! [ -x "$sg" ] || ! [ -x "$bench" ]; then
	echo "window: $sg or $bench is not built; run make first" >&2
	exit 2
fi
here=$(dirname "$0")
neighbour=${NEIGHBOUR:-$here/../../shared/tools/noisy-neighbour.py}
if ! [ -f "$neighbour" ] || ! command -v python3 >/dev/null 2>&1; then
	echo "window: no neighbour ($neighbour, run by python3); set NEIGHBOUR to noisy-neighbour.py: skipped"
	exit 0
fi
trials=${WINDOW_TRIALS:-4}
delays=${WINDOW_DELAYS:-"2 4 6 8"}
work=$(mktemp -d "${WINDOW_DIR:-$PWD}/.syncgate-window.XXXXXX")
npid=
cleanup() {
	[ -z "$npid" ] || kill "$npid" 2>/dev/null || true
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 2' INT TERM

echo "window: $trials trials of 6 runs of syncgate-bench lmdb --mix 0:0:1${*:+ $*}, a neighbour 10 s long starting part-way"
worst=0
t=1
for d in $(yes "$delays" | tr ' ' '\n' | grep . | head -n "$trials"); do
	mkdir -p "$work/$t/db"
	(sleep "$d"; exec python3 "$neighbour" "$work/$t" 10) &
	npid=$!
	"$bench" lmdb --dir "$work/$t/db" --mix 0:0:1 --runs 6 -o "$work/$t/r.json" "$@" \
		2>"$work/$t/err" || { cat "$work/$t/err" >&2; exit 2; }
	wait "$npid" || true
	npid=
	p50s=
	for r in 1 2 3 4 5 6; do
		p=$("$sg" report "$work/$t/r.$r.json" --format json |
			grep '"p50_syncs"' | head -n 1 | sed 's/.*:[[:space:]]*//; s/,$//')
		p50s="$p50s $p"
	done
	# shellcheck disable=SC2086 # six numbers, by design
	ratio=$(echo $p50s | awk '{ lo = hi = $1; for (i = 2; i <= NF; i++) {
		if ($i < lo) lo = $i; if ($i > hi) hi = $i } printf "%.2f", hi / lo }')
	printf 'trial %d, neighbour at %ss: write p50 in syncs%s; max/min %s\n' "$t" "$d" \
		"$(echo "$p50s" | awk '{ for (i = 1; i <= NF; i++) printf " %.2f", $i }')" "$ratio"
	worst=$(echo "$worst $ratio" | awk '{ print ($2 > $1) ? $2 : $1 }')
	rm -rf "${work:?}/$t"
	t=$((t + 1))
done
echo "window: the widest trial's max/min is $worst (goal: 1.5 at most)"
awk -v w="$worst" 'BEGIN { exit !(w <= 1.5) }' || exit 1
