#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate import against the binary: YCSB and LinkBench outputs turned
# into results that match their golden files and load back, and every bad
# input (empty, truncated, another format, a missing percentile, usage)
# refused with exit status 2 and a message naming what is wrong.
set -eu

: "${SYNCGATE:?set SYNCGATE to the syncgate binary}"
. tests/lib.sh
run="${SYNCGATE_VALGRIND:-} $SYNCGATE"
# Under valgrind, each refusal (exit status 2, its message checked as
# everywhere) runs the program without it: the importers' error paths
# run under valgrind in-process in test_import_formats (a bad input of
# every format) and test_import_rows, and every run of this suite under
# the sanitizers in check-full.  Valgrind's half second a start was most
# of this suite's time there; the files it imports still run under it.
refusal_run=$SYNCGATE
[ -n "${SYNCGATE_VALGRIND:-}" ] || refusal_run=""
prog=syncgate
fx=fixtures/import

# The good files: the result equals its golden file and loads back.
for c in ycsb-workloada:txt:ycsb:rocksdb ycsb-workloade:txt:ycsb:rocksdb \
    ycsb-workloadf-with-status:txt:ycsb:rocksdb linkbench-request:csv:linkbench:mysql \
    linkbench-load-request:csv:linkbench:mysql; do
	IFS=: read -r name ext tool engine <<-EOT
	$c
	EOT
	expect 0 "imported" import "$tool" "$fx/$name.$ext" --engine "$engine" -o "$tmp/$name.json"
	cmp -s "$tmp/$name.json" "$fx/$name.expected.json" ||
		fail "$name: differs from $fx/$name.expected.json"
	$run report "$tmp/$name.json" >/dev/null 2>&1 || fail "$name: the result does not load back"
done

# A byte order mark before the text (an editor on Windows saved it) is
# read past: the same result, first line and all.
for c in ycsb-workloada:txt:ycsb linkbench-request:csv:linkbench; do
	IFS=: read -r name ext tool <<-EOT
	$c
	EOT
	printf '\357\273\277' | cat - "$fx/$name.$ext" >"$tmp/bom.$ext"
	expect 0 "imported" import "$tool" "$tmp/bom.$ext" --engine e -o "$tmp/bom.json"
	expect 0 "imported" import "$tool" "$fx/$name.$ext" --engine e -o "$tmp/plain.json"
	cmp -s "$tmp/bom.json" "$tmp/plain.json" || fail "$name: a byte order mark changes the result"
done

# What is reported rather than imported, and the bucket caveat.
expect 0 "[OVERALL]: RunTime(ms) 10894, Throughput(ops/sec) 1835.8729575913346; reported, not imported" \
	import ycsb "$fx/ycsb-workloadf-with-status.txt" --engine r -o "$tmp/f.json"
grep -qF "[READ-FAILED]: 7 operations, not imported: failed operations" "$tmp/err" ||
	fail "the -FAILED row is not reported"
grep -qF "imported 3 classes (1 read, 2 write) for r into $tmp/f.json" "$tmp/err" ||
	fail "no summary of what was imported"
expect 0 "kept as histogram_ns, what the p25, p50, p75, p95 and p99 buckets say of their ranks" \
	import linkbench "$fx/linkbench-load-request.csv" --engine m -o "$tmp/l.json"
grep -qF "3 load-phase rows (LOAD_*), not imported" "$tmp/err" || fail "load rows not reported"

# YCSB's percentiles in whole milliseconds (its histogram measurement type,
# older versions) are kept as intervals a millisecond either side.
sed 's/(us)/(ms)/' "$fx/ycsb-workloada.txt" >"$tmp/ms.txt"
expect 0 "[READ]: percentiles in whole milliseconds" import ycsb "$tmp/ms.txt" --engine e -o "$tmp/ms.json"
grep -qF '"p50_range_ns":	[376000000, 378000000]' "$tmp/ms.json" ||
	fail "377 ms is not kept as 376 to 378 ms: $(cat "$tmp/ms.json")"
$run report "$tmp/ms.json" >/dev/null 2>&1 || fail "a result imported from milliseconds does not load back"
sed 's/(us)/(s)/' "$fx/ycsb-workloada.txt" >"$tmp/s.txt"
expect 2 "[READ] 50thPercentileLatency(s) gives its latency in \"s\"; expected us, ms or ns" \
	import ycsb "$tmp/s.txt" --engine e -o "$tmp/x.json"

