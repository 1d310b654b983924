#!/bin/sh
# SPDX-License-Identifier: MIT
# make demo: probes the current directory's volume, runs SQLite and LMDB
# briefly in a temporary directory made here (removed whatever happens),
# gates LMDB against SQLite, prints the table and writes the HTML report
# beside it.  The demo's probe samples until its median is known to within
# 5%, and stands for one sync on both sides over the 15-sample probes the
# results embed, so the write half is ruled on a narrow band.  Then it
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
run="--rows 10000 --ops 3000 --mix 5:2:3 --concurrency 2"
echo "== SQLite and LMDB on it, in $tmp: $run"
# shellcheck disable=SC2086
"$bench" sqlite --dir "$tmp" $run -o "$tmp/sqlite.json" || trouble "the SQLite run failed"
# shellcheck disable=SC2086
"$bench" lmdb --dir "$tmp" $run -o "$tmp/lmdb.json" || trouble "the LMDB run failed"

echo
echo "== LMDB gated against SQLite, one sync being the probe above for both"
"$syncgate" gate "$tmp/lmdb.json" --rival "$tmp/sqlite.json" \
	--probe "$tmp/probe.json" --rival-probe "$tmp/probe.json" \
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
