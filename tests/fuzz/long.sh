#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make fuzz-long: every fuzz target for SECONDS, PARALLEL at a time (1 or
# 2), each under nice -n 19 with AddressSanitizer, UBSan and LeakSanitizer,
# then a markdown report: executions, CPU time, coverage, corpus sizes,
# crashes.
#
#   tests/fuzz/long.sh BUILD SECONDS PARALLEL REPORT CORPUS_DIR [CPU_SECONDS]
#
# With CPU_SECONDS, a target stops once it has had that much CPU time
# (SECONDS stays the wall-clock cap): under nice on a shared machine the
# wall clock says little about how much fuzzing was done. Each run's CPU
# time and executions are appended to CORPUS_DIR/TARGET.ledger, so the
# report can give the campaign's totals as well as this run's.
#
# The corpora live in CORPUS_DIR/TARGET and grow from run to run (seeded
# by tests/fuzz/prep.sh each time). A target stops at its first crash,
# leak or timeout: the input is kept in BUILD/fuzz-artifacts/TARGET/ and
# counted; make it a regression input (tests/fuzz/regress/TARGET/) once
# fixed. Exit 1 when any target crashed or did not run.
set -u
# the logs carry raw input bytes: byte-wise text tools, whatever the locale
export LC_ALL=C
B=$1
SECS=$2
PAR=$3
REPORT=$4
CORP=$5
CPUMAX=${6:-0}
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
case $CORP in /*) ;; *) CORP=$(pwd)/$CORP ;; esac
case $REPORT in /*) ;; *) REPORT=$(pwd)/$REPORT ;; esac
[ "$PAR" -ge 2 ] 2>/dev/null && PAR=2 || PAR=1
cd "$(dirname "$0")/../.."
here=$(pwd)/tests/fuzz
# FUZZ_ONLY="replay words": those targets only (a campaign topping up
# the ones short of their CPU budget); the report covers the targets run
TARGETS=${FUZZ_ONLY:-load query-label replay words manifest}
W=$B/fuzz-work
LOGS=$B/fuzz-logs
mkdir -p "$W" "$LOGS" "$CORP"
sh "$here/prep.sh" "$B" "$W" || { echo "fuzz-long: no policy for the targets"; exit 1; }
export AAMED_FUZZ_POLICY="$W/policy"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

# run TARGET: the fuzzer for SECS, its CPU seconds in LOGS/TARGET.cpu
run() {
	t=$1
	mkdir -p "$CORP/$t" "$B/fuzz-artifacts/$t"
	# stdout closed; the tools' diagnostics on stderr too (the inputs'
	# fault, not the report's); libFuzzer keeps its own
	mask=3
	[ "$t" = load ] && mask=1
	set -- -max_total_time="$SECS" -timeout=20 -rss_limit_mb=2048 \
		-print_final_stats=1 -close_fd_mask=$mask \
		-artifact_prefix="$B/fuzz-artifacts/$t/"
	[ "$t" = load ] && set -- "$@" -dict="$here/aamed.dict"
	date -u +%s >"$LOGS/$t.start"
	# leaks inside libapparmor are not aamed's (lsan.supp says which)
	supp=$here/lsan.supp
	[ -f "$here/lsan-$t.supp" ] && supp=$here/lsan-$t.supp
	LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$supp} \
	/usr/bin/time -f '%U %S' -o "$LOGS/$t.cpu" nice -n 19 \
		"$B/fuzz-$t" "$@" "$CORP/$t" "$W/seeds/$t" >"$LOGS/$t.log" 2>&1 &
	tpid=$!
	[ "$CPUMAX" -gt 0 ] && cpu_watch "$tpid" "$t"
	wait "$tpid"
	rc=$?
	# 72 is libFuzzer's exit on SIGINT: the CPU budget was spent
	[ "$rc" -eq 72 ] && [ -f "$LOGS/$t.stopped" ] && rc=0
	echo $rc >"$LOGS/$t.rc"
	date -u +%s >"$LOGS/$t.end"
	ledger "$t"
}

# cpu_watch PID TARGET: SIGINT the fuzzer (PID's child) once its CPU
# time reaches CPUMAX; libFuzzer then prints its final stats and exits 72
cpu_watch() {
	rm -f "$LOGS/$2.stopped"
	tick=$(getconf CLK_TCK)
	while kill -0 "$1" 2>/dev/null; do
		sleep 10
		child=$(pgrep -P "$1" | head -n 1)
		[ -n "$child" ] || continue
		used=$(awk -v hz="$tick" '{ sub(/^.*\) /, ""); print int(($12 + $13) / hz) }' \
			"/proc/$child/stat" 2>/dev/null)
		if [ "${used:-0}" -ge "$CPUMAX" ]; then
			: >"$LOGS/$2.stopped"
			kill -INT "$child" 2>/dev/null
			break
		fi
	done
}

# ledger TARGET: append this run (date, CPU s, executions, wall s) to the
# target's ledger beside its corpus
ledger() {
	cpu=$(tail -n 1 "$LOGS/$1.cpu" 2>/dev/null | awk '{ printf "%d", $1 + $2 }')
	execs=$(awk '/^stat::number_of_executed_units/ { print $2; exit }' "$LOGS/$1.log")
	wall=$(( $(cat "$LOGS/$1.end") - $(cat "$LOGS/$1.start") ))
	echo "$(date -u +%Y-%m-%dT%H:%MZ) ${cpu:-0} ${execs:-0} $wall" >>"$CORP/$1.ledger"
}

pids=
n=0
for t in $TARGETS; do
	if [ ! -x "$B/fuzz-$t" ]; then
		echo "fuzz-long: $B/fuzz-$t is not built" >&2
		continue
	fi
	echo "fuzz-long: $t for $SECS s"
	run "$t" &
	pids="$pids $!"
	n=$((n + 1))
	if [ "$n" -ge "$PAR" ]; then
		wait
		n=0
		pids=
	fi
done
wait

# ------------------------------------------------------------ report
bad=0
{
	echo "| target | wall s | CPU s | executions | exec/s | coverage (edges) | features | corpus (files) | corpus (bytes) | crashes | runs | CPU s, all runs | executions, all runs |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	for t in $TARGETS; do
		log=$LOGS/$t.log
		if [ ! -f "$log" ]; then
			echo "| $t | not run | | | | | | | | | | | |"
			bad=1
			continue
		fi
		wall=$(( $(cat "$LOGS/$t.end") - $(cat "$LOGS/$t.start") ))
		cpu=$(tail -n 1 "$LOGS/$t.cpu" 2>/dev/null | awk '{ printf "%d", $1 + $2 }')
		execs=$(awk '/^stat::number_of_executed_units/ { print $2; exit }' "$log")
		eps=$(awk '/^stat::average_exec_per_sec/ { print $2; exit }' "$log")
		last=$(grep -E '^#[0-9]+' "$log" | grep 'cov: ' | tail -n 1)
		cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
		ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
		files=$(find "$CORP/$t" -type f | wc -l)
		bytes=$(find "$CORP/$t" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
		crashes=$(find "$B/fuzz-artifacts/$t" -type f -newer "$LOGS/$t.start" 2>/dev/null | wc -l)
		rc=$(cat "$LOGS/$t.rc")
		[ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ] && crashes="exit $rc"
		[ "$crashes" != 0 ] && bad=1
		tot=$(awk '{ r++; c += $2; e += $3 } END { printf "%d | %d | %d", r, c, e }' "$CORP/$t.ledger" 2>/dev/null)
		echo "| $t | $wall | ${cpu:-?} | ${execs:-?} | ${eps:-?} | ${cov:-?} | ${ft:-?} | $files | $bytes | $crashes | ${tot:-0 | 0 | 0} |"
	done
	echo
	echo "Seeds (tests/fuzz/prep.sh): $(for t in $TARGETS; do printf '%s %s; ' "$t" "$(ls "$W/seeds/$t" | wc -l)"; done)"
	echo "clang $(clang --version | sed -n 's/.*clang version \([0-9.]*\).*/\1/p'), -fsanitize=fuzzer,address,undefined, -max_total_time=$SECS$( [ "$CPUMAX" -gt 0 ] && printf ', stopped at %s CPU s' "$CPUMAX"), $PAR at a time, nice -n 19; $(date -u '+%Y-%m-%d %H:%M UTC')."
} >"$REPORT"
cat "$REPORT"
for t in $TARGETS; do
	for f in $(find "$B/fuzz-artifacts/$t" -type f -newer "$LOGS/$t.start" 2>/dev/null); do
		echo "fuzz-long: $t: input kept: $f"
		grep -E 'ERROR|SUMMARY|runtime error|fuzz: ' "$LOGS/$t.log" | head -n 5
	done
done
exit $bad
