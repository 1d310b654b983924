# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# What the GitHub Action's steps (action.yml) share, sourced by bash: the
# one-line refusal, the checks of inputs, and the step's outputs.  Each
# input comes as an INPUT_* variable the step's env sets from its
# ${{ inputs.* }}, never spliced into the script, so an input's text is
# data and never shell.

# die MESSAGE: one line on standard error, exit status 2 (trouble), as
# syncgate's own refusals.
die() {
	echo "syncgate action: $*" >&2
	exit 2
}

# need_env NAME...: each variable GitHub sets for a step is set.
need_env() {
	local name
	for name in "$@"; do
		[ -n "${!name:-}" ] || die "$name is not set; expected the runner to set it"
	done
}

# bool NAME VALUE: 1 for true, 0 for false or empty; anything else is refused.
bool() {
	case $2 in
	true | True | TRUE) echo 1 ;;
	false | False | FALSE | '') echo 0 ;;
	*) die "input $1 is \"$2\"; expected true or false" ;;
	esac
}

# lines NAME VALUE: the non-blank lines of the list input NAME, one a
# line, each without its surrounding white space, into the array LINES.
# A line written as a YAML list item ("- ours.json") is refused: the input
# is one string, and "- ours.json" would be a file of that name.
lines() {
	local line
	LINES=()
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line#"${line%%[![:space:]]*}"}
		line=${line%"${line##*[![:space:]]}"}
		case $line in
		-[[:space:]]*)
			die "input $1: the line \"$line\" is a YAML list item; expected one file a line, without \"- \" ($1: |, then the files)" ;;
		esac
		[ -z "$line" ] || LINES+=("$line")
	done <<<"$2"
}

# set_output NAME VALUE: a step output, through $GITHUB_OUTPUT.  A value
# holds no newline (paths and words only).
set_output() {
	case $2 in *$'\n'*) die "output $1 holds a newline" ;; esac
	printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"
}

# need_syncgate: $SYNCGATE, the binary the build step made or named.
need_syncgate() {
	[ -n "${SYNCGATE:-}" ] || die "SYNCGATE is not set; expected the build step's output"
	if [ ! -f "$SYNCGATE" ] || [ ! -x "$SYNCGATE" ]; then
		die "SYNCGATE is $SYNCGATE; expected the syncgate binary, executable"
	fi
}
