#!/bin/sh
# SPDX-License-Identifier: MIT
# --help, README.md and the man page say the same thing: each command's
# synopsis appears line for line in the README and in syncgate.1, and
# every option a command's help lists is described in syncgate.1 and
# named in the README.
set -eu
SYNCGATE=${SYNCGATE:-build/syncgate}
SYNCGATE_BENCH=${SYNCGATE_BENCH:-build/syncgate-bench}
. tests/lib.sh
fail=0

# the man page as plain text: roff's \- is -, \e is a backslash
sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/\\fI//g' -e 's/\\fR//g' -e 's/\\fB//g' \
	syncgate.1 > "$tmp/man.txt"

check() {
	name=$1
	shift
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
	for opt in $(grep -o -- '--[a-z][a-z-]*' "$tmp/help" | sort -u); do
		if ! grep -q -- "$opt" "$tmp/man.txt"; then
			echo "cli_docs: $name: $opt is in --help but not in syncgate.1" >&2
			fail=1
		fi
		if ! grep -q -- "$opt" README.md; then
			echo "cli_docs: $name: $opt is in --help but not in README.md" >&2
			fail=1
		fi
	done
}

check "syncgate" "$SYNCGATE" --help
for cmd in probe gate report import; do
	check "syncgate $cmd" "$SYNCGATE" help "$cmd"
	# the subcommand's own --help prints the same text as `syncgate help`
	"$SYNCGATE" "$cmd" --help > "$tmp/own" 2>&1 || true
	"$SYNCGATE" help "$cmd" > "$tmp/via" 2>&1
	if ! cmp -s "$tmp/own" "$tmp/via"; then
		echo "cli_docs: syncgate $cmd --help differs from syncgate help $cmd" >&2
		fail=1
	fi
done
if [ -x "$SYNCGATE_BENCH" ]; then
	check "syncgate-bench" "$SYNCGATE_BENCH" --help
fi

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
