#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/replay-log.sh OUTDIR [N] [KERNEL] - a large mixed log for
# `aamed replay`, built from the records real kernels logged
# (tests/kernel/expected/*.KERNEL.tsv: file, exec, network, unix, signal,
# ptrace and capability records), and the policy that produced them.
#
#   OUTDIR/policy/   the cases' policies, compiled with apparmor_parser
#                    (the same way tests/tools/run.sh compiles them)
#   OUTDIR/mixed.log N records (default 1,000,000) in auditd's form
#                    (KERNEL 6.1, the default) or as kernel log lines
#                    (6.12, with class=), cycling through the kernels'
#                    records with a new timestamp, serial and pid each.
#
# Replayed against OUTDIR/policy no decision changes: the only records
# not rebuilt are the complain-mode learning profiles' (//null-...).
# Then, for example:
#   build/aamed replay --stats --parse-only --policy OUTDIR/policy OUTDIR/mixed.log
set -eu
OUT=${1:?usage: bench/replay-log.sh OUTDIR [N] [KERNEL]}
N=${2:-1000000}
VER=${3:-6.1}
cd "$(dirname "$0")/.."
FEAT=$(pwd)/tests/features/linux-$VER
[ -f "$FEAT" ] || FEAT=$(pwd)/tests/features/linux-6.1
CASES="file-basic debian exec-modes golden ipc net"
mkdir -p "$OUT/policy"

# The cases' policies: every @policy ... @end block, one blob each.
for name in $CASES; do
	awk -v pre="$OUT/policy/$name" '
		/^[ \t]*@end[ \t]*$/ { if (inp) close(f); inp = 0; next }
		inp { print > f }
		/^[ \t]*@policy[ \t]*$/ { inp = 1; f = pre "." ++n ".sd"; printf "" > f }
	' "tests/kernel/cases/$name.cases"
done
for sd in "$OUT"/policy/*.sd; do
	apparmor_parser -Q -S --features-file "$FEAT" -I /etc/apparmor.d "$sd" \
		>"${sd%.sd}.bin" 2>/dev/null || {
		echo "replay-log.sh: cannot compile $sd" >&2
		exit 1
	}
	rm -f "$sd"
done

# The records, then N lines cycling through them.
for name in $CASES; do
	f=tests/kernel/expected/$name.$VER.tsv
	[ -f "$f" ] && awk -F '\t' '!/^#/ { for (i = 6; i <= NF; i++) print $i }' "$f"
done >"$OUT/records"
awk -v n="$N" -v v="$VER" '
	{ rec[m++] = $0 }
	END {
		if (!m) exit 1
		for (i = 0; i < n; i++) {
			r = rec[i % m]
			sub(/ pid=[0-9]+/, " pid=" (1000 + i % 30000), r)
			s = 1700000000 + int(i / 1000)
			if (v == "6.1")
				printf "type=AVC msg=audit(%d.%03d:%d): %s\n", s, i % 1000, i + 1, r
			else
				printf "Jan  1 00:00:00 h kernel: [%d.%06d] audit: type=1400 audit(%d.%03d:%d): %s\n", i / 1000, i % 1000000, s, i % 1000, i + 1, r
		}
	}' "$OUT/records" >"$OUT/mixed.log"
rm -f "$OUT/records"
echo "$OUT/mixed.log: $N records; policy: $OUT/policy"
