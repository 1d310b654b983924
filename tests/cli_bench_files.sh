#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate-bench's files and plans, on small runs in memory: output to
# standard output, samples files beside the result (through symlinks too)
# and what may not be one, --max-samples, several runs and their
# sessions, the database's directory removed on a signal and after a
# SIGKILL, the result's rename and directory sync under strace, an
# engine's own error, and every bad input refused with exit status 2 and
# a message.  No check here compares two timings, so the suite runs
# beside the others; tests/cli_bench.sh has the relations measured
# against the disk.
set -eu

: "${SYNCGATE:?set SYNCGATE to the syncgate binary}"
: "${SYNCGATE_BENCH:?set SYNCGATE_BENCH to the syncgate-bench binary}"
# No check here counts a flush or times a sync: the runs go in memory
# (tests/lib.sh), where they wait for no idle window.
tmp_in=memory
. tests/lib.sh
run="${SYNCGATE_VALGRIND:-} $SYNCGATE_BENCH"
# Under valgrind, each refusal (exit status 2, its message checked as
# everywhere) runs the program without it, as check-full runs every one
# under the sanitizers; the runs that measure still go under valgrind.
[ -z "${SYNCGATE_VALGRIND:-}" ] || refusal_run=$SYNCGATE_BENCH
prog=syncgate-bench
mkdir "$tmp/dir"
small="--rows 200 --ops 300 --concurrency 2"

# Several runs: the engines take turns, each run a result of its own
# named by engine and number, loadable, with its own probe.
runs_check() {
	expect 0 "run 4 of 4: lmdb, run 2 of 2, to $tmp/r.lmdb.2.json" \
		lmdb,sqlite --runs 2 --dir "$tmp/dir" $small -o "$tmp/r.json"
	order=$(grep -o 'run [0-9] of 4: [a-z]*' "$tmp/err" | sed 's/.*: //' | tr '\n' ' ')
	[ "$order" = "lmdb sqlite sqlite lmdb " ] || fail "--runs 2 ran in the order $order, not ABBA"
	for f in r.lmdb.1 r.sqlite.1 r.lmdb.2 r.sqlite.2; do
		[ -s "$tmp/$f.json" ] || fail "--runs 2 wrote no $f.json"
		$SYNCGATE report "$tmp/$f.json" >/dev/null 2>&1 || fail "$f.json does not load"
		grep -q '"syncgate-probe/1"' "$tmp/$f.json" || fail "$f.json carries no probe"
	done
	[ ! -e "$tmp/r.json" ] || fail "--runs 2 wrote r.json too"
	# each result carries the invocation's session: one id, its run among
	# its engine's, and the set's size
	id=$(session_of "$tmp/r.lmdb.1.json" | cut -d' ' -f1)
	[ "${#id}" = 32 ] || fail "--runs 2: no session id in r.lmdb.1.json: $id"
	for f in r.lmdb.1:1 r.sqlite.1:1 r.lmdb.2:2 r.sqlite.2:2; do
		[ "$(session_of "$tmp/${f%:*}.json")" = "$id ${f#*:} 2" ] ||
			fail "${f%:*}.json: session $(session_of "$tmp/${f%:*}.json"), expected $id ${f#*:} 2"
	done
	# each says its place in the invocation and when it ran, in that order
	prev=0
	for f in r.lmdb.1:1 r.sqlite.1:2 r.sqlite.2:3 r.lmdb.2:4; do
		set -- $(times_of "$tmp/${f%:*}.json")
		[ "${1:-}" = "${f#*:}" ] || fail "${f%:*}.json: order ${1:-none}, expected ${f#*:}"
		awk -v p="$prev" -v a="${2:-0}" -v b="${3:-0}" 'BEGIN { exit !(p <= a && a < b) }' ||
			fail "${f%:*}.json: started ${2:-none}, ended ${3:-none}, after $prev"
		prev=${3:-0}
	done
	$SYNCGATE calibrate "$tmp/r.lmdb.1.json" "$tmp/r.lmdb.2.json" >/dev/null 2>"$tmp/err2" ||
		fail "calibrate of one session's whole set: $(cat "$tmp/err2")"
	expect 0 "run 3 of 3: lmdb, run 3 of 3, to $tmp/one.3" lmdb --runs 3 --dir "$tmp/dir" $small -o "$tmp/one"
	[ -s "$tmp/one.1" ] && [ -s "$tmp/one.2" ] || fail "--runs 3 -o one: $(ls "$tmp")"
	# a second session's run 1 where the first's was, as a second
	# invocation killed in its run 2 would leave it, beside the first
	# session's run 2.  The gate does not pool them, and names both
	# sessions; calibrate takes them, each run once in its session.
	id2=$(session_of "$tmp/one.1" | cut -d' ' -f1)
	[ "$id2" != "$id" ] || fail "two invocations share the session $id"
	cp "$tmp/one.1" "$tmp/r.lmdb.1.json"
	mixed="r.lmdb.2.json: is run 2 of 2 of session $id, but $tmp/r.lmdb.1.json is run 1 of 3 of session $id2; expected every run of"
	set +e
	$SYNCGATE calibrate "$tmp/r.lmdb.1.json" "$tmp/r.lmdb.2.json" >/dev/null 2>"$tmp/err2"
	got=$?
	$SYNCGATE gate "$tmp/r.lmdb.1.json" "$tmp/r.lmdb.2.json" --rival "$tmp/r.sqlite.1.json" --rival \
		"$tmp/r.sqlite.2.json" >/dev/null 2>"$tmp/err3"
	got3=$?
	set -e
	[ "$got" = 0 ] || fail "calibrate of two sessions' runs: exit $got: $(cat "$tmp/err2")"
	[ "$got3" = 2 ] && grep -qF "$mixed ours from one session, never two mixed" "$tmp/err3" ||
		fail "gate pooled two sessions: exit $got3: $(cat "$tmp/err3")"
	# part of one session's set on each side, as an A/A test splits it
	set +e
	$SYNCGATE gate "$tmp/one.1" "$tmp/one.3" --baseline "$tmp/one.2" >/dev/null 2>"$tmp/err2"
	got=$?
	set -e
	[ "$got" != 2 ] || fail "an A/A split of one session refused: $(cat "$tmp/err2")"
	# a result two runs would share through a link is refused before any run
	ln -s l.2.json "$tmp/l.1.json"
	expect 2 "-o $tmp/l.2.json names the same file as -o $tmp/l.1.json" \
		lmdb --runs 2 --dir "$tmp/dir" $small -o "$tmp/l.json"
	[ ! -e "$tmp/l.2.json" ] || fail "a refused plan ran"
}

