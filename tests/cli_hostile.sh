#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile files against the binary: inputs past the size limits (refused
# by their size, unread), JSON nested past the limit, numbers out of
# range, names that would steer a terminal or are not UTF-8, samples files
# that are FIFOs, folders, devices or outside the result's folder; and
# output that is whole or absent: a killed -o leaves no half file, and a
# full disk or a closed pipe on standard output is exit status 2 for
# every subcommand.  Every refusal is checked for its status and message,
# and no output may carry a control character.  Run from the repository
# root; SYNCGATE names the binary, SYNCGATE_VALGRIND a command to run it
# under.
set -eu

: "${SYNCGATE:=build/syncgate}"
case $SYNCGATE in /*) ;; *) SYNCGATE=$PWD/$SYNCGATE ;; esac
VG=${SYNCGATE_VALGRIND:-}
F=$PWD/fixtures
. tests/lib.sh
T=$tmp
run=sg
prog=syncgate

skip() {
	echo "cli_hostile: skipped: $*" >&2
}

# Bytes a terminal acts on: C0 controls but tab and newline, DEL, C1 in
# UTF-8, and the bidirectional and invisible format characters.
ctl=$(printf '[\001-\010\013-\037\177]')
c1=$(printf '\302[\200-\237]')
fmt1=$(printf '\342\200[\213-\217\250-\256]')
fmt2=$(printf '\342\201[\240-\257]')

# hidden FILE WHAT [c0]: fails when FILE holds such a byte (with c0, only
# C0 and DEL: JSON keeps other characters as they are)
hidden() {
	if [ "${3:-}" = c0 ]; then
		set -- "$1" "$2" -e "$ctl"
	else
		set -- "$1" "$2" -e "$ctl" -e "$c1" -e "$fmt1" -e "$fmt2"
	fi
	hfile=$1
	hwhat=$2
	shift 2
	if LC_ALL=C grep -q "$@" "$hfile"; then
		fail "$hwhat: a control or format character got through: $(LC_ALL=C grep -m 1 "$@" "$hfile" | od -c | head -n 2 | tr '\n' ' ')"
	fi
}

# expect's stderr holds no hidden byte either
expect_also() {
	shift 2
	hidden "$T/err" "syncgate $*: stderr"
}

# A result with one class "c" whose fields (JSON text) are $2, written to $1.
one_class() {
	printf '{"format": "syncgate-result/1", "engine": "e", "classes": [{"name": "c", "kind": "read", %s}]}\n' \
		"$2" >"$1"
}
ok_class='"p50_ns": 1000, "p99_ns": 2000'

# --- sizes: refused by their size before being read ------------------------
# Plain builds run under a 400 MB address-space cap, so reading a 2 GB file
# whole (or past the 256 MiB limit) would fail differently; ASan and
# valgrind need more address space and run without it.
capped=""
if [ -z "$VG" ] && [ "$( (ulimit -v 400000 && "$SYNCGATE" --version >/dev/null 2>&1; echo $?) \
	2>/dev/null)" = 0 ]; then
	capped=1
else
	skip "the address-space cap (a sanitizer or valgrind build)"
fi
# expect_capped: expect, under the cap where there is one
expect_capped() {
	if [ -n "$capped" ]; then
		(failures=0 && ulimit -v 400000 && expect "$@" && exit "$failures") ||
			failures=$((failures + 1))
	else
		expect "$@"
	fi
}
if truncate -s 2G "$T/big.json" 2>/dev/null; then
	big="big.json: 2147483648 bytes is over the 256 MiB limit for JSON input"
	expect_capped 2 "$big" report "$T/big.json"
	expect_capped 2 "$big" gate "$T/big.json" --rival "$F/gate/split/rival.json"
	expect_capped 2 "$big" gate "$F/gate/split/ours.json" --rival "$T/big.json"
	expect_capped 2 "$big" gate "$F/gate/split/ours.json" --rival "$F/gate/split/rival.json" \
		--probe "$T/big.json"
	cp "$T/big.json" "$T/big.txt" 2>/dev/null || truncate -s 2G "$T/big.txt"
	expect_capped 2 "big.txt: 2147483648 bytes is over the 64 MiB limit for a benchmark's output" \
		import ycsb "$T/big.txt" --engine e
	rm -f "$T/big.json" "$T/big.txt"
	mkdir "$T/s2g"
	truncate -s 2G "$T/s2g/s.txt"
	one_class "$T/s2g/r.json" '"samples_file": "s.txt"'
	expect_capped 2 "samples_file s.txt is 2147483648 bytes, over the 1024 MiB limit" \
		report "$T/s2g/r.json"
	rm -rf "$T/s2g"
else
	skip "2 GB sparse files: truncate cannot make one in ${TMPDIR:-/tmp}"
fi
# endless input is read to one byte past the limit, no further
expect_capped 2 "/dev/zero: over the 256 MiB limit for JSON input" report /dev/zero
expect_capped 2 "/dev/zero: over the 64 MiB limit for a benchmark's output" \
	import linkbench /dev/zero --engine e

# --- nesting past cJSON's 1000 levels, inside a key the loader ignores -----
brackets() {
	printf "%$1s" '' | tr ' ' "$2"
}
for n in 10000 1000000; do
	printf '{"format": "syncgate-result/1", "engine": "e", "x": %s%s, "classes": [{"name": "c", "kind": "read", %s}]}\n' \
		"$(brackets $n '[')" "$(brackets $n ']')" "$ok_class" >"$T/deep.json"
	expect 2 "deep.json: arrays and objects nested more than 1000 deep at line 1, column" \
		report "$T/deep.json"
	expect 2 "arrays and objects nested more than 1000 deep" \
		gate "$F/gate/split/ours.json" --rival "$T/deep.json"
done
# the object and 999 arrays are 1000 levels: JSON, and the unknown key ignored
printf '{"format": "syncgate-result/1", "engine": "e", "x": %s%s, "classes": [{"name": "c", "kind": "read", %s}]}\n' \
	"$(brackets 999 '[')" "$(brackets 999 ']')" "$ok_class" >"$T/deep.json"
expect 0 "" report "$T/deep.json"

# --- numbers that are not finite, not positive, or not numbers -------------
while IFS='|' read -r fields msg; do
	one_class "$T/n.json" "$fields"
	expect 2 "$msg" report "$T/n.json"
done <<'EOF'
"p50_ns": 1e999, "p99_ns": 2000|classes[0] "c": p50_ns is a number out of range; expected a positive number of nanoseconds
"p50_ns": -1e999, "p99_ns": 2000|classes[0] "c": p50_ns is a number out of range
"p50_ns": -0, "p99_ns": 2000|classes[0] "c": p50_ns is -0; expected a positive number of nanoseconds
"p50_ns": "NaN", "p99_ns": 2000|classes[0] "c": p50_ns is a string; expected a positive number
"p50_ns": NaN, "p99_ns": 2000|n.json: not JSON: syntax error at line 1, column
"p50_ns": 1000, "p99_ns": Infinity|n.json: not JSON: syntax error at line 1, column
"samples_ns": [1000, 1e999]|classes[0] "c": samples_ns[1] is a number out of range
"samples_ns": [-0]|classes[0] "c": samples_ns[0] is -0; expected a positive number
"p50_ns": 1000, "p99_ns": 2000, "count": 1e999|classes[0] "c": count is a number out of range
EOF
sed 's/"median_ns":[[:space:]]*[0-9.]*/"median_ns": 1e999/' "$F/probe/tmpfs.json" >"$T/p.json"
expect 2 "p.json: probe.median_ns is a number out of range" report "$T/p.json"
sed 's/"median_ns":[[:space:]]*[0-9.]*/"median_ns": -0/' "$F/probe/tmpfs.json" >"$T/p.json"
expect 2 "p.json: probe.median_ns is -0; expected a positive number" report "$T/p.json"
sed 's/"median_ns":[[:space:]]*[0-9.]*/"median_ns": "NaN"/' "$F/probe/tmpfs.json" >"$T/p.json"
expect 2 "p.json: probe.median_ns is a string" report "$T/p.json"
sed 's/"confidence":[[:space:]]*[0-9.]*/"confidence": 1e999/' "$F/report/split.json" >"$T/v.json"
expect 2 "v.json: confidence is a number out of range" report "$T/v.json"
sed 's/"confidence":[[:space:]]*[0-9.]*/"confidence": "NaN"/' "$F/report/split.json" >"$T/v.json"
expect 2 "v.json: confidence is a string" report "$T/v.json"
# null is a figure left out: no "nan" may be printed for it
sed 's/"confidence":[[:space:]]*[0-9.]*/"confidence": null/' "$F/report/split.json" >"$T/v.json"
expect 1 "" report "$T/v.json"
grep -qi 'nan' "$T/out" && fail "a verdict without a confidence prints nan: $(grep -i nan "$T/out")"

