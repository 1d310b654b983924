#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Action's run step, run when the input cmd or rival-cmd is given: our
# benchmark command and the rival's, runs times each, in one syncgate run
# (so that their runs interleave and a drift of the runner falls on both),
# in run-dir, the results in output-dir as run.ENGINE.N.json, the
# commands' output in output-dir's run.logs.ID/.  With runs MIN..MAX (and
# rival-cmd) syncgate run runs until decided, gating cmd against
# rival-cmd after each round at the limit inputs and the match pairs, as
# a rival or, with mode baseline, a baseline; its verdict goes to
# output-dir as run.verdict.json.  Outputs: results and rival, the result
# files, one a line, which the gate step takes for the inputs of those
# names, and with MIN..MAX verdict-file, the verdict the gate step
# renders; or, when a command fails or syncgate run cannot go on, verdict
# trouble and exit-status, and the step exits with syncgate run's status
# (4 for a command that failed, 128+N for a signal).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/action/lib.sh
. "$here/lib.sh"

need_env GITHUB_OUTPUT GITHUB_WORKSPACE
need_syncgate
cmd=${INPUT_CMD:-}
rival_cmd=${INPUT_RIVAL_CMD:-}
[ -n "$cmd" ] ||
	die "input rival-cmd is given but cmd is empty; expected our benchmark's command too"

# what a command's run replaces, refused before minutes of benchmark
lines results "${INPUT_RESULTS:-}"
[ "${#LINES[@]}" = 0 ] ||
	die "inputs cmd and results are both given; expected one: our benchmark's command, or our result files"
probed="expected cmd alone: syncgate run probes run-dir itself, before the runs and around each"
[ -z "${INPUT_PROBE:-}" ] || die "inputs cmd and probe are both given; $probed"
[ -z "${INPUT_PROBE_DIR:-}" ] || die "inputs cmd and probe-dir are both given; $probed"
lines rival "${INPUT_RIVAL:-}"
rivals=${#LINES[@]}
lines baseline "${INPUT_BASELINE:-}"
baselines=${#LINES[@]}
if [ -n "$rival_cmd" ]; then
	[ "$rivals" = 0 ] ||
		die "inputs rival-cmd and rival are both given; expected one: the rival's command, or its result files"
	[ "$baselines" = 0 ] ||
		die "inputs rival-cmd and baseline are both given; expected one: the rival's command, or the baseline's result files"
	[ -z "${INPUT_RIVAL_PROBE:-}" ] ||
		die "inputs rival-cmd and rival-probe are both given; ${probed/cmd/rival-cmd}"
elif [ "$rivals" = 0 ] && [ "$baselines" = 0 ]; then
	die "inputs rival-cmd, rival and baseline are all empty; expected the rival's command, or the rival's or the baseline's result files"
fi

engine=${INPUT_ENGINE:-}
import=${INPUT_IMPORT:-}
[ -n "$engine" ] || die "input engine is empty; expected our engine's name, for cmd's results"
[ -n "$import" ] ||
	die "input import is empty; expected the format of cmd's output (a syncgate import format, or result)"
runs=${INPUT_RUNS:-3}
mode=${INPUT_MODE:-}
case $mode in
'' | rival | baseline) ;;
*) die "input mode is \"$mode\"; expected rival or baseline" ;;
esac
[ -z "$mode" ] || [ -n "$rival_cmd" ] ||
	die "input mode is how rival-cmd's runs are held; expected rival-cmd with it (with result files, rival or baseline says it)"
# runs MIN..MAX: syncgate run checks the numbers; the looks are its own
# gate, which takes the limits and the match pairs but none of the gate
# step's other options
until_decided=0
if [[ $runs == *..* ]]; then
	until_decided=1
	[ -n "$rival_cmd" ] ||
		die "input runs is $runs, runs until decided, which gates cmd against rival-cmd; expected rival-cmd with it, or a whole number of runs"
	[ -z "${INPUT_NOISE:-}" ] ||
		die "input noise is not taken with runs $runs: the looks of syncgate run measure the runs' spread themselves; expected a whole number of runs with it"
	[ "$(bool same-host "${INPUT_SAME_HOST:-}")" = 0 ] ||
		die "input same-host is not taken with runs $runs: the looks of syncgate run do not take it; expected a whole number of runs with it"
	[ "$(bool single-run-ok "${INPUT_SINGLE_RUN_OK:-}")" = 0 ] ||
		die "input single-run-ok is not taken with runs $runs: runs until decided make two runs a side at least"