# session_of FILE: a result's session, "ID RUN RUNS", or nothing.
session_of() {
	tr -d '\t\n' <"$1" |
		sed -n 's/.*"session":{"id":"\([0-9a-f]*\)","run":\([0-9]*\),"runs":\([0-9]*\)[,}].*/\1 \2 \3/p'
}

# times_of FILE: a result's session's "ORDER STARTED ENDED", or nothing.
times_of() {
	tr -d '\t\n' <"$1" |
		sed -n 's/.*"order":\([0-9]*\),"started_s":\([0-9.e+]*\),"ended_s":\([0-9.e+]*\)}.*/\1 \2 \3/p'
}

# Nothing of ours may stay in --dir.
empty_dir() {
	[ -z "$(ls -A "$tmp/dir")" ] || fail "$1 left $(ls -A "$tmp/dir") in --dir"
}

# The summary's columns fit their widest cell: ten thousand point reads
# (5 digits) beside ten writes keep p50 and p99 in one column each.  Past
# --max-samples, a uniform sample of the operations is kept, and count
# still says how many ran.
expect 0 "latencies kept, at random" lmdb --dir "$tmp/dir" --lmdb-nosync --ops 10010 --mix 1000:0:1 \
	--concurrency 1 --rows 100 --probe-every off --max-samples 1000 -o "$tmp/m.json"
# (µ is one column of two bytes: counted as one)
grep -E '^syncgate-bench:   (point-read|write) ' "$tmp/err" | sed 's/µ/u/g' >"$tmp/rows"
awk '{ p = index($0, " p50 "); q = index($0, " p99 ")
	if (NR > 1 && (p != p0 || q != q0)) bad = 1; p0 = p; q0 = q }
	END { exit bad || NR != 2 }' "$tmp/rows" ||
	fail "the summary's columns do not line up: $(cat "$tmp/rows")"
grep -qF '"count":	10000' "$tmp/m.json" || fail "--max-samples 1000: count is not 10000"
grep -qF '"sampling":	"each operation kept at random with probability 1/16' "$tmp/m.json" ||
	fail "--max-samples 1000: the sampling is not recorded: $(grep sampling "$tmp/m.json")"