# Standard output without -o; --workload and --probe end up in the result.
expect 0 "no probe embedded" import ycsb "$fx/ycsb-workloada.txt" --engine e --workload a
grep -qF '"workload":	"ycsb"' "$tmp/out" && fail "--workload ignored"
grep -qF '"workload":	"a"' "$tmp/out" || fail "the result is not on standard output"
expect 0 "imported" import linkbench "$fx/linkbench-request.csv" --engine m --probe "$fx/probe.json" -o "$tmp/p.json"
grep -qF '"median_ns":	138078' "$tmp/p.json" || fail "--probe is not embedded"
grep -q "no probe embedded" "$tmp/err" && fail "a probe was given, yet reported missing"
# The host is the probe's, never the importing machine's: none from a probe
# that does not record its hardware, none without a probe, and the probe's
# hardware, kernel and id where it does.
grep -qF '"host"' "$tmp/out" && fail "an import without --probe recorded a host"
grep -qF '"cpu_model"' "$tmp/p.json" && fail "a probe without hardware gave a host"
sed 's/"virtualization": null/"virtualization": null, "cpu_model": "AMD EPYC 7B13", "cores": 8, "memory_bytes": 34359738368/' \
	"$fx/probe.json" >"$tmp/hw-probe.json"
cmp -s "$fx/probe.json" "$tmp/hw-probe.json" && fail "hw-probe.json: no hardware was added"
expect 0 "imported" import linkbench "$fx/linkbench-request.csv" --engine m --probe "$tmp/hw-probe.json" -o "$tmp/hw.json"
tr -d '\t\n' <"$tmp/hw.json" | grep -qF '"host":{"cpu_model":"AMD EPYC 7B13","cores":8,"memory_bytes":34359738368,"kernel":"6.1.0-18-amd64","machine_id":"5f2c0e6a91d4b837","id_source":"machine-id"}' ||
	fail "the result's host is not the probe's: $(grep -A8 '"host"' "$tmp/hw.json" | head -9)"
sed 's/"cores": 8/"cores": "8"/' "$tmp/hw-probe.json" >"$tmp/hw-bad.json"
expect 2 "hw-bad.json: probe.host.cores is a string; expected a whole number of cores from 1 to 1000000, or null" \
	import linkbench "$fx/linkbench-request.csv" --engine m --probe "$tmp/hw-bad.json" -o "$tmp/hw2.json"

# Two imports gate against each other, bucketed percentiles and all.
expect 0 "imported" import linkbench "$fx/linkbench-load-request.csv" --engine rival --probe "$fx/probe.json" -o "$tmp/rival.json"
set +e
$run gate "$tmp/p.json" --rival "$tmp/rival.json" >"$tmp/gate" 2>&1
got=$?
set -e
[ "$got" -eq 0 ] || [ "$got" -eq 1 ] || [ "$got" -eq 3 ] ||
	fail "the gate refused two imports (exit $got): $(cat "$tmp/gate")"
grep -qF "GET_LINKS_LIST" "$tmp/gate" || fail "the gate's table lacks the imported classes"

# Bad files, each named for what it is.
expect 2 "[READ] (line 6) has no 50th percentile; YCSB prints it only when run with -p hdrhistogram.percentiles=50,99" \
	import ycsb "$fx/ycsb-default-percentiles.txt" --engine e -o "$tmp/x.json"
expect 2 "ycsb-truncated.txt: truncated at line 31: the file ends inside a line" \
	import ycsb "$fx/ycsb-truncated.txt" --engine e -o "$tmp/x.json"
expect 2 "ycsb-truncated-block.txt: truncated after line 28: [UPDATE] ends before its percentiles" \
	import ycsb "$fx/ycsb-truncated-block.txt" --engine e -o "$tmp/x.json"
expect 2 "ycsb-load-then-run.txt: line 22: a second [OVERALL] block (the first is lines 1 to 2); expected the output of one YCSB run, not two" \
	import ycsb "$fx/ycsb-load-then-run.txt" --engine e -o "$tmp/x.json"
expect 2 "ycsb-empty.txt: empty; expected YCSB's text output" \
	import ycsb "$fx/ycsb-empty.txt" --engine e -o "$tmp/x.json"
expect 2 "line 1: JSON, perhaps from YCSB's JSON exporter" \
	import ycsb "$fx/ycsb-json-exporter.txt" --engine e -o "$tmp/x.json"
expect 2 "line 1: a LinkBench -csvstats header; expected YCSB's text output (for this file, use syncgate import linkbench)" \
	import ycsb "$fx/linkbench-request.csv" --engine e -o "$tmp/x.json"
