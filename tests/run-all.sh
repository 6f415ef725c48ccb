#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check: every test suite, then one summary line "N passed, N failed".
# Each suite ends its output with its own "N passed, N failed" line; a suite
# that prints none, or exits non-zero with no failures counted, counts as
# one failure so nothing can pass silently.
set -u
cd "$(dirname "$0")/.."
B=build
total_p=0
total_f=0
log=$(mktemp -d "${TMPDIR:-/tmp}/aamed-check.XXXXXX")
trap 'rm -rf "$log"' EXIT

suite() {
	name=$1
	shift
	echo "=== $name"
	start=$(date +%s)
	"$@" > "$log/$name.out" 2>&1
	rc=$?
	end=$(date +%s)
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log/$name.out" | tail -n 1)
	p=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
	f=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
	[ -n "$line" ] || { p=0; f=1; echo "--- $name: no result line (exit $rc)"; }
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "--- $name: exit $rc with no failure counted"
	fi
	# a failing suite shows everything it said (up to 300 lines), a
	# passing one its last lines
	if [ "$f" -ne 0 ]; then
		tail -n 300 "$log/$name.out"
	else
		tail -n 15 "$log/$name.out"
	fi
	echo "--- $name: $p passed, $f failed ($((end - start)) s)"
	total_p=$((total_p + p))
	total_f=$((total_f + f))
}

suite unit sh -c "make --no-print-directory $B/tests/unit >/dev/null && sh tests/unit/run.sh $B/tests/unit $B/aamed"
suite api sh tests/api/run.sh $B
suite golden sh tests/golden/run.sh $B/aamed
suite golden-net sh tests/golden-net/run.sh $B/aamed
suite golden-ipc sh tests/golden-ipc/run.sh $B/aamed
suite golden-ns sh tests/golden-ns/run.sh $B/aamed
suite sources sh tests/sources/run.sh $B/aamed
suite tools sh tests/tools/run.sh $B/aamed
suite robust sh tests/robust/run.sh $B/aamed
suite concurrency sh tests/concurrency/run.sh
suite sockcache sh tests/sockcache/run.sh $B
suite man sh tests/man/run.sh $B
suite abi sh tests/abi/run.sh $B
suite coverage sh -c "make --no-print-directory coverage"
suite asan sh -c "make --no-print-directory asan-check"
suite alloc sh tests/alloc/run.sh
suite fuzz sh -c "make --no-print-directory fuzz-short"
suite bench sh tests/bench/run.sh
# one guest runs every case file: allow for a slow, shared machine
suite kernel env BOOT_TIMEOUT=400 sh tests/kernel/oracle.sh

echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
