#!/bin/sh
# SPDX-License-Identifier: MIT
# make demo: probes the current directory's volume and prints the result.
set -eu
build=${1:-build}
"$build/syncgate" probe --dir .
