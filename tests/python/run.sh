#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/python: the Python bindings (package aamed, python/) with pytest,
# against the package `make python` leaves in BUILD_DIR/python.
# Usage: sh tests/python/run.sh BUILD_DIR     Ends with "N passed, N failed"
# (pytest's own counts: errors count as failures).
set -u
B=${1:-build}
cd "$(dirname "$0")/../.."
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
PY=${PYTHON:-/usr/bin/python3}

if ! "$PY" -c 'import pytest, cffi' 2>/dev/null; then
	echo "SKIP: $PY lacks pytest or cffi (python3-pytest, python3-cffi) (1 checks skipped)"
	echo "0 passed, 0 failed"
	exit 0
fi
if ! ls "$B"/python/aamed/_aamed*.so >/dev/null 2>&1; then
	echo "FAIL: no $B/python/aamed/_aamed*.so (make python)"
	echo "0 passed, 1 failed"
	exit 1
fi
out=$(mktemp "${TMPDIR:-/tmp}/aamed-pytest.XXXXXX")
trap 'rm -f "$out"' EXIT
PYTHONPATH=$B/python AAMED=$B/aamed AAMED_BUILD=$B PYTHONDONTWRITEBYTECODE=1 \
	"$PY" -m pytest -p no:cacheprovider -q -rfE tests/python 2>&1 | tee "$out"
# pytest's last line: "3 passed, 1 failed, 2 errors in 0.5s", any order
last=$(tail -n 1 "$out")
count() { echo "$last" | grep -oE "[0-9]+ $1" | grep -oE '^[0-9]+' || echo 0; }
p=$(count passed)
f=$(( $(count failed) + $(count 'errors?') ))
[ "$p" -gt 0 ] || [ "$f" -gt 0 ] || f=1
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