# the point reads' latencies: the last array but the writes'
kept=$(grep '"samples_ns"' "$tmp/m.json" | tail -n 2 | head -n 1 | tr ',' '\n' | wc -l)
[ "$kept" -le 1000 ] && [ "$kept" -ge 500 ] || fail "--max-samples 1000 kept $kept latencies of 10000"
$SYNCGATE report "$tmp/m.json" >"$tmp/report" 2>&1 || fail "a sampled result does not load: $(cat "$tmp/report")"
grep -Eq "^point-read +read +.* 10000 " "$tmp/report" || fail "a sampled result's count is not 10000: $(cat "$tmp/report")"
empty_dir "the run of ten thousand reads"
expect 0 "" lmdb --dir "$tmp/dir" $small --lmdb-nosync -o - --mix 0:0:1 --concurrency 1
grep -qF '"settings":	"MDB_NOTLS|MDB_NOSYNC' "$tmp/out" || fail "-o - writes no result to standard output"
grep -qF '"name":	"point-read"' "$tmp/out" && fail "--mix 0:0:1 ran point reads"
expect 0 "" sqlite --dir "$tmp/dir" --rows 20 --seconds 0.2 --mix 1:1:0 -o "$tmp/s.json"
grep -qF '"seconds":	0.2' "$tmp/s.json" || fail "--seconds is not recorded"
grep -qF '"name":	"write"' "$tmp/s.json" && fail "--mix 1:1:0 ran writes"
empty_dir "the other runs"

# The result with each samples_file's latencies written inline instead.
inline_samples() {
	while IFS= read -r line; do
		case $line in
		*'"samples_file":'*)
			f=$(printf '%s\n' "$line" | sed 's/.*"samples_file":[[:space:]]*"//; s/".*//')
			printf '"samples_ns": [%s],\n' "$(grep -v '^#' "$tmp/$f" | paste -sd, -)"
			;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$1"
}

# Kinds of more than --samples-file-over latencies go to files beside the
# result, which the gate reads as it would the same latencies inline.
# (--max-samples 100000000, more than a result may hold inline, is no
# bar to a file: the largest kinds would go to samples files.)
expect 0 "" lmdb --dir "$tmp/dir" $small --samples-file-over 80 --max-samples 100000000 -o "$tmp/f.json"
for kind in point-read write; do
	[ -s "$tmp/f.json.$kind.txt" ] || fail "--samples-file-over 80: no $kind samples file"
	grep -qF "\"samples_file\":	\"f.json.$kind.txt\"" "$tmp/f.json" ||
		fail "--samples-file-over 80: the result does not name f.json.$kind.txt"
done
[ "$(grep -cv '^#' "$tmp/f.json.write.txt")" -eq 90 ] || fail "the write samples file holds no 90 latencies"
[ -e "$tmp/f.json.range.txt" ] && fail "60 range latencies, not over 80, went to a file"
ls -A "$tmp" | grep -q '^\.syncgate-tmp\.' && fail "a temporary samples file was left: $(ls -A "$tmp")"
inline_samples "$tmp/f.json" >"$tmp/inline.json"
grep -qF '"samples_file"' "$tmp/inline.json" && fail "inline_samples left a samples_file"
$SYNCGATE report "$tmp/f.json" >"$tmp/f.report" 2>&1 || fail "a result with samples files does not load: $(cat "$tmp/f.report")"
$SYNCGATE report "$tmp/inline.json" >"$tmp/inline.report" 2>&1 || fail "the inline copy does not load: $(cat "$tmp/inline.report")"
grep -Eq "^write +write +.* 90 " "$tmp/f.report" || fail "a result with samples files: no 90 write samples: $(cat "$tmp/f.report")"
# the first line names the file; the table and the unit must be the same
sed 1d "$tmp/f.report" >"$tmp/f.table"
sed 1d "$tmp/inline.report" >"$tmp/inline.table"
cmp -s "$tmp/f.table" "$tmp/inline.table" ||
	fail "samples files and the same latencies inline report differently: $(diff "$tmp/f.table" "$tmp/inline.table")"
set +e
$SYNCGATE gate "$tmp/f.json" --rival "$tmp/inline.json" >"$tmp/gate" 2>&1
got=$?
set -e
[ "$got" -ne 2 ] || fail "the gate cannot load a result with samples files: $(cat "$tmp/gate")"
# With -o - there is nowhere to put a file: every kind stays inline...
expect 0 "" lmdb --dir "$tmp/dir" $small --samples-file-over 0 --max-samples 4000000 --mix 1:1:1 -o -
grep -qF '"samples_file"' "$tmp/out" && fail "-o - named a samples_file"
for kind in point-read range write; do
	grep -qF "\"name\":	\"$kind\"" "$tmp/out" || fail "-o - --mix 1:1:1: no $kind class"
	[ -e "./-.$kind.txt" ] && fail "-o - wrote ./-.$kind.txt"
