#!/bin/sh
# SPDX-License-Identifier: MIT
# -o and the command line, for every command that writes (gate, report,
# calibrate, import, probe, probe --watch, syncgate-bench): a name that
# reaches an open descriptor (/dev/stdout, /dev/stderr, /dev/fd/N,
# /proc/self/fd/N) is written through it where the shell's >> left it;
# two outputs that reach one destination are refused in one line; a name
# of 254 and 255 bytes is written; what SIGKILL leaves has the documented
# name; -- ends the options and an option glued to a file's name is
# refused, and so is an option given where a value belongs (-o --strict).
set -eu

LC_ALL=C.UTF-8
export LC_ALL
unset NO_COLOR GITHUB_STEP_SUMMARY
SYNCGATE=${SYNCGATE:-build/syncgate}
SYNCGATE_BENCH=${SYNCGATE_BENCH:-build/syncgate-bench}
case $SYNCGATE in /*) ;; *) SYNCGATE=$PWD/$SYNCGATE ;; esac
case $SYNCGATE_BENCH in /*) ;; *) SYNCGATE_BENCH=$PWD/$SYNCGATE_BENCH ;; esac
. tests/lib.sh
G=fixtures/gate/split
Y=fixtures/import/ycsb-workloada.txt
mkdir "$tmp/pd" "$tmp/bd"
cp "$G/ours.json" "$tmp/a.json"
cp "$G/ours.json" "$tmp/b.json"
sg report "$G/ours.json" >/dev/null 2>&1 || true
sg gate "$G/ours.json" --rival "$G/rival.json" --single-run-ok --format json -o "$tmp/v.json" 2>/dev/null || true
# a verdict that fails: report of it exits 1, as the gate does
[ -s "$tmp/v.json" ] || fail "no verdict to report on"

# Each command, without its -o; one a line: NAME|ARGS (words, no spaces in them)
commands="gate|gate $G/ours.json --rival $G/rival.json
report|report $tmp/v.json
calibrate|calibrate $tmp/a.json $tmp/b.json
import|import ycsb $Y --engine e
probe|probe --dir $tmp/pd --samples 3 --json
watch|probe --dir $tmp/pd --watch --interval 100ms --max-time 0.3"

# inode FILE: its inode number
inode() {
	ls -di "$1" | awk '{ print $1 }'
}

# kept NAME FILE INODE: FILE still starts with what >> kept, holds more
# after it, and is the same file
kept() {
	[ "$(head -n 1 "$2")" = "keep me" ] || fail "$1: what >> kept is gone: $(head -c 200 "$2")"
	[ "$(wc -l <"$2")" -gt 1 ] || fail "$1: nothing was appended"
	[ "$(inode "$2")" = "$3" ] || fail "$1: the file was replaced (inode $3, now $(inode "$2"))"
	ls -A "$tmp" | grep -q '^\.syncgate-tmp\.' && fail "$1: a temporary was left: $(ls -A "$tmp")"
	return 0
}

# --- -o through a descriptor: appended where >> left it, never replaced ----
f=$tmp/summary.md
echo "$commands" | while IFS='|' read -r name args; do
	for form in /dev/stdout /proc/self/fd/1 /dev/fd/3 /dev/stderr; do
		echo "keep me" >"$f"
		ino=$(inode "$f")
		set +e
		# shellcheck disable=SC2086 # args is words by design
		case $form in
		/dev/fd/3) sg $args -o "$form" 3>>"$f" >"$tmp/out" 2>"$tmp/err" ;;
		/dev/stderr) sg $args -o "$form" 2>>"$f" >"$tmp/out" ;;
		*) sg $args -o "$form" >>"$f" 2>"$tmp/err" ;;
		esac
		rc=$?
		set -e
		[ "$rc" -le 1 ] || fail "$name -o $form: exit $rc: $(head -c 300 "$tmp/err")"
		kept "$name -o $form" "$f" "$ino"
	done
done
# syncgate-bench too, and -- before its ENGINE
echo "keep me" >"$f"
ino=$(inode "$f")
if "$SYNCGATE_BENCH" --dir "$tmp/bd" --rows 200 --ops 300 --concurrency 2 \
	-o /dev/stdout -- sqlite >>"$f" 2>"$tmp/err"; then
	kept "syncgate-bench -o /dev/stdout" "$f" "$ino"
	grep -q '"syncgate-result/1"' "$f" || fail "syncgate-bench -o /dev/stdout: no result appended"
else
	fail "syncgate-bench -o /dev/stdout -- sqlite: $(head -c 300 "$tmp/err")"
fi
# several results are never numbered beside a descriptor or a device
# (/dev/stdout.1 in /dev)
for dev in /dev/stdout /dev/null; do
	expect 2 "-o $dev: 2 results cannot share one descriptor, device or FIFO" \
		"$SYNCGATE_BENCH" sqlite --dir "$tmp/bd" --rows 200 --ops 300 --runs 2 -o "$dev"
	[ ! -e "$dev.1" ] || { rm -f "$dev.1" "$dev.2"; fail "--runs 2 -o $dev wrote $dev.1"; }
done
# -o through a descriptor into an input is refused as -o FILE is
cp "$G/ours.json" "$tmp/in.json"
expect 2 "-o /dev/fd/3 names the input $tmp/in.json" sh -c "'$SYNCGATE' gate '$tmp/in.json' \
	--rival '$G/rival.json' -o /dev/fd/3 3>>'$tmp/in.json'"
cmp -s "$tmp/in.json" "$G/ours.json" || fail "-o /dev/fd/3 3>>in.json changed the input"
# a descriptor not open, or open for reading only, is refused before anything is written
expect 2 "-o /dev/fd/7: descriptor 7 is not open" sg gate "$G/ours.json" --rival "$G/rival.json" --single-run-ok \
	--format json -o "$tmp/first.json" --format text -o /dev/fd/7
[ ! -e "$tmp/first.json" ] || fail "an output was written before a refused one"
expect 2 "-o /dev/stdin: descriptor 0 is open for reading only" sg report "$tmp/v.json" -o /dev/stdin </dev/null
expect 2 '-o "": the name is empty; expected a file to write' sg report "$tmp/v.json" -o ""

# --- two outputs that reach one destination are refused, in one line -------
# refused_twice NAME ARGS...: exit 2, one line, nothing written, to a file
# and to a pipe
refused_twice() {
	name=$1
	shift
	set +e
	sg "$@" >"$tmp/same" 2>"$tmp/err"
	rc=$?
	set -e
	[ "$rc" = 2 ] || fail "$name: exit $rc, expected 2"
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "$name: not one line: $(cat "$tmp/err")"
	grep -q 'is given twice; expected one file a format' "$tmp/err" ||
		fail "$name: $(cat "$tmp/err")"
	[ ! -s "$tmp/same" ] || fail "$name: something was written"
	{
		rc=0
		sg "$@" 2>"$tmp/err" || rc=$?
		echo "$rc" >"$tmp/rc"
	} | cat >"$tmp/piped"
	[ "$(cat "$tmp/rc")" = 2 ] || fail "$name, to a pipe: exit $(cat "$tmp/rc"), expected 2"
	[ ! -s "$tmp/piped" ] || fail "$name, to a pipe: something was written"
}
refused_twice "gate - and /dev/stdout" gate "$G/ours.json" --rival "$G/rival.json" --single-run-ok \
	--format json -o - --format text -o /dev/stdout
refused_twice "report /proc/self/fd/1 and -" report "$tmp/v.json" \
	--format json -o /proc/self/fd/1 --format markdown -o -
refused_twice "calibrate - and /dev/fd/1" calibrate "$tmp/a.json" "$tmp/b.json" \
	--format json -o - --format text -o /dev/fd/1
ln -s /dev/stdout "$tmp/out-link"
refused_twice "report a link to /dev/stdout and -" report "$tmp/v.json" \
	--format json -o "$tmp/out-link" --format markdown -o -
# a file and /dev/stdout sent to it by >
echo "keep me" >"$tmp/both.txt"
expect 2 "is given twice; expected one file a format" sh -c "'$SYNCGATE' report '$tmp/v.json' \
	--format json -o '$tmp/both.txt' --format text -o /dev/stdout >>'$tmp/both.txt'"
[ "$(cat "$tmp/both.txt")" = "keep me" ] || fail "a refused pair changed the file"

# --- names of 254 and 255 bytes, the most a folder takes --------------------
for len in 254 255; do
	long=$(printf "%${len}s" "" | tr ' ' n)
	expect 1 "" sg report "$tmp/v.json" --format json -o "$tmp/$long"
	cmp -s "$tmp/$long" "$tmp/v.json" || fail "report -o a $len-byte name: not the verdict"
	set +e
	sg gate "$G/ours.json" --rival "$G/rival.json" --single-run-ok -o "$tmp/$long" 2>"$tmp/err"
	rc=$?
	set -e
	[ "$rc" = 1 ] || fail "gate -o a $len-byte name: exit $rc: $(cat "$tmp/err")"
	expect 0 "" sg import ycsb "$Y" --engine e -o "$tmp/$long"
	grep -q '"syncgate-result/1"' "$tmp/$long" || fail "import -o a $len-byte name: no result"
	expect 0 "" sg calibrate "$tmp/a.json" "$tmp/b.json" -o "$tmp/$long"
	rm -f "$tmp/$long"
done
ls -A "$tmp" | grep -q '^\.syncgate-tmp\.' && fail "a long name left a temporary"

# --- SIGKILL: the output untouched; probe --watch leaves nothing, a run
# killed while its output is open one temporary of the documented name
mkdir "$tmp/k"
echo old >"$tmp/k/w.json"
# (the program itself, not sg's timeout around it: SIGKILL must reach the
# probe, or it would watch on, syncing, for its 60 s after the suite)
# shellcheck disable=SC2086 # SYNCGATE_VALGRIND is words by design
${SYNCGATE_VALGRIND:-} "$SYNCGATE" probe --dir "$tmp/pd" --watch --interval 100ms --max-time 60 \
	-o "$tmp/k/w.json" 2>"$tmp/k.err" &
pid=$!
i=0
while ! grep -q 'after the probe' "$tmp/k.err" && [ "$i" -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
sleep 0.5
kill -s KILL "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
[ "$(cat "$tmp/k/w.json")" = old ] || fail "SIGKILL: w.json is not the old file"
[ "$(ls -A "$tmp/k")" = w.json ] || fail "SIGKILL during --watch left $(ls -A "$tmp/k")"
mkdir "$tmp/kd"
"$SYNCGATE_BENCH" sqlite --dir "$tmp/kd" --rows 200 --seconds 30 -o "$tmp/k/w.json" 2>/dev/null &
pid=$!
i=0
while ! ls -A "$tmp/k" | grep -q '^\.syncgate-tmp\.' && [ "$i" -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -s KILL "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
rm -rf "$tmp/kd"
[ "$(cat "$tmp/k/w.json")" = old ] || fail "SIGKILL: w.json is not the old file"
left=$(ls -A "$tmp/k" | grep -v '^w\.json$' || true)
echo "$left" | grep -qx '\.syncgate-tmp\.[A-Za-z0-9]\{6\}' ||
	fail "SIGKILL left \"$left\"; expected one .syncgate-tmp.XXXXXX"
rm -f "$tmp/k"/.syncgate-tmp.??????
[ "$(ls -A "$tmp/k")" = w.json ] || fail "the documented pattern did not remove what SIGKILL left"

# --- -- ends the options; an option glued to a file's name is refused -------
cp "$G/ours.json" "$tmp/-ours.json"
cp "$tmp/v.json" "$tmp/-v.json"
cp "$Y" "$tmp/-y.txt"
cd "$tmp"
set +e
sg gate --rival "$OLDPWD/$G/rival.json" --single-run-ok -- -ours.json >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 1 ] || fail "gate -- -ours.json: exit $rc: $(cat "$tmp/err")"
grep -q '^rival: zu' "$tmp/out" || fail "gate -- -ours.json: no verdict"
expect 2 "-ours.json is read as -o urs.json, yet a file of that name exists; expected ./-ours.json or -- before it" \
	sg gate -ours.json "$OLDPWD/$G/ours.json" --rival "$OLDPWD/$G/rival.json" --single-run-ok
[ ! -e urs.json ] || fail "gate -ours.json wrote urs.json"
expect 2 "--output=v.json is read as --output v.json" sh -c \
	"touch -- --output=v.json && '$SYNCGATE' report --output=v.json -v.json"
expect 1 "" sg report -- -v.json
grep -q '^rival: zu' "$tmp/out" || fail "report -- -v.json: no text"
cp -- -v.json -ov.json
expect 2 "-ov.json is read as -o v.json" sg report -ov.json
cmp -s ./v.json ./-v.json || fail "report -ov.json wrote v.json"
expect 0 "" sg calibrate -- -ours.json a.json
grep -q '^calibrate: zu' "$tmp/out" || fail "calibrate -- -ours.json: no table"
expect 0 "" sg import ycsb --engine e -- -y.txt
grep -q '"syncgate-result/1"' "$tmp/out" || fail "import -- -y.txt: no result"
# an option where a value belongs: the value was forgotten, and the
# option would be dropped and a file of its name written
expect 2 "-o --strict: --strict is an option, not a value; expected a value after -o" \
	sg gate "$OLDPWD/$G/ours.json" --rival "$OLDPWD/$G/rival.json" --single-run-ok -o --strict
[ ! -e ./--strict ] || fail "gate -o --strict wrote a file --strict"
expect 2 "--rival --same-h: --same-h is an option" \
	sg gate "$OLDPWD/$G/ours.json" --rival --same-h
expect 2 "-o -h: -h is an option" sg report -o -h -- -v.json
expect 2 "--format --output: --output is an option" sg calibrate a.json b.json --format --output
expect 2 "--engine -o: -o is an option" sg import ycsb --engine -o -- -y.txt
expect 2 "ycsb: unknown option -y; see syncgate help import" sg import ycsb -y.txt --engine e
expect 2 "--dir --json: --json is an option" sg probe --dir --json
expect 2 "--dir --rows: --rows is an option" "$SYNCGATE_BENCH" sqlite --dir --rows -o r.json
# an unknown letter of a word is named as the letter, not as the word before
expect 2 "unknown option -x; see syncgate help calibrate" sg calibrate a.json -x.json
expect 2 "unknown option -x; see syncgate help probe" sg probe --dir . -x.json
expect 2 "unknown option -x; see syncgate-bench --help" "$SYNCGATE_BENCH" sqlite -x.json
# a value that starts with - and is no option is a value
expect 1 "" sg report -o -x.txt -- -v.json
[ -s ./-x.txt ] || fail "report -o -x.txt wrote no -x.txt"
cd "$OLDPWD"

if [ "$failures" -gt 0 ]; then
	echo "cli_outputs: $failures failed" >&2
	exit 1
fi
echo "cli_outputs: ok"
