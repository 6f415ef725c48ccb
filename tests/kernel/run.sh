#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# run.sh KERNEL_IMAGE FEATURES CASEFILE... OUTDIR
#
# Ask a real AppArmor kernel: compile each CASEFILE's policy for FEATURES,
# boot KERNEL_IMAGE once under QEMU with an initramfs holding busybox, the
# probe, the policy blobs and the case files, and run every case in the
# guest, one case file after the other (each file's policy is loaded after
# every profile of the previous one has been removed). Writes
# OUTDIR/NAME.tsv per case file NAME.cases (format: tests/kernel/README.md),
# OUTDIR/results.tsv too when there is a single case file, and leaves
# OUTDIR/meta.txt (kernel, LSMs, load records), OUTDIR/console.log and the
# build in OUTDIR/work (OUTDIR/work/NAME.bin: the blob that was loaded).
# Exit 0 when every case ran, non-zero otherwise (the console's tail is
# printed on a failed or timed-out boot).
#
# Each @policy block is compiled on its own (apparmor_parser -I
# APPARMOR_INCLUDE, default /etc/apparmor.d, so blocks may #include
# abstractions and tunables) and the blobs are concatenated.
#
# Environment: APPARMOR_PARSER (apparmor_parser), APPARMOR_INCLUDE, QEMU
# (qemu-system-x86_64), BUSYBOX (a static busybox), BOOT_TIMEOUT (240 s).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

if [ $# -lt 4 ]; then
	echo "usage: $0 KERNEL_IMAGE FEATURES CASEFILE... OUTDIR" >&2
	exit 2
fi
kernel=$1 features=$2
shift 2
# the last argument is OUTDIR
n=$#
eval "out=\${$n}"
for f in "$kernel" "$features"; do
	[ -r "$f" ] || { echo "run.sh: cannot read $f" >&2; exit 2; }
done
mkdir -p "$out/work"
work=$(cd "$out/work" && pwd)
out=$(cd "$out" && pwd)
rm -f "$out/results.tsv" "$out/meta.txt" "$out"/*.tsv

names=
i=0
for cases in "$@"; do
	i=$((i + 1))
	[ "$i" -lt "$n" ] || break
	[ -r "$cases" ] || { echo "run.sh: cannot read $cases" >&2; exit 2; }
	name=$(basename "$cases" .cases)
	case " $names " in
	*" $name "*) echo "run.sh: $name given twice" >&2; exit 2 ;;
	esac
	names="$names${names:+ }$name"
	check_cases "$cases" || { echo "run.sh: bad case file $cases" >&2; exit 2; }
	compile_cases "$cases" "$features" "$work/$name" || exit 1
	cp "$cases" "$work/$name.cases"
done
nfiles=$((n - 1))

build_probe "$work/probe"
init_root "$work/root" "$work/probe" runall /dev/ttyS1 $names
mkdir -p "$work/root/cases" "$work/root/policy"
for name in $names; do
	cp "$work/$name.cases" "$work/root/cases/"
	cp "$work/$name.bin" "$work/root/policy/"
	if [ -f "$work/$name.pre.bin" ]; then
		cp "$work/$name.pre.bin" "$work/root/policy/"
	fi
done
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
release=$(sed -n 's/^#kernel	\([^	]*\).*/\1/p' "$work/out.clean")
total=0
for name in $names; do
	{
		printf '# kernel %s\n' "$release"
		printf '# id\tlabel\tquery\tverdict\texec_label\trecords...\n'
		awk -v want="$name" '
			/^#file\t/ { cur = substr($0, 7); next }
			/^#/ { next }
			cur == want
		' "$work/out.clean"
	} >"$out/$name.tsv"
	c=$(grep -c -v '^#' "$out/$name.tsv" || true)
	total=$((total + c))
	echo "run.sh: $name: $c cases -> $out/$name.tsv"
done
if [ "$nfiles" -eq 1 ]; then
	cp "$out/$names.tsv" "$out/results.tsv"
fi
echo "run.sh: $total cases on $release"