done
# ...so a --max-samples that could keep more latencies than syncgate reads
# of a JSON document is refused before the run; what --ops bounds is not
# (the run above: 4000000 of each of three kinds, but 300 operations),
# nor is a file (f.json).
expect 2 "--max-samples 4000000: -o - keeps every kind in the JSON, up to 12000000 latencies, more than the 11900000 a result may hold inline" \
    lmdb --dir "$tmp/dir" --max-samples 4000000 --seconds 5 -o -
[ -s "$tmp/out" ] && fail "a refused -o - wrote $(head -c 80 "$tmp/out")"
expect 2 "(syncgate reads at most 12000000 JSON values); expected -o FILE" \
    lmdb --dir "$tmp/dir" --max-samples 6000000 --mix 1:1:0 --ops 12000000 -o /dev/null
# A samples file that cannot be written leaves no result and no other file.
mkdir "$tmp/g.json.write.txt"
expect 2 "g.json.write.txt: is a directory" lmdb --dir "$tmp/dir" $small --samples-file-over 0 -o "$tmp/g.json"
[ -z "$(ls "$tmp" | grep '^g\.json' | grep -v '^g\.json\.write\.txt$')" ] ||
	fail "a failed samples file left $(ls "$tmp" | grep '^g\.json')"
# The result and its samples files are distinct files: a samples file
# linked to the result, or to another samples file, is refused before the
# run, and nothing is written.
echo keep >"$tmp/h.json"
ln -s h.json "$tmp/h.json.write.txt"
expect 2 "the samples file $tmp/h.json.write.txt names the same file as -o $tmp/h.json; expected another file for the write samples" \
	lmdb --dir "$tmp/dir" $small --samples-file-over 0 -o "$tmp/h.json"
echo keep >"$tmp/k.json.point-read.txt"
ln "$tmp/k.json.point-read.txt" "$tmp/k.json.range.txt"
expect 2 "the samples file $tmp/k.json.range.txt names the same file as the samples file $tmp/k.json.point-read.txt; expected another file for the range samples" \
	lmdb --dir "$tmp/dir" $small --samples-file-over 0 -o "$tmp/k.json"
[ "$(cat "$tmp/h.json") $(cat "$tmp/k.json.point-read.txt")" = "keep keep" ] ||
	fail "a refused samples file: a file linked to it was written"
[ -e "$tmp/k.json" ] && fail "a refused samples file: the result was written"
expect 2 "$tmp/dir: is a directory; expected a file to write" \
	lmdb --dir "$tmp/dir" $small -o "$tmp/dir"
empty_dir "a refused output"
# -o through a symlink: the samples files lie beside the file it names,
# where the result finds them, and none beside the link.
mkdir "$tmp/la" "$tmp/lb"
ln -s ../lb/l.json "$tmp/la/l.json"
echo old >"$tmp/lb/l.json"
expect 0 "" lmdb --dir "$tmp/dir" $small --samples-file-over 10 -o "$tmp/la/l.json"
[ "$(ls "$tmp/la")" = l.json ] || fail "-o through a symlink left $(ls "$tmp/la") beside the link"
[ -L "$tmp/la/l.json" ] || fail "-o through a symlink replaced the link"
for kind in point-read range write; do
	[ -s "$tmp/lb/l.json.$kind.txt" ] || fail "-o through a symlink: no $kind samples file beside its target"
done
$SYNCGATE report "$tmp/lb/l.json" >"$tmp/report" 2>&1 || fail "a result written through a symlink does not load: $(cat "$tmp/report")"
# read through the link too: its samples files are beside the file it names
$SYNCGATE report "$tmp/la/l.json" >"$tmp/report" 2>&1 || fail "a result read through a symlink does not load: $(cat "$tmp/report")"
empty_dir "the runs with samples files"

# dir_made PID: waits, two minutes at most, while PID lives, for the
# run's database directory to appear in $tmp/dir.
# (The probe before the run makes and removes its scratch file in DIR:
# only the run's own directory, syncgate-bench.*, counts.)
db_dir() {
	ls -A "$tmp/dir" | grep '^syncgate-bench\.' || true
}
dir_made() {
	tries=0
	while [ -z "$(db_dir)" ] && [ "$tries" -lt 2400 ] && kill -s 0 "$1" 2>/dev/null; do
		sleep 0.05
		tries=$((tries + 1))
	done
}

