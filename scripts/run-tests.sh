#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every cmocka test binary given, then every tests/cli*.sh against the
# built syncgate, and prints one closing line: "N passed, N failed".
set -u
build=${BUILD:-build}
pass=0
fail=0
failed=""
run() {
	name=$1
	shift
	if "$@"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed $name"
	fi
}
vg=""
if [ "${VALGRIND:-0}" = 1 ]; then
	vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible"
fi
for t in "$@"; do
	echo "== $t"
	run "$t" $vg "$t"
done
for s in tests/cli*.sh; do
	[ -f "$s" ] || continue
	echo "== $s"
	run "$s" env SYNCGATE="$build/syncgate" SYNCGATE_BENCH="$build/syncgate-bench" \
		SYNCGATE_VALGRIND="$vg" sh "$s"
done
echo "suites: $pass passed, $fail failed"
[ "$fail" -eq 0 ] || { echo "failed:$failed" >&2; exit 1; }
