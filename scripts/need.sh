#!/bin/sh
# SPDX-License-Identifier: MIT
# need.sh LIBRARY...: the build's check that each library is installed
# (cjson, utf8proc, cmocka, sqlite3, lmdb), found through pkg-config or, without
# it, by the compiler ($CC) finding its header.  A missing one is one
# line naming its package and `make deps`, and exit status 2, where the
# compiler would print a page of errors.  Installs nothing.
set -u

status=0
for lib in "$@"; do
	case $lib in
	cjson) pc=libcjson header=cjson/cJSON.h what=cJSON deb=libcjson-dev brew=cjson ;;
	utf8proc) pc=libutf8proc header=utf8proc.h what=utf8proc deb=libutf8proc-dev brew=utf8proc ;;
	cmocka) pc=cmocka header=cmocka.h what=cmocka deb=libcmocka-dev brew=cmocka ;;
	sqlite3) pc=sqlite3 header=sqlite3.h what=SQLite deb=libsqlite3-dev brew=sqlite ;;
	lmdb) pc=lmdb header=lmdb.h what=LMDB deb=liblmdb-dev brew=lmdb ;;
	*)
		echo "need.sh: $lib: unknown library; expected cjson, utf8proc, cmocka, sqlite3 or lmdb" >&2
		exit 2
		;;
	esac
	if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$pc"; then
		continue
	fi
	# shellcheck disable=SC2086 # CC may be words, as in "ccache cc"
	if printf '#include <%s>\n' "$header" | ${CC:-cc} -E -x c - >/dev/null 2>&1; then
		continue
	fi
	echo "syncgate: $what is not installed (pkg-config knows no $pc, and ${CC:-cc} finds no <$header>): run make deps, or install $deb (Debian, Ubuntu) or $brew (Homebrew)" >&2
	status=2
done
exit "$status"
