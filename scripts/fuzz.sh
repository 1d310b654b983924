#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets of fuzz/ against the project's sources with
# clang -fsanitize=fuzzer,address,undefined into build-fuzz/, seeds each
# from fixtures/, runs each for SECONDS (default 60), and prints its
# executions, speed and coverage.  Usage:
#
#   sh scripts/fuzz.sh [SECONDS [TARGET...]]      (make fuzz FUZZ_SECONDS=N)
#
# TARGET is result, probe, verdict, gate, samples or import (default: all).
# import walks every format of import/formats.c: a seed's first line names
# its format (fuzz/fuzz_import.c).  FUZZ_JOBS=2 runs two targets at a time;
# FUZZ_CC names the compiler (clang).  Corpora grow in build-fuzz/corpus/ across runs; a
# crash is saved under build-fuzz/crashes/ and makes the exit status 1.
# Reproducers of fixed crashes in fuzz/crashes/TARGET/ are run first.
set -eu

seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-result probe verdict gate samples import}
cc=${FUZZ_CC:-clang}
jobs=${FUZZ_JOBS:-1}
out=build-fuzz
case $seconds in
'' | *[!0-9]*) echo "fuzz.sh: SECONDS is $seconds; expected a whole number" >&2; exit 2 ;;
esac

san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cflags="-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wcast-qual -Wwrite-strings -Wformat=2 -Wundef \
	-O1 -g -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I. \
	$(pkg-config --cflags libcjson libutf8proc 2>/dev/null || true)"
libs="$(pkg-config --libs libcjson 2>/dev/null || echo -lcjson) \
	$(pkg-config --libs libutf8proc 2>/dev/null || echo -lutf8proc) -lm -lpthread"

mkdir -p "$out/obj" "$out/seeds" "$out/corpus" "$out/crashes" "$out/logs"

# libFuzzer's runtime comes with clang's compiler-rt (Debian and Ubuntu:
# libclang-rt-14-dev or the clang package of the same version).
check_compiler() {
	printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' \
		>"$out/probe-cc.c"
	if ! $cc -fsanitize=fuzzer,address,undefined -o "$out/probe-cc" "$out/probe-cc.c" \
		>"$out/probe-cc.log" 2>&1; then
		echo "fuzz.sh: $cc cannot build with -fsanitize=fuzzer:" >&2
		sed 's/^/  /' "$out/probe-cc.log" >&2
		echo "fuzz.sh: install clang and its libFuzzer runtime (Debian: clang-14 libclang-rt-14-dev)" >&2
		exit 2
	fi
}

