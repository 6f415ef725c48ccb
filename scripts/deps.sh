#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian packages aamed needs, only those that are missing.
# Idempotent: a second run installs nothing. Needs root (or sudo) only
# when something is missing. --check: install nothing, say what is
# missing, exit 1 if anything is.
set -eu

PKGS="apparmor apparmor-profiles libapparmor-dev gcc make libc6-dev
pkg-config clang libclang-rt-14-dev valgrind qemu-system-x86
busybox-static liburcu-dev liburing-dev gnuplot-nox time
libjansson-dev gcovr abigail-tools man-db groff-base
dh-python
dbus-daemon dbus-bin python3-dbus python3-gi libdbus-1-dev
libyaml-dev libxml2-utils perl python3-yaml
python3-cffi python3-pytest python3-distributed python3-zstandard
python3-dev
dpkg-dev debhelper lintian fakeroot graphviz chromium"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if [ "${1:-}" = --check ]; then
	echo "deps: missing:$missing"
	exit 1
fi

echo "deps: installing:$missing"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || echo "deps: apt-get update failed; trying the local lists" >&2
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
