#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# compare.sh [AAMED] - no QEMU: feed every case of cases/*.cases to
# `AAMED query --kernel VER --batch` (default AAMED: build/aamed) with the
# case file's policy compiled for tests/features/linux-VER (as run.sh does)
# and judge the answers against the kernel's stored ones in
# expected/NAME.VER.tsv with judge.awk, as oracle.sh does with fresh ones:
# verdicts, labels after exec, records field by field (pid=, comm=
# ignored); `undecidable` cases are not judged. Prints every disagreement
# and one summary line per case file and kernel; exit 1 on any.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib.sh"
aamed=${1:-"$root/build/aamed"}
work="$root/tests/kernel/work/compare"
rm -rf "$work"
mkdir -p "$work"
status=0
for cases in "$here"/cases/*.cases; do
	name=$(basename "$cases" .cases)
	for ver in 6.1 6.12; do
		exp="$here/expected/$name.$ver.tsv"
		[ -r "$exp" ] || { echo "compare.sh: no expected/$name.$ver.tsv"; status=1; continue; }
		p="$work/$name.$ver"
		compile_cases "$cases" "$root/tests/features/linux-$ver" "$p"
		grep -v '^#' "$exp" >"$p.kernel" || true
		cut -f3 "$p.kernel" >"$p.queries"
		pre=
		[ -f "$p.pre.bin" ] && pre="--policy $p.pre.bin"
		# shellcheck disable=SC2086
		"$aamed" query --kernel "$ver" $pre --policy "$p.bin" \
			--batch "$p.queries" >"$p.aamed" || true
		sed 's/^/@AAMED@	/' "$p.aamed" | paste "$p.kernel" - >"$p.joined"
		: >"$p.sum"
		awk -f "$here/../for_parser.awk" -f "$here/judge.awk" -v kver="$ver" -v tag="$name" \
			-v sum="$p.sum" "$cases" "$p.joined"
		awk -F '\t' -v t="$name.$ver" '
			$5 == "pass" { p++ } $5 == "fail" { f++ } $5 == "undecidable" { u++ }
			END { printf "%s: %d passed, %d failed, %d undecidable\n", t, p, f, u; exit f > 0 }
		' "$p.sum" || status=1
	done
done
exit $status
