#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# oracle.sh [KERNEL_IMAGE...] - the kernel oracle's entry point (make check,
# make oracle KERNEL=...).
#
# Without arguments: scripts/fetch-kernels.sh (idempotent), then for
# Debian's 6.1 and 6.12 kernels (cache/kernels) one QEMU boot each that runs
# every tests/kernel/cases/*.cases file (run.sh), then aamed's answers
# (`aamed query --policy BLOB --kernel 6.1|6.12 --batch`) on the very blobs
# the guest loaded are judged against the kernel's fresh results
# (judge.awk: verdicts, labels after exec, audit records field by field,
# pid= and comm= ignored).
#
# With KERNEL_IMAGE arguments: only those kernels; each is booted once
# first to capture its AppArmor features (capture-features.sh --image),
# which the policy is then compiled for. aamed reproduces the 6.12
# behaviour for kernels >= 6.12 and the 6.1 one below (AAMED_KERNEL
# overrides).
#
# Prints a per-class agreement table per kernel, every disagreement (the
# kernel's records beside aamed's), golden expectations the kernel
# contradicts, timings, and ends with "N passed, N failed" (one per case per
# kernel; undecidable cases are neither). Exit 1 on any failure, a failed
# or timed-out boot included (its console tail is printed).
#
# Environment: AAMED (build/aamed), AAMED_KERNEL, ORACLE_CASES, ORACLE_WORK
# (tests/kernel/work/oracle), BOOT_TIMEOUT (run.sh: 240 s), APPARMOR_PARSER,
# APPARMOR_INCLUDE (the parser and its include dir: a modern parser with its
# release's apparmor.d also runs cases-modern/), QEMU, BUSYBOX.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
aamed=${AAMED:-"$root/build/aamed"}
work=${ORACLE_WORK:-"$root/tests/kernel/work/oracle"}
t0=$(date +%s)

if [ ! -x "$aamed" ]; then
	(cd "$root" && make -s all) >&2 || {
		echo "oracle: cannot build $aamed" >&2
		exit 1
	}
fi
rm -rf "$work"
mkdir -p "$work"
sum="$work/summary.tsv"
dis="$work/disagreements.txt"
: >"$sum"
: >"$dis"
: >"$work/timings"
: >"$work/kernels"
bootfail=0

