#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate probe where nothing is timed: usage, every refusal with its
# exit status and message, output to a full disk, a machine without an id,
# a directory that is a symbolic link, one whose name holds an escape
# sequence, a long path, a volume that fills up, a read-only one, one this
# user cannot write, and a bind mount's volume id.  Its probes take a few
# samples and check no figure, so it runs beside the other suites
# (tests/cli_probe.sh, which times the disk, runs alone).
set -eu
. tests/probe_lib.sh

# --- usage ---
sg probe --help >"$T/out"
first='usage: syncgate probe [--dir DIR] [--samples N] [--method METHOD]'
[ "$(head -n 1 "$T/out")" = "$first" ] || fail "usage's first line: $(head -n 1 "$T/out")"
grep -qF '[--precision PCT] [--max-samples N] [--max-time SECONDS]' \
	"$T/out" || fail "usage lacks the adaptive options"
grep -qF 'default: 15' "$T/out" || fail "usage does not give --samples' default"
sg help probe >"$T/out2"
cmp -s "$T/out" "$T/out2" || fail "syncgate help probe differs from --help"
# standard output on a full disk is trouble
to_full probe --help

# --- refusals: one line, exit 2, before anything is written ---
expect 2 "syncgate probe: /nonexistent: No such file or directory" probe --dir /nonexistent
expect 2 "--samples: 0 is out of range" probe --dir "$D" --samples 0
expect 2 "--samples: 12abc is not a whole number" probe --dir "$D" --samples 12abc
expect 2 "--samples: -3 is out of range" probe --dir "$D" --samples -3
expect 2 "--write-size: 0 is out of range" probe --dir "$D" --write-size 0
expect 2 "--write-size: 4k is not a whole number" probe --dir "$D" --write-size 4k
expect 2 "--write-size: 67108865 is out of range" probe --dir "$D" --write-size 67108865
expect 2 "--write-size: 1000 is not a multiple of 512" probe --dir "$D" \
	--method direct-dsync --write-size 1000
expect 2 "--method nosuch: unknown; expected one of fdatasync, fsync" \
	probe --dir "$D" --method nosuch
if [ "$(uname -s)" != Darwin ]; then
	expect 2 "--method full: F_FULLFSYNC is a macOS call" probe --dir "$D" --method full
	expect 2 "--method barrier: F_BARRIERFSYNC is a macOS call" probe --dir "$D" --method barrier
fi
expect 2 "--precision: 50% is out of range" probe --dir "$D" --precision 50%
expect 2 "--precision: 0 is out of range" probe --dir "$D" --precision 0
expect 2 "--precision: -5% is out of range" probe --dir "$D" --precision -5%
expect 2 "--precision: five is not a percentage" probe --dir "$D" --precision five
expect 2 "--concurrency: 0 is out of range" probe --dir "$D" --concurrency 0
expect 2 "--max-samples applies only with --precision" probe --dir "$D" --max-samples 50
expect 2 "--max-samples: 5 is out of range; expected 15 (--samples)" \
	probe --dir "$D" --precision 5% --max-samples 5
expect 2 "--max-time: 0 is out of range" probe --dir "$D" --max-time 0
expect 2 "--max-p99: 10 has no unit; expected a duration such as 10ms" \
	probe --dir "$D" --max-p99 10
expect 2 "--max-p99: ten is not a duration such as 10ms" probe --dir "$D" --max-p99 ten
expect 2 "--max-p99: 0ms is out of range" probe --dir "$D" --max-p99 0ms
expect 2 "--max-p99: -5ms is out of range" probe --dir "$D" --max-p99 -5ms
expect 2 "--watch writes the probe record to -o FILE, or with --json to standard output; give one" \
	probe --dir "$D" --watch
expect 2 "--interval applies only with --watch" probe --dir "$D" --interval 1s --json
expect 2 "--interval: 0 is out of range; expected 1ms to 3600s" \
	probe --dir "$D" --watch --json --interval 0
