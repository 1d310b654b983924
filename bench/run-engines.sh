#!/bin/sh
# SPDX-License-Identifier: MIT
# syncgate run on real engines it does not drive (issue 22's figures):
#   rocks   RocksDB's db_bench (fillrandom,readrandom --sync=1) against
#           LMDB through --import result and syncgate-bench, RUNS (3) runs
#           each, gated with --match; then db_bench --sync=0.  Prints each
#           side's write flushes a commit and the verdict's table.
#   noisy   six db_bench --sync=1 runs with ../shared/tools/noisy-neighbour.py
#           started NOISY_AT seconds in (default 4) for NOISY_FOR seconds
#           (30), HOGS busy loops (0) beside them: each run's write p50 in
#           syncs (its rounds' unit, as syncgate report gives it) and the
#           spread, max over min; and the same p50 in the probe's unit
#           before the whole invocation; once with the brackets alone,
#           once with --probe-every 200ms.
#   aa      twelve runs of one db_bench command under two names (6 each, in
#           one invocation); AA_TRIALS (20) seeded random splits of 3 runs
#           against 3 gated in baseline mode at the default limit: how many
#           fail.
#   pg      pgbench against a PostgreSQL server on a unix socket, started
#           and stopped here, synchronous_commit=on against off: flushes a
#           commit.
# Figures here (2 cores, ext4 on virtio; 2026-12-03, after the runner was
# made one for both tools):
#   rocks   flushes a commit: RocksDB --sync=1 1.00, 0.99, 1.01; LMDB 2.03,
#           2.01, 2.00; RocksDB --sync=0 0.0002, 0.006, 0.002, and the gate
#           notes "rocksdb is not flushing each commit" (NUM=10000).
#   noisy   quiet but for the neighbour (NUM=800, NOISY_AT=2, NOISY_FOR=6):
#           spread 1.31x with the brackets alone, 1.32x with rounds every
#           200ms, 2.88x in the probe's unit before the invocation; ten
#           tries 1.16x to 1.54x.  With HOGS=2, ten tries 4.3x to 37x:
#           README, "syncgate run", says why.
#   aa      20 splits of 3 against 3: fail 0, indeterminate 20, pass 0.
#   pg      synchronous_commit=on 0.92, off 0.04.
# usage: sh bench/run-engines.sh [BUILD] [rocks|noisy|aa|pg ...]
# environment: RUN_DIR (scratch folder on the disk to measure, removed
#   afterwards; default a new one under the current directory), RUNS,
#   NUM (db_bench --num, 20000), AA_TRIALS, AA_SEED (1), NOISY_AT, NOISY_FOR, HOGS,
#   NOISY (the noisy-neighbour script)
set -eu
build=${1:-build}
[ $# -gt 0 ] && shift
sg=$build/syncgate
bench=$(cd "$(dirname "$build/syncgate-bench")" && pwd)/syncgate-bench
[ -x "$sg" ] && [ -x "$bench" ] ||
	{ echo "run-engines: $sg or $bench is not built; run make first" >&2; exit 2; }
command -v db_bench >/dev/null ||
	{ echo "run-engines: db_bench is missing: apt-get install rocksdb-tools" >&2; exit 2; }
runs=${RUNS:-3}
num=${NUM:-20000}
work=${RUN_DIR:-$(mktemp -d "$PWD/.syncgate-run.XXXXXX")}
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/dir" "$work/out"
db="db_bench --db=\$SYNCGATE_DIR/db --benchmarks=fillrandom,readrandom --histogram=1 --num=$num --threads=1"

# flushes FILE: the write class's flushes a commit.
flushes() {
	tr -d '\t\n' <"$1" | grep -o '"flushes_per_op":[0-9.e+-]*' | head -1 | cut -d: -f2
}

rocks() {
	for sync in 1 0; do
		echo "== RocksDB --sync=$sync against LMDB, $runs runs each"
		"$sg" run --runs "$runs" --dir "$work/dir" -o "$work/out/s$sync.json" \
			--engine lmdb --import result \
			--cmd "$bench lmdb --dir \$SYNCGATE_DIR --ops $num -o \$SYNCGATE_RESULT" \
			--engine rocksdb --import db_bench --cmd "$db --sync=$sync" \
			2>"$work/run.err" || { cat "$work/run.err" >&2; exit 2; }
		for f in "$work"/out/s$sync.*.[0-9].json; do
			printf '%s  write flushes a commit %s\n' "$(basename "$f")" "$(flushes "$f")"
		done
		set +e
		"$sg" gate "$work"/out/s$sync.lmdb.[0-9].json \
			$(for i in $(seq 1 "$runs"); do printf -- '--rival %s ' "$work/out/s$sync.rocksdb.$i.json"; done) \
			--match write=fillrandom:write --match point-read=readrandom:read
		echo "gate exit $?"
		set -e
	done
}

# noisy_once LABEL [--probe-every D]: six runs with the neighbour part-way.
noisy_once() {
	label=$1
	shift
	echo "== six db_bench --sync=1 runs ($label), noisy-neighbour from ${NOISY_AT:-4}s for ${NOISY_FOR:-30}s, ${HOGS:-0} CPU hogs"
	( sleep "${NOISY_AT:-4}"; python3 "${NOISY:-../shared/tools/noisy-neighbour.py}" "$work/dir" "${NOISY_FOR:-30}" ) &
	hogs=""
	for _ in $(seq 1 "${HOGS:-0}"); do
		sh -c 'while :; do :; done' &
		hogs="$hogs $!"
	done
	"$sg" run --runs 6 --dir "$work/dir" -o "$work/out/n.json" "$@" \
		--engine rocksdb --import db_bench --cmd "$db --sync=1" 2>"$work/run.err" ||
		{ cat "$work/run.err" >&2; exit 2; }
	# shellcheck disable=SC2086 # one word a pid
	[ -z "$hogs" ] || kill $hogs
	wait
	grep -E "brackets|rounds through|flushes a commit" "$work/run.err"
	python3 - "$sg" "$work"/out/n.rocksdb.[1-6].json <<'PY'
import json, os, re, statistics, subprocess, sys
# each run: the write class's p50 over the run's unit as the gate takes it
# (syncgate report's "one sync", the median of its rounds' samples, each
# counted once), and over the probe's before the invocation.  db_bench's buckets step about 1.5x
# (140.5, 210.5, 315.5us...), so the p50 the result holds moves in those
# steps; db_bench's own P50 line, interpolated within its bucket, is the
# finer figure and is used here.
sg, units, probes = sys.argv[1], [], []
for i, path in enumerate(sys.argv[2:], 1):
    r = json.load(open(path))
    out = open(os.path.join(os.path.dirname(path), r["driver"]["stdout"])).read()
    p50 = float(re.search(r"Percentiles: P50: ([0-9.]+)", out).group(1)) * 1e3
    rep = subprocess.run([sg, "report", path], capture_output=True, text=True).stdout
    m = re.search(r"one sync = ([0-9.]+)(ns|µs|us|ms|s)\b", rep)
    unit = float(m.group(1)) * {"ns": 1, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}[m.group(2)]
    s = r["probe"]["series"]["samples_ns"]
    units.append(p50 / unit)
    probes.append(p50 / r["probe"]["median_ns"])
    print("run %d: write p50 %.1fus = %.2f syncs of its rounds (%.1fus; before "
          "%.1fus, after %.1fus) = %.2f syncs of the probe before (%.1fus)"
          % (i, p50 / 1e3, units[-1], unit / 1e3, statistics.median(s[:5]) / 1e3,
             statistics.median(s[-5:]) / 1e3, probes[-1],
             r["probe"]["median_ns"] / 1e3))
print("spread, max over min: %.2fx in each run's rounds, %.2fx in the probe's "
      "before" % (max(units) / min(units), max(probes) / min(probes)))
PY
}

noisy() {
	noisy_once "brackets only" --probe-every off
	noisy_once "--probe-every 200ms" --probe-every 200ms
}

aa() {
	trials=${AA_TRIALS:-20}
	echo "== A/A: 12 runs of one db_bench command under two names, $trials splits"
	"$sg" run --runs 6 --dir "$work/dir" -o "$work/out/aa.json" \
		--engine one --import db_bench --cmd "$db --sync=1" \
		--engine two --import db_bench --cmd "$db --sync=1" 2>"$work/run.err" ||
		{ cat "$work/run.err" >&2; exit 2; }
	# each split: 3 runs of one name against 3 of the other, drawn at
	# random (a side holds one engine's runs)
	ls "$work"/out/aa.one.[0-9]*.json | grep -v output >"$work/aa.one"
	ls "$work"/out/aa.two.[0-9]*.json | grep -v output >"$work/aa.two"
	fails=0 indet=0 pass=0
	t=1
	while [ "$t" -le "$trials" ]; do
		set -- $(for k in 1 2; do
			side=$(echo one two | cut -d' ' -f"$k")
			awk -v s="${AA_SEED:-1}" -v t="$t" -v k="$k" 'BEGIN { srand(s * 100000 + t * 10 + k) }
			{ f[NR] = $0 } END { for (i = NR; i > 1; i--) { j = int(rand() * i) + 1; x = f[i]; f[i] = f[j]; f[j] = x }
			for (i = 1; i <= 3; i++) print f[i] }' "$work/aa.$side"; done)
		set +e
		"$sg" gate "$1" "$2" "$3" --baseline "$4" --baseline "$5" --baseline "$6" >/dev/null 2>&1
		rc=$?
		set -e
		case $rc in 0) "$sg" gate "$1" "$2" "$3" --baseline "$4" --baseline "$5" --baseline "$6" 2>/dev/null |
			grep -q '^Verdict: pass' && pass=$((pass + 1)) || indet=$((indet + 1)) ;;
		1) fails=$((fails + 1)) ;; *) echo "aa: gate exit $rc" >&2; exit 2 ;; esac
		t=$((t + 1))
	done
	echo "A/A splits: $trials, fail $fails, indeterminate $indet, pass $pass"
}