# --- names that would steer a terminal ------------------------------------
# An OSC that retitles the window, a clear screen, a C1 CSI, a bidi
# override, a carriage return and a backspace, in every string a file holds.
nasty='\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e\r\bX'
nasty_sed=$(printf '%s' "$nasty" | sed 's/\\/\\\\/g')
sed -e "s/\"name\":[[:space:]]*\"\([^\"]*\)\"/\"name\": \"\1$nasty_sed\"/" \
	-e "s/\"engine\":[[:space:]]*\"\([^\"]*\)\"/\"engine\": \"\1$nasty_sed\"/" \
	-e "s/\"fs\":[[:space:]]*\"\([^\"]*\)\"/\"fs\": \"\1$nasty_sed\"/" \
	-e "s/\"evidence\":[[:space:]]*\[/\"evidence\": [\"e$nasty_sed\", /" \
	"$F/gate/split/ours.json" >"$T/ours.json"
sed -e "s/\"name\":[[:space:]]*\"\([^\"]*\)\"/\"name\": \"\1$nasty_sed\"/" \
	-e "s/\"engine\":[[:space:]]*\"\([^\"]*\)\"/\"engine\": \"\1$nasty_sed\"/" \
	"$F/gate/split/rival.json" >"$T/rival.json"
grep -qF '\u001b]0;pwned' "$T/ours.json" || fail "the hostile result was not made"
for f in text markdown json junit html; do
	set +e
	sg gate "$T/ours.json" --rival "$T/rival.json" --single-run-ok --format "$f" >"$T/g.$f" 2>"$T/err"
	st=$?
	set -e
	[ "$st" -le 1 ] || fail "gate of hostile names, $f: exit $st: $(cat "$T/err")"
	if [ "$f" = json ]; then
		hidden "$T/g.$f" "gate --format json" c0
		grep -qF '\u001b]0;pwned' "$T/g.$f" || fail "gate --format json: the name is not kept, escaped"
	else
		hidden "$T/g.$f" "gate --format $f"
	fi
