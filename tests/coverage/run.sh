#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Line and branch coverage of src/ by the quick suites.
#
#   tests/coverage/run.sh COV_BUILD     (as `make coverage` builds it: build-cov)
#
# COV_BUILD holds libaamed.a, aamed and tests/unit compiled with --coverage.
# Clears its counters, runs the suites that exercise src/ (unit, api, golden,
# golden-net, golden-ipc, sources, tools, robust, sockcache, alloc) against
# it, then prints gcovr's per-file table and the line and branch totals of
# src/ (only src/).
#
# One check per suite (it passes), one for the line coverage of src/
# reaching COVERAGE_MIN percent (default 90). Ends with "N passed, N
# failed"; exit status 1 on any failure, 2 on bad usage.

set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 COV_BUILD" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
B=$1
min=${COVERAGE_MIN:-90}

if [ ! -x "$B/aamed" ] || [ ! -x "$B/tests/unit" ]; then
    echo "coverage: $B/aamed or $B/tests/unit missing (make coverage builds them)"
    echo "0 passed, 1 failed"
    exit 1
fi
if ! command -v gcovr > /dev/null 2>&1; then
    echo "coverage: gcovr not found (run scripts/deps.sh)"
    echo "0 passed, 1 failed"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/aamed-cov.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# Programs the suites build against $B/libaamed.a need the gcov runtime:
# a cc first on PATH adds --coverage for them.
mkdir "$tmp/bin"
real_cc=$(command -v "${CC:-cc}")
printf '#!/bin/sh\nexec "%s" --coverage "$@"\n' "$real_cc" > "$tmp/bin/cc"
chmod +x "$tmp/bin/cc"

pass=0
fail=0

find "$B" -name '*.gcda' -delete

# suite NAME CMD...: runs it quietly, reports its summary line.
suite() {
    name=$1
    shift
    PATH="$tmp/bin:$PATH" CC=cc "$@" > "$tmp/$name.out" 2>&1
    rc=$?
    line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$tmp/$name.out" |
        tail -n 1 | sed -E 's/^[A-Za-z-]+: //')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    if [ -n "$line" ] && [ "$rc" -eq 0 ] && [ "$f" -eq 0 ]; then
        pass=$((pass + 1))
        echo "suite $name: $line"
    else
        fail=$((fail + 1))
        echo "FAIL suite $name (exit $rc): ${line:-no result line}"
        tail -n 20 "$tmp/$name.out"
    fi
}

suite unit sh tests/unit/run.sh "$B/tests/unit" "$B/aamed"
suite api sh tests/api/run.sh "$B"
suite golden sh tests/golden/run.sh "$B/aamed"
suite golden-net sh tests/golden-net/run.sh "$B/aamed"
suite golden-ipc sh tests/golden-ipc/run.sh "$B/aamed"
suite golden-mount sh tests/golden-mount/run.sh "$B/aamed"
suite sources sh tests/sources/run.sh "$B/aamed"
suite tools sh tests/tools/run.sh "$B/aamed"
suite robust sh tests/robust/run.sh "$B/aamed"
suite sockcache sh tests/sockcache/run.sh "$B"
suite alloc sh tests/alloc/run.sh "$B"

# gcov files of the suites' own programs live elsewhere; only $B/src counts.
gcovr -r "$root" --filter 'src/' --object-directory "$B" \
    --print-summary "$B/src" > "$tmp/gcovr.out" 2> "$tmp/gcovr.err"
grc=$?
sed -n '/^-\{10,\}/,$p' "$tmp/gcovr.out"
lines=$(sed -n 's/^lines: \([0-9.]*\)%.*/\1/p' "$tmp/gcovr.out")
if [ "$grc" -ne 0 ] || [ -z "$lines" ]; then
    fail=$((fail + 1))
    echo "FAIL gcovr (exit $grc): $(head -n 3 "$tmp/gcovr.err")"
elif awk -v l="$lines" -v m="$min" 'BEGIN { exit !(l + 0 >= m + 0) }'; then
    pass=$((pass + 1))
    echo "src/ line coverage ${lines}% (at least ${min}%)"
else
    fail=$((fail + 1))
    echo "FAIL src/ line coverage ${lines}%, below ${min}%"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
