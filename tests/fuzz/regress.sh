#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check's share of the fuzz targets other than the loader (which
# tests/fuzz/run.sh runs): for each of query-label, replay, words and
# manifest, every input of tests/fuzz/regress/TARGET/ (inputs that once
# found a bug) and every seed (tests/fuzz/prep.sh) replayed under the
# sanitizers (the seeds as the fuzzer's first inputs), then FUZZ_REGRESS_SECONDS (default 5) of fuzzing. A crash,
# leak or sanitizer report fails; the input is kept in
# BUILD/fuzz-artifacts/TARGET/. Prints each target's duration; ends with
# "N passed, N failed".
#
#   tests/fuzz/regress.sh BUILD
set -u
B=${1:-build}
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
cd "$(dirname "$0")/../.."
here=$(pwd)/tests/fuzz
SECS=${FUZZ_REGRESS_SECONDS:-5}
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-fuzz-regress.XXXXXX")
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
start=$(date +%s)
if PREP_LOAD=0 sh "$here/prep.sh" "$B" "$T/work" >"$T/prep.out" 2>&1; then
	ok "seeds and policy prepared ($(( $(date +%s) - start )) s): $(grep -v '^seeds/load' "$T/prep.out" | tr '\n' ' ')"
else
	ko "tests/fuzz/prep.sh:"
	cat "$T/prep.out"
	echo "$pass passed, $fail failed"
	exit 1
fi
export AAMED_FUZZ_POLICY="$T/work/policy"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

for t in query-label replay words manifest; do
	f=$B/fuzz-$t
	art=$B/fuzz-artifacts/$t
	mkdir -p "$art" "$T/corpus-$t"
	if [ ! -x "$f" ]; then
		ko "$f is not built (make fuzz-targets)"
		continue
	fi
	set --
	for i in "$here/regress/$t"/*; do
		[ -f "$i" ] && set -- "$@" "$i"
	done
	nreg=$(find "$here/regress/$t" -type f 2>/dev/null | wc -l)
	# leaks inside libapparmor are not aamed's (lsan.supp says which)
	supp=$here/lsan.supp
	[ -f "$here/lsan-$t.supp" ] && supp=$here/lsan-$t.supp
	export LSAN_OPTIONS="${FUZZ_LSAN_OPTIONS:-suppressions=$supp}"
	s0=$(date +%s)
	rc=0
	[ $# -eq 0 ] || "$f" -timeout=20 -close_fd_mask=3 \
		-artifact_prefix="$art/" "$@" >"$T/$t.replay" 2>&1 || rc=$?
	if [ "$rc" -eq 0 ]; then
		ok "$t: $nreg regression inputs replayed clean ($(( $(date +%s) - s0 )) s)"
	else
		ko "$t: replaying $nreg regression inputs:"
		grep -E 'ERROR|SUMMARY|runtime error|Running: |fuzz: ' "$T/$t.replay" | head -n 10
	fi
	s0=$(date +%s)
	"$f" -max_total_time="$SECS" -timeout=20 -rss_limit_mb=2048 \
		-close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$art/" \
		"$T/corpus-$t" "$T/work/seeds/$t" >"$T/$t.fuzz" 2>&1
	rc=$?
	runs=$(awk '/^stat::number_of_executed_units/ { print $2 }' "$T/$t.fuzz")
	if [ "$rc" -eq 0 ]; then
		ok "$t: $(ls "$T/work/seeds/$t" | wc -l) seeds, then $SECS s of fuzzing, ${runs:-?} runs, clean ($(( $(date +%s) - s0 )) s)"
	else
		ko "$t: fuzzing found (exit $rc):"
		grep -E 'ERROR|SUMMARY|runtime error|fuzz: |Test unit written' "$T/$t.fuzz" | head -n 10
	fi
done
echo "# fuzz-targets: $(( $(date +%s) - start )) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
