#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# run.sh KERNEL_IMAGE FEATURES CASEFILE OUTDIR
#
# Ask a real AppArmor kernel: compile CASEFILE's policy for FEATURES, boot
# KERNEL_IMAGE under QEMU with an initramfs holding busybox, the probe, the
# policy blob and the case file, run every case in the guest and write
# OUTDIR/results.tsv (format: tests/kernel/README.md). Also leaves
# OUTDIR/meta.txt (kernel, LSMs, load records), OUTDIR/console.log and the
# build in OUTDIR/work. Exit 0 when every case ran, non-zero otherwise (the
# console's tail is printed on a failed or timed-out boot).
#
# Environment: APPARMOR_PARSER (apparmor_parser), QEMU
# (qemu-system-x86_64), BUSYBOX (a static busybox), BOOT_TIMEOUT (90 s).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

if [ $# -ne 4 ]; then
	echo "usage: $0 KERNEL_IMAGE FEATURES CASEFILE OUTDIR" >&2
	exit 2
fi
kernel=$1 features=$2 cases=$3 out=$4
for f in "$kernel" "$features" "$cases"; do
	[ -r "$f" ] || { echo "run.sh: cannot read $f" >&2; exit 2; }
done
mkdir -p "$out/work"
work=$(cd "$out/work" && pwd)
out=$(cd "$out" && pwd)
rm -f "$out/results.tsv" "$out/meta.txt"

# check the case file on the host: a mistake found in the guest costs a boot
awk '
	function bad(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg; err = 1 }
	/^[ \t]*@end[ \t]*$/ { inp = 0; next }
	inp { next }
	/^[ \t]*@policy[ \t]*$/ { inp = 1; next }
	/^[ \t]*(#|$)/ { next }
	$1 == "setup" { next }
	$1 == "case" {
		if (NF < 4) bad("case: too few words")
		if ($2 in seen) bad("case " $2 ": duplicate id")
		seen[$2] = 1
		if (index($0, " :: ") == 0) bad("case " $2 ": no \" :: \" and query")
		next
	}
	{ bad("unknown directive " $1) }
	END { if (inp) bad("@policy without @end"); exit err }
' "$cases" >&2 || { echo "run.sh: bad case file $cases" >&2; exit 2; }

# the policy: every line between "@policy" and "@end"
awk '
	/^[ \t]*@end[ \t]*$/ { inp = 0; next }
	inp { print }
	/^[ \t]*@policy[ \t]*$/ { inp = 1 }
' "$cases" >"$work/policy.sd"
${APPARMOR_PARSER:-apparmor_parser} -Q -S --features-file "$features" \
	"$work/policy.sd" >"$work/policy.bin" 2>"$work/parser.log" || {
	cat "$work/parser.log" >&2
	echo "run.sh: apparmor_parser failed on $cases" >&2
	exit 1
}

build_probe "$work/probe"
init_root "$work/root" "$work/probe" run /cases /policy.bin /dev/ttyS1
cp "$cases" "$work/root/cases"
cp "$work/policy.bin" "$work/root/policy.bin"
make_initrd "$work/root" "$work/initrd.gz"

if ! boot "$kernel" "$work/initrd.gz" "$out/console.log" "$work/out.txt"; then
	exit 1
fi
tr -d '\r' <"$work/out.txt" >"$work/out.clean"
if ! grep -q '^#end	' "$work/out.clean"; then
	echo "run.sh: guest output incomplete" >&2
	tail -n 40 "$out/console.log" | tr -d '\r' >&2
	exit 1
fi
grep '^#' "$work/out.clean" >"$out/meta.txt"
{
	printf '# kernel %s\n' "$(sed -n 's/^#kernel	\([^	]*\).*/\1/p' "$work/out.clean")"
	printf '# id\tlabel\tquery\tverdict\texec_label\trecords...\n'
	grep -v '^#' "$work/out.clean"
} >"$out/results.tsv"
n=$(grep -c -v '^#' "$out/results.tsv" || true)
echo "run.sh: $n cases -> $out/results.tsv"