done
# shown escaped or replaced by '?': either way visible and not acted on
grep -qF -e '?]0;pwned??[2J??31m?????X' -e '\x1b]0;pwned\x07\x1b[2J\u009b31m\u202e\x0d\x08X' \
	"$T/g.text" || fail "gate text: the escapes are not shown: $(grep -m 1 pwned "$T/g.text")"
expect 1 "" report "$T/g.json"
hidden "$T/out" "report of the hostile verdict"
expect 0 "" report "$T/ours.json"
hidden "$T/out" "report of the hostile result"
expect 0 "" report "$T/ours.json" --format markdown
hidden "$T/out" "report --format markdown of the hostile result"
sed -e "s/\"fs\":[[:space:]]*\"\([^\"]*\)\"/\"fs\": \"\1$nasty_sed\"/" \
	-e "s/\"evidence\":[[:space:]]*\[/\"evidence\": [\"e$nasty_sed\", /" \
	-e "s/\"name\":[[:space:]]*\"\([^\"]*\)\"/\"name\": \"\1$nasty_sed\"/" \
	"$F/probe/tmpfs.json" >"$T/p.json"
expect 0 "" report "$T/p.json"
hidden "$T/out" "report of the hostile probe"
grep -qF 'tmpfs?]0;pwned' "$T/out" || fail "probe text: the file system is not shown cleaned"
# messages quote names, kinds, formats and paths from the file: cleaned too
one_class "$T/m.json" "\"samples_file\": \"/x$nasty\""
expect 2 "samples_file /x?]0;pwned??[2J??31m?????X is an absolute path" report "$T/m.json"
one_class "$T/m.json" "\"samples_file\": \"../x$nasty\""
expect 2 "climbs out of the result file's folder" report "$T/m.json"
one_class "$T/m.json" "\"samples_file\": \"x$nasty\""
expect 2 "samples_file x?]0;pwned??[2J??31m?????X: No such file or directory" report "$T/m.json"
printf '{"format": "syncgate-result/1", "engine": "e", "classes": [{"name": "n%s", "kind": "k%s", %s}]}\n' \
	"$nasty" "$nasty" "$ok_class" >"$T/m.json"