# Objects are rebuilt when their source or any header is newer.
build_objects() {
	newest_h=$(ls -t lib/*.h model/*.h verdict/*.h probe/*.h gate/*.h report/*.h import/*.h | head -n 1)
	objs=""
	for src in lib/*.c model/*.c verdict/*.c probe/*.c gate/*.c report/*.c import/*.c; do
		obj="$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
		if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_h" -nt "$obj" ]; then
			# shellcheck disable=SC2086
			$cc $cflags $san -fsanitize=fuzzer-no-link -c -o "$obj" "$src"
		fi
		objs="$objs $obj"
	done
	rm -f "$out/libsyncgate-fuzz.a"
	# shellcheck disable=SC2086
	ar rcs "$out/libsyncgate-fuzz.a" $objs
}

build_target() {
	# shellcheck disable=SC2086
	$cc $cflags $san -fsanitize=fuzzer -o "$out/fuzz_$1" "fuzz/fuzz_$1.c" fuzz/fuzz.c \
		"$out/libsyncgate-fuzz.a" $libs
}

# Copies the fixtures that seed a target, each at most 64 KiB.
seed() {
	t=$1
	shift
	rm -rf "${out:?}/seeds/$t"
	mkdir -p "$out/seeds/$t" "$out/corpus/$t"
	for f in "$@"; do
		[ -f "$f" ] || continue
		head -c 65536 "$f" >"$out/seeds/$t/$(echo "$f" | tr / _)"
	done
	if [ -d "fuzz/seeds/$t" ]; then
		cp fuzz/seeds/"$t"/* "$out/seeds/$t/" 2>/dev/null || true
	fi
}

# The gate's: a byte of options, then each case's runs of ours and of the
# other side, split by lines "---" (fuzz/fuzz_gate.c).
seed_gate() {
	rm -rf "${out:?}/seeds/gate"
	mkdir -p "$out/seeds/gate" "$out/corpus/gate"
	for d in fixtures/gate/*/; do
		if [ -f "$d/new.1.json" ]; then
			set -- "$d"new.*.json "$d"old.*.json
		else
			set -- "$d"ours*.json "$d"rival*.json
		fi
		[ -f "$1" ] || continue
		for o in r a; do
			{
				printf '%s' "$o"
				sep=""
				for f in "$@"; do
					[ -f "$f" ] || continue
					printf '%s' "$sep"
					cat "$f"
					sep='
---
'
				done
			} >"$out/seeds/gate/$o-$(basename "$d")"
		done
	done
}

# The importers': each format's fixtures (fixtures/import/NAME-*), each
# after a line naming the format.
seed_import() {
	rm -rf "${out:?}/seeds/import"
	mkdir -p "$out/seeds/import" "$out/corpus/import"
	for name in $(formats); do
		for f in fixtures/import/"$name"-*; do
			[ -f "$f" ] || continue
			{ echo "$name"; head -c 65536 "$f"; } >"$out/seeds/import/$(basename "$f")"
		done
	done
}

# The import formats' names, as the table's rows give them.
formats() {
	sed -n 's/.*\.name = "\([^"]*\)".*/\1/p' import/formats.c
}

seeds() {
	seed result $(grep -l '"syncgate-result/1"' fixtures/gate/*/*.json fixtures/import/*.json \
		fixtures/report/*/*.json 2>/dev/null)
	seed probe fixtures/probe/*.json fixtures/import/probe.json fixtures/report/probe.json
	seed verdict $(grep -l '"syncgate-verdict/1"' fixtures/report/*.json fixtures/gate/*/*.json \
		2>/dev/null)
	seed_gate
	seed_import
	seed samples $(ls fixtures/gate/*/*.txt | grep -v 'expected\.txt$')
}

# Dictionaries: every JSON key and string the fixtures hold, and for the
# importers each comma-separated field of their fixtures that is not a number.
dict_line() {
	sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$/"/'
}

dicts() {
	{
		grep -ohE '"[A-Za-z0-9_./ -]{1,40}"' fixtures/*/*.json fixtures/*/*/*.json \
			2>/dev/null | sort -u | dict_line
		printf '%s\n' '"1e999"' '"-0"' '"NaN"' '"null"' '"true"' '"false"' '"-1"' \
			'"0.5"' '"\\u0000"' '"\\u001b"' '"[]"' '"{}"'
	} >"$out/json.dict"
	{
		formats
		cat fixtures/import/* | tr ',' '\n' | sed 's/^ *//; s/ *$//' |
			grep -vE '^[0-9.eE+-]*$' | awk 'length($0) <= 40' | sort -u
	} | dict_line >"$out/import.dict"
	printf '%s\n' '"#"' '"e+"' '"e-"' '"."' '"\\r\\n"' '"\\t"' '"86400000000000"' \
		'"86400000000001"' '"999999999999999"' '"1e-9"' >"$out/samples.dict"
}

# Runs one target; its log stays in build-fuzz/logs/TARGET.log.
run_target() {
	t=$1
	dict=$out/json.dict
	[ -f "$out/$t.dict" ] && dict=$out/$t.dict
	mkdir -p "$out/crashes/$t"
	extra=""
	[ -d "fuzz/crashes/$t" ] && extra="fuzz/crashes/$t"
	# shellcheck disable=SC2086
	if nice -n 10 "$out/fuzz_$t" -max_total_time="$seconds" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -dict="$dict" \
		-artifact_prefix="$out/crashes/$t/" \
		"$out/corpus/$t" "$out/seeds/$t" $extra >"$out/logs/$t.log" 2>&1; then
		echo ok >"$out/logs/$t.status"
	else
		echo crashed >"$out/logs/$t.status"
	fi
}

summary() {
	t=$1
	log=$out/logs/$t.log
	last=$(grep -E '^#[0-9]+.*cov:' "$log" | tail -n 1)
	cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
	units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
	corpus=$(ls "$out/corpus/$t" | wc -l)
	printf '%-10s %-8s %12s %8s %6s %6s %7s %8s\n' "$t" "$(cat "$out/logs/$t.status")" \
		"${units:--}" "${speed:--}" "${cov:--}" "${ft:--}" "${corpus:--}" "${rss:--}"
}

check_compiler
echo "fuzz.sh: building into $out/ with $cc" >&2
build_objects
for t in $targets; do
	[ -f "fuzz/fuzz_$t.c" ] || { echo "fuzz.sh: no target $t; expected one of fuzz/fuzz_*.c" >&2; exit 2; }
	build_target "$t"
done
seeds
dicts
echo "fuzz.sh: $seconds s a target, $jobs at a time: $targets" >&2
running=0
for t in $targets; do
	run_target "$t" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait

printf '%-10s %-8s %12s %8s %6s %6s %7s %8s\n' target status executions exec/s cov ft corpus rss_mb
crashed=0
for t in $targets; do
	summary "$t"
	if [ "$(cat "$out/logs/$t.status")" != ok ]; then
		crashed=1
		grep -E 'ERROR|SUMMARY|Test unit written' "$out/logs/$t.log" | sed "s/^/  $t: /" >&2
	fi
done
exit "$crashed"
