#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench-probe: syncgate probe's median beside pg_test_fsync's
# fdatasync line, fio's etcd-style fdatasync p50 and ioping -W, on the same
# directory in the same run, ROUNDS (3) rounds of each, interleaved (each
# round starting one tool further on, so none always goes first), and
# how long each took.  Every figure is printed with what it times, because
# the four tools do not time the same thing (see the legend).
#
# usage: sh bench/probe-compare.sh [BUILD [DIR...]]
#   BUILD   where syncgate was built (build)
#   DIR     directories to measure in (. and /dev/shm)
# environment: ROUNDS (3), PG_SECS (1, seconds per pg_test_fsync test),
#   IOPING_COUNT (31 requests, the first a discarded warm-up), SETTLE_SECS
#   (5, the pause after a sync(1) before each tool)
set -eu

build=${1:-build}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- . /dev/shm
ROUNDS=${ROUNDS:-3}
PG_SECS=${PG_SECS:-1}
IOPING_COUNT=${IOPING_COUNT:-31}
SYNCGATE="$build/syncgate"
[ -x "$SYNCGATE" ] || { echo "probe-compare: $SYNCGATE is not built" >&2; exit 2; }

pg=$(command -v pg_test_fsync 2>/dev/null ||
	ls /usr/lib/postgresql/*/bin/pg_test_fsync 2>/dev/null | sort -V | tail -n 1 || true)
fio=$(command -v fio 2>/dev/null || true)
ioping=$(command -v ioping 2>/dev/null || true)

WORK=""
cleanup() {
	[ -n "$WORK" ] && rm -rf "$WORK"
	return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

now() {
	date +%s.%N 2>/dev/null || date +%s
}

# seconds between two now()s, two decimals
took() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fs", b - a }'
}

# nanoseconds as µs with one decimal
us() {
	awk -v n="$1" 'BEGIN { if (n == "" || n == "-") print "-"; else printf "%.1f", n / 1000 }'
}

median() {
	sort -n | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "-"; exit }
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# syncgate: median_ns, elapsed_s and reaches_device of the record
run_syncgate() {
	"$SYNCGATE" probe --dir "$WORK" --json >"$WORK/probe.json"
	med=$(sed -n 's/^	"median_ns":[[:space:]]*\([0-9.e+]*\),$/\1/p' "$WORK/probe.json" | head -n 1)
	el=$(sed -n 's/^	"elapsed_s":[[:space:]]*\([0-9.e+-]*\),$/\1/p' "$WORK/probe.json" | head -n 1)
	reach=$(sed -n 's/^	"reaches_device":[[:space:]]*"\([a-z]*\)",$/\1/p' "$WORK/probe.json")
	echo "$med $el $reach"
}

# pg_test_fsync: the fdatasync line of one 8kB write, usecs/op (a mean)
run_pg() {
	"$pg" -f "$WORK/pg_test_fsync.out" -s "$PG_SECS" 2>&1 |
		awk '/^[[:space:]]+fdatasync[[:space:]]/ { print $(NF - 1) * 1000; exit }'
	rm -f "$WORK/pg_test_fsync.out"
}

# fio, etcd's command: the fdatasync p50, converted to ns
run_fio() {
	(cd "$WORK" && "$fio" --rw=write --ioengine=sync --fdatasync=1 \
		--directory="$WORK" --size=22m --bs=2300 --name=mytest) 2>&1 | awk '
		/sync percentiles \(nsec\)/ { mul = 1; on = 1; next }
		/sync percentiles \(usec\)/ { mul = 1000; on = 1; next }
		/sync percentiles \(msec\)/ { mul = 1000000; on = 1; next }
		on && /50\.00th=\[/ {
			s = $0; sub(/.*50\.00th=\[[[:space:]]*/, "", s); sub(/\].*/, "", s)
			print s * mul; exit }'
	rm -f "$WORK"/mytest.*
}

# ioping -W: each write is followed by fdatasync; median of the kept requests
run_ioping() {
	"$ioping" -W -c "$IOPING_COUNT" -i 0 -J "$WORK" 2>/dev/null | awk '
		/"time":/ { t = $2; sub(/,/, "", t) }
		/"ignored": false/ { print t }' | median
	rm -f "$WORK/ioping.tmp"
}