expect 2 "kind is \"k?]0;pwned" report "$T/m.json"
printf '{"format": "x%s"}\n' "$nasty" >"$T/m.json"
expect 2 "format is \"x?]0;pwned" report "$T/m.json"
expect 2 "format is \"x?]0;pwned" gate "$T/m.json" --rival "$F/gate/split/rival.json"
printf '{"format": "syncgate-verdict/1%s"}\n' "$nasty" >"$T/m.json"
expect 2 "format is \"syncgate-verdict/1?]0;pwned" report "$T/m.json"
sed "s/\"reaches_device\":[[:space:]]*\"[a-z]*\"/\"reaches_device\": \"r$nasty_sed\"/" \
	"$F/probe/tmpfs.json" >"$T/m.json"
expect 2 "reaches_device is \"r?]0;pwned" report "$T/m.json"
sed "s/\"format\":[[:space:]]*\"syncgate-probe\/1\"/\"format\": \"syncgate-probe\/1$nasty_sed\"/" \
	"$F/gate/split/ours.json" >"$T/m.json"
expect 2 "probe.format is \"syncgate-probe/1?]0;pwned" report "$T/m.json"

# --- names that would make a line a GitHub workflow command ----------------
# The runner takes a line for a command when it starts with "::" after
# white space (.NET's, U+3000 and U+00A0 too) or holds "##[" anywhere.
# Only syncgate's own annotations may start with "::".
sp3000=$(printf '\343\200\200')
spa0=$(printf '\302\240')
# commands FILE WHAT: fails when a line of FILE would be a command
commands() {
	if LC_ALL=C sed -e "s/^\([[:space:]]\|$sp3000\|$spa0\)*//" "$1" |
		LC_ALL=C grep -v '^::\(error\|warning\) title=syncgate%3A ' |
		LC_ALL=C grep -q -e '^::' -e '##\['; then
		fail "$2: a line a CI runner takes for a command: $(LC_ALL=C grep -m 1 -e '::' -e '##\[' "$1")"
	fi
}
cmd_ours=' ::warning::e'
cmd_rival='::stop-commands::x'
sed -e "s/\"engine\": \"zu\"/\"engine\": \"$cmd_ours\"/" \
	-e 's/"name": "point-read"/"name": "  ::error::get"/' \
	-e 's/"name": "write"/"name": "##[error]w"/' \
	-e 's/"workload": "linkbench"/"workload": "\\u3000::group::w"/' \
	-e 's/"fs": "apfs"/"fs": "\\u00a0::notice::fs"/' \
	-e 's/"evidence": \[/"evidence": ["::error::e", "x ##[warning]y", /' \
	"$F/gate/split/ours.json" >"$T/cmd-ours.json"
sed -e "s/\"engine\": \"ladybug\"/\"engine\": \"$cmd_rival\"/" \
	-e 's/"name": "write"/"name": "##[error]w"/' \
	-e 's/"name": "traversal"/"name": "\\t::debug::t"/' \
	-e 's/"workload": "linkbench"/"workload": "\\u3000::group::w"/' \
	"$F/gate/split/rival.json" >"$T/cmd-rival.json"
grep -qF '::stop-commands::x' "$T/cmd-rival.json" || fail "the rival named as a command was not made"
grep -qF '##[error]w' "$T/cmd-ours.json" || fail "the class named as a command was not made"
# the gate, each format to standard output and to -o, annotations beside the text
for f in text markdown json junit html benchmark-action bencher; do
	set +e
	sg gate "$T/cmd-ours.json" --rival "$T/cmd-rival.json" --single-run-ok --format "$f" \
		>"$T/cg.$f" 2>"$T/err"
	st=$?
	set -e
	[ "$st" -le 1 ] || fail "gate of names as commands, $f: exit $st: $(cat "$T/err")"
	commands "$T/cg.$f" "gate --format $f"
	commands "$T/err" "gate --format $f: stderr"
