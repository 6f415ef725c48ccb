#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/test-cmd/vm.sh: one manifest, two judges. vm/vm.yaml (expectations
# written from AppArmor's semantics for vm/vm.profile, across file, exec,
# capability, network, unix, signal and ptrace), vm/failing.yaml (one
# wrong expectation) and tests/manifests/debian.yaml (Debian's profiles
# in /etc/apparmor.d, their includes from APPARMOR_INCLUDE) run through
# `aamed test --vm` in Debian's 6.1 and 6.12 kernels (cache/kernels,
# scripts/fetch-kernels.sh): one boot per kernel, each manifest's
# profiles compiled for that kernel's features.
# Every test the probe can perform must be confirmed by the kernel; the
# two it cannot are skipped with their reason (vm.yaml's dbus send: its
# policy is compiled with the kernel's own features, which have no dbus,
# so the kernel would allow every dbus query unasked); the wrong
# expectation fails and carries the kernel's verdict. Prints each
# kernel's table.
# Without the kernel images every check is skipped and counted.
# Usage: sh tests/test-cmd/vm.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER, APPARMOR_INCLUDE, BOOT_TIMEOUT (run.sh).
set -u
A=${1:-build/aamed}
case $A in /*) ;; *) A=$(pwd)/$A ;; esac
cd "$(dirname "$0")/../.."
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-test-vm.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh
V=tests/test-cmd/vm
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
NCHECKS=13	# per kernel: keep in step with the checks below
D=tests/manifests/debian.yaml
nvm=$(grep -c '^  - name:' $V/vm.yaml)
ndeb=$(grep -c '^  - name:' $D)
for k in 6.1 6.12; do
	img=cache/kernels/$k/vmlinuz
	if [ ! -r "$img" ]; then
		echo "SKIP: $img not found: scripts/fetch-kernels.sh fetches it ($NCHECKS checks skipped)"
		continue
	fi
	ms="$V/vm.yaml $V/failing.yaml $D"
	# shellcheck disable=SC2086
	nice -n 10 "$A" test --kernel $k --features linux-$k --parser "$PARSER" \
		-I "$PINC" --cache "$T/cache-$k" --junit "$T/j-$k.xml" \
		--vm "$img" $ms >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" -eq 1 ] && ok || { ko "$k: exit $rc, wanted 1"; tail -n 30 "$T/err"; }
	echo "== $k: aamed test --kernel $k --features linux-$k --vm $img $ms"
	grep -E '^(not )?ok ' "$T/out" | sed 's/^/  /'
	grep '^# [0-9]* passed' "$T/out" | sed 's/^/  /'
	has "$k" "1..$((nvm + 2 + ndeb))"
	# every test ok but the wrong one: the kernel agreed with aamed and
	# the manifests
	n=$(grep -c '^ok ' "$T/out")
	[ "$n" -eq $((nvm + 1 + ndeb)) ] && ok || { ko "$k: $n tests ok, wanted $((nvm + 1 + ndeb))"; sed -n '/^not ok/,/^  \.\.\./p' "$T/out" | head -60; }
	[ "$(grep -c ' # SKIP ' "$T/out")" -eq 2 ] && ok || ko "$k: not 2 skipped tests"
	has "$k" "ok $((nvm - 1)) - a dbus send (skipped by --vm) # SKIP the policy carries no dbus class"
	# dac_override: access(W_OK) of a root-owned 0444 file
	for t in "man is refused dac_override, quietly" "lsb_release is refused dac_override, and it is logged"; do
		grep -q "^ok [0-9]* - $t" "$T/out" && ok || ko "$k: \"$t\" not confirmed"
	done
	has "$k" "# $((nvm - 2 + 1 + ndeb)) passed, 1 failed, 2 skipped (the kernel's verdicts too)"
	has "$k" "not ok $((nvm + 2)) - wrongly expects the write to read.txt"
	has "$k" '  kernel: "DENIED EACCES"'
	xmllint --noout --schema tests/test-cmd/junit.xsd "$T/j-$k.xml" 2>"$T/err" && ok ||
		{ ko "$k: junit not valid"; cat "$T/err"; }
	cp "$T/j-$k.xml" "$T/out"
	has "$k" "tests=\"$nvm\" failures=\"0\" errors=\"0\" skipped=\"2\">"
	has "$k" "tests=\"$ndeb\" failures=\"0\" errors=\"0\" skipped=\"0\">"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
