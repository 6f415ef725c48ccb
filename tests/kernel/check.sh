#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check.sh [CASEFILE...] - rerun case files (default: every cases/*.cases)
# on the 6.1 and 6.12 kernels (one boot per kernel) and compare with
# expected/NAME.<ver>.tsv, pids masked (they are not stable from boot to
# boot on 6.12). Exit 1 and a diff when the kernel's answers moved, 77 when
# the kernels are not fetched (scripts/fetch-kernels.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kdir=${KERNELDIR:-"$root/cache/kernels"}
work="$root/tests/kernel/work/check"

if [ $# -eq 0 ]; then
	set -- "$here"/cases/*.cases
fi
for ver in 6.1 6.12; do
	if [ ! -s "$kdir/$ver/vmlinuz" ]; then
		echo "check.sh: no $kdir/$ver/vmlinuz; run scripts/fetch-kernels.sh" >&2
		exit 77
	fi
done
mask() {
	sed -e '/^# kernel /d' -e 's/pid=[0-9]*/pid=N/g' "$1"
}
mkdir -p "$work"
status=0
for ver in 6.1 6.12; do
	"$here/run.sh" "$kdir/$ver/vmlinuz" "$root/tests/features/linux-$ver" \
		"$@" "$work/$ver" >/dev/null
	for cases in "$@"; do
		name=$(basename "$cases" .cases)
		exp="$here/expected/$name.$ver.tsv"
		got="$work/$ver/$name.tsv"
		if [ ! -r "$exp" ]; then
			echo "check.sh: $name on $ver: no expected/$name.$ver.tsv (update-expected.sh)"
			status=1
			continue
		fi
		mask "$exp" >"$work/$name.$ver.exp"
		mask "$got" >"$work/$name.$ver.got"
		if cmp -s "$work/$name.$ver.exp" "$work/$name.$ver.got"; then
			echo "check.sh: $name on $ver: same as expected"
		else
			echo "check.sh: $name on $ver: DIFFERS ($(sed -n 's/^# kernel //p' "$got") vs $(sed -n 's/^# kernel //p' "$exp"))"
			diff "$work/$name.$ver.exp" "$work/$name.$ver.got" || true
			status=1
		fi
	done
done
exit $status