# A signal mid-run removes the database's directory.
$SYNCGATE_BENCH sqlite --dir "$tmp/dir" --rows 200 --seconds 30 -o "$tmp/sig.json" 2>"$tmp/sig.err" &
pid=$!
dir_made "$pid"
[ -n "$(db_dir)" ] ||
	fail "the run never made its directory: the signal would land before it: $(cat "$tmp/sig.err")"
kill -TERM "$pid"
set +e
wait "$pid" 2>/dev/null
got=$?
set -e
[ "$got" -ne 0 ] || fail "a run killed by SIGTERM exited 0"
empty_dir "a run killed by SIGTERM"
[ -e "$tmp/sig.json" ] && fail "a run killed by SIGTERM left its result"
ls -A "$tmp" | grep -q '^\.syncgate-tmp\.' && fail "a run killed by SIGTERM left its temporary result"
# in a set of runs the signal stops the set, which says it was cut short,
# and the exit status is 128 + the signal's number
$SYNCGATE_BENCH sqlite --runs 3 --dir "$tmp/dir" --rows 200 --seconds 30 -o "$tmp/set.json" 2>"$tmp/set.err" &
pid=$!
dir_made "$pid"
kill -TERM "$pid"
set +e
wait "$pid" 2>/dev/null
got=$?
set -e
[ "$got" = 143 ] || fail "a set stopped by SIGTERM exited $got, expected 143: $(cat "$tmp/set.err")"
grep -qF "run 1 of 3 (sqlite, $tmp/set.1.json): stopped by SIGTERM; the 0 results before it were written, a set cut short" "$tmp/set.err" ||
	fail "a set stopped by SIGTERM does not say it was cut short: $(cat "$tmp/set.err")"
empty_dir "a set stopped by SIGTERM"

# SIGKILL: no handler runs, so the database's directory stays, named as
# documented (syncgate-bench.ENGINE.PID. and six characters); the next
# run in DIR removes it and says so, since its process is gone and no one
# holds it.  A directory of a live process, one holding a file no engine
# makes, and one of an older name stay.
# (The directory is waited for as long as the probe before it takes on
# this disk, up to two minutes, never a set time.)
$SYNCGATE_BENCH sqlite --dir "$tmp/dir" --rows 200 --seconds 30 -o "$tmp/kill.json" 2>"$tmp/kill.err" &
pid=$!
dir_made "$pid"
[ -n "$(db_dir)" ] ||
	fail "the run never made its directory: SIGKILL would land before it: $(cat "$tmp/kill.err")"
kill -KILL "$pid"
set +e
wait "$pid" 2>/dev/null
set -e
left=$(ls -A "$tmp/dir")
echo "$left" | grep -Eqx "syncgate-bench\.sqlite\.$pid\.[A-Za-z0-9]{6}" ||
	fail "SIGKILL left \"$left\" in --dir, expected syncgate-bench.sqlite.$pid.XXXXXX"
rm -f "$tmp"/kill.json.*
sh -c 'exit 0' &
dead=$!
wait "$dead"
mkdir "$tmp/dir/syncgate-bench.lmdb.$$.aaaaaa" "$tmp/dir/syncgate-bench.lmdb.$dead.bbbbbb" \
	"$tmp/dir/syncgate-bench.lmdb.cccccc"
: >"$tmp/dir/syncgate-bench.lmdb.$$.aaaaaa/data.mdb"
: >"$tmp/dir/syncgate-bench.lmdb.$dead.bbbbbb/data.mdb"
: >"$tmp/dir/syncgate-bench.lmdb.$dead.bbbbbb/mine.txt"
expect 0 "removed $tmp/dir/$left, left by syncgate-bench process $pid, which is gone" \
	lmdb --dir "$tmp/dir" $small -o "$tmp/after-kill.json"
# a dead run's directory is the run's, whatever is in it: removed whole
grep -qF "removed $tmp/dir/syncgate-bench.lmdb.$dead.bbbbbb, left by syncgate-bench process $dead, which is gone" "$tmp/err" ||
	fail "a dead run's leftover with a file of its command's was not removed: $(cat "$tmp/err")"
[ ! -e "$tmp/dir/$left" ] || fail "the directory SIGKILL left was not removed"
for d in "syncgate-bench.lmdb.$$.aaaaaa/data.mdb" syncgate-bench.lmdb.cccccc; do
	[ -e "$tmp/dir/$d" ] || fail "a run removed $d, which was not a dead run's alone"
done
rm -r "$tmp/dir/syncgate-bench.lmdb.$$.aaaaaa" \
	"$tmp/dir/syncgate-bench.lmdb.cccccc"
