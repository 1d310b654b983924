#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/check-layers.sh on small trees of its own: a clean one passes
# with its one line; each rule broken, and a circle of calls between two
# objects, gives the line that names it and exit 1; the front ends of
# report/ and gate/ may include each other, their other files never.
set -eu
. tests/lib.sh
CC=${CC:-cc}
script=$(pwd)/scripts/check-layers.sh
run="sh $script"
prog=check-layers

# put FILE LINE...: FILE in the tree, made of the lines given.
put() {
	f=$1
	shift
	mkdir -p "$(dirname "$f")"
	printf '%s\n' "$@" >"$f"
}

# A tree that holds: lib below all, report/ reading the verdict's types,
# gate/'s front end rendering through report/, drivers/ to itself.
mkdir "$tmp/tree"
cd "$tmp/tree"
put lib/a.h 'int a(void);'
put lib/a.c '#include "lib/a.h"' 'int a(void) { return 1; }'
put verdict/types.h '#include "lib/a.h"'
put gate/rules.h '#include "verdict/types.h"'
put report/r.h '#include "verdict/types.h"' 'int r(void);'
put report/r.c '#include "report/r.h"' '#include "lib/a.h"' 'int r(void) { return a(); }'
put gate/gate.c '#include "report/r.h"' '#include "rules.h"' 'int g(void) { return r(); }'
put drivers/d.h '#include "lib/a.h"'
put drivers/bench.c '#include "d.h"' 'int bench(void) { return a(); }'
put main.c '#include "report/r.h"' 'int main(void) { return r(); }'
put tests/t.c '#include "drivers/d.h"' '#include "report/r.h"'
for c in lib/a.c report/r.c gate/gate.c drivers/bench.c main.c; do
	mkdir -p "build/$(dirname "$c")"
	$CC -I. -c -o "build/${c%.c}.o" "$c"
done

expect 0 "" build
grep -qx 'layers: ok (11 files, 13 arrows, no cycle)' "$tmp/out" ||
	fail "a clean tree: $(cat "$tmp/out")"
[ ! -s "$tmp/err" ] || fail "a clean tree: $(cat "$tmp/err")"
expect 2 "layers: nowhere: no such build directory" nowhere

# broken FILE LINE MESSAGE: FILE given LINE as well fails with MESSAGE,
# its one line and no other; LINE goes again.  A line left behind would
# be a second line in the next case's errors, and each group ends on a
# tree that holds.
broken() {
	cp "$1" "$tmp/saved"
	echo "$2" >>"$1"
	expect 1 "$3" build
	[ "$(cat "$tmp/err")" = "$3" ] || fail "$1: not the one line \"$3\": $(cat "$tmp/err")"
	cp "$tmp/saved" "$1"
}
put probe/p.h 'int p(void);'
broken lib/a.c '#include "probe/p.h"' \
	'lib/a.c includes probe/p.h: lib/ includes only lib/'
broken report/r.c '#include "probe/p.h"' \
	'report/r.c includes probe/p.h: report/ includes only report/, verdict/, model/, lib/'
broken report/r.h '#include "gate/rules.h"' \
	'report/r.h includes gate/rules.h: report renders and never rules; what it reads of a verdict is in verdict/'
broken verdict/types.h '#include "gate/rules.h"' \
	'verdict/types.h includes gate/rules.h: verdict/ includes only verdict/, model/, lib/'
put report/report.c '#include "gate/rules.h"'
expect 0 "" build
put other/o.h 'int o(void);'
broken other/o.h '#include "probe/p.h"' \
	'other/o.h includes probe/p.h: other/ is in no layer of scripts/check-layers.sh'
broken gate/rules.h '#include "report/r.h"' \
	"gate/rules.h includes report/r.h: only a subcommand's front end (main.c, DIR/DIR.c) includes report/"
broken probe/p.h '#include "drivers/d.h"' \
	'probe/p.h includes drivers/d.h: nothing but drivers/ and the tests includes drivers/'

# Two objects that call each other.
put probe/x.c 'int y(void);' 'int x(int n) { return n ? y() : 0; }'
put probe/y.c 'int x(int);' 'int y(void) { return x(0); }'
mkdir -p build/probe
$CC -c -o build/probe/x.o probe/x.c
$CC -c -o build/probe/y.o probe/y.c
expect 1 "cycle between object files: probe/x.o probe/y.o: no two files call each other" build
rm build/probe/y.o
expect 0 "" build

# model/, the documents, over lib/.
put model/m.h '#include "lib/a.h"'
expect 0 "" build
broken lib/a.h '#include "model/m.h"' 'lib/a.h includes model/m.h: lib/ includes only lib/'
broken model/m.h '#include "report/r.h"' \
	'model/m.h includes report/r.h: model/ includes only model/, lib/'
expect 0 "" build

[ "$failures" -eq 0 ] || exit 1
echo "cli_layers: ok"
