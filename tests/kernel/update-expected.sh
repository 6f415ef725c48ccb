#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# update-expected.sh [CASEFILE...] - run case files (default: every
# tests/kernel/cases/*.cases) on the 6.1 and the 6.12 kernel, one QEMU boot
# per kernel for all of them, and store the results as
# tests/kernel/expected/NAME.<ver>.tsv.
# Kernels come from cache/kernels (scripts/fetch-kernels.sh; KERNELDIR
# overrides), features from tests/features/linux-<ver>.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kdir=${KERNELDIR:-"$root/cache/kernels"}
work="$root/tests/kernel/work/update"

if [ $# -eq 0 ]; then
	set -- "$here"/cases/*.cases
fi
mkdir -p "$here/expected" "$work"
for ver in 6.1 6.12; do
	start=$(date +%s)
	"$here/run.sh" "$kdir/$ver/vmlinuz" \
		"$root/tests/features/linux-$ver" "$@" "$work/$ver"
	for cases in "$@"; do
		name=$(basename "$cases" .cases)
		cp "$work/$ver/$name.tsv" "$here/expected/$name.$ver.tsv"
	done
	echo "update-expected: $# case files on $ver: $(($(date +%s) - start)) s"
done