expect 2 "--interval: -0.5 is out of range" probe --dir "$D" --watch --json --interval -0.5
expect 2 "--interval: 0ms is out of range" probe --dir "$D" --watch --json --interval 0ms
expect 2 "--interval: fast is not a duration such as 10ms" \
	probe --dir "$D" --watch --json --interval fast
expect 2 "--interval: 5 m is not a duration" probe --dir "$D" --watch --json --interval "5 m"
expect 2 "/nonexistent/w.json: No such file or directory" \
	probe --dir "$D" --watch -o /nonexistent/w.json
expect 2 "unknown option --frob" probe --dir "$D" --frob
expect 2 "--dir needs a value; see syncgate help probe" probe --dir
expect 2 "unexpected argument extra" probe --dir "$D" extra
echo x >"$T/file"
expect 2 "$T/file: Not a directory" probe --dir "$T/file"
expect 2 "/nonexistent/p.json: No such file or directory" probe --dir "$D" -o /nonexistent/p.json
# the probe reads no file; its one output is checked before it measures
expect 2 "$D: is a directory; expected a file to write" probe --dir "$D" -o "$D"
# one output: a second -o is a mistake, not an override
expect 2 "-o is given twice; expected it once" probe --dir "$D" -o "$T/a.json" -o "$T/b.json"
[ -e "$T/a.json" ] || [ -e "$T/b.json" ] && fail "-o twice: an output was written"
empty "$D" "refusals"

# --- no machine id: the host id comes from the host name, and says so ---
# (root and unshare: the machine-id files are hidden in a private mount
# namespace)
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null 2>&1 &&
	unshare -m true 2>/dev/null; then
	sg probe --dir "$D" --samples 1 >"$T/with-id" || fail "a probe with a machine id"
	unshare -m sh -c 'for f in /etc/machine-id /var/lib/dbus/machine-id; do
			[ ! -e "$f" ] || mount --bind /dev/null "$f" || exit 9
		done
		exec "$0" probe --dir "$1" --samples 1' "$SYNCGATE" "$D" >"$T/out" 2>"$T/err" ||
		fail "a probe without a machine id: $(cat "$T/err")"
	grep -q '^host: .* (id [0-9a-f]\{16\} from hostname), ' "$T/out" ||
		fail "no machine id: $(grep '^host' "$T/out")"
	[ "$(grep '^host' "$T/out" | sed 's/ (id.*//')" = "$(grep '^host' "$T/with-id" | sed 's/ (id.*//')" ] ||
		fail "no machine id: another host name"
	empty "$D" "no machine id"
fi

# --- a directory that is a symbolic link: followed, and said so ---
mkdir "$T/real"
ln -s "$T/real" "$T/link"
expect 0 "" probe --dir "$T/link" --samples 3
grep -qF "(given as $T/link, a symbolic link)" "$T/out" ||
	fail "symlinked DIR: not said: $(head -n 1 "$T/out")"
empty "$T/real" "symlinked DIR"

# --- a directory whose name holds an escape sequence: never passed through ---
esc=$(printf 'x\033[2Jy\302\233z')
mkdir "$T/$esc"
expect 0 "" probe --dir "$T/$esc" --samples 1
if LC_ALL=C tr -d '\n' <"$T/out" | LC_ALL=C grep -q "$(printf '[\001-\037\177]')"; then
	fail "a control character in DIR's name reached the text"
fi
LC_ALL=C grep -q "$(printf '\302\233')" "$T/out" && fail "a C1 control in DIR's name reached the text"
grep -qF 'x\x1b[2Jy\u009bz' "$T/out" || fail "DIR's name not shown escaped: $(head -n 1 "$T/out")"
expect 0 "" probe --dir "$T/$esc" --samples 1 --json
grep -qF '"path":' "$T/out" && grep -qF 'x\\x1b[2Jy\\u009bz' "$T/out" ||
	fail "the record's path not escaped: $(grep '"path"' "$T/out")"
