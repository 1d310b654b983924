#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Action's first step: syncgate built from this checkout of the action,
# its libraries installed from the runner's packages (scripts/deps.sh
# --build), into $RUNNER_TEMP; or, with the input syncgate, that binary as
# it is.  Output: syncgate, the binary's path.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/action/lib.sh
. "$here/lib.sh"

need_env GITHUB_OUTPUT
if [ -n "${INPUT_SYNCGATE:-}" ]; then
	SYNCGATE=$INPUT_SYNCGATE
	[ -f "$SYNCGATE" ] || die "input syncgate is $SYNCGATE; expected an executable syncgate binary"
	[ -x "$SYNCGATE" ] || die "input syncgate is $SYNCGATE; expected an executable syncgate binary"
	set_output syncgate "$SYNCGATE"
	exit 0
fi
need_env RUNNER_TEMP
top=$(cd "$here/../.." && pwd)
build=$RUNNER_TEMP/syncgate-build
mkdir -p -- "$build" || die "cannot make $build"
# make cannot take white space in a target, and RUNNER_TEMP may hold some
# (a runner installed under "actions runner"): make is given a link to
# the build folder by a name without any, in a private folder of /tmp,
# removed when the step ends.
link_dir=$(mktemp -d /tmp/syncgate-build.XXXXXX) || die "cannot make a folder in /tmp"
trap 'rm -rf "$link_dir"' EXIT
ln -s "$build" "$link_dir/b" || die "cannot link $link_dir/b to $build"
sh "$top/scripts/deps.sh" --if-missing --build || exit 2
make -s -C "$top" BUILD="$link_dir/b" WERROR=0 "$link_dir/b/syncgate" || exit 2
"$build/syncgate" --version >/dev/null 2>&1 ||
	die "$build/syncgate was built but does not run"
set_output syncgate "$build/syncgate"
