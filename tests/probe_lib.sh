# SPDX-License-Identifier: MIT
# What tests/cli_probe.sh and tests/cli_probe_files.sh share, sourced after
# tests/lib.sh's own: T, the scratch directory, and D, a directory on its
# disk to probe; expect's one line for status 2; the mounts, loop devices
# and zram devices a case made, undone on exit; empty and to_full.
: "${SYNCGATE:=build/syncgate}"
. tests/lib.sh
T=$tmp
run=sg
# Under valgrind, each refusal (exit status 2, its one line checked as
# everywhere) runs the program without it: valgrind's half second a start
# was wall time, and check-full runs every refusal under the sanitizers.
# Every probe that measures still runs under valgrind.
[ -z "${SYNCGATE_VALGRIND:-}" ] || refusal_run="$sg_timeout $SYNCGATE"
prog=syncgate
# trouble, status 2, is said in one line
expect_also() {
	if [ "$1" -eq 2 ] && [ "$(wc -l <"$T/err")" -ne 1 ]; then
		shift 2
		fail "syncgate $*: expected one line on stderr, got: $(cat "$T/err")"
	fi
}
MOUNTS=""
LOOPS=""
ZRAMS=""
SHM=""
S=""
cleanup() {
	for m in $MOUNTS; do
		umount -l "$m" 2>/dev/null || true
	done
	for l in $LOOPS; do
		losetup -d "$l" 2>/dev/null || true
	done
	for z in $ZRAMS; do
		echo "$z" >/sys/class/zram-control/hot_remove 2>/dev/null || true
	done
	[ -z "$SHM" ] || rm -rf "$SHM"
	[ -z "$S" ] || rm -rf "$S"
	rm -rf "$T"
}
trap cleanup EXIT

# empty DIR: nothing of the probe's is left there
empty() {
	if [ -n "$(ls -A "$1")" ]; then
		fail "$2: left behind in $1: $(ls -A "$1")"
		rm -rf "${1:?}"/.syncgate-probe.* 2>/dev/null || true
	fi
}

D="$T/disk"
mkdir "$D"

# to_full ARGS...: syncgate ARGS with standard output on a full disk: trouble.
to_full() {
	set +e
	sg "$@" >/dev/full 2>"$T/err"
	got=$?
	set -e
	[ "$got" -eq 2 ] || fail "syncgate $* >/dev/full: exit $got, expected 2"
	grep -qF "standard output: No space left on device" "$T/err" ||
		fail "syncgate $* >/dev/full: $(cat "$T/err")"
}
