#!/bin/sh
# SPDX-License-Identifier: MIT
# time-suites.sh [-n ROUNDS] BUILD...: each suite of scripts/run-tests.sh
# run alone, ROUNDS times (default 1), one after the other, and a line a
# suite and build: its median wall time, its median user+sys CPU time,
# the 1-minute load average when it started, and how many rounds failed;
# the slowest by CPU first, then the totals.  A suite's CPU time is the
# one a make check pays whatever else runs; its wall time on a shared
# machine is only as good as the load beside it says.  SUITES limits it
# to some suites (test_apart cli_run), as for run-tests.sh.
set -eu
rounds=1
if [ "${1:-}" = -n ]; then
	rounds=$2
	shift 2
fi
if [ $# -eq 0 ]; then
	echo "usage: time-suites.sh [-n ROUNDS] BUILD..." >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/time-suites.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# load: the 1-minute load average, or ? where there is no uptime to read
load() {
	uptime 2>/dev/null | sed -n 's/.*load averages*: *\([0-9.]*\).*/\1/p' | tr -d , || echo '?'
}

for b in "$@"; do
	names=${SUITES:-$(for t in tests/test_*.c tests/cli_*.sh; do t=${t#tests/}; echo "${t%.*}"; done)}
	for t in $names; do
		r=0
		while [ "$r" -lt "$rounds" ]; do
			r=$((r + 1))
			l=$(load)
			# run-tests.sh runs the suite (or skips it: a script in a
			# build SCRIPTS leaves out); POSIX time -p gives seconds
			set +e
			# shellcheck disable=SC2016 # the inner shell expands them
			/usr/bin/time -p env SUITES="$t" JOBS=1 TIMED="${TIMED-$b}" \
				SCRIPTS="${SCRIPTS-$b}" sh -c 'exec sh scripts/run-tests.sh "$1" >"$2" 2>&1' \
				sh "$b" "$tmp/out" 2>"$tmp/time"
			st=$?
			set -e
			grep -q '^suites: 0 passed, 0 failed' "$tmp/out" && break
			awk -v b="$b" -v t="$t" -v l="$l" -v st="$st" '
				$1 == "real" { w = $2 } $1 == "user" || $1 == "sys" { c += $2 }
				END { printf "%s %s %.2f %.2f %s %d\n", b, t, w, c, l, st != 0 }' \
				"$tmp/time" >>"$tmp/rows"
			[ "$st" -eq 0 ] || cp "$tmp/out" "$tmp/fail.$b.$t"
		done
	done
done
[ -s "$tmp/rows" ] || { echo "time-suites.sh: no suite ran" >&2; exit 1; }
# the median of each suite's rounds, then the table
sort -k1,1 -k2,2 -k4,4n "$tmp/rows" | awk '
	function out() { if (n) printf "%-11s %-26s %7.2f %7.2f %6s %d\n", pb, pt, w[int((n + 1) / 2)],
		c[int((n + 1) / 2)], l[1], f }
	$1 != pb || $2 != pt { out(); n = 0; f = 0 }
	{ n++; c[n] = $4; w[n] = $3; l[n] = $5; f += $6; pb = $1; pt = $2 }
	END { out() }' | sort -k4,4nr >"$tmp/table"
printf '%-11s %-26s %7s %7s %6s %s\n' build suite wall cpu load failed
cat "$tmp/table"
awk '{ w += $3; c += $4 } END { printf "%-38s %7.2f %7.2f\n", "total (one at a time)", w, c }' "$tmp/table"
for f in "$tmp"/fail.*; do
	[ -e "$f" ] || continue
	echo "== failed: ${f#"$tmp"/fail.}" >&2
	tail -n 20 "$f" >&2
done