empty_dir "the runs after a SIGKILL"

# Once the result is renamed into place, the samples files it names are
# the user's: a signal at that rename, or a failed sync of the directory
# after it, leaves them with the result.  strace puts the signal or the
# error at the result's own rename and sync, the last of each the run
# makes (the samples files' come first; one traced run counts them).
if [ -n "${SYNCGATE_VALGRIND:-}" ] || ! command -v strace >/dev/null 2>&1 ||
    ! strace -o /dev/null true 2>/dev/null; then
	echo "cli_bench_files: no working strace (or under valgrind): a signal or a failed directory sync after the result's rename is not checked"
else
	mkdir "$tmp/s"
	# LeakSanitizer cannot run under ptrace; the other runs check for leaks
	nolsan="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	ASAN_OPTIONS=$nolsan strace -o "$tmp/trace" -e trace=rename,fsync $SYNCGATE_BENCH lmdb --dir "$tmp/dir" $small \
	    --samples-file-over 10 -o "$tmp/s/t.json" 2>/dev/null || fail "a traced run failed"
	renames=$(grep -c '^rename(' "$tmp/trace") || true
	fsyncs=$(grep -c '^fsync(' "$tmp/trace") || true
	rm -f "$tmp/s/"*
	set +e
	ASAN_OPTIONS=$nolsan strace -o /dev/null -e trace=rename -e inject=rename:signal=TERM:when="$renames" \
	    $SYNCGATE_BENCH lmdb --dir "$tmp/dir" $small --samples-file-over 10 -o "$tmp/s/sig.json" 2>/dev/null
	got=$?
	ASAN_OPTIONS=$nolsan strace -o /dev/null -e trace=fsync -e inject=fsync:error=EIO:when="$fsyncs" \
	    $SYNCGATE_BENCH lmdb --dir "$tmp/dir" $small --samples-file-over 10 -o "$tmp/s/eio.json" 2>"$tmp/err"
	got2=$?
	set -e
	[ "$got" -ne 0 ] || fail "SIGTERM at the result's rename: exit 0"
	[ "$got2" -eq 2 ] || fail "EIO at the directory's sync: exit $got2, expected 2"
	grep -qF "syncing the directory after the rename: Input/output error" "$tmp/err" ||
		fail "EIO at the directory's sync: $(cat "$tmp/err")"
	for r in sig eio; do
		$SYNCGATE report "$tmp/s/$r.json" >"$tmp/report" 2>&1 ||
			fail "$r: the result in place lost its samples files: $(cat "$tmp/report")"
	done
	empty_dir "the runs under strace"
fi

# An engine's error, in its own words: files cannot grow past a limit here.
(
	failures=0
	trap '' XFSZ
	ulimit -f 2048
	expect 2 "syncgate-bench: sqlite: " sqlite --dir "$tmp/dir" --rows 100000 -o "$tmp/x.json"
	expect 2 "syncgate-bench: lmdb: " lmdb --dir "$tmp/dir" --rows 100000 -o "$tmp/x.json"
	[ "$failures" -eq 0 ] || exit 1
) || failures=$((failures + 1))
empty_dir "a run the engine failed"
[ -e "$tmp/x.json" ] && fail "a failed run left a result"

# Bad input.
expect 2 "--dir $tmp/none: No such file or directory" sqlite --dir "$tmp/none" -o "$tmp/x.json"
expect 2 "--dir $tmp/f.json: not a directory" sqlite --dir "$tmp/f.json" -o "$tmp/x.json"
mkdir "$tmp/ro"
chmod 555 "$tmp/ro"
if [ -w "$tmp/ro" ]; then
	echo "cli_bench_files: running as root: a directory without write permission cannot be refused here"
else
	expect 2 "--dir $tmp/ro: cannot write there: Permission denied" sqlite --dir "$tmp/ro" -o "$tmp/x.json"