expect 2 "line 1: a YCSB measurement; expected a LinkBench -csvstats file (for this file, use syncgate import ycsb)" \
	import linkbench "$fx/ycsb-workloada.txt" --engine e -o "$tmp/x.json"
expect 2 "linkbench-truncated.csv: truncated at line 11: the file ends inside a line" \
	import linkbench "$fx/linkbench-truncated.csv" --engine e -o "$tmp/x.json"
expect 2 "linkbench-header-only.csv: truncated after line 1: the header there has no rows after it" \
	import linkbench "$fx/linkbench-header-only.csv" --engine e -o "$tmp/x.json"
expect 2 "linkbench-empty.csv: empty; expected a LinkBench -csvstats file" \
	import linkbench "$fx/linkbench-empty.csv" --engine e -o "$tmp/x.json"
expect 2 "line 2: 20 fields, but the header at line 1 has 14 (a decimal comma" \
	import linkbench "$fx/linkbench-decimal-comma.csv" --engine e -o "$tmp/x.json"
expect 2 "$tmp/none.txt: No such file or directory" import ycsb "$tmp/none.txt" --engine e
expect 2 "$fx: is a directory" import ycsb "$fx" --engine e
printf 'x' >"$tmp/bad-probe.json"
expect 2 "bad-probe.json: not JSON" \
	import ycsb "$fx/ycsb-workloada.txt" --engine e --probe "$tmp/bad-probe.json" -o "$tmp/x.json"
[ -e "$tmp/x.json" ] && fail "a refused import left its output behind"

# Numbers are decimal, as in samples files (strtod would read 0x10 as 16),
# and a value below the column's resolution is refused, saying which.
sed 's/50thPercentileLatency(us), 377/50thPercentileLatency(us), 0x10/' "$fx/ycsb-workloada.txt" >"$tmp/hex.txt"
expect 2 "line 16: [READ] 50thPercentileLatency(us) is 0x10; expected a latency in microseconds" \
	import ycsb "$tmp/hex.txt" --engine e -o "$tmp/x.json"
sed 's/50thPercentileLatency(us), 377/50thPercentileLatency(us), 1e-3/' "$fx/ycsb-workloada.txt" >"$tmp/tiny.txt"
expect 2 "line 16: [READ] 50th percentile is 1e-3 us: below YCSB's one-microsecond resolution" \
	import ycsb "$tmp/tiny.txt" --engine e -o "$tmp/x.json"
sed 's/^GET_NODE,129345,0.1,0.2,0.2,/GET_NODE,129345,0.1,0.2,0x1p-3,/' "$fx/linkbench-request.csv" >"$tmp/hex.csv"
expect 2 "line 5: GET_NODE p50_low is \"0x1p-3\"; expected a latency in milliseconds" \
	import linkbench "$tmp/hex.csv" --engine e -o "$tmp/x.json"
[ -e "$tmp/x.json" ] && fail "a refused import left its output behind"

