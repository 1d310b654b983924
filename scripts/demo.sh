#!/bin/sh
# SPDX-License-Identifier: MIT
# make demo: probes the current directory's volume, runs SQLite and LMDB
# in turn, three runs each, in a temporary directory made here (removed
# whatever happens), gates LMDB's runs against SQLite's, prints the table
# and writes the HTML report beside it.  Taking the engines in turn puts a
# slow minute of the machine on both; several runs a side put the
# variation between runs in every interval, so the verdict repeats.  Each
# run's writes are counted in syncs of the probe taken just before it.  Then it
# gates two fixture results (fixtures/gate/split), the engines of the
# report the project grew from.  A gate that fails or cannot rule has
# still answered: the demo exits 0 when the tools worked, and 2 only on
# trouble.
set -u
build=${1:-build}
syncgate="$build/syncgate"
bench="$build/syncgate-bench"
html=syncgate-demo.html

trouble() {
	echo "make demo: $*" >&2
	exit 2
}

[ -x "$syncgate" ] || trouble "$syncgate is not built; run make"
[ -x "$bench" ] || trouble "$bench is not built; run make (it needs SQLite and LMDB: make deps)"
tmp=$(mktemp -d "./syncgate-demo.XXXXXX") || trouble "cannot make a temporary directory in $PWD"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

echo "== The volume under $PWD, sampled until the median is known to within 5%"
"$syncgate" probe --dir . --precision 5% --max-time 10 --json -o "$tmp/probe.json" ||
	trouble "the probe failed"
"$syncgate" report "$tmp/probe.json" || trouble "the probe cannot be read back"

echo
runs=3
run="--rows 10000 --ops 3000 --mix 5:2:3 --concurrency 2"
echo "== LMDB and SQLite on it in turn, $runs runs each, in $tmp: $run"
# shellcheck disable=SC2086
"$bench" lmdb,sqlite --runs "$runs" --dir "$tmp" $run -o "$tmp/r.json" ||
	trouble "the runs failed"

echo
echo "== LMDB's $runs runs gated against SQLite's"
"$syncgate" gate "$tmp"/r.lmdb.[0-9]*.json \
	$(for f in "$tmp"/r.sqlite.[0-9]*.json; do printf -- '--rival %s ' "$f"; done) \
	--format text -o - --format html -o "$html"
status=$?
case $status in
0) verdict="passed" ;;
1) verdict="failed" ;;
3) verdict="could not rule" ;;
*) trouble "the gate could not run (exit status $status)" ;;
esac
echo
echo "make demo: the gate $verdict (exit status $status); the HTML report is $PWD/$html"

echo
echo "== Two fixture results (fixtures/gate/split): reads pass by orders of magnitude, writes ruled in syncs"
fixtures=$(dirname "$0")/../fixtures/gate/split
"$syncgate" gate "$fixtures/ours.json" --rival "$fixtures/rival.json"
status=$?
[ "$status" -le 1 ] || [ "$status" -eq 3 ] || trouble "the fixture gate could not run (exit status $status)"
