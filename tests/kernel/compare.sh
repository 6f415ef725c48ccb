#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# compare.sh [AAMED] - feed every case of cases/*.cases to
# `AAMED query --kernel VER --batch` (default AAMED: build/aamed) with the
# case file's policy compiled for tests/features/linux-VER, and compare
# with the kernel's answers in expected/NAME.VER.tsv:
#   - the verdict (KILLED counts as ALLOWED: the exec itself was allowed),
#   - the records, with the kernel's " pid=N comm=..." taken out (records
#     of a KILLED case are logged after the exec and are not compared),
#   - for exec cases, the label after exec against transition=MODE:LABEL.
# Prints one line per mismatch and a summary; exit 1 on any mismatch.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
aamed=${1:-"$root/build/aamed"}
work="$root/tests/kernel/work/compare"
mkdir -p "$work"
status=0
for cases in "$here"/cases/*.cases; do
	name=$(basename "$cases" .cases)
	awk '
		/^[ \t]*@end[ \t]*$/ { inp = 0; next }
		inp { print }
		/^[ \t]*@policy[ \t]*$/ { inp = 1 }
	' "$cases" >"$work/$name.sd"
	for ver in 6.1 6.12; do
		exp="$here/expected/$name.$ver.tsv"
		[ -r "$exp" ] || continue
		${APPARMOR_PARSER:-apparmor_parser} -Q -S \
			--features-file "$root/tests/features/linux-$ver" \
			"$work/$name.sd" >"$work/$name.$ver.bin"
		grep -v '^#' "$exp" >"$work/$name.$ver.kernel"
		cut -f3 "$work/$name.$ver.kernel" >"$work/$name.$ver.queries"
		"$aamed" query --kernel "$ver" --policy "$work/$name.$ver.bin" \
			--batch "$work/$name.$ver.queries" >"$work/$name.$ver.aamed" ||
			true
		paste "$work/$name.$ver.kernel" "$work/$name.$ver.aamed" |
		awk -F '\t' -v tag="$name.$ver" '
		{
			id = $1; v = $4; xl = $5
			sub(/ E[A-Z0-9]+$/, "", v)
			killed = (v ~ /^KILLED/)
			if (killed) v = "ALLOWED"
			k = ""
			for (i = 6; i <= NF && $i !~ /^(ALLOWED|DENIED|ERROR)$/; i++) {
				r = $i; gsub(/ pid=[0-9]+ comm="[^"]*"/, "", r)
				k = k "\t" r
			}
			av = $i; a = ""; tr = ""
			for (i++; i <= NF; i++)
				if ($i ~ /^transition=/) tr = $i; else a = a "\t" $i
			if (killed) { k = ""; a = "" }
			bad = 0
			if (v != av) { printf "%s %s: verdict kernel %s, aamed %s\n", tag, id, v, av; bad = 1 }
			else if (k != a) { printf "%s %s: records differ\n  kernel:%s\n  aamed: %s\n", tag, id, k, a; bad = 1 }
			else if (xl != "-") {
				sub(/ \([a-z]+\)$/, "", xl); sub(/^transition=[^:]*:/, "", tr)
				if (xl != tr) { printf "%s %s: label after exec kernel %s, aamed %s\n", tag, id, xl, tr; bad = 1 }
			}
			n++; nbad += bad
		}
		END { printf "%s: %d cases, %d mismatches\n", tag, n, nbad; exit nbad > 0 }
		' || status=1
	done
done
exit $status