fi
dir=${INPUT_RUN_DIR:-}
if [ -z "$dir" ]; then
	dir=$GITHUB_WORKSPACE
else
	dir=$(in_workspace "$dir")
fi
[ -d "$dir" ] ||
	die "input run-dir: $dir is not a directory; expected the directory the benchmarks run in, on the volume to measure"
out=$(in_workspace "${INPUT_OUTPUT_DIR:-syncgate}")
mkdir -p -- "$out" || die "output-dir: cannot make $out"

# each command is one argument of --cmd, which syncgate run gives to
# /bin/sh -c: the input's text runs as the command it is, and nothing of
# it is read by this script's shell
args=(run --runs "$runs" --dir "$dir" -o "$out/run.json"
	--engine "$engine" --import "$import" --cmd "$cmd")
engines=("$engine")
if [ -n "$rival_cmd" ]; then
	rival_engine=${INPUT_RIVAL_ENGINE:-}
	rival_import=${INPUT_RIVAL_IMPORT:-}
	[ -n "$rival_engine" ] ||
		die "input rival-engine is empty; expected the rival engine's name, for rival-cmd's results"
	[ -n "$rival_import" ] || rival_import=$import
	args+=(--engine "$rival_engine" --import "$rival_import" --cmd "$rival_cmd")
	engines+=("$rival_engine")
fi
verdict=$out/run.verdict.json
if [ "$until_decided" = 1 ]; then
	# --strict: the exit status tells a verdict that could not rule (3)
	# from a pass; the gate step exits as the strict input says
	args+=(--mode "${mode:-rival}" --strict)
	for lim in read-speedup commit-syncs max-regression confidence; do
		var=INPUT_${lim//-/_}
		var=${var^^}
		[ -z "${!var:-}" ] || args+=("--$lim" "${!var}")
	done
	lines match "${INPUT_MATCH:-}" pair
	for m in "${LINES[@]}"; do
		args+=(--match "$m")
	done
fi

# what this invocation wrote is newer than the mark; an earlier job's
# files in output-dir are not
mark=$(mktemp "${RUNNER_TEMP:-/tmp}/syncgate-run.XXXXXX")
trap 'rm -f "$mark"' EXIT
set +e
"$SYNCGATE" "${args[@]}"
rc=$?
set -e
# with MIN..MAX, 1 and 3 are verdicts (failed, could not rule), which
# the gate step renders; a command that failed is 4, never 1
if [ "$until_decided" = 1 ] && { [ "$rc" = 1 ] || [ "$rc" = 3 ]; }; then
	rc=0
fi
if [ "$rc" != 0 ]; then
	# syncgate run has said which run failed, repeated the end of its
	# standard error and named the file that holds all of it, in output-dir
	set_output verdict trouble
	set_output exit-status "$rc"
	exit "$rc"
fi

# syncgate run took runs as a whole number or MIN..MAX, so it is digits;
# each engine has run.ENGINE.1.json to run.ENGINE.K.json, K the runs it
# made (MIN..MAX: as many as the looks took), and older files beyond K
# from an earlier job in output-dir are not listed
if [ "$until_decided" = 1 ]; then
	[ "$verdict" -nt "$mark" ] || die "syncgate run exited 0 but wrote no $verdict"
	set_output verdict-file "$verdict"
	runs=${runs#*..}
fi
[[ $runs =~ ^[0-9]+$ ]] || die "input runs is \"$runs\"; expected a whole number, or MIN..MAX"
for i in "${!engines[@]}"; do
	files=()
	for ((n = 1; n <= 10#$runs; n++)); do
		f=$out/run.${engines[i]}.$n.json
		if [ "$until_decided" = 1 ] && ! [ "$f" -nt "$mark" ]; then
			break
		fi
		[ -f "$f" ] || die "syncgate run exited 0 but wrote no $f"
		files+=("$f")
	done
	if [ "$i" = 0 ]; then
		set_output_lines results "${files[@]}"
	else
		set_output_lines rival "${files[@]}"
	fi
done
