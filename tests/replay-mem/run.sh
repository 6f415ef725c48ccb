#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/replay-mem: docs/reliability.md's promise 3, asserted: aamed
# replay's memory is bounded by the policy, not by the log. The records
# real kernels logged (tests/kernel/expected, through
# bench/replay-log.sh: file, exec, network, unix, signal, ptrace and
# capability records, each line with its own timestamp, serial and pid)
# make a block of BLOCK lines; replay reads K copies of it, then 10 K, on
# its standard input (nothing of that size is written to disk), and its
# peak resident set (GNU time's %M) must not grow by more than SLACK_KB
# from the one to the other, nor pass LIMIT_KB. The report must count
# ten times the records, so that both runs decided every line. A leak of
# a few bytes a record passes SLACK_KB at the larger size (checked by
# hand: one malloc(1) per record added to replay_decide() fails all four
# runs).
# Four runs: the memo on (the default), --no-memo (every record parsed,
# rebuilt and decided), --no-memo --jobs 2, and a policy that changes
# decisions (the changed groups and their example lines are kept).
# Needs apparmor_parser (the policy) and GNU time (Debian's time, not the
# shell's keyword: the maximum resident set of the process it starts);
# skips without.
# Usage: sh tests/replay-mem/run.sh [AAMED]. Ends with "N passed, N failed".
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin replay-mem "$@"
trap 'exit 1' INT TERM
TIME=${AAMED_TIME:-/usr/bin/time}
BLOCK=10000		# lines of the block (bench/replay-log.sh's N)
SLACK_KB=1024
LIMIT_KB=16384
CHECKS=13		# what a skip does not run
# the figures are the suite's report: each passing check prints its own
okv() { echo "ok: $*"; ok; }

[ -x "$A" ] || { ko "no $A"; suite_end; }
if ! command -v apparmor_parser >/dev/null 2>&1; then
	echo "SKIP: apparmor_parser not found, no policy to replay against ($CHECKS checks skipped)"
	suite_end
fi
if ! "$TIME" -f %M -o "$T/t" true 2>/dev/null; then
	echo "SKIP: GNU time not found as $TIME (scripts/deps.sh installs it; $CHECKS checks skipped)"
	suite_end
fi

# the policy the records were logged against, and BLOCK lines of them
sh bench/replay-log.sh "$T/gen" "$BLOCK" >"$T/gen.out" 2>&1 ||
	{ ko "bench/replay-log.sh:"; cat "$T/gen.out"; suite_end; }
mv "$T/gen/mixed.log" "$T/block"

# The same policy but t_files (tests/kernel/cases/file-basic.cases) may
# also write r.txt and read other.txt: the file-basic denials of those
# are allowed now, a few groups of changes, repeated in every copy.
awk '/^[ \t]*@end[ \t]*$/ { exit } p { print } /^[ \t]*@policy[ \t]*$/ { p = 1 }' \
	tests/kernel/cases/file-basic.cases |
	sed -e 's|^  /srv/data/r.txt r,|  /srv/data/r.txt rw,\n  /srv/data/other.txt r,|' >"$T/fb.sd"
cp -r "$T/gen/policy" "$T/changed"
apparmor_parser -Q -S --features-file tests/features/linux-6.1 -I /etc/apparmor.d \
	"$T/fb.sd" >"$T/changed/file-basic.1.bin" 2>"$T/fb.err" ||
	{ ko "compile the changed t_files:"; cat "$T/fb.err"; suite_end; }

# the count N of "N WORD" in the report $1
count() { sed -n "s/.*[^0-9]\\([0-9][0-9]*\\) $2[ ,].*/\\1/p;s/^\\([0-9][0-9]*\\) $2[ ,].*/\\1/p" "$1" | head -n 1; }

# bounded NAME WANT_RC K ARGS...: replay K copies, then 10 K, with ARGS
bounded() {
	name=$1 want=$2 k=$3
	shift 3
	peaks=
	for c in "$k" $((k * 10)); do
		i=0
		while [ $i -lt "$c" ]; do cat "$T/block"; i=$((i + 1)); done |
			"$TIME" -f %M -o "$T/$name.$c.peak" "$A" replay "$@" - >"$T/$name.$c" 2>&1
		# the pipeline's status is time's: the command's exit status
		rc=$?
		peaks="$peaks $(tail -n 1 "$T/$name.$c.peak")"
		if [ "$rc" -eq "$want" ]; then okv "$name: $((c * BLOCK)) lines, exit $rc"; else
			ko "$name: $((c * BLOCK)) lines: exit $rc, wanted $want:"
			tail -n 5 "$T/$name.$c"
			return
		fi
	done
	# shellcheck disable=SC2086 # two numbers, split on purpose
	set -- $peaks
	small=$1 big=$2
	# the larger run decided ten times the records (and changed ten
	# times as many): it read the whole log
	for w in changed records; do
		a=$(count "$T/$name.$k" $w)
		b=$(count "$T/$name.$((k * 10))" $w)
		if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -eq $((a * 10)) ]; then :; else
			ko "$name: $w: ${a:-?} then ${b:-?}, not ten times as many"
			return
		fi
	done
	if [ "$big" -le $((small + SLACK_KB)) ] && [ "$big" -le "$LIMIT_KB" ]; then
		okv "$name: peak RSS $small KB at $((k * BLOCK)) lines ($a records), $big KB at $((k * 10 * BLOCK)) ($b records); bound +$SLACK_KB KB, $LIMIT_KB KB"
	else
		ko "$name: peak RSS $small KB at $((k * BLOCK)) lines, $big KB at $((k * 10 * BLOCK)) (bound +$SLACK_KB KB, at most $LIMIT_KB KB)"
	fi
}

bounded memo 0 10 --policy "$T/gen/policy"
bounded no-memo 0 3 --no-memo --policy "$T/gen/policy"
bounded no-memo-jobs2 0 3 --no-memo --jobs 2 --policy "$T/gen/policy"
bounded changed 1 10 --policy "$T/changed"
# what the changed policy must change: the file-basic denials it allows
has_changed=$(count "$T/changed.100" changed)
if [ "${has_changed:-0}" -gt 0 ]; then okv "changed: $has_changed decisions changed in 1,000,000 lines"; else
	ko "changed: no decision changed:"
	tail -n 20 "$T/changed.100"
fi
suite_end
