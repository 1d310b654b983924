#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate probe on this disk, timed: real runs, output to -o,
# --require-device, tmpfs, eatmydata and preloads told from a device by a
# sync's cost against a system call's, --watch, signals at many moments,
# deaths no handler sees, two probes at once, and real devices (loop,
# zram).  Nothing may be left behind in the probed directory, whatever
# happens.  It runs alone (scripts/run-tests.sh); what times nothing is in
# tests/cli_probe_files.sh.
set -eu

. tests/probe_lib.sh

# "SYNCS FLUSHES" of a record's first counted disk, or nothing when none was
counted() {
	awk '/"flushes":[[:space:]]*{/ { on = 1 }
		on && /"syncs":/ { s = $2; gsub(/[^0-9]/, "", s) }
		on && /"flushes":[[:space:]]*[0-9]/ { f = $2; gsub(/[^0-9]/, "", f); print s, f; exit }' "$1"
}
# the first counted disk's write cache
counted_cache() {
	sed -n '/"devices":/,/}/s/^[[:space:]]*"write_cache":[[:space:]]*"\(.*\)",*$/\1/p' "$1" | head -n 1
}

# --- a real run on this disk ---
expect 0 "" probe --dir "$D" --samples 7
grep -q '^fdatasync after a 4 KiB write, median of 7: ' "$T/out" ||
	fail "text lacks the summary line: $(head -n 3 "$T/out")"
grep -q 'interval' "$T/out" || fail "text lacks the interval"
grep -q '^reaches a device: ' "$T/out" || fail "text lacks the verdict line"
grep -q '^  empty system call  ' "$T/out" || fail "text lacks the reference timings"
empty "$D" "a run on disk"
# a byte count is never rounded into another: 4097 bytes are not "4 KiB"
expect 0 "" probe --dir "$D" --samples 3 --write-size 4097
grep -q '^fdatasync after a 4097 B write, median of 3: ' "$T/out" ||
	fail "a 4097-byte write is not said as such: $(head -n 2 "$T/out")"
grep -q 'each sample writes 4097 B of fresh content' "$T/out" ||
	fail "the method's detail rounds the write: $(sed -n 3p "$T/out")"
empty "$D" "a run of 4097-byte writes"

# --max-p99: over it exits 1 with p99 and its lower bound (15 samples
# give no upper one); within it passes, and says the bound is missing
expect 1 "--max-p99: p99 is " probe --dir "$D" --samples 15 --max-p99 1ns
grep -q "at least .* with 97.5% confidence; 15 samples give it no upper bound, 368 would), over 1ns" \
	"$T/err" || fail "--max-p99 over: $(cat "$T/err")"
flat "$T/out" | grep -q 'fdatasync after .*, p99 [0-9.]*[mµn]*s, max ' ||
	fail "--max-p99 over: the text lacks p99: $(sed -n 2p "$T/out")"
expect 0 "within 3600s as measured, not shown to stay within it" probe --dir "$D" \
	--samples 15 --max-p99 3600s
