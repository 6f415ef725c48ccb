#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/test-cmd/vm-manifests.sh: every manifest of tests/manifests (real
# profiles, Debian's, their includes from APPARMOR_INCLUDE) judged by
# Debian's 6.1 and 6.12 kernels (cache/kernels, scripts/fetch-kernels.sh)
# through `aamed test --vm`: one boot per kernel for all of them.
# The profiles are compiled with each kernel's features plus dbus
# (tests/features/linux-VER-dbus, as tests/kernel/cases/dbus.cases):
# Debian's kernels do not advertise dbus, and without it no dbus rule
# would reach the policy; the kernel answers dbus-daemon's label queries
# from the policy all the same, and the other classes compile as with
# the kernel's own features.
# Every test must pass, the kernel confirming it, but those whose name
# says "(skipped by --vm)": no probe operation performs them, and each
# must be skipped with its reason. Without the kernel images every check
# is skipped and counted.
# Usage: sh tests/test-cmd/vm-manifests.sh build/aamed
# Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER, APPARMOR_INCLUDE, BOOT_TIMEOUT (run.sh).
set -u
A=${1:-build/aamed}
case $A in /*) ;; *) A=$(pwd)/$A ;; esac
cd "$(dirname "$0")/../.."
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-vm-manifests.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
NCHECKS=6	# per kernel: keep in step with the checks below
ms=$(ls tests/manifests/*.yaml)
# shellcheck disable=SC2086
n=$(cat $ms | grep -c '^  - name:')
# shellcheck disable=SC2086
nskip=$(cat $ms | grep -c '^  - name:.*(skipped by --vm)')
for k in 6.1 6.12; do
	img=cache/kernels/$k/vmlinuz
	if [ ! -r "$img" ]; then
		echo "SKIP: $img not found: scripts/fetch-kernels.sh fetches it ($NCHECKS checks skipped)"
		continue
	fi
	# shellcheck disable=SC2086
	nice -n 10 "$A" test --kernel $k --features linux-$k-dbus --parser "$PARSER" \
		-I "$PINC" --cache "$T/cache-$k" --junit "$T/j-$k.xml" \
		--vm "$img" $ms >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" -eq 0 ] && ok || { ko "$k: exit $rc, wanted 0"; tail -n 30 "$T/err"; }
	# shellcheck disable=SC2086
	echo "== $k: aamed test --kernel $k --features linux-$k-dbus --vm $img" $ms
	grep '^# [0-9]* passed' "$T/out" | sed 's/^/  /'
	has "$k" "1..$n"
	# every test ok: the kernel agreed with aamed and the manifests
	c=$(grep -c '^ok ' "$T/out")
	[ "$c" -eq "$n" ] && ok || { ko "$k: $c tests ok, wanted $n"; sed -n '/^not ok/,/^  \.\.\./p' "$T/out" | head -200; }
	# the skipped are exactly those named so, each with its reason
	c=$(grep -c '^ok .*(skipped by --vm) # SKIP [a-z]' "$T/out")
	[ "$c" -eq "$nskip" ] && ok || ko "$k: $c tests skipped as named, wanted $nskip"
	[ "$(grep -c ' # SKIP ' "$T/out")" -eq "$nskip" ] && ok || { ko "$k: not $nskip skipped tests"; grep ' # SKIP ' "$T/out"; }
	has "$k" "# $((n - nskip)) passed, 0 failed, $nskip skipped (the kernel's verdicts too)"
	xmllint --noout --schema tests/test-cmd/junit.xsd "$T/j-$k.xml" 2>"$T/err" && ok ||
		{ ko "$k: junit not valid"; cat "$T/err"; }
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
