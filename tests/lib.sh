# SPDX-License-Identifier: MIT
# What every tests/cli_*.sh shares, sourced from the repository's root:
# a scratch directory removed however the script ends, fail, and expect,
# which runs one command and checks its exit status and its message.
#
# Before sourcing, a script may set tmp_in, the folder its scratch
# directory goes in (default: $TMPDIR, else /tmp), or "memory" for a tmpfs
# (/dev/shm) where there is one: a script whose runs of syncgate run or
# syncgate-bench count no flush and time no sync keeps them off the disk,
# where each run waits 250 ms before and 250 ms after it to count other
# processes' flushes (probe/inrun.h): 0.9 s a run here, 0.07 s in memory.
# A script whose expect always drives one program sets run to that
# command (split into words, so a valgrind may come first) and prog to the
# name its messages give it; without run, expect's arguments are the whole
# command.  A script may set refusal_run to the command expect runs where
# it expects exit status 2 instead (default: run).  A script that checks
# more of every expect defines expect_also after sourcing.

failures=0

# py ARGS...: python3, its interpreter found once a script: where python3
# is a version manager's shim (pyenv's is a bash script that starts a
# dozen more), a start cost 0.45 s of CPU here, the interpreter's 0.07 s.
# (Called in a pipeline or $(...), it finds it again there.)
py_bin=""
py() {
	[ -n "$py_bin" ] || py_bin=$(python3 -c 'import sys; print(sys.executable)')
	"$py_bin" "$@"
}

# too_wide FILE...: the first three lines of the files (UTF-8) wider than
# the 120 characters syncgate's text keeps to, "FILE:LINE: N characters"
# each; nothing when none is.
too_wide() {
	py -c '
import sys
for f in sys.argv[1:]:
    with open(f, encoding="utf-8") as t:
        for i, line in enumerate(t, 1):
            if len(line.rstrip("\n")) > 120:
                print(f"{f}:{i}: {len(line.rstrip())} characters")
' "$@" | head -3
}

# j FILE KEY: the first number a result holds under KEY, tabs and newlines out.
j() {
	tr -d '\t\n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2
}

# flat [FILE]: text as syncgate printed it on one line, each run of
# spaces and line ends one space: a sentence it broke past 120 characters
# is whole again for grep -F.
flat() {
	cat "$@" | tr '\n' ' ' | tr -s ' '
	echo
}
run=${run:-}
refusal_run=${refusal_run:-}
prog=${prog:-}

# Every way out goes through the EXIT trap, so the scratch directory goes
# too; a script with more to undo sets its own EXIT trap, removing $tmp last.
tmp=""
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT
if [ "${tmp_in:-}" = memory ]; then
	tmp_in=""
	[ ! -d /dev/shm ] || [ ! -w /dev/shm ] || tmp_in=/dev/shm
fi
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
tmp=$(mktemp -d "${tmp_in:-${TMPDIR:-/tmp}}/.$(basename "$0" .sh).XXXXXX") ||
	{ echo "$0: cannot make a scratch directory" >&2; exit 2; }

# fail MESSAGE: one failed check, counted in $failures, which the script
# reads at its end to choose its exit status; the checks go on.
fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# sg ARGS...: syncgate, under SYNCGATE_VALGRIND when set; a run that hangs
# (a FIFO opened for reading) is stopped after two minutes and fails.
sg_timeout=""
command -v timeout >/dev/null 2>&1 && sg_timeout="timeout 120"
sg() {
	# shellcheck disable=SC2086 # both are words by design
	$sg_timeout ${SYNCGATE_VALGRIND:-} "$SYNCGATE" "$@"
}

# expect STATUS PART ARGS...: runs $run ARGS, standard output into
# $tmp/out and standard error into $tmp/err, and fails unless it exits
# STATUS with PART in its standard error (an empty PART is not looked for).
# Last it calls expect_also STATUS PART ARGS..., which does nothing unless
# the script defines its own.
expect() {
	want=$1
	part=$2
	shift 2
	ecmd=$run
	[ "$want" != 2 ] || [ -z "$refusal_run" ] || ecmd=$refusal_run
	set +e
	# shellcheck disable=SC2086 # run is words by design
	$ecmd "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	set -e
	[ "$got" = "$want" ] ||
		fail "${prog:+$prog }$*: exit $got, expected $want: $(head -c 400 "$tmp/err")"
	[ -z "$part" ] || grep -qF -- "$part" "$tmp/err" ||
		fail "${prog:+$prog }$*: stderr lacks \"$part\": $(head -c 400 "$tmp/err")"
	expect_also "$want" "$part" "$@"
}

expect_also() {
	:
}
