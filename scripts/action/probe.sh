#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Action's probe step, run when the input probe-dir is given: what one
# durable sync costs on that directory's volume and whether the flush
# reaches a device (syncgate probe), the record into $RUNNER_TEMP and its
# text into the log.  With require-device, a volume whose flush does not
# reach a device stops the job here (exit 1).  Output: probe, the record's
# path, which the gate step takes as --probe.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/action/lib.sh
. "$here/lib.sh"

need_env GITHUB_OUTPUT RUNNER_TEMP
need_syncgate
dir=${INPUT_PROBE_DIR:-}
[ -n "$dir" ] || die "input probe-dir is empty; expected the directory the benchmark writes to"
[ -d "$dir" ] || die "input probe-dir: $dir is not a directory; expected the directory the benchmark writes to"
require=$(bool require-device "${INPUT_REQUIRE_DEVICE:-}")
[ -z "${INPUT_PROBE:-}" ] ||
	die "inputs probe and probe-dir are both given; expected one: a probe file, or a directory to probe"
args=(probe --dir "$dir" --json -o "$RUNNER_TEMP/syncgate-probe.json")
if [ -n "${INPUT_PROBE_SAMPLES:-}" ]; then
	args+=(--samples "$INPUT_PROBE_SAMPLES")
fi
[ "$require" = 0 ] || args+=(--require-device)
set +e
"$SYNCGATE" "${args[@]}"
rc=$?
set -e
[ "$rc" = 0 ] || [ "$rc" = 1 ] || exit "$rc"
[ -f "$RUNNER_TEMP/syncgate-probe.json" ] && "$SYNCGATE" report -- "$RUNNER_TEMP/syncgate-probe.json"
[ "$rc" = 0 ] || exit "$rc"
set_output probe "$RUNNER_TEMP/syncgate-probe.json"
