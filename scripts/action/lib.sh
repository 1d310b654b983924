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

# lines NAME VALUE [WHAT]: the non-blank lines of the list input NAME,
# one WHAT (default: file) a line, each without its surrounding white
# space, into the array LINES.  A line written as a YAML list item
# ("- ours.json") is refused: the input is one string, and "- ours.json"
# would be a file of that name.
lines() {
	local line what=${3:-file}
	LINES=()
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line#"${line%%[![:space:]]*}"}
		line=${line%"${line##*[![:space:]]}"}
		case $line in
		-[[:space:]]*)
			die "input $1: the line \"$line\" is a YAML list item; expected one $what a line, without \"- \" ($1: |, then the ${what}s)" ;;
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

# set_output_lines NAME LINE...: a step output of several lines, one file
# a line, in GitHub's NAME<<DELIMITER form.  Each line is an absolute path
# (it starts with /), so none can be the delimiter, nor hold a newline.
set_output_lines() {
	local name=$1 line
	shift
	for line in "$@"; do
		case $line in
		*$'\n'*) die "output $name holds a newline" ;;
		/*) ;;
		*) die "output $name: $line is not an absolute path" ;;
		esac
	done
	{
		printf '%s<<SYNCGATE_EOF\n' "$name"
		printf '%s\n' "$@"
		printf 'SYNCGATE_EOF\n'
	} >>"$GITHUB_OUTPUT"
}

# in_workspace PATH: PATH, or $GITHUB_WORKSPACE/PATH where it is relative.
in_workspace() {
	case $1 in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$GITHUB_WORKSPACE/$1" ;;
	esac
}

# need_syncgate: $SYNCGATE, the binary the build step made or named.
need_syncgate() {
	[ -n "${SYNCGATE:-}" ] || die "SYNCGATE is not set; expected the build step's output"
	if [ ! -f "$SYNCGATE" ] || [ ! -x "$SYNCGATE" ]; then
		die "SYNCGATE is $SYNCGATE; expected the syncgate binary, executable"
	fi
}
