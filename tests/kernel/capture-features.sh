#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# capture-features.sh [KERNELDIR] - boot each fetched kernel and save its
# /sys/kernel/security/apparmor/features, flattened for
# apparmor_parser --features-file, as tests/features/linux-<ver>.
# KERNELDIR defaults to cache/kernels (scripts/fetch-kernels.sh fills it).
#
# capture-features.sh --image KERNEL_IMAGE OUT - boot any kernel image
# and write its features to OUT (used by oracle.sh KERNEL_IMAGE).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib.sh"

if [ "${1:-}" = "--image" ]; then
	[ $# -eq 3 ] || { echo "usage: $0 --image KERNEL_IMAGE OUT" >&2; exit 2; }
	[ -r "$2" ] || { echo "capture-features: cannot read $2" >&2; exit 2; }
	work=$3.work
	mkdir -p "$work"
	build_probe "$work/probe"
	init_root "$work/root" "$work/probe" features /dev/ttyS1
	make_initrd "$work/root" "$work/initrd.gz"
	boot "$2" "$work/initrd.gz" "$work/console.log" "$work/features" ||
		exit 1
	[ -s "$work/features" ] || {
		echo "capture-features: $2: empty features (AppArmor not enabled?)" >&2
		exit 1
	}
	cp "$work/features" "$3"
	exit 0
fi

kdir=${1:-"$root/cache/kernels"}
work="$root/tests/kernel/work/features"
mkdir -p "$work"
build_probe "$work/probe"
init_root "$work/root" "$work/probe" features /dev/ttyS1
make_initrd "$work/root" "$work/initrd.gz"
for ver in 6.1 6.12; do
	[ -s "$kdir/$ver/vmlinuz" ] || {
		echo "capture-features: no $kdir/$ver/vmlinuz (run scripts/fetch-kernels.sh)" >&2
		exit 1
	}
	boot "$kdir/$ver/vmlinuz" "$work/initrd.gz" "$work/console.$ver" \
		"$work/features.$ver"
	[ -s "$work/features.$ver" ] || {
		echo "capture-features: $ver: empty features" >&2
		exit 1
	}
	cp "$work/features.$ver" "$root/tests/features/linux-$ver"
	echo "capture-features: $ver ($(cat "$kdir/$ver/release")) -> tests/features/linux-$ver"
done
