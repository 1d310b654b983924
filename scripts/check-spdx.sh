#!/bin/sh
# SPDX-License-Identifier: MIT
# Fails when a source file, Makefile or script lacks an SPDX licence line
# on its first line (a shebang may come first, then the line after it).
set -eu
files=$(find . -path ./build -prune -o -path './build-*' -prune -o -path ./.git -prune -o -type f \
	\( -name '*.c' -o -name '*.h' -o -name 'Makefile' -o -name '*.mk' -o -name '*.sh' \
	-o -name '*.py' -o -name 'action.yml' \
	-o -path './.ci/*' \) -print)
# One awk over every file, not two processes a file: its first line, or
# its second after a shebang; an empty file has neither.
# shellcheck disable=SC2086 # files are words by design
bad=$(awk -v id='SPDX-License-Identifier: MIT' '
	function check(line) { if (index(line, id) == 0) print FILENAME }
	FNR == 1 {
		if (shebang != "") print shebang
		shebang = ""
		if ($0 ~ /^#!/) { shebang = FILENAME; next }
		check($0)
		nextfile
	}
	FNR == 2 { shebang = ""; check($0); nextfile }
	END { if (shebang != "") print shebang }' $files)
for f in $files; do
	[ -s "$f" ] || bad="$bad $f"
done
for f in $bad; do
	echo "spdx: $f: no 'SPDX-License-Identifier: MIT' on its first line" >&2
done
[ -z "$bad" ] || exit 1
echo "spdx: every source file carries its licence line"
