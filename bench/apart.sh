#!/bin/sh
# SPDX-License-Identifier: MIT
# Sides from several invocations on real runs of this machine (issue 31):
# syncgate-bench lmdb, point reads only (--mix 1:0:0, APART_OPS
# operations a run), 2000-byte values (new) against 100-byte ones.
#   turns      one-run invocations taken in turns, new then baseline,
#              three a side (a1 b1 a2 b2 a3 b3), gated in baseline mode
#              at the default 5%.  Goal: fail.
#   apart      the same as two invocations of --runs 3, the baseline
#              first and the new a few seconds later.  Goal: fail.
#   aa         APART_TRIES (30) pairs of --runs 3 invocations of one
#              configuration (100 bytes), the second gated against the
#              first at 5% and at 200%.  Goal: no fail; every one passes
#              200%.
# usage: sh bench/apart.sh [BUILD] [PART...]; BUILD defaults to build.
#
# Figures here (2 cores, AMD EPYC VM, ext4 on virtio; 2026-12-03, syncgate
# at 4ec9b49):
#   APART_OPS 20000 (2000 bytes cost 2.05x to 2.45x at p50 here):
#     turns   fail (p50 +105%, 95% interval +101% to +109%)
#     apart   fail (p50 +145%, interval +81% to +230%)
#     aa      quiet but for builds: 0 fail at 5%; at 200% 0 fail, 29 of
#             30 pass.  Beside make check on both cores: 0 fail; 25 of 30
#             pass 200%, the other five p99 checks open (one invocation's
#             p99 2.3x the other's: 2.46us against 1.07us)
#   APART_OPS 200000 (2000 bytes cost 14% to 50% at p50, from one
#   invocation to the next):
#     turns   fail (p50 +50.5%, interval +28% to +76%)
#     apart   indeterminate (p50 +13.8%, interval -31% to +88%): a change
#             within the shift between sessions stays open
#     aa      0 fail at 5%; at 200% 0 fail, 30 of 30 pass
set -eu
build=${1:-build}
[ $# -gt 0 ] && shift
parts=${*:-turns apart aa}
ops=${APART_OPS:-20000}
tries=${APART_TRIES:-30}
if ! [ -x "$build/syncgate" ] || ! [ -x "$build/syncgate-bench" ]; then
	echo "apart: $build/syncgate or $build/syncgate-bench is not built; run make first" >&2
	exit 2
fi
sg=$(cd "$build" && pwd)/syncgate
bench=$(cd "$build" && pwd)/syncgate-bench
dir=$(mktemp -d "${TMPDIR:-/tmp}/apart.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"

# one VALUE_BYTES RUNS OUT: one invocation of RUNS runs
one() {
	"$bench" lmdb --dir "$dir" --mix 1:0:0 --ops "$ops" --value-bytes "$1" \
	    --runs "$2" -o "$3" 2>/dev/null
}

# verdict FILE...: the gate's exit status, its verdict and each check's
# ruling, figure and interval
verdict() {
	set +e
	"$sg" gate "$@" >out.txt 2>&1
	rc=$?
	set -e
	echo "  exit $rc, $(grep '^Verdict' out.txt)"
	grep -E '^  (pass|fail|indeterminate) ' out.txt | sed 's/ against the baseline.s [^,]*,//; s/), .*/)/'
}

for part in $parts; do
	case $part in
	turns)
		for i in 1 2 3; do
			one 2000 1 "new$i.json"
			one 100 1 "old$i.json"
		done
		echo "turns, 2000 against 100 bytes, one-run invocations a1 b1 a2 b2 a3 b3:"
		verdict new1.json new2.json new3.json --baseline old1.json \
		    --baseline old2.json --baseline old3.json
		;;
	apart)
		one 100 3 old.json
		sleep 5
		one 2000 3 new.json
		echo "apart, 2000 against 100 bytes, two --runs 3 invocations:"
		verdict new.1.json new.2.json new.3.json --baseline old.1.json \
		    --baseline old.2.json --baseline old.3.json
		;;
	aa)
		f5=0 f200=0 p200=0
		i=0
		while [ "$i" -lt "$tries" ]; do
			i=$((i + 1))
			one 100 3 a.json
			one 100 3 b.json
			for lim in 5% 200%; do
				set +e
				"$sg" gate b.1.json b.2.json b.3.json --baseline a.1.json \
				    --baseline a.2.json --baseline a.3.json \
				    --max-regression "$lim" >out.txt 2>&1
				rc=$?
				set -e
				[ "$rc" = 1 ] && { [ "$lim" = 5% ] && f5=$((f5 + 1)) || f200=$((f200 + 1)); }
				[ "$rc" = 1 ] && grep -E '^  fail ' out.txt | sed "s/^/  try $i at $lim: /"
				if [ "$lim" = 200% ]; then
					if grep -q '^Verdict: pass' out.txt; then
						p200=$((p200 + 1))
					else
						grep -E '^  (fail|indeterminate) ' out.txt | cut -c1-220 |
						    sed "s/^/  try $i at 200%: /"
					fi
				fi
			done
		done
		echo "aa, $tries pairs of --runs 3 invocations of one configuration:"
		echo "  at 5%: $f5 fail; at 200%: $f200 fail, $p200 pass"
		;;
	*)
		echo "apart.sh: $part: expected turns, apart or aa" >&2
		exit 2
		;;
	esac
done