fi
expect 2 "--mix: 5:2 is not R:S:W" sqlite --dir "$tmp/dir" --mix 5:2 -o "$tmp/x.json"
expect 2 "--mix: 5:x:3: x is not a whole number" sqlite --dir "$tmp/dir" --mix 5:x:3 -o "$tmp/x.json"
expect 2 "--mix: 0:0:0 sums to zero" sqlite --dir "$tmp/dir" --mix 0:0:0 -o "$tmp/x.json"
expect 2 "--ops and --seconds: give one or the other" sqlite --dir "$tmp/dir" --ops 10 --seconds 1 -o "$tmp/x.json"
expect 2 "--ops 5 is too few for --mix 5:2:3 at --concurrency 2" sqlite --dir "$tmp/dir" --ops 5 -o "$tmp/x.json"
expect 2 "--rows: 5 is out of range" sqlite --dir "$tmp/dir" --rows 5 -o "$tmp/x.json"
expect 2 "--concurrency: 0 is out of range" sqlite --dir "$tmp/dir" --concurrency 0 -o "$tmp/x.json"
expect 2 "--value-bytes: 12abc is not a whole number" sqlite --dir "$tmp/dir" --value-bytes 12abc -o "$tmp/x.json"
expect 2 "--max-samples: 10 is out of range" sqlite --dir "$tmp/dir" --max-samples 10 -o "$tmp/x.json"
expect 2 "--samples-file-over: x is not a whole number" sqlite --dir "$tmp/dir" --samples-file-over x -o "$tmp/x.json"
expect 2 "--seconds: -1 is out of range" sqlite --dir "$tmp/dir" --seconds -1 -o "$tmp/x.json"
expect 2 "--sqlite-synchronous: extra; expected off, normal or full" sqlite --dir "$tmp/dir" --sqlite-synchronous extra -o "$tmp/x.json"
expect 2 "--sqlite-synchronous is for sqlite, not lmdb" lmdb --dir "$tmp/dir" --sqlite-synchronous off -o "$tmp/x.json"
expect 2 "--lmdb-nosync is for lmdb, not sqlite" sqlite --dir "$tmp/dir" --lmdb-nosync -o "$tmp/x.json"
expect 2 "mysql: unknown engine; expected sqlite or lmdb" mysql --dir "$tmp/dir" -o "$tmp/x.json"
expect 2 "expected one engine, sqlite or lmdb" --dir "$tmp/dir" -o "$tmp/x.json"
runs_check
empty_dir "--runs"
expect 2 "--runs: 0 is out of range; expected 1 to 100000" lmdb --dir "$tmp/dir" --runs 0 -o "$tmp/x.json"
expect 2 "--runs: -2 is out of range" lmdb --dir "$tmp/dir" --runs -2 -o "$tmp/x.json"
expect 2 "lmdb,lmdb: lmdb twice; expected two different engines" lmdb,lmdb --dir "$tmp/dir" -o "$tmp/x.json"
expect 2 "lmdb,sqlite,lmdb: more than two engines" lmdb,sqlite,lmdb --dir "$tmp/dir" -o "$tmp/x.json"
expect 2 "rocks: unknown engine; expected sqlite or lmdb" lmdb,rocks --dir "$tmp/dir" -o "$tmp/x.json"
expect 2 "-o -: 2 results cannot share standard output" lmdb,sqlite --dir "$tmp/dir" -o -

expect 2 "--probe-every: 5ms; expected a duration from 10ms to 3600s, such as 500ms, or off" \
	lmdb --dir "$tmp/dir" --probe-every 5ms -o "$tmp/x.json"
expect 2 "--probe-every: 4000s; expected a duration" lmdb --dir "$tmp/dir" --probe-every 4000s -o "$tmp/x.json"
expect 2 "--probe-every: often; expected a duration" lmdb --dir "$tmp/dir" --probe-every often -o "$tmp/x.json"
expect 2 "--probe-every: 0; expected a duration" lmdb --dir "$tmp/dir" --probe-every 0 -o "$tmp/x.json"
expect 2 "-o -: 3 results cannot share standard output" lmdb --runs 3 --dir "$tmp/dir" -o -
expect 2 "--dir DIR is required" sqlite -o "$tmp/x.json"
expect 2 "-o FILE is required" sqlite --dir "$tmp/dir"
expect 2 "unknown option --frob" sqlite --dir "$tmp/dir" --frob -o "$tmp/x.json"
expect 2 "-o needs a value" sqlite --dir "$tmp/dir" -o
expect 2 "-o $tmp/none/x.json: $tmp/none: No such file or directory" sqlite --dir "$tmp/dir" -o "$tmp/none/x.json"
empty_dir "the refused runs"
[ -e "$tmp/x.json" ] && fail "a refused run left a result"
expect 0 "" --help
grep -qF "usage: syncgate-bench ENGINE[,ENGINE] --dir DIR" "$tmp/out" || fail "--help prints no usage"
expect 0 "" --version
grep -qF "syncgate-bench " "$tmp/out" || fail "--version prints no version"
# standard output that cannot be written is trouble, and said
if [ -w /dev/full ]; then
	for arg in --help --version; do
		set +e
		$run "$arg" >/dev/full 2>"$tmp/err"
		got=$?
		set -e
		[ "$got" -eq 2 ] || fail "$arg >/dev/full: exit $got, expected 2"
		grep -qF "syncgate-bench: standard output: No space left on device" "$tmp/err" ||
			fail "$arg >/dev/full: no message: $(cat "$tmp/err")"
	done
