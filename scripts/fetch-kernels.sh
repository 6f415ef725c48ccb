#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# fetch-kernels.sh [DESTDIR] - fetch the Debian kernels the kernel oracle
# boots under QEMU (tests/kernel/).
#
# Leaves DESTDIR/6.1/vmlinuz and DESTDIR/6.12/vmlinuz (copies of the
# packages' /boot/vmlinuz-*) plus DESTDIR/<ver>/release (the kernel release
# string, e.g. 6.1.0-57-amd64) and DESTDIR/<ver>/package (the .deb's name
# and version). DESTDIR defaults to cache/kernels under the repository root
# (git-ignored). Idempotent: a version whose vmlinuz and release are already
# there is skipped without touching the network.
#
# Host packages needed (scripts/deps.sh installs them):
#   apt (apt-get, apt-cache), dpkg (dpkg-deb)  - this script
#   qemu-system-x86, busybox-static, libc6-dev, gcc, apparmor
#                                              - tests/kernel/run.sh
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-"$root/cache/kernels"}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

# newest NAME matching an extended regexp in the apt cache
newest() {
	apt-cache search --names-only "$1" | cut -d' ' -f1 |
		grep -E "$1" | sort -V | tail -n 1
}

fetch() {
	ver=$1 pattern=$2
	out="$dest/$ver"
	if [ -s "$out/vmlinuz" ] && [ -s "$out/release" ]; then
		echo "fetch-kernels: $ver: have $(cat "$out/release")"
		return 0
	fi
	pkg=$(newest "$pattern")
	if [ -z "$pkg" ]; then
		# the package lists may be missing or stale
		apt-get update -qq >&2 || true
		pkg=$(newest "$pattern")
	fi
	if [ -z "$pkg" ]; then
		echo "fetch-kernels: no package matches $pattern" >&2
		return 1
	fi
	tmp=$(mktemp -d "$dest/.fetch.XXXXXX")
	chmod 755 "$tmp"	# lets apt download as _apt
	(cd "$tmp" && apt-get download -q "$pkg" >&2)
	deb=$(ls "$tmp"/*.deb)
	mkdir "$tmp/x"
	dpkg-deb -x "$deb" "$tmp/x"
	img=$(ls "$tmp"/x/boot/vmlinuz-* | head -n 1)
	rel=${img##*/vmlinuz-}
	mkdir -p "$out"
	cp "$img" "$out/vmlinuz.new"
	mv "$out/vmlinuz.new" "$out/vmlinuz"
	printf '%s\n' "$rel" >"$out/release"
	dpkg-deb --showformat='${Package} ${Version}\n' -W "$deb" >"$out/package"
	rm -rf "$tmp"
	echo "fetch-kernels: $ver: fetched $rel ($pkg)"
}

fetch 6.1 '^linux-image-6\.1\.0-[0-9]+-amd64-unsigned$'
fetch 6.12 '^linux-image-6\.12\.[0-9]+\+deb12-amd64-unsigned$'
