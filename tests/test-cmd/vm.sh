#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/test-cmd/vm.sh: one manifest, two judges. vm/vm.yaml (expectations
# written from AppArmor's semantics for vm/vm.profile, across file, exec,
# capability, network, unix, signal and ptrace) and vm/failing.yaml (one
# wrong expectation) run through `aamed test --vm` in Debian's 6.1 and
# 6.12 kernels (cache/kernels, scripts/fetch-kernels.sh): one boot per
# kernel, the policy compiled for that kernel's features. Every test of
# vm.yaml the probe can perform must be confirmed by the kernel; the two
# it cannot are skipped with their reason; the wrong expectation fails
# and carries the kernel's verdict. Prints each kernel's per-test table.
# Without the kernel images every check is skipped and counted.
# Usage: sh tests/test-cmd/vm.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER, APPARMOR_INCLUDE, BOOT_TIMEOUT (run.sh).
set -u
A=${1:-build/aamed}
case $A in /*) ;; *) A=$(pwd)/$A ;; esac
cd "$(dirname "$0")/../.."
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-test-vm.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
has() { if grep -qF -- "$2" "$T/out"; then ok; else ko "$1: no \"$2\" in output"; fi; }
V=tests/test-cmd/vm
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
NCHECKS=10	# per kernel: keep in step with the checks below
nvm=$(grep -c '^  - name:' $V/vm.yaml)
for k in 6.1 6.12; do
	img=cache/kernels/$k/vmlinuz
	if [ ! -r "$img" ]; then
		echo "SKIP: $img not found: scripts/fetch-kernels.sh fetches it ($NCHECKS checks skipped)"
		continue
	fi
	if ! "$A" compile --parser "$PARSER" -I "$PINC" \
		--features tests/features/linux-$k -o "$T/vm-$k.bin" $V/vm.profile 2>"$T/err"; then
		ko "$k: compile vm.profile"; cat "$T/err"; continue
	fi
	nice -n 10 "$A" test --kernel $k --policy "$T/vm-$k.bin" --junit "$T/j-$k.xml" \
		--vm "$img" $V/vm.yaml $V/failing.yaml >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" -eq 1 ] && ok || { ko "$k: exit $rc, wanted 1"; tail -n 30 "$T/err"; }
	echo "== $k: aamed test --kernel $k --policy vm-$k.bin --vm $img $V/vm.yaml $V/failing.yaml"
	grep -E '^(not )?ok ' "$T/out" | sed 's/^/  /'
	grep '^# [0-9]* passed' "$T/out" | sed 's/^/  /'
	has "$k" "1..$((nvm + 2))"
	# every test of vm.yaml ok: the kernel agreed with aamed and the manifest
	n=$(grep -E '^ok [0-9]+ ' "$T/out" | awk -v n="$nvm" '{ if ($2 <= n) c++ } END { print c + 0 }')
	[ "$n" -eq "$nvm" ] && ok || { ko "$k: $n of $nvm tests of vm.yaml ok"; sed -n '/^not ok/,/^  \.\.\./p' "$T/out" | head -60; }
	[ "$(grep -c ' # SKIP ' "$T/out")" -eq 2 ] && ok || ko "$k: not 2 skipped tests"
	has "$k" "ok $((nvm - 1)) - a dbus send (skipped by --vm) # SKIP no probe operation for this class of request"
	has "$k" "# $((nvm - 1)) passed, 1 failed, 2 skipped (the kernel's verdicts too)"
	has "$k" "not ok $((nvm + 2)) - wrongly expects the write to read.txt"
	has "$k" '  kernel: "DENIED EACCES"'
	xmllint --noout --schema tests/test-cmd/junit.xsd "$T/j-$k.xml" 2>"$T/err" && ok ||
		{ ko "$k: junit not valid"; cat "$T/err"; }
	cp "$T/j-$k.xml" "$T/out"
	has "$k" 'skipped="2">'
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
