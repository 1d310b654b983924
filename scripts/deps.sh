#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what syncgate's build, tests and drivers need, with the system's
# package manager (python3 and PyYAML for the tests of the history exports
# and of action.yml).  With --if-missing it does nothing when pkg-config
# already finds every library and the test tools are present.  With
# --build, only what building the syncgate binary needs (the GitHub
# Action, action.yml).  make fuzz
# needs clang and its fuzzer runtime besides (clang and libclang-rt-dev on
# Debian), which scripts/fuzz.sh names when they are missing.
set -eu

apt_pkgs="pkg-config libcjson-dev libutf8proc-dev libcmocka-dev libsqlite3-dev liblmdb-dev eatmydata libxml2-utils valgrind python3 python3-yaml"
brew_pkgs="pkg-config cjson utf8proc cmocka sqlite lmdb libxml2 pyyaml"

if_missing=0
build_only=0
for arg in "$@"; do
	case $arg in
	--if-missing) if_missing=1 ;;
	--build) build_only=1 ;;
	*)
		echo "deps.sh: unknown option $arg; expected --if-missing or --build" >&2
		exit 2
		;;
	esac
done
if [ "$build_only" = 1 ]; then
	apt_pkgs="pkg-config libcjson-dev libutf8proc-dev"
	brew_pkgs="pkg-config cjson utf8proc"
fi

have_all() {
	command -v pkg-config >/dev/null 2>&1 || return 1
	if [ "$build_only" = 1 ]; then
		pkg-config --exists libcjson libutf8proc
		return
	fi
	pkg-config --exists libcjson libutf8proc cmocka sqlite3 lmdb || return 1
	if [ "$(uname -s)" = Linux ]; then
		command -v eatmydata >/dev/null 2>&1 || return 1
		command -v valgrind >/dev/null 2>&1 || return 1
	fi
	command -v xmllint >/dev/null 2>&1 || return 1
	# the tests' checks of the history exports and of action.yml
	python3 -c 'import json, yaml' >/dev/null 2>&1 || return 1
}

if [ "$if_missing" = 1 ] && have_all; then
	exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
	sudo="sudo"
fi

if command -v apt-get >/dev/null 2>&1; then
	echo "syncgate: installing $apt_pkgs" >&2
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	# shellcheck disable=SC2086
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $apt_pkgs >/dev/null
elif command -v brew >/dev/null 2>&1; then
	echo "syncgate: installing $brew_pkgs" >&2
	# shellcheck disable=SC2086
	brew install $brew_pkgs
else
	echo "syncgate: no apt-get or brew here; install pkg-config, cJSON, utf8proc, cmocka," >&2
	echo "SQLite, LMDB, xmllint, python3 and PyYAML by hand, then run make again" >&2
	exit 2
fi