pg() {
	bin=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
	[ -x "$bin/initdb" ] || { echo "run-engines: no PostgreSQL: apt-get install postgresql" >&2; exit 2; }
	echo "== pgbench, synchronous_commit on against off"
	# the server runs as an unprivileged user; root may not start it
	if [ "$(id -u)" = 0 ]; then as="runuser -u postgres --"; chown -R postgres "$work"; else as=""; fi
	for mode in on off; do
		# the server is started and the tables loaded in --setup, and the
		# server stopped in --teardown: outside the window the flushes are
		# counted in, which holds pgbench's transactions alone
		setup="d=\$SYNCGATE_DIR; chmod 777 \$d; $as $bin/initdb -D \$d/pg -A trust >/dev/null &&
			$as $bin/pg_ctl -D \$d/pg -o \"-k \$d -c listen_addresses= -c synchronous_commit=$mode\" -w -l \$d/log start &&
			$as pgbench -h \$d -i -s 1 postgres && $as psql -q -h \$d -c checkpoint postgres && sleep 1"
		cmd="$as pgbench -h \$SYNCGATE_DIR -c 1 -t ${PG_TX:-2000} -l --log-prefix=\$SYNCGATE_DIR/pgb postgres >&2 &&
			cat \$SYNCGATE_DIR/pgb.*"
		teardown="$as $bin/pg_ctl -D \$SYNCGATE_DIR/pg -m fast stop"
		chmod 777 "$work/dir" "$work/out" 2>/dev/null || true
		"$sg" run --runs 1 --dir "$work/dir" -o "$work/out/pg-$mode.json" \
			--engine "pg-$mode" --import pgbench --kind write --setup "$setup" \
			--cmd "$cmd" --teardown "$teardown" 2>"$work/run.err" ||
			{ cat "$work/run.err" >&2; exit 2; }
		grep -E "flushes a commit" "$work/run.err" | sed "s/^/synchronous_commit=$mode: /"
	done
}

[ $# -gt 0 ] || set -- rocks noisy aa pg
for part in "$@"; do
	case $part in rocks | noisy | aa | pg) "$part" ;; *) echo "run-engines: $part: expected rocks, noisy, aa or pg" >&2; exit 2 ;; esac
done