if [ $# -eq 0 ]; then
	"$root/scripts/fetch-kernels.sh" >&2 || {
		echo "oracle: scripts/fetch-kernels.sh failed" >&2
		exit 1
	}
	for ver in 6.1 6.12; do
		printf '%s\t%s\t%s\n' "$ver" "$root/cache/kernels/$ver/vmlinuz" \
			"$root/tests/features/linux-$ver" >>"$work/kernels"
	done
else
	i=0
	for img in "$@"; do
		i=$((i + 1))
		[ -r "$img" ] || { echo "oracle: cannot read $img" >&2; exit 2; }
		img=$(cd "$(dirname "$img")" && pwd)/$(basename "$img")
		mkdir -p "$work/k$i"
		s=$(date +%s)
		echo "oracle: capturing the features of $img" >&2
		if ! "$here/capture-features.sh" --image "$img" \
			"$work/k$i/features"; then
			echo "oracle: $img: boot for the features failed" >&2
			bootfail=1
			continue
		fi
		printf 'features k%s\t%s\n' "$i" $(($(date +%s) - s)) >>"$work/timings"
		printf 'k%s\t%s\t%s\n' "$i" "$img" "$work/k$i/features" \
			>>"$work/kernels"
	done
fi

# The parser the policy is compiled with: its major version picks the case
# files. cases/ is for every parser; cases-modern/ holds syntax that 3.x
# refuses (priority=, rule blocks, ...), for parsers 4 and later, or from
# the version a file's "#@ parser N" line names.
pmaj=$(${APPARMOR_PARSER:-apparmor_parser} --version 2>/dev/null |
	sed -n '1s/.*version \([0-9][0-9]*\).*/\1/p')
casefiles=$(ls "$here"/cases/*.cases)
if [ "${pmaj:-0}" -ge 4 ]; then
	for f in "$here"/cases-modern/*.cases; do
		[ -f "$f" ] || continue
		min=$(sed -n 's/^#@ parser \([0-9][0-9]*\).*/\1/p' "$f" | head -n 1)
		[ "${min:-4}" -le "$pmaj" ] && casefiles="$casefiles $f"
	done
fi
# ORACLE_CASES (case files, blank-separated) narrows a run to those files,
# for someone working on one class.
[ -n "${ORACLE_CASES:-}" ] && casefiles=$ORACLE_CASES
echo "oracle: apparmor_parser ${pmaj:-?}.x ($(${APPARMOR_PARSER:-apparmor_parser} --version 2>/dev/null | sed -n '1s/.*version //p')): $(echo $casefiles | wc -w) case files" >&2

# aamed's --kernel for a release
aamed_kernel() {
	if [ -n "${AAMED_KERNEL:-}" ]; then
		echo "$AAMED_KERNEL"
		return
	fi
	echo "$1" | awk -F. '{ print ($1 > 6 || ($1 == 6 && $2 + 0 >= 12)) ? "6.12" : "6.1" }'
}

while IFS='	' read -r tag img feat; do
	out="$work/$tag"
	s=$(date +%s)
	echo "oracle: booting $img ($tag)" >&2
	# shellcheck disable=SC2086
	if ! "$here/run.sh" "$img" "$feat" $casefiles "$out" \
		>"$work/$tag.run.log" 2>&1; then
		echo "oracle: $tag: the boot failed:" >&2
		cat "$work/$tag.run.log" >&2
		echo "BOOT FAILED $tag ($img): see above" >>"$dis"
		bootfail=1
		continue
	fi
	printf 'boot+cases %s\t%s\n' "$tag" $(($(date +%s) - s)) >>"$work/timings"
	release=$(sed -n 's/^#kernel	\([^	]*\).*/\1/p' "$out/meta.txt")
	kver=$(echo "$release" | awk -F. '{ print $1 "." ($2 + 0) }')
	aver=$(aamed_kernel "$release")
	printf '%s\t%s\t%s\t%s\n' "$kver" "$release" "$aver" "$img" \
		>>"$work/releases"
	for cases in $casefiles; do
		name=$(basename "$cases" .cases)
		p="$out/cmp.$name"
		grep -v '^#' "$out/$name.tsv" >"$p.kernel" || true
		cut -f3 "$p.kernel" >"$p.queries"
		pre=
		[ -f "$out/work/$name.pre.bin" ] && pre="--policy $out/work/$name.pre.bin"
		# shellcheck disable=SC2086
		"$aamed" query --kernel "$aver" $pre --policy "$out/work/$name.bin" \
			--batch "$p.queries" >"$p.aamed" 2>"$p.aamed.err" || true
		if [ "$(wc -l <"$p.kernel")" -ne "$(wc -l <"$p.aamed")" ]; then
			echo "oracle: $name on $kver: aamed answered $(wc -l <"$p.aamed") of $(wc -l <"$p.kernel") queries" >&2
			head -n 5 "$p.aamed.err" >&2
		fi
		sed 's/^/@AAMED@	/' "$p.aamed" | paste "$p.kernel" - >"$p.joined"
		awk -f "$here/../for_parser.awk" -f "$here/judge.awk" -v kver="$kver" -v tag="$name" \
			-v pmaj="${pmaj:-0}" \
			-v sum="$sum" "$cases" "$p.joined" >>"$dis"
	done
done <"$work/kernels"

# the report
echo "== kernel oracle: aamed vs the kernel, per class =="
if [ -s "$work/releases" ]; then
	while IFS='	' read -r kver release aver img; do
		echo "-- $release (aamed --kernel $aver) --"
		awk -F '\t' -v k="$kver" '
			$1 == k {
				c = $4; n[c]++; s[$5, c]++; tot[$5]++; all++
				if (!(c in seen)) { seen[c] = 1; order[++nc] = c }
			}
			END {
				printf "  %-10s %6s %6s %6s %12s %10s\n", "class", "cases", "pass", "fail", "undecidable", "agreement"
				for (i = 1; i <= nc; i++) {
					c = order[i]; d = s["pass", c] + s["fail", c]
					printf "  %-10s %6d %6d %6d %12d %9s\n", c, n[c],
					    s["pass", c], s["fail", c], s["undecidable", c],
					    d ? sprintf("%.1f%%", 100 * s["pass", c] / d) : "-"
				}
				d = tot["pass"] + tot["fail"]
				printf "  %-10s %6d %6d %6d %12d %9s\n", "total", all,
				    tot["pass"], tot["fail"], tot["undecidable"],
				    d ? sprintf("%.1f%%", 100 * tot["pass"] / d) : "-"
			}' "$sum"
	done <"$work/releases"
fi
und=$(awk -F '\t' '$5 == "undecidable"' "$sum" | wc -l)
if [ "$und" -gt 0 ]; then
	echo "== undecidable ($und) =="
	awk -F '\t' '$5 == "undecidable" { printf "  %s %s %s [%s]: %s\n", $1, $2, $3, $4, $6 }' "$sum"
fi
if [ -s "$dis" ]; then
	echo "== disagreements =="
	cat "$dis"
fi
if grep -q '^postexec	' "$sum"; then
	echo "== exec cases with records logged by the new program after the exec (not judged) =="
	awk -F '\t' '$1 == "postexec" { printf "  %s %s %s: %d record(s)\n", $2, $3, $4, $5 }' "$sum"
fi
if grep -q '^golden	' "$sum"; then
	echo "== golden expectations the kernel contradicts =="
	awk -F '\t' '$1 == "golden" { printf "  tests/golden/queries/%s [%s] %s: expected %s, kernel %s\n", $3, $2, $4, $5, $6 }' "$sum"
fi
echo "== wall time =="
sed 's/^/  /; s/	/: /; s/$/ s/' "$work/timings"
echo "  total: $(($(date +%s) - t0)) s"
passed=$(awk -F '\t' '$5 == "pass"' "$sum" | wc -l)
failed=$(awk -F '\t' '$5 == "fail"' "$sum" | wc -l)
[ "$bootfail" -eq 0 ] || echo "a boot failed or timed out"
echo "$und undecidable (neither passed nor failed)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$bootfail" -eq 0 ]
