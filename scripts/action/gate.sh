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
# and with rival-cmd the rival's too (SYNCGATE_RUN_RIVAL).
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

results=${INPUT_RESULTS:-}
[ -n "$results" ] || results=${SYNCGATE_RUN_RESULTS:-}
lines results "$results"
[ "${#LINES[@]}" -gt 0 ] ||
	die "input results is empty; expected our result files (syncgate-result/1), one a line, or cmd, our benchmark's command"
results=("${LINES[@]}")
args=(gate)
rival=${INPUT_RIVAL:-}
[ -n "$rival" ] || rival=${SYNCGATE_RUN_RIVAL:-}
lines rival "$rival"
rivals=("${LINES[@]}")
lines baseline "${INPUT_BASELINE:-}"
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

out=$(in_workspace "${INPUT_OUTPUT_DIR:-syncgate}")
mkdir -p -- "$out" || die "output-dir: cannot make $out"
args+=(--strict --format text -o - --format junit -o "$out/verdict.xml"
	--format html -o "$out/verdict.html" --format json -o "$out/verdict.json")
if [ "$summary" = 1 ]; then
	need_env GITHUB_STEP_SUMMARY
	args+=(--summary)
fi
[ "$annotations" = 0 ] || args+=(--github-annotations)
# options first, then our files after --: a line "-ovictim.json" is a file
# to read, never -o victim.json
args+=(-- "${results[@]}")

set +e
"$SYNCGATE" "${args[@]}"
rc=$?
set -e
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
