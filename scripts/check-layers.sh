#!/bin/sh
# SPDX-License-Identifier: MIT
# Holds the layers STYLE.md states, from the #include lines of the tree
# (run from its top) and the symbols of a built one (BUILD, default build):
# each directory includes only itself and those LAYERS lists for it; gate/
# (which rules) and report/ (which renders) are peers on verdict/, and
# neither includes the other; a subcommand's front end (main.c, DIR/DIR.c)
# may include any layer but drivers/; nothing but drivers/ and the tests
# includes drivers/; no two object files call each other, even round a
# longer circle.  One line a violation, exit 1.
set -eu

# The layers, bottom up: a directory, then those it may include besides
# itself.  lib/, the generic utilities; model/, the documents built on
# them; verdict/, the verdict's types, names, digits and kinds of check;
# then gate/ and report/ side by side on it, the measuring and importing
# subcommands, the runner over all of them, and syncgate-bench's drivers.
LAYERS='
lib
model lib
verdict model lib
probe model lib
gate verdict model lib
report verdict model lib
import model lib
calibrate model lib
runner gate verdict import probe model lib
drivers runner probe model lib
'

# Directories whose files may include anything: the tests drive every layer.
TEST_DIRS='tests fuzz'

build=${1:-build}
if [ ! -d "$build" ]; then
	echo "layers: $build: no such build directory; expected a built tree (make build)" >&2
	exit 2
fi

sources=$(find . -name .git -prune -o -name 'build*' -prune -o -type f \
	\( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | LC_ALL=C sort)
objects=$(find "$build" -type f -name '*.o' | LC_ALL=C sort)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/violations"

# Include arrows: "file included" for each quoted include of a file of
# the tree; an include without a directory is of the including file's own.
if [ -n "$sources" ]; then
	# shellcheck disable=SC2086 # one word a path, by construction
	awk '
	FNR == 1 { dir = FILENAME; sub(/\/[^\/]*$/, "", dir);
	           if (dir == FILENAME) dir = "" }
	/^[ \t]*#[ \t]*include[ \t]*"/ {
		inc = $0; sub(/^[^"]*"/, "", inc); sub(/".*$/, "", inc)
		if (inc !~ /\// && dir != "") inc = dir "/" inc
		print FILENAME, inc
	}' $sources >"$tmp/includes"
else
	: >"$tmp/includes"
fi

printf '%s\n' "$sources" >"$tmp/sources"
awk -v layers="$LAYERS" -v tests="$TEST_DIRS" '
function top(path,   d) {
	d = path
	if (sub(/\/.*$/, "", d) == 0) return "."
	return d
}
function base(path,   b) {
	b = path; sub(/^.*\//, "", b); sub(/\.[ch]$/, "", b); return b
}
function say(file, inc, why) {
	print file " includes " inc ": " why
}
BEGIN {
	n = split(layers, l, "\n")
	for (i = 1; i <= n; i++) {
		if (split(l[i], w, " ") == 0) continue
		islayer[w[1]] = 1; list[w[1]] = w[1] "/"
		for (j = 2; j in w; j++) {
			may[w[1], w[j]] = 1; list[w[1]] = list[w[1]] ", " w[j] "/"
		}
		delete w
	}
	n = split(tests, t, " ")
	for (i = 1; i <= n; i++) istest[t[i]] = 1
}
FILENAME ~ /sources$/ { known[$0] = 1; next }
{
	file = $1; inc = $2; from = top(file); to = top(inc)
	if (!(inc in known)) next
	arrows++
	if (istest[from] || from == to) next
	if (to == "drivers") {
		say(file, inc, "nothing but drivers/ and the tests includes drivers/")
		next
	}
	if (from == "." || base(file) == from)      # a front end
		next
	if (!islayer[from])
		say(file, inc, from "/ is in no layer of scripts/check-layers.sh")
	else if ((from, to) in may)
		next
	else if (from == "report" && to == "gate")
		say(file, inc, "report renders and never rules; what it reads of a verdict is in verdict/")
	else if (to == "report" && !((to, from) in may))
		say(file, inc, "only a subcommand'"'"'s front end (main.c, DIR/DIR.c) includes report/")
	else
		say(file, inc, from "/ includes only " list[from])
}
END { print arrows + 0 > "/dev/stderr" }
' "$tmp/sources" "$tmp/includes" >>"$tmp/violations" 2>"$tmp/arrows"

# Call arrows between object files: each undefined symbol of one to the
# file that defines it.
# shellcheck disable=SC2086 # one word a path, by construction
if [ -n "$objects" ]; then
	nm -A -P -g --defined-only $objects | awk '$3 != "U"' >"$tmp/defs"
	nm -A -P -u $objects >"$tmp/uses"
else
	: >"$tmp/defs"
	: >"$tmp/uses"
fi
awk -v b="$build/" '
function name(f) { sub(/:$/, "", f); return substr(f, 1, length(b)) == b ? substr(f, length(b) + 1) : f }
NR == FNR { if (!($2 in def)) def[$2] = name($1); next }
($2 in def) && def[$2] != name($1) { print name($1), def[$2] }' \
	"$tmp/defs" "$tmp/uses" | LC_ALL=C sort -u >"$tmp/calls"

# The strongly connected sets of the call arrows (Tarjan): each set of
# more than one file is a circle.
awk '
function visit(v,   i, j, w, set, n, m) {
	idx[v] = low[v] = ++count; stack[++sp] = v; on[v] = 1
	for (i = 1; i <= nout[v]; i++) {
		w = out[v, i]
		if (!(w in idx)) {
			visit(w)
			if (low[w] < low[v]) low[v] = low[w]
		} else if (on[w] && idx[w] < low[v])
			low[v] = idx[w]
	}
	if (low[v] != idx[v]) return
	n = 0
	do { w = stack[sp--]; on[w] = 0; m[++n] = w } while (w != v)
	if (n == 1)
		return
	for (i = 2; i <= n; i++)        # in order, for a steady message
		for (j = i; j > 1 && m[j - 1] > m[j]; j--) {
			w = m[j]; m[j] = m[j - 1]; m[j - 1] = w
		}
	set = m[1]
	for (i = 2; i <= n; i++)
		set = set " " m[i]
	print "cycle between object files: " set ": no two files call each other"
}
{
	if (!($1 in seen)) { seen[$1] = 1; node[++nn] = $1 }
	if (!($2 in seen)) { seen[$2] = 1; node[++nn] = $2 }
	out[$1, ++nout[$1]] = $2
}
END { for (i = 1; i <= nn; i++) if (!(node[i] in idx)) visit(node[i]) }
' "$tmp/calls" >>"$tmp/violations"

if [ -s "$tmp/violations" ]; then
	cat "$tmp/violations" >&2
	exit 1
fi
# Files read, include arrows among them, and no cycle among the objects.
nfiles=$(printf '%s\n' "$sources" | grep -c . || true)
echo "layers: ok ($nfiles files, $(cat "$tmp/arrows") arrows, no cycle)"