# `syncgate report PROBE.json` prints the probe's text byte for byte: each
# fixture against its golden text, in a UTF-8 locale and (where a golden
# ASCII text exists) in the C locale
for j in fixtures/probe/*.json; do
	g=${j%.json}.expected.txt
	[ -f "$g" ] || continue
	LC_ALL=C.UTF-8 sg report "$j" >"$T/report.txt" 2>"$T/err" ||
		fail "report $j: $(cat "$T/err")"
	cmp -s "$g" "$T/report.txt" || fail "report $j differs from $g"
	a=${j%.json}.ascii.expected.txt
	[ -f "$a" ] || continue
	LC_ALL=C sg report "$j" >"$T/report.txt" 2>"$T/err" ||
		fail "report $j in the C locale: $(cat "$T/err")"
	cmp -s "$a" "$T/report.txt" || fail "report $j in the C locale differs from $a"
done
# the later keys (memory_backed, clean_raw_sync, stability) read back whole
sg report fixtures/probe/loop-on-tmpfs.json --format json >"$T/rt.json" ||
	fail "report --format json of loop-on-tmpfs.json"
cmp -s fixtures/probe/loop-on-tmpfs.json "$T/rt.json" ||
	fail "loop-on-tmpfs.json does not read back as written"
# and the record the probe writes gives the same text as the probe would
expect 0 "" probe --dir "$D" --samples 3 --json -o "$T/live.json"
sg report "$T/live.json" >"$T/live.txt" || fail "report of a live probe"
head -n 1 "$T/live.txt" | grep -q '^probe of ' || fail "report of a live probe: $(head -n 1 "$T/live.txt")"

# a locale without UTF-8 gets ASCII only ("us" for "µs")
LC_ALL=C sg probe --dir "$D" --samples 3 >"$T/out"
if LC_ALL=C grep -q '[^ -~]' "$T/out"; then
	fail "LC_ALL=C: output holds non-ASCII: $(LC_ALL=C grep '[^ -~]' "$T/out" | head -n 1)"
fi
grep -q 'us' "$T/out" || fail "LC_ALL=C: no durations in us"

# JSON, to a file, atomically
expect 0 "" probe --dir "$D" --samples 5 --json -o "$T/p.json"
[ ! -s "$T/out" ] || fail "-o FILE also wrote to standard output"
grep -q '"format":[[:space:]]*"syncgate-probe/1"' "$T/p.json" || fail "-o FILE: no format"
# 5 samples are too few to judge stability; 6 are enough
grep -q '"stability"' "$T/p.json" && fail "5 samples: stability judged"
expect 0 "" probe --dir "$D" --samples 6 --json
grep -q '"stable":[[:space:]]*\(true\|false\)' "$T/out" || fail "6 samples: no stability.stable"
if grep -q '"stable":[[:space:]]*false' "$T/out"; then
	grep -q 'hint: the sync time was unstable in this run' "$T/out" ||
		fail "an unstable run without its hint"
else
	grep -q 'unstable' "$T/out" && fail "a stable run with an unstable hint"
fi
grep -q '"reaches_device":[[:space:]]*"' "$T/p.json" || fail "-o FILE: no reaches_device"
ls "$T"/.syncgate-tmp.* >/dev/null 2>&1 && fail "-o left a temporary file"
to_full probe --dir "$D" --samples 3
empty "$D" "JSON and full output"

# --- on this disk, each sample's sync sends a flush that the disk completes ---
expect 0 "" probe --dir "$D" --samples 15 --json
c=$(counted "$T/out")
if [ -z "$c" ]; then
	echo "skipped: flushes on this disk (none counted: $(grep '"unavailable"' "$T/out"))"
elif [ "$(counted_cache "$T/out")" != "write back" ]; then
	echo "skipped: flushes on this disk (its cache is not write back)"
else
	set -- $c
	[ "$2" -ge "$1" ] || fail "on the disk: $2 flush requests for $1 fdatasyncs"
	grep -q "Counted around the timed syncs: $1 fdatasyncs, [0-9]* flush requests completed by" \
		"$T/out" || fail "on the disk: evidence lacks the count: $(grep -A2 '"evidence"' "$T/out")"
	grep -q '"reaches_device":[[:space:]]*"yes"' "$T/out" || fail "on the disk: not yes"
fi
empty "$D" "flushes on the disk"

# --- tmpfs says no, and --require-device refuses it (printing the report) ---
if [ -d /dev/shm ] && S=$(mktemp -d /dev/shm/syncgate-cli.XXXXXX); then
	expect 1 "--require-device: the flush does not reach a device here" \
		probe --dir "$S" --samples 5 --require-device
	grep -q '^reaches a device: no. The filesystem is tmpfs, which keeps files in memory' "$T/out" ||
		fail "tmpfs: $(grep reaches "$T/out")"
	# tmpfs may take O_DIRECT, and an O_DIRECT|O_DSYNC write there is memory
	set +e
	sg probe --dir "$S" --samples 3 --method direct-dsync >"$T/out" 2>"$T/err"
	st=$?
	set -e
	if [ "$st" -eq 0 ]; then
		grep -q '^reaches a device: no. The filesystem is tmpfs' "$T/out" ||
			fail "direct-dsync on tmpfs: $(grep reaches "$T/out")"
		# and says the page cache was not bypassed, in the method and a hint
		[ "$(grep -c 'O_DIRECT accepted but the page cache was not bypassed' "$T/out")" -eq 1 ] &&
			grep -q 'hint: O_DIRECT was accepted but the page cache was not bypassed' "$T/out" ||
			fail "direct-dsync on tmpfs: claims to bypass the page cache: $(sed -n 3p "$T/out")"
		grep -q 'past any page cache' "$T/out" &&
			fail "direct-dsync on tmpfs: still says \"past any page cache\""
	else
		grep -qF -- "--method direct-dsync:" "$T/err" ||
			fail "direct-dsync on tmpfs: exit $st: $(cat "$T/err")"
	fi
	empty "$S" "tmpfs"
	rmdir "$S"
fi

# --- eatmydata says no ---
if ! command -v eatmydata >/dev/null 2>&1; then
	echo "skipped: eatmydata is not installed"
elif ! eatmydata "$SYNCGATE" --version >/dev/null 2>&1; then
	# AddressSanitizer refuses a preloaded library ahead of its runtime
	echo "skipped: eatmydata cannot preload into this build of syncgate"
else
	set +e
	eatmydata "$SYNCGATE" probe --dir "$D" --samples 5 --json >"$T/out" 2>"$T/err"
	st=$?
	set -e
	[ "$st" -eq 0 ] || fail "eatmydata: exit $st: $(cat "$T/err")"
	grep -q '"reaches_device":[[:space:]]*"no"' "$T/out" || fail "eatmydata: not \"no\""
	grep -q 'intercepts' "$T/out" || fail "eatmydata: evidence does not name interception"
	# eatmydata strips O_DSYNC in open(2), the call engines make
	set +e
	eatmydata "$SYNCGATE" probe --dir "$D" --samples 5 --method dsync --json \
		>"$T/out" 2>"$T/err"
	st=$?
	set -e
	[ "$st" -eq 0 ] || fail "eatmydata, dsync: exit $st: $(cat "$T/err")"
	grep -q '"reaches_device":[[:space:]]*"no"' "$T/out" || fail "eatmydata, dsync: not \"no\""
	grep -q 'strips sync flags' "$T/out" || fail "eatmydata, dsync: evidence does not name the stripped flag"
	# and no flush reaches the disk: its count stays at none
	eatmydata "$SYNCGATE" probe --dir "$D" --samples 15 --json >"$T/out" 2>"$T/err" ||
		fail "eatmydata, counted: $(cat "$T/err")"
	c=$(counted "$T/out")
	if [ -n "$c" ] && [ "$(counted_cache "$T/out")" = "write back" ]; then
		set -- $c
		[ "$2" -le $(($1 / 5)) ] || fail "eatmydata: $2 flush requests for $1 fdatasyncs"
		grep -q "no flush reached" "$T/out" || fail "eatmydata: the count says otherwise"
	else
		echo "skipped: eatmydata's flushes (none counted on a write-back disk here)"
	fi
	empty "$D" "eatmydata"
fi

# --- a preload that writes the data but drops the cache flush says no ---
# (the clean sync through libc costs a system call, the raw one a flush;
# needs a C compiler, and a build that takes a preload, unlike ASan's)
CC_=${CC:-cc}
if ! command -v "$CC_" >/dev/null 2>&1 ||
	! "$CC_" -shared -fPIC -o "$T/flushless.so" fixtures/probe/flushless.c 2>/dev/null; then
	echo "skipped: cannot build the flush-dropping preload here"
elif ! LD_PRELOAD="$T/flushless.so" "$SYNCGATE" --version >/dev/null 2>&1; then
	echo "skipped: the flush-dropping preload cannot load into this build"
else
	set +e
	LD_PRELOAD="$T/flushless.so" "$SYNCGATE" probe --dir "$D" --samples 5 \
		--json >"$T/out" 2>"$T/err"
	st=$?
	set -e
	[ "$st" -eq 0 ] || fail "flush dropped: exit $st: $(cat "$T/err")"
	# where a clean flush reaches the device (ext4, XFS on a write-back
	# cache), the raw clean sync costs ten times libc's: then "no"
	ref() { sed -n "s/^[[:space:]]*\"$1\":[[:space:]]*\([0-9.e+]*\),*\$/\1/p" "$T/out"; }
	if awk -v c="$(ref clean_sync)" -v r="$(ref clean_raw_sync)" \
		-v n="$(ref null_syscall)" 'BEGIN { exit !(c > 0 && r >= 10 * c && c < 10 * n) }'; then
		grep -q '"reaches_device":[[:space:]]*"no"' "$T/out" &&
			grep -q "skips the device's cache flush" "$T/out" ||
			fail "flush dropped: evidence: $(grep -A2 '"evidence"' "$T/out")"
	else
		echo "skipped: a clean flush here costs too little to show a dropped one"
	fi
	grep -q '"clean_raw_sync":[[:space:]]*[0-9]' "$T/out" ||
		fail "flush dropped: no reference_ns.clean_raw_sync"
	empty "$D" "flush dropped"
fi

# --- a preload that waits instead of syncing (60 µs) says no ---
# (libc's sync costs more than the kernel's own work, so timing alone can
# take it for a fast device; the flush count, where the kernel keeps one,
# shows no flush reached the disk)
if ! command -v "$CC_" >/dev/null 2>&1 ||
	! "$CC_" -shared -fPIC -o "$T/slowsync.so" fixtures/probe/slowsync.c 2>/dev/null; then
	echo "skipped: cannot build the slow preload here"
elif ! LD_PRELOAD="$T/slowsync.so" "$SYNCGATE" --version >/dev/null 2>&1; then
	echo "skipped: the slow preload cannot load into this build"
else
	set +e
	LD_PRELOAD="$T/slowsync.so" "$SYNCGATE" probe --dir "$D" --samples 5 \
		--json >"$T/out" 2>"$T/err"
	st=$?
	set -e
	[ "$st" -eq 0 ] || fail "slow preload: exit $st: $(cat "$T/err")"
	if grep -q '"devices":[[:space:]]*\[[[:space:]]*{' "$T/out" &&
		grep -q '"write_cache":[[:space:]]*"write back"' "$T/out"; then
		grep -q '"reaches_device":[[:space:]]*"no"' "$T/out" &&
			grep -q "no flush reached" "$T/out" ||
			fail "slow preload: $(grep -A3 '"evidence"' "$T/out")"
	else
		echo "skipped: the slow preload (no flush counter on a write-back disk here)"
	fi
	empty "$D" "slow preload"
fi

# A non-interactive shell starts background jobs with SIGINT ignored, a
# suite run under nohup starts with SIGHUP ignored, and the probe keeps
# an ignored signal ignored (as nohup wants), so both are given back
# their default first.
if env --default-signal=INT,HUP true 2>/dev/null; then
	dflt="env --default-signal=INT,HUP"
elif command -v perl >/dev/null 2>&1; then
	dflt="perl -e \$SIG{INT}=\$SIG{HUP}='DEFAULT';exec(@ARGV)or(die) --"
else
	dflt=""
fi

# reaped PID WHAT: waits for PID, 60 s at most, and sets st to its exit
# status; a process still running then is killed and fails WHAT, so a
# signal the probe did not take fails the suite instead of hanging it.
reaped() {
	(
		n=0
		while kill -s 0 "$1" 2>/dev/null && [ "$n" -lt 600 ]; do
			sleep 0.1
			n=$((n + 1))
		done
		kill -s KILL "$1" 2>/dev/null && echo "$2: still running after 60 s; killed" >"$T/hung"
	) &
	dog=$!
	set +e
	wait "$1"
	st=$?
	set -e
	kill "$dog" 2>/dev/null
	wait "$dog" 2>/dev/null || true
	if [ -e "$T/hung" ]; then
		fail "$(cat "$T/hung")"
		rm -f "$T/hung"
	fi
}

# --- --watch: a probe, then a sample every --interval until --max-time or
# a signal, each with its wall-clock time; the record says what stopped it,
# holds every sample and the window's flush count, and imports ---
field() { sed -n "s/^[[:space:]]*\"$1\":[[:space:]]*\(.*\),*\$/\1/p" "$2" | head -n 1; }
before=$(date +%s)
expect 0 "--watch: after the probe, one 4 KiB write and fdatasync every 100ms (40 KiB and 10 syncs a second)" \
	probe --dir "$D" --watch --interval 100ms --max-time 1.5 -o "$T/w.json"
after=$(date +%s)
[ ! -s "$T/out" ] || fail "--watch -o FILE also wrote to standard output"
grep -q '"stopped_by":[[:space:]]*"max-time"' "$T/w.json" || fail "--watch: not stopped by max-time"
grep -q '"clock":[[:space:]]*"CLOCK_REALTIME"' "$T/w.json" || fail "--watch: no series clock"
base=$(field base_unix_s "$T/w.json" | tr -d ,)
[ -n "$base" ] && [ "$base" -ge "$before" ] && [ "$base" -le "$after" ] ||
	fail "--watch: base_unix_s $base outside $before..$after"
# 1.5 s from the start, less the opening probe (as long as this disk
# makes it), at 10 a second: no more than the window holds, and one at
# least where the window is an interval long; a sync slower than the
# interval may leave fewer
n=$(sed -n 's/^[[:space:]]*"t_ns":[[:space:]]*\[\(.*\)\],*$/\1/p' "$T/w.json" |
	tr ',' '\n' | grep -c '[0-9]' || true)
win=$(sed -n 's/^[[:space:]]*"window_ns":[[:space:]]*\[\(.*\)\],*$/\1/p' "$T/w.json")
awk -v n="$n" -v w="$win" 'BEGIN { split(w, e, ","); ms = (e[2] - e[1]) / 1e6
	exit !(n <= ms / 100 + 1 && n <= 16 && (ms < 100 || n >= 1)) }' ||
	fail "--watch: $n samples in a window of $win ns at 100ms"
grep -q '"window_ns":' "$T/w.json" || fail "--watch: no window"
sg report "$T/w.json" >"$T/w.txt" || fail "report of a watch record"
grep -q '^watch: one 4 KiB write and fdatasync every 100ms (40 KiB and 10 syncs a second), stopped by max-time$' \
	"$T/w.txt" || fail "watch text: $(grep '^watch' "$T/w.txt")"
grep -q "^series: $n samples from " "$T/w.txt" || fail "series text: $(grep '^series' "$T/w.txt")"
sg import ycsb fixtures/import/ycsb-workloada.txt --engine e --probe "$T/w.json" \
	-o "$T/imported.json" 2>"$T/err" || fail "import --probe of a watch record: $(cat "$T/err")"
grep -q '"series":' "$T/imported.json" && grep -q '"interval_ns":' "$T/imported.json" ||
	fail "import --probe dropped the watch's series"
empty "$D" "--watch to max-time"
# stopped by SIGTERM (and SIGHUP, and SIGINT given back its default) once
# the opening probe is done, as its line says: exit 0, the record written
# with the signal's name, nothing left behind.  The line is waited for as
# long as the opening probe takes on this disk, never a set time.
for sig in TERM HUP INT; do
	[ "$sig" != TERM ] && [ -z "$dflt" ] && continue
	wrap=""
	[ "$sig" != TERM ] && wrap=$dflt
	# emptied first: the child truncates it only once it runs, and the
	# loop below would read the last turn's line before that
	: >"$T/err"
	# shellcheck disable=SC2086
	$wrap "$SYNCGATE" probe --dir "$D" --watch --interval 50ms --json \
		>"$T/ws.json" 2>"$T/err" &
	pid=$!
	n=0
	while [ "$n" -lt 6000 ] && kill -s 0 "$pid" 2>/dev/null &&
		! grep -q '^syncgate probe: --watch: the opening probe is done; watching$' "$T/err"; do
		sleep 0.01
		n=$((n + 1))
	done
	[ "$n" -lt 6000 ] || fail "--watch, SIG$sig: the opening probe never said it was done: $(cat "$T/err")"
	sleep 0.2
	kill -s "$sig" "$pid"
	reaped "$pid" "--watch, SIG$sig"
	[ "$st" -eq 0 ] || fail "--watch, SIG$sig: exit $st: $(cat "$T/err")"
	grep -q "\"stopped_by\":[[:space:]]*\"SIG$sig\"" "$T/ws.json" ||
		fail "--watch, SIG$sig: $(grep stopped_by "$T/ws.json")"
	empty "$D" "--watch stopped by SIG$sig"
done
# stopped before its opening probe is done (a probe of a million samples
# that takes seconds at least, signalled once it holds its scratch file):
# SIGTERM and SIGHUP alike say so, write no record, leave nothing, exit 2
[ -d /proc/self/fd ] || echo "skipped: a signal in --watch's opening probe (no /proc)"
[ -d /proc/self/fd ] && for sig in TERM HUP; do
	[ "$sig" = HUP ] && [ -z "$dflt" ] && { echo "skipped: SIGHUP in --watch's opening probe (no way to un-ignore it here)"; continue; }
	rm -f "$T/early.json"
	# shellcheck disable=SC2086
	$dflt "$SYNCGATE" probe --dir "$D" --watch --samples 1000000 --max-time 20 \
		--write-size 65536 -o "$T/early.json" 2>"$T/err" &
	pid=$!
	while kill -s 0 "$pid" 2>/dev/null &&
		! ls -l "/proc/$pid/fd" 2>/dev/null | grep -q 'syncgate-probe\..* (deleted)'; do
		sleep 0.01
	done
	kill -s "$sig" "$pid"
	reaped "$pid" "--watch, SIG$sig in the opening probe"
	[ "$st" -eq 2 ] || fail "--watch, SIG$sig in the opening probe: exit $st, expected 2: $(cat "$T/err")"
	grep -q "^syncgate probe: --watch: SIG$sig before the opening probe was done, after [0-9]* samples\{0,1\}; no record written$" "$T/err" ||
		fail "--watch, SIG$sig in the opening probe: $(cat "$T/err")"
	[ ! -e "$T/early.json" ] || fail "--watch, SIG$sig in the opening probe: a record was written"
	ls "$T" | grep -q 'early\.json.' && fail "--watch, SIG$sig in the opening probe: left $(ls "$T" | grep early)"
	empty "$D" "--watch stopped by SIG$sig in its opening probe"
done

# --- signals at many moments: no file left behind ---
sigs="TERM"
[ -n "$dflt" ] && sigs="INT TERM" || echo "skipped: SIGINT (no way to un-ignore it here)"
for sig in $sigs; do
	for delay in 0 0.002 0.01 0.03 0.08 0.2; do
		# shellcheck disable=SC2086
		$dflt "$SYNCGATE" probe --dir "$D" --samples 1000000 --max-time 20 \
			--write-size 65536 >/dev/null 2>&1 &
		pid=$!
		sleep "$delay"
		# again until it dies: the first may land before the exec
		n=0
		while kill -s "$sig" "$pid" 2>/dev/null && [ "$n" -lt 4 ]; do
			sleep 0.05
			n=$((n + 1))
		done
		set +e
		wait "$pid" 2>/dev/null
		st=$?
		set -e
		[ "$st" -gt 128 ] || fail "SIG$sig after ${delay}s: exit $st, expected death by the signal"
		empty "$D" "SIG$sig after ${delay}s"
	done
done
# --- deaths no handler sees: the file is nameless once sampling starts ---
# (the probe is killed once /proc shows it holding the unlinked file; a
# core dump is not wanted, so the limit is set to 0; a background job
# starts with SIGQUIT ignored, so it is given back its default first)
if [ -d /proc/self/fd ]; then
	sigs="KILL USR1 ALRM XCPU"
	qdflt=""
	if env --default-signal=QUIT true 2>/dev/null; then
		sigs="$sigs QUIT"
		qdflt="env --default-signal=QUIT"
	else
		echo "skipped: SIGQUIT while sampling (no way to un-ignore it here)"
	fi
	for sig in $sigs; do
		(ulimit -c 0 2>/dev/null || true
		# shellcheck disable=SC2086
		exec $qdflt "$SYNCGATE" probe --dir "$D" --samples 1000000 \
			--max-time 20 >/dev/null 2>&1) &
		pid=$!
		n=0
		while [ "$n" -lt 12000 ] && kill -s 0 "$pid" 2>/dev/null && ! ls -l "/proc/$pid/fd" 2>/dev/null |
			grep -q 'syncgate-probe\..* (deleted)'; do
			sleep 0.01
			n=$((n + 1))
		done
		ls -l "/proc/$pid/fd" 2>/dev/null | grep -q 'syncgate-probe\..* (deleted)' ||
			fail "SIG$sig: never saw the probe hold its unlinked file"
		sleep 0.05
		kill -s "$sig" "$pid" 2>/dev/null || true
		set +e
		wait "$pid" 2>/dev/null
		st=$?
		set -e
		[ "$st" -gt 128 ] || fail "SIG$sig while sampling: exit $st, expected death by the signal"
		empty "$D" "SIG$sig while sampling"
	done
else
	echo "skipped: deaths while sampling (no /proc)"
fi
# and while several writers run at once: the probe shows it has reached
# group commit by having more than one thread (it samples alone before),
# so the signal lands there.  The sampling alone is waited through, the
# writers' syncs are not, so there are few of the one and many of the
# other: on tmpfs with 1 MiB writes, the 200 syncs alone took 0.6 s here
# (load average 8) and the 16 writers' 3216 1.6 s.  A machine ten times
# faster still gives a look at the threads every 10 ms a tenth of a
# second or more, and no time limit cuts the writers short on a slow one
# (under valgrind).
G=$D
if [ -d /dev/shm ] && G=$(mktemp -d /dev/shm/syncgate-cli.XXXXXX); then :; else G=$D; fi
"$SYNCGATE" probe --dir "$G" --samples 200 --concurrency 16 --max-time 3600 \
	--write-size 1048576 >/dev/null 2>&1 &
pid=$!
n=0
while [ "$n" -lt 12000 ] && kill -s 0 "$pid" 2>/dev/null &&
	[ "$(ls "/proc/$pid/task" 2>/dev/null | wc -l)" -le 1 ]; do
	sleep 0.01
	n=$((n + 1))
done
[ -d "/proc/$pid/task" ] && [ "$(ls "/proc/$pid/task" | wc -l)" -gt 1 ] ||
	[ ! -d /proc/self/task ] || fail "group commit: never saw the writers start"
kill -s TERM "$pid" 2>/dev/null || true
set +e
wait "$pid" 2>/dev/null
st=$?
set -e
[ "$st" -gt 128 ] || fail "SIGTERM during group commit: exit $st, expected death by the signal"
empty "$G" "SIGTERM during group commit"
[ "$G" = "$D" ] || rmdir "$G"

# --- two probes at once in one directory ---
"$SYNCGATE" probe --dir "$D" --samples 40 >"$T/a" 2>&1 &
a=$!
"$SYNCGATE" probe --dir "$D" --samples 40 >"$T/b" 2>&1 &
b=$!
set +e
wait "$a"
sa=$?
wait "$b"
sb=$?
set -e
[ "$sa" -eq 0 ] && [ "$sb" -eq 0 ] || fail "two probes at once: exits $sa and $sb: $(cat "$T/a" "$T/b")"
empty "$D" "two probes at once"

# --- O_DIRECT on a device of 4096-byte sectors (root, losetup, mkfs.ext4) ---
loop=""
if command -v losetup >/dev/null 2>&1 && command -v mkfs.ext4 >/dev/null 2>&1 &&
	truncate -s 16M "$T/4k.img" 2>/dev/null; then
	loop=$(losetup --sector-size 4096 -f --show "$T/4k.img" 2>/dev/null) || loop=""
fi
if [ -n "$loop" ]; then
	LOOPS="$loop"
	mkdir "$T/4k"
	if mkfs.ext4 -q "$loop" 2>/dev/null && mount "$loop" "$T/4k" 2>/dev/null; then
		MOUNTS="$MOUNTS $T/4k"
		mkdir "$T/4k/d"
		expect 2 "" probe --dir "$T/4k/d" --method direct-dsync --write-size 512
		# statx names the alignment from Linux 6.1; before, the transfer fails
		want="refuses an O_DIRECT write of 512 B"
		if [ "$(uname -r | awk -F. '{ print ($1 * 1000 + $2 >= 6001) }')" = 1 ]; then
			want="--write-size: 512 is not a multiple of 4096, the O_DIRECT alignment $T/4k/d needs (statx)"
		fi
		grep -qF -- "$want" "$T/err" ||
			fail "direct-dsync, 512 bytes on 4096-byte sectors: $(cat "$T/err")"
		expect 0 "" probe --dir "$T/4k/d" --method direct-dsync --samples 3
		# ext4 honours O_DIRECT: the written page is not left in the cache.
		# valgrind reads the start of every file the process maps (to look
		# for debug information), which puts that page in the cache itself.
		if [ -n "${SYNCGATE_VALGRIND:-}" ]; then
			echo "skipped: direct-dsync on ext4 bypassing the cache (valgrind reads mapped files)"
		else
			grep -q 'past any page cache' "$T/out" ||
				fail "direct-dsync on ext4: $(sed -n 3p "$T/out")"
			grep -q 'not bypassed' "$T/out" &&
				fail "direct-dsync on ext4: says the cache was not bypassed"
		fi
		empty "$T/4k/d" "direct-dsync on 4096-byte sectors"
	else
		echo "skipped: cannot make an ext4 on a loop device here"
	fi
else
	echo "skipped: no loop device of 4096-byte sectors here (not root?)"
fi

# --- ext4 mounted nobarrier on a loop device over a file on this disk:
# no flush reaches the loop device or the disk, and the probe says no ---
loop=""
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 &&
	command -v mkfs.ext4 >/dev/null 2>&1 && truncate -s 64M "$T/nb.img" 2>/dev/null &&
	mkfs.ext4 -q -F "$T/nb.img" >/dev/null 2>&1; then
	loop=$(losetup -f --show "$T/nb.img" 2>/dev/null) || loop=""
fi
if [ -n "$loop" ]; then
	LOOPS="$LOOPS $loop"
	mkdir "$T/nb"
	if mount -o nobarrier "$loop" "$T/nb" 2>/dev/null; then
		MOUNTS="$T/nb $MOUNTS"
		mkdir "$T/nb/d"
		expect 0 "" probe --dir "$T/nb/d" --samples 15 --json
		c=$(counted "$T/out")
		if [ -n "$c" ]; then
			set -- $c
			[ "$2" -eq 0 ] || fail "nobarrier: ${loop#/dev/} completed $2 flush requests for $1 fdatasyncs"
			grep -q "no flush reached ${loop#/dev/}" "$T/out" ||
				fail "nobarrier: evidence: $(grep -A2 '"evidence"' "$T/out")"
		else
			echo "skipped: nobarrier's flush count (none counted here)"
		fi
		grep -q '"reaches_device":[[:space:]]*"no"' "$T/out" ||
			fail "nobarrier: not no: $(grep -A2 '"evidence"' "$T/out")"
		empty "$T/nb/d" "nobarrier"
		# the same file system with barriers: a flush a sync at the loop device
		umount "$T/nb" && mount "$loop" "$T/nb"
		expect 0 "" probe --dir "$T/nb/d" --samples 15 --json
		c=$(counted "$T/out")
		if [ -n "$c" ]; then
			set -- $c
			[ "$2" -ge "$1" ] || fail "barrier on loop: $2 flush requests for $1 fdatasyncs"
		fi
		empty "$T/nb/d" "barrier on loop"
		umount "$T/nb" && MOUNTS=${MOUNTS#"$T/nb "}
	else
		echo "skipped: cannot mount ext4 nobarrier on a loop device here"
	fi
else
	echo "skipped: no loop device over a file on this disk (not root?)"
fi

# --- block devices that keep their data in memory say no ---
# (root, losetup and mkfs.ext4; zram also needs its module loaded)
# memdisk NAME DEVICE PHRASE: ext4 on DEVICE, probed, must say "no" for it
memdisk() {
	mkdir "$T/$1"
	if ! mkfs.ext4 -q "$2" 2>/dev/null || ! mount "$2" "$T/$1" 2>/dev/null; then
		echo "skipped: cannot make an ext4 on $2 here"
		return 0
	fi
	MOUNTS="$T/$1 $MOUNTS"
	mkdir "$T/$1/d"
	expect 0 "" probe --dir "$T/$1/d" --samples 5 --json
	grep -q '"reaches_device":[[:space:]]*"no"' "$T/out" ||
		fail "$1: not \"no\": $(grep -A2 reaches_device "$T/out")"
	grep -qF "\"memory_backed\":" "$T/out" && grep -qF "$3" "$T/out" ||
		fail "$1: evidence lacks \"$3\": $(grep -A2 reaches_device "$T/out")"
	grep -q 'durable once acknowledged' "$T/out" &&
		fail "$1: a hint calls memory durable"
	empty "$T/$1/d" "$1"
	umount "$T/$1" && MOUNTS=${MOUNTS#"$T/$1 "}
}
loop=""
if command -v losetup >/dev/null 2>&1 && command -v mkfs.ext4 >/dev/null 2>&1 &&
	[ "$(id -u)" -eq 0 ] && [ -d /dev/shm ] &&
	SHM=$(mktemp -d /dev/shm/syncgate-cli.XXXXXX) &&
	truncate -s 16M "$SHM/img" 2>/dev/null; then
	loop=$(losetup -f --show "$SHM/img" 2>/dev/null) || loop=""
fi
if [ -n "$loop" ]; then
	LOOPS="$LOOPS $loop"
	memdisk loop-on-tmpfs "$loop" "is backed by $SHM/img, a file on tmpfs"
else
	echo "skipped: no loop device on tmpfs here (not root?)"
fi
zram=""
if [ "$(id -u)" -eq 0 ] && command -v mkfs.ext4 >/dev/null 2>&1 &&
	[ -w /sys/class/zram-control/hot_add ]; then
	zram=$(cat /sys/class/zram-control/hot_add 2>/dev/null) || zram=""
fi
if [ -n "$zram" ]; then
	ZRAMS="$zram"
	if echo 16M >"/sys/block/zram$zram/disksize" 2>/dev/null; then
		memdisk zram "/dev/zram$zram" "zram$zram is a compressed RAM disk"
	else
		echo "skipped: cannot size a zram device here"
	fi
else
	echo "skipped: no zram device to add here (module not loaded, or not root)"
fi

if [ "$failures" -ne 0 ]; then
	echo "cli_probe: $failures failed" >&2
	exit 1
fi
echo "cli_probe: all passed"
