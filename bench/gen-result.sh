#!/bin/sh
# SPDX-License-Identifier: MIT
# Writes a syncgate-result/1 of N latency samples for `make bench`: a read
# class of 70% of them and a write class of 30% (LinkBench's share of
# commits), lognormal, each in a samples_file beside the result, and the
# probe of one made-up volume embedded, so the writes are ruled in syncs.
#
# usage: sh bench/gen-result.sh DIR ENGINE N READ_P50_NS WRITE_P50_NS SEED
set -eu
[ $# -eq 6 ] || { echo "usage: sh bench/gen-result.sh DIR ENGINE N READ_P50_NS WRITE_P50_NS SEED" >&2; exit 2; }
dir=$1 engine=$2 n=$3 read_ns=$4 write_ns=$5 seed=$6
mkdir -p "$dir"
reads=$((n * 7 / 10))
writes=$((n - reads))

# lognormal latencies, sigma 0.5, in whole nanoseconds (Box-Muller)
gen() {
	awk -v n="$1" -v m="$2" -v seed="$3" 'BEGIN {
		srand(seed); printf "# %d latencies in ns\n", n
		for (i = 0; i < n; i++) {
			u = rand(); if (u < 1e-12) u = 1e-12
			z = sqrt(-2 * log(u)) * cos(6.283185307179586 * rand())
			printf "%d\n", m * exp(0.5 * z) + 1
		}
	}'
}
gen "$reads" "$read_ns" "$seed" >"$dir/$engine-read.txt"
gen "$writes" "$write_ns" "$((seed + 1))" >"$dir/$engine-write.txt"
cat >"$dir/$engine.json" <<JSON
{
  "format": "syncgate-result/1",
  "engine": "$engine",
  "workload": "bench",
  "concurrency": 8,
  "probe": {
    "format": "syncgate-probe/1",
    "host": {"id": "bench-host"},
    "volume": {"id": "bench-volume"},
    "method": "fdatasync",
    "samples_ns": [3000000, 2950000, 3050000, 2960000, 3040000, 3000000, 2970000,
                   3030000, 3000000, 3010000, 2990000, 3020000, 2980000, 3000000, 3060000],
    "reaches_device": "yes"
  },
  "classes": [
    {"name": "read", "kind": "read", "samples_file": "$engine-read.txt"},
    {"name": "write", "kind": "write", "samples_file": "$engine-write.txt"}
  ]
}
JSON