empty "$T/$esc" "an escape sequence in DIR's name"

# --- a long path ending in a space: recorded whole, never cut or trimmed ---
deep="$T"
while [ ${#deep} -lt 1200 ]; do
	deep="$deep/$(printf '%0100d' 0 | tr 0 p)"
done
deep="$deep/end "
mkdir -p "$deep"
real=$(cd "$deep" && pwd -P)
expect 0 "" probe --dir "$deep" --samples 1 --json
grep -qF "\"path\":	\"$real\"," "$T/out" ||
	fail "a ${#real}-byte path ending in a space is not recorded whole: $(grep '"path"' "$T/out" | cut -c 1-80)"
empty "$deep" "a long path"

# --- a volume that fills up, and a read-only one (root and mount needed) ---
mkdir "$T/small" "$T/rw" "$T/ro"
if mount -t tmpfs -o size=64k syncgate-test "$T/small" 2>/dev/null; then
	MOUNTS="$MOUNTS $T/small"
	expect 2 "$T/small: writing 1 MiB to the scratch file: No space left on device" \
		probe --dir "$T/small" --write-size 1048576
	empty "$T/small" "a full volume"
else
	echo "skipped: cannot mount a small tmpfs here (not root?)"
fi
if mount --bind "$T/rw" "$T/ro" 2>/dev/null; then
	MOUNTS="$MOUNTS $T/ro"
	if mount -o remount,bind,ro "$T/ro" 2>/dev/null; then
		expect 2 "$T/ro: cannot create a scratch file: Read-only file system" \
			probe --dir "$T/ro"
	else
		echo "skipped: cannot remount a bind mount read-only here"
	fi
else
	echo "skipped: cannot bind-mount here (not root?)"
fi
# --- a directory this user cannot write (as root: run as nobody) ---
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 &&
	id nobody >/dev/null 2>&1; then
	chmod 711 "$T"
	mkdir -m 755 "$T/locked"
	set +e
	setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
		"$SYNCGATE" probe --dir "$T/locked" >"$T/out" 2>"$T/err"
	st=$?
	set -e
	[ "$st" -eq 2 ] || fail "an unwritable DIR: exit $st, expected 2"
	grep -qF "$T/locked: cannot create a scratch file: Permission denied" "$T/err" ||
		fail "an unwritable DIR: $(cat "$T/err")"
	chmod 700 "$T"
elif [ "$(id -u)" -ne 0 ]; then
	chmod 555 "$T/rw"
	expect 2 "$T/rw: cannot create a scratch file: Permission denied" probe --dir "$T/rw"
	chmod 755 "$T/rw"
else
	echo "skipped: an unwritable DIR (no setpriv or no user nobody)"
fi

# a directory reached through a bind mount of a subdirectory is on the
# same volume, and has the same volume id
mkdir "$T/inner" "$T/bound"
if mount --bind "$T/inner" "$T/bound" 2>/dev/null; then
	MOUNTS="$MOUNTS $T/bound"
	sg probe --dir "$T/inner" --samples 1 --json >"$T/a.json"
	sg probe --dir "$T/bound" --samples 1 --json >"$T/b.json"
	ida=$(sed -n '/"volume":/,/}/s/^		"id":[[:space:]]*"\(.*\)",$/\1/p' "$T/a.json")
	idb=$(sed -n '/"volume":/,/}/s/^		"id":[[:space:]]*"\(.*\)",$/\1/p' "$T/b.json")
	[ -n "$ida" ] && [ "$ida" = "$idb" ] ||
		fail "a bind mount of a subdirectory: volume ids \"$ida\" and \"$idb\""
	empty "$T/inner" "a bind mount"
fi


if [ "$failures" -ne 0 ]; then
	echo "cli_probe_files: $failures failed" >&2
	exit 1
fi
echo "cli_probe_files: all passed"