done
set +e
sg gate "$T/cmd-ours.json" --rival "$T/cmd-rival.json" --single-run-ok --github-annotations \
	--format json -o "$T/cmd-v.json" --format text -o - >"$T/cg.ann" 2>"$T/err"
set -e
commands "$T/cg.ann" "gate --github-annotations"
commands "$T/err" "gate --github-annotations: stderr"
grep -q '^::error title=syncgate%3A ' "$T/cg.ann" ||
	fail "gate --github-annotations: its own ::error is missing: $(cat "$T/cg.ann")"
# shown, not dropped: the names stay readable
grep -qF '\x3a:stop-commands::x' "$T/cg.text" ||
	fail "gate text: the rival's name is not shown escaped: $(grep -m 1 stop-commands "$T/cg.text")"
grep -qF '\::stop-commands::x' "$T/cg.markdown" ||
	fail "gate markdown: the rival's name is not shown escaped: $(grep -m 1 stop-commands "$T/cg.markdown")"
# the verdict re-rendered, the results and a probe
for f in text markdown json junit html benchmark-action bencher; do
	expect 1 "" report "$T/cmd-v.json" --format "$f"
	commands "$T/out" "report VERDICT --format $f"
done
for f in text markdown json; do
	for side in ours rival; do
		expect 0 "" report "$T/cmd-$side.json" --format "$f"
		commands "$T/out" "report RESULT --format $f"
	done
done
sed -e 's/"fs":[[:space:]]*"tmpfs"/"fs": "  ::error::fs"/' \
	-e 's/"evidence":[[:space:]]*\[/"evidence": ["::error::e", "x ##[warning]y", /' \
	"$F/probe/tmpfs.json" >"$T/cmd-p.json"
grep -qF '::error::fs' "$T/cmd-p.json" || fail "the probe with a command for a file system was not made"
for f in text json; do
	expect 0 "" report "$T/cmd-p.json" --format "$f"
	commands "$T/out" "report PROBE --format $f"
done
# calibrate's table and record
sed 's/"engine": "zu"/"engine": "::stop-commands::x"/; s/"name": "point-read"/"name": "  ::error::get"/; s/"name": "write"/"name": "##[error]w"/' \
	"$F/gate/split/ours.json" >"$T/cmd-a1.json"
sed 's/53960/54960/; s/168170/178170/' "$T/cmd-a1.json" >"$T/cmd-a2.json"
for f in text json; do
	expect 0 "" calibrate "$T/cmd-a1.json" "$T/cmd-a2.json" --format "$f"
	commands "$T/out" "calibrate --format $f"
done
# import: names from the command line and from the file, and its notes
expect 0 "" import ycsb "$F/import/ycsb-workloada.txt" --engine '::stop-commands::x' \
	--workload '##[group]w'
commands "$T/out" "import ycsb"
commands "$T/err" "import ycsb: stderr"
# messages that quote a name or a path
printf '{"format": "syncgate-result/1", "engine": "e", "classes": [{"name": "##[error]n", "kind": "::error::k", %s}]}\n' \
	"$ok_class" >"$T/cmd-m.json"
expect 2 "kind is" report "$T/cmd-m.json"
commands "$T/err" "a message quoting a kind"
mkdir -p "$T/##[error]d"
expect 2 "" report "$T/##[error]d/::x.json"
commands "$T/err" "a message quoting a path"
expect 2 "" import ycsb "$T/##[error]d/ y.txt" --engine e
commands "$T/err" "import: a message quoting a path"