# Lets writeback and discards of the last tool's files finish first, so
# no tool pays for the one before it.  A virtual disk with a flush rate
# limit (this project's CI VM) stayed at 4 ms a flush for more than 2 s
# after fio's 10,000 syncs; 5 s brought every tool back to its own speed.
settle() {
	sync
	sleep "${SETTLE_SECS:-5}"
}

# row DIR TOOL NOTES VALUE...
row() {
	printf '%-22s %-15s' "$1" "$2"
	notes=$3
	shift 3
	for v in "$@"; do
		printf ' %10s' "$v"
	done
	printf '   %s\n' "$notes"
}

# One tool's turn in a round: settle, run it, append its figure and time.
turn() {
	settle
	t0=$(now)
	case $1 in
	syncgate)
		set -- $(run_syncgate); t1=$(now)
		sg="$sg $(us "$1")"; sge="$sge $(awk -v s="$2" 'BEGIN { printf "%.3fs", s }')"
		sgt="$sgt $(took "$t0" "$t1")"; reach=$3 ;;
	pg)
		v=$(run_pg); t1=$(now)
		pgv="$pgv $(us "$v")"; pgt="$pgt $(took "$t0" "$t1")" ;;
	fio)
		v=$(run_fio); t1=$(now)
		fiov="$fiov $(us "$v")"; fiot="$fiot $(took "$t0" "$t1")" ;;
	ioping)
		v=$(run_ioping); t1=$(now)
		iov="$iov $(us "$v")"; iot="$iot $(took "$t0" "$t1")" ;;
	esac
}

measure_dir() {
	dir=$1
	WORK=$(mktemp -d "$(cd "$dir" && pwd -P)/.probe-compare.XXXXXX")
	sg="" sgt="" sge="" pgv="" pgt="" fiov="" fiot="" iov="" iot="" reach=""
	tools="syncgate ${pg:+pg} ${fio:+fio} ${ioping:+ioping}"
	i=1
	while [ "$i" -le "$ROUNDS" ]; do
		# shellcheck disable=SC2086
		set -- $tools
		k=$(( (i - 1) % $# ))
		while [ "$k" -gt 0 ]; do
			t=$1
			shift
			set -- "$@" "$t"
			k=$((k - 1))
		done
		for t in "$@"; do
			turn "$t"
		done
		i=$((i + 1))
	done
	fs=$(sed -n 's/^		"fs":[[:space:]]*"\(.*\)",$/\1/p' "$WORK/probe.json")
	label="$dir ($fs)"
	# shellcheck disable=SC2086
	row "$label" "syncgate probe" "reaches a device: $reach; took$sgt wall,$sge by its own clock" $sg
	[ -z "$pg" ] || row "" "pg_test_fsync" "took$pgt" $pgv
	[ -z "$fio" ] || row "" "fio (etcd)" "took$fiot" $fiov
	[ -z "$ioping" ] || row "" "ioping -W" "took$iot" $iov
	rm -rf "$WORK"
	WORK=""
}

echo "durable sync on each directory, in µs, $ROUNDS rounds, interleaved:"
heads=""
i=1
while [ "$i" -le "$ROUNDS" ]; do
	heads="$heads round_$i"
	i=$((i + 1))
done
# shellcheck disable=SC2086
row "directory" "tool" "notes" $heads
for d in "$@"; do
	[ -d "$d" ] || { echo "probe-compare: $d: not a directory" >&2; exit 2; }
	measure_dir "$d"
done
[ -n "$pg" ] || echo "pg_test_fsync: not found (PostgreSQL's server package has it)"
[ -n "$fio" ] || echo "fio: not found"
[ -n "$ioping" ] || echo "ioping: not found"
cat <<'LEGEND'

what each figure times:
  syncgate probe  median of 15 fdatasync calls alone, each after an untimed
                  4 KiB write of fresh content to a new offset in blocks
                  written and synced beforehand
  pg_test_fsync   mean of write+fdatasync of one 8 kB block rewritten at
                  offset 0, for PG_SECS seconds ("one 8kB write" line)
  fio (etcd)      p50 of fdatasync after each 2300-byte append to a file fio
                  laid out with fallocate (unwritten extents: each sync also
                  commits the extent conversion)
  ioping -W       median of 4 KiB write+fdatasync at random offsets in a
                  1 MiB working set, one warm-up request discarded
LEGEND
