#!/bin/sh
# SPDX-License-Identifier: MIT
# Fails when a source file, Makefile or script lacks an SPDX licence line
# on its first line (a shebang may come first, then the line after it).
set -eu
bad=0
files=$(find . -path ./build -prune -o -path './build-*' -prune -o -path ./.git -prune -o -type f \
	\( -name '*.c' -o -name '*.h' -o -name 'Makefile' -o -name '*.mk' -o -name '*.sh' \
	-o -name '*.py' -o -name 'action.yml' \
	-o -path './.ci/*' \) -print)
for f in $files; do
	first=$(head -n 1 "$f")
	case $first in
	'#!'*) line=$(sed -n 2p "$f") ;;
	*) line=$first ;;
	esac
	case $line in
	*'SPDX-License-Identifier: MIT'*) ;;
	*)
		echo "spdx: $f: no 'SPDX-License-Identifier: MIT' on its first line" >&2
		bad=1
		;;
	esac
done
[ "$bad" -eq 0 ] && echo "spdx: every source file carries its licence line"
exit "$bad"