# A path of 4000 bytes fills the message buffer: the reason stays, the
# path is shortened in the middle, its start and its file name kept.
long=$tmp
while [ ${#long} -lt 3890 ]; do
	long=$long/ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd
done
long=$long/$(printf "%$((4000 - ${#long} - 1))s" | tr ' ' y)
[ ${#long} -eq 4000 ] || fail "the long path is ${#long} bytes, not 4000"
expect 2 "yyyy: No such file or directory" import ycsb "$long" --engine e
grep -qF "syncgate import: $tmp/ddd" "$tmp/err" || fail "the long path lost its start: $(cat "$tmp/err")"
grep -qF "..." "$tmp/err" || fail "the long path is not shortened in the middle: $(cat "$tmp/err")"

# Nothing read is written over: FILE, the probe, by -o or by standard
# output appended to them.
cp "$fx/ycsb-workloada.txt" "$tmp/y.txt"
cp "$fx/linkbench-request.csv" "$tmp/l.csv"
cp "$fx/probe.json" "$tmp/p.json"
mkdir "$tmp/kept"
cp "$tmp/y.txt" "$tmp/l.csv" "$tmp/p.json" "$tmp/kept/"
ln -s y.txt "$tmp/y-link.txt"
expect 2 "-o $tmp/y.txt names the input $tmp/y.txt; expected another file for the result" \
	import ycsb "$tmp/y.txt" --engine e -o "$tmp/y.txt"
expect 2 "-o $tmp/y-link.txt names the input $tmp/y.txt" \
	import ycsb "$tmp/y.txt" --engine e -o "$tmp/y-link.txt"
expect 2 "-o $tmp/l.csv names the input $tmp/l.csv" \
	import linkbench "$tmp/l.csv" --engine e -o "$tmp/l.csv"
expect 2 "-o $tmp/./p.json names the input $tmp/p.json; expected another file for the result" \
	import ycsb "$tmp/y.txt" --engine e --probe "$tmp/p.json" -o "$tmp/./p.json"
set +e
$run import ycsb "$tmp/y.txt" --engine e >>"$tmp/y.txt" 2>"$tmp/err"
got=$?
set -e
[ "$got" -eq 2 ] || fail ">> FILE: exit $got, expected 2"
grep -qF "standard output names the input $tmp/y.txt; expected another file for the result" "$tmp/err" ||
	fail ">> FILE: stderr lacks the refusal: $(cat "$tmp/err")"
for f in y.txt l.csv p.json; do
	cmp -s "$tmp/$f" "$tmp/kept/$f" || fail "a refused output changed $f"
done

# The other tools' outputs: fio's (written by fio on this machine), pgbench's
# log (a PostgreSQL 15 run here), db_bench's, go-ycsb's, YCSB's raw and
# JSON exporter output and an hgrm (built from each tool's printing code):
# each equals its golden file and loads back.
for c in "fio-fdatasync-jsonplus:json:fio" "fio-fsync:json:fio" "fio-jobs-groups:txt:fio" \
    "db_bench-fillrandom-readrandom:txt:db_bench" "pgbench-tpcb:log:pgbench" \
    "pgbench-two-scripts-rate:log:pgbench:--kind write,read" "go-ycsb-workloada:txt:go-ycsb" \
    "go-ycsb-csv:txt:go-ycsb" "ycsb-raw-workloada:txt:ycsb-raw" \
    "hgrm-commit-ms:hgrm:hgrm:--unit ms --kind write"; do
	IFS=: read -r name ext tool extra <<-EOT
	$c
	EOT
	# shellcheck disable=SC2086 # extra is options by design
	expect 0 "imported" import "$tool" "$fx/$name.$ext" --engine e $extra -o "$tmp/$name.json"
	cmp -s "$tmp/$name.json" "$fx/$name.expected.json" ||
		fail "$name: differs from $fx/$name.expected.json"
	$run report "$tmp/$name.json" >/dev/null 2>&1 || fail "$name: the result does not load back"
done
# YCSB's JSON exporters, array or objects one after another, give what its text gives.
for f in ycsb-json-array-workloada ycsb-json-objects-workloada; do
	expect 0 "imported" import ycsb-json "$fx/$f.json" --engine rocksdb -o "$tmp/$f.json"
	cmp -s "$tmp/$f.json" "$fx/ycsb-workloada.expected.json" ||
		fail "$f: differs from the text output's result"
done

# What each import says: fio's histogram, what it passed over, the
# untimed transactions, the interim summaries.
expect 0 "kept as histogram_ns, json+'s buckets with their counts" \
	import fio "$fx/fio-jobs-groups.txt" --engine e -o "$tmp/x.json"
grep -qF "12 lines before the JSON (fio's notes or terse output), passed over" "$tmp/err" ||
	fail "fio: the lines before the JSON are not reported"
grep -qF "seqwrite:write" "$tmp/x.json" && grep -qF "mixed:read" "$tmp/x.json" ||
	fail "fio: jobs of several groups are not all imported"
expect 0 "script1: 5 transactions skipped (late under --rate with --latency-limit): kept as skipped, never timed" \
	import pgbench "$fx/pgbench-two-scripts-rate.log" --engine e -o "$tmp/x.json"
expect 0 "3 interim summary lines (every --interval) passed over" \
	import go-ycsb "$fx/go-ycsb-workloada.txt" --engine e -o "$tmp/x.json"
expect 0 "fillrandom (line 27): 1496.275 micros/op 668 ops/sec" \
	import db_bench "$fx/db_bench-fillrandom-readrandom.txt" --engine e -o "$tmp/x.json"

# Two fio runs of this machine gate against each other: fdatasync against
# fsync, writes in syncs of the probe's.
expect 0 "imported 2 classes" import fio "$fx/fio-fdatasync-jsonplus.json" --engine fdatasync \
	--probe "$fx/probe.json" -o "$tmp/fdatasync.json"
expect 0 "imported 2 classes" import fio "$fx/fio-fsync.json" --engine fsync \
	--probe "$fx/probe.json" -o "$tmp/fsync.json"
set +e
$run gate "$tmp/fdatasync.json" --rival "$tmp/fsync.json" >"$tmp/gate" 2>&1
got=$?
set -e
[ "$got" -eq 0 ] || [ "$got" -eq 1 ] || [ "$got" -eq 3 ] ||
	fail "the gate refused two fio imports (exit $got): $(cat "$tmp/gate")"
grep -qF "wal:sync" "$tmp/gate" && grep -qF "Writes in syncs" "$tmp/gate" ||
	fail "the gate's table lacks fio's sync class in syncs: $(cat "$tmp/gate")"

# Bad files, each importer: several outputs in one, truncated, another
# tool's, a missing percentile, a unit it does not know, a bad number.
rm -f "$tmp/x.json"
expect 2 "fio-status-interval.json: line 291: a second JSON document (the first is lines 1 to 290): fio's --status-interval output" \
	import fio "$fx/fio-status-interval.json" --engine e -o "$tmp/x.json"
expect 2 "fio-numjobs.json: jobs[1] \"wal\": a second job of that name; expected each job named once (numjobs clones share their name: run with --group_reporting" \
	import fio "$fx/fio-numjobs.json" --engine e -o "$tmp/x.json"
head -c 5000 "$fx/fio-fsync.json" >"$tmp/cut.json"
expect 2 "cut.json: truncated at line" import fio "$tmp/cut.json" --engine e -o "$tmp/x.json"
sed 's/"99.000000" : /"99.500001" : /' "$fx/fio-fsync.json" >"$tmp/nop99.json"
expect 2 "jobs[0] \"wal\": write.clat_ns.percentile has no 99.000000; fio prints them with its default --percentile_list, or one that holds 50 and 99 (--percentile_list=50:99)" \
	import fio "$tmp/nop99.json" --engine e -o "$tmp/x.json"
expect 2 "line 2: this looks like fio's JSON output; expected db_bench's output with --histogram=1 (for this file, use syncgate import fio)" \
	import db_bench "$fx/fio-fsync.json" --engine e -o "$tmp/x.json"
expect 2 "this looks like db_bench's --histogram=1 output; expected fio's JSON output" \
	import fio "$fx/db_bench-fillrandom-readrandom.txt" --engine e -o "$tmp/x.json"
head -n 38 "$fx/db_bench-fillrandom-readrandom.txt" >"$tmp/cut.txt"
expect 2 "cut.txt: truncated after line 38: the \"Microseconds per write\" block of line 28 counts 19914 of its 20000 operations" \
	import db_bench "$tmp/cut.txt" --engine e -o "$tmp/x.json"
sed '1s/ 8451 / -8451 /' "$fx/pgbench-tpcb.log" >"$tmp/neg.log"
expect 2 "neg.log: line 1: time is \"-8451\"; expected a latency in whole microseconds" \
	import pgbench "$tmp/neg.log" --engine e -o "$tmp/x.json"
expect 2 "line 1: this looks like HdrHistogram's percentile text (.hgrm); expected pgbench's per-transaction log (-l) (for this file, use syncgate import hgrm)" \
	import pgbench "$fx/hgrm-commit-ms.hgrm" --engine e -o "$tmp/x.json"
sed 's/50th(us): [0-9]*, //' "$fx/go-ycsb-workloada.txt" >"$tmp/no50.txt"
expect 2 "READ has no 50th(us); expected a go-ycsb that prints it, or its per-operation CSV (-p measurementtype=csv)" \
	import go-ycsb "$tmp/no50.txt" --engine e -o "$tmp/x.json"
sed 's/99th(us)/99th(ms)/' "$fx/go-ycsb-workloada.txt" >"$tmp/ms.txt"
expect 2 "READ 99th(ms): a unit go-ycsb does not print; expected microseconds, (us)" \
	import go-ycsb "$tmp/ms.txt" --engine e -o "$tmp/x.json"
head -n 17 "$fx/go-ycsb-workloada.txt" >"$tmp/cut.txt"
expect 0 "imported" import go-ycsb "$tmp/cut.txt" --engine e -o "$tmp/ok.json"
head -n 13 "$fx/go-ycsb-workloada.txt" >"$tmp/cut.txt"
expect 2 "cut.txt: truncated: go-ycsb's banner, or interim summaries, but no \"Run finished\" line" \
	import go-ycsb "$tmp/cut.txt" --engine e -o "$tmp/x.json"
expect 2 "this looks like YCSB's raw measurements (measurementtype=raw); expected YCSB's text output (for this file, use syncgate import ycsb-raw)" \
	import ycsb "$fx/ycsb-raw-workloada.txt" --engine e -o "$tmp/x.json"
cat "$fx/ycsb-raw-workloada.txt" "$fx/ycsb-raw-workloada.txt" >"$tmp/twice.txt"
expect 2 "a second \"READ latency raw data: op, timestamp(ms), latency(us)\" (the first is at line 23): YCSB appends to measurement.raw.output_file, so this is two runs" \
	import ycsb-raw "$tmp/twice.txt" --engine e -o "$tmp/x.json"
sed '24d' "$fx/ycsb-raw-workloada.txt" >"$tmp/short.txt"
expect 2 "line 226: [READ] Total Operations is 203, but 202 latencies follow its header (line 23)" \
	import ycsb-raw "$tmp/short.txt" --engine e -o "$tmp/x.json"
sed 's/"value" : 377$/"value" : -377/' "$fx/ycsb-json-array-workloada.json" >"$tmp/neg.json"
expect 2 "neg.json: line 61: [READ] 50thPercentileLatency(us) is -377; expected a latency in microseconds" \
	import ycsb-json "$tmp/neg.json" --engine e -o "$tmp/x.json"
expect 2 "line 1: JSON, perhaps from YCSB's JSON exporter; expected YCSB's text output (its default TextMeasurementsExporter; for this file, use syncgate import ycsb-json)" \
	import ycsb "$fx/ycsb-json-array-workloada.json" --engine e -o "$tmp/x.json"
head -n 40 "$fx/hgrm-commit-ms.hgrm" >"$tmp/cut.hgrm"
expect 2 "cut.hgrm: truncated after line 40: the table ends at percentile" \
	import hgrm "$tmp/cut.hgrm" --unit ms --kind write --engine e -o "$tmp/x.json"
expect 2 "hgrm: --unit ns|us|ms|s is required: an hgrm file says neither its values' unit nor what was timed" \
	import hgrm "$fx/hgrm-commit-ms.hgrm" --kind write --engine e
expect 2 "hgrm: --kind read|write is required" import hgrm "$fx/hgrm-commit-ms.hgrm" --unit ms --engine e
expect 2 "hgrm: --unit min; expected ns, us, ms or s" \
	import hgrm "$fx/hgrm-commit-ms.hgrm" --unit min --kind write --engine e
expect 2 "fio: --unit is for hgrm only; a fio file says its unit" \
	import fio "$fx/fio-fsync.json" --unit ms --engine e
expect 2 "fio: --kind is for pgbench and hgrm only" import fio "$fx/fio-fsync.json" --kind read --engine e
expect 2 "pgbench: --kind wrote; expected read or write, or one of them a script" \
	import pgbench "$fx/pgbench-tpcb.log" --kind wrote --engine e
expect 2 "pgbench: --kind read,write,x; expected read or write" \
	import pgbench "$fx/pgbench-two-scripts-rate.log" --kind read,write,x --engine e
sed '1s/^1 1 5026 1 /1 1 5026 2 /' "$fx/pgbench-two-scripts-rate.log" >"$tmp/three.log"
expect 2 "--kind write,read gives no kind for script2; expected one a script, script0 first" \
	import pgbench "$tmp/three.log" --kind write,read --engine e -o "$tmp/x.json"
expect 0 "imported 3 classes (0 read, 3 write)" import pgbench "$tmp/three.log" --kind write --engine e
[ -e "$tmp/x.json" ] && fail "a refused import left its output behind"

# Usage.
expect 2 "--engine NAME is required" import ycsb "$fx/ycsb-workloada.txt"
expect 2 "ycsb: --engine is only white space; expected a name with something to show" \
	import ycsb "$fx/ycsb-workloada.txt" --engine " 	"
expect 2 "linkbench: --engine is only white space" \
	import linkbench "$fx/linkbench-request.csv" --engine "$(printf '\342\200\202')"
expect 2 "ycsb: --workload is empty; expected a name with something to show" \
	import ycsb "$fx/ycsb-workloada.txt" --engine e --workload ""
expect 2 "csv: unknown format; expected ycsb, linkbench, fio, db_bench, pgbench, go-ycsb, ycsb-raw, ycsb-json or hgrm" import csv "$fx/ycsb-workloada.txt" --engine e
expect 2 "ycsb: no FILE given" import ycsb --engine e
expect 2 "ycsb: one FILE at a time" import ycsb "$fx/ycsb-workloada.txt" "$fx/ycsb-workloade.txt" --engine e
expect 2 "linkbench: --workload is for ycsb, go-ycsb, ycsb-raw and ycsb-json only; a LinkBench run's workload is linkbench" \
	import linkbench "$fx/linkbench-request.csv" --engine e --workload w
expect 2 "ycsb: -o is given twice; expected it once" \
	import ycsb "$fx/ycsb-workloada.txt" --engine e -o "$tmp/a.json" -o "$tmp/b.json"
[ -e "$tmp/a.json" ] || [ -e "$tmp/b.json" ] && fail "-o twice: an output was written"
expect 2 "unknown option --frob" import ycsb "$fx/ycsb-workloada.txt" --engine e --frob
expect 2 "needs a value" import ycsb "$fx/ycsb-workloada.txt" --engine
expect 2 "No such file or directory" import ycsb "$fx/ycsb-workloada.txt" --engine e -o "$tmp/no/such/dir.json"
expect 2 "usage: syncgate import" import
expect 0 "" import --help
grep -qF "usage: syncgate import ycsb FILE --engine NAME" "$tmp/out" || fail "--help prints no usage"
if [ -w /dev/full ]; then
	set +e
	$run import ycsb "$fx/ycsb-workloada.txt" --engine e >/dev/full 2>"$tmp/err"
	got=$?
	set -e
	[ "$got" -eq 2 ] || fail "a full standard output exits $got, expected 2"
	grep -qF "standard output: No space left on device" "$tmp/err" ||
		fail "a full standard output is not reported: $(cat "$tmp/err")"
fi

# A bucket holds operations: one read fio timed (a real fio 3.33 job,
# --number_ios=1), or five, bounds its p50 no better than one or five
# samples do, however narrow the bucket; twenty thousand in json+'s bins
# give a tight interval.
cat >"$tmp/rival.json" <<-EOF
{"format": "syncgate-result/1", "engine": "rival", "classes": [
 {"name": "one:read", "kind": "read", "p50_ns": 310000, "p99_ns": 320000},
 {"name": "five:read", "kind": "read", "p50_ns": 310000, "p99_ns": 320000},
 {"name": "many:read", "kind": "read", "p50_ns": 310000, "p99_ns": 320000}]}
EOF
cat >"$tmp/one-sample.json" <<-EOF
{"format": "syncgate-result/1", "engine": "ours", "classes": [
 {"name": "one:read", "kind": "read", "samples_ns": [110080]}]}
EOF
for f in one-read five-reads many-reads.jsonplus; do
	expect 0 "imported" import fio "$fx/fio-$f.json" --engine ours -o "$tmp/$f.json"
	$run gate "$tmp/$f.json" --rival "$tmp/rival.json" --read-speedup 2 --single-run-ok --verbose \
	    >"$tmp/$f.txt" 2>&1 || true
done
$run gate "$tmp/one-sample.json" --rival "$tmp/rival.json" --read-speedup 2 --single-run-ok --verbose \
    >"$tmp/one-sample.txt" 2>&1 || true
one="indeterminate  one:read: speedup 2.82x at p50 (310µs for rival against 110.08µs for ours; no 95% bound either way)"
grep -qF "$one" "$tmp/one-sample.txt" ||
	fail "one sample: p50 not indeterminate: $(cat "$tmp/one-sample.txt")"
grep -qF "$one" "$tmp/one-read.txt" ||
	fail "fio's one read: p50 not as one sample's: $(cat "$tmp/one-read.txt")"
grep -qF "one:read: ours' 1 operation counted is too few to bound p50 on both sides" \
    "$tmp/one-read.txt" || fail "fio's one read: no note: $(cat "$tmp/one-read.txt")"
grep -qF "indeterminate  five:read: speedup 1.36x at p50" "$tmp/five-reads.txt" ||
	fail "fio's five reads: p50 not indeterminate: $(cat "$tmp/five-reads.txt")"
grep -qF "pass  many:read: speedup 2.65x at p50 (310µs for rival against 117.13µs for ours; 95% interval 2.61x to 2.68x)" \
    "$tmp/many-reads.jsonplus.txt" ||
	fail "fio's 20000 reads: p50 not a tight pass: $(cat "$tmp/many-reads.jsonplus.txt")"

# pgbench's failed transactions (a real PostgreSQL 15 run, serializable,
# --max-tries=1, -j 2, the two threads' logs concatenated: 33 of 48
# failed) are kept in the class, and the gate holds a check on its
# latencies from passing: the same latencies pass against a slower rival.
expect 0 "script0: 33 transactions failed (serialization or deadlock errors): kept as failed" \
    import pgbench "$fx/pgbench-serializable-failed.log" --engine pg --kind read -o "$tmp/pgf.json"
grep -q '"failed":	33' "$tmp/pgf.json" || fail "pgbench's failed transactions not kept: $(cat "$tmp/pgf.json")"
$run report "$tmp/pgf.json" >"$tmp/pgf.txt" 2>&1 || fail "report refuses the result: $(cat "$tmp/pgf.txt")"
grep -qF "Failed or skipped, not timed: script0 33 failed." "$tmp/pgf.txt" ||
	fail "report of the result does not say what failed: $(cat "$tmp/pgf.txt")"
cat >"$tmp/pg-rival.json" <<-EOF
{"format": "syncgate-result/1", "engine": "rival", "classes": [
 {"name": "script0", "kind": "read", "p50_ns": 500000000, "p99_ns": 600000000, "count": 48}]}
EOF
sed 's/"failed":	33/"failed":	0/' "$tmp/pgf.json" >"$tmp/pg-none-failed.json"
$run gate "$tmp/pg-none-failed.json" --rival "$tmp/pg-rival.json" --read-speedup 2 --single-run-ok --verbose >"$tmp/pg.txt" 2>&1 ||
	fail "the same latencies without failures do not pass: $(cat "$tmp/pg.txt")"
grep -qF "script0: speedup 29.59x at p50 (500ms for rival against 16.9ms for pg; 95% interval 16.32x to 65.42x), at least 2x" "$tmp/pg.txt" ||
	fail "without failures: $(cat "$tmp/pg.txt")"
$run gate "$tmp/pgf.json" --rival "$tmp/pg-rival.json" --read-speedup 2 --single-run-ok --verbose --format json \
    -o "$tmp/pg-verdict.json" 2>/dev/null || true
$run report --verbose "$tmp/pg-verdict.json" >"$tmp/pg.txt" 2>&1 ||
	fail "report refuses the gate's verdict on failures: $(cat "$tmp/pg.txt")"
grep -qF "indeterminate  script0: speedup 29.59x at p50" "$tmp/pg.txt" ||
	fail "33 of 48 failed, and p50 is not held: $(cat "$tmp/pg.txt")"
grep -qF "script0: pg's operations failed or were skipped, 33 of 48 (68.8%), against 0.0% on the other side" \
    "$tmp/pg.txt" || fail "no note on the failures: $(cat "$tmp/pg.txt")"
grep -qF "Verdict: indeterminate" "$tmp/pg.txt" || fail "failures: $(cat "$tmp/pg.txt")"
# what would settle a check the failures hold open: nothing, and it says why
grep -qF "too close to 2x to call; failed operations leave a side without an upper bound (see the note), so no number of samples or runs would settle it" \
    "$tmp/pg.txt" || fail "failures: the check does not say what holds it open: $(cat "$tmp/pg.txt")"

# One thread's log of a -j 2 run, beside the other's, either one given.
for f in pgbench_log.23655 pgbench_log.23655.1; do
	expect 2 "$fx/$f: one thread's log of a run of 2 threads (-j 2), whose files are $fx/pgbench_log.23655 and its .1; expected the whole run's log: concatenate them" \
	    import pgbench "$fx/$f" --engine pg -o "$tmp/thread.json"
	[ ! -e "$tmp/thread.json" ] || fail "$f: a result was written"
done
# pgbench 15's aggregated log (-l --aggregate-interval=1, a real run), and
# its summary text in place of the log.
expect 2 "line 1: 15 fields, the first 1796216935, a Unix time: pgbench's aggregated log (--aggregate-interval), which sums each interval's transactions and keeps no transaction's latency" \
    import pgbench "$fx/pgbench-aggregate-15.log" --engine pg -o "$tmp/agg.json"
expect 2 "line 9: this looks like pgbench's summary of a run, not its per-transaction log (run pgbench with -l" \
    import pgbench "$fx/pgbench-summary.txt" --engine pg -o "$tmp/summary.json"
# db_bench 7.8.3 with --histogram=1 and --num=0: it timed nothing.
expect 2 "line 28: 1 benchmark report line and no \"Microseconds per OP:\" block: db_bench prints one for each kind of operation it timed, so this run timed none" \
    import db_bench "$fx/db_bench-num0.txt" --engine r -o "$tmp/num0.json"
# fio 3.33 --unified_rw_reporting=both: its mixed block is passed over, and said.
expect 0 "both: mixed (unified_rw_reporting=both), its reads and writes together, passed over: they are imported apart" \
    import fio "$fx/fio-unified-both.json" --engine e -o "$tmp/both.json"

if [ "$failures" -gt 0 ]; then
	echo "cli_import: $failures failed" >&2
	exit 1
fi
echo "cli_import: all passed"