# --- names that are not UTF-8 (overlong, surrogate, past U+10FFFF, 0xFF):
# JSON is UTF-8 text, so each such file is refused, and the message that
# says so is UTF-8 itself ----------------------------------------------------
if command -v iconv >/dev/null 2>&1; then
	for side in ours rival; do
		printf '{"format": "syncgate-result/1", "engine": "%s\377", "classes": [{"name": "r\300\257\355\240\200\364\220\200\200", "kind": "read", "p50_ns": 1000, "p99_ns": 2000}, {"name": "w\376", "kind": "write", "p50_ns": 1000, "p99_ns": 2000}]}\n' \
			"$side" >"$T/u8-$side.json"
	done
	for f in text markdown junit html; do
		expect 2 "u8-ours.json: not UTF-8: byte 0xff at line 1, column 48; expected JSON, which is UTF-8 text" \
			gate "$T/u8-ours.json" --rival "$T/u8-rival.json" --format "$f"
		[ ! -s "$T/out" ] || fail "gate --format $f: output from a file that is not UTF-8"
	done
	printf '{"format": "syncgate-result/1", "engine": "e", "classes": [{"name": "r\300\257", "kind": "read", "p50_ns": 1000, "p99_ns": 2000}]}\n' >"$T/u8-name.json"
	expect 2 "u8-name.json: not UTF-8: byte 0xc0 at line 1, column 71" report "$T/u8-name.json"
	iconv -f UTF-8 -t UTF-8 "$T/err" >/dev/null 2>&1 ||
		fail "report: the message about a file that is not UTF-8 is not UTF-8"
	printf '[READ], Operations, 1\n[READ], 50thPercentileLatency(us), 3\n[READ], 99thPercentileLatency(us), 9\n[R\377], Operations, 1\n' >"$T/u8-ycsb.txt"
	expect 2 "u8-ycsb.txt: line 4: not UTF-8: byte 0xff" import ycsb "$T/u8-ycsb.txt" --engine e
else
	skip "UTF-8 validity: no iconv"
fi

# --- samples_file: only a regular file inside the result's folder ----------
mkdir -p "$T/sf/sub" "$T/sf/in"
echo 5 >"$T/outside.txt"
echo 7 >"$T/sf/in/ok.txt"
mkfifo "$T/sf/fifo"
ln -s /dev/zero "$T/sf/zero"
ln -s ../outside.txt "$T/sf/out"
ln -s "$T" "$T/sf/up"
ln -s in/ok.txt "$T/sf/inlink"
while IFS='|' read -r name msg; do
	one_class "$T/sf/r.json" "\"samples_file\": \"$name\""
	expect 2 "$msg" report "$T/sf/r.json"
done <<'EOF'
fifo|samples_file fifo is a FIFO; expected a regular file of latencies
sub|samples_file sub is a directory; expected a regular file of latencies
zero|samples_file zero leads out of the result file's folder through a symbolic link
out|samples_file out leads out of the result file's folder through a symbolic link
up/outside.txt|samples_file up/outside.txt leads out of the result file's folder
../outside.txt|samples_file ../outside.txt climbs out of the result file's folder with ..
in/../../outside.txt|climbs out of the result file's folder with ..
/dev/zero|samples_file /dev/zero is an absolute path
EOF
# a link that stays inside is followed
one_class "$T/sf/r.json" '"samples_file": "inlink"'
expect 0 "" report "$T/sf/r.json"

# --- standard output: a full disk and a closed pipe are exit status 2 ------
# The closed pipe is a FIFO whose only reader has gone: writing to it fails
# with EPIPE at once, whatever the timing.
mkfifo "$T/pipe"
exec 4<>"$T/pipe"
exec 5>"$T/pipe"
exec 4<&-
mkdir "$T/pd"
while IFS='|' read -r args; do
	# shellcheck disable=SC2086 # args are words by design
	set -- $args
	for to in full pipe; do
		set +e
		if [ "$to" = full ]; then
			[ -w /dev/full ] || continue
			sg "$@" >/dev/full 2>"$T/err"
		else
			sg "$@" >&5 2>"$T/err"
		fi
		st=$?
		set -e
		[ "$st" = 2 ] || fail "syncgate $* >$to: exit $st, expected 2: $(cat "$T/err")"
		grep -qF "standard output:" "$T/err" || fail "syncgate $* >$to: no message: $(cat "$T/err")"
	done
