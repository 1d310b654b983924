#!/bin/sh
# SPDX-License-Identifier: MIT
# Fails when a source file, Makefile or script lacks an SPDX licence line
# on its first line (a shebang may come first, then the line after it).
set -eu
bad=0
files=$(find . -path ./build -prune -o -path ./build-asan -prune -o -path ./build-vg -prune \
	-o -path ./build-fuzz -prune -o -path ./.git -prune -o -type f \
	\( -name '*.c' -o -name '*.h' -o -name 'Makefile' -o -name '*.mk' -o -name '*.sh' \
	-o -path './.ci/*' \) -print)
for f in $files; do
	if ! head -n 2 "$f" | grep -q 'SPDX-License-Identifier: MIT'; then
		echo "spdx: $f: no 'SPDX-License-Identifier: MIT' on its first line" >&2
		bad=1
	fi
done
[ "$bad" -eq 0 ] && echo "spdx: every source file carries its licence line"
exit "$bad"
