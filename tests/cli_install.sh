#!/bin/sh
# SPDX-License-Identifier: MIT
# make install and make uninstall into a scratch DESTDIR, with the build
# that SYNCGATE belongs to: PREFIX, BINDIR and MANDIR put each file where
# they say, the installed programs run, the source tree gains nothing, and
# uninstall removes what install put and nothing else.  Needs no root.
set -eu

: "${SYNCGATE:=build/syncgate}"
. tests/lib.sh
build=$(dirname "$SYNCGATE")
# the make running this suite passes its flags down; this make is our own
unset MAKEFLAGS MFLAGS MAKELEVEL
mk() {
	make --no-print-directory BUILD="$build" "$@" >"$tmp/out" 2>"$tmp/err"
}

# The build must be up to date, or install would compile under a suite.
if ! make -q --no-print-directory BUILD="$build" build 2>/dev/null; then
	echo "cli_install: $build is not up to date; run make first" >&2
	exit 1
fi

dest=$tmp/dest
mkdir -p "$dest/opt/sg/bin"
echo keep >"$dest/opt/sg/bin/other"
touch "$tmp/stamp"
sleep 1
mk install DESTDIR="$dest" PREFIX=/opt/sg MANDIR=/opt/man ||
	fail "make install: $(cat "$tmp/err")"
for f in bin/syncgate bin/syncgate-bench; do
	[ -x "$dest/opt/sg/$f" ] || fail "install: no executable $dest/opt/sg/$f"
done
cmp -s syncgate.1 "$dest/opt/man/man1/syncgate.1" ||
	fail "install: MANDIR=/opt/man did not get man1/syncgate.1"
[ ! -e "$dest/opt/sg/share" ] || fail "install: wrote under PREFIX/share despite MANDIR"
"$dest/opt/sg/bin/syncgate" --version | grep -q '^syncgate ' ||
	fail "install: the installed syncgate does not run"
[ "$(find "$dest" -type f | wc -l)" -eq 4 ] ||
	fail "install: expected 3 files besides bin/other: $(find "$dest" -type f)"
# nothing new at the top of the source tree (the build directories and
# other suites' hidden scratch directories aside)
new=$(find . -mindepth 1 -maxdepth 1 -newer "$tmp/stamp" ! -name '.*' ! -name 'build*')
[ -z "$new" ] || fail "install: left $new in the source tree"

# MANDIR defaults to PREFIX/share/man, BINDIR to PREFIX/bin
mk install DESTDIR="$dest" PREFIX=/usr || fail "make install PREFIX=/usr: $(cat "$tmp/err")"
[ -f "$dest/usr/share/man/man1/syncgate.1" ] || fail "install: MANDIR is not PREFIX/share/man"
[ -x "$dest/usr/bin/syncgate" ] || fail "install: BINDIR is not PREFIX/bin"
mk uninstall DESTDIR="$dest" PREFIX=/usr || fail "make uninstall PREFIX=/usr: $(cat "$tmp/err")"

mk uninstall DESTDIR="$dest" PREFIX=/opt/sg MANDIR=/opt/man ||
	fail "make uninstall: $(cat "$tmp/err")"
left=$(find "$dest" -type f ! -path "$dest/opt/sg/bin/other")
[ -z "$left" ] || fail "uninstall: left $left"
[ "$(cat "$dest/opt/sg/bin/other")" = keep ] || fail "uninstall: removed a file it did not install"
# twice is no error: the files are gone already
mk uninstall DESTDIR="$dest" PREFIX=/opt/sg MANDIR=/opt/man ||
	fail "make uninstall, again: $(cat "$tmp/err")"

if [ "$failures" -gt 0 ]; then
	echo "cli_install: $failures failed" >&2
	exit 1
fi
echo "cli_install: all passed"
