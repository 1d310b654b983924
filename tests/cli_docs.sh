#!/bin/sh
# SPDX-License-Identifier: MIT
# --help, README.md and the man page say the same thing: each command's
# synopsis appears line for line in the README and in syncgate.1, and,
# command by command, every long option a command's help lists is named
# in that command's section of the README (its usage block included) and
# has a .TP item of its own in that command's subsection of syncgate.1,
# and every option such an item describes is one the help lists.
set -eu
SYNCGATE=${SYNCGATE:-build/syncgate}
SYNCGATE_BENCH=${SYNCGATE_BENCH:-build/syncgate-bench}
. tests/lib.sh
fail=0

# the man page as plain text: roff's \- is -, \e is a backslash
sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/\\fI//g' -e 's/\\fR//g' -e 's/\\fB//g' \
	syncgate.1 > "$tmp/man.txt"

# readme_section HEADING: the README's lines under HEADING (a whole
# "## ..." or "### ..." line) up to the next heading of either level;
# a line in a fenced block is never a heading.
readme_section() {
	awk -v h="$1" '
		/^```/ { fence = !fence }
		!fence && /^##/ { on = ($0 == h); next }
		on' README.md
}

# man_section NAME: the man page's .SS NAME subsection, up to the next
# .SS or .SH.
man_section() {
	awk -v h=".SS $1" '/^\.S[HS]( |$)/ { on = ($0 == h); next } on' "$tmp/man.txt"
}

# listed HELP: the long options a help lists, one a line: those of its
# synopsis (the first paragraph) and those its option list names (a line
# indented two spaces that starts with a dash, up to the two spaces before
# its description).  The prose is left out: it names other tools' options
# too (fio's --output-format, db_bench's --histogram).
listed() {
	awk '
		function pick(s) {
			while (match(s, /--[a-z][a-z0-9-]*/)) {
				print substr(s, RSTART, RLENGTH)
				s = substr(s, RSTART + RLENGTH)
			}
		}
		NF == 0 { body = 1 }
		!body { pick($0); next }
		/^  -/ { s = substr($0, 3); sub(/  .*/, "", s); pick(s) }
	' "$1" | sort -u
}

# described SECTION: the long options a man section gives a .TP item of
# their own (named in the tag line after .TP), one a line; an option only
# mentioned in another's text is not described.
described() {
	awk '
		tp {
			s = $0
			while (match(s, /--[a-z][a-z0-9-]*/)) {
				print substr(s, RSTART, RLENGTH)
				s = substr(s, RSTART + RLENGTH)
			}
		}
		{ tp = ($0 == ".TP") }
	' "$1" | sort -u
}

# names OPT FILE: FILE names the option OPT itself, not one it begins or
# ends (--probe is not named by --probe-every or --rival-probe).
names() {
	grep -Eq -- "(^|[^A-Za-z0-9_-])$1(\$|[^A-Za-z0-9_-])" "$2"
}

# The README's "## Commands" says once for all that every command prints
# its help with --help; a command's own section need not say it again.
readme_section "## Commands" > "$tmp/readme.commands"

# check NAME SECTION COMMAND...: COMMAND prints NAME's help; SECTION is
# the heading its README section and its man subsection are named by
# ("" for syncgate itself, whose options are the global ones, checked
# against each document as a whole).
check() {
	name=$1
	section=$2
	shift 2
	if ! "$@" > "$tmp/help" 2>&1; then
		echo "cli_docs: $name: --help failed" >&2
		fail=1
		return
	fi
	awk 'NF == 0 { exit } { print }' "$tmp/help" > "$tmp/synopsis"
	if ! [ -s "$tmp/synopsis" ]; then
		echo "cli_docs: $name: no synopsis in its help" >&2
		fail=1
		return
	fi
	while IFS= read -r line; do
		for doc in README.md "$tmp/man.txt"; do
			if ! grep -Fxq -- "$line" "$doc"; then
				echo "cli_docs: $name: synopsis line missing from ${doc##*/}: $line" >&2
				fail=1
			fi
		done
	done < "$tmp/synopsis"
	listed "$tmp/help" > "$tmp/listed"
	if [ -z "$section" ]; then
		while IFS= read -r opt; do
			if ! names "$opt" "$tmp/man.txt"; then
				echo "cli_docs: $name: $opt is in --help but not in syncgate.1" >&2
				fail=1
			fi
			if ! names "$opt" README.md; then
				echo "cli_docs: $name: $opt is in --help but not in README.md" >&2
				fail=1
			fi
		done < "$tmp/listed"
		return
	fi
	readme_section "### $section" > "$tmp/readme.sec"
	man_section "$section" > "$tmp/man.sec"
	if ! [ -s "$tmp/readme.sec" ]; then
		echo "cli_docs: $name: README.md has no \"### $section\" section" >&2
		fail=1
	fi
	if ! [ -s "$tmp/man.sec" ]; then
		echo "cli_docs: $name: syncgate.1 has no \".SS $section\" subsection" >&2
		fail=1
	fi
	described "$tmp/man.sec" > "$tmp/described"
	# syncgate report's subsection names its options and says they are
	# "as for syncgate gate", whose subsection describes them once for both
	: > "$tmp/shared"
	if [ "$section" = "syncgate report" ]; then
		man_section "syncgate gate" > "$tmp/man.shared"
		described "$tmp/man.shared" > "$tmp/shared"
	fi
	while IFS= read -r opt; do
		if ! grep -Fxq -- "$opt" "$tmp/described" &&
			! { grep -Fxq -- "$opt" "$tmp/shared" && names "$opt" "$tmp/man.sec"; }; then
			echo "cli_docs: $name: $opt is in --help but not described in syncgate.1's $section section" >&2
			fail=1
		fi
		if ! names "$opt" "$tmp/readme.sec" &&
			! { [ "$opt" = --help ] && names "$opt" "$tmp/readme.commands"; }; then
			echo "cli_docs: $name: $opt is in --help but not in README.md's $section section" >&2
			fail=1
		fi
	done < "$tmp/listed"
	while IFS= read -r opt; do
		if ! grep -Fxq -- "$opt" "$tmp/listed"; then
			echo "cli_docs: $name: $opt is described in syncgate.1's $section section but not in --help" >&2
			fail=1
		fi
	done < "$tmp/described"
}

check "syncgate" "" "$SYNCGATE" --help
for cmd in probe gate calibrate report import run; do
	check "syncgate $cmd" "syncgate $cmd" "$SYNCGATE" help "$cmd"
	# the subcommand's own --help prints the same text as `syncgate help`
	"$SYNCGATE" "$cmd" --help > "$tmp/own" 2>&1 || true
	"$SYNCGATE" help "$cmd" > "$tmp/via" 2>&1
	if ! cmp -s "$tmp/own" "$tmp/via"; then
		echo "cli_docs: syncgate $cmd --help differs from syncgate help $cmd" >&2
		fail=1
	fi
done
if [ -x "$SYNCGATE_BENCH" ]; then
	check "syncgate-bench" "syncgate-bench" "$SYNCGATE_BENCH" --help
fi

# the commands' summaries in --help stand in one column, two blanks at
# least after the longest name
if ! "$SYNCGATE" --help | awk '/^commands:/ { on = 1; next } on && NF == 0 { exit }
	on { match($0, /^  [a-z]+  +/); if (RLENGTH < 0) bad = 1
		if (col && RLENGTH != col) bad = 1; col = RLENGTH }
	END { exit bad || !col }'; then
	echo "cli_docs: syncgate --help's command summaries are not in one column" >&2
	fail=1
fi

# every help fits an 80-column terminal
for c in "" probe gate report run import calibrate; do
	# shellcheck disable=SC2086 # c is one word or none
	"$SYNCGATE" $c --help 2>&1 | awk -v c="syncgate${c:+ $c}" \
		'length > 80 { print "cli_docs: " c " --help: a line of " length " columns: " $0; bad = 1 }
		END { exit bad }' >&2 || fail=1
done
"$SYNCGATE_BENCH" --help 2>&1 | awk 'length > 80 { print "cli_docs: syncgate-bench --help: a line of " length " columns: " $0; bad = 1 }
	END { exit bad }' >&2 || fail=1

# the version the man page names is the one the binary prints
version=$("$SYNCGATE" --version | awk '{ print $2 }')
if ! grep -q "\"syncgate $version\"" syncgate.1; then
	echo "cli_docs: syncgate.1's header does not name version $version" >&2
	fail=1
fi

# the README's example is the split fixture's output, as the gate prints it
awk '/^rival: zu against ladybug/ { on = 1 } on { print } on && /^Verdict:/ { exit }' \
	README.md > "$tmp/example"
if ! cmp -s "$tmp/example" fixtures/gate/split/expected.txt; then
	echo "cli_docs: README.md's example differs from fixtures/gate/split/expected.txt" >&2
	fail=1
fi

[ "$fail" -eq 0 ] && echo "cli_docs: ok"
exit "$fail"
