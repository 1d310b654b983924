#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Action's gate step: syncgate gate over the inputs, the text verdict
# in the log, the Markdown in the job summary, JUnit, HTML and the JSON
# verdict in output-dir, and workflow annotations.  The gate always runs
# with --strict, so its exit status tells pass (0), fail (1), trouble (2)
# and indeterminate (3) apart for the output verdict; the step then exits
# as the gate would with the strict input as given.  Outputs: verdict
# (pass, fail, indeterminate or trouble), exit-status, junit, html, json.
# With the input cmd, our results are the run step's (SYNCGATE_RUN_RESULTS),
# and with rival-cmd the rival's too (SYNCGATE_RUN_RIVAL), held as the
# baseline with mode baseline.  With runs MIN..MAX the run step's looks
# have ruled already: their verdict (SYNCGATE_RUN_VERDICT) is rendered by
# syncgate report in the same formats, not gated again.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/action/lib.sh
. "$here/lib.sh"

need_env GITHUB_OUTPUT GITHUB_WORKSPACE
need_syncgate
strict=$(bool strict "${INPUT_STRICT:-}")
same_host=$(bool same-host "${INPUT_SAME_HOST:-}")
single_run_ok=$(bool single-run-ok "${INPUT_SINGLE_RUN_OK:-}")
summary=$(bool summary "${INPUT_SUMMARY:-true}")
annotations=$(bool annotations "${INPUT_ANNOTATIONS:-true}")

mode=${INPUT_MODE:-}
case $mode in
'' | rival | baseline) ;;
*) die "input mode is \"$mode\"; expected rival or baseline" ;;
esac
[ -z "$mode" ] || [ -n "${SYNCGATE_RUN_RIVAL:-}" ] ||
	die "input mode is how rival-cmd's runs are held; expected rival-cmd with it (with result files, rival or baseline says it)"

# reports: the formats every verdict is written in; finish STATUS: the
# step's outputs and its exit status from STATUS, an exit status of the
# gate with --strict (0 pass, 1 fail, 3 indeterminate, else trouble)
out=$(in_workspace "${INPUT_OUTPUT_DIR:-syncgate}")
reports=(--format text -o - --format junit -o "$out/verdict.xml"
	--format html -o "$out/verdict.html" --format json -o "$out/verdict.json")
[ "$summary" = 0 ] || need_env GITHUB_STEP_SUMMARY
[ "$summary" = 0 ] || reports+=(--summary)
[ "$annotations" = 0 ] || reports+=(--github-annotations)
finish() {
	local rc=$1 verdict status
	case $rc in
	0) verdict=pass ;;
	1) verdict=fail ;;
	3) verdict=indeterminate ;;
	*) verdict=trouble ;;
	esac
	status=$rc
	[ "$rc" != 3 ] || [ "$strict" = 1 ] || status=0
	set_output verdict "$verdict"
	set_output exit-status "$status"
	if [ "$verdict" != trouble ]; then
		set_output junit "$out/verdict.xml"
		set_output html "$out/verdict.html"
		set_output json "$out/verdict.json"
	fi
	exit "$status"
}

run_verdict=${SYNCGATE_RUN_VERDICT:-}
if [ -n "$run_verdict" ]; then
	mkdir -p -- "$out" || die "output-dir: cannot make $out"
	set +e
	"$SYNCGATE" report "${reports[@]}" -- "$run_verdict"
	rc=$?
	set -e
	# report exits 0 for a pass and for a verdict that could not rule
	# (indeterminate, or not ruled: nothing in common to rule): the
	# verdict's top-level ruling (indented once) tells them apart, as the
	# gate's --strict would
	if [ "$rc" = 0 ] &&
		grep -Eq '^[[:space:]]"verdict":[[:space:]]*"(indeterminate|not ruled)",?$' "$out/verdict.json"; then
		rc=3
	fi
	finish "$rc"
fi

results=${INPUT_RESULTS:-}
[ -n "$results" ] || results=${SYNCGATE_RUN_RESULTS:-}
lines results "$results"
[ "${#LINES[@]}" -gt 0 ] ||
	die "input results is empty; expected our result files (syncgate-result/1), one a line, or cmd, our benchmark's command"
results=("${LINES[@]}")
args=(gate)
rival=${INPUT_RIVAL:-}
baseline=${INPUT_BASELINE:-}
if [ "$mode" = baseline ]; then
	[ -n "$baseline" ] || baseline=${SYNCGATE_RUN_RIVAL:-}
else
	[ -n "$rival" ] || rival=${SYNCGATE_RUN_RIVAL:-}
fi
lines rival "$rival"
rivals=("${LINES[@]}")
lines baseline "$baseline"
baselines=("${LINES[@]}")
if [ "${#rivals[@]}" -gt 0 ] && [ "${#baselines[@]}" -gt 0 ]; then
	die "inputs rival and baseline are both given; expected one of them"
elif [ "${#rivals[@]}" -gt 0 ]; then
	for f in "${rivals[@]}"; do args+=(--rival "$f"); done
elif [ "${#baselines[@]}" -gt 0 ]; then
	for f in "${baselines[@]}"; do args+=(--baseline "$f"); done
else
	die "inputs rival and baseline are both empty; expected the rival's or the baseline's result files"
fi

# options syncgate checks itself: a bad number is its one line, exit 2
opt() {
	[ -z "$2" ] || args+=("$1" "$2")
}
probe=${INPUT_PROBE:-}
[ -n "$probe" ] || probe=${SYNCGATE_PROBE:-}
opt --probe "$probe"
opt --rival-probe "${INPUT_RIVAL_PROBE:-}"
opt --noise "${INPUT_NOISE:-}"
opt --read-speedup "${INPUT_READ_SPEEDUP:-}"
opt --commit-syncs "${INPUT_COMMIT_SYNCS:-}"
opt --max-regression "${INPUT_MAX_REGRESSION:-}"
opt --confidence "${INPUT_CONFIDENCE:-}"
[ "$same_host" = 0 ] || args+=(--same-host)
[ "$single_run_ok" = 0 ] || args+=(--single-run-ok)
# one OURS=RIVAL pair a line, each one argument of --match
lines match "${INPUT_MATCH:-}" "OURS=RIVAL pair"
for pair in "${LINES[@]}"; do args+=(--match "$pair"); done

mkdir -p -- "$out" || die "output-dir: cannot make $out"
# options first, then our files after --: a line "-ovictim.json" is a file
# to read, never -o victim.json
args+=(--strict "${reports[@]}" -- "${results[@]}")

set +e
"$SYNCGATE" "${args[@]}"
rc=$?
set -e
finish "$rc"