done <<EOF
--version
--help
help
help gate
gate --help
gate $F/gate/split/ours.json --rival $F/gate/split/rival.json
gate $F/gate/split/ours.json --rival $F/gate/split/rival.json --format html
report --help
report $F/report/split.json
report $F/report/split.json --format junit
report $F/gate/split/ours.json
report $F/probe/tmpfs.json
import --help
import ycsb --help
import ycsb $F/import/ycsb-workloada.txt --engine e
import linkbench $F/import/linkbench-request.csv --engine e
probe --help
probe --dir $T/pd --samples 3
EOF
exec 5>&-
[ -z "$(ls -A "$T/pd")" ] || fail "probe with a closed standard output left files: $(ls -A "$T/pd")"
# a real pipe that its reader closes early: 2,000 classes are far more than a pipe holds
awk 'BEGIN { printf "{\"format\": \"syncgate-result/1\", \"engine\": \"e\", \"classes\": [";
	for (i = 0; i < 2000; i++)
		printf "%s{\"name\": \"class-%d\", \"kind\": \"read\", \"p50_ns\": 1000, \"p99_ns\": 2000}",
		    i ? ", " : "", i;
	print "]}" }' >"$T/many.json"
{
	set +e
	sg report "$T/many.json" 2>"$T/err"
	echo $? >"$T/st"
} | head -c 1 >/dev/null
[ "$(cat "$T/st")" = 2 ] || fail "report | head -c 1: exit $(cat "$T/st"), expected 2"
grep -qF "standard output:" "$T/err" || fail "report | head -c 1: no message: $(cat "$T/err")"

# --- -o: whole or absent, whenever the run is killed ------------------------
sg report "$T/many.json" --format json -o "$T/ref.json" 2>"$T/err" ||
	fail "report -o: $(cat "$T/err")"
for sig in KILL TERM HUP; do
	for delay in 0 0.02 0.05 0.1 0.2; do
		echo old >"$T/o.json"
		$VG "$SYNCGATE" report "$T/many.json" --format json -o "$T/o.json" 2>/dev/null &
		pid=$!
		sleep "$delay" 2>/dev/null || sleep 1
		kill -s "$sig" "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		if ! cmp -s "$T/o.json" "$T/ref.json" && [ "$(cat "$T/o.json")" != old ]; then
			fail "SIG$sig after ${delay}s: o.json is neither the old file nor the whole new one"
		fi
		# a caught signal removes the temporary file; SIGKILL cannot be caught
		if [ "$sig" != KILL ] && ls -A "$T" | grep -q '^\.syncgate-tmp\.'; then
			fail "SIG$sig after ${delay}s: the temporary file was left behind"
		fi
		rm -f "$T"/.syncgate-tmp.*
	done
done

# --- fixtures/hostile/probe-no-write-bytes.json: a probe without write_bytes
# loaded, written back and loaded again (it was written as 0, then refused)
expect 0 "" report "$F/hostile/probe-no-write-bytes.json" --format json -o "$T/p2.json"
expect 0 "" report "$T/p2.json"
expect 0 "imported" import ycsb "$F/import/ycsb-workloada.txt" --engine e \
	--probe "$F/hostile/probe-no-write-bytes.json" -o "$T/i.json"
expect 0 "" report "$T/i.json"

# --- fixtures/hostile/verdict-edited-to-pass.json: the split verdict with
# every ruling made a pass and the failing words made a pass's; its figures
# still fail, so it is ruled again and renders as the gate's own, in every
# format, its verdict the gate's fail, and report exits 1 as the gate does
set +e
sg gate "$F/gate/split/ours.json" --rival "$F/gate/split/rival.json" --single-run-ok >/dev/null 2>&1
st=$?
set -e
[ "$st" = 1 ] || fail "gate of the split results: exit $st, expected 1"
for f in text markdown json junit html; do
	expect 1 "" report "$F/hostile/verdict-edited-to-pass.json" --format "$f"
	mv "$T/out" "$T/edited.$f"
	expect 1 "" report "$F/report/split.json" --format "$f"
	cmp -s "$T/out" "$T/edited.$f" ||
		fail "an edited verdict, $f: not the gate's rendering: $(diff "$T/out" "$T/edited.$f" | head -5)"
done
grep -q '^Verdict: fail$' "$T/edited.text" || fail "an edited verdict does not render as a fail"

if [ "$failures" -gt 0 ]; then
	echo "cli_hostile: $failures failed" >&2
	exit 1
fi
echo "cli_hostile: all passed"