fi

# SYNCGATE_PROBE (syncgate run's probe, given to its commands): taken
# where it is of --dir's volume, in place of a probe of its own; another
# volume's probed over, said; a file that is no probe refused
$SYNCGATE probe --dir "$tmp/dir" --samples 20 --json -o "$tmp/p.json" 2>/dev/null ||
	fail "a probe of --dir for SYNCGATE_PROBE"
export SYNCGATE_PROBE="$tmp/p.json"
expect 0 "probe of $tmp/dir (syncgate run's, SYNCGATE_PROBE)" lmdb --dir "$tmp/dir" $small \
	-o "$tmp/inh.json"
tr -d '\t\n' <"$tmp/inh.json" | grep -q '"spent":{"probe_s":0,"load_s":[0-9.e-]*,"idle_s":[0-9.e-]*,"rounds_s":[0-9.e-]*,"ops_s":[0-9.e-]*}' ||
	fail "SYNCGATE_PROBE: driver.spent: $(grep -A7 '"spent"' "$tmp/inh.json")"
grep -q '"probed":.*"by syncgate run before its first run, in --dir (SYNCGATE_PROBE)' "$tmp/inh.json" ||
	fail "SYNCGATE_PROBE: the result does not say whose probe: $(grep '"probed"' "$tmp/inh.json")"
other=$(mktemp -d "$PWD/.cli_bench_files.XXXXXX")
$SYNCGATE probe --dir "$other" --samples 20 --json -o "$tmp/po.json" 2>/dev/null ||
	fail "a probe on the disk for SYNCGATE_PROBE"
rm -rf "$other"
SYNCGATE_PROBE="$tmp/po.json"
expect 0 "SYNCGATE_PROBE $tmp/po.json: another volume's probe than --dir $tmp/dir's; probing --dir" \
	lmdb --dir "$tmp/dir" $small -o "$tmp/inh.json"
grep -q "(syncgate run's" "$tmp/err" && fail "another volume's SYNCGATE_PROBE was taken"
SYNCGATE_PROBE="$tmp/inh.json"
expect 2 "SYNCGATE_PROBE: $tmp/inh.json" lmdb --dir "$tmp/dir" $small -o "$tmp/bad.json"
[ ! -e "$tmp/bad.json" ] || fail "a bad SYNCGATE_PROBE wrote a result"
unset SYNCGATE_PROBE

# a mix without writes: no rounds through the run, said why
expect 0 "no rounds through the run (the mix has no writes)" lmdb --dir "$tmp/dir" $small \
	--mix 1:1:0 --probe-every 10ms -o "$tmp/ro.json"
grep -q '"series"' "$tmp/ro.json" && fail "a mix without writes took rounds through the run"
tr -d '\t\n' <"$tmp/ro.json" | grep -q '"idle_s":0,"rounds_s":0,' ||
	fail "a mix without writes: driver.spent: $(grep -A7 '"spent"' "$tmp/ro.json")"
grep -q '^syncgate-bench: spent: probe [0-9.]*s, load [0-9.]*s, idle windows 0.000s, rounds 0.000s, operations [0-9.]*s$' "$tmp/err" ||
	fail "a mix without writes: no line of what the run spent: $(cat "$tmp/err")"

# LMDB's load commits its batches unsynced and syncs the whole once: with
# the probe given and no writes in the mix, that is the run's one
# fdatasync (five batches of 1,000 rows synced six times before)
if [ -z "${SYNCGATE_VALGRIND:-}" ] && command -v strace >/dev/null 2>&1 &&
    strace -o /dev/null true 2>/dev/null; then
	SYNCGATE_PROBE="$tmp/p.json" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	    strace -f -o "$tmp/ltrace" -e trace=fdatasync $SYNCGATE_BENCH lmdb --dir "$tmp/dir" \
	    --rows 5000 --ops 10 --mix 1:0:0 -o "$tmp/l.json" 2>/dev/null || fail "a traced load failed"
	n=$(grep -c 'fdatasync(' "$tmp/ltrace") || true
	[ "$n" = 1 ] || fail "LMDB's load of 5 batches: $n fdatasyncs, expected one"
fi

if [ "$failures" -gt 0 ]; then
	echo "cli_bench_files: $failures failed" >&2
	exit 1
fi
echo "cli_bench_files: all passed"
